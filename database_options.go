package slide

import "github.com/slidekit/slide/internal/pdb"

// collectOptions applies opts, for the functions other than Solve that
// take them.
func collectOptions(fn string, opts []Option) (options, error) {
	var o options
	for _, opt := range opts {
		if opt == nil {
			return o, errorf(fn, ErrOption, "nil Option")
		}
		opt(&o)
	}
	return o, nil
}

// cacheDir returns the disk cache of pattern databases: WithCacheDir's
// directory ("" for none), or the default, with an error if there is no
// default (no home directory).
func (o *options) cacheDir() (string, error) {
	if o.cacheSet {
		return o.cache, nil
	}
	return pdb.DefaultCacheDir()
}

// dbRequest returns how a search may open its pattern database.
func (o *options) dbRequest(build bool) dbRequest {
	return dbRequest{cache: o.cache, cacheSet: o.cacheSet, build: build, maxMemory: o.limits.eng().MemoryBound()}
}

// check rejects, before any work, a heuristic that does not fit the goal
// t and a Database for another goal.
func (o *options) check(t *target) error {
	if o.dbSet {
		switch {
		case !o.db.IsValid():
			return errorf("Solve", ErrOption, "WithDatabase of the zero Database")
		case o.heur != Auto && o.heur != PDBCustom:
			return errorf("Solve", ErrOption, "WithDatabase and WithHeuristic(%v) both choose the heuristic: give one", o.heur)
		case o.db.goal != t.goal:
			return errorf("Solve", ErrOption, "the Database is for another goal: Solve's goal must be the Database's")
		}
	} else if err := o.heur.check("Solve", t); err != nil {
		return err
	}
	if o.wd {
		return WalkingDistance.check("Solve", t)
	}
	return nil
}

// Check returns nil if h can estimate the moves to goal, and otherwise
// the error (ErrOption) Solve would return for it, without building
// anything: a database for another board size, walking distance beyond
// 4 x 4, repeated labels where the tables need distinct ones, or PDBCustom
// (which needs WithDatabase). O(R*C).
func (h Heuristic) Check(goal Board) error {
	t, err := newTarget("Heuristic.Check", goal)
	if err != nil {
		return err
	}
	if h == PDBCustom {
		return errorf("Heuristic.Check", ErrOption, "%v needs a Database (see WithDatabase)", h)
	}
	return h.check("Heuristic.Check", t)
}

// check is Check for a goal in goal-relative form.
func (h Heuristic) check(fn string, t *target) error {
	switch {
	case h >= numHeuristics:
		return errorf(fn, ErrOption, "unknown heuristic %d", h)
	case h == PDBCustom:
		return errorf(fn, ErrOption, "%v needs WithDatabase", h)
	case h != WalkingDistance && !h.IsDatabase():
		return nil
	case !t.distinct:
		return errorf(fn, ErrOption, "%v needs distinct labels", h)
	case h == WalkingDistance:
		return checkWalkingDistance(fn, t.rows, t.cols)
	}
	spec, _ := h.partition() // shipped databases are square
	if t.rows != spec.Rows || t.cols != spec.Cols {
		return errorf(fn, ErrOption, "%v is for %d x %d boards, not %d x %d", h, spec.Rows, spec.Cols, t.rows, t.cols)
	}
	return nil
}

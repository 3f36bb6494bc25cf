package slide

import "context"

// The refusals of settings. Every call that takes settings is a method of
// the value whose fields they are (see the package doc); a field out of
// range, a field the call does not use and a nil context are refused with
// ErrOption, before any work, so that no setting is ever ignored.

// unused returns the error of function fn given the setting field, which
// it does not use; why says what it uses instead.
func unused(fn, field, why string) error {
	return errorf(fn, ErrOption, "%s: %s", field, why)
}

// nilContext returns the error of function fn given a nil context.
func nilContext(fn string) error {
	return errorf(fn, ErrOption, "nil Context: pass context.Background() for none")
}

// refuseStart returns the error of function fn given ctx and the limits
// lim, before any work: a nil context, or a limit out of range.
func refuseStart(fn string, ctx context.Context, lim Limits) error {
	if ctx == nil {
		return nilContext(fn)
	}
	return lim.check(fn)
}

// firstSet returns the first of the Solver fields named that s sets, or "".
func (s Solver) firstSet(fields ...string) string {
	for _, f := range fields {
		if s.sets(f) {
			return f
		}
	}
	return ""
}

// sets reports whether s sets the field named, one that some call refuses.
func (s Solver) sets(field string) bool {
	switch field {
	case "Mode":
		return s.Mode != Optimal()
	case "Heuristic":
		return s.Heuristic != Auto
	case "Algorithm":
		return s.Algorithm != AlgoAuto
	case "Workers":
		return s.Workers != 0
	case "Cache.Dir":
		return s.Cache.Dir != ""
	case "Cache.Progress":
		return s.Cache.Progress != nil
	case "Progress":
		return s.Progress != nil
	case "OnMove":
		return s.OnMove != nil
	case "OnImprove":
		return s.OnImprove != nil
	}
	panic("slide: no refused field " + field)
}

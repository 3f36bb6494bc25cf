package slide

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/slidekit/slide/internal/pdb"
	"github.com/slidekit/slide/internal/pdbcache"
	"github.com/slidekit/slide/internal/solve"
	"github.com/slidekit/slide/internal/tiles"
)

// A Cache keeps pattern databases' tables, checksummed, built once and read
// once a process. The zero Cache is the user's cache directory.
type Cache struct {
	Dir         string                 // the directory; "" for the user's
	BuildMemory int64                  // bound on a Build's or a Verify's memory, as Limits.MaxMemory; must be 0 in a Solver, whose Limits count its builds
	Progress    func(DatabaseProgress) // if set, hears every layer of every table built
}

// DatabaseProgress reports a build after every layer of every table.
type DatabaseProgress struct {
	Heuristic     Heuristic // the database being built
	Table, Tables int       // the table being built (from 0) of how many
	Tiles, Depth  int       // its tiles, the layer just finished
	Reached       int64     // of its Entries, those reached
	Entries       int64
	Reason        string // "" for no file in the cache, else what is wrong with it
}

// A CachedDatabase is a file of a [Cache]: the tables of the [Heuristic] Name
// names, else the file's name. Err says what is wrong with it.
type CachedDatabase struct {
	Name       string
	Rows, Cols int    // the board of the tables; 0 for a file named as no tables
	Path       string // the file
	Bytes      int64  // its size
	Err        error
	Leftover   bool // the temporary file of a build killed while it wrote it
}

// Path returns the directory of c's files.
func (c Cache) Path() (string, error) {
	if err := c.only("Cache.Path"); err != nil {
		return "", err
	}
	return c.dir("Cache.Path")
}

// dir returns the directory of c, or an ErrCache error of fn.
func (c Cache) dir(fn string) (string, error) {
	if c.Dir != "" {
		return c.Dir, nil
	}
	dir, err := pdbcache.DefaultCacheDir()
	if err != nil {
		return "", errorf(fn, ErrCache, "no cache directory: %v", err)
	}
	return dir, nil
}

// only refuses, as function fn, the settings that only Build and Verify
// use.
func (c Cache) only(fn string) error {
	switch {
	case c.BuildMemory != 0:
		return unused(fn, "Cache.BuildMemory", "only Build and Verify build tables")
	case c.Progress != nil:
		return unused(fn, "Cache.Progress", "only Build and Verify build tables")
	}
	return nil
}

// request returns how a search with limits lim may open a database from
// c; build says whether it may build one.
func (c Cache) request(build bool, lim Limits) pdbcache.Request {
	return pdbcache.Request{Dir: c.Dir, DirSet: c.Dir != "", Build: build, MaxMemory: lim.eng().MemoryBound()}
}

// progress returns c's Progress as internal/pdb calls it for the
// database h (nil for none).
func (c Cache) progress(h Heuristic) func(pdb.Progress) {
	if c.Progress == nil {
		return nil
	}
	return func(p pdb.Progress) {
		c.Progress(DatabaseProgress{Heuristic: h, Table: p.Table, Tables: p.Tables, Tiles: p.Tiles, Depth: p.Depth,
			Reached: p.Reached, Entries: p.Entries, Reason: p.Reason})
	}
}

// tables returns the partition of the database heuristic h, or the
// ErrOption error of fn for another heuristic.
func (c Cache) tables(fn string, h Heuristic) (pdb.Spec, error) {
	spec, ok := h.partition()
	if !ok {
		return pdb.Spec{}, errorf(fn, ErrOption, "%v is not a pattern database", h)
	}
	return spec, nil
}

// Build reads h's tables from the cache or builds them into it, replacing a
// damaged file; [ErrCache] for a directory there, memory only or MaxMemory.
func (c Cache) Build(ctx context.Context, h Heuristic) error {
	const fn = "Cache.Build"
	spec, err := c.tables(fn, h)
	if err != nil {
		return err
	}
	if ctx == nil {
		return nilContext(fn)
	}
	req := c.request(true, Limits{MaxMemory: c.BuildMemory})
	req.Progress = c.progress(h)
	err = toError(fn, pdbcache.Prepare(ctx, spec, req))
	if slices.ContainsFunc(solve.NearOptimal(), func(th tiles.Heuristic) bool { return th.Name == h.String() }) && (err == nil || errors.Is(err, ErrCache)) {
		if db, _, serr := pdbcache.Shared(ctx, spec, c.request(false, Limits{})); serr == nil {
			if serr = db.MakeSparse(ctx); serr != nil {
				return toError(fn, serr) // the context's
			}
		}
	}
	return err
}

// Verify builds the tables of h and compares them with the cached file, for a
// cache that others may write: [ErrCorrupt] says how many entries differ.
func (c Cache) Verify(ctx context.Context, h Heuristic) error {
	const fn = "Cache.Verify"
	spec, err := c.tables(fn, h)
	if err != nil {
		return err
	}
	if ctx == nil {
		return nilContext(fn)
	}
	dir, err := c.dir(fn)
	if err != nil {
		return err
	}
	return toError(fn, pdbcache.Verify(ctx, dir, spec, pdb.BuildOptions{Progress: c.progress(h)}, Limits{MaxMemory: c.BuildMemory}.eng().MemoryBound()))
}

// List returns the table files in the cache, headers checked, and leftovers.
func (c Cache) List() ([]CachedDatabase, error) {
	const fn = "Cache.List"
	if err := c.only(fn); err != nil {
		return nil, err
	}
	dir, err := c.dir(fn)
	if err != nil {
		return nil, err
	}
	files, err := pdbcache.List(dir)
	if err != nil {
		return nil, errorf(fn, ErrCache, "%s", pdbcache.Message(err))
	}
	list := make([]CachedDatabase, len(files))
	for i, f := range files {
		list[i] = cachedDatabase(f)
		switch {
		case f.Leftover:
			list[i].Err = errorf(fn, ErrCache, "%s was left by a build that was killed while it wrote it", f.Path)
		case f.Err == nil:
		case f.Spec.Rows == 0:
			list[i].Err = errorf(fn, ErrCorrupt, "%s is not named as the tables of a pattern database", f.Path)
		case errors.Is(f.Err, pdbcache.ErrCorrupt):
			list[i].Err = errorf(fn, ErrCorrupt, "%s", pdbcache.Message(f.Err))
		default:
			list[i].Err = errorf(fn, ErrCache, "%s", pdbcache.Message(f.Err))
		}
	}
	return list, nil
}

// Remove removes the file that a [CachedDatabase] or [Heuristic] names.
func (c Cache) Remove(name string) (CachedDatabase, error) {
	const fn = "Cache.Remove"
	if err := c.only(fn); err != nil {
		return CachedDatabase{}, err
	}
	dir, err := c.dir(fn)
	if err != nil {
		return CachedDatabase{}, err
	}
	file := ""
	if h, err := ParseHeuristic(name); err == nil {
		spec, err := c.tables(fn, h)
		if err != nil {
			return CachedDatabase{}, err
		}
		file = pdbcache.CachePath(dir, spec)
	} else if name != "" && name == filepath.Base(name) && name != "." && name != ".." {
		file = filepath.Join(dir, name+".pdb")
	} else {
		return CachedDatabase{}, errorf(fn, ErrCache, "%q names no file of the cache", name)
	}
	files, err := pdbcache.List(dir)
	if err != nil {
		return CachedDatabase{}, errorf(fn, ErrCache, "%s", pdbcache.Message(err))
	}
	i := slices.IndexFunc(files, func(f pdbcache.File) bool {
		return f.Path == file || f.Leftover && filepath.Base(f.Path) == name
	})
	switch {
	case i < 0:
		return CachedDatabase{}, errorf(fn, ErrCache, "not cached: %s does not exist", file)
	case files[i].Leftover:
		if err := pdbcache.RemoveLeftover(files[i].Path); err != nil {
			return CachedDatabase{}, errorf(fn, ErrCache, "%s", pdbcache.Message(err))
		}
		return cachedDatabase(files[i]), nil
	case files[i].Spec.Rows != 0:
		f, err := pdbcache.Remove(dir, files[i].Spec)
		if err != nil {
			return CachedDatabase{}, errorf(fn, ErrCache, "%s", pdbcache.Message(err))
		}
		return cachedDatabase(f), nil
	}
	if err := os.Remove(file); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return CachedDatabase{}, errorf(fn, ErrCache, "%s cannot be removed: %v", file, err)
	}
	return cachedDatabase(files[i]), nil
}

// Clean removes every file of tables, and of killed builds, from the cache.
func (c Cache) Clean() ([]CachedDatabase, error) {
	const fn = "Cache.Clean"
	if err := c.only(fn); err != nil {
		return nil, err
	}
	dir, err := c.dir(fn)
	if err != nil {
		return nil, err
	}
	files, err := pdbcache.RemoveAll(dir)
	var removed []CachedDatabase
	for _, f := range files {
		removed = append(removed, cachedDatabase(f))
	}
	if err != nil {
		return removed, errorf(fn, ErrCache, "%s", pdbcache.Message(err))
	}
	return removed, nil
}

// cachedDatabase returns the CachedDatabase of a cache file, named after
// the shipped database it holds, if it holds one.
func cachedDatabase(f pdbcache.File) CachedDatabase {
	c := CachedDatabase{Name: strings.TrimSuffix(filepath.Base(f.Path), ".pdb"), Rows: f.Spec.Rows, Cols: f.Spec.Cols, Path: f.Path, Bytes: f.Bytes,
		Leftover: f.Leftover}
	if f.Leftover {
		c.Name = filepath.Base(f.Path)
	}
	if f.Spec.Rows == 0 || f.Leftover {
		return c
	}
	name := f.Spec.String()
	c.Name = name
	for _, h := range Heuristics() {
		if spec, ok := h.partition(); ok && spec.String() == name {
			c.Name = h.String()
		}
	}
	return c
}

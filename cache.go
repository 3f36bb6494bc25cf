package slide

import (
	"errors"
	"io/fs"
	"path/filepath"
	"strings"

	"github.com/slidekit/slide/internal/pdb"
	"github.com/slidekit/slide/internal/pdbcache"
)

// A CachedDatabase is a file of pattern-database tables in the cache.
type CachedDatabase struct {
	// Name is the shipped database whose tables the file holds, such as
	// "pdb663", else the file's name without ".pdb": the board, the
	// blank's goal cell and the groups by goal cell, as in
	// "3x3-b8-0.1.2.3-4.5.6.7" (the tables of a Database).
	Name       string
	Rows, Cols int    // the board of the tables; 0 for a file not named as tables
	Path       string // the file
	Bytes      int64  // its size on disk
	// Err is nil for a file whose header and size are those of its
	// tables, else what is wrong with it: it wraps ErrCorrupt, or ErrCache
	// for a file that cannot be read. Only the header is read: the
	// checksum is checked when a search reads the file, the entries by
	// VerifyDatabase.
	Err error
}

// CachedDatabases returns the files of pattern-database tables in the
// cache (see WithCacheDir), in order of Path. A cache not yet made holds
// none. The error wraps ErrCache when there is no cache directory or it
// cannot be read.
func CachedDatabases(opts ...Option) ([]CachedDatabase, error) {
	const fn = "CachedDatabases"
	dir, err := cacheDir(fn, opts)
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

// RemoveDatabase removes the cached tables of the shipped database h (those
// BuildDatabase writes) and returns the file removed. A search that needs
// them later builds them anew. The error wraps ErrCache for tables not in
// the cache, or a file that cannot be removed.
func RemoveDatabase(h Heuristic, opts ...Option) (CachedDatabase, error) {
	spec, ok := h.base().partition()
	if !ok {
		return CachedDatabase{}, errorf("RemoveDatabase", ErrOption, "%v is not a pattern database", h)
	}
	return removeDatabase("RemoveDatabase", spec, opts)
}

// Remove removes d's cached tables as RemoveDatabase does.
func (d Database) Remove(opts ...Option) (CachedDatabase, error) {
	if !d.IsValid() {
		return CachedDatabase{}, errorf("Database.Remove", ErrOption, "zero Database")
	}
	return removeDatabase("Database.Remove", d.spec(), opts)
}

// removeDatabase removes the cached tables of spec.
func removeDatabase(fn string, spec pdb.Spec, opts []Option) (CachedDatabase, error) {
	dir, err := cacheDir(fn, opts)
	if err != nil {
		return CachedDatabase{}, err
	}
	f, err := pdbcache.Remove(dir, spec)
	if errors.Is(err, fs.ErrNotExist) {
		return CachedDatabase{}, errorf(fn, ErrCache, "not cached: %s does not exist", pdbcache.CachePath(dir, spec))
	}
	if err != nil {
		return CachedDatabase{}, errorf(fn, ErrCache, "%s", pdbcache.Message(err))
	}
	return cachedDatabase(f), nil
}

// CleanDatabases removes every file of tables from the cache, and the
// temporary files of builds killed while writing one, and returns the
// files removed, in order of Path (a temporary file is named by its file
// name). It leaves every other file in the cache directory alone, and the
// temporary files of builds still writing. The error wraps ErrCache for a
// cache or a file that cannot be read or removed; the files removed before
// it are returned with it.
func CleanDatabases(opts ...Option) ([]CachedDatabase, error) {
	const fn = "CleanDatabases"
	dir, err := cacheDir(fn, opts)
	if err != nil {
		return nil, err
	}
	files, err := pdbcache.RemoveAll(dir)
	var removed []CachedDatabase
	for _, f := range files {
		c := cachedDatabase(f)
		if filepath.Ext(f.Path) != ".pdb" {
			c.Name = filepath.Base(f.Path)
		}
		removed = append(removed, c)
	}
	if err != nil {
		return removed, errorf(fn, ErrCache, "%s", pdbcache.Message(err))
	}
	return removed, nil
}

// cacheDir returns the cache directory of opts, or an ErrCache error if
// there is none.
func cacheDir(fn string, opts []Option) (string, error) {
	o, err := collectOptions(fn, opts)
	if err != nil {
		return "", err
	}
	req := o.dbRequest(false)
	dir := req.CacheDir()
	if dir == "" {
		if req.DirSet {
			return "", errorf(fn, ErrCache, "no cache directory: WithCacheDir(\"\") keeps databases in memory only")
		}
		_, err := pdbcache.DefaultCacheDir()
		return "", errorf(fn, ErrCache, "no cache directory: %v", err)
	}
	return dir, nil
}

// cachedDatabase returns the CachedDatabase of a cache file, named after
// the shipped database it holds, if it holds one.
func cachedDatabase(f pdbcache.File) CachedDatabase {
	c := CachedDatabase{Name: strings.TrimSuffix(filepath.Base(f.Path), ".pdb"), Rows: f.Spec.Rows, Cols: f.Spec.Cols, Path: f.Path, Bytes: f.Bytes}
	if f.Spec.Rows == 0 {
		return c
	}
	name := f.Spec.String()
	c.Name = name
	for h := PDB555; h < numHeuristics; h++ {
		if spec, ok := h.partition(); ok && spec.String() == name {
			c.Name = h.String()
		}
	}
	return c
}

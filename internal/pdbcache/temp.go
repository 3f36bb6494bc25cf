package pdbcache

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/slidekit/slide/internal/pdb"
)

// The temporary files of a cache. Save writes a table to NAME.pdb.tmpNNNN
// and renames it NAME.pdb; writeRecord does the same for a checksum record
// (NAME.pdb.sum.tmpNNNN). Each locks its file (see lockFile) before it
// writes the first byte and holds the lock until the file is renamed or
// removed; the system drops the lock of a process that dies. A writer
// stopped by its context removes its file; one killed outright cannot:
// its file is a leftover, which List shows, with its size, and CleanStale
// removes.
//
// A temporary file is a leftover when no one holds its lock and it holds
// bytes, or has been empty for emptyGrace: a writer's file is empty and
// unlocked for a moment after its creation. Where files cannot be locked,
// a temporary file is a leftover once it has not been modified for a day.

// tempInfix marks the temporary files of the cache: NAME.tmpNNNN.
const tempInfix = ".tmp"

// emptyGrace is the age past which an empty unlocked temporary file is a
// leftover: a live writer locks its file within moments of creating it.
const emptyGrace = 10 * time.Second

// unlockedAge is the age past which a temporary file is a leftover where
// files cannot be locked.
const unlockedAge = 24 * time.Hour

// A tempFile is a temporary file of the cache being written, locked from
// its creation until commit.
type tempFile struct {
	*os.File
	unlock func()
}

// createTemp creates and locks a temporary file for the file at path.
func createTemp(path string) (tempFile, error) {
	f, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+tempInfix+"*")
	if err != nil {
		return tempFile{}, err
	}
	return tempFile{f, lockFile(f)}, nil
}

// commit renames t to path if err, the error of its writing, is nil, else
// removes it, and closes it. It returns the first error.
func (t tempFile) commit(path string, err error) error {
	if !canLock { // renamed closed where it may not be renamed open
		if cerr := t.Close(); err == nil {
			err = cerr
		}
	}
	if err == nil {
		err = os.Rename(t.Name(), path)
	}
	if err != nil {
		os.Remove(t.Name()) // locked still: no one else takes it for a leftover
	}
	t.unlock()
	t.Close()
	return err
}

// tempSpec returns the Spec whose table or record the temporary file name
// is written for (the zero Spec for a name that is no Spec's), and
// whether name is that of a temporary file of the cache.
func tempSpec(name string) (pdb.Spec, bool) {
	base, _, ok := strings.Cut(name, ".pdb"+tempInfix)
	if !ok {
		base, _, ok = strings.Cut(name, ".pdb"+recordSuffix+tempInfix)
	}
	if !ok || base == "" {
		return pdb.Spec{}, false
	}
	spec, _ := pdb.ParseSpec(base)
	return spec, true
}

// leftover opens the temporary file at path and reports whether it is a
// leftover; if it is, the file returned holds its lock until closed. The
// error is openFile's.
func leftover(path string) (*os.File, fs.FileInfo, bool, error) {
	f, st, err := openFile(path, false)
	if err != nil {
		return nil, nil, false, err
	}
	age := time.Since(st.ModTime())
	switch {
	case !canLock:
		return f, st, age >= unlockedAge, nil
	case st.Size() == 0 && age < emptyGrace:
		return f, st, false, nil
	}
	return f, st, tryLock(f), nil
}

// leftovers returns the leftovers among the entries of dir, in their
// order.
func leftovers(dir string, entries []fs.DirEntry) []File {
	var files []File
	for _, e := range entries {
		spec, ok := tempSpec(e.Name())
		if !ok || !e.Type().IsRegular() {
			continue
		}
		path := filepath.Join(dir, e.Name())
		f, st, dead, err := leftover(path)
		if err != nil {
			continue
		}
		f.Close()
		if dead {
			files = append(files, File{Path: path, Spec: spec, Bytes: st.Size(), Leftover: true})
		}
	}
	return files
}

// errLive is the cause of RemoveLeftover's error for a temporary file
// that a live writer holds.
var errLive = errors.New("written by a live build")

// RemoveLeftover removes the file at path if it is a leftover. The error
// is a *CacheError: a file that is gone or is no longer a regular file
// (see openFile), one that a live writer holds (wrapping errLive), or one
// that cannot be removed.
func RemoveLeftover(path string) error {
	f, _, dead, err := leftover(path)
	if err != nil {
		return err
	}
	defer f.Close()
	if !dead {
		return &CacheError{Path: path, Problem: "is being written by a build", Err: errLive}
	}
	if err := os.Remove(path); err != nil {
		return &CacheError{Path: path, Problem: "cannot be removed: " + err.Error(), Err: err}
	}
	return nil
}

// CleanStale removes the leftovers of dir: the temporary files of writers
// of the cache that died (see above). It returns the files removed.
func CleanStale(dir string) []string {
	var paths []string
	for _, f := range cleanStale(dir) {
		paths = append(paths, f.Path)
	}
	return paths
}

// cleanStale is CleanStale, returning the files removed with their Spec
// and size.
func cleanStale(dir string) []File {
	entries, err := readDir(dir)
	if err != nil {
		return nil
	}
	var removed []File
	for _, f := range leftovers(dir, entries) {
		if RemoveLeftover(f.Path) == nil {
			removed = append(removed, f)
		}
	}
	return removed
}

package pdbcache

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/slidekit/slide/internal/pdb"
)

// A File is a file of a cache directory: a table file NAME.pdb, or a
// leftover temporary file (see CleanStale).
type File struct {
	Path  string
	Spec  pdb.Spec // the Spec its name names; the zero Spec for another name
	Bytes int64    // its size
	// Err is nil for a table file that Check passes, else why it fails
	// (ParseSpec's error for a name that is no Spec's, else Check's).
	// It is nil for a temporary file.
	Err      error
	Leftover bool // a temporary file of a writer that died
}

// List returns the table files of dir (*.pdb), each checked by Check (its
// header and size, not its checksum), and the leftovers of writers that
// died (see CleanStale), in order of name. A missing dir holds none; a dir
// that cannot be read, or is not a directory, gives a *CacheError.
func List(dir string) ([]File, error) {
	entries, err := readDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var files []File
	for _, e := range entries {
		base, ok := strings.CutSuffix(e.Name(), ".pdb")
		if !ok || base == "" {
			continue
		}
		f := File{Path: filepath.Join(dir, e.Name())}
		if info, err := os.Stat(f.Path); err == nil { // through a link, the table's
			f.Bytes = info.Size()
		}
		if f.Spec, f.Err = pdb.ParseSpec(base); f.Err == nil {
			f.Err = Check(dir, f.Spec)
		}
		files = append(files, f)
	}
	files = append(files, leftovers(dir, entries)...)
	slices.SortFunc(files, func(a, b File) int { return strings.Compare(a.Path, b.Path) })
	return files, nil
}

// Remove removes the table file of spec from dir, and its checksum
// record, and returns the table file. The error is a *CacheError: no such
// file (wrapping fs.ErrNotExist), or one that cannot be removed.
func Remove(dir string, spec pdb.Spec) (File, error) {
	if err := spec.Validate(); err != nil {
		return File{}, err
	}
	f := File{Path: CachePath(dir, spec), Spec: spec}
	st, err := os.Lstat(f.Path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return File{}, &CacheError{Path: f.Path, Problem: "does not exist", Err: err}
	case err != nil:
		return File{}, &CacheError{Path: f.Path, Problem: "cannot be read: " + err.Error(), Err: err}
	case st.IsDir():
		return File{}, &CacheError{Path: f.Path, Problem: "is a directory", Err: ErrCorrupt}
	}
	f.Bytes = st.Size()
	if err := os.Remove(f.Path); err != nil {
		return File{}, &CacheError{Path: f.Path, Problem: "cannot be removed: " + err.Error(), Err: err}
	}
	os.Remove(recordPath(f.Path)) // a record left behind matches no file
	return f, nil
}

// RemoveAll removes from dir every table file whose name is a Spec's (a
// file Save wrote) and the temporary files of builds killed while writing
// (those CleanStale removes), and returns them, in order of name. It
// removes the tables' checksum records too, unlisted, and leaves every
// other file alone. A missing dir holds none; the error is the first
// *CacheError of a file or dir that could not be read or removed, after
// it removed what it could.
func RemoveAll(dir string) ([]File, error) {
	files, err := List(dir)
	if err != nil {
		return nil, err
	}
	var removed []File
	var first error
	for _, f := range files {
		if f.Spec.Rows == 0 || f.Leftover {
			continue // not named by Save; removed below
		}
		if err := os.Remove(f.Path); err != nil {
			if first == nil {
				first = &CacheError{Path: f.Path, Problem: "cannot be removed: " + err.Error(), Err: err}
			}
			continue
		}
		f.Err = nil
		removed = append(removed, f)
	}
	removeRecords(dir)
	removed = append(removed, cleanStale(dir)...)
	slices.SortFunc(removed, func(a, b File) int { return strings.Compare(a.Path, b.Path) })
	return removed, first
}

// removeRecords removes from dir the checksum records of table files whose
// name is a Spec's, whether or not their table is there.
func removeRecords(dir string) {
	entries, err := readDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		base, ok := strings.CutSuffix(e.Name(), ".pdb"+recordSuffix)
		if !ok || !e.Type().IsRegular() {
			continue
		}
		if _, err := pdb.ParseSpec(base); err == nil {
			os.Remove(filepath.Join(dir, e.Name()))
		}
	}
}

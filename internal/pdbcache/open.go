package pdbcache

import (
	"errors"
	"io/fs"
	"os"
	"slices"
	"strings"
)

// Whoever can write a cache directory can put anything at the paths that
// its readers open: a FIFO, whose opening waits for a writer; a device,
// whose reads may never end; a socket or a directory. Its readers open
// only regular files and directories, without blocking (openFlags), and
// refuse every other kind of file as damaged, so that no read waits on
// something that another user controls. A symbolic link is followed: a
// link to a regular file (a table shared from elsewhere) is read as that
// file, a link to anything else is refused as what it points to.

// openFile opens the file at path for reading if it is a regular file,
// or a directory if dir, following links, and returns it with its status.
// The error is a *CacheError: the file system's, wrapping fs.ErrNotExist
// for a missing file, or, wrapping ErrCorrupt, a file of another kind.
func openFile(path string, dir bool) (*os.File, fs.FileInfo, error) {
	// Refuse other kinds before opening them (opening a device may act on
	// it), and again after, by the status of the file opened, which may
	// have been replaced meanwhile.
	st, err := os.Stat(path)
	if err != nil {
		return nil, nil, openError(path, err)
	}
	if problem := wrongKind(st.Mode(), dir); problem != "" {
		return nil, nil, &CacheError{Path: path, Problem: problem, Err: ErrCorrupt}
	}
	f, err := os.OpenFile(path, openFlags, 0)
	if err != nil {
		return nil, nil, openError(path, err)
	}
	if st, err = f.Stat(); err != nil {
		f.Close()
		return nil, nil, openError(path, err)
	}
	if problem := wrongKind(st.Mode(), dir); problem != "" {
		f.Close()
		return nil, nil, &CacheError{Path: path, Problem: problem, Err: ErrCorrupt}
	}
	return f, st, nil
}

// openError returns the *CacheError of the file at path that could not
// be opened or examined.
func openError(path string, err error) error {
	problem := "cannot be read: " + err.Error()
	if errors.Is(err, fs.ErrNotExist) {
		problem = "does not exist"
	}
	return &CacheError{Path: path, Problem: problem, Err: err}
}

// wrongKind returns what is wrong with a file of mode m where a regular
// file (or, if dir, a directory) is expected, "" if nothing is.
func wrongKind(m fs.FileMode, dir bool) string {
	want := "a regular file"
	if dir {
		want = "a directory"
	}
	switch {
	case dir && m.IsDir(), !dir && m.IsRegular():
		return ""
	case m&fs.ModeNamedPipe != 0:
		return "is a named pipe (FIFO), not " + want
	case m&fs.ModeSocket != 0:
		return "is a socket, not " + want
	case m&fs.ModeDevice != 0:
		return "is a device, not " + want
	case m.IsDir():
		return "is a directory"
	case m.IsRegular():
		return "is a file, not a directory"
	}
	return "is not " + want
}

// readDir returns the entries of the directory dir, sorted by name, as
// os.ReadDir does, but refuses without blocking a dir that is not a
// directory (see openFile). The error is a *CacheError.
func readDir(dir string) ([]fs.DirEntry, error) {
	f, _, err := openFile(dir, true)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	entries, err := f.ReadDir(-1)
	if err != nil {
		return nil, openError(dir, err)
	}
	slices.SortFunc(entries, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	return entries, nil
}

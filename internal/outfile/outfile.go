// Package outfile writes the files that a command's flags name for its
// output (a picture, a web page, a model's source), as the project's
// commands all do: only a new file or a regular file that the user may
// write, which is replaced whole. A link, a device, a FIFO, a socket or a
// folder at that path is refused, never replaced, and so are a file of
// several hard links, which a replacement would part from its other
// names, and a read-only file. Check is the look a command takes before
// any work, CheckAll that look at all its outputs, which refuses too an
// input, standard output and a file two flags name; Write takes it again
// at the last moment.
package outfile

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// Check returns why the file path may not take output, or nil: what
// is there must be a regular file with one link that the user may write,
// or nothing, in a folder that exists.
func Check(path string) error {
	fi, err := os.Lstat(path)
	switch {
	case errors.Is(err, os.ErrNotExist) || errors.Is(err, syscall.ENOTDIR):
		return checkFolder(path)
	case err != nil:
		return pathError(path, err)
	}
	why := NotRegular(fi.Mode())
	switch m := fi.Mode(); {
	case why != "":
	case linkCount(fi) > 1:
		why = fmt.Sprintf("has %d hard links, which replacing it would break", linkCount(fi))
	case m.Perm()&0o222 == 0 || !writable(path):
		why = "is read-only"
	default:
		return nil
	}
	return fmt.Errorf("%s: %s", path, why)
}

// NotRegular says what a file of mode m is if it is not a regular file
// ("is a device, not a regular file"), "" if it is one: the words of
// Check, for the inputs of a command too.
func NotRegular(m fs.FileMode) string {
	switch {
	case m&fs.ModeSymlink != 0:
		return "is a symbolic link, not a regular file"
	case m.IsDir():
		return "is a folder, not a file"
	case m&fs.ModeDevice != 0:
		return "is a device, not a regular file"
	case m&fs.ModeNamedPipe != 0:
		return "is a named pipe (FIFO), not a regular file"
	case m&fs.ModeSocket != 0:
		return "is a socket, not a regular file"
	case !m.IsRegular():
		return "is not a regular file"
	}
	return ""
}

// checkFolder returns why no new file path can be made, or nil.
func checkFolder(path string) error {
	dir := filepath.Dir(path)
	fi, err := os.Stat(dir)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return fmt.Errorf("%s: there is no folder %s", path, dir)
	case err != nil:
		return pathError(path, err)
	case !fi.IsDir():
		return fmt.Errorf("%s: %s is not a folder", path, dir)
	case !writable(dir):
		return fmt.Errorf("%s: the folder %s is read-only", path, dir)
	}
	return nil
}

// pathError returns err, an error of a look at path, as "path: what
// failed", without the operation.
func pathError(path string, err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return fmt.Errorf("%s: %v", path, err)
}

// Write writes the file path with write, whole or not at all: write
// fills a temporary file in the same folder, which replaces path only
// once it is written, synced and closed, and only if path still may take
// output (see Check): a link or a FIFO put there meanwhile is left
// as it is. A file replaced keeps its permissions; a new one is 0644.
// On any failure (a full disk, a path that is a folder) the
// temporary file is removed and path is left as it was, so that no
// truncated file stays behind. Its errors name path, never the temporary
// file.
func Write(path string, write func(io.Writer) error) (err error) {
	perm := fs.FileMode(0o644) // not CreateTemp's 0600, for private files
	if fi, err := os.Stat(path); err == nil {
		perm = fi.Mode().Perm() // a file replaced keeps its mode
	}
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return pathError(path, err)
	}
	defer func() {
		if err == nil {
			return
		}
		f.Close()
		os.Remove(f.Name())
		var pe *fs.PathError
		if errors.As(err, &pe) && pe.Path == f.Name() {
			pe.Path = path
		}
	}()
	w := bufio.NewWriter(f)
	if err := write(w); err != nil {
		return err
	}
	if err := w.Flush(); err != nil {
		return err
	}
	if err := f.Chmod(perm); err != nil {
		return err
	}
	if err := f.Sync(); err != nil {
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if err := Check(path); err != nil {
		return err
	}
	if err := os.Rename(f.Name(), path); err != nil {
		var le *os.LinkError
		if errors.As(err, &le) {
			err = le.Err // its message names the temporary file
		}
		return fmt.Errorf("%s: %v", path, err)
	}
	return nil
}

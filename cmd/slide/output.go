package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"syscall"
)

// The files that a command writes besides stdout (a picture, a web page)
// are where the user named them, and only a new file or a regular file
// that they may write, which the command replaces whole (see writeAtomic).
// A link, a device, a FIFO, a socket or a folder at that path is refused,
// never replaced, and so are a file of several hard links, which a
// replacement would part from its other names, a read-only file and a
// file the command reads.

// An output is a file that a flag names for a command's output.
type output struct {
	flag string // the flag, for messages: "-svg"
	path string // "" for none
}

// checkOutputs returns why a command that reads the files inputs (""
// or "-" for stdin) and writes stdout may not write outs, or nil: the
// check made before any work, which writeAtomic makes again at the last
// moment. Its message names the flag and the path. A file that stdout
// writes ("slide solve -svg out.svg in.txt > out.svg") is the other
// output: replacing it would lose what stdout wrote.
func checkOutputs(outs []output, inputs []string, stdin io.Reader, stdout io.Writer) error {
	for i, o := range outs {
		if o.path == "" {
			continue
		}
		if err := checkOutput(o.path); err != nil {
			return fmt.Errorf("%s: %v", o.flag, err)
		}
		if isStdout(o.path, stdout) {
			return fmt.Errorf("%s: %s: is the file standard output writes", o.flag, o.path)
		}
		for _, in := range inputs {
			switch {
			case !sameFile(o.path, in, stdin):
			case isStdin(in):
				return fmt.Errorf("%s: %s: is the file standard input reads", o.flag, o.path)
			default:
				return fmt.Errorf("%s: %s: is the input file %s", o.flag, o.path, in)
			}
		}
		for _, other := range outs[:i] {
			if other.path != "" && samePath(o.path, other.path) {
				return fmt.Errorf("%s: %s: %s writes it too", o.flag, o.path, other.flag)
			}
		}
	}
	return nil
}

// checkOutput returns why the file path may not take output, or nil: what
// is there must be a regular file with one link that the user may write,
// or nothing, in a folder that exists.
func checkOutput(path string) error {
	fi, err := os.Lstat(path)
	switch {
	case errors.Is(err, os.ErrNotExist) || errors.Is(err, syscall.ENOTDIR):
		return checkFolder(path)
	case err != nil:
		return pathError(path, err)
	}
	why := ""
	switch m := fi.Mode(); {
	case m&os.ModeSymlink != 0:
		why = "is a symbolic link, not a regular file"
	case m.IsDir():
		why = "is a folder, not a file"
	case m&os.ModeDevice != 0:
		why = "is a device, not a regular file"
	case m&os.ModeNamedPipe != 0:
		why = "is a named pipe (FIFO), not a regular file"
	case m&os.ModeSocket != 0:
		why = "is a socket, not a regular file"
	case !m.IsRegular():
		why = "is not a regular file"
	case linkCount(fi) > 1:
		why = fmt.Sprintf("has %d hard links, which replacing it would break", linkCount(fi))
	case m.Perm()&0o222 == 0 || !writable(path):
		why = "is read-only"
	default:
		return nil
	}
	return fmt.Errorf("%s: %s", path, why)
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

// sameFile reports whether path is the file in, an input of the command:
// stdin when in is "" or "-", whatever the names of either.
func sameFile(path, in string, stdin io.Reader) bool {
	out, err := os.Stat(path)
	if err != nil {
		return false
	}
	var fi os.FileInfo
	if f, ok := stdin.(*os.File); ok && isStdin(in) {
		fi, err = f.Stat()
	} else if !isStdin(in) {
		fi, err = os.Stat(in)
	}
	return err == nil && fi != nil && os.SameFile(out, fi)
}

// isStdout reports whether path is the file stdout writes, through the
// watchedWriter that run wraps it in.
func isStdout(path string, stdout io.Writer) bool {
	if w, ok := stdout.(*watchedWriter); ok {
		stdout = w.w
	}
	f, ok := stdout.(*os.File)
	if !ok {
		return false
	}
	out, err := os.Stat(path)
	if err != nil {
		return false
	}
	fi, err := f.Stat()
	return err == nil && os.SameFile(out, fi)
}

// samePath reports whether the paths a and b name one file, existing or
// not.
func samePath(a, b string) bool {
	fa, errA := os.Stat(a)
	fb, errB := os.Stat(b)
	if errA == nil && errB == nil {
		return os.SameFile(fa, fb)
	}
	absA, errA := filepath.Abs(a)
	absB, errB := filepath.Abs(b)
	return errA == nil && errB == nil && absA == absB
}

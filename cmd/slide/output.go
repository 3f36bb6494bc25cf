package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/slidekit/slide/internal/outfile"
)

// The files that a command writes besides stdout (a picture, a web page)
// are where the user named them, and only a new file or a regular file
// that they may write, which the command replaces whole (see outfile.Write).
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
// check made before any work, which outfile.Write makes again at the last
// moment. Its message names the flag and the path. A file that stdout
// writes ("slide solve -svg out.svg in.txt > out.svg") is the other
// output: replacing it would lose what stdout wrote.
func checkOutputs(outs []output, inputs []string, stdin io.Reader, stdout io.Writer) error {
	for i, o := range outs {
		if o.path == "" {
			continue
		}
		if err := outfile.Check(o.path); err != nil {
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

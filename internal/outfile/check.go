package outfile

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// An Output is a file that a flag names for a command's output.
type Output struct {
	Flag string // the flag, for messages: "-svg"
	Path string // "" for none
}

// CheckAll returns why a command that reads the files inputs (""
// or "-" for stdin) and writes stdout may not write outs, or nil: the
// check made before any work (see Check), which Write makes again at the
// last moment. Its message names the flag and the path. A file that stdout
// writes ("slide solve -svg out.svg in.txt > out.svg") is the other
// output: replacing it would lose what stdout wrote.
func CheckAll(outs []Output, inputs []string, stdin io.Reader, stdout io.Writer) error {
	for i, o := range outs {
		if o.Path == "" {
			continue
		}
		if err := Check(o.Path); err != nil {
			return fmt.Errorf("%s: %v", o.Flag, err)
		}
		if isStdout(o.Path, stdout) {
			return fmt.Errorf("%s: %s: is the file standard output writes", o.Flag, o.Path)
		}
		for _, in := range inputs {
			switch {
			case !sameFile(o.Path, in, stdin):
			case stdinName(in):
				return fmt.Errorf("%s: %s: is the file standard input reads", o.Flag, o.Path)
			default:
				return fmt.Errorf("%s: %s: is the input file %s", o.Flag, o.Path, in)
			}
		}
		for _, other := range outs[:i] {
			if other.Path != "" && samePath(o.Path, other.Path) {
				return fmt.Errorf("%s: %s: %s writes it too", o.Flag, o.Path, other.Flag)
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
	if f, ok := stdin.(*os.File); ok && stdinName(in) {
		fi, err = f.Stat()
	} else if !stdinName(in) {
		fi, err = os.Stat(in)
	}
	return err == nil && fi != nil && os.SameFile(out, fi)
}

// isStdout reports whether path is the file stdout writes, through a
// writer that wraps it and tells it by an Unwrap method.
func isStdout(path string, stdout io.Writer) bool {
	if w, ok := stdout.(interface{ Unwrap() io.Writer }); ok {
		stdout = w.Unwrap()
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

// stdinName reports whether the file name stands for standard input.
func stdinName(name string) bool { return name == "" || name == "-" }

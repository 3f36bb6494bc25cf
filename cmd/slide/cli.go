package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/slidekit/slide"
)

// Exit statuses shared by the subcommands.
const (
	exitOK    = 0
	exitError = 1 // bad input, or a failed read or write
	exitUsage = 2 // bad flags or arguments
)

// newFlagSet returns the flag set of subcommand name. Its usage text is
// "usage: slide name synopsis", the paragraph about, and the flags.
// Parse errors are reported by parseFlags, not by the flag set itself.
func newFlagSet(name, synopsis, about string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {
		w := fs.Output()
		fmt.Fprintf(w, "usage: slide %s %s\n\n%s\n", name, synopsis, about)
		hasFlags := false
		fs.VisitAll(func(*flag.Flag) { hasFlags = true })
		if hasFlags {
			fmt.Fprintf(w, "\nflags:\n")
			fs.PrintDefaults()
		}
	}
	return fs
}

// parseFlags parses args into fs. When the command must stop it returns
// false and the exit status: exitOK after -h (the usage goes to stdout),
// exitUsage after a bad flag (one line on stderr).
func parseFlags(fs *flag.FlagSet, args []string, stdout, stderr io.Writer) (status int, ok bool) {
	err := fs.Parse(args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		fs.SetOutput(stdout)
		fs.Usage()
		return exitOK, false
	case err != nil:
		return usageError(stderr, fs.Name(), "%v", err), false
	}
	return exitOK, true
}

// usageError prints a one-line complaint about the command line of
// subcommand name, with a pointer to its help, and returns exitUsage.
func usageError(stderr io.Writer, name, format string, args ...any) int {
	fmt.Fprintf(stderr, "slide %s: %s (run \"slide %s -h\" for usage)\n", name, oneLine(format, args...), name)
	return exitUsage
}

// failure prints "slide name: message" on stderr and returns exitError.
func failure(stderr io.Writer, name, format string, args ...any) int {
	fmt.Fprintf(stderr, "slide %s: %s\n", name, oneLine(format, args...))
	return exitError
}

// oneLine formats a message and escapes any line breaks in it, which
// arguments such as file names or flags may hold, so that it takes one
// line.
func oneLine(format string, args ...any) string {
	return strings.NewReplacer("\n", `\n`, "\r", `\r`).Replace(fmt.Sprintf(format, args...))
}

// message returns the text of err for a user: the Msg of a library
// *slide.Error, without the "slide.Func:" prefix meant for programmers,
// a memory limit's with the flag that raises it (see limitMessage), and
// err.Error() for anything else.
func message(err error) string {
	if msg, ok := limitMessage(err); ok {
		return msg
	}
	var e *slide.Error
	if errors.As(err, &e) {
		return e.Msg
	}
	return err.Error()
}

// readInput returns the contents of the file name, or of stdin when name
// is "" or "-", and the name to use for it in messages.
func readInput(name string, stdin io.Reader) (data []byte, shown string, err error) {
	if isStdin(name) {
		data, err = io.ReadAll(stdin)
		return data, "standard input", err
	}
	data, err = os.ReadFile(name)
	return data, name, err
}

// isStdin reports whether the file name stands for standard input.
func isStdin(name string) bool { return name == "" || name == "-" }

// finish flushes out and returns status, or reports a failed write on
// stderr and returns exitError.
func finish(out *bufio.Writer, stderr io.Writer, name string, status int) int {
	if err := out.Flush(); err != nil {
		return failure(stderr, name, "writing the output: %v", err)
	}
	return status
}

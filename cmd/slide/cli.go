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
	"github.com/slidekit/slide/internal/input"
	"github.com/slidekit/slide/internal/interrupt"
	"github.com/slidekit/slide/internal/report"
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
	if name := emptyFlag(fs); name != "" {
		return usageError(stderr, fs.Name(), "-%s \"\": want a value (leave the flag out for its default)", name), false
	}
	return exitOK, true
}

// emptyFlag returns the name of a flag of fs given an empty text as its
// value, "" if none: -svg "" or -partition "" would read as the flag left
// out, and a mistyped variable in a script would pass unseen.
func emptyFlag(fs *flag.FlagSet) string {
	name := ""
	fs.Visit(func(f *flag.Flag) {
		if g, ok := f.Value.(flag.Getter); ok && name == "" && g.Get() == "" {
			name = f.Name
		}
	})
	return name
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

// oneLine formats a message on one line (see input.OneLine).
func oneLine(format string, args ...any) string {
	return input.OneLine(fmt.Sprintf(format, args...))
}

// message returns the text of err for a user (see report.Message); a
// memory limit's message ends with the flag that raises it (see
// limitAdvice).
func message(err error) string {
	return messageWith(err, limitAdvice)
}

// limitAdvice is the commands' advice on a memory limit: every command
// that searches takes -max-memory.
const limitAdvice = "raise it with -max-memory"

// messageWith is message with advice, the command's own words, after the
// message of an error that a memory limit stopped; "" for none. A -w
// factor out of reach says what is in reach (see reachText).
func messageWith(err error, advice string) string {
	var le *slide.LimitError
	msg := report.Message(err)
	switch {
	case errors.As(err, &le) && le.Limit == "weight":
		return reachText(le) // no flag raises it
	case errors.As(err, &le) && le.Limit != "memory", advice == "", !errors.Is(err, slide.ErrLimit):
		return msg // no flag raises the other limits
	}
	return msg + " (" + advice + ")"
}

// openInput opens the file name, or stdin when name is "" or "-", and
// returns a reader of its contents past a leading UTF-8 byte order mark,
// the name to use for it in messages, and a function that closes it.
func openInput(name string, stdin io.Reader) (r io.Reader, shown string, done func(), err error) {
	if isStdin(name) {
		return skipBOM(stdin), "standard input", func() {}, nil
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, name, func() {}, err
	}
	return skipBOM(f), name, func() { f.Close() }, nil
}

// bom is the UTF-8 byte order mark that some editors put at the start of
// a file.
const bom = "\ufeff"

// skipBOM returns a reader of r's contents past a leading byte order mark.
func skipBOM(r io.Reader) io.Reader {
	br := bufio.NewReader(r)
	head, err := br.Peek(len(bom))
	switch {
	case string(head) == bom:
		br.Discard(len(bom))
	case err != nil && err != io.EOF && err != bufio.ErrBufferFull:
		// Peek took the error: hand back what it read, then the error.
		return io.MultiReader(strings.NewReader(string(head)), failingReader{err})
	}
	return br
}

// failingReader fails every read with its error.
type failingReader struct{ err error }

func (r failingReader) Read([]byte) (int, error) { return 0, r.err }

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

// A watchedWriter passes writes on to w and keeps the first error, so that
// run can tell that a command's output was lost even where the command
// did not look (its usage text, say). After an error it writes no more.
type watchedWriter struct {
	w   io.Writer
	err error
}

// Unwrap returns the writer w passes writes on to (see outfile.CheckAll).
func (w *watchedWriter) Unwrap() io.Writer { return w.w }

func (w *watchedWriter) Write(p []byte) (int, error) {
	if w.err != nil {
		return 0, w.err
	}
	n, err := w.w.Write(p)
	if err != nil {
		w.err = err
	}
	return n, err
}

// stopped says on stderr that the command stopped on the signal sig, one
// of interrupt.Context's, and what became of its work, and returns the
// exit status of a process that the signal ended (see interrupt.Status).
func stopped(stderr io.Writer, name string, sig os.Signal, what string) int {
	fmt.Fprintf(stderr, "slide %s: stopped by %v: %s\n", name, sig, what)
	return interrupt.Status(sig)
}

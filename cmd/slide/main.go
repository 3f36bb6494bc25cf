// Command slide solves and studies sliding puzzles. It is a thin layer over
// the github.com/slidekit/slide library: each subcommand reads its input,
// calls the library, and prints the answer in the form of the classic
// program it stands in for.
//
// Usage:
//
//	slide <command> [flags] [arguments]
//
// Run "slide help" for the list of commands and "slide help <command>" (or
// "slide <command> -help") for the flags of one.
package main

// The pictures of the README, checked by TestDocsPictures:
//go:generate go run . solve -count -svg ../../docs/solve.svg ../../testdata/solve/puzzle3x3-10.txt
//go:generate go run . blocks -json -svg ../../docs/rush.svg -rush ..B.CC..B...AAB...DDD..E.....E.....E

import (
	"fmt"
	"io"
	"os"
	"slices"

	"github.com/slidekit/slide/internal/input"
)

// A command is one subcommand. run gets the arguments after the command's
// name and the standard streams, and returns the exit status.
type command struct {
	name    string
	summary string
	run     func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

// commands lists the subcommands in the order help shows them.
var commands = []command{
	{"check", "tell whether a goal board can be reached from a start board", runCheck},
	{"solve", "solve a board in the fewest moves", runSolve},
	{"random", "write a random board that reaches the goal", runRandom},
	{"bfs", "find a shortest path between two positions or boards, breadth-first", runBFS},
	{"hint", "score a board and each board one move away", runHint},
	{"blocks", "solve a sliding-block puzzle in the fewest moves", runBlocks},
	{"bench", "solve a file of instances and report the work", runBench},
	{"pdb", "build pattern databases ahead of time, or verify them", runPDB},
	{"version", "print the version of slide and of the Go that built it", runVersion},
}

func main() {
	stop := startProfiles(os.Stderr)
	status := run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(status)
}

// run dispatches to the subcommand named by args[0]. Whatever the
// command, output that could not be written to stdout makes it fail: a
// message on stderr and exit status 1.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	out := &watchedWriter{w: stdout}
	name, status := dispatch(args, stdin, out, stderr)
	if out.err != nil && status != exitError { // exitError: the command has said why
		prefix := "slide"
		if name != "" {
			prefix += " " + name
		}
		fmt.Fprintf(stderr, "%s: writing the output: %v\n", prefix, out.err)
		return exitError
	}
	return status
}

// dispatch runs the subcommand named by args[0] and returns its name ("" for
// help and mistakes) and its exit status.
func dispatch(args []string, stdin io.Reader, stdout, stderr io.Writer) (name string, status int) {
	if len(args) == 0 {
		usage(stderr)
		return "", exitUsage
	}
	if args[0] == "help" && len(args) > 1 {
		if isHelp(args[1]) {
			helpUsage(stdout)
			return "help", exitOK
		}
		// "slide help CMD [SUB]" is "slide CMD [SUB] -help": -help, not -h,
		// since blocks keeps -h for its web page.
		for _, c := range commands {
			if c.name != args[1] {
				continue
			}
			if msg := helpExtra(c.name, args[2:]); msg != "" {
				fmt.Fprintf(stderr, "slide help: %s (run \"slide help\")\n", msg)
				return "", exitUsage
			}
			return c.name, c.run(append(slices.Clip(args[2:]), "-help"), stdin, stdout, stderr)
		}
		fmt.Fprintf(stderr, "slide help: unknown command %s (run \"slide help\")\n", input.Quote(args[1]))
		return "", exitUsage
	}
	if isHelp(args[0]) {
		usage(stdout)
		return "", exitOK
	}
	if args[0] == "-version" || args[0] == "--version" {
		return "version", runVersion(args[1:], stdin, stdout, stderr)
	}
	for _, c := range commands {
		if c.name == args[0] {
			return c.name, c.run(args[1:], stdin, stdout, stderr)
		}
	}
	fmt.Fprintf(stderr, "slide: unknown command %s (run \"slide help\")\n", input.Quote(args[0]))
	return "", exitUsage
}

// helpExtra returns what is wrong with the words after "slide help NAME",
// or "" if nothing is: only pdb has subcommands, and help takes one at
// most. The words would otherwise reach the command as its arguments, a
// FILE or a position, before the -help that asks for its usage.
func helpExtra(name string, rest []string) string {
	switch {
	case len(rest) == 0 || name == "pdb" && len(rest) == 1:
		return ""
	case name == "pdb":
		return fmt.Sprintf("want at most one subcommand of pdb, got %d words", len(rest))
	}
	return fmt.Sprintf("%s has no subcommands, got %s", name, input.Quote(rest[0]))
}

// isHelp reports whether arg asks for help: the command help, or a flag
// -h, -help or --help.
func isHelp(arg string) bool {
	return arg == "help" || arg == "-h" || arg == "-help" || arg == "--help"
}

// helpUsage prints the usage of the command help.
func helpUsage(w io.Writer) {
	fmt.Fprintln(w, "usage: slide help [<command> [<subcommand>]]")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Help lists the commands of slide, or, given a command's name, prints the usage")
	fmt.Fprintln(w, `of that command, as "slide <command> -help" does ("slide help pdb build" is`)
	fmt.Fprintln(w, `"slide pdb build -help").`)
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: slide <command> [flags] [arguments]")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "commands:")
	for _, c := range commands {
		fmt.Fprintf(w, "  %-8s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w, "  help     show this list, or with a command's name its usage")
	fmt.Fprintln(w)
	fmt.Fprintln(w, `Run "slide help <command>" for the flags of a command.`)
}

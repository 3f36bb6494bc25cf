package main

import (
	"strings"
	"testing"
)

// An example is one of the specs' examples: a command line, its input
// and the output the spec gives for it, all in testdata.
type example struct {
	name  string
	args  []string // file arguments are relative to testdata
	stdin string   // a testdata file, or ""
	want  string   // the testdata file with the expected output
	// lines compares line by line with runs of blanks collapsed, for specs
	// whose layout was lost in print; otherwise the output must be equal.
	lines bool
}

var examples = []example{
	{name: "check 4x4", args: []string{"check"}, stdin: "check/solvable4x4.in", want: "check/solvable4x4.out"},
	{name: "check 2x2", args: []string{"check"}, stdin: "check/unsolvable2x2.in", want: "check/unsolvable2x2.out"},
	{name: "solve puzzle04", args: []string{"solve", "solve/puzzle04.txt"}, want: "solve/puzzle04.out"},
	{name: "solve unsolvable", args: []string{"solve", "solve/puzzle3x3-unsolvable.txt"}, want: "solve/puzzle3x3-unsolvable.out"},
	{name: "bfs nine", args: []string{"bfs", "@bfs/nine.args"}, want: "bfs/nine.out"},
	{name: "bfs no solution", args: []string{"bfs", "@bfs/nosolution.args"}, want: "bfs/nosolution.out"},
	{name: "hint sample 1", args: []string{"hint", "hint/sample1.in"}, want: "hint/sample1.out", lines: true},
	{name: "hint sample 2", args: []string{"hint", "hint/sample2.in"}, want: "hint/sample2.out", lines: true},
	{name: "hint sample 3", args: []string{"hint", "hint/sample3.in"}, want: "hint/sample3.out", lines: true},
}

// commandLine returns the arguments of e: a file argument becomes its
// testdata path, and "@file" the lines of that testdata file.
func (e example) commandLine(t *testing.T) []string {
	args := []string{e.args[0]}
	for _, a := range e.args[1:] {
		if name, ok := strings.CutPrefix(a, "@"); ok {
			args = append(args, strings.Fields(readTestdata(t, name))...)
		} else {
			args = append(args, testdata(a))
		}
	}
	return args
}

// check compares the output of e with the spec's.
func (e example) check(t *testing.T, stdout, stderr string, status int) {
	t.Helper()
	if status != 0 || stderr != "" {
		t.Errorf("%s: status %d, stderr %q", e.name, status, stderr)
	}
	want := readTestdata(t, e.want)
	if e.lines {
		stdout, want = collapse(stdout), collapse(want)
	}
	if stdout != want {
		t.Errorf("%s: output\n%s\nwant\n%s", e.name, stdout, want)
	}
}

// collapse trims text's leading and trailing blank lines and each line's
// leading and trailing blanks, and turns runs of blanks into one.
func collapse(text string) string {
	lines := strings.Split(strings.TrimSpace(text), "\n")
	for i, l := range lines {
		lines[i] = strings.Join(strings.Fields(l), " ")
	}
	return strings.Join(lines, "\n")
}

// runExamples runs every example of the specs with runner and checks
// its output.
func runExamples(t *testing.T, runner func(stdin string, args ...string) (stdout, stderr string, status int)) {
	for _, e := range examples {
		stdin := ""
		if e.stdin != "" {
			stdin = readTestdata(t, e.stdin)
		}
		stdout, stderr, status := runner(stdin, e.commandLine(t)...)
		e.check(t, stdout, stderr, status)
	}
}

// TestExamples runs the examples in-process.
func TestExamples(t *testing.T) { runExamples(t, runSlide) }

// TestBinary runs the examples, and a few failures, through the built
// slide command: what a user of the built program sees.
func TestBinary(t *testing.T) {
	exec1 := func(stdin string, args ...string) (stdout, stderr string, status int) {
		return runBinary(t, stdin, args...)
	}
	runExamples(t, exec1)
	for _, tc := range []struct {
		stdin  string
		args   []string
		status int
		stdout bool // something on stdout (else on stderr)
	}{
		{"", []string{"nosuch"}, 2, false},
		{"1 2 3 b\n", []string{"check"}, 1, true},
		{"", []string{"solve", "no/such/file"}, 1, false},
		{"", []string{"bfs", "100", "12345678-", "1234567-"}, 1, false},
		{"1\n2 2\n0 1 2 2\n", []string{"hint"}, 1, false},
		{"", []string{"solve", "-nosuchflag"}, 2, false},
	} {
		stdout, stderr, status := exec1(tc.stdin, tc.args...)
		if status != tc.status || (stdout != "") != tc.stdout || (stderr != "") == tc.stdout {
			t.Errorf("slide %v: status %d, stdout %q, stderr %q", tc.args, status, stdout, stderr)
		}
	}
}

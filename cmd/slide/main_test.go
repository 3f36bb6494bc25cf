package main

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// built is the slide command, built once for the tests that run it.
var built struct {
	once sync.Once
	dir  string
	path string
	err  error
	out  []byte
}

// launcher, where the platform has one, runs a command and measures it
// (see output_linux_test.go); the test binary runs it instead of the
// tests when the environment variable launchEnv is set.
var launcher func() int

const launchEnv = "SLIDE_TEST_LAUNCH"

// TestMain removes the built command after the tests.
func TestMain(m *testing.M) {
	if os.Getenv(launchEnv) != "" && launcher != nil {
		os.Exit(launcher())
	}
	code := m.Run()
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
	os.Exit(code)
}

// slideBinary returns the path of the slide command, built from this
// package on first use.
func slideBinary(t *testing.T) string {
	t.Helper()
	built.once.Do(func() {
		if built.dir, built.err = os.MkdirTemp("", "slide-test-"); built.err != nil {
			return
		}
		built.path = filepath.Join(built.dir, "slide")
		built.out, built.err = exec.Command("go", "build", "-o", built.path, ".").CombinedOutput()
	})
	if built.err != nil {
		t.Fatalf("go build: %v\n%s", built.err, built.out)
	}
	return built.path
}

// execSlide runs the built command with args, stdin and stdout, and
// returns its standard error, its exit status and the process state.
func execSlide(t *testing.T, stdin io.Reader, stdout io.Writer, args ...string) (stderr string, status int, state *os.ProcessState) {
	t.Helper()
	cmd := exec.Command(slideBinary(t), args...)
	cmd.Stdin, cmd.Stdout = stdin, stdout
	var errOut bytes.Buffer
	cmd.Stderr = &errOut
	if err := cmd.Run(); err != nil {
		ee, ok := err.(*exec.ExitError)
		if !ok {
			t.Fatal(err)
		}
		status = ee.ExitCode()
	}
	return errOut.String(), status, cmd.ProcessState
}

// runBinary runs the built command as runSlide runs it in-process.
func runBinary(t *testing.T, stdin string, args ...string) (stdout, stderr string, status int) {
	t.Helper()
	var out bytes.Buffer
	stderr, status, _ = execSlide(t, strings.NewReader(stdin), &out, args...)
	return out.String(), stderr, status
}

// testdata returns the path of a file in the repository's testdata folder,
// where the examples of the subcommands live.
func testdata(name string) string { return filepath.Join("..", "..", "testdata", name) }

// readTestdata returns the contents of testdata file name.
func readTestdata(t testing.TB, name string) string {
	t.Helper()
	data, err := os.ReadFile(testdata(name))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// runSlide runs the command in-process with args and stdin and returns
// what it wrote and its exit status.
func runSlide(stdin string, args ...string) (stdout, stderr string, status int) {
	var out, errOut bytes.Buffer
	status = run(args, strings.NewReader(stdin), &out, &errOut)
	return out.String(), errOut.String(), status
}

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

// TestHelpExtraWords checks that "slide help CMD" refuses words past a
// subcommand of pdb with a usage error of help's own, instead of handing
// them to the command as its arguments: "slide help bfs 100 236158-47"
// read "-help" as the GOAL position, and "slide help solve check" said
// that solve wants at most one FILE.
func TestHelpExtraWords(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"help", "solve", "check"}, `slide help: solve has no subcommands, got "check"`},
		{[]string{"help", "bfs", "100", "236158-47"}, `slide help: bfs has no subcommands, got "100"`},
		{[]string{"help", "random", "3"}, `slide help: random has no subcommands, got "3"`},
		{[]string{"help", "version", "x"}, `slide help: version has no subcommands, got "x"`},
		{[]string{"help", "blocks", "-h"}, `slide help: blocks has no subcommands, got "-h"`},
		{[]string{"help", "pdb", "build", "pdb78"}, `slide help: want at most one subcommand of pdb, got 2 words`},
	} {
		stdout, stderr, status := runSlide("", tc.args...)
		if status != exitUsage || stdout != "" || !strings.HasPrefix(stderr, tc.want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("slide %q: status %d, stdout %q, stderr %q; want status %d and %q", tc.args, status, stdout, stderr, exitUsage, tc.want)
		}
	}
	// A subcommand of pdb is still help's to show.
	for _, args := range [][]string{{"help", "pdb", "build"}, {"help", "pdb", "list"}, {"help", "solve"}} {
		stdout, stderr, status := runSlide("", args...)
		if status != exitOK || stderr != "" || !strings.HasPrefix(stdout, "usage: slide "+args[1]) {
			t.Errorf("slide %q: status %d, stdout %q, stderr %q", args, status, stdout, stderr)
		}
	}
}

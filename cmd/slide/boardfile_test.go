package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"
)

// The tests of this file run the built command on what its readers must
// take as text, or refuse at once: control characters, endless inputs,
// and the line ends of other systems.

// zeros is an endless reader of one byte, as /dev/zero is of 0.
type zeros byte

func (z zeros) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(z)
	}
	return len(p), nil
}

// execSlideWithin is execSlide with a time limit, past which the command
// is killed: the result of a command that does not stop.
func execSlideWithin(t *testing.T, limit time.Duration, stdin io.Reader, args ...string) (stdout, stderr string, status int, killed bool) {
	t.Helper()
	slide := slideBinary(t)
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	cmd := exec.CommandContext(ctx, slide, args...)
	var out, errOut bytes.Buffer
	cmd.Stdin, cmd.Stdout, cmd.Stderr = stdin, &out, &errOut
	cmd.WaitDelay = time.Second // stdin's copy ends when the command does
	err := cmd.Run()
	if ctx.Err() != nil {
		return out.String(), errOut.String(), -1, true
	}
	if ee, ok := err.(*exec.ExitError); ok {
		status = ee.ExitCode()
	} else if err != nil && !strings.Contains(err.Error(), "WaitDelay") {
		t.Fatal(err)
	}
	return out.String(), errOut.String(), status, false
}

// TestBinaryControlInput checks that every command that reads boards or
// puzzles, from a file or from standard input, stops at the first
// control character with status 1 and a message that names it and its
// place: on /dev/zero and on an endless stream at once, rather than
// reading for ever.
func TestBinaryControlInput(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", dir)
	slideBinary(t) // built before the clock starts
	board := testdata("solve/puzzle04.txt")
	zero := "/dev/zero"
	if _, err := os.Stat(zero); err != nil {
		zero = "" // the cases that need it are skipped
	}
	const nul = `"\x00" is a control character, not text`
	for _, tc := range []struct {
		stdin io.Reader // nil: none
		args  []string
		want  string
	}{
		{nil, []string{"solve", zero}, "/dev/zero: line 1, column 1: " + nul},
		{nil, []string{"solve", "-count", "-goal", zero, board}, "/dev/zero: line 1, column 1: " + nul},
		{nil, []string{"solve", "-fast", zero}, nul},
		{nil, []string{"solve", "-w", "1.5", zero}, nul},
		{nil, []string{"solve", "-json", zero}, nul},
		{nil, []string{"hint", zero}, "/dev/zero: line 1, column 1: " + nul},
		{nil, []string{"blocks", zero}, "/dev/zero: line 1, column 1: " + nul},
		{nil, []string{"blocks", "-json", zero}, nul},
		{nil, []string{"bench", zero}, "/dev/zero: line 1, column 1: " + nul},
		{nil, []string{"random", "-goal", zero, "3"}, nul},
		{nil, []string{"pdb", "build", "-size", "2x2", "-partition", "1 2 3", "-goal", zero}, nul},
		{nil, []string{"pdb", "verify", "-size", "2x2", "-partition", "1 2 3", "-goal", zero}, nul},
		{zeros(0), []string{"solve"}, "standard input: line 1, column 1: " + nul},
		{zeros(0), []string{"solve", "-"}, nul},
		{zeros(0), []string{"solve", "-count", "-goal", "-", board}, nul},
		{zeros(0), []string{"hint"}, nul},
		{zeros(0), []string{"hint", "-"}, nul},
		{zeros(0), []string{"blocks", "-"}, nul},
		{zeros(0), []string{"bench", "-"}, nul},
		{zeros(0), []string{"check"}, "line 1, column 1: " + nul},
		{zeros(0), []string{"check", "-json"}, nul},
		{zeros(0x1b), []string{"solve"}, `line 1, column 1: "\x1b" is a control character`},
		{zeros(0x7f), []string{"check"}, `line 1, column 1: "\x7f" is a control character`},
		{zeros(0x01), []string{"blocks", "-"}, `line 1, column 1: "\x01" is a control character`},
		// After good text, and the byte of a binary file, such as an image.
		{io.MultiReader(strings.NewReader("3\n1 2 3\n4 0 6\n"), zeros(0)), []string{"solve"}, "line 4, column 1: " + nul},
		{io.MultiReader(strings.NewReader("1\n2 2\n1 2 3"), zeros(0)), []string{"hint"}, "line 3, column 6: " + nul},
		{io.MultiReader(strings.NewReader("4 4\r\n# c\r\n1 1 1 1 b "), zeros(0)), []string{"blocks", "-"}, "line 3, column 11: " + nul},
		{io.MultiReader(strings.NewReader("i 0 0 1 2 3\nj 0 "), zeros(0)), []string{"bench", "-"}, "line 2, column 5: " + nul},
		{io.MultiReader(strings.NewReader("1 2 3 b\n1 2 "), zeros(0)), []string{"check"}, "line 2, column 5: " + nul},
		{strings.NewReader("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), []string{"solve"}, `line 2, column 1: "\x1a" is a control character`},
		{strings.NewReader("3\r1 2 3\r4 0 6\r7 5 8\r\x04"), []string{"solve", "-count"}, `line 5, column 1: "\x04" is a control character`},
	} {
		if slices.Contains(tc.args, "") {
			continue // no /dev/zero
		}
		stdin := tc.stdin
		if stdin == nil {
			stdin = strings.NewReader("")
		}
		began := time.Now()
		stdout, stderr, status, killed := execSlideWithin(t, 60*time.Second, stdin, tc.args...)
		msg := stderr
		if tc.args[0] == "check" && !slices.Contains(tc.args, "-json") {
			msg = stdout // check names bad input on stdout
		}
		switch {
		case killed:
			t.Errorf("slide %q: still reading after %v", tc.args, time.Since(began).Round(time.Millisecond))
		case status != exitError || !oneLineWith(msg, tc.want):
			t.Errorf("slide %q: status %d, stdout %.200q, stderr %.200q; want status 1 and %q", tc.args, status, stdout, stderr, tc.want)
		default:
			t.Logf("slide %q: %v", tc.args, time.Since(began).Round(time.Millisecond))
		}
	}
}

// TestBinaryLineEnds checks that every reader takes lines ended by "\r"
// alone (old Macs), by "\r\n" (Windows) and by "\n", even mixed, and that
// its messages count lines so.
func TestBinaryLineEnds(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", dir)
	cr := strings.NewReplacer("\n", "\r")
	crlf := strings.NewReplacer("\n", "\r\n")
	board := "3\n1 2 3\n4 0 6\n7 5 8\n"
	hint := readTestdata(t, "hint/sample1.in")
	blocks := "4 4\n# the sample of the spec\n3 1 2 1 b A\n1 1 1 1 b\n"
	bench := "# a comment\nfirst 20 1 2 3 4 0 6 7 5 8\nsecond 22 1 2 3 4 5 6 7 8 0\n"
	check := "1 2 3 b\n1 2 b 3\n"
	want := map[string]string{}
	for _, tc := range []struct {
		name  string
		stdin string
		args  []string
	}{
		{"solve", board, []string{"solve"}},
		{"solve -goal", "", []string{"solve", "-count", "-goal", "GOAL", testdata("solve/puzzle04.txt")}},
		{"hint", hint, []string{"hint"}},
		{"blocks", blocks, []string{"blocks", "-"}},
		{"bench", bench, []string{"bench", "-workers", "1", "-"}},
		{"check", check, []string{"check"}},
		{"solve error", "3\n1 2 3\n4 0 6\n7 5 x\n", []string{"solve"}},
		{"hint error", "1\n2 2\n1 2\n3 x\n", []string{"hint"}},
		{"blocks error", "# c\n\n4\n3 1 2 1 b A\n", []string{"blocks", "-"}},
		{"bench error", "# c\n\na 1 2 3\n", []string{"bench", "-"}},
		{"check error", "\n1 2 3 b\n\n1 2 b 3\n", []string{"check"}},
	} {
		for _, ends := range []struct {
			name string
			r    *strings.Replacer
		}{{"lf", strings.NewReplacer()}, {"cr", cr}, {"crlf", crlf}} {
			args := append([]string(nil), tc.args...)
			for i, a := range args {
				if a == "GOAL" {
					args[i] = writeFile(t, dir, "goal-"+ends.name+".txt", ends.r.Replace("3\n1 0 3\n4 2 5\n7 8 6\n"))
				}
			}
			stdout, stderr, status := runBinary(t, ends.r.Replace(tc.stdin), args...)
			if args[0] == "bench" {
				stdout = withoutTimes(stdout)
			}
			got := stdout + "|" + stderr + "|" + string(rune('0'+status))
			if ends.name == "lf" {
				want[tc.name] = got
				if strings.HasSuffix(tc.name, "error") == (status == 0) {
					t.Errorf("%s: status %d, stdout %q, stderr %q", tc.name, status, stdout, stderr)
				}
				continue
			}
			if got != want[tc.name] {
				t.Errorf("%s with %s line ends:\n%q\nwith lf:\n%q", tc.name, ends.name, got, want[tc.name])
			}
		}
	}
}

// withoutTimes returns bench's output without its last column, the
// seconds, which differ from run to run.
func withoutTimes(out string) string {
	lines := strings.Split(out, "\n")
	for i, l := range lines {
		if f := strings.Fields(l); len(f) > 1 {
			lines[i] = strings.Join(f[:len(f)-1], " ")
		}
	}
	return strings.Join(lines, "\n")
}

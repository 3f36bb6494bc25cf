package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slidekit/slide"
)

// The tests of this file run the built command, as a user would, on the
// failures that once passed silently or cost too much: lost output, lost
// pages, huge tokens, byte order marks.

// writeFile writes text to the file name in dir and returns its path.
func writeFile(t *testing.T, dir, name, text string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// oneLineWith reports whether s is one line that contains want.
func oneLineWith(s, want string) bool {
	return strings.Count(s, "\n") == 1 && strings.HasSuffix(s, "\n") && strings.Contains(s, want)
}

// TestBinaryFullDisk checks that every command, help and usage text
// included, fails with one line on stderr when stdout cannot be written
// (/dev/full: every write fails with ENOSPC).
func TestBinaryFullDisk(t *testing.T) {
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skipf("no /dev/full: %v", err)
	}
	defer full.Close()
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	for _, tc := range []struct {
		stdin string
		args  []string
	}{
		{"1 2 3 b\n1 2 3 b\n", []string{"check"}},
		{"1 2 3 x\n1 2 3 b\n", []string{"check"}}, // the error line goes to stdout
		{"", []string{"solve", testdata("solve/puzzle04.txt")}},
		{"", []string{"bfs", "100", "236158-47", "12345678-"}},
		{"", []string{"hint", testdata("hint/sample1.in")}},
		{"", []string{"blocks", "testdata/blocks/sample.txt"}},
		{"", []string{"blocks", "testdata/blocks/discards.txt"}},
		{"", []string{"bench", testdata("hard8_31.txt")}},
		{"", []string{"help"}},
		{"", []string{"-h"}},
		{"", []string{"--help"}},
		{"", []string{"help", "help"}},
		{"", []string{"help", "solve"}},
		{"", []string{"help", "pdb", "build"}},
		{"", []string{"version"}},
		{"", []string{"-version"}},
		{"", []string{"--version"}},
		{"", []string{"version", "-h"}},
		{"", []string{"random", "-seed", "1", "3"}},
		{"", []string{"random", "-h"}},
		{"", []string{"pdb", "list"}},
		{"", []string{"pdb", "clean"}},
		{"", []string{"solve", "-json", testdata("solve/puzzle04.txt")}},
		{"", []string{"solve", "-fast", "-moves", testdata("solve/puzzle04.txt")}},
		{"", []string{"bfs", "-n", "100", "236158-47", "12345678-"}},
		{"", []string{"blocks", "-json", "testdata/blocks/sample.txt"}},
		{"", []string{"blocks", "-rush", "..B.CC..B...AAB...DDD..E.....E.....E"}},
		{"", []string{"bench", "-json", testdata("hard8_31.txt")}},
		{"1 2 3 b\n1 2 3 b\n", []string{"check", "-json"}},
		{"", []string{"check", "-h"}},
		{"", []string{"solve", "-h"}},
		{"", []string{"bfs", "-h"}},
		{"", []string{"hint", "-h"}},
		{"", []string{"blocks", "-help"}},
		{"", []string{"bench", "-h"}},
		{"", []string{"pdb", "-h"}},
	} {
		stderr, status, _ := execSlide(t, strings.NewReader(tc.stdin), full, tc.args...)
		if status != exitError || !oneLineWith(stderr, "no space left on device") || !strings.HasPrefix(stderr, "slide") {
			t.Errorf("slide %v > /dev/full: status %d, stderr %q", tc.args, status, stderr)
		}
	}
}

// TestBinaryBlocksPageUnwritable checks that "blocks -h" reports a page
// it cannot write, and does not claim to have written it.
func TestBinaryBlocksPageUnwritable(t *testing.T) {
	dir := t.TempDir()
	sample, err := os.ReadFile("testdata/blocks/sample.txt")
	if err != nil {
		t.Fatal(err)
	}
	file := writeFile(t, dir, "x.txt", string(sample))
	if err := os.Mkdir(filepath.Join(dir, "x.html"), 0o755); err != nil {
		t.Fatal(err)
	}
	_, stderr, status := runBinary(t, "", "blocks", "-h", file)
	if status != exitError || strings.Contains(stderr, "wrote") || !oneLineWith(stderr, "slide blocks: -h: ") || !strings.Contains(stderr, "x.html") {
		t.Errorf("status %d, stderr %q", status, stderr)
	}
}

// TestBinaryLongTokens checks that no message quotes more than 40
// characters of a token, however long, and that it gives the length.
func TestBinaryLongTokens(t *testing.T) {
	dir := t.TempDir()
	big := strings.Repeat("7", 10<<20)
	junk := strings.Repeat("\xff", 10<<20) // not UTF-8, but no control character, which ends the input
	arg := strings.Repeat("7", 100000)     // below the kernel's 128 KiB for one argument
	for _, tc := range []struct {
		stdin  string
		args   []string
		status int
		want   string
	}{
		{big + "\n1 2 3 b\n", []string{"check"}, 1, "(10485760 bytes)"},
		{"1 2 " + junk + " b\n1 2 3 b\n", []string{"check"}, 1, "(10485760 bytes)"},
		{"", []string{"solve", writeFile(t, dir, "size.txt", big)}, 1, "(10485760 bytes)"},
		{"", []string{"solve", writeFile(t, dir, "tile.txt", "2\n1 2 "+junk+" 0\n")}, 1, "(10485760 bytes)"},
		{"", []string{"hint", writeFile(t, dir, "hint.txt", "1 2 2 "+big)}, 1, "(10485760 bytes)"},
		{"", []string{"bench", writeFile(t, dir, "bench.txt", "1 2 3 "+junk+" 1 2\n")}, 1, "(10485760 bytes)"},
		{"", []string{"bench", writeFile(t, dir, "id.txt", big+" 2 0 1 2 3\n")}, 1, "(10485760 bytes)"},
		{"", []string{"blocks", writeFile(t, dir, "blocks.txt", "4 4\n1 1 1 1 "+junk+"\n1 2 1 1 b\n")}, 0, "(10485768 bytes)"},
		{"", []string{"blocks", writeFile(t, dir, "size.blk", "4 "+big)}, 1, "(10485760 bytes)"},
		{"", []string{"bfs", "100", arg, "12345678-"}, 1, "(100000 bytes)"},
		{"", []string{"bfs", strings.Repeat("x", 100000), "236158-47", "12345678-"}, 1, "(100000 bytes)"},
		{"", []string{"blocks", "-rush", arg}, 1, "(100000 bytes)"},
		{"", []string{"blocks", "-metric", arg, "x.txt"}, 2, "(100000 bytes)"},
		{"", []string{"solve", "-heuristic", arg}, 2, "(100000 bytes)"},
		{"", []string{"hint", "-goal", arg}, 2, "(100000 bytes)"},
		{"", []string{"pdb", "build", arg}, 2, "(100000 bytes)"},
		{"", []string{arg}, 2, "(100000 bytes)"},
	} {
		stdout, stderr, status := runBinary(t, tc.stdin, tc.args...)
		msg := stderr + stdout // check writes its errors to stdout, blocks its discarded lines
		if tc.status == 0 {
			msg = strings.SplitAfter(stdout, "\n")[0]
		}
		if status != tc.status || !oneLineWith(msg, tc.want) || len(msg) > 600 { // a path, and two quotes of 40 characters, 4 bytes each as \x00
			t.Errorf("slide %.60q: status %d, %d bytes of message: %.600q", tc.args, status, len(msg), msg)
		}
	}
}

// TestBinaryBOM checks that a leading byte order mark is skipped in every
// file and on standard input.
func TestBinaryBOM(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		stdin string
		args  []string
		want  string // the output's start
	}{
		{bom + "1 2 3 b\n1 2 3 b\n", []string{"check"}, "start: 1 2 3 b\n"},
		{"", []string{"solve", "-count", writeFile(t, dir, "p.txt", bom+readTestdata(t, "solve/puzzle04.txt"))}, "4\n"},
		{bom + readTestdata(t, "solve/puzzle04.txt"), []string{"solve", "-count"}, "4\n"},
		{"", []string{"solve", "-count", "-goal", writeFile(t, dir, "g.txt", bom+"3\n1 0 3\n4 2 5\n7 8 6\n"), testdata("solve/puzzle04.txt")}, "1\n"},
		{"", []string{"hint", writeFile(t, dir, "h.txt", bom+"1\n2 2\n1 2 3 0\n")}, "Configuration 1:"},
		{"", []string{"bench", writeFile(t, dir, "b.txt", bom+"first 1 1 0 2 3\n")}, "first 1 "},
		{"", []string{"blocks", writeFile(t, dir, "k.txt", bom+"1 2\n1 1 1 1 h\n")}, "****\n*Z.*\n"},
	} {
		stdout, stderr, status := runBinary(t, tc.stdin, tc.args...)
		if status != exitOK || stderr != "" || !strings.HasPrefix(stdout, tc.want) {
			t.Errorf("slide %v: status %d, stdout %.80q, stderr %q", tc.args, status, stdout, stderr)
		}
	}
}

// TestBinaryCosmetic checks three details of messages: -rush counts
// characters, not bytes; a stopped search is not prefixed "slide:" twice;
// blocks' usage errors take one line.
func TestBinaryCosmetic(t *testing.T) {
	const rush = "..B.CC..B...AAB...DDD..E.....E.....E"
	_, stderr, _ := runBinary(t, "", "blocks", "-rush", rush[1:]+"é")
	if !oneLineWith(stderr, "character 'é' at 35") {
		t.Errorf("-rush of 36 characters, 37 bytes: %q", stderr)
	}
	_, stderr, _ = runBinary(t, "", "blocks", "-rush", rush+"é")
	if !oneLineWith(stderr, "has 37 characters") {
		t.Errorf("-rush of 37 characters, 38 bytes: %q", stderr)
	}
	for _, args := range [][]string{{"blocks"}, {"blocks", "-x"}, {"blocks", "-metric", "diagonal", "a.txt"}, {"blocks", "a", "b"}} {
		if _, stderr, status := runBinary(t, "", args...); status != exitUsage || !oneLineWith(stderr, `(run "slide blocks -help" for usage)`) {
			t.Errorf("slide %v: status %d, stderr %q", args, status, stderr)
		}
	}
	var stderrBuf bytes.Buffer
	failure(&stderrBuf, "solve", "%s", message(&slide.LimitError{Limit: "nodes", Value: 10, Expanded: 10}))
	if got := stderrBuf.String(); !strings.HasPrefix(got, "slide solve: search stopped") {
		t.Errorf("a stopped search: %q", got)
	}
}

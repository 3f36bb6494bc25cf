package main

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/slidekit/slide"
	"github.com/slidekit/slide/internal/outfile"
)

// dirNames returns the names of the files in dir.
func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

// TestWriteAtomic checks that outfile.Write, and writeSVGFile through it,
// leave exactly the file written on success, and on a failed write
// neither a truncated file nor a temporary one, and an older file as it
// was.
func TestWriteAtomic(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.svg")
	boom := errors.New("no space left on device")
	failing := func(w io.Writer) error {
		io.WriteString(w, strings.Repeat("x", 1<<16)) // past bufio's buffer: the temporary file holds some
		return boom
	}
	if err := outfile.Write(path, failing); !errors.Is(err, boom) {
		t.Fatalf("failed write: got %v, want %v", err, boom)
	}
	if err := writeSVG(path, "solve", 1, failing, io.Discard); err == nil || err.Error() != boom.Error() {
		t.Fatalf("failed picture: got %v, want %v", err, boom)
	}
	if names := dirNames(t, dir); len(names) != 0 {
		t.Fatalf("a failed write left %q", names)
	}
	if err := outfile.Write(path, func(w io.Writer) error { _, err := io.WriteString(w, "whole"); return err }); err != nil {
		t.Fatal(err)
	}
	if names := dirNames(t, dir); !slices.Equal(names, []string{"out.svg"}) {
		t.Fatalf("a write left %q, want only out.svg", names)
	}
	if err := outfile.Write(path, failing); !errors.Is(err, boom) {
		t.Fatalf("failed write: got %v, want %v", err, boom)
	}
	data, err := os.ReadFile(path)
	if names := dirNames(t, dir); err != nil || string(data) != "whole" || !slices.Equal(names, []string{"out.svg"}) {
		t.Fatalf("after a failed write over out.svg: %q (%v), files %q", data, err, names)
	}
	if st, err := os.Stat(path); err != nil || st.Mode().Perm() != 0o644 {
		t.Errorf("mode %v (%v), want 0644", st.Mode(), err)
	}
	// A path that is a folder: the rename fails, and the message names the
	// path, not the temporary file.
	sub := filepath.Join(dir, "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	err = outfile.Write(sub, func(w io.Writer) error { _, err := io.WriteString(w, "x"); return err })
	if err == nil || !strings.HasPrefix(err.Error(), sub+": ") || strings.Contains(err.Error(), ".tmp") {
		t.Errorf("writing over a folder: %v", err)
	}
	if names := dirNames(t, dir); !slices.Equal(names, []string{"out.svg", "sub"}) {
		t.Errorf("writing over a folder left %q", names)
	}
}

// TestPicturesWholeOrNot checks that solve -svg and blocks -h, when the
// file cannot be written, fail with status 1 and leave nothing behind.
func TestPicturesWholeOrNot(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root writes into read-only folders")
	}
	dir := t.TempDir()
	puzzle := filepath.Join(dir, "sample.txt")
	text, err := os.ReadFile(filepath.Join("testdata", "blocks", "sample.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(puzzle, text, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(dir, 0o555); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod(dir, 0o755)
	for _, args := range [][]string{
		{"solve", "-count", "-svg", filepath.Join(dir, "p.svg"), testdata("solve/puzzle04.txt")},
		{"blocks", "-h", puzzle},
	} {
		_, stderr, status := runSlide("", args...)
		if status != exitError || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%q: status %d, stderr %q; want status 1 and one line", args, status, stderr)
		}
		if names := dirNames(t, dir); !slices.Equal(names, []string{"sample.txt"}) {
			t.Errorf("%q left %q", args, names)
		}
	}
}

// TestHelpHelp checks that "slide help help", and help given a help flag,
// print the usage of help, not an unknown command.
func TestHelpHelp(t *testing.T) {
	var want strings.Builder
	helpUsage(&want)
	for _, args := range [][]string{{"help", "help"}, {"help", "-h"}, {"help", "-help"}, {"help", "--help"}, {"help", "help", "more"}} {
		stdout, stderr, status := runSlide("", args...)
		if status != exitOK || stderr != "" || stdout != want.String() || !strings.HasPrefix(stdout, "usage: slide help ") {
			t.Errorf("slide %q: status %d, stdout %q, stderr %q", args, status, stdout, stderr)
		}
	}
}

// A probeCase is one hostile or careless use of the command: its arguments
// and standard input, and what it must answer. A file, if given, is written
// to the case's folder and named in args by {file}; {dir} in args is the
// folder of the shared fixtures (see probeFixtures).
type probeCase struct {
	name   string
	stdin  string
	file   string
	args   []string
	status int
	stream string // "out" or "err": where want must appear
	want   string
}

// p makes a probe case reading stdin; want is "out:TEXT" or "err:TEXT".
func p(name, stdin string, status int, want string, args ...string) probeCase {
	stream, text, _ := strings.Cut(want, ":")
	return probeCase{name: name, stdin: stdin, args: args, status: status, stream: stream, want: text}
}

// pf makes a probe case whose args name the file {file} holding file.
func pf(name, file string, status int, want string, args ...string) probeCase {
	c := p(name, "", status, want, args...)
	c.file = file
	return c
}

// Boards the cases share.
const (
	board3x3One  = "3\n1 2 3\n4 5 6\n7 0 8\n" // one move from the goal
	board3x3Goal = "3\n1 2 3\n4 5 6\n7 8 0\n"
	board3x3Odd  = "3\n1 2 3\n4 5 6\n8 7 0\n" // cannot reach the goal
	board2x2     = "2\n1 2\n0 3\n"
	board4x4One  = "4\n1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 0 15\n"
	checkPair    = "1 2 3 4 5 6 7 b 8\n1 2 3 4 5 6 7 8 b\n"
	hintOne      = "1\n3 3\n1 2 3\n4 5 6\n7 0 8\n"
	benchOne     = "a 1 1 0 2 3 4 5 6 7 8\n"
	blocksSolved = "3 4\n2 3 2 1 h\n1 1 1 1 b\n"
	blocksEasy   = "3 4\n2 1 2 1 h\n1 1 1 1 b\n"
	rushEasy     = "..B.CC..B...AAB...DDD..E.....E.....E"
)

// probeFixtures writes the files the cases name through {dir} and returns
// their folder.
func probeFixtures(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"b3.txt":      board3x3One,
		"goal3.txt":   board3x3Goal,
		"odd3.txt":    board3x3Odd,
		"b4.txt":      board4x4One,
		"b2.txt":      board2x2,
		"bench.txt":   benchOne,
		"blocks.txt":  blocksEasy,
		"hint.txt":    hintOne,
		"garbage.txt": "not a board\n",
		"empty.txt":   "",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(dir, "folder"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(dir, "goal3.txt"), filepath.Join(dir, "link.svg")); err != nil {
		t.Logf("no symbolic link: %v", err)
	}
	return dir
}

// expand replaces {dir} and {file} in args.
func expand(args []string, dir, file string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		a = strings.ReplaceAll(a, "{dir}", dir)
		out[i] = strings.ReplaceAll(a, "{file}", file)
	}
	return out
}

// TestProbe runs every probe case in-process: the exit status must be the
// one given, the text wanted must be on the stream given, and nothing may
// panic. Each case has a cache of its own, a fresh folder, so that no case
// finds a pattern database another built, or one of the user's.
func TestProbe(t *testing.T) {
	dir := probeFixtures(t)
	seen := map[string]bool{}
	for _, c := range probeCases() {
		if seen[c.name] {
			t.Fatalf("two cases named %s", c.name)
		}
		seen[c.name] = true
		t.Run(c.name, func(t *testing.T) {
			t.Setenv("XDG_CACHE_HOME", t.TempDir())
			file := ""
			if c.file != "" || strings.Contains(strings.Join(c.args, " "), "{file}") {
				file = filepath.Join(t.TempDir(), "input.txt")
				if err := os.WriteFile(file, []byte(c.file), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			args := expand(c.args, dir, file)
			var stdout, stderr string
			var status int
			func() {
				defer func() {
					if r := recover(); r != nil {
						t.Fatalf("slide %q panicked: %v", args, r)
					}
				}()
				stdout, stderr, status = runSlide(c.stdin, args...)
			}()
			for _, bad := range []string{"panic:", "goroutine "} {
				if strings.Contains(stderr, bad) || strings.Contains(stdout, bad) {
					t.Fatalf("slide %q wrote %q:\n%s%s", args, bad, stdout, stderr)
				}
			}
			if status != c.status {
				t.Errorf("slide %q: status %d, want %d\nstdout: %s\nstderr: %s", args, status, c.status, stdout, stderr)
			}
			got := stdout
			if c.stream == "err" {
				got = stderr
			}
			if !strings.Contains(got, c.want) {
				t.Errorf("slide %q: std%s lacks %q\nstdout: %s\nstderr: %s", args, c.stream, c.want, stdout, stderr)
			}
		})
	}
}

// probeCases lists the cases of TestProbe, command by command.
func probeCases() []probeCase {
	var cases []probeCase
	for _, part := range [][]probeCase{
		probeTop(), probeCheck(), probeSolveInput(), probeSolveFlags(),
		probeRandom(), probeBFS(), probeHint(), probeBlocks(), probeBench(), probePDB(),
	} {
		cases = append(cases, part...)
	}
	return cases
}

func probeTop() []probeCase {
	return []probeCase{
		p("top/no-args", "", 2, "err:usage: slide <command> [flags] [arguments]"),
		p("top/unknown-command", "", 2, "err:slide: unknown command \"frobnicate\"", "frobnicate"),
		p("top/empty-command", "", 2, "err:slide: unknown command \"\"", ""),
		p("top/upper-case", "", 2, "err:slide: unknown command \"SOLVE\"", "SOLVE"),
		p("top/dash-h", "", 0, "out:usage: slide <command> [flags] [arguments]", "-h"),
		p("top/dash-help", "", 0, "out:usage: slide <command> [flags] [arguments]", "-help"),
		p("top/double-dash-help", "", 0, "out:usage: slide <command> [flags] [arguments]", "--help"),
		p("top/flag-first", "", 2, "err:slide: unknown command \"-json\"", "-json", "solve"),
		p("top/help", "", 0, "out:usage: slide <command> [flags] [arguments]", "help"),
		p("top/help-unknown", "", 2, "err:slide help: unknown command \"frobnicate\"", "help", "frobnicate"),
		p("top/help-solve", "", 0, "out:usage: slide solve [flags] [FILE]", "help", "solve"),
		p("top/help-two", "", 2, "err:slide help: solve has no subcommands, got \"check\"", "help", "solve", "check"),
		p("top/help-bfs-position", "", 2, "err:slide help: bfs has no subcommands", "help", "bfs", "100", "236158-47"),
		p("top/help-pdb-three", "", 2, "err:slide help: want at most one subcommand of pdb", "help", "pdb", "build", "pdb78"),
		p("top/help-pdb-build", "", 0, "out:usage: slide pdb build NAME", "help", "pdb", "build"),
		p("top/help-pdb-unknown", "", 2, "err:slide pdb: want \"build NAME\", \"verify [NAME...]\", \"list\" or \"clean [NAME...]\"", "help", "pdb", "frob"),
		p("top/help-help", "", 0, "out:usage: slide help [<command> [<subcommand>]]", "help", "help"),
		p("top/version", "", 0, "out:slide ", "version"),
		p("top/version-extra", "", 2, "err:slide version: want no arguments, got 1", "version", "extra"),
		p("top/version-flag", "", 2, "err:slide version: flag provided but not defined: -x", "version", "-x"),
		p("top/version-help", "", 0, "out:usage: slide version ", "version", "-h"),
		p("top/nul-command", "", 2, "err:slide: unknown command \"so\\x00lve\"", "so\x00lve"),
	}
}

func probeCheck() []probeCase {
	return []probeCase{
		p("check/solvable", checkPair, 0, "out:\nsolvable\n", "check"),
		p("check/unsolvable", "1 2 3 4 5 6 7 b 8\n1 2 3 4 5 6 8 7 b\n", 0, "out:\nunsolvable\n", "check"),
		p("check/json", checkPair, 0, "out:\"solvable\":true", "check", "-json"),
		p("check/json-bad", "1 2\n", 1, "err:slide check: missing goal line: want a start line and a goal line", "check", "-json"),
		p("check/json-value", checkPair, 2, "err:slide check: invalid boolean value \"maybe\" for -json: parse error", "check", "-json=maybe"),
		p("check/two-files", checkPair, 2, "err:slide check: want at most one FILE, got 2 arguments (flags go before FILE)", "check", "{dir}/b3.txt", "{dir}/b3.txt"),
		p("check/board-file", "", 0, "out:start: 1 2 3 4 5 6 7 b 8\ngoal: 1 2 3 4 5 6 7 8 b\nsolvable", "check", "{dir}/b3.txt"),
		p("check/goal-file", "", 0, "out:goal: 1 2 3 4 5 6 7 8 b\nsolvable", "check", "-goal", "{dir}/goal3.txt", "{dir}/b3.txt"),
		p("check/goal-stdin-both", board3x3One, 2, "err:slide check: the start and the goal cannot both come from standard input", "check", "-goal", "-"),
		p("check/goal-size", board2x2, 1, "out:error: start is 2 x 2, goal is 3 x 3", "check", "-goal", "{dir}/goal3.txt"),
		p("check/goal-two-lines", checkPair, 2, "err:slide check: -goal FILE is for a board in the form solve reads", "check", "-goal", "{dir}/goal3.txt"),
		p("check/unknown-flag", checkPair, 2, "err:slide check: flag provided but not defined: -x", "check", "-x"),
		p("check/help", "", 0, "out:usage: slide check [flags] [FILE]", "check", "-h"),
		p("check/empty", "", 1, "out:error: no boards: want a start line and a goal line", "check"),
		p("check/blank-lines", "\n\n", 1, "out:error: no boards: want a start line and a goal line", "check"),
		p("check/whitespace", "  \t \n \t\n", 1, "out:error: no boards: want a start line and a goal line", "check"),
		p("check/one-line", "1 2 3 4 5 6 7 b 8\n", 1, "out:error: missing goal line: want a start line and a goal line", "check"),
		p("check/three-lines", checkPair+"1 2 3 4 5 6 7 8 b\n", 1, "out:error: extra line 3: want only a start line and a goal line", "check"),
		p("check/no-newline", strings.TrimSuffix(checkPair, "\n"), 0, "out:\nsolvable\n", "check"),
		p("check/sizes-differ", "1 2 3 4 5 6 7 b 8\n1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 b\n", 1, "out:error: start is 3 x 3, goal is 4 x 4", "check"),
		p("check/not-square", "1 2 3 4 5 b\n1 2 3 4 5 b\n", 1, "out:error: start: 6 tiles and blanks, not a square number", "check"),
		p("check/repeated", "1 1 3 4 5 6 7 b 8\n1 2 3 4 5 6 7 8 b\n", 1, "out:error: start: tile 1 appears twice", "check"),
		p("check/no-blank", "1 2 3 4 5 6 7 9 8\n1 2 3 4 5 6 7 8 b\n", 1, "out:error: start: tile 9 out of range 1..8", "check"),
		p("check/two-blanks", "1 2 3 4 5 6 b b 8\n1 2 3 4 5 6 7 8 b\n", 1, "out:error: start: two blanks (cells 6 and 7)", "check"),
		p("check/zero-tile", "1 2 3 4 5 6 7 0 8\n1 2 3 4 5 6 7 8 b\n", 1, "out:error: start: \"0\" is not a tile: tiles count from 1, and b is the blank", "check"),
		p("check/letter", "1 2 3 4 5 6 7 b x\n1 2 3 4 5 6 7 8 b\n", 1, "out:error: start: \"x\" is not a number or b", "check"),
		p("check/negative", "1 2 3 4 5 6 7 b -8\n1 2 3 4 5 6 7 8 b\n", 1, "out:error: start: tile -8 is negative", "check"),
		p("check/overflow", "1 2 3 4 5 6 7 b 99999999999999999999\n1 2 3 4 5 6 7 8 b\n", 1, "out:error: start: \"99999999999999999999\" is out of the range of any tile", "check"),
		p("check/too-large", "1 2 3 4 5 6 7 b 9\n1 2 3 4 5 6 7 8 b\n", 1, "out:error: start: tile 9 out of range 1..8", "check"),
		p("check/one-cell", "b\nb\n", 1, "out:error: start: size 1 x 1: a board needs at least 2 cells", "check"),
		p("check/crlf", strings.ReplaceAll(checkPair, "\n", "\r\n"), 0, "out:\nsolvable\n", "check"),
		p("check/cr-only", strings.ReplaceAll(checkPair, "\n", "\r"), 0, "out:\nsolvable\n", "check"),
		p("check/nul", "1 2 3 4 5 6 7 b 8\x00\n1 2 3 4 5 6 7 8 b\n", 1, "out:error: line 1, column 18: \"\\x00\" is a control character, not text", "check"),
		p("check/control", "1 2 3 4 5 6 7 b\x01 8\n1 2 3 4 5 6 7 8 b\n", 1, "out:error: line 1, column 16: \"\\x01\" is a control character, not text", "check"),
		p("check/utf8-digit", "1 2 3 4 5 6 7 b ８\n1 2 3 4 5 6 7 8 b\n", 1, "out:error: start: \"８\" is not a number or b", "check"),
		p("check/bad-utf8", "1 2 3 4 5 6 7 b \xff\n1 2 3 4 5 6 7 8 b\n", 1, "out:error: start: \"\\xff\" is not a number or b", "check"),
		p("check/bom", "\ufeff"+checkPair, 0, "out:\nsolvable\n", "check"),
		p("check/tabs", strings.ReplaceAll(checkPair, " ", "\t"), 0, "out:\nsolvable\n", "check"),
		p("check/capital-B", "1 2 3 4 5 6 7 B 8\n1 2 3 4 5 6 7 8 b\n", 1, "out:error: start: \"B\" is not a number or b", "check"),
		p("check/commas", "1,2,3,4,5,6,7,b,8\n1 2 3 4 5 6 7 8 b\n", 1, "out:error: start: \"1,2,3,4,5,6,7,b,8\" is not a number or b", "check"),
		p("check/plus-sign", "+1 2 3 4 5 6 7 b 8\n1 2 3 4 5 6 7 8 b\n", 0, "out:\nsolvable\n", "check"),
		p("check/leading-zero", "01 2 3 4 5 6 7 b 8\n1 2 3 4 5 6 7 8 b\n", 0, "out:\nsolvable\n", "check"),
		p("check/big-board", bigCheckLine(256)+"\n"+bigCheckLine(256)+"\n", 1, "out:error: start: more than 65535 tiles and blanks: a board has at most 65535 cells", "check"),
		p("check/huge-line", strings.Repeat("1 ", 1<<20)+"\n", 1, "out:error: start: more than 65535 tiles and blanks: a board has at most 65535 cells", "check"),
	}
}

// bigCheckLine returns the goal of an n x n board as check reads it.
func bigCheckLine(n int) string {
	var b strings.Builder
	for i := 1; i < n*n; i++ {
		b.WriteString(strconv.Itoa(i))
		b.WriteByte(' ')
	}
	b.WriteString("b")
	return b.String()
}

func probeSolveInput() []probeCase {
	return []probeCase{
		p("solve/one-move", board3x3One, 0, "out:Minimum number of moves = 1", "solve"),
		p("solve/goal", board3x3Goal, 0, "out:Minimum number of moves = 0", "solve"),
		p("solve/unsolvable", board3x3Odd, 0, "out:No solution possible", "solve"),
		p("solve/unsolvable-count", board3x3Odd, 0, "out:-1", "solve", "-count"),
		p("solve/unsolvable-json", board3x3Odd, 0, "out:\"solvable\":false", "solve", "-json"),
		p("solve/2x2", board2x2, 0, "out:Minimum number of moves = 1", "solve"),
		p("solve/rows-cols", "2 3\n1 2 3\n4 0 5\n", 0, "out:Minimum number of moves = 1", "solve"),
		p("solve/1x2", "1 2\n0 1\n", 0, "out:Minimum number of moves = 1", "solve"),
		p("solve/1x5", "1 5\n1 2 3 0 4\n", 0, "out:Minimum number of moves = 1", "solve"),
		p("solve/5x1", "5 1\n1 2 3 0 4\n", 0, "out:Minimum number of moves = 1", "solve"),
		p("solve/1x1", "1\n0\n", 1, "err:slide solve: standard input: size 1 x 1: a board needs at least 2 cells", "solve"),
		p("solve/1-by-1", "1 1\n0\n", 1, "err:slide solve: standard input: size 1 x 1: a board needs at least 2 cells", "solve"),
		p("solve/0", "0\n", 1, "err:slide solve: standard input: size 0 x 0: rows and columns must be at least 1", "solve"),
		p("solve/0x0", "0 0\n", 1, "err:slide solve: standard input: size 0 x 0: rows and columns must be at least 1", "solve"),
		p("solve/0x3", "0 3\n", 1, "err:slide solve: standard input: size 0 x 3: rows and columns must be at least 1", "solve"),
		p("solve/negative-size", "-3\n1 2 3\n4 5 6\n7 0 8\n", 1, "err:slide solve: standard input: size -3 x -3: rows and columns must be at least 1", "solve"),
		p("solve/size-overflow", "99999999999999999999\n1 2\n", 1, "err:slide solve: standard input: line 1: size \"99999999999999999999\" is not an integer", "solve"),
		p("solve/256", "256\n1 2 3\n", 1, "err:slide solve: standard input: size 256 x 256: more than 65535 cells", "solve"),
		p("solve/256x256", "256 256\n0 1\n", 1, "err:slide solve: standard input: size 256 x 256: more than 65535 cells", "solve"),
		p("solve/huge-dims", "100000 100000\n0 1\n", 1, "err:slide solve: standard input: size 100000 x 100000: more than 65535 cells", "solve"),
		p("solve/65536x1", "65536 1\n0 1\n", 1, "err:slide solve: standard input: size 65536 x 1: more than 65535 cells", "solve"),
		p("solve/size-letter", "x\n1 2 3\n", 1, "err:slide solve: standard input: line 1: size \"x\" is not an integer", "solve"),
		p("solve/size-float", "3.0\n1 2 3\n4 5 6\n7 0 8\n", 1, "err:slide solve: standard input: line 1: size \"3.0\" is not an integer", "solve"),
		p("solve/three-sizes", "3 3 3\n1 2 3\n4 5 6\n7 0 8\n", 1, "err:slide solve: standard input: line 1: size line has 3 fields, want n or rows cols", "solve"),
		p("solve/empty", "", 1, "err:slide solve: standard input: empty input: want a size line", "solve"),
		p("solve/whitespace", " \n\t\n  \n", 1, "err:slide solve: standard input: empty input: want a size line", "solve"),
		p("solve/size-only", "3\n", 1, "err:slide solve: standard input: 3 x 3 board needs 9 tiles, got 0", "solve"),
		p("solve/short", "3\n1 2 3\n4 5 6\n7 0\n", 1, "err:slide solve: standard input: 3 x 3 board needs 9 tiles, got 8", "solve"),
		p("solve/long", "3\n1 2 3\n4 5 6\n7 0 8 9\n", 1, "err:slide solve: standard input: line 4: extra value \"9\" after 9 tiles", "solve"),
		p("solve/repeated", "3\n1 2 3\n4 5 6\n7 0 7\n", 1, "err:slide solve: standard input: tile 7 appears twice", "solve"),
		p("solve/no-blank", "3\n1 2 3\n4 5 6\n7 9 8\n", 1, "err:slide solve: standard input: no blank (0)", "solve"),
		p("solve/tile-too-large", "3\n1 2 3\n4 5 6\n7 0 9\n", 1, "err:slide solve: standard input: tile 9 out of range 1..8", "solve"),
		p("solve/tile-negative", "3\n1 2 3\n4 5 6\n7 0 -8\n", 1, "err:slide solve: standard input: tile -8 is negative", "solve"),
		p("solve/tile-overflow", "3\n1 2 3\n4 5 6\n7 0 99999999999999999999\n", 1, "err:slide solve: standard input: line 4: tile \"99999999999999999999\" is not an integer", "solve"),
		p("solve/tile-letter", "3\n1 2 3\n4 5 6\n7 0 x\n", 1, "err:slide solve: standard input: line 4: tile \"x\" is not an integer", "solve"),
		p("solve/tile-b", "3\n1 2 3\n4 5 6\n7 b 8\n", 1, "err:slide solve: standard input: line 4: tile \"b\" is not an integer", "solve"),
		p("solve/crlf", strings.ReplaceAll(board3x3One, "\n", "\r\n"), 0, "out:Minimum number of moves = 1", "solve"),
		p("solve/cr-only", strings.ReplaceAll(board3x3One, "\n", "\r"), 0, "out:Minimum number of moves = 1", "solve"),
		p("solve/one-line", "3 1 2 3 4 5 6 7 0 8\n", 1, "err:slide solve: standard input: line 1: size line has 10 fields, want n or rows cols", "solve"),
		p("solve/nul", "3\n1 2 3\n4 5 6\n7 0 8\x00\n", 1, "err:slide solve: standard input: line 4, column 6: \"\\x00\" is a control character, not text", "solve"),
		p("solve/control", "3\n1 2 3\n4 5\x07 6\n7 0 8\n", 1, "err:slide solve: standard input: line 3, column 4: \"\\a\" is a control character, not text", "solve"),
		p("solve/escape", "3\n1 2 3\n4 5 6\n7 0 8\x1b[2J\n", 1, "err:slide solve: standard input: line 4, column 6: \"\\x1b\" is a control character, not text", "solve"),
		p("solve/utf8-junk", "3\n1 2 3\n4 5 6\n7 0 ８\n", 1, "err:slide solve: standard input: line 4: tile \"８\" is not an integer", "solve"),
		p("solve/bad-utf8", "3\n1 2 3\n4 5 6\n7 0 \xc3\x28\n", 1, "err:slide solve: standard input: line 4: tile \"\\xc3(\" is not an integer", "solve"),
		p("solve/bom", "\ufeff"+board3x3One, 0, "out:Minimum number of moves = 1", "solve"),
		p("solve/comment", "# a board\n"+board3x3One, 1, "err:slide solve: standard input: line 1: size line has 3 fields, want n or rows cols", "solve"),
		p("solve/trailing-text", board3x3One+"junk\n", 1, "err:slide solve: standard input: line 5: extra value \"junk\" after 9 tiles", "solve"),
		p("solve/file", "", 0, "out:Minimum number of moves = 1", "solve", "{dir}/b3.txt"),
		p("solve/file-dash", board3x3One, 0, "out:Minimum number of moves = 1", "solve", "-"),
		p("solve/file-missing", "", 1, "err:no such file or directory", "solve", "{dir}/nosuch.txt"),
		p("solve/file-folder", "", 1, "err:is a directory", "solve", "{dir}/folder"),
		p("solve/file-empty", "", 1, "err:empty input: want a size line", "solve", "{dir}/empty.txt"),
		p("solve/file-garbage", "", 1, "err:line 1: size line has 3 fields, want n or rows cols", "solve", "{dir}/garbage.txt"),
		p("solve/two-files", "", 2, "err:slide solve: want at most one FILE, got 2 arguments (flags go before FILE)", "solve", "{dir}/b3.txt", "{dir}/b3.txt"),
		p("solve/flag-after-file", "", 2, "err:slide solve: want at most one FILE, got 2 arguments (flags go before FILE)", "solve", "{dir}/b3.txt", "-count"),
		p("solve/goal-file", "", 0, "out:Minimum number of moves = 1", "solve", "-goal", "{dir}/b3.txt", "{dir}/goal3.txt"),
		p("solve/goal-missing", board3x3One, 1, "err:no such file or directory", "solve", "-goal", "{dir}/nosuch.txt"),
		p("solve/goal-folder", board3x3One, 1, "err:is a directory", "solve", "-goal", "{dir}/folder"),
		p("solve/goal-size", board3x3One, 1, "err:slide solve: start is 3 x 3, goal is 4 x 4", "solve", "-goal", "{dir}/b4.txt"),
		p("solve/goal-garbage", board3x3One, 1, "err:line 1: size line has 3 fields, want n or rows cols", "solve", "-goal", "{dir}/garbage.txt"),
		p("solve/goal-empty", board3x3One, 1, "err:empty input: want a size line", "solve", "-goal", "{dir}/empty.txt"),
		p("solve/goal-parity", board3x3One, 0, "out:No solution possible", "solve", "-goal", "{dir}/odd3.txt"),
		p("solve/goal-no-value", board3x3One, 2, "err:slide solve: flag needs an argument: -goal", "solve", "-goal"),
		p("solve/goal-stdin", board3x3One, 2, "err:slide solve: the start and the goal cannot both come from standard input", "solve", "-goal", "-"),
	}
}

func probeSolveFlags() []probeCase {
	s := func(name string, status int, want string, args ...string) probeCase {
		return p("solve/"+name, board3x3One, status, want, append([]string{"solve"}, args...)...)
	}
	return []probeCase{
		s("unknown-flag", 2, "err:slide solve: flag provided but not defined: -x", "-x"),
		s("double-dash-flag", 0, "out:1", "--count"),
		s("help", 0, "out:usage: slide solve [flags] [FILE]", "-h"),
		s("count", 0, "out:1", "-count"),
		s("moves", 0, "out:Minimum number of moves = 1", "-moves"),
		s("json", 0, "out:\"length\":1,\"optimal\":true", "-json"),
		s("stats", 0, "out:Minimum number of moves = 1", "-stats"),
		s("count-moves", 2, "err:slide solve: -count and -moves: choose one", "-count", "-moves"),
		s("json-moves", 2, "err:slide solve: -json and -moves: choose one", "-json", "-moves"),
		s("json-count", 2, "err:slide solve: -json and -count: choose one", "-json", "-count"),
		s("w-1", 0, "out:Minimum number of moves = 1", "-w", "1"),
		s("w-2", 0, "out:Minimum number of moves = 1", "-w", "2"),
		s("w-0", 2, "err:slide solve: invalid value \"0\" for flag -w: weight 0: want a finite number of at least 1", "-w", "0"),
		s("w-half", 2, "err:slide solve: invalid value \"0.5\" for flag -w: weight 0.5: want a finite number of at least 1", "-w", "0.5"),
		s("w-negative", 2, "err:slide solve: invalid value \"-1\" for flag -w: weight -1: want a finite number of at least 1", "-w", "-1"),
		s("w-nan", 2, "err:slide solve: invalid value \"NaN\" for flag -w: weight NaN: want a finite number of at least 1", "-w", "NaN"),
		s("w-inf", 2, "err:slide solve: invalid value \"Inf\" for flag -w: weight +Inf: want a finite number of at least 1", "-w", "Inf"),
		s("w-underflow", 2, "err:slide solve: invalid value \"1e-400\" for flag -w: weight 0: want a finite number of at least 1", "-w", "1e-400"),
		s("w-overflow", 2, "err:slide solve: invalid value \"1e400\" for flag -w: weight +Inf: want a finite number of at least 1", "-w", "1e400"),
		s("w-letters", 2, "err:slide solve: invalid value \"two\" for flag -w: want a finite factor of at least 1, such as", "-w", "two"),
		s("w-empty", 2, "err:slide solve: invalid value \"\" for flag -w: want a finite factor of at least 1, such as 1.5", "-w", ""),
		s("w-hex", 2, "err:slide solve: invalid value \"0x2\" for flag -w: want a finite factor of at least 1, such as", "-w", "0x2"),
		s("w-no-value", 2, "err:slide solve: flag needs an argument: -w", "-w"),
		s("time-1s", 0, "out:Minimum number of moves = 1", "-time", "1s"),
		s("time-0", 2, "err:slide solve: invalid value \"0\" for flag -time: want a duration above 0, such as 1s or", "-time", "0"),
		s("time-0s", 2, "err:slide solve: invalid value \"0s\" for flag -time: want a duration above 0, such as 1s or", "-time", "0s"),
		s("time-negative", 2, "err:slide solve: invalid value \"-1s\" for flag -time: time limit -1s: want a positive duration", "-time", "-1s"),
		s("time-no-unit", 2, "err:slide solve: invalid value \"1\" for flag -time: want a duration above 0, such as 1s or", "-time", "1"),
		s("time-letters", 2, "err:slide solve: invalid value \"soon\" for flag -time: want a duration above 0, such as 1s or", "-time", "soon"),
		s("time-overflow", 2, "err:slide solve: invalid value \"999999999999h\" for flag -time: want a duration above 0, such", "-time", "999999999999h"),
		s("time-1ns", 0, "out:Minimum number of moves = 1", "-time", "1ns"),
		s("fast", 0, "out:Minimum number of moves = 1", "-fast"),
		s("fast-2x2", 0, "out:Minimum number of moves = 1", "-fast"),
		s("w-and-time", 2, "err:slide solve: -w, -time and -fast exclude each other", "-w", "2", "-time", "1s"),
		s("w-and-fast", 2, "err:slide solve: -w, -time and -fast exclude each other", "-w", "2", "-fast"),
		s("time-and-fast", 2, "err:slide solve: -w, -time and -fast exclude each other", "-time", "1s", "-fast"),
		s("fast-pdb78", 2, "err:slide solve: -heuristic pdb78: Solver.Heuristic: the fast mode does not use it", "-fast", "-heuristic", "pdb78"),
		s("fast-algorithm", 2, "err:slide solve: -algorithm astar: Solver.Algorithm: the fast mode does not use it", "-fast", "-algorithm", "astar"),
		s("w-algorithm-bfs", 0, "out:Minimum number of moves = 1", "-w", "2", "-algorithm", "bfs"),
		s("workers-0", 0, "out:Minimum number of moves = 1", "-workers", "0"),
		s("workers-1", 0, "out:Minimum number of moves = 1", "-workers", "1"),
		s("workers-negative", 2, "err:slide solve: -workers -1: -1 workers: want 0 (one per core) to 1024", "-workers", "-1"),
		s("workers-huge", 2, "err:slide solve: -workers 1000000000: 1000000000 workers: want 0 (one per core) to 1024", "-workers", "1000000000"),
		s("workers-overflow", 2, "err:slide solve: invalid value \"99999999999999999999\" for flag -workers: value out of range", "-workers", "99999999999999999999"),
		s("workers-float", 2, "err:slide solve: invalid value \"1.5\" for flag -workers: parse error", "-workers", "1.5"),
		s("max-memory-garbage", 2, "err:slide solve: invalid value \"lots\" for flag -max-memory: \"lots\" is not a size: want a", "-max-memory", "lots"),
		s("max-memory-0", 2, "err:slide solve: invalid value \"0\" for flag -max-memory: \"0\" is less than a byte", "-max-memory", "0"),
		s("max-memory-negative", 2, "err:slide solve: invalid value \"-1GiB\" for flag -max-memory: \"-1GiB\" is not a size: want a", "-max-memory", "-1GiB"),
		s("max-memory-tiny", 0, "out:Minimum number of moves = 1", "-max-memory", "1KB"),
		s("max-memory-none", 0, "out:Minimum number of moves = 1", "-max-memory", "none"),
		s("max-memory-unit", 2, "err:slide solve: invalid value \"5XB\" for flag -max-memory: \"5XB\": unknown unit \"xb\" (want B,", "-max-memory", "5XB"),
		s("max-memory-overflow", 2, "err:slide solve: invalid value \"99999999999TiB\" for flag -max-memory: \"99999999999TiB\" is too", "-max-memory", "99999999999TiB"),
		s("max-memory-space", 0, "out:Minimum number of moves = 1", "-max-memory", "1 GiB"),
		s("max-memory-empty", 2, "err:slide solve: invalid value \"\" for flag -max-memory: \"\" is not a size: want a number and a", "-max-memory", ""),
		s("heuristic-unknown", 2, "err:slide solve: invalid value \"magic\" for flag -heuristic: unknown heuristic \"magic\" (want", "-heuristic", "magic"),
		s("heuristic-empty", 2, "err:slide solve: invalid value \"\" for flag -heuristic: unknown heuristic \"\" (want auto, zero,", "-heuristic", ""),
		s("heuristic-zero", 0, "out:Minimum number of moves = 1", "-heuristic", "zero"),
		s("heuristic-hamming", 0, "out:Minimum number of moves = 1", "-heuristic", "hamming"),
		s("heuristic-linear-wd", 0, "out:Minimum number of moves = 1", "-heuristic", "linear+wd"),
		s("heuristic-wd-wd", 0, "out:Minimum number of moves = 1", "-heuristic", "wd+wd"),
		s("heuristic-plus", 2, "err:slide solve: invalid value \"+wd\" for flag -heuristic: unknown heuristic \"+wd\" (want auto,", "-heuristic", "+wd"),
		s("heuristic-pdb555-3x3", 1, "err:slide solve: pdb555 is for 4 x 4 boards, not 3 x 3", "-heuristic", "pdb555"),
		s("heuristic-pdb-alone", 2, "err:slide solve: -heuristic pdb needs -partition", "-heuristic", "pdb"),
		s("heuristic-upper", 2, "err:slide solve: invalid value \"MANHATTAN\" for flag -heuristic: unknown heuristic \"MANHATTAN\"", "-heuristic", "MANHATTAN"),
		s("algorithm-unknown", 2, "err:slide solve: invalid value \"dfs\" for flag -algorithm: unknown algorithm \"dfs\" (want auto,", "-algorithm", "dfs"),
		s("algorithm-bfs", 0, "out:Minimum number of moves = 1", "-algorithm", "bfs"),
		s("algorithm-bibfs", 0, "out:Minimum number of moves = 1", "-algorithm", "bibfs"),
		s("algorithm-idastar", 0, "out:Minimum number of moves = 1", "-algorithm", "idastar"),
		s("partition-garbage", 2, "err:slide solve: -partition: group 1: \"a\" is not a tile label", "-partition", "a b/c"),
		s("partition-missing-tile", 2, "err:slide solve: -partition: labels 7 and 8 are in no group: the groups must cover every tile", "-partition", "1 2 3/4 5 6"),
		s("partition-repeated", 2, "err:slide solve: -partition: label 4 is in groups 1 and 2: groups must not overlap", "-partition", "1 2 3 4/4 5 6 7 8"),
		s("partition-out-of-range", 2, "err:slide solve: -partition: label 9 is not on the 3 x 3 goal", "-partition", "1 2 3 4/5 6 7 8 9"),
		s("partition-empty-group", 2, "err:slide solve: -partition: group 2 is empty", "-partition", "1 2 3 4//5 6 7 8"),
		s("partition-blank", 2, "err:slide solve: -partition: group 1 holds the blank (0): groups hold tiles only", "-partition", "0 1 2 3 4/5 6 7 8"),
		s("partition-empty", 2, `err:slide solve: -partition "": want a value`, "-partition", ""),
		s("partition-and-heuristic", 2, "err:slide solve: -partition and -heuristic manhattan both choose the heuristic: give one", "-partition", "1 2 3 4/5 6 7 8", "-heuristic", "manhattan"),
		s("partition-tiny", 0, "out:Minimum number of moves = 1", "-partition", "1 2 3 4/5 6 7 8"),
		s("svg-folder", 1, "err:is a folder, not a file", "-svg", "{dir}/folder"),
		s("svg-link", 1, "err:is a symbolic link, not a regular file", "-svg", "{dir}/link.svg"),
		s("svg-no-folder", 1, "err:", "-svg", "{dir}/nosuch/x.svg"),
		s("svg-empty", 2, `err:slide solve: -svg "": want a value`, "-svg", ""),
		p("solve/svg-input", "", 1, "err:", "solve", "-svg", "{dir}/b3.txt", "{dir}/b3.txt"),
		p("solve/svg-goal", "", 1, "err:", "solve", "-goal", "{dir}/goal3.txt", "-svg", "{dir}/goal3.txt", "{dir}/b3.txt"),
	}
}

func probeRandom() []probeCase {
	return []probeCase{
		p("random/no-args", "", 2, "err:slide random: want the size: ROWS [COLS]", "random"),
		p("random/3", "", 0, "out:3\n", "random", "-seed", "1", "3"),
		p("random/2x5", "", 0, "out:2 5\n", "random", "-seed", "1", "2", "5"),
		p("random/1x2", "", 0, "out:1 2\n", "random", "-seed", "1", "1", "2"),
		p("random/0", "", 2, "err:slide random: size 0 x 0: rows and columns must be at least 1", "random", "0"),
		p("random/1", "", 2, "err:slide random: size 1 x 1: a board needs at least 2 cells", "random", "1"),
		p("random/1x1", "", 2, "err:slide random: size 1 x 1: a board needs at least 2 cells", "random", "1", "1"),
		p("random/negative", "", 2, "err:slide random: size -3 x -3: rows and columns must be at least 1", "random", "-seed", "1", "--", "-3"),
		p("random/letters", "", 2, "err:slide random: size \"three\" is not a number", "random", "three"),
		p("random/cols-letters", "", 2, "err:slide random: size \"x\" is not a number", "random", "3", "x"),
		p("random/three-args", "", 2, "err:slide random: want ROWS and at most COLS, got 3 arguments (flags go before them)", "random", "3", "3", "3"),
		p("random/overflow", "", 2, "err:slide random: size \"99999999999999999999\" is not a number", "random", "99999999999999999999"),
		p("random/256", "", 2, "err:slide random: size 256 x 256: more than 65535 cells", "random", "256"),
		p("random/65536x1", "", 2, "err:slide random: size 65536 x 1: more than 65535 cells", "random", "65536", "1"),
		p("random/1x65536", "", 2, "err:slide random: size 1 x 65536: more than 65535 cells", "random", "1", "65536"),
		p("random/float", "", 2, "err:slide random: size \"3.0\" is not a number", "random", "3.0"),
		p("random/seed-letters", "", 2, "err:slide random: invalid value \"x\" for flag -seed: parse error", "random", "-seed", "x", "3"),
		p("random/seed-negative", "", 2, "err:slide random: invalid value \"-1\" for flag -seed: parse error", "random", "-seed", "-1", "3"),
		p("random/seed-overflow", "", 2, "err:slide random: invalid value \"99999999999999999999\" for flag -seed: value out of range", "random", "-seed", "99999999999999999999", "3"),
		p("random/walk", "", 0, "out:3\n", "random", "-seed", "1", "-walk", "5", "3"),
		p("random/walk-0", "", 0, "out:3\n", "random", "-seed", "1", "-walk", "0", "3"),
		p("random/walk-negative", "", 2, "err:slide random: -walk -1: want 0 to 100000000 moves", "random", "-walk", "-1", "3"),
		p("random/walk-endless", "", 2, "err:slide random: -walk 1000000000000: want 0 to 100000000 moves", "random", "-walk", "1000000000000", "3"),
		p("random/walk-letters", "", 2, "err:slide random: invalid value \"x\" for flag -walk: parse error", "random", "-walk", "x", "3"),
		p("random/walk-overflow", "", 2, "err:slide random: invalid value \"99999999999999999999\" for flag -walk: value out of range", "random", "-walk", "99999999999999999999", "3"),
		p("random/goal", "", 0, "out:3\n", "random", "-seed", "1", "-goal", "{dir}/goal3.txt"),
		p("random/goal-size", "", 2, "err:slide random: size 4 x 4, but the goal is 3 x 3", "random", "-goal", "{dir}/goal3.txt", "4"),
		p("random/goal-missing", "", 1, "err:no such file or directory", "random", "-goal", "{dir}/nosuch.txt"),
		p("random/goal-garbage", "", 1, "err:line 1: size line has 3 fields, want n or rows cols", "random", "-goal", "{dir}/garbage.txt"),
		p("random/unknown-flag", "", 2, "err:slide random: flag provided but not defined: -x", "random", "-x", "3"),
		p("random/help", "", 0, "out:usage: slide random [flags] ROWS [COLS]", "random", "-h"),
	}
}

func probeBFS() []probeCase {
	return []probeCase{
		p("bfs/nine", "", 0, "out:236158-47", "bfs", "100", "236158-47", "12345678-"),
		p("bfs/no-solution", "", 0, "out:", "bfs", "100", "12345678-", "12345687-"),
		p("bfs/too-short", "", 0, "out:", "bfs", "1", "236158-47", "12345678-"),
		p("bfs/zero-length", "", 0, "out:12345678-", "bfs", "0", "12345678-", "12345678-"),
		p("bfs/count", "", 0, "out:10", "bfs", "-n", "100", "236158-47", "12345678-"),
		p("bfs/json", "", 0, "out:\"length\":10,\"optimal\":true", "bfs", "-json", "100", "236158-47", "12345678-"),
		p("bfs/rows", "", 0, "out:236158-47", "bfs", "-r", "100", "236158-47", "12345678-"),
		p("bfs/no-args", "", 1, "err:slide bfs: standard input: empty input: want a size line", "bfs"),
		p("bfs/one-arg", "", 2, "err:slide bfs: want [HEIGHT WIDTH] MAXLENGTH INITIAL GOAL, got 1 argument (or a board FILE: open 100: no such file or directory)", "bfs", "100"),
		p("bfs/board-file", "", 0, "out:3\n1 2 3\n4 5 6\n7 0 8\n3\n1 2 3\n4 5 6\n7 8 0\n", "bfs", "{dir}/b3.txt"),
		p("bfs/board-stdin", board3x3One, 0, "out:1\n", "bfs", "-n", "-goal", "{dir}/goal3.txt"),
		p("bfs/goal-positions", "", 2, "err:slide bfs: -goal FILE is for a board FILE: the positions give GOAL", "bfs", "-goal", "{dir}/goal3.txt", "100", "236158-47", "12345678-"),
		p("bfs/two-args", "", 2, "err:slide bfs: want [HEIGHT WIDTH] MAXLENGTH INITIAL GOAL, got 2 arguments (or at most one FILE; flags go before them)", "bfs", "100", "236158-47"),
		p("bfs/four-args", "", 2, "err:slide bfs: want [HEIGHT WIDTH] MAXLENGTH INITIAL GOAL, got 4 arguments", "bfs", "3", "100", "236158-47", "12345678-"),
		p("bfs/six-args", "", 2, "err:slide bfs: want [HEIGHT WIDTH] MAXLENGTH INITIAL GOAL, got 6 arguments", "bfs", "3", "3", "100", "236158-47", "12345678-", "x"),
		p("bfs/length-negative", "", 1, "err:slide bfs: MAXLENGTH \"-1\" is not a nonnegative integer", "bfs", "--", "-1", "236158-47", "12345678-"),
		p("bfs/length-letters", "", 1, "err:slide bfs: MAXLENGTH \"many\" is not a nonnegative integer", "bfs", "many", "236158-47", "12345678-"),
		p("bfs/length-overflow", "", 0, "out:236158-47", "bfs", "99999999999999999999", "236158-47", "12345678-"),
		p("bfs/length-float", "", 1, "err:slide bfs: MAXLENGTH \"1.5\" is not a nonnegative integer", "bfs", "1.5", "236158-47", "12345678-"),
		p("bfs/initial-short", "", 1, "err:slide bfs: INITIAL \"236158-4\": 8 characters, want 9 for 3 x 3", "bfs", "100", "236158-4", "12345678-"),
		p("bfs/goal-long", "", 1, "err:slide bfs: GOAL \"12345678-9\": 10 characters, want 9 for 3 x 3", "bfs", "100", "236158-47", "12345678-9"),
		p("bfs/no-blank", "", 1, "err:slide bfs: INITIAL \"236158947\": no blank (-)", "bfs", "100", "236158947", "12345678-"),
		p("bfs/two-blanks", "", 1, "err:slide bfs: INITIAL \"23615--47\": more than one blank (-)", "bfs", "100", "23615--47", "1234567--"),
		p("bfs/goal-other-tiles", "", 1, "err:slide bfs: INITIAL and GOAL hold different tiles: '8' appears 1 times in INITIAL and 0 in", "bfs", "100", "236158-47", "12345679-"),
		p("bfs/repeated-labels", "", 0, "out:aab-\naa-b\n-aab\n", "bfs", "2", "2", "100", "aab-", "-aab"),
		p("bfs/2x2", "", 0, "out:", "bfs", "2", "2", "100", "13-2", "123-"),
		p("bfs/height-0", "", 1, "err:slide bfs: HEIGHT \"0\" is not a positive integer", "bfs", "0", "3", "100", "", ""),
		p("bfs/height-1", "", 0, "out:1-2", "bfs", "1", "3", "100", "1-2", "12-"),
		p("bfs/1x1", "", 0, "out:-", "bfs", "1", "1", "100", "-", "-"),
		p("bfs/height-negative", "", 1, "err:slide bfs: HEIGHT \"-3\" is not a positive integer", "bfs", "--", "-3", "3", "100", "236158-47", "12345678-"),
		p("bfs/height-letters", "", 1, "err:slide bfs: HEIGHT \"h\" is not a positive integer", "bfs", "h", "3", "100", "236158-47", "12345678-"),
		p("bfs/height-overflow", "", 1, "err:slide bfs: HEIGHT \"99999999999999999999\" is not a positive integer", "bfs", "99999999999999999999", "3", "100", "236158-47", "12345678-"),
		p("bfs/5x5", "", 0, "out:123456789abcdefghijklmn-o", "bfs", "5", "5", "10", "123456789abcdefghijklmn-o", "123456789abcdefghijklmno-"),
		p("bfs/256x256", "", 1, "err:slide bfs: size 256 x 256: more than 65535 cells", "bfs", "256", "256", "1", "-1", "1-"),
		p("bfs/initial-dash", "", 0, "out:-23156478", "bfs", "100", "-23156478", "12345678-"),
		p("bfs/space-label", "", 1, "err:slide bfs: INITIAL and GOAL hold different tiles: ' ' appears 1 times in INITIAL and 0 in", "bfs", "100", "2 6158-47", "12345678-"),
		p("bfs/control-label", "", 1, "err:slide bfs: INITIAL \"2\\x016158-47\": character U+0001 is not a printable tile", "bfs", "100", "2\x016158-47", "12345678-"),
		p("bfs/nul-label", "", 1, "err:slide bfs: INITIAL \"2\\x006158-47\": character U+0000 is not a printable tile", "bfs", "100", "2\x006158-47", "12345678-"),
		p("bfs/utf8-label", "", 1, "err:slide bfs: INITIAL and GOAL hold different tiles: '3' appears 0 times in INITIAL and 1 in", "bfs", "100", "2é6158-47", "12345678-"),
		p("bfs/unknown-flag", "", 2, "err:slide bfs: flag provided but not defined: -x", "bfs", "-x", "100", "236158-47", "12345678-"),
		p("bfs/max-memory-garbage", "", 2, "err:slide bfs: invalid value \"lots\" for flag -max-memory: \"lots\" is not a size: want a number", "bfs", "-max-memory", "lots", "100", "236158-47", "12345678-"),
		p("bfs/max-memory-tiny", "", 1, "err:slide bfs: the search outgrew its memory bound after 0 positions: try a smaller", "bfs", "-max-memory", "1KB", "100", "236158-47", "12345678-"),
		p("bfs/help", "", 0, "out:usage: slide bfs [-r] [-n] [-max-memory SIZE] [HEIGHT WIDTH] MAXLENGTH INITIAL GOAL", "bfs", "-h"),
	}
}

func probeHint() []probeCase {
	h := func(name, stdin string, status int, want string, args ...string) probeCase {
		return p("hint/"+name, stdin, status, want, append([]string{"hint"}, args...)...)
	}
	return []probeCase{
		h("one", hintOne, 0, "out:Configuration 1:"),
		h("file", "", 0, "out:Configuration 1:", "{dir}/hint.txt"),
		h("nilsson", hintOne, 0, "out:Configuration 1:", "-value", "nilsson"),
		h("spiral", hintOne, 0, "out:Configuration 1:", "-goal", "spiral"),
		h("nilsson-4x4", "1\n4 4\n1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 0 15\n", 0, "out:Configuration 1:", "-value", "nilsson"),
		h("spiral-2x3", "1\n2 3\n1 2 3\n4 0 5\n", 0, "out:Configuration 1:", "-goal", "spiral"),
		h("value-unknown", hintOne, 2, "err:slide hint: invalid value \"euclid\" for flag -value: want one of manhattan, nilsson", "-value", "euclid"),
		h("goal-unknown", hintOne, 2, "err:slide hint: -goal \"circle\": want standard or spiral, or a FILE: no such file or directory", "-goal", "circle"),
		h("goal-file", hintOne, 0, "out:Configuration 1:", "-goal", "{dir}/goal3.txt"),
		h("goal-file-size", "1\n2 2\n1 2\n3 0\n", 1, "err:slide hint: standard input: configuration 1: start is 2 x 2, goal is 3 x 3", "-goal", "{dir}/goal3.txt"),
		h("goal-stdin-both", hintOne, 2, "err:slide hint: the start and the goal cannot both come from standard input", "-goal", "-"),
		h("board-file", "", 0, "out:Configuration 1:\ncurrent configuration:\n    1 2 3\n    4 5 6\n    7 0 8\nvalue: 1\n", "{dir}/b3.txt"),
		h("unknown-flag", hintOne, 2, "err:slide hint: flag provided but not defined: -x", "-x"),
		h("two-files", "", 2, "err:slide hint: want at most one FILE, got 2 arguments (flags go before FILE)", "{dir}/hint.txt", "{dir}/hint.txt"),
		h("missing-file", "", 1, "err:no such file or directory", "{dir}/nosuch.txt"),
		h("folder", "", 1, "err:is a directory", "{dir}/folder"),
		h("empty", "", 1, "err:slide hint: standard input: want the number of configurations, got the end of the input"),
		h("whitespace", " \n\t\n", 1, "err:slide hint: standard input: want the number of configurations, got the end of the input"),
		h("zero", "0\n", 0, "out:"),
		h("count-negative", "-1\n", 1, "err:slide hint: standard input: -1 configurations: want 0 or more"),
		h("count-letters", "x\n", 1, "err:slide hint: standard input: want the number of configurations, got \"x\""),
		h("count-overflow", "99999999999999999999\n", 1, "err:slide hint: standard input: want the number of configurations, got \"99999999999999999999\""),
		h("count-huge", "1000000000\n3 3\n1 2 3\n4 5 6\n7 0 8\n", 1, "err:slide hint: standard input: configuration 2: want the number of rows, got the end of the"),
		h("count-short", "2\n3 3\n1 2 3\n4 5 6\n7 0 8\n", 1, "err:slide hint: standard input: configuration 2: want the number of rows, got the end of the"),
		h("count-long", "1\n3 3\n1 2 3\n4 5 6\n7 0 8\n3 3\n1 2 3\n4 5 6\n7 0 8\n", 1, "err:slide hint: standard input: unexpected \"3\" after configuration 1, the last"),
		h("rows-0", "1\n0 3\n", 1, "err:slide hint: standard input: configuration 1: size 0 x 3: rows and columns must be at"),
		h("1x1", "1\n1 1\n0\n", 1, "err:slide hint: standard input: configuration 1: size 1 x 1: a board needs at least 2 cells"),
		h("1x2", "1\n1 2\n1 0\n", 0, "out:Configuration 1:"),
		h("rows-negative", "1\n-3 3\n", 1, "err:slide hint: standard input: configuration 1: size -3 x 3: rows and columns must be at"),
		h("rows-huge", "1\n100000 100000\n0 1\n", 1, "err:slide hint: standard input: configuration 1: size 100000 x 100000: more than 65535 cells"),
		h("rows-overflow", "1\n99999999999999999999 3\n", 1, "err:slide hint: standard input: configuration 1: want the number of rows, got"),
		h("256x256", "1\n256 256\n0 1\n", 1, "err:slide hint: standard input: configuration 1: size 256 x 256: more than 65535 cells"),
		h("missing-cols", "1\n3\n1 2 3\n4 5 6\n7 0 8\n", 1, "err:slide hint: standard input: configuration 1: tile 3 out of range 1..2"),
		h("short", "1\n3 3\n1 2 3\n4 5 6\n7 0\n", 1, "err:slide hint: standard input: configuration 1: want tile 9 of 9, got the end of the input"),
		h("repeated", "1\n3 3\n1 2 3\n4 5 6\n7 7 0\n", 1, "err:slide hint: standard input: configuration 1: tile 7 appears twice"),
		h("no-blank", "1\n3 3\n1 2 3\n4 5 6\n7 9 8\n", 1, "err:slide hint: standard input: configuration 1: tile 9 out of range 1..8"),
		h("tile-negative", "1\n3 3\n1 2 3\n4 5 6\n7 0 -8\n", 1, "err:slide hint: standard input: configuration 1: tile -8 is negative"),
		h("tile-letters", "1\n3 3\n1 2 3\n4 5 6\n7 0 x\n", 1, "err:slide hint: standard input: configuration 1: want tile 9 of 9, got \"x\""),
		h("tile-overflow", "1\n3 3\n1 2 3\n4 5 6\n7 0 99999999999999999999\n", 1, "err:slide hint: standard input: configuration 1: want tile 9 of 9, got \"99999999999999999999\""),
		h("crlf", strings.ReplaceAll(hintOne, "\n", "\r\n"), 0, "out:Configuration 1:"),
		h("cr-only", strings.ReplaceAll(hintOne, "\n", "\r"), 0, "out:Configuration 1:"),
		h("nul", "1\n3 3\n1 2 3\n4 5 6\n7 0 8\x00\n", 1, "err:slide hint: standard input: configuration 1: line 5, column 6: \"\\x00\" is a control"),
		h("control", "1\n3 3\n1 2 3\n4 5\x02 6\n7 0 8\n", 1, "err:slide hint: standard input: configuration 1: line 4, column 4: \"\\x02\" is a control"),
		h("utf8-junk", "1\n3 3\n1 2 3\n4 5 6\n7 0 ８\n", 1, "err:slide hint: standard input: configuration 1: want tile 9 of 9, got \"８\""),
		h("bom", "\ufeff"+hintOne, 0, "out:Configuration 1:"),
		h("second-bad", "2\n3 3\n1 2 3\n4 5 6\n7 0 8\n3 3\n1 1 3\n4 5 6\n7 0 8\n", 1, "err:slide hint: standard input: configuration 2: tile 1 appears twice"),
	}
}

func probeBlocks() []probeCase {
	b := func(name, file string, status int, want string, args ...string) probeCase {
		return pf("blocks/"+name, file, status, want, append(append([]string{"blocks"}, args...), "{file}")...)
	}
	return []probeCase{
		b("solved", blocksSolved, 0, "out:Solved already: piece Z is in the last column (0 moves)"),
		b("easy", blocksEasy, 0, "out:1. Piece Z right 2 spaces"),
		b("json", blocksEasy, 0, "out:{\"start\":\"3 4\\n2 1 2 1 h\\n1 1 1 1 b\\n\",\"goal\":\"piece Z in the last", "-json"),
		b("unsolvable", "3 4\n2 1 2 1 h\n2 4 1 1 n\n1 1 1 1 b\n", 0, "out:No solution: piece Z cannot reach the last column"),
		b("metric-step", blocksEasy, 0, "out:Piece Z right", "-metric", "step"),
		b("metric-piece", blocksEasy, 0, "out:Piece Z", "-metric", "piece"),
		b("metric-line", blocksEasy, 2, "err:slide blocks: -metric: unknown block metric \"line\" (want straight, step or piece)", "-metric", "line"),
		b("metric-unknown", blocksEasy, 2, "err:slide blocks: -metric: unknown block metric \"diagonal\" (want straight, step or piece)", "-metric", "diagonal"),
		b("max-memory-garbage", blocksEasy, 2, "err:slide blocks: invalid value \"lots\" for flag -max-memory: \"lots\" is not a size: want a", "-max-memory", "lots"),
		b("max-memory-0", blocksEasy, 2, "err:slide blocks: invalid value \"0\" for flag -max-memory: \"0\" is less than a byte", "-max-memory", "0"),
		b("max-memory-tiny", blocksEasy, 1, "err:search stopped at its memory limit (1000 B) after 0 expansions (raise it with", "-max-memory", "1KB"),
		b("empty", "", 1, "err:no size line: want \"rows cols\" first"),
		b("whitespace", " \n\t\n", 1, "err:no size line: want \"rows cols\" first"),
		b("comments-only", "# nothing\n# here\n", 1, "err:no size line: want \"rows cols\" first"),
		b("size-only", "3 4\n", 1, "err:no valid piece: a puzzle needs a goal piece"),
		b("size-0", "0 4\n1 1 1 1 b\n", 1, "err:line 1: size 0 x 4: rows and columns must be at least 1"),
		b("size-negative", "-3 4\n1 1 1 1 b\n", 1, "err:line 1: size -3 x 4: rows and columns must be at least 1"),
		b("size-one-number", "4\n1 1 1 1 b\n", 1, "err:line 1: size line \"4\" has 1 fields, want rows cols"),
		b("size-three-numbers", "4 4 4\n1 1 1 1 b\n", 1, "err:line 1: size line \"4 4 4\" has 3 fields, want rows cols"),
		b("size-letters", "a b\n1 1 1 1 b\n", 1, "err:line 1: size \"a\" is not an integer"),
		b("size-overflow", "99999999999999999999 4\n1 1 1 1 b\n", 1, "err:line 1: size \"99999999999999999999\" is not an integer"),
		b("size-huge", "100000 100000\n1 1 1 1 b\n", 1, "err:line 1: size 100000 x 100000: more than 65535 cells"),
		b("size-256", "256 256\n1 1 1 1 h\n", 1, "err:line 1: size 256 x 256: more than 65535 cells"),
		b("1x1", "1 1\n1 1 1 1 b\n", 0, "out:Solved already"),
		b("goal-outside", "3 4\n3 4 2 1 h\n1 1 1 1 b\n", 0, "out:line 2: piece \"3 4 2 1 h\" at row 3, column 4, 2 wide and 1 high, does not fit in the 3 x"),
		b("goal-bad-motion", "3 4\n2 1 2 1 x\n1 1 1 1 b\n", 0, "out:line 2: piece \"2 1 2 1 x\": motion \"x\" is not h, v, b or n; discarded"),
		b("piece-outside", "3 4\n2 1 2 1 h\n9 9 1 1 b\n", 0, "out:line 3: piece \"9 9 1 1 b\" at row 9, column 9, 1 wide and 1 high, does not fit in the 3 x"),
		b("piece-overlap", "3 4\n2 1 2 1 h\n2 2 1 1 b\n", 0, "out:line 3: piece \"2 2 1 1 b\" overlaps the piece of line 2; discarded"),
		b("piece-width-0", "3 4\n2 1 2 1 h\n1 1 0 1 b\n", 0, "out:line 3: piece \"1 1 0 1 b\" is 0 x 1: width and height must be at least 1; discarded"),
		b("piece-row-0", "3 4\n2 1 2 1 h\n0 1 1 1 b\n", 0, "out:line 3: piece \"0 1 1 1 b\" at row 0, column 1 is outside the grid (rows and columns count"),
		b("piece-negative", "3 4\n2 1 2 1 h\n-1 1 1 1 b\n", 0, "out:line 3: piece \"-1 1 1 1 b\" at row -1, column 1 is outside the grid (rows and columns"),
		b("piece-overflow", "3 4\n2 1 2 1 h\n1 99999999999999999999 1 1 b\n", 0, "out:line 3: piece \"1 99999999999999999999 1 1 b\": column \"99999999999999999999\" is not an"),
		b("piece-few-fields", "3 4\n2 1 2 1 h\n1 1 1 b\n", 0, "out:line 3: piece \"1 1 1 b\" has 4 fields, want row col width height motion; discarded"),
		b("piece-many-fields", "3 4\n2 1 2 1 h\n1 1 1 1 b Q R\n", 0, "out:line 3: piece \"1 1 1 1 b Q R\" has 7 fields, want row col width height motion and at most"),
		b("piece-letters", "3 4\n2 1 2 1 h\nx 1 1 1 b\n", 0, "out:line 3: piece \"x 1 1 1 b\": row \"x\" is not an integer; discarded"),
		b("piece-motion-upper", "3 4\n2 1 2 1 H\n1 1 1 1 b\n", 0, "out:line 2: piece \"2 1 2 1 H\": motion \"H\" is not h, v, b or n; discarded"),
		b("name-repeated", "3 4\n2 1 2 1 h Q\n1 1 1 1 b Q\n", 0, "out:line 3: piece \"1 1 1 1 b Q\" has the name Q of the piece of line 2; discarded"),
		b("name-symbol", "3 4\n2 1 2 1 h\n1 1 1 1 b ?\n", 0, "out:line 3: piece \"1 1 1 1 b ?\": name \"?\" is not one letter or digit; discarded"),
		b("name-long", "3 4\n2 1 2 1 h\n1 1 1 1 b QQ\n", 0, "out:line 3: piece \"1 1 1 1 b QQ\": name \"QQ\" is not one letter or digit; discarded"),
		b("all-discarded", "3 4\n9 9 1 1 b\n8 8 1 1 b\n", 1, "err:no valid piece: a puzzle needs a goal piece"),
		b("crlf", strings.ReplaceAll(blocksEasy, "\n", "\r\n"), 0, "out:1. Piece Z right 2 spaces"),
		b("cr-only", strings.ReplaceAll(blocksEasy, "\n", "\r"), 0, "out:1. Piece Z right 2 spaces"),
		b("nul", "3 4\n2 1 2 1 h\x00\n1 1 1 1 b\n", 1, "err:line 2, column 10: \"\\x00\" is a control character, not text"),
		b("control", "3 4\n2 1 2 1 h\n1 1 1 1\x03 b\n", 1, "err:line 3, column 8: \"\\x03\" is a control character, not text"),
		b("utf8-junk", "3 4\n2 1 2 1 h\n1 1 1 1 b é\n", 0, "out:1. Piece Z right 2 spaces"),
		b("bom", "\ufeff"+blocksEasy, 0, "out:1. Piece Z right 2 spaces"),
		b("svg-itself", blocksEasy, 1, "err:", "-svg", "{file}"),
		b("svg-folder", blocksEasy, 1, "err:is a folder, not a file", "-svg", "{dir}/folder"),
		b("svg-link", blocksEasy, 1, "err:is a symbolic link, not a regular file", "-svg", "{dir}/link.svg"),
		b("unknown-flag", blocksEasy, 2, "err:slide blocks: flag provided but not defined: -x", "-x"),
		p("blocks/no-file", "", 2, "err:slide blocks: want one FILE, got 0", "blocks"),
		p("blocks/two-files", "", 2, "err:slide blocks: want one FILE, got 2", "blocks", "{dir}/blocks.txt", "{dir}/blocks.txt"),
		p("blocks/missing-file", "", 1, "err:no such file or directory", "blocks", "{dir}/nosuch.txt"),
		p("blocks/folder", "", 1, "err:is a directory", "blocks", "{dir}/folder"),
		p("blocks/stdin", blocksEasy, 0, "out:1. Piece Z right 2 spaces", "blocks", "-"),
		p("blocks/help", "", 0, "out:usage: slide blocks [-h] [-json] [-svg PICTURE] [-metric straight|step|piece]", "blocks", "-help"),
		p("blocks/rush", "", 0, "out:Shortest solution", "blocks", "-rush", rushEasy),
		p("blocks/rush-json", "", 0, "out:\"solvable\":true", "blocks", "-json", "-rush", rushEasy),
		p("blocks/rush-short", "", 1, "err:slide blocks: -rush: \"..B.CC..B...AAB...DDD..E.....E.....\" has 35 characters, want 36 (6", "blocks", "-rush", rushEasy[:35]),
		p("blocks/rush-long", "", 1, "err:slide blocks: -rush: \"..B.CC..B...AAB...DDD..E.....E.....E.\" has 37 characters, want 36", "blocks", "-rush", rushEasy+"."),
		p("blocks/rush-empty", "", 1, "err:slide blocks: -rush: \"\" has 0 characters, want 36", "blocks", "-rush", ""),
		p("blocks/rush-bad-letter", "", 1, "err:slide blocks: -rush: character '?' at 2 is not '.', 'o', 'x' or a capital letter", "blocks", "-rush", strings.Replace(rushEasy, "B", "?", 3)),
		p("blocks/rush-no-red", "", 1, "err:slide blocks: -rush: no red car A", "blocks", "-rush", strings.Replace(rushEasy, "AA", "..", 1)),
		p("blocks/rush-red-vertical", "", 1, "err:slide blocks: -rush: red car A is vertical: it must lie in a row to leave by the right", "blocks", "-rush", "A.....A....................................."[:36]),
		p("blocks/rush-single-cell", "", 1, "err:slide blocks: -rush: no red car A", "blocks", "-rush", "B..................................."),
		p("blocks/rush-bent-car", "", 1, "err:slide blocks: -rush: vehicle B: its 3 cells are not in one row or column, side by side", "blocks", "-rush", "BB....B.....AA......................"),
		p("blocks/rush-and-file", "", 2, "err:slide blocks: give a FILE or -rush STRING, not both", "blocks", "-rush", rushEasy, "{dir}/blocks.txt"),
		p("blocks/rush-html", "", 2, "err:slide blocks: -h writes FILE.html: it needs a FILE, not -rush", "blocks", "-h", "-rush", rushEasy),
		p("blocks/rush-utf8", "", 1, "err:slide blocks: -rush: \"éB.CC..B...AAB...DDD..E.....E.....E\" has 35 characters, want 36 (6", "blocks", "-rush", strings.Replace(rushEasy, "..", "é", 1)),
	}
}

func probeBench() []probeCase {
	b := func(name, file string, status int, want string, args ...string) probeCase {
		return pf("bench/"+name, file, status, want, append(append([]string{"bench"}, args...), "{file}")...)
	}
	return []probeCase{
		b("one", benchOne, 0, "out:a 1 1 2"),
		b("json", benchOne, 0, "out:{\"id\":\"a\",\"start\":\"3\\n1 0 2\\n3 4 5\\n6 7", "-json"),
		b("wrong-optimal", "a 5 1 0 2 3 4 5 6 7 8\n", 1, "err:slide bench: instance a: 1 moves, but the file says 5 are optimal"),
		b("empty", "", 1, "err:no instances"),
		b("comments", "# nothing\n\n# here\n", 1, "err:no instances"),
		b("id-only", "a\n", 1, "err:line 1: want id, optimal length and tiles, got 1 fields"),
		b("no-tiles", "a 1\n", 1, "err:line 1: want id, optimal length and tiles, got 2 fields"),
		b("short", "a 1 1 0 2 3 4 5 6 7\n", 1, "err:line 1: 8 tiles do not make a square board"),
		b("not-square", "a 1 1 0 2 3 4 5\n", 1, "err:line 1: 6 tiles do not make a square board"),
		b("repeated", "a 1 1 1 2 3 4 5 6 7 8\n", 1, "err:line 1: tile 1 appears twice"),
		b("no-blank", "a 1 1 9 2 3 4 5 6 7 8\n", 1, "err:line 1: tile 9 out of range 1..8"),
		b("tile-negative", "a 1 1 0 2 3 4 5 6 7 -8\n", 1, "err:line 1: tile -8 is negative"),
		b("tile-letters", "a 1 1 0 2 3 4 5 6 7 x\n", 1, "err:line 1: tile \"x\" is not an integer"),
		b("tile-overflow", "a 1 1 0 2 3 4 5 6 7 99999999999999999999\n", 1, "err:line 1: tile \"99999999999999999999\" is not an integer"),
		b("optimal-letters", "a one 1 0 2 3 4 5 6 7 8\n", 1, "err:line 1: optimal length \"one\" is not a number of moves"),
		b("optimal-negative", "a -1 1 0 2 3 4 5 6 7 8\n", 1, "err:line 1: optimal length \"-1\" is not a number of moves"),
		b("optimal-overflow", "a 99999999999999999999 1 0 2 3 4 5 6 7 8\n", 1, "err:line 1: optimal length \"99999999999999999999\" is not a number of moves"),
		b("unsolvable", "a 1 2 1 0 3 4 5 6 7 8\n", 1, "err:slide bench: instance a: goal cannot be reached from start: the permutation and the"),
		b("one-cell", "a 0 0\n", 1, "err:line 1: want id, optimal length and tiles, got 3 fields"),
		b("bad-second", benchOne+"b 1 1 1 2 3 4 5 6 7 8\n", 1, "err:line 2: tile 1 appears twice"),
		b("crlf", strings.ReplaceAll(benchOne, "\n", "\r\n"), 0, "out:a 1 1 2"),
		b("cr-only", benchOne+"\r"+benchOne, 0, "out:a 1 1 2"),
		b("nul", "a 1 1 0 2 3 4 5 6 7 8\x00\n", 1, "err:line 1, column 22: \"\\x00\" is a control character, not text"),
		b("control", "a 1 1 0 2 3 4\x04 5 6 7 8\n", 1, "err:line 1, column 14: \"\\x04\" is a control character, not text"),
		b("utf8-id", "é 1 1 0 2 3 4 5 6 7 8\n", 0, "out:é 1 1 2"),
		b("bom", "\ufeff"+benchOne, 0, "out:a 1 1 2"),
		b("sizes-mixed", benchOne+"b 1 1 0 2 3\n", 0, "out:a 1 1 2"),
		b("j-0", benchOne, 2, "err:slide bench: -j 0: want 1 to 1024 instances at once", "-j", "0"),
		b("j-negative", benchOne, 2, "err:slide bench: -j -1: want 1 to 1024 instances at once", "-j", "-1"),
		b("j-huge", benchOne, 2, "err:slide bench: -j 1000000000: want 1 to 1024 instances at once", "-j", "1000000000"),
		b("j-most", benchOne, 0, "out:a 1 1 2", "-j", "1024"),
		b("j-letters", benchOne, 2, "err:slide bench: invalid value \"x\" for flag -j: parse error", "-j", "x"),
		b("j-2", benchOne+"b 1 3 1 2 0 4 5 6 7 8\n", 0, "out:a 1 1 2", "-j", "2"),
		b("shard", benchOne, 0, "out:a 1 1 2", "-shard", "0/2"),
		b("shard-out-of-range", benchOne, 2, "err:slide bench: invalid value \"2/2\" for flag -shard: shard 2 of 2: want 0 to 1 (shards count", "-shard", "2/2"),
		b("shard-0-of-0", benchOne, 2, "err:slide bench: invalid value \"0/0\" for flag -shard: 0 shards: want at least 1", "-shard", "0/0"),
		b("shard-negative", benchOne, 2, "err:slide bench: invalid value \"-1/2\" for flag -shard: shard -1 of 2: want 0 to 1 (shards", "-shard", "-1/2"),
		b("shard-garbage", benchOne, 2, "err:slide bench: invalid value \"x\" for flag -shard: want K/N, two integers such as 0/4", "-shard", "x"),
		b("shard-three", benchOne, 2, "err:slide bench: invalid value \"1/2/3\" for flag -shard: want K/N, two integers such as 0/4", "-shard", "1/2/3"),
		b("shard-overflow", benchOne, 2, "err:slide bench: invalid value \"0/99999999999999999999\" for flag -shard: want K/N, two", "-shard", "0/99999999999999999999"),
		b("w-0", benchOne, 2, "err:slide bench: invalid value \"0\" for flag -w: weight 0: want a finite number of at least 1", "-w", "0"),
		b("w-nan", benchOne, 2, "err:slide bench: invalid value \"NaN\" for flag -w: weight NaN: want a finite number of at least 1", "-w", "NaN"),
		b("w-2", benchOne, 0, "out:mean 1.00 1.00 1.0000", "-w", "2"),
		b("time-0", benchOne, 2, "err:slide bench: invalid value \"0\" for flag -time: want a duration above 0, such as 1s or", "-time", "0"),
		b("time-negative", benchOne, 2, "err:slide bench: invalid value \"-1s\" for flag -time: time limit -1s: want a positive duration", "-time", "-1s"),
		b("fast", benchOne, 0, "out:mean 1.00 1.00 1.0000", "-fast"),
		b("fast-pdb78", benchOne, 2, "err:slide bench: -heuristic pdb78: Solver.Heuristic: the fast mode does not use it", "-fast", "-heuristic", "pdb78"),
		b("w-and-time", benchOne, 2, "err:slide bench: -w, -time and -fast exclude each other", "-w", "2", "-time", "1s"),
		b("workers-negative", benchOne, 2, "err:slide bench: -workers -1: -1 workers: want 0 (one per core) to 1024", "-workers", "-1"),
		b("max-memory-garbage", benchOne, 2, "err:slide bench: invalid value \"lots\" for flag -max-memory: \"lots\" is not a size: want a", "-max-memory", "lots"),
		b("max-memory-tiny", benchOne, 0, "out:a 1 1 2", "-max-memory", "1KB"),
		b("heuristic-unknown", benchOne, 2, "err:slide bench: invalid value \"magic\" for flag -heuristic: unknown heuristic \"magic\" (want", "-heuristic", "magic"),
		b("heuristic-pdb663-3x3", benchOne, 1, "err:slide bench: pdb663 is for 4 x 4 boards, not 3 x 3", "-heuristic", "pdb663"),
		b("algorithm-unknown", benchOne, 2, "err:slide bench: invalid value \"dfs\" for flag -algorithm: unknown algorithm \"dfs\" (want auto,", "-algorithm", "dfs"),
		b("partition-garbage", benchOne, 2, "err:slide bench: -partition: group 1: \"a\" is not a tile label", "-partition", "a/b"),
		b("partition-3x3", benchOne, 0, "out:a 1 1 2", "-partition", "1 2 3 4/5 6 7 8"),
		b("unknown-flag", benchOne, 2, "err:slide bench: flag provided but not defined: -x", "-x"),
		p("bench/no-file", "", 1, "err:slide bench: standard input: no instances", "bench"),
		p("bench/two-files", "", 2, "err:slide bench: want at most one FILE, got 2 arguments (flags go before FILE)", "bench", "{dir}/bench.txt", "{dir}/bench.txt"),
		p("bench/flag-after-file", "", 2, "err:slide bench: want at most one FILE, got 3 arguments (flags go before FILE)", "bench", "{dir}/bench.txt", "-j", "2"),
		p("bench/goal-stdin-both", board3x3One, 2, "err:slide bench: the start and the goal cannot both come from standard input", "bench", "-goal", "-"),
		p("bench/board-stdin-goal", board3x3One, 0, "out:1 1 ", "bench", "-workers", "1", "-goal", "{dir}/goal3.txt"),
		p("bench/board-file", "", 0, "out:1 1 ", "bench", "-workers", "1", "{dir}/b3.txt"),
		p("bench/missing-file", "", 1, "err:no such file or directory", "bench", "{dir}/nosuch.txt"),
		p("bench/folder", "", 1, "err:is a directory", "bench", "{dir}/folder"),
		p("bench/stdin", benchOne, 0, "out:a 1 1 2", "bench", "-"),
	}
}

func probePDB() []probeCase {
	return []probeCase{
		p("pdb/no-verb", "", 2, "err:slide pdb: want \"build NAME\", \"verify [NAME...]\", \"list\" or \"clean [NAME...]\"", "pdb"),
		p("pdb/unknown-verb", "", 2, "err:slide pdb: want \"build NAME\", \"verify [NAME...]\", \"list\" or \"clean [NAME...]\"", "pdb", "make"),
		p("pdb/help", "", 0, "out:usage: slide pdb build NAME", "pdb", "-h"),
		p("pdb/build-help", "", 0, "out:usage: slide pdb build NAME", "pdb", "build", "-h"),
		p("pdb/list", "", 0, "out:", "pdb", "list"),
		p("pdb/list-extra", "", 2, "err:slide pdb: list takes no arguments", "pdb", "list", "pdb555"),
		p("pdb/list-flag", "", 2, "err:slide pdb: list takes no arguments", "pdb", "list", "-size", "3"),
		p("pdb/build-no-name", "", 2, "err:slide pdb: want \"build NAME\", got 0 arguments (flags go before NAME)", "pdb", "build"),
		p("pdb/build-unknown", "", 2, "err:slide pdb: \"pdb999\" is not a pattern database (want pdb555, pdb663, pdb78, pdb6666, pdb35", "pdb", "build", "pdb999"),
		p("pdb/build-empty-name", "", 2, "err:slide pdb: \"\" is not a pattern database (want pdb555, pdb663, pdb78, pdb6666, pdb35, pdb48 or", "pdb", "build", ""),
		p("pdb/build-path-name", "", 2, "err:slide pdb: \"../../etc/passwd\" is not a pattern database (want pdb555, pdb663, pdb78,", "pdb", "build", "../../etc/passwd"),
		p("pdb/build-two-names", "", 2, "err:slide pdb: want \"build NAME\", got 2 arguments (flags go before NAME)", "pdb", "build", "pdb999", "pdb998"),
		p("pdb/build-name-and-partition", "", 2, "err:slide pdb: NAME and -partition exclude each other", "pdb", "build", "-size", "3", "-partition", "1 2 3 4/5 6 7 8", "pdb555"),
		p("pdb/build-tiny", "", 0, "out:", "pdb", "build", "-size", "3", "-partition", "1 2 3 4/5 6 7 8"),
		p("pdb/build-tiny-2x3", "", 0, "out:", "pdb", "build", "-size", "2x3", "-partition", "1 2 3/4 5"),
		p("pdb/build-tiny-goal", "", 0, "out:", "pdb", "build", "-goal", "{dir}/goal3.txt", "-partition", "1 2 3 4/5 6 7 8"),
		p("pdb/build-goal-size-differs", "", 2, "err:slide pdb: -size is 4 x 4 but the -goal board is 3 x 3", "pdb", "build", "-size", "4", "-goal", "{dir}/goal3.txt", "-partition", "1 2 3 4/5 6 7 8"),
		p("pdb/build-goal-missing", "", 1, "err:no such file or directory", "pdb", "build", "-goal", "{dir}/nosuch.txt", "-partition", "1 2 3 4/5 6 7 8"),
		p("pdb/build-goal-garbage", "", 1, "err:line 1: size line has 3 fields, want n or rows cols", "pdb", "build", "-goal", "{dir}/garbage.txt", "-partition", "1 2 3 4/5 6 7 8"),
		p("pdb/build-no-size", "", 2, "err:slide pdb: -partition needs -size or -goal", "pdb", "build", "-partition", "1 2 3 4/5 6 7 8"),
		p("pdb/build-size-only", "", 2, "err:slide pdb: -size and -goal describe a -partition database", "pdb", "build", "-size", "3"),
		p("pdb/size-0x0", "", 2, "err:slide pdb: -size: size 0 x 0: rows and columns must be at least 1", "pdb", "build", "-size", "0x0", "-partition", "1"),
		p("pdb/size-1x1", "", 2, "err:slide pdb: -size: size 1 x 1: a board needs at least 2 cells", "pdb", "build", "-size", "1x1", "-partition", "1"),
		p("pdb/size-1x3", "", 2, "err:slide pdb: -partition: pattern databases take boards of at least 2 x 2 and at most 64", "pdb", "build", "-size", "1x3", "-partition", "1 2"),
		p("pdb/size-trailing-x", "", 2, "err:slide pdb: -size: \"3x\" is not a board size: want RxC, such as 3x5, or N for N x N", "pdb", "build", "-size", "3x", "-partition", "1 2 3 4/5 6 7 8"),
		p("pdb/size-leading-x", "", 2, "err:slide pdb: -size: \"x3\" is not a board size: want RxC, such as 3x5, or N for N x N", "pdb", "build", "-size", "x3", "-partition", "1 2 3 4/5 6 7 8"),
		p("pdb/size-letters", "", 2, "err:slide pdb: -size: \"big\" is not a board size: want RxC, such as 3x5, or N for N x N", "pdb", "build", "-size", "big", "-partition", "1 2 3 4/5 6 7 8"),
		p("pdb/size-negative", "", 2, "err:slide pdb: -size: size -3 x 3: rows and columns must be at least 1", "pdb", "build", "-size", "-3x3", "-partition", "1 2 3 4/5 6 7 8"),
		p("pdb/size-256", "", 2, "err:slide pdb: -size: size 256 x 256: more than 65535 cells", "pdb", "build", "-size", "256x256", "-partition", "1 2"),
		p("pdb/size-overflow", "", 2, "err:slide pdb: -size: \"99999999999999999999x2\" is not a board size: want RxC, such as 3x5, or", "pdb", "build", "-size", "99999999999999999999x2", "-partition", "1"),
		p("pdb/size-upper-x", "", 0, "out:", "pdb", "build", "-size", "3X3", "-partition", "1 2 3 4/5 6 7 8"),
		p("pdb/partition-missing-tile", "", 2, "err:slide pdb: -partition: label 8 is in no group: the groups must cover every tile", "pdb", "build", "-size", "3", "-partition", "1 2 3 4/5 6 7"),
		p("pdb/partition-repeated", "", 2, "err:slide pdb: -partition: label 4 is in groups 1 and 2: groups must not overlap", "pdb", "build", "-size", "3", "-partition", "1 2 3 4/4 5 6 7 8"),
		p("pdb/partition-out-of-range", "", 2, "err:slide pdb: -partition: label 9 is not on the 3 x 3 goal", "pdb", "build", "-size", "3", "-partition", "1 2 3 4/5 6 7 8 9"),
		p("pdb/partition-blank", "", 2, "err:slide pdb: -partition: group 1 holds the blank (0): groups hold tiles only", "pdb", "build", "-size", "3", "-partition", "0 1 2 3 4/5 6 7 8"),
		p("pdb/partition-empty-group", "", 2, "err:slide pdb: -partition: group 2 is empty", "pdb", "build", "-size", "3", "-partition", "1 2 3 4//5 6 7 8"),
		p("pdb/partition-trailing-slash", "", 2, "err:slide pdb: -partition: group 3 is empty", "pdb", "build", "-size", "3", "-partition", "1 2 3 4/5 6 7 8/"),
		p("pdb/partition-letters", "", 2, "err:slide pdb: -partition: group 1: \"a\" is not a tile label", "pdb", "build", "-size", "3", "-partition", "a b c d/e f g h"),
		p("pdb/partition-negative", "", 2, "err:slide pdb: -partition: group 1: \"-1\" is not a tile label", "pdb", "build", "-size", "3", "-partition", "-1 2 3 4/5 6 7 8"),
		p("pdb/partition-overflow", "", 2, "err:slide pdb: -partition: group 1: \"99999999999999999999\" is not a tile label", "pdb", "build", "-size", "3", "-partition", "99999999999999999999 2 3 4/5 6 7 8"),
		p("pdb/partition-commas", "", 0, "out:", "pdb", "build", "-size", "3", "-partition", "1,2,3,4/5,6,7,8"),
		p("pdb/partition-empty", "", 2, `err:slide pdb: -partition "": want a value`, "pdb", "build", "-size", "3", "-partition", ""),
		p("pdb/partition-nul", "", 2, "err:slide pdb: -partition: group 2: \"7\\x008\" is not a tile label", "pdb", "build", "-size", "3", "-partition", "1 2 3 4/5 6 7\x008"),
		p("pdb/partition-too-big", "", 2, "err:slide pdb: -partition: group 1 (1 2 3 ...) has 12 tiles on 25 cells: a table of 2.49e+15", "pdb", "build", "-size", "5", "-partition", "1 2 3 4 5 6 7 8 9 10 11 12/13 14 15 16 17 18 19 20 21 22 23 24"),
		p("pdb/build-max-memory-tiny", "", 1, "err:slide pdb: building the tables takes about 17.4 KiB at its peak, over the memory bound of", "pdb", "build", "-max-memory", "1KB", "-size", "2x4", "-partition", "1 2 3 4/5 6 7"),
		p("pdb/build-max-memory-garbage", "", 2, "err:slide pdb: invalid value \"lots\" for flag -max-memory: \"lots\" is not a size: want a number", "pdb", "build", "-max-memory", "lots", "-size", "3", "-partition", "1 2 3 4/5 6 7 8"),
		p("pdb/verify-unknown", "", 2, "err:slide pdb: \"pdb999\" is not a pattern database (want pdb555, pdb663, pdb78, pdb6666, pdb35", "pdb", "verify", "pdb999"),
		p("pdb/verify-missing", "", 1, "out:", "pdb", "verify", "pdb555"),
		p("pdb/verify-partition-missing", "", 1, "out:", "pdb", "verify", "-size", "2x4", "-partition", "1 2 3/4 5 6 7"),
		p("pdb/clean-unknown", "", 2, "err:slide pdb: \"pdb999\" is not a pattern database (want pdb555, pdb663, pdb78, pdb6666, pdb35", "pdb", "clean", "pdb999"),
		p("pdb/clean-missing", "", 1, "err:", "pdb", "clean", "pdb78"),
		p("pdb/clean-bad-partition", "", 2, "err:slide pdb: -partition: labels 4, 5, 6, 7 and 8 are in no group: the groups must cover", "pdb", "clean", "-size", "3", "-partition", "1 2/3"),
		p("pdb/unknown-flag", "", 2, "err:slide pdb: flag provided but not defined: -x", "pdb", "build", "-x"),
		p("pdb/verb-flag-first", "", 2, "err:slide pdb: want \"build NAME\", \"verify [NAME...]\", \"list\" or \"clean [NAME...]\"", "pdb", "-size", "3", "build"),
	}
}

// checkOutcome fails t if a run of the command panicked, ended with a
// status other than 0, 1 or 2, or failed without one line on standard
// error that starts with "slide cmd: ".
func checkOutcome(t *testing.T, cmd string, args []string, stdout, stderr string, status int) {
	t.Helper()
	if strings.Contains(stderr, "panic:") || strings.Contains(stderr, "goroutine ") {
		t.Fatalf("slide %q panicked:\n%s", args, stderr)
	}
	switch status {
	case exitOK:
	case exitError, exitUsage:
		if !strings.HasPrefix(stderr, "slide "+cmd+": ") {
			t.Fatalf("slide %q: status %d with stderr %q", args, status, stderr)
		}
	default:
		t.Fatalf("slide %q: status %d", args, status)
	}
}

// FuzzSolveFlags runs solve on a board one move from the goal with fuzzed
// values of -w, -time, -workers and -max-memory: it fails with a usage
// error or a clear one, or prints a solution of one move.
func FuzzSolveFlags(f *testing.F) {
	f.Add("", "", "0", "2GiB")
	f.Add("1.5", "", "1", "none")
	f.Add("", "1s", "2", "1KB")
	f.Add("NaN", "0", "-1", "0")
	f.Add("1e-400", "-1s", "1000000000", "lots")
	f.Fuzz(func(t *testing.T, w, budget, workers, memory string) {
		if d, err := time.ParseDuration(budget); err == nil && d > 2*time.Second {
			return // a long -time on a board of one move only waits
		}
		args := []string{"solve", "-workers", workers, "-max-memory", memory, "-count"}
		if w != "" {
			args = append(args, "-w", w)
		}
		if budget != "" {
			args = append(args, "-time", budget)
		}
		stdout, stderr, status := runSlide(board3x3One, args...)
		checkOutcome(t, "solve", args, stdout, stderr, status)
		if status == exitOK && stdout != "1\n" {
			t.Fatalf("slide %q printed %q, want 1", args, stdout)
		}
	})
}

// FuzzSolveInput runs solve -fast -count on fuzzed standard input: it
// fails with a clear error, or prints a number of moves, -1 only for a
// board that cannot reach the goal.
func FuzzSolveInput(f *testing.F) {
	for _, s := range []string{board3x3One, board3x3Odd, board2x2, board4x4One, "1 5\n1 2 3 0 4\n", "0 0\n", "", "3\n1 2 3\r4 5 6\r7 0 8\r", "256 256\n", "2\n1 2 3 0\x00"} {
		f.Add(s)
	}
	addTestdata(f, "solve/*.txt")
	f.Fuzz(func(t *testing.T, in string) {
		if len(in) > 1<<12 {
			return
		}
		args := []string{"solve", "-fast", "-count"}
		stdout, stderr, status := runSlide(in, args...)
		checkOutcome(t, "solve", args, stdout, stderr, status)
		if status != exitOK {
			return
		}
		n, err := strconv.Atoi(strings.TrimSuffix(stdout, "\n"))
		if err != nil || n < -1 {
			t.Fatalf("solve -fast -count printed %q", stdout)
		}
		b, err := slide.ParseBoard(strings.TrimPrefix(in, "\ufeff"))
		if err != nil {
			t.Fatalf("solve read %q, which ParseBoard refuses: %v", in, err)
		}
		if ok, _ := slide.Solvable(b, slide.Goal(b.Rows(), b.Cols())); ok != (n >= 0) {
			t.Fatalf("solve -fast -count printed %d for %q, solvable %v", n, in, ok)
		}
	})
}

// FuzzBlocksInput runs blocks on a fuzzed puzzle from standard input with
// a small memory bound: it never panics, and fails only with a clear error.
func FuzzBlocksInput(f *testing.F) {
	for _, s := range []string{blocksEasy, blocksSolved, "3 4\n2 1 2 1 h\n2 4 1 1 n\n1 1 1 1 b\n", "3 4\n9 9 1 1 b\n", "0 4\n", "", "4 4\n1 1 1 1 b Q\n2 2 1 1 b Q\n", "3 4\r2 1 2 1 h\r"} {
		f.Add(s, "straight")
	}
	for _, name := range []string{"edge_*.txt", "rh_fogleman_forty_1*.txt"} {
		addTestdata(f, "blocks/"+name, "straight")
	}
	f.Add(blocksEasy, "piece")
	f.Add(blocksEasy, "step")
	f.Fuzz(func(t *testing.T, in, metric string) {
		if len(in) > 1<<12 {
			return
		}
		args := []string{"blocks", "-max-memory", "4MiB", "-metric", metric, "-"}
		stdout, stderr, status := runSlide(in, args...)
		checkOutcome(t, "blocks", args, stdout, stderr, status)
		if status == exitOK && !strings.Contains(stdout, "Solved already") && !strings.Contains(stdout, "Shortest solution") && !strings.Contains(stdout, "No solution") {
			t.Fatalf("slide %q on %q: status 0 without an answer:\n%s", args, in, stdout)
		}
	})
}

// FuzzRandomArgs runs random with fuzzed sizes and walk: a board it
// prints is one of the size asked for that solve reads.
func FuzzRandomArgs(f *testing.F) {
	for _, s := range [][2]string{{"3", ""}, {"2", "5"}, {"1", "2"}, {"0", ""}, {"256", ""}, {"1", "65536"}, {"three", ""}, {"-3", "3"}} {
		f.Add(s[0], s[1], uint16(0))
	}
	f.Add("4", "4", uint16(20))
	f.Fuzz(func(t *testing.T, rows, cols string, walk uint16) {
		args := []string{"random", "-seed", "1", "-walk", strconv.Itoa(int(walk)), "--", rows}
		if cols != "" {
			args = append(args, cols)
		}
		stdout, stderr, status := runSlide("", args...)
		checkOutcome(t, "random", args, stdout, stderr, status)
		if status != exitOK {
			return
		}
		b, err := slide.ParseBoard(stdout)
		if err != nil {
			t.Fatalf("slide %q printed a board ParseBoard refuses: %v", args, err)
		}
		if r, _ := strconv.Atoi(rows); b.Rows() != r {
			t.Fatalf("slide %q printed a board of %d rows", args, b.Rows())
		}
	})
}

// addTestdata adds the files of testdata that match pattern to f's seed
// corpus, each followed by more.
func addTestdata(f *testing.F, pattern string, more ...any) {
	f.Helper()
	names, err := filepath.Glob(testdata(pattern))
	if err != nil || len(names) == 0 {
		f.Fatalf("no seeds %s: %v", pattern, err)
	}
	for _, name := range names {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(append([]any{string(data)}, more...)...)
	}
}

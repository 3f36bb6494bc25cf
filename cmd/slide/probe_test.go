package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

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

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestBench runs bench on the two hardest 8-puzzles and on the shortest
// Korf instances with the 5-5-5 databases, checking the line format, that
// the totals add up, and the exit status when a length disagrees.
func TestBench(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	korf := strings.Split(readTestdata(t, "korf100.txt"), "\n")
	var short []string
	for _, line := range korf {
		if f := strings.Fields(line); len(f) > 2 && !strings.HasPrefix(line, "#") && f[1] <= "45" && len(f[1]) == 2 {
			short = append(short, line)
		}
	}
	dir := t.TempDir()
	korfFile := filepath.Join(dir, "korf.txt")
	os.WriteFile(korfFile, []byte("# the shortest instances\n"+strings.Join(short, "\n")+"\n"), 0o644)
	for _, tt := range []struct {
		args      []string
		instances int
		stderr    string // what standard error must hold
	}{
		{[]string{testdata("hard8_31.txt")}, 2, ""},
		{[]string{"-heuristic", "pdb555", korfFile}, len(short), "building pdb555: table 3 of 3"},
		{[]string{"-heuristic", "linear", "-algorithm", "idastar", korfFile}, len(short), ""},
		{[]string{"-heuristic", "pdb555+wd", korfFile}, len(short), ""},
	} {
		stdout, stderr, status := runSlide("", append([]string{"bench"}, tt.args...)...)
		if status != exitOK || !strings.Contains(stderr, tt.stderr) || tt.stderr == "" && stderr != "" {
			t.Fatalf("bench %v: status %d, %s", tt.args, status, stderr)
		}
		lines := strings.Split(strings.TrimSpace(stdout), "\n")
		if len(lines) != tt.instances+1 {
			t.Fatalf("bench %v: %d lines, want %d", tt.args, len(lines), tt.instances+1)
		}
		var sum [3]int64
		for _, line := range lines[:tt.instances] {
			f := strings.Fields(line)
			if len(f) != 5 {
				t.Fatalf("line %q: want id moves expanded generated seconds", line)
			}
			for i := range 3 {
				v, err := strconv.ParseInt(f[1+i], 10, 64)
				if err != nil {
					t.Fatalf("line %q: %v", line, err)
				}
				sum[i] += v
			}
		}
		f := strings.Fields(lines[tt.instances])
		if want := fmt.Sprintf("total %d %d %d", tt.instances, sum[1], sum[2]); strings.Join(f[:4], " ") != want {
			t.Errorf("bench %v: last line %q, want %q ...", tt.args, lines[tt.instances], want)
		}
	}
	// The first use of pdb555 built it into the cache, reporting progress.
	if files, _ := filepath.Glob(filepath.Join(cache, "slide", "pdb", "*.pdb")); len(files) != 1 {
		t.Errorf("cached files: %v", files)
	}
	wrong := filepath.Join(dir, "wrong.txt")
	os.WriteFile(wrong, []byte("7 30 8 7 6 0 4 1 2 5 3\n"), 0o644)
	if _, stderr, status := runSlide("", "bench", wrong); status != exitError || !strings.Contains(stderr, "file says 30") {
		t.Errorf("wrong optimum: status %d, %q", status, stderr)
	}
	for _, bad := range []string{"1 2 3\n", "1 x 0 1 2 3\n", "1 2 0 1 2\n", "1 2 0 1 1 3\n", "# nothing\n"} {
		f := filepath.Join(dir, "bad.txt")
		os.WriteFile(f, []byte(bad), 0o644)
		if _, stderr, status := runSlide("", "bench", f); status != exitError || stderr == "" {
			t.Errorf("bad file %q: status %d, %q", bad, status, stderr)
		}
	}
	for _, args := range [][]string{{}, {"-heuristic", "euclid", "x"}, {"a", "b"}, {"-algorithm", "dfs", "x"}} {
		if _, _, status := runSlide("", append([]string{"bench"}, args...)...); status != exitUsage {
			t.Errorf("bench %v: status %d, want %d", args, status, exitUsage)
		}
	}
}

// TestPDBBuild builds the smallest database (or finds it built) and
// checks the command line's errors.
func TestPDBBuild(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	for _, name := range []string{"555", "pdb555"} {
		if _, stderr, status := runSlide("", "pdb", "build", name); status != exitOK {
			t.Fatalf("status %d: %s", status, stderr)
		}
	}
	for _, args := range [][]string{{"build"}, {"build", "linear"}, {"make", "555"}, {"build", "555", "x"}} {
		if _, _, status := runSlide("", append([]string{"pdb"}, args...)...); status != exitUsage {
			t.Errorf("pdb %v: status %d, want %d", args, status, exitUsage)
		}
	}
}

package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/slidekit/slide"
)

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

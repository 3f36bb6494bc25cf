package main

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime/metrics"
	"strings"
	"testing"

	"github.com/slidekit/slide"
	"github.com/slidekit/slide/internal/bench"
)

// korfLine returns the line of the instance id in the testdata file name.
func korfLine(t *testing.T, name, id string) string {
	t.Helper()
	for _, line := range strings.Split(readTestdata(t, name), "\n") {
		if strings.HasPrefix(line, id+" ") {
			return line
		}
	}
	t.Fatalf("%s holds no instance %s", name, id)
	return ""
}

// TestBenchMemoryShare runs, as a user would, a batch of -j 2 -w whose
// second instance, a 24-puzzle, reaches its share of -max-memory: the
// instances before and after it are solved and printed, its line says
// why it failed, the totals count the two solved and the one failed, and
// the status is 1. Before, the batch stopped there, and the instance after
// it was lost. The built command runs it, so that -max-memory's soft
// limit on the runtime holds there and not in the tests.
func TestBenchMemoryShare(t *testing.T) {
	slideBinary(t) // built with the go command's own cache, before that of slide moves
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	file := filepath.Join(t.TempDir(), "batch.txt")
	text := "a 1 1 0 2 3 4 5 6 7 8\n" + korfLine(t, "korf24_50.txt", "29") + "\nb 1 1 0 2 3 4 5 6 7 8\n"
	os.WriteFile(file, []byte(text), 0o644)
	stdout, stderr, status := runBinary(t, "", "bench", "-j", "2", "-w", "1.5", "-max-memory", "8MiB", file)
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	const limit = "search stopped at its memory limit"
	if status != exitError || len(lines) != 5 || !strings.HasPrefix(lines[0], "a 1 ") ||
		!strings.HasPrefix(lines[1], "29 error: "+limit) || !strings.HasPrefix(lines[2], "b 1 ") ||
		!strings.HasPrefix(lines[3], "total 2 ") || !strings.HasSuffix(lines[3], " failed 1") ||
		lines[4] != "mean 1.00 1.00 1.0000 failed 1" ||
		strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, "slide bench: instance 29: "+limit) {
		t.Errorf("status %d, stdout %q, stderr %q", status, stdout, stderr)
	}
}

// TestBenchBatchStops checks which errors stop a batch. An instance's
// own, even one that wraps context.DeadlineExceeded, as the anytime
// mode's refusal of a -time its board cannot keep does, takes its line
// and the batch goes on; an error once the batch's context has ended
// stops it, with no line. A search tells which by its context.
func TestBenchBatchStops(t *testing.T) {
	inst := bench.Instance{ID: "x", Optimal: 1, Board: slide.MustParseBoard("3\n1 0 2\n3 4 5\n6 7 8\n")}
	var out, stderr strings.Builder
	b := &bench.Printer{Out: bufio.NewWriter(&out), Stderr: &stderr, Optimal: true, Say: message}
	refused := fmt.Errorf("no answer within 1ms: %w", context.DeadlineExceeded)
	if !b.Emit(bench.Result{In: inst, Err: refused}) || b.Err != nil || !b.Failed || b.Totals.Failed != 1 ||
		out.String() != "x error: no answer within 1ms: context deadline exceeded\n" ||
		stderr.String() != "slide bench: instance x: no answer within 1ms: context deadline exceeded\n" {
		t.Errorf("an instance's own error: stopped %v, failed %v, stdout %q, stderr %q", b.Err, b.Failed, out.String(), stderr.String())
	}
	if b.Emit(bench.Result{In: inst, Err: context.Canceled, Cancelled: true}) || b.Err == nil || strings.Count(out.String(), "\n") != 1 {
		t.Errorf("the batch's error: stopped %v, stdout %q", b.Err, out.String())
	}
	f := &benchFlags{search: bench.Search{Solver: slide.Solver{Mode: slide.Weighted(1.5)}}}
	ctx, cancel := context.WithCancel(context.Background())
	if r := f.search.Solve(ctx, inst); r.Err != nil || r.Cancelled || r.Sol.Len() != 1 {
		t.Errorf("solved: %v, cancelled %v, %d moves", r.Err, r.Cancelled, r.Sol.Len())
	}
	cancel()
	if r := f.search.Solve(ctx, inst); r.Err == nil || !r.Cancelled {
		t.Errorf("cancelled: %v, cancelled %v", r.Err, r.Cancelled)
	}
}

// forcedCollections returns the garbage collections that runtime.GC
// forced in this process so far.
func forcedCollections() uint64 {
	s := []metrics.Sample{{Name: "/gc/cycles/forced:gc-cycles"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// TestBenchCollections checks that a batch of short instances forces no
// garbage collection per instance, in every mode (before, the near-optimal
// modes forced one before each, 0.4 to 4 ms, longer than a 3 x 3 board's
// search), and that a collector collects after a search long enough that
// a collection costs little beside it.
func TestBenchCollections(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	const n = 2000
	text := strings.Repeat("a 1 1 0 2 3 4 5 6 7 8\n", n)
	for _, mode := range [][]string{{}, {"-fast"}, {"-w", "1.5"}, {"-time", "50ms"}, {"-w", "1.5", "-j", "2"}} {
		before := forcedCollections()
		_, stderr, status := runSlide(text, append(append([]string{"bench"}, mode...), "-")...)
		if forced := forcedCollections() - before; status != exitOK || forced > n/100 {
			t.Errorf("bench %v on %d instances: status %d, %q, %d collections forced", mode, n, status, stderr, forced)
		}
	}
}

package main

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/slidekit/slide"
	"github.com/slidekit/slide/internal/input"
	"github.com/slidekit/slide/internal/progress"
)

func TestParseSize(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want int64
	}{
		{"1048576", 1 << 20}, {"512MiB", 512 << 20}, {"2GiB", 2 << 30}, {"2gib", 2 << 30}, {"1.5GiB", 3 << 29},
		{"100MB", 100e6}, {"100 MB", 100e6}, {"64k", 64e3}, {"10B", 10}, {"none", -1}, {" 3 KiB ", 3 << 10},
	} {
		if got, err := input.ParseSize(tt.in); err != nil || got != tt.want {
			t.Errorf("input.ParseSize(%q) = %d, %v; want %d", tt.in, got, err, tt.want)
		}
	}
	for _, in := range []string{"", "MiB", "12XB", "-5MiB", "0", "0.1", "1e30GiB", "2 GiB extra", strings.Repeat("9", 100) + "ZB"} {
		if got, err := input.ParseSize(in); err == nil {
			t.Errorf("input.ParseSize(%q) = %d, want an error", in, got)
		} else if len(err.Error()) > 150 {
			t.Errorf("input.ParseSize(%q): a %d-byte message", in, len(err.Error()))
		}
	}
	for _, n := range []int64{0, -1, 1 << 20, 3 << 29, 100e6, 12345} {
		if back, err := input.ParseSize(memoryText(n)); err != nil || back != n && !(n == 0 && back == 2<<30) {
			t.Errorf("memoryText(%d) = %q reads back as %d, %v", n, memoryText(n), back, err)
		}
	}
}

// FuzzParseSize checks that parseSize never panics and that what it
// accepts is a positive size, or -1 for none, that memoryText writes back.
func FuzzParseSize(f *testing.F) {
	for _, s := range []string{"512MiB", "2GiB", "1.5 gb", "none", "7", "", "1e3", ".5KiB"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, err := input.ParseSize(s)
		if err != nil {
			return
		}
		if n == 0 || n < -1 {
			t.Fatalf("input.ParseSize(%q) = %d", s, n)
		}
		if back, err := input.ParseSize(memoryText(n)); err != nil || back != n {
			t.Fatalf("input.ParseSize(%q) = %d; memoryText %q reads back as %d, %v", s, n, memoryText(n), back, err)
		}
	})
}

// TestMaxMemory runs the searching commands with a small -max-memory on
// problems that outgrow it: each fails with status 1 and a message that
// names the flag; a bad size is a usage error.
func TestMaxMemory(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	dir := t.TempDir()
	board := filepath.Join(dir, "5x5.txt")
	os.WriteFile(board, []byte("5\n24 23 22 21 20\n19 18 17 16 15\n14 13 12 11 10\n9 8 7 6 5\n4 3 2 1 0\n"), 0o644)
	bench := filepath.Join(dir, "bench.txt")
	os.WriteFile(bench, []byte("1 57 14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3\n"), 0o644) // Korf's first
	var pieces strings.Builder
	pieces.WriteString("12 12\n1 1 1 1 b\n1 2 1 1 n\n2 1 1 1 n\n")
	for r := 3; r <= 12; r++ {
		for c := 1; c <= 12; c += 2 {
			pieces.WriteString(strings.Join([]string{itoa(r), itoa(c + r%2), "1 1 b\n"}, " "))
		}
	}
	blocks := filepath.Join(dir, "blocks.txt")
	os.WriteFile(blocks, []byte(pieces.String()), 0o644)
	for _, args := range [][]string{
		{"solve", "-algorithm", "astar", "-max-memory", "4MiB", board},
		{"bench", "-algorithm", "astar", "-heuristic", "manhattan", "-max-memory", "4MiB", bench},
		{"bfs", "-max-memory", "4MiB", "5", "5", "1000", "ABCDEFGHIJKLMNOPQRSTUVWX-", "-XWVUTSRQPONMLKJIHGFEDCBA"},
		{"blocks", "-max-memory", "4MiB", blocks},
		{"solve", "-heuristic", "pdb555", "-max-memory", "1MiB", "-goal", testdata("solve/goal4x4-blank-first.txt"), testdata("solve/korf09.txt")},
	} {
		_, stderr, status := runSlide("", args...)
		if status != exitError || !strings.Contains(stderr, "-max-memory") || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%v: status %d, %q; want 1 and a line naming -max-memory", args, status, stderr)
		}
	}
	if _, stderr, status := runSlide("", "solve", "-max-memory", "12XB", board); status != exitUsage || !strings.Contains(stderr, "unknown unit") {
		t.Errorf("a bad size: status %d, %q", status, stderr)
	}
	// Enough memory: the same solve succeeds.
	if out, stderr, status := runSlide("", "solve", "-count", "-max-memory", "64MiB", testdata("solve/puzzle04.txt")); status != exitOK || strings.TrimSpace(out) != "4" {
		t.Errorf("solve within 64MiB: %d, %q, %q", status, out, stderr)
	}
}

// TestMappedTables: a database read from the cache is mapped from its
// file, outside the memory the Go runtime's soft limit counts, so that
// solve and bench lower that limit by its tables (else the garbage could
// take the process past -max-memory by the tables' size: 2.4 GiB under
// the default 2 GiB with pdb48x5 at -time 60s), but not by tables it
// built, which live in the heap.
func TestMappedTables(t *testing.T) {
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))
	f := memoryFlag{bytes: 64 << 20}
	for _, tc := range []struct {
		f      memoryFlag
		tables int64
		want   int64
	}{
		{f, 10 << 20, gcLimit(64<<20) - 10<<20},
		{f, 0, gcLimit(64 << 20)},
		{f, 1 << 40, gcLimit(64<<20) / 8},
	} {
		debug.SetMemoryLimit(gcLimit(64 << 20))
		tc.f.mapped(tc.tables)
		if got := debug.SetMemoryLimit(-1); got != tc.want {
			t.Errorf("tables of %d bytes under 64 MiB: limit %d, want %d", tc.tables, got, tc.want)
		}
	}
	debug.SetMemoryLimit(12345)
	(&memoryFlag{bytes: -1}).mapped(10 << 20) // no bound: the limit stays
	if got := debug.SetMemoryLimit(-1); got != 12345 {
		t.Errorf("no bound: limit %d, want it untouched", got)
	}

	// prepare lowers it only for tables it did not hear built: those
	// were read from the cache.
	h := slide.MustParseDatabase(slide.Goal(2, 4), "1 2 3 4/5 6 7").Heuristic()
	reporter := progress.NewTables("building", slide.Cache{}, io.Discard, slide.Heuristic.String)
	if reporter.Reported(h) {
		t.Fatal("reported before a build")
	}
	if err := (slide.Cache{Dir: t.TempDir(), Progress: reporter.Report}).Build(context.Background(), h); err != nil {
		t.Fatal(err)
	}
	if !reporter.Reported(h) || reporter.Reported(slide.LinearConflict) {
		t.Errorf("after a build of %v: reported %v, and linear conflicts %v", h, reporter.Reported(h), reporter.Reported(slide.LinearConflict))
	}
}

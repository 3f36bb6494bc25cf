//go:build linux

package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// deep6 is a 6 x 6 board of testdata/deep6x6_sample50.txt, whose goal
// puts the blank first: -time 1h searches it for the hour.
const deep6 = "6 4 8 11 7 9 12 17 3 10 33 2 20 19 15 25 1 5 16 35 22 21 27 34 32 31 14 13 24 23 30 0 18 29 26 28"

// TestSolveSignal: SIGINT or SIGTERM during a search of slide solve stops
// it at once (its context is cancelled), with the status of the signal
// and a line saying so, in the anytime, weighted and fast modes. Before,
// the signal killed it where it stood.
func TestSolveSignal(t *testing.T) {
	six, big := randomBoard(t, "6"), randomBoard(t, "255") // the fast mode takes a second or more on 255 x 255
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		for _, mode := range [][]string{{"-time", "1h"}, {"-w", "1.05"}, {"-fast", "-moves"}} {
			cache, dir := newCache(t)
			board := six
			if mode[0] == "-fast" {
				board = big
			}
			cmd, stderr := startSlide(t, cache, strings.NewReader(board), append(append([]string{"solve"}, mode...), "-")...)
			time.Sleep(300 * time.Millisecond)
			began := time.Now()
			cmd.Process.Signal(sig)
			checkStopped(t, cmd, stderr, sig, began, "solve", "no solution printed", dir)
		}
	}
}

// randomBoard returns the text of a random board of slide random's
// arguments, from a fixed seed.
func randomBoard(t *testing.T, size ...string) string {
	t.Helper()
	var out strings.Builder
	if stderr, status, _ := execSlide(t, nil, &out, append([]string{"random", "-seed", "3"}, size...)...); status != 0 {
		t.Fatalf("slide random: status %d: %s", status, stderr)
	}
	return out.String()
}

// TestSolveSignalBuild: SIGINT during the first build of a table that
// slide solve needs stops the build at once, and leaves nothing in the
// cache.
func TestSolveSignalBuild(t *testing.T) {
	cache, dir := newCache(t)
	board := "4\n15 14 13 12\n11 10 9 8\n7 6 5 4\n3 1 2 0\n"
	cmd, stderr := startSlide(t, cache, strings.NewReader(board), append([]string{"solve"}, append(signalled[2:], "-")...)...)
	underWay(t, stderr)
	began := time.Now()
	cmd.Process.Signal(syscall.SIGINT)
	checkStopped(t, cmd, stderr, syscall.SIGINT, began, "solve", "no solution printed", dir)
}

// TestBenchSignal: SIGINT during slide bench stops its searches at once,
// with the status of the signal and a line saying how many instances it
// solved.
func TestBenchSignal(t *testing.T) {
	cache, dir := newCache(t)
	file := filepath.Join(t.TempDir(), "six.txt")
	line := "1 0 " + deep6 + "\n"
	if err := os.WriteFile(file, []byte(line+line), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd, stderr := startSlide(t, cache, nil, "bench", "-time", "1h", file)
	time.Sleep(300 * time.Millisecond)
	began := time.Now()
	cmd.Process.Signal(syscall.SIGINT)
	checkStopped(t, cmd, stderr, syscall.SIGINT, began, "bench", "0 instances solved", dir)
}

//go:build darwin || dragonfly || freebsd || linux || netbsd || openbsd

package slide

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/slidekit/slide/internal/pdb"
	"github.com/slidekit/slide/internal/pdbcache"
	"github.com/slidekit/slide/internal/testsets"
	"github.com/slidekit/slide/internal/tiles"
)

// withinBound runs f and fails t if it does not return within 2 s, a
// bound generous for a loaded machine: a reader that opens a FIFO waits
// for a writer for ever.
func withinBound(t *testing.T, what string, f func()) {
	t.Helper()
	testsets.Within(t, 2*time.Second, what, f)
}

// solveWithin solves start with s, the tables read from the cache again,
// and fails t unless s finds a solution of want moves, by the heuristic h
// unless h is Auto, within the bound of withinBound.
func solveWithin(t *testing.T, what string, s Solver, start, goal Board, want int, h Heuristic) {
	t.Helper()
	pdbcache.Release()
	withinBound(t, what, func() {
		sol, err := s.Solve(context.Background(), start, goal)
		if err != nil || sol.Len() != want || h != Auto && sol.Heuristic != h {
			t.Errorf("%s: %d moves by %v, %v; want %d by %v", what, sol.Len(), sol.Heuristic, err, want, h)
		}
	})
}

// fifoCase returns a cache in a directory of its own (and the user's set
// aside), a board n random moves from goal and its fewest moves.
func fifoCase(t *testing.T, goal Board, n int) (Cache, Board, int) {
	t.Helper()
	t.Cleanup(pdbcache.Release)
	useTempCache(t)
	start := randomWalk(rand.New(rand.NewPCG(uint64(n), 4)), goal, n)
	want, err := Solver{}.Solve(context.Background(), start, goal)
	if err != nil {
		t.Fatal(err)
	}
	return Cache{Dir: t.TempDir()}, start, want.Len()
}

// mkfifo makes a FIFO at path, in place of what was there.
func mkfifo(t *testing.T, path string) {
	t.Helper()
	os.RemoveAll(path)
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Skipf("no FIFOs here: %v", err)
	}
}

// TestCacheFIFO: a FIFO where a cache holds a table or its checksum record
// stalls no one. A search skips it (Auto) or rebuilds the table over it;
// List and Verify call it damaged, Remove and Clean remove it, Build
// replaces it; each at once.
func TestCacheFIFO(t *testing.T) {
	ctx := context.Background()
	goal := Goal(3, 3)
	cache, start, want := fifoCase(t, goal, 20)
	d := MustParseDatabase(goal, "1 2 3 4/5 6 7 8")
	path := pdbcache.CachePath(cache.Dir, d.spec())
	solver := Solver{Heuristic: d.Heuristic(), Cache: cache}
	mkfifo(t, path)
	solveWithin(t, "Solve with a FIFO for the table", solver, start, goal, want, Auto)
	mkfifo(t, path+".sum")
	solveWithin(t, "Solve with a FIFO for the checksum record", solver, start, goal, want, Auto)

	mkfifo(t, path)
	withinBound(t, "List", func() {
		list, err := cache.List()
		if err != nil || len(list) != 1 || !errors.Is(list[0].Err, ErrCorrupt) || !strings.Contains(list[0].Err.Error(), "FIFO") {
			t.Errorf("List: %+v, %v; want the FIFO, damaged", list, err)
		}
	})
	withinBound(t, "Verify", func() {
		if err := cache.Verify(ctx, d.Heuristic()); !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), "FIFO") {
			t.Errorf("Verify: %v; want ErrCorrupt naming the FIFO", err)
		}
	})
	withinBound(t, "Remove", func() {
		if c, err := cache.Remove(d.Heuristic().String()); err != nil || c.Path != path {
			t.Errorf("Remove: %+v, %v", c, err)
		}
	})
	mkfifo(t, path)
	withinBound(t, "Clean", func() {
		if removed, err := cache.Clean(); err != nil || len(removed) != 1 || removed[0].Path != path {
			t.Errorf("Clean: %+v, %v", removed, err)
		}
	})
	mkfifo(t, path)
	pdbcache.Release()
	withinBound(t, "Build", func() {
		if err := cache.Build(ctx, d.Heuristic()); err != nil {
			t.Errorf("Build over a FIFO: %v", err)
		}
		if err := cache.Verify(ctx, d.Heuristic()); err != nil {
			t.Errorf("Verify after Build: %v", err)
		}
	})
}

// TestAutoFIFO: Auto skips a shipped database whose table is a FIFO, and
// uses one whose checksum record is a FIFO, each at once. The table is
// made of zeros, a checksum computed over them: a weak bound, but an
// admissible one, and cheap to make.
func TestAutoFIFO(t *testing.T) {
	goal := blankFirstGoal(4, 4)
	cache, start, want := fifoCase(t, goal, 24)
	_, spec, err := tiles.Orient(PDB555.tiles(), 4, 4, 0)
	if err != nil {
		t.Fatal(err)
	}
	path := pdbcache.CachePath(cache.Dir, spec)
	mkfifo(t, path)
	solveWithin(t, "Auto with a FIFO for pdb555's table", Solver{Cache: cache}, start, goal, want, LinearConflict)
	os.Remove(path)
	var zeros [][]uint8
	for _, n := range spec.Entries() {
		zeros = append(zeros, make([]uint8, (n+1)/2))
	}
	if err := pdbcache.Save(context.Background(), cache.Dir, pdb.NewDB(spec, true, zeros)); err != nil {
		t.Fatal(err)
	}
	mkfifo(t, path+".sum")
	solveWithin(t, "Auto with a FIFO for pdb555's checksum record", Solver{Cache: cache}, start, goal, want, PDB555)
}

package slide

import (
	"context"
	"errors"
	"io"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"time"
)

// TestErrorsNameTheirFunction checks the validation and the function
// names of errors that once said otherwise.
func TestErrorsNameTheirFunction(t *testing.T) {
	_, err := Solver{Metric: Metric(9)}.Distances(context.Background(), Goal(2, 2))
	if !errors.Is(err, ErrOption) || !strings.HasPrefix(err.Error(), "slide.Solver.Distances: unknown metric") {
		t.Errorf("Distances with Metric(9): %v", err)
	}
	_, err = PDB555.Estimate(Goal(3, 3), Goal(3, 3))
	if !errors.Is(err, ErrOption) || !strings.HasPrefix(err.Error(), "slide.Heuristic.Estimate:") {
		t.Errorf("PDB555.Estimate on 3 x 3: %v", err)
	}
	_, err = Manhattan.Estimate(Goal(3, 3), Goal(2, 2))
	if !errors.Is(err, ErrMismatch) || !strings.HasPrefix(err.Error(), "slide.Heuristic.Estimate:") {
		t.Errorf("Estimate on mismatched boards: %v", err)
	}
}

// A libraryProbe is one call of the library with bad or careless input,
// and the sentinel error it must give (nil: it must succeed).
type libraryProbe struct {
	name string
	call func() error
	want error
}

// Boards the probes share.
var (
	probe3 = MustParseBoard("3\n1 2 3\n4 5 6\n7 0 8\n")
	probe4 = Goal(4, 4)
	probe2 = MustParseBoard("2\n1 2\n0 3\n")
	odd3   = MustParseBoard("3\n1 2 3\n4 5 6\n8 7 0\n")
)

// solveWith returns a probe's call that solves probe3 with s.
func solveWith(s Solver) func() error {
	return func() error {
		_, err := s.Solve(context.Background(), probe3, Goal(3, 3))
		return err
	}
}

// parse returns a probe's call that parses text as a board.
func parse(text string) func() error {
	return func() error {
		_, err := ParseBoard(text)
		return err
	}
}

// parseBlocks returns a probe's call that parses text as a puzzle.
func parseBlocks(text string) func() error {
	return func() error {
		_, err := ParseBlocks(text)
		return err
	}
}

func libraryProbes() []libraryProbe {
	ctx := context.Background()
	easy := MustParseBlocks("3 4\n2 1 2 1 h\n1 1 1 1 b\n")
	return []libraryProbe{
		{"ParseBoard/valid", parse("3\n1 2 3\n4 5 6\n7 0 8\n"), nil},
		{"ParseBoard/empty", parse(""), ErrSyntax},
		{"ParseBoard/whitespace", parse(" \n\t\n"), ErrSyntax},
		{"ParseBoard/size-only", parse("3\n"), ErrSize},
		{"ParseBoard/0", parse("0\n"), ErrSize},
		{"ParseBoard/1x1", parse("1\n0\n"), ErrSize},
		{"ParseBoard/negative-size", parse("-2\n0 1 2 3\n"), ErrSize},
		{"ParseBoard/size-overflow", parse("99999999999999999999\n"), ErrSyntax},
		{"ParseBoard/256x256", parse("256 256\n0\n"), ErrSize},
		{"ParseBoard/three-sizes", parse("3 3 3\n"), ErrSyntax},
		{"ParseBoard/short", parse("2\n1 2 3\n"), ErrSize},
		{"ParseBoard/long", parse("2\n1 2 3 0 4\n"), ErrSyntax},
		{"ParseBoard/repeated-labels", parse("2\n1 1 3 0\n"), nil}, // labels may repeat, as NewLabeled's
		{"ParseBoard/two-blanks", parse("2\n1 0 3 0\n"), ErrTile},
		{"ParseBoard/no-blank", parse("2\n1 2 3 4\n"), ErrTile},
		{"ParseBoard/negative-tile", parse("2\n1 2 -3 0\n"), ErrTile},
		{"ParseBoard/tile-overflow", parse("2\n1 2 99999999999999999999 0\n"), ErrSyntax},
		{"ParseBoard/letters", parse("2\n1 2 x 0\n"), ErrSyntax},
		{"ParseBoard/nul", parse("2\n1 2 3 0\x00\n"), ErrSyntax},
		{"ParseBoard/control", parse("2\n1 2\x01 3 0\n"), ErrSyntax},
		{"ParseBoard/bad-utf8", parse("2\n1 2 \xff 0\n"), ErrSyntax},
		{"ParseBoard/crlf", parse("2\r\n1 2\r\n3 0\r\n"), nil},
		{"ParseBoard/cr-only", parse("2\r1 2\r3 0\r"), nil},
		{"ReadBoard/empty", func() error { _, err := ReadBoard(strings.NewReader("")); return err }, ErrSyntax},
		{"ReadBoard/failing-reader", func() error { _, err := ReadBoard(failingReader{}); return err }, errProbeRead},
		{"New/valid", func() error { _, err := New(2, 2, []int{1, 2, 3, 0}); return err }, nil},
		{"New/nil-tiles", func() error { _, err := New(2, 2, nil); return err }, ErrSize},
		{"New/zero-size", func() error { _, err := New(0, 0, nil); return err }, ErrSize},
		{"New/negative-size", func() error { _, err := New(-2, -2, []int{1, 2, 3, 0}); return err }, ErrSize},
		{"New/1x1", func() error { _, err := New(1, 1, []int{0}); return err }, ErrSize},
		{"New/overflowing-size", func() error { _, err := New(1<<32, 1<<32, []int{0}); return err }, ErrSize},
		{"New/too-many-cells", func() error { _, err := New(256, 256, make([]int, 256*256)); return err }, ErrSize},
		{"New/repeated", func() error { _, err := New(2, 2, []int{1, 1, 3, 0}); return err }, ErrTile},
		{"New/out-of-range", func() error { _, err := New(2, 2, []int{1, 2, 4, 0}); return err }, ErrTile},
		{"New/no-blank", func() error { _, err := New(2, 2, []int{1, 2, 3, 4}); return err }, ErrTile},
		{"NewLabeled/no-blank", func() error { _, err := NewLabeled(2, 2, []int{1, 1, 2, 2}); return err }, ErrTile},
		{"NewLabeled/two-blanks", func() error { _, err := NewLabeled(2, 2, []int{0, 1, 2, 0}); return err }, ErrTile},
		{"ParsePosition/short", func() error { _, err := ParsePosition(3, 3, "12345678"); return err }, ErrSize},
		{"ParsePosition/no-blank", func() error { _, err := ParsePosition(2, 2, "1234"); return err }, ErrTile},
		{"ParsePosition/control", func() error { _, err := ParsePosition(2, 2, "1\x002-"); return err }, ErrTile},
		{"ParsePosition/zero-size", func() error { _, err := ParsePosition(0, 0, ""); return err }, ErrSize},
		{"Unpack/too-large", func() error { _, err := Unpack(2, 2, math.MaxUint64); return err }, ErrSyntax},
		{"Unpack/5x5", func() error { _, err := Unpack(5, 5, 0); return err }, ErrSize},
		{"ParseMoves/bad-letter", func() error { _, err := ParseMoves("UDX"); return err }, ErrSyntax},
		{"ParseMoves/empty", func() error { _, err := ParseMoves(""); return err }, nil},
		{"ParseDirection/unknown", func() error { _, err := ParseDirection("north"); return err }, ErrSyntax},
		{"ParseHeuristic/unknown", func() error { _, err := ParseHeuristic("magic"); return err }, ErrSyntax},
		{"ParseHeuristic/empty", func() error { _, err := ParseHeuristic(""); return err }, ErrSyntax},
		{"ParseAlgorithm/unknown", func() error { _, err := ParseAlgorithm("dfs"); return err }, ErrSyntax},
		{"ParseMetric/unknown", func() error { _, err := ParseMetric("diagonal"); return err }, ErrSyntax},
		{"ParseMode/unknown", func() error { _, err := ParseMode("quick"); return err }, ErrSyntax},
		{"ParseMotion/unknown", func() error { _, err := ParseMotion("x"); return err }, ErrSyntax},
		{"ParseBlockMetric/unknown", func() error { _, err := ParseBlockMetric("diagonal"); return err }, ErrSyntax},
		{"ParseDatabase/missing-tile", func() error { _, err := ParseDatabase(Goal(3, 3), "1 2 3/4 5 6"); return err }, ErrTile},
		{"ParseDatabase/repeated", func() error { _, err := ParseDatabase(Goal(3, 3), "1 2 3 4/4 5 6 7 8"); return err }, ErrTile},
		{"ParseDatabase/letters", func() error { _, err := ParseDatabase(Goal(3, 3), "a/b"); return err }, ErrSyntax},
		{"ParseDatabase/empty-group", func() error { _, err := ParseDatabase(Goal(3, 3), "1 2 3 4//5 6 7 8"); return err }, ErrSyntax},
		{"ParseDatabase/zero-board", func() error { _, err := ParseDatabase(Board{}, "1 2 3"); return err }, ErrSize},
		{"Solve/valid", solveWith(Solver{}), nil},
		{"Solve/sizes-differ", func() error { _, err := Solver{}.Solve(ctx, probe3, probe4); return err }, ErrMismatch},
		{"Solve/unsolvable", func() error { _, err := Solver{}.Solve(ctx, odd3, Goal(3, 3)); return err }, ErrUnsolvable},
		{"Solve/zero-start", func() error { _, err := Solver{}.Solve(ctx, Board{}, probe4); return err }, ErrMismatch},
		{"Solve/zero-boards", func() error { _, err := Solver{}.Solve(ctx, Board{}, Board{}); return err }, ErrMismatch},
		{"Solve/nil-context", func() error { _, err := Solver{}.Solve(nil, probe3, Goal(3, 3)); return err }, ErrOption}, //lint:ignore SA1012 a nil context is what is probed
		{"Solve/cancelled", func() error {
			c, cancel := context.WithCancel(ctx)
			cancel()
			_, err := Solver{}.Solve(c, MustParseBoard("4\n0 12 9 13\n15 11 10 14\n3 7 2 5\n4 8 6 1\n"), probe4)
			return err
		}, context.Canceled},
		{"Solver/workers-negative", solveWith(Solver{Workers: -1}), ErrOption},
		{"Solver/workers-huge", solveWith(Solver{Workers: 1 << 20}), ErrOption},
		{"Solver/weighted-0", solveWith(Solver{Mode: Weighted(0)}), ErrOption},
		{"Solver/weighted-half", solveWith(Solver{Mode: Weighted(0.5)}), ErrOption},
		{"Solver/weighted-nan", solveWith(Solver{Mode: Weighted(math.NaN())}), ErrOption},
		{"Solver/weighted-inf", solveWith(Solver{Mode: Weighted(math.Inf(1))}), ErrOption},
		{"Solver/anytime-0", solveWith(Solver{Mode: Anytime(0)}), nil}, // 0: no time limit
		{"Solver/anytime-negative", solveWith(Solver{Mode: Anytime(-time.Second)}), ErrOption},
		{"Solver/fast-heuristic", solveWith(Solver{Mode: Fast(), Heuristic: Manhattan}), ErrOption},
		{"Solver/fast-algorithm", solveWith(Solver{Mode: Fast(), Algorithm: AlgoAStar}), ErrOption},
		{"Solver/algorithm-out-of-range", solveWith(Solver{Algorithm: Algorithm(200)}), ErrOption},
		{"Solver/metric-out-of-range", solveWith(Solver{Metric: Metric(200)}), ErrOption},
		{"Solver/pdb-wrong-size", solveWith(Solver{Heuristic: PDB555}), ErrOption},
		{"Limits/max-cost-negative", solveWith(Solver{Limits: Limits{MaxCost: -1}}), ErrOption},
		{"Limits/max-cost-nan", solveWith(Solver{Limits: Limits{MaxCost: math.NaN()}}), ErrOption},
		{"Limits/max-cost-inf", solveWith(Solver{Limits: Limits{MaxCost: math.Inf(1)}}), ErrOption},
		{"Limits/max-cost-short", func() error {
			_, err := Solver{Limits: Limits{MaxCost: 1}}.Solve(ctx, MustParseBoard("3\n1 2 3\n4 5 6\n0 7 8\n"), Goal(3, 3))
			return err
		}, ErrNotFound},
		{"Limits/max-nodes-1", func() error {
			_, err := Solver{Limits: Limits{MaxNodes: 1}, Algorithm: AlgoAStar}.Solve(ctx, MustParseBoard("3\n8 6 7\n2 5 4\n3 0 1\n"), Goal(3, 3))
			return err
		}, ErrLimit},
		{"Limits/max-memory-1", func() error {
			_, err := Solver{Limits: Limits{MaxMemory: 1}, Algorithm: AlgoAStar}.Solve(ctx, MustParseBoard("3\n8 6 7\n2 5 4\n3 0 1\n"), Goal(3, 3))
			return err
		}, ErrLimit},
		{"Solvable/sizes-differ", func() error { _, err := Solvable(probe3, probe4); return err }, ErrMismatch},
		{"Solvable/zero", func() error { _, err := Solvable(Board{}, Board{}); return err }, ErrMismatch},
		{"RandomBoard/zero-goal", func() error { _, err := RandomBoard(Board{}, rand.New(rand.NewPCG(1, 0))); return err }, ErrSize},
		{"RandomBoard/nil-rng", func() error { _, err := RandomBoard(probe3, nil); return err }, ErrOption},
		{"RandomWalk/negative", func() error { _, err := RandomWalk(probe3, -1, rand.New(rand.NewPCG(1, 0))); return err }, ErrOption},
		{"RandomWalk/nil-rng", func() error { _, err := RandomWalk(probe3, 3, nil); return err }, ErrOption},
		{"Distances/zero-goal", func() error { _, err := Solver{}.Distances(ctx, Board{}); return err }, ErrMismatch},
		{"Distances/4x4", func() error {
			_, err := Solver{Limits: Limits{MaxMemory: 1 << 20}}.Distances(ctx, probe4)
			return err
		}, ErrLimit},
		{"ParseBlocks/valid", parseBlocks("3 4\n2 1 2 1 h\n1 1 1 1 b\n"), nil},
		{"ParseBlocks/empty", parseBlocks(""), ErrSyntax},
		{"ParseBlocks/size-only", parseBlocks("3 4\n"), ErrPiece},
		{"ParseBlocks/size-0", parseBlocks("0 4\n1 1 1 1 b\n"), ErrSize},
		{"ParseBlocks/size-huge", parseBlocks("100000 100000\n1 1 1 1 b\n"), ErrSize},
		{"ParseBlocks/size-overflow", parseBlocks("99999999999999999999 4\n"), ErrSyntax},
		{"ParseBlocks/discard", parseBlocks("3 4\n2 1 2 1 h\n9 9 1 1 b\n"), ErrPiece},
		{"ParseBlocks/all-discarded", parseBlocks("3 4\n9 9 1 1 b\n"), ErrPiece},
		{"ParseBlocks/nul", parseBlocks("3 4\n2 1 2 1 h\x00\n"), ErrSyntax},
		{"ReadBlocks/failing-reader", func() error { _, err := ReadBlocks(failingReader{}); return err }, errProbeRead},
		{"ParseRushHour/short", func() error { _, err := ParseRushHour("...."); return err }, ErrSyntax},
		{"ParseRushHour/no-red", func() error { _, err := ParseRushHour(strings.Repeat(".", 36)); return err }, ErrPiece},
		{"NewBlocks/no-pieces", func() error { _, err := NewBlocks(3, 4, nil); return err }, ErrPiece},
		{"NewBlocks/zero-size", func() error { _, err := NewBlocks(0, 0, []Piece{{Width: 1, Height: 1}}); return err }, ErrSize},
		{"NewBlocks/outside", func() error {
			_, err := NewBlocks(3, 4, []Piece{{Row: 5, Col: 5, Width: 1, Height: 1, Motion: Both}})
			return err
		}, ErrPiece},
		{"NewBlocks/overlap", func() error {
			p := Piece{Width: 2, Height: 1, Motion: Both}
			_, err := NewBlocks(3, 4, []Piece{p, p})
			return err
		}, ErrPiece},
		{"NewBlocks/negative-width", func() error {
			_, err := NewBlocks(3, 4, []Piece{{Width: -1, Height: 1, Motion: Both}})
			return err
		}, ErrPiece},
		{"NewBlocks/overflowing-piece", func() error {
			_, err := NewBlocks(3, 4, []Piece{{Row: math.MaxInt, Col: math.MaxInt, Width: math.MaxInt, Height: math.MaxInt, Motion: Both}})
			return err
		}, ErrPiece},
		{"NewBlocks/bad-motion", func() error {
			_, err := NewBlocks(3, 4, []Piece{{Width: 1, Height: 1, Motion: Motion(99)}})
			return err
		}, ErrPiece},
		{"BlockSolver/zero-puzzle", func() error { _, err := BlockSolver{}.Solve(ctx, Blocks{}); return err }, ErrPiece},
		{"BlockSolver/metric-out-of-range", func() error { _, err := BlockSolver{Metric: BlockMetric(99)}.Solve(ctx, easy); return err }, ErrOption},
		{"BlockSolver/goal-piece-out-of-range", func() error {
			_, err := BlockSolver{Goal: BlockGoalAt(7, 0, 0)}.Solve(ctx, easy)
			return err
		}, ErrOption},
		{"BlockSolver/goal-outside", func() error {
			_, err := BlockSolver{Goal: BlockGoalAt(0, 9, 9)}.Solve(ctx, easy)
			return err
		}, ErrOption},
		{"BlockSolver/max-cost-nan", func() error {
			_, err := BlockSolver{Limits: Limits{MaxCost: math.NaN()}}.Solve(ctx, easy)
			return err
		}, ErrOption},
		{"BlockSolver/nil-predicate", func() error { _, err := BlockSolver{Goal: BlockGoalFunc(nil)}.Solve(ctx, easy); return err }, nil}, // the zero BlockGoal
		{"BlockSolver/max-memory-1", func() error {
			_, err := BlockSolver{Limits: Limits{MaxMemory: 1}}.Solve(ctx, easy)
			return err
		}, ErrLimit},
		{"SVG/no-boards", func() error { return SVG{}.Write(io.Discard, nil) }, ErrMismatch},
		{"SVG/zero-board", func() error { return SVG{}.Write(io.Discard, []Board{{}}) }, ErrMismatch},
		{"SVG/sizes-differ", func() error { return SVG{}.Write(io.Discard, []Board{probe3, probe4}) }, ErrMismatch},
		{"SVG/not-a-move", func() error {
			return SVG{}.Write(io.Discard, []Board{probe3, MustParseBoard("3\n0 2 3\n4 5 6\n7 1 8\n")})
		}, ErrMismatch},
		{"SVG/negative-moves", func() error { return SVG{MaxMoves: -1}.Write(io.Discard, []Board{probe3}) }, ErrOption},
		{"SVG/nan-seconds", func() error { return SVG{MoveSeconds: math.NaN()}.Write(io.Discard, []Board{probe3}) }, ErrOption},
		{"SVG/failing-writer", func() error { return SVG{}.Write(failingWriter{}, []Board{probe3, Goal(3, 3)}) }, errProbeWrite},
		{"SVG/blocks-none", func() error { return SVG{}.WriteBlocks(io.Discard, nil) }, ErrMismatch},
		{"SVG/blocks-zero", func() error { return SVG{}.WriteBlocks(io.Discard, []Blocks{{}}) }, ErrMismatch},
		{"Cache/build-zero-heuristic", func() error { return Cache{Dir: tempDirProbe}.Build(ctx, Heuristic{}) }, ErrOption},
		{"Cache/build-manhattan", func() error { return Cache{Dir: tempDirProbe}.Build(ctx, Manhattan) }, ErrOption},
		{"Cache/remove-unknown", func() error { _, err := Cache{Dir: tempDirProbe}.Remove("pdb999"); return err }, ErrCache},
		{"Cache/remove-outside", func() error { _, err := Cache{Dir: tempDirProbe}.Remove("../victim"); return err }, ErrCache},
		{"Cache/remove-absolute", func() error { _, err := Cache{Dir: tempDirProbe}.Remove("/etc/passwd"); return err }, ErrCache},
		{"Cache/build-memory", func() error {
			return Cache{Dir: tempDirProbe, BuildMemory: 1}.Build(ctx, MustParseDatabase(Goal(2, 4), "1 2 3 4/5 6 7").Heuristic())
		}, ErrLimit},
		{"Board/UnmarshalText-garbage", func() error { var b Board; return b.UnmarshalText([]byte("garbage")) }, ErrSyntax},
		{"Board/UnmarshalBinary-short", func() error { var b Board; return b.UnmarshalBinary([]byte{1}) }, ErrSyntax},
		{"Board/UnmarshalBinary-empty", func() error { var b Board; return b.UnmarshalBinary(nil) }, nil}, // the zero Board's own encoding
		{"Mode/UnmarshalText-garbage", func() error { var m Mode; return m.UnmarshalText([]byte("weighted:x")) }, ErrSyntax},
		{"Board/2x2-solve", func() error { _, err := Solver{}.Solve(ctx, probe2, Goal(2, 2)); return err }, nil},
	}
}

// tempDirProbe is the cache folder of the probes that touch a Cache, set
// by TestLibraryProbe.
var tempDirProbe string

var (
	errProbeRead  = errors.New("probe: read failed")
	errProbeWrite = errors.New("probe: write failed")
)

type failingReader struct{}

func (failingReader) Read([]byte) (int, error) { return 0, errProbeRead }

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errProbeWrite }

// TestLibraryProbe calls the library with bad or careless input: each call
// must return an error that errors.Is its sentinel (or succeed where the
// probe wants nil), as an *Error or a *LimitError where it is one of the
// package's, and never panic.
func TestLibraryProbe(t *testing.T) {
	tempDirProbe = t.TempDir()
	for _, p := range libraryProbes() {
		t.Run(p.name, func(t *testing.T) {
			var err error
			func() {
				defer func() {
					if r := recover(); r != nil {
						t.Fatalf("panic: %v", r)
					}
				}()
				err = p.call()
			}()
			if p.want == nil {
				if err != nil {
					t.Fatalf("error %v, want none", err)
				}
				return
			}
			if !errors.Is(err, p.want) {
				t.Fatalf("error %v, want %v", err, p.want)
			}
			var e *Error
			var le *LimitError
			if p.want == ErrLimit && !errors.As(err, &le) && !errors.As(err, &e) {
				t.Errorf("error %T %v is neither a *LimitError nor a *Error", err, err)
			}
			if isSentinel(p.want) && p.want != ErrLimit && !errors.As(err, &e) {
				t.Errorf("error %T %v is not a *Error", err, err)
			}
		})
	}
}

// isSentinel tells whether err is one of the package's sentinels.
func isSentinel(err error) bool {
	for _, s := range []error{ErrSize, ErrTile, ErrSyntax, ErrMismatch, ErrUnsolvable,
		ErrNotFound, ErrOption, ErrCache, ErrCost, ErrPiece, ErrCorrupt} {
		if err == s {
			return true
		}
	}
	return false
}

package slide_test

import (
	"context"
	"errors"
	"io"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/slidekit/slide"
)

// A libraryProbe is one call of the library with bad or careless input,
// and the sentinel error it must give (nil: it must succeed).
type libraryProbe struct {
	name string
	call func() error
	want error
}

// Boards the probes share.
var (
	probe3 = slide.MustParseBoard("3\n1 2 3\n4 5 6\n7 0 8\n")
	probe4 = slide.Goal(4, 4)
	probe2 = slide.MustParseBoard("2\n1 2\n0 3\n")
	odd3   = slide.MustParseBoard("3\n1 2 3\n4 5 6\n8 7 0\n")
)

// solveWith returns a probe's call that solves probe3 with s.
func solveWith(s slide.Solver) func() error {
	return func() error {
		_, err := s.Solve(context.Background(), probe3, slide.Goal(3, 3))
		return err
	}
}

// parse returns a probe's call that parses text as a board.
func parse(text string) func() error {
	return func() error {
		_, err := slide.ParseBoard(text)
		return err
	}
}

// parseBlocks returns a probe's call that parses text as a puzzle.
func parseBlocks(text string) func() error {
	return func() error {
		_, err := slide.ParseBlocks(text)
		return err
	}
}

func libraryProbes() []libraryProbe {
	ctx := context.Background()
	easy := slide.MustParseBlocks("3 4\n2 1 2 1 h\n1 1 1 1 b\n")
	return []libraryProbe{
		{"ParseBoard/valid", parse("3\n1 2 3\n4 5 6\n7 0 8\n"), nil},
		{"ParseBoard/empty", parse(""), slide.ErrSyntax},
		{"ParseBoard/whitespace", parse(" \n\t\n"), slide.ErrSyntax},
		{"ParseBoard/size-only", parse("3\n"), slide.ErrSize},
		{"ParseBoard/0", parse("0\n"), slide.ErrSize},
		{"ParseBoard/1x1", parse("1\n0\n"), slide.ErrSize},
		{"ParseBoard/negative-size", parse("-2\n0 1 2 3\n"), slide.ErrSize},
		{"ParseBoard/size-overflow", parse("99999999999999999999\n"), slide.ErrSyntax},
		{"ParseBoard/256x256", parse("256 256\n0\n"), slide.ErrSize},
		{"ParseBoard/three-sizes", parse("3 3 3\n"), slide.ErrSyntax},
		{"ParseBoard/short", parse("2\n1 2 3\n"), slide.ErrSize},
		{"ParseBoard/long", parse("2\n1 2 3 0 4\n"), slide.ErrSyntax},
		{"ParseBoard/repeated-labels", parse("2\n1 1 3 0\n"), nil}, // labels may repeat, as NewLabeled's
		{"ParseBoard/two-blanks", parse("2\n1 0 3 0\n"), slide.ErrTile},
		{"ParseBoard/no-blank", parse("2\n1 2 3 4\n"), slide.ErrTile},
		{"ParseBoard/negative-tile", parse("2\n1 2 -3 0\n"), slide.ErrTile},
		{"ParseBoard/tile-overflow", parse("2\n1 2 99999999999999999999 0\n"), slide.ErrSyntax},
		{"ParseBoard/letters", parse("2\n1 2 x 0\n"), slide.ErrSyntax},
		{"ParseBoard/nul", parse("2\n1 2 3 0\x00\n"), slide.ErrSyntax},
		{"ParseBoard/control", parse("2\n1 2\x01 3 0\n"), slide.ErrSyntax},
		{"ParseBoard/bad-utf8", parse("2\n1 2 \xff 0\n"), slide.ErrSyntax},
		{"ParseBoard/crlf", parse("2\r\n1 2\r\n3 0\r\n"), nil},
		{"ParseBoard/cr-only", parse("2\r1 2\r3 0\r"), nil},
		{"ReadBoard/empty", func() error { _, err := slide.ReadBoard(strings.NewReader("")); return err }, slide.ErrSyntax},
		{"ReadBoard/failing-reader", func() error { _, err := slide.ReadBoard(failingReader{}); return err }, errProbeRead},
		{"New/valid", func() error { _, err := slide.New(2, 2, []int{1, 2, 3, 0}); return err }, nil},
		{"New/nil-tiles", func() error { _, err := slide.New(2, 2, nil); return err }, slide.ErrSize},
		{"New/zero-size", func() error { _, err := slide.New(0, 0, nil); return err }, slide.ErrSize},
		{"New/negative-size", func() error { _, err := slide.New(-2, -2, []int{1, 2, 3, 0}); return err }, slide.ErrSize},
		{"New/1x1", func() error { _, err := slide.New(1, 1, []int{0}); return err }, slide.ErrSize},
		{"New/overflowing-size", func() error { _, err := slide.New(1<<32, 1<<32, []int{0}); return err }, slide.ErrSize},
		{"New/too-many-cells", func() error { _, err := slide.New(256, 256, make([]int, 256*256)); return err }, slide.ErrSize},
		{"New/repeated", func() error { _, err := slide.New(2, 2, []int{1, 1, 3, 0}); return err }, slide.ErrTile},
		{"New/out-of-range", func() error { _, err := slide.New(2, 2, []int{1, 2, 4, 0}); return err }, slide.ErrTile},
		{"New/no-blank", func() error { _, err := slide.New(2, 2, []int{1, 2, 3, 4}); return err }, slide.ErrTile},
		{"NewLabeled/no-blank", func() error { _, err := slide.NewLabeled(2, 2, []int{1, 1, 2, 2}); return err }, slide.ErrTile},
		{"NewLabeled/two-blanks", func() error { _, err := slide.NewLabeled(2, 2, []int{0, 1, 2, 0}); return err }, slide.ErrTile},
		{"ParsePosition/short", func() error { _, err := slide.ParsePosition(3, 3, "12345678"); return err }, slide.ErrSize},
		{"ParsePosition/no-blank", func() error { _, err := slide.ParsePosition(2, 2, "1234"); return err }, slide.ErrTile},
		{"ParsePosition/control", func() error { _, err := slide.ParsePosition(2, 2, "1\x002-"); return err }, slide.ErrTile},
		{"ParsePosition/zero-size", func() error { _, err := slide.ParsePosition(0, 0, ""); return err }, slide.ErrSize},
		{"Unpack/too-large", func() error { _, err := slide.Unpack(2, 2, math.MaxUint64); return err }, slide.ErrSyntax},
		{"Unpack/5x5", func() error { _, err := slide.Unpack(5, 5, 0); return err }, slide.ErrSize},
		{"ParseMoves/bad-letter", func() error { _, err := slide.ParseMoves("UDX"); return err }, slide.ErrSyntax},
		{"ParseMoves/empty", func() error { _, err := slide.ParseMoves(""); return err }, nil},
		{"ParseDirection/unknown", func() error { _, err := slide.ParseDirection("north"); return err }, slide.ErrSyntax},
		{"ParseHeuristic/unknown", func() error { _, err := slide.ParseHeuristic("magic"); return err }, slide.ErrSyntax},
		{"ParseHeuristic/empty", func() error { _, err := slide.ParseHeuristic(""); return err }, slide.ErrSyntax},
		{"ParseAlgorithm/unknown", func() error { _, err := slide.ParseAlgorithm("dfs"); return err }, slide.ErrSyntax},
		{"ParseMetric/unknown", func() error { _, err := slide.ParseMetric("diagonal"); return err }, slide.ErrSyntax},
		{"ParseMode/unknown", func() error { _, err := slide.ParseMode("quick"); return err }, slide.ErrSyntax},
		{"ParseMotion/unknown", func() error { _, err := slide.ParseMotion("x"); return err }, slide.ErrSyntax},
		{"ParseBlockMetric/unknown", func() error { _, err := slide.ParseBlockMetric("diagonal"); return err }, slide.ErrSyntax},
		{"ParseDatabase/missing-tile", func() error { _, err := slide.ParseDatabase(slide.Goal(3, 3), "1 2 3/4 5 6"); return err }, slide.ErrTile},
		{"ParseDatabase/repeated", func() error { _, err := slide.ParseDatabase(slide.Goal(3, 3), "1 2 3 4/4 5 6 7 8"); return err }, slide.ErrTile},
		{"ParseDatabase/letters", func() error { _, err := slide.ParseDatabase(slide.Goal(3, 3), "a/b"); return err }, slide.ErrSyntax},
		{"ParseDatabase/empty-group", func() error { _, err := slide.ParseDatabase(slide.Goal(3, 3), "1 2 3 4//5 6 7 8"); return err }, slide.ErrSyntax},
		{"ParseDatabase/zero-board", func() error { _, err := slide.ParseDatabase(slide.Board{}, "1 2 3"); return err }, slide.ErrSize},
		{"Solve/valid", solveWith(slide.Solver{}), nil},
		{"Solve/sizes-differ", func() error { _, err := slide.Solver{}.Solve(ctx, probe3, probe4); return err }, slide.ErrMismatch},
		{"Solve/unsolvable", func() error { _, err := slide.Solver{}.Solve(ctx, odd3, slide.Goal(3, 3)); return err }, slide.ErrUnsolvable},
		{"Solve/zero-start", func() error { _, err := slide.Solver{}.Solve(ctx, slide.Board{}, probe4); return err }, slide.ErrMismatch},
		{"Solve/zero-boards", func() error { _, err := slide.Solver{}.Solve(ctx, slide.Board{}, slide.Board{}); return err }, slide.ErrMismatch},
		{"Solve/nil-context", func() error { _, err := slide.Solver{}.Solve(nil, probe3, slide.Goal(3, 3)); return err }, slide.ErrOption}, //lint:ignore SA1012 a nil context is what is probed
		{"Solve/cancelled", func() error {
			c, cancel := context.WithCancel(ctx)
			cancel()
			_, err := slide.Solver{}.Solve(c, slide.MustParseBoard("4\n0 12 9 13\n15 11 10 14\n3 7 2 5\n4 8 6 1\n"), probe4)
			return err
		}, context.Canceled},
		{"Solver/workers-negative", solveWith(slide.Solver{Workers: -1}), slide.ErrOption},
		{"Solver/workers-huge", solveWith(slide.Solver{Workers: 1 << 20}), slide.ErrOption},
		{"Solver/weighted-0", solveWith(slide.Solver{Mode: slide.Weighted(0)}), slide.ErrOption},
		{"Solver/weighted-half", solveWith(slide.Solver{Mode: slide.Weighted(0.5)}), slide.ErrOption},
		{"Solver/weighted-nan", solveWith(slide.Solver{Mode: slide.Weighted(math.NaN())}), slide.ErrOption},
		{"Solver/weighted-inf", solveWith(slide.Solver{Mode: slide.Weighted(math.Inf(1))}), slide.ErrOption},
		{"Solver/anytime-0", solveWith(slide.Solver{Mode: slide.Anytime(0)}), nil}, // 0: no time limit
		{"Solver/anytime-negative", solveWith(slide.Solver{Mode: slide.Anytime(-time.Second)}), slide.ErrOption},
		{"Solver/fast-heuristic", solveWith(slide.Solver{Mode: slide.Fast(), Heuristic: slide.Manhattan}), slide.ErrOption},
		{"Solver/fast-algorithm", solveWith(slide.Solver{Mode: slide.Fast(), Algorithm: slide.AlgoAStar}), slide.ErrOption},
		{"Solver/algorithm-out-of-range", solveWith(slide.Solver{Algorithm: slide.Algorithm(200)}), slide.ErrOption},
		{"Solver/metric-out-of-range", solveWith(slide.Solver{Metric: slide.Metric(200)}), slide.ErrOption},
		{"Solver/pdb-wrong-size", solveWith(slide.Solver{Heuristic: slide.PDB555}), slide.ErrOption},
		{"Limits/max-cost-negative", solveWith(slide.Solver{Limits: slide.Limits{MaxCost: -1}}), slide.ErrOption},
		{"Limits/max-cost-nan", solveWith(slide.Solver{Limits: slide.Limits{MaxCost: math.NaN()}}), slide.ErrOption},
		{"Limits/max-cost-inf", solveWith(slide.Solver{Limits: slide.Limits{MaxCost: math.Inf(1)}}), slide.ErrOption},
		{"Limits/max-cost-short", func() error {
			_, err := slide.Solver{Limits: slide.Limits{MaxCost: 1}}.Solve(ctx, slide.MustParseBoard("3\n1 2 3\n4 5 6\n0 7 8\n"), slide.Goal(3, 3))
			return err
		}, slide.ErrNotFound},
		{"Limits/max-nodes-1", func() error {
			_, err := slide.Solver{Limits: slide.Limits{MaxNodes: 1}, Algorithm: slide.AlgoAStar}.Solve(ctx, slide.MustParseBoard("3\n8 6 7\n2 5 4\n3 0 1\n"), slide.Goal(3, 3))
			return err
		}, slide.ErrLimit},
		{"Limits/max-memory-1", func() error {
			_, err := slide.Solver{Limits: slide.Limits{MaxMemory: 1}, Algorithm: slide.AlgoAStar}.Solve(ctx, slide.MustParseBoard("3\n8 6 7\n2 5 4\n3 0 1\n"), slide.Goal(3, 3))
			return err
		}, slide.ErrLimit},
		{"Solvable/sizes-differ", func() error { _, err := slide.Solvable(probe3, probe4); return err }, slide.ErrMismatch},
		{"Solvable/zero", func() error { _, err := slide.Solvable(slide.Board{}, slide.Board{}); return err }, slide.ErrMismatch},
		{"RandomBoard/zero-goal", func() error { _, err := slide.RandomBoard(slide.Board{}, rand.New(rand.NewPCG(1, 0))); return err }, slide.ErrSize},
		{"RandomBoard/nil-rng", func() error { _, err := slide.RandomBoard(probe3, nil); return err }, slide.ErrOption},
		{"RandomWalk/negative", func() error { _, err := slide.RandomWalk(probe3, -1, rand.New(rand.NewPCG(1, 0))); return err }, slide.ErrOption},
		{"RandomWalk/nil-rng", func() error { _, err := slide.RandomWalk(probe3, 3, nil); return err }, slide.ErrOption},
		{"Distances/zero-goal", func() error { _, err := slide.Solver{}.Distances(ctx, slide.Board{}); return err }, slide.ErrMismatch},
		{"Distances/4x4", func() error {
			_, err := slide.Solver{Limits: slide.Limits{MaxMemory: 1 << 20}}.Distances(ctx, probe4)
			return err
		}, slide.ErrLimit},
		{"ParseBlocks/valid", parseBlocks("3 4\n2 1 2 1 h\n1 1 1 1 b\n"), nil},
		{"ParseBlocks/empty", parseBlocks(""), slide.ErrSyntax},
		{"ParseBlocks/size-only", parseBlocks("3 4\n"), slide.ErrPiece},
		{"ParseBlocks/size-0", parseBlocks("0 4\n1 1 1 1 b\n"), slide.ErrSize},
		{"ParseBlocks/size-huge", parseBlocks("100000 100000\n1 1 1 1 b\n"), slide.ErrSize},
		{"ParseBlocks/size-overflow", parseBlocks("99999999999999999999 4\n"), slide.ErrSyntax},
		{"ParseBlocks/discard", parseBlocks("3 4\n2 1 2 1 h\n9 9 1 1 b\n"), slide.ErrPiece},
		{"ParseBlocks/all-discarded", parseBlocks("3 4\n9 9 1 1 b\n"), slide.ErrPiece},
		{"ParseBlocks/nul", parseBlocks("3 4\n2 1 2 1 h\x00\n"), slide.ErrSyntax},
		{"ReadBlocks/failing-reader", func() error { _, err := slide.ReadBlocks(failingReader{}); return err }, errProbeRead},
		{"ParseRushHour/short", func() error { _, err := slide.ParseRushHour("...."); return err }, slide.ErrSyntax},
		{"ParseRushHour/no-red", func() error { _, err := slide.ParseRushHour(strings.Repeat(".", 36)); return err }, slide.ErrPiece},
		{"NewBlocks/no-pieces", func() error { _, err := slide.NewBlocks(3, 4, nil); return err }, slide.ErrPiece},
		{"NewBlocks/zero-size", func() error { _, err := slide.NewBlocks(0, 0, []slide.Piece{{Width: 1, Height: 1}}); return err }, slide.ErrSize},
		{"NewBlocks/outside", func() error {
			_, err := slide.NewBlocks(3, 4, []slide.Piece{{Row: 5, Col: 5, Width: 1, Height: 1, Motion: slide.Both}})
			return err
		}, slide.ErrPiece},
		{"NewBlocks/overlap", func() error {
			p := slide.Piece{Width: 2, Height: 1, Motion: slide.Both}
			_, err := slide.NewBlocks(3, 4, []slide.Piece{p, p})
			return err
		}, slide.ErrPiece},
		{"NewBlocks/negative-width", func() error {
			_, err := slide.NewBlocks(3, 4, []slide.Piece{{Width: -1, Height: 1, Motion: slide.Both}})
			return err
		}, slide.ErrPiece},
		{"NewBlocks/overflowing-piece", func() error {
			_, err := slide.NewBlocks(3, 4, []slide.Piece{{Row: math.MaxInt, Col: math.MaxInt, Width: math.MaxInt, Height: math.MaxInt, Motion: slide.Both}})
			return err
		}, slide.ErrPiece},
		{"NewBlocks/bad-motion", func() error {
			_, err := slide.NewBlocks(3, 4, []slide.Piece{{Width: 1, Height: 1, Motion: slide.Motion(99)}})
			return err
		}, slide.ErrPiece},
		{"BlockSolver/zero-puzzle", func() error { _, err := slide.BlockSolver{}.Solve(ctx, slide.Blocks{}); return err }, slide.ErrPiece},
		{"BlockSolver/metric-out-of-range", func() error { _, err := slide.BlockSolver{Metric: slide.BlockMetric(99)}.Solve(ctx, easy); return err }, slide.ErrOption},
		{"BlockSolver/goal-piece-out-of-range", func() error {
			_, err := slide.BlockSolver{Goal: slide.BlockGoalAt(7, 0, 0)}.Solve(ctx, easy)
			return err
		}, slide.ErrOption},
		{"BlockSolver/goal-outside", func() error {
			_, err := slide.BlockSolver{Goal: slide.BlockGoalAt(0, 9, 9)}.Solve(ctx, easy)
			return err
		}, slide.ErrOption},
		{"BlockSolver/max-cost-nan", func() error {
			_, err := slide.BlockSolver{Limits: slide.Limits{MaxCost: math.NaN()}}.Solve(ctx, easy)
			return err
		}, slide.ErrOption},
		{"BlockSolver/nil-predicate", func() error { _, err := slide.BlockSolver{Goal: slide.BlockGoalFunc(nil)}.Solve(ctx, easy); return err }, nil}, // the zero BlockGoal
		{"BlockSolver/max-memory-1", func() error {
			_, err := slide.BlockSolver{Limits: slide.Limits{MaxMemory: 1}}.Solve(ctx, easy)
			return err
		}, slide.ErrLimit},
		{"SVG/no-boards", func() error { return slide.SVG{}.Write(io.Discard, nil) }, slide.ErrMismatch},
		{"SVG/zero-board", func() error { return slide.SVG{}.Write(io.Discard, []slide.Board{{}}) }, slide.ErrMismatch},
		{"SVG/sizes-differ", func() error { return slide.SVG{}.Write(io.Discard, []slide.Board{probe3, probe4}) }, slide.ErrMismatch},
		{"SVG/not-a-move", func() error {
			return slide.SVG{}.Write(io.Discard, []slide.Board{probe3, slide.MustParseBoard("3\n0 2 3\n4 5 6\n7 1 8\n")})
		}, slide.ErrMismatch},
		{"SVG/negative-moves", func() error { return slide.SVG{MaxMoves: -1}.Write(io.Discard, []slide.Board{probe3}) }, slide.ErrOption},
		{"SVG/nan-seconds", func() error { return slide.SVG{MoveSeconds: math.NaN()}.Write(io.Discard, []slide.Board{probe3}) }, slide.ErrOption},
		{"SVG/failing-writer", func() error { return slide.SVG{}.Write(failingWriter{}, []slide.Board{probe3, slide.Goal(3, 3)}) }, errProbeWrite},
		{"SVG/blocks-none", func() error { return slide.SVG{}.WriteBlocks(io.Discard, nil) }, slide.ErrMismatch},
		{"SVG/blocks-zero", func() error { return slide.SVG{}.WriteBlocks(io.Discard, []slide.Blocks{{}}) }, slide.ErrMismatch},
		{"Cache/build-zero-heuristic", func() error { return slide.Cache{Dir: tempDirProbe}.Build(ctx, slide.Heuristic{}) }, slide.ErrOption},
		{"Cache/build-manhattan", func() error { return slide.Cache{Dir: tempDirProbe}.Build(ctx, slide.Manhattan) }, slide.ErrOption},
		{"Cache/remove-unknown", func() error { _, err := slide.Cache{Dir: tempDirProbe}.Remove("pdb999"); return err }, slide.ErrCache},
		{"Cache/remove-outside", func() error { _, err := slide.Cache{Dir: tempDirProbe}.Remove("../victim"); return err }, slide.ErrCache},
		{"Cache/remove-absolute", func() error { _, err := slide.Cache{Dir: tempDirProbe}.Remove("/etc/passwd"); return err }, slide.ErrCache},
		{"Cache/build-memory", func() error {
			return slide.Cache{Dir: tempDirProbe, MaxMemory: 1}.Build(ctx, slide.MustParseDatabase(slide.Goal(2, 4), "1 2 3 4/5 6 7").Heuristic())
		}, slide.ErrLimit},
		{"Board/UnmarshalText-garbage", func() error { var b slide.Board; return b.UnmarshalText([]byte("garbage")) }, slide.ErrSyntax},
		{"Board/UnmarshalBinary-short", func() error { var b slide.Board; return b.UnmarshalBinary([]byte{1}) }, slide.ErrSyntax},
		{"Board/UnmarshalBinary-empty", func() error { var b slide.Board; return b.UnmarshalBinary(nil) }, nil}, // the zero Board's own encoding
		{"Mode/UnmarshalText-garbage", func() error { var m slide.Mode; return m.UnmarshalText([]byte("weighted:x")) }, slide.ErrSyntax},
		{"Board/2x2-solve", func() error { _, err := slide.Solver{}.Solve(ctx, probe2, slide.Goal(2, 2)); return err }, nil},
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
			var e *slide.Error
			var le *slide.LimitError
			if p.want == slide.ErrLimit && !errors.As(err, &le) && !errors.As(err, &e) {
				t.Errorf("error %T %v is neither a *slide.LimitError nor a *slide.Error", err, err)
			}
			if isSentinel(p.want) && p.want != slide.ErrLimit && !errors.As(err, &e) {
				t.Errorf("error %T %v is not a *slide.Error", err, err)
			}
		})
	}
}

// isSentinel tells whether err is one of the package's sentinels.
func isSentinel(err error) bool {
	for _, s := range []error{slide.ErrSize, slide.ErrTile, slide.ErrSyntax, slide.ErrMismatch, slide.ErrUnsolvable,
		slide.ErrNotFound, slide.ErrOption, slide.ErrCache, slide.ErrCost, slide.ErrPiece, slide.ErrCorrupt} {
		if err == s {
			return true
		}
	}
	return false
}

package slide

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/slidekit/slide/internal/engine"
	"github.com/slidekit/slide/internal/tiles"
)

// A weighted grid: states are cells, moves go to the four neighbours and
// cost the weight of the cell entered. It exercises the engines apart from
// sliding puzzles, with integer and float costs.
type gridWorld[C Cost] struct {
	w, h   int
	weight []C
	wall   []bool
	goal   int
	est    []C // the heuristic of every cell
}

type cell[C Cost] struct {
	g *gridWorld[C]
	i int32
}

func (c cell[C]) Successors(dst []Arc[cell[C], C]) []Arc[cell[C], C] {
	g := c.g
	x, y := int(c.i)%g.w, int(c.i)/g.w
	for _, d := range [4][2]int{{0, -1}, {-1, 0}, {1, 0}, {0, 1}} {
		nx, ny := x+d[0], y+d[1]
		if nx < 0 || ny < 0 || nx >= g.w || ny >= g.h {
			continue
		}
		j := ny*g.w + nx
		if g.wall[j] {
			continue
		}
		dst = append(dst, Arc[cell[C], C]{To: cell[C]{g, int32(j)}, Cost: g.weight[j]})
	}
	return dst
}

func (c cell[C]) Heuristic() C { return c.g.est[c.i] }
func (c cell[C]) IsGoal() bool { return int(c.i) == c.g.goal }

// dijkstra returns the cheapest cost from every cell to the goal (moves
// reversed: entering cell j costs weight[j]), -1 where unreachable.
func (g *gridWorld[C]) dijkstra() []float64 {
	n := g.w * g.h
	dist := make([]float64, n)
	for i := range dist {
		dist[i] = math.Inf(1)
	}
	dist[g.goal] = 0
	done := make([]bool, n)
	for {
		u := -1
		for i := range n {
			if !done[i] && !math.IsInf(dist[i], 1) && (u < 0 || dist[i] < dist[u]) {
				u = i
			}
		}
		if u < 0 {
			break
		}
		done[u] = true
		for _, arc := range (cell[C]{g, int32(u)}).Successors(nil) {
			// an arc u -> v costs weight[v]; for the reverse search, v -> u costs weight[u]
			v := int(arc.To.i)
			if d := dist[u] + float64(g.weight[u]); d < dist[v] {
				dist[v] = d
			}
		}
	}
	return dist
}

func newGridWorld[C Cost](rng *rand.Rand, w, h int, weight func() C) *gridWorld[C] {
	g := &gridWorld[C]{w: w, h: h, weight: make([]C, w*h), wall: make([]bool, w*h), est: make([]C, w*h)}
	for i := range g.weight {
		g.weight[i] = weight()
		g.wall[i] = rng.IntN(5) == 0
	}
	g.goal = rng.IntN(w * h)
	g.wall[g.goal] = false
	return g
}

// TestEnginesOnWeightedGrids compares A* (on its bucket queue: the costs
// are integers) and IDA* with Dijkstra on random weighted grids, with
// zero, consistent and inconsistent admissible heuristics.
func TestEnginesOnWeightedGrids(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for trial := range 30 {
		g := newGridWorld(rng, 9, 7, func() int { return 1 + rng.IntN(9) })
		truth := g.dijkstra()
		for kind := range 3 {
			for i := range g.est {
				switch {
				case math.IsInf(truth[i], 1):
					g.est[i] = 0
				case kind == 1: // consistent: taxicab distance times the least weight
					g.est[i] = tiles.Dist(i, g.goal, g.w)
				case kind == 2: // admissible but inconsistent: random fractions of the truth
					g.est[i] = int(truth[i] * rng.Float64())
				default:
					g.est[i] = 0
				}
			}
			var a AStar[cell[int], int]
			var d IDAStar[cell[int], int]
			for start := range g.w * g.h {
				if g.wall[start] {
					continue
				}
				s := cell[int]{g, int32(start)}
				res, err := a.Search(context.Background(), s)
				if math.IsInf(truth[start], 1) {
					if !errors.Is(err, ErrNotFound) {
						t.Fatalf("trial %d: unreachable start %d: %v", trial, start, err)
					}
					continue
				}
				if err != nil || float64(res.Cost) != truth[start] {
					t.Fatalf("trial %d kind %d start %d: A* cost %v, %v; Dijkstra %v", trial, kind, start, res.Cost, err, truth[start])
				}
				checkPath(t, res.Path, res.Cost, s)
				if trial < 10 {
					ires, err := d.Search(context.Background(), s)
					if err != nil || float64(ires.Cost) != truth[start] {
						t.Fatalf("trial %d kind %d start %d: IDA* cost %v, %v; Dijkstra %v", trial, kind, start, ires.Cost, err, truth[start])
					}
					checkPath(t, ires.Path, ires.Cost, s)
				}
			}
		}
	}
}

// checkPath checks that p runs from start to a goal by legal moves costing
// cost in all.
func checkPath[S State[S, C], C Cost](t *testing.T, p []S, cost C, start S) {
	t.Helper()
	if len(p) == 0 || p[0] != start || !p[len(p)-1].IsGoal() {
		t.Fatalf("path does not run from start to a goal")
	}
	var total C
	for i := 1; i < len(p); i++ {
		found := false
		for _, arc := range p[i-1].Successors(nil) {
			if arc.To == p[i] {
				total += arc.Cost
				found = true
				break
			}
		}
		if !found {
			t.Fatalf("step %d is not a move", i)
		}
	}
	if total != cost {
		t.Fatalf("path costs %v, reported %v", total, cost)
	}
}

// TestEnginesFloatCosts compares A* (on its heap: the costs are
// fractional) with Dijkstra on random grids of float costs.
func TestEnginesFloatCosts(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for range 10 {
		g := newGridWorld(rng, 8, 8, func() float64 { return 0.5 + rng.Float64()*3 })
		truth := g.dijkstra()
		var a AStar[cell[float64], float64]
		for start := range g.w * g.h {
			if g.wall[start] || math.IsInf(truth[start], 1) {
				continue
			}
			res, err := a.Search(context.Background(), cell[float64]{g, int32(start)})
			if err != nil || math.Abs(res.Cost-truth[start]) > 1e-9 {
				t.Fatalf("float A* cost %v, %v; Dijkstra %v", res.Cost, err, truth[start])
			}
		}
	}
}

// A line of states 0 -> 1 -> ... where one move costs -1.
type negative int

func (n negative) Successors(dst []Arc[negative, int]) []Arc[negative, int] {
	return append(dst, Arc[negative, int]{To: n + 1, Cost: -1})
}
func (n negative) Heuristic() int { return 0 }
func (n negative) IsGoal() bool   { return n == 5 }

// TestNegativeCost checks that a negative move cost is an error of its
// own class, ErrCost, not ErrOption.
func TestNegativeCost(t *testing.T) {
	if _, err := (&AStar[negative, int]{}).Search(context.Background(), 0); !errors.Is(err, ErrCost) || errors.Is(err, ErrOption) {
		t.Errorf("A*: %v", err)
	}
	if _, err := (&IDAStar[negative, int]{}).Search(context.Background(), 0); !errors.Is(err, ErrCost) || errors.Is(err, ErrOption) {
		t.Errorf("IDA*: %v", err)
	}
}

// TestZeroAllocationIDA checks that the generic IDA* allocates nothing
// while it searches, once its memory has grown, but for its answer. (The
// specialized ida16 is checked in internal/idastar.)
func TestZeroAllocationIDA(t *testing.T) {
	hard := readInstances(t, "hard8_31.txt", 3, 3)[0].board
	tg3, code3 := encodeFor(t, hard, blankFirstGoal(3, 3))
	st := packed{tiles.NewSpace(tg3, Manhattan.tiles(), false).PackedStart(code3)}
	var d IDAStar[packed, int]
	d.Search(context.Background(), st) // grow its buffers
	var res Result[packed, int]
	allocs := testing.AllocsPerRun(3, func() { res, _ = d.Search(context.Background(), st) })
	if allocs > 2 || res.Generated < 10000 { // the returned path and its closure
		t.Errorf("generic IDA*: %v allocations per search of %d nodes", allocs, res.Generated)
	}
}

// TestIDADepthLimit checks that the memory limit stops IDA*'s dive and
// that the error names the bound set, not the depth's share of it (once
// "memory limit (0 B)" for a bound of 1 byte).
func TestIDADepthLimit(t *testing.T) {
	// An endless line explored with a huge bound: the memory limit stops
	// the dive.
	for _, memory := range []int64{1, 1<<16 + 7} {
		d := IDAStar[line, int]{Limits: Limits{MaxMemory: memory}}
		_, err := d.Search(context.Background(), line(0))
		var le *LimitError
		if !errors.As(err, &le) || le.Limit != "memory" || le.Value != memory || !strings.Contains(err.Error(), engine.FormatBytes(memory)) {
			t.Errorf("IDA* depth, MaxMemory %d: %v", memory, err)
		}
	}
	// The same for the grid solver on a large board.
	start := randomWalk(rand.New(rand.NewPCG(1, 9)), Goal(20, 20), 60)
	var le *LimitError
	_, err := Solver{Limits: Limits{MaxMemory: 256*10 + 100}}.Solve(context.Background(), start, Goal(20, 20))
	if !errors.As(err, &le) || le.Limit != "memory" || le.Value != 256*10+100 {
		t.Errorf("grid IDA* depth: %v", err)
	}
}

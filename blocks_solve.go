package slide

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"sync"

	"github.com/slidekit/slide/internal/blocks"
)

// BlockMetric is what counts as one move of a sliding-block puzzle.
type BlockMetric uint8

const (
	StraightMoves BlockMetric = iota // a slide any number of cells in one direction
	StepMoves                        // a slide of one cell
	PieceMoves                       // any path of one piece, turns included
	numBlockMetrics
)

var blockMetricText = enum[BlockMetric]{typ: "BlockMetric", kind: "block metric",
	names: []string{"straight", "step", "piece"}}

// String returns "straight", "step" or "piece".
func (m BlockMetric) String() string { return blockMetricText.format(m) }

// ParseBlockMetric returns the [BlockMetric] named s: a name String returns.
func ParseBlockMetric(s string) (BlockMetric, error) {
	return blockMetricText.parse("ParseBlockMetric", s)
}

// MarshalText implements [encoding.TextMarshaler]: the name String returns.
func (m BlockMetric) MarshalText() ([]byte, error) { return blockMetricText.marshal(m) }

// UnmarshalText implements [encoding.TextUnmarshaler] with
// [ParseBlockMetric].
func (m *BlockMetric) UnmarshalText(text []byte) error { return blockMetricText.unmarshal(text, m) }

// A BlockSolver solves sliding-block puzzles by BFS, equal pieces
// interchangeable; the zero one counts [StraightMoves] to the zero [BlockGoal].
type BlockSolver struct {
	Metric         BlockMetric
	Goal           BlockGoal
	Limits         Limits
	DistinctPieces bool // tell identical pieces apart
}

// A BlockSolution is a shortest solution of a sliding-block puzzle.
type BlockSolution struct {
	Metric    BlockMetric
	Positions []Blocks // the start, then the puzzle after each move
	Moves     []BlockMove
	Expanded  int64
	Generated int64
}

// Len returns the number of moves.
func (s BlockSolution) Len() int { return len(s.Moves) }

// A BlockMove is one move: piece Piece, named Name, makes the Slides in order.
type BlockMove struct {
	Piece  int
	Slides []BlockSlide
	Name   rune
}

// A BlockSlide moves a piece Cells cells in direction Dir.
type BlockSlide struct {
	Dir   Direction
	Cells int
}

// String returns "up 1 space" or "left 3 spaces".
func (s BlockSlide) String() string {
	if s.Cells == 1 {
		return s.Dir.String() + " 1 space"
	}
	return s.Dir.String() + " " + strconv.Itoa(s.Cells) + " spaces"
}

// String returns the move as "Piece 7 up 3 spaces, left 1 space".
func (m BlockMove) String() string {
	var sb strings.Builder
	sb.WriteString("Piece ")
	if m.Name != 0 {
		sb.WriteRune(m.Name)
	} else {
		sb.WriteRune(pieceName(m.Piece))
	}
	for i, s := range m.Slides {
		if i > 0 {
			sb.WriteByte(',')
		}
		sb.WriteByte(' ')
		sb.WriteString(s.String())
	}
	return sb.String()
}

var (
	block64Engines   sync.Pool
	blockWideEngines sync.Pool
)

// Solve returns a shortest solution of b, or [ErrUnsolvable], [ErrNotFound],
// [ErrOption], [ErrPiece], [ErrLimit], the context's error.
func (s BlockSolver) Solve(ctx context.Context, b Blocks) (BlockSolution, error) {
	if err := refuseStart("BlockSolver.Solve", ctx, s.Limits); err != nil {
		return BlockSolution{}, err
	}
	sp, err := newBlockSpace("BlockSolver.Solve", b, s)
	if err != nil {
		return BlockSolution{}, err
	}
	sol, err := s.solve(ctx, sp, b)
	return sol, toError("BlockSolver.Solve", err)
}

// solve is Solve on a prepared space.
func (s BlockSolver) solve(ctx context.Context, sp *blocks.Space, b Blocks) (BlockSolution, error) {
	const fn = "BlockSolver.Solve"
	sol := BlockSolution{Metric: s.Metric}
	var err error
	var path [][]uint32
	var bounded bool // the search stopped at MaxCost
	start := sp.StartCodes()
	switch sp.Kind() {
	case blocks.WideStates:
		path, bounded, err = searchBlocks(ctx, &blockWideEngines, sp.WideStart(start), blocks.WideKey, s.Limits, &sol)
	case blocks.NarrowBFS:
		var keys []uint64
		var st blocks.Stats
		keys, bounded, err = sp.BFS64(ctx, sp.Pack64(start), s.Limits.eng(), &st)
		sol.Expanded, sol.Generated = st.Expanded, st.Generated
		for _, k := range keys {
			path = append(path, sp.State64(k).Codes())
		}
	default:
		path, bounded, err = searchBlocks(ctx, &block64Engines, sp.State64(sp.Pack64(start)), blocks.State64Key, s.Limits, &sol)
	}
	switch notFound := errors.Is(toError(fn, err), ErrNotFound); {
	case notFound && bounded:
		return sol, errorf(fn, ErrNotFound, "no sequence of at most %v moves reaches %s: %d positions explored", s.Limits.MaxCost, s.Goal.Describe(b), sol.Expanded)
	case notFound:
		return sol, errorf(fn, ErrUnsolvable, "no sequence of moves reaches %s: %d positions explored", s.Goal.Describe(b), sol.Expanded)
	case err != nil:
		return sol, err
	}
	return sol, describe(fn, sp, b, path, &sol)
}

// A blockState is a state type of blocks.Space.
type blockState[T any] interface {
	innerState[T]
	Codes() []uint32
}

// searchBlocks runs a pooled BFS engine from start and returns the fields
// of the positions along the path found; bounded says, with an
// ErrNotFound, that the search stopped at lim.MaxCost.
func searchBlocks[T blockState[T]](ctx context.Context, pool *sync.Pool, start T, key func(T) uint64, lim Limits, sol *BlockSolution) (path [][]uint32, bounded bool, err error) {
	e := get[BFS[inner[T], int]](pool)
	defer pool.Put(e)
	e.Limits, e.Key = lim, innerKey(key)
	res, err := e.Search(ctx, inner[T]{start})
	sol.Expanded, sol.Generated = res.Expanded, res.Generated
	if err != nil {
		return nil, e.bounded, err
	}
	path = make([][]uint32, len(res.Path))
	for i, st := range res.Path {
		path[i] = st.s.Codes()
	}
	return path, false, nil
}

// Distances counts the positions at each distance from b; it refuses a Goal.
func (s BlockSolver) Distances(ctx context.Context, b Blocks) (counts []int64, err error) {
	const fn = "BlockSolver.Distances"
	if err := refuseStart(fn, ctx, s.Limits); err != nil {
		return nil, err
	}
	if s.Goal.at || s.Goal.match != nil {
		return nil, unused(fn, "BlockSolver.Goal", "Distances counts every position")
	}
	sp, err := newBlockSpace(fn, b, s)
	if err != nil {
		return nil, err
	}
	counts, err = s.distances(ctx, sp)
	return counts, toError("BlockSolver.Distances", err)
}

// distances is Distances on a prepared space.
func (s BlockSolver) distances(ctx context.Context, sp *blocks.Space) ([]int64, error) {
	start := sp.StartCodes()
	if sp.Kind() == blocks.WideStates {
		return layerCounts(ctx, &blockWideEngines, sp.WideStart(start), blocks.WideKey, s.Limits)
	}
	return layerCounts(ctx, &block64Engines, sp.State64(sp.Pack64(start)), blocks.State64Key, s.Limits)
}

// layerCounts counts the states of each BFS layer from start.
func layerCounts[T blockState[T]](ctx context.Context, pool *sync.Pool, start T, key func(T) uint64, lim Limits) ([]int64, error) {
	e := get[BFS[inner[T], int]](pool)
	defer pool.Put(e)
	e.Limits, e.Key = lim, innerKey(key)
	var counts []int64
	for _, layer := range e.Layers(ctx, inner[T]{start}) {
		counts = append(counts, int64(len(layer)))
	}
	return counts, e.Err()
}

// describe turns a path of canonical positions into the solution's
// positions and moves, following each piece by where it stands: a move
// changes one field of one group, and the member of the group that stood
// at the old field's position is the piece that moved.
func describe(fn string, sp *blocks.Space, start Blocks, path [][]uint32, sol *BlockSolution) error {
	cur := start
	sol.Positions = append(sol.Positions, cur)
	for k := 1; k < len(path); k++ {
		members, r0, c0, r1, c1, ok := sp.Move(path[k-1], path[k])
		if !ok {
			return errorf(fn, nil, "internal error: positions %d and %d of the path are not one move apart", k-1, k)
		}
		piece := -1
		for _, i := range members {
			if p := cur.Piece(i); p.Row == r0 && p.Col == c0 {
				piece = i
			}
		}
		m := BlockMove{Piece: piece, Slides: straight(r0, c0, r1, c1), Name: cur.Name(piece)}
		if sol.Metric == PieceMoves {
			m.Slides = fewestSlides(cur, piece, r1, c1)
		}
		next, ok := cur.Move(m)
		if !ok {
			return errorf(fn, nil, "internal error: move %d (%v) is not legal", k, m)
		}
		sol.Moves = append(sol.Moves, m)
		sol.Positions = append(sol.Positions, next)
		cur = next
	}
	return nil
}

// straight returns the slide from (r0, c0) to (r1, c1), in one row or
// column.
func straight(r0, c0, r1, c1 int) []BlockSlide {
	switch {
	case r1 < r0:
		return []BlockSlide{{Up, r0 - r1}}
	case r1 > r0:
		return []BlockSlide{{Down, r1 - r0}}
	case c1 < c0:
		return []BlockSlide{{Left, c0 - c1}}
	}
	return []BlockSlide{{Right, c1 - c0}}
}

// fewestSlides returns a path of piece i of b to (r, c) made of as few
// straight slides as possible, by breadth-first search over the piece's
// positions, the other pieces standing still; nil if there is none.
func fewestSlides(b Blocks, i, r, c int) []BlockSlide {
	type visit struct {
		b    Blocks
		from int // index of the visit it came from
		s    BlockSlide
	}
	seen := map[[2]int]bool{}
	p := b.Piece(i)
	seen[[2]int{p.Row, p.Col}] = true
	queue := []visit{{b, -1, BlockSlide{}}}
	for head := 0; head < len(queue); head++ {
		v := queue[head]
		if p := v.b.Piece(i); p.Row == r && p.Col == c {
			var slides []BlockSlide
			for ; queue[head].from >= 0; head = queue[head].from {
				slides = append([]BlockSlide{queue[head].s}, slides...)
			}
			return slides
		}
		for d := Up; d <= Right; d++ {
			for k := 1; ; k++ {
				nb, ok := v.b.Slide(i, d, k)
				if !ok {
					break
				}
				q := nb.Piece(i)
				if at := [2]int{q.Row, q.Col}; !seen[at] {
					seen[at] = true
					queue = append(queue, visit{nb, head, BlockSlide{d, k}})
				}
			}
		}
	}
	return nil
}

// newBlockSpace prepares b for a search by s, checking the solver's
// metric and goal against b.
func newBlockSpace(fn string, b Blocks, s BlockSolver) (*blocks.Space, error) {
	if !b.IsValid() || b.NumPieces() == 0 {
		return nil, errorf(fn, ErrPiece, "no puzzle: the zero Blocks")
	}
	if s.Metric >= numBlockMetrics {
		return nil, errorf(fn, ErrOption, "unknown metric %v", s.Metric)
	}
	pieces := make([]blocks.Piece, b.NumPieces())
	for i := range pieces {
		p := b.Piece(i)
		pieces[i] = blocks.Piece{Row: p.Row, Col: p.Col, Width: p.Width, Height: p.Height, Motion: blocks.Motion(p.Motion)}
	}
	g := s.Goal.resolve(b)
	goal := blocks.Goal{Piece: 0, Row: -1, Col: b.Cols() - pieces[0].Width}
	if g.at {
		goal = blocks.Goal{Piece: g.piece, Row: g.row, Col: g.col}
		if goal.Piece < 0 || goal.Piece >= b.NumPieces() {
			return nil, errorf(fn, ErrOption, "goal piece %d: the puzzle has pieces 0 to %d", goal.Piece, b.NumPieces()-1)
		}
		p := b.Piece(goal.Piece)
		if msg := checkPiece(b.Rows(), b.Cols(), Piece{Row: goal.Row, Col: goal.Col, Width: p.Width, Height: p.Height}); msg != "" {
			return nil, errorf(fn, ErrOption, "goal: piece %d %s", goal.Piece, msg)
		}
	}
	if match := g.match; match != nil {
		rows, cols := b.Rows(), b.Cols()
		goal.Match = func(ps []blocks.Piece) bool {
			at := make([]Piece, len(ps))
			for i, p := range ps {
				at[i] = Piece{Row: p.Row, Col: p.Col, Width: p.Width, Height: p.Height, Motion: Motion(p.Motion), Name: b.Piece(i).Name}
			}
			return match(makeBlocks(rows, cols, at))
		}
	}
	return blocks.NewSpace(b.Rows(), b.Cols(), pieces, blocks.Metric(s.Metric), goal, s.DistinctPieces), nil
}

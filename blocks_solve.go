package slide

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"sync"

	"github.com/slidekit/slide/internal/blocks"

	"github.com/slidekit/slide/internal/input"
)

// BlockMetric is what counts as one move of a sliding-block puzzle.
type BlockMetric uint8

const (
	StraightMoves BlockMetric = iota // a slide any number of cells in one direction
	StepMoves                        // a slide of one cell
	PieceMoves                       // any path of one piece, turns included
	numBlockMetrics
)

var blockMetricNames = [...]string{"line", "step", "piece"}

// String returns "line", "step" or "piece".
func (m BlockMetric) String() string {
	if m < numBlockMetrics {
		return blockMetricNames[m]
	}
	return "BlockMetric(" + strconv.Itoa(int(m)) + ")"
}

// ParseBlockMetric returns the BlockMetric named s (also "straight").
func ParseBlockMetric(s string) (BlockMetric, error) {
	if s == "straight" {
		return StraightMoves, nil
	}
	for m, name := range blockMetricNames {
		if s == name {
			return BlockMetric(m), nil
		}
	}
	return 0, errorf("ParseBlockMetric", ErrOption, "unknown metric %s (want line, straight, step or piece)", input.Quote(s))
}

// A BlockGoal says which positions solve a puzzle. The zero BlockGoal is
// the text format's: the goal piece in the last column, its right edge on
// the grid's. On Klotski's board, 5 rows by 4 columns with a 2 x 2 goal
// piece, whose last column the square reaches in a few moves and means
// nothing, it is the classic puzzle's instead: the square at the bottom
// middle (row 4, column 2, from 1), in front of the exit.
type BlockGoal struct {
	at       bool
	piece    int
	row, col int
	match    func(Blocks) bool
}

// BlockGoalAt returns the goal of piece with its upper-left cell at row,
// col.
func BlockGoalAt(piece, row, col int) BlockGoal {
	return BlockGoal{at: true, piece: piece, row: row, col: col}
}

// BlockGoalFunc returns the goal of the positions match accepts, called on
// every position reached; identical pieces may come in any order unless
// DistinctPieces.
func BlockGoalFunc(match func(Blocks) bool) BlockGoal {
	return BlockGoal{match: match}
}

// Reached reports whether b is a goal position.
func (g BlockGoal) Reached(b Blocks) bool {
	g = g.resolve(b)
	switch {
	case g.match != nil:
		return g.match(b)
	case g.at:
		p := b.Piece(g.piece)
		return p.Width > 0 && p.Row == g.row && p.Col == g.col
	}
	p := b.Piece(0)
	return p.Width > 0 && p.Col+p.Width == b.Cols()
}

// String describes the goal, such as "piece 3 at row 2, column 4" (from
// 1), naming pieces by PieceName; Describe names them as a puzzle does.
func (g BlockGoal) String() string {
	switch {
	case g.match != nil:
		return "a position that matches"
	case g.at:
		return "piece " + string(PieceName(g.piece)) + " at row " + strconv.Itoa(g.row+1) + ", column " + strconv.Itoa(g.col+1)
	}
	return "piece Z in the last column"
}

// Describe says what g asks of the puzzle b, naming its pieces as b does:
// "piece A in the last column", "piece Z at row 4, column 2" (Klotski's
// goal, from 1) or "a position that matches".
func (g BlockGoal) Describe(b Blocks) string {
	switch g = g.resolve(b); {
	case g.match != nil:
		return "a position that matches"
	case g.at:
		return "piece " + string(b.Name(g.piece)) + " at row " + strconv.Itoa(g.row+1) + ", column " + strconv.Itoa(g.col+1)
	}
	return "piece " + string(b.Name(0)) + " in the last column"
}

// resolve returns the goal g means on b: g itself, but for the zero goal
// on Klotski's board, which is the goal piece at the bottom middle.
func (g BlockGoal) resolve(b Blocks) BlockGoal {
	if g.at || g.match != nil {
		return g
	}
	if p := b.Piece(0); b.Rows() == 5 && b.Cols() == 4 && p.Width == 2 && p.Height == 2 {
		return BlockGoalAt(0, 3, 1)
	}
	return g
}

// A BlockSolver finds shortest solutions of sliding-block puzzles by
// breadth-first search, identical pieces (but the goal piece) being
// interchangeable; the zero value counts StraightMoves to the zero
// BlockGoal. It may run on many goroutines at once.
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

// A BlockMove is one move: piece Piece makes the Slides in order. Name is
// the piece's name (see Blocks.Name), which a solution's moves carry;
// Blocks.Move ignores it, and String names the piece PieceName(Piece)
// where it is 0.
type BlockMove struct {
	Piece  int
	Slides []Slide
	Name   rune
}

// A Slide moves a piece Cells cells in direction Dir.
type Slide struct {
	Dir   Direction
	Cells int
}

// String returns "up 1 space" or "left 3 spaces".
func (s Slide) String() string {
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
		sb.WriteRune(PieceName(m.Piece))
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

// Solve returns a shortest solution of b, or ErrUnsolvable, ErrNotFound
// (beyond Limits.MaxCost), ErrOption for a metric or goal that does not fit,
// ErrPiece for the zero Blocks, a *LimitError, or the context's error.
func (s BlockSolver) Solve(ctx context.Context, b Blocks) (BlockSolution, error) {
	sp, err := newBlockSpace("BlockSolver.Solve", b, s)
	if err != nil {
		return BlockSolution{}, err
	}
	sol, err := s.solve(orBackground(ctx), sp, b)
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
type blockState[S any] interface {
	State[S, int]
	Codes() []uint32
}

// searchBlocks runs a pooled BFS engine from start and returns the fields
// of the positions along the path found; bounded says, with an
// ErrNotFound, that the search stopped at lim.MaxCost.
func searchBlocks[S blockState[S]](ctx context.Context, pool *sync.Pool, start S, key func(S) uint64, lim Limits, sol *BlockSolution) (path [][]uint32, bounded bool, err error) {
	e := get[BFS[S, int]](pool)
	defer pool.Put(e)
	e.Limits, e.Key = lim, key
	res, err := e.Search(ctx, start)
	sol.Expanded, sol.Generated = res.Expanded, res.Generated
	if err != nil {
		return nil, e.bounded, err
	}
	path = make([][]uint32, len(res.Path))
	for i, st := range res.Path {
		path[i] = st.Codes()
	}
	return path, false, nil
}

// Distances counts the positions at each distance from b.
func (s BlockSolver) Distances(ctx context.Context, b Blocks) (counts []int64, err error) {
	sp, err := newBlockSpace("BlockSolver.Distances", b, s)
	if err != nil {
		return nil, err
	}
	counts, err = s.distances(orBackground(ctx), sp)
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
func layerCounts[S blockState[S]](ctx context.Context, pool *sync.Pool, start S, key func(S) uint64, lim Limits) ([]int64, error) {
	e := get[BFS[S, int]](pool)
	defer pool.Put(e)
	e.Limits, e.Key = lim, key
	var counts []int64
	for _, layer := range e.Layers(ctx, start) {
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
func straight(r0, c0, r1, c1 int) []Slide {
	switch {
	case r1 < r0:
		return []Slide{{Up, r0 - r1}}
	case r1 > r0:
		return []Slide{{Down, r1 - r0}}
	case c1 < c0:
		return []Slide{{Left, c0 - c1}}
	}
	return []Slide{{Right, c1 - c0}}
}

// fewestSlides returns a path of piece i of b to (r, c) made of as few
// straight slides as possible, by breadth-first search over the piece's
// positions, the other pieces standing still; nil if there is none.
func fewestSlides(b Blocks, i, r, c int) []Slide {
	type visit struct {
		b    Blocks
		from int // index of the visit it came from
		s    Slide
	}
	seen := map[[2]int]bool{}
	p := b.Piece(i)
	seen[[2]int{p.Row, p.Col}] = true
	queue := []visit{{b, -1, Slide{}}}
	for head := 0; head < len(queue); head++ {
		v := queue[head]
		if p := v.b.Piece(i); p.Row == r && p.Col == c {
			var slides []Slide
			for ; queue[head].from >= 0; head = queue[head].from {
				slides = append([]Slide{queue[head].s}, slides...)
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
					queue = append(queue, visit{nb, head, Slide{d, k}})
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

// MarshalText implements encoding.TextMarshaler: the name String returns.
func (m BlockMetric) MarshalText() ([]byte, error) {
	return nameText("BlockMetric.MarshalText", "block metric", int(m), blockMetricNames[:])
}

// UnmarshalText implements encoding.TextUnmarshaler with ParseBlockMetric.
func (m *BlockMetric) UnmarshalText(text []byte) error {
	v, err := ParseBlockMetric(string(text))
	if err != nil {
		return renamed(err, "BlockMetric.UnmarshalText")
	}
	*m = v
	return nil
}

package learn

// A Model is a learned ranking of the boards of one shape under one
// database: a board's value, in 1/Scale moves, is
//
//	DB*db + LC*lc + Cycles*cycles + Bias + sum of Cell[v*n+c]
//
// over every value v (the tiles and the blank's goal value) and the cell
// c it stands on, where db is the database's bound, lc Manhattan distance
// plus linear conflicts and cycles the short cycles of tiles (see
// near.rankBeam). Values are goal-relative, in the database's
// orientation: value v's goal is cell v. Integers throughout, so that a
// search adds a move's change in two table reads.
type Model struct {
	Rows, Cols int
	// Partition is the database the model was trained with (its
	// tables' file name, see pdb.Spec), for which alone it ranks.
	Partition  string
	Scale      int32 // units a move
	DB, LC     int32
	Cycles     int32
	Bias       int32
	Cell       []int32 // Rows*Cols values by Rows*Cols cells
	Trained    string  // how it was trained: the training command's settings
	TrainBoard int     // boards its last round solved
}

// MaxValue is the most a ranking may take: a beam keeps ranks in 16 bits.
const MaxValue = 1<<16 - 1

// Value returns m's value, in 1/Scale moves, of board (the value on each
// cell) with database bound db, Manhattan distance plus linear conflicts
// lc and cycles short cycles: the from-scratch sum that a search keeps up
// move by move (see CellSum).
func (m *Model) Value(board []uint8, db, lc, cycles int) int {
	return m.Combine(m.CellSum(board), db, lc, cycles)
}

// CellSum returns the sum of the cell weights of board.
func (m *Model) CellSum(board []uint8) int {
	n := len(board)
	s := 0
	for c, v := range board {
		s += int(m.Cell[int(v)*n+c])
	}
	return s
}

// Move returns the change in the cell sum when value v leaves cell from
// for cell to and the blank, of value blank, goes the other way.
func (m *Model) Move(v, blank uint8, from, to int) int {
	n := m.Rows * m.Cols
	vi, bi := int(v)*n, int(blank)*n
	return int(m.Cell[vi+to] - m.Cell[vi+from] + m.Cell[bi+from] - m.Cell[bi+to])
}

// Combine returns the value of a board of cell sum cells and the given
// counts, clamped to 1..MaxValue: a board that is no goal never ranks 0,
// which a beam keeps for goals.
func (m *Model) Combine(cells, db, lc, cycles int) int {
	x := cells + int(m.DB)*db + int(m.LC)*lc + int(m.Cycles)*cycles + int(m.Bias)
	return min(max(x, 1), MaxValue)
}

// Handmade is the Model that asks for no learned ranking: the beams' own.
var Handmade = &Model{}

// Fits reports whether m ranks rows x cols boards under the database of
// the given partition.
func (m *Model) Fits(rows, cols int, partition string) bool {
	return m.Rows == rows && m.Cols == cols && m.Partition == partition && len(m.Cell) == rows*cols*rows*cols
}

// For returns the shipped model of rows x cols boards under the
// database of the given partition (see pdb.Spec's file name), or nil.
func For(rows, cols int, partition string) *Model {
	for _, m := range shipped {
		if m.Fits(rows, cols, partition) {
			return m
		}
	}
	return nil
}

// shipped holds the generated models (see models_*.go).
var shipped = []*Model{model6x6, model7x7, model7x7db48x5}

// ByDistance returns the model of rows x cols boards (blank the blank's
// value) that weighs a tile off its goal cell by its Manhattan distance
// d from it: byDist[min(d, len(byDist))-1] (tiles at home and the blank
// weigh nothing), besides db, lc and cycles.
func ByDistance(rows, cols, blank int, db, lc, cycles int32, byDist []int32) *Model {
	n := rows * cols
	m := &Model{Rows: rows, Cols: cols, Scale: 16, DB: db, LC: lc, Cycles: cycles, Cell: make([]int32, n*n)}
	for v := range n {
		for c := range n {
			dr, dc := v/cols-c/cols, v%cols-c%cols
			if d := max(dr, -dr) + max(dc, -dc); v != blank && d > 0 {
				m.Cell[v*n+c] = byDist[min(d, len(byDist))-1]
			}
		}
	}
	return m
}

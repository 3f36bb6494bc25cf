package testsets

// The oracles: breadth-first searches over the real puzzle, written the
// plain way (on maps, independent of every search and table they check),
// for the goal of the instance files, tile t on cell t, with the blank on
// any cell.

// Distances returns the distance to the goal, the blank on cell blank, of
// every position of a rows x cols board of at most 16 cells, keyed by its
// cells packed four bits each (cell c in bits 4c to 4c+3, holding the goal
// cell of its tile, the blank's being blank).
func Distances(rows, cols, blank int) map[uint64]int {
	n := rows * cols
	adj := neighbours(rows, cols)
	var goal uint64
	for c := range n {
		goal |= uint64(c) << (4 * c)
	}
	dist := map[uint64]int{goal: 0}
	type st struct {
		b     uint64
		blank int
	}
	frontier := []st{{goal, blank}}
	for d := 1; len(frontier) > 0; d++ {
		var next []st
		for _, s := range frontier {
			for _, q := range adj[s.blank] {
				v := s.b >> (4 * q) & 15
				b := s.b &^ (15 << (4 * q)) &^ (15 << (4 * s.blank))
				b |= v<<(4*s.blank) | uint64(blank)<<(4*q)
				if _, ok := dist[b]; !ok {
					dist[b] = d
					next = append(next, st{b, q})
				}
			}
		}
		frontier = next
	}
	return dist
}

// Cells writes into cells the board of the Distances key key, cell c
// from bits 4c to 4c+3, and returns cells.
func Cells(key uint64, cells []uint8) []uint8 {
	for c := range cells {
		cells[c] = uint8(key >> (4 * c) & 15)
	}
	return cells
}

// NearDistances returns every position within maxDepth moves of the goal,
// the blank on cell blank, of a rows x cols board with its distance, keyed
// by the cells as bytes (the goal cell of each cell's tile, the blank's
// being blank).
func NearDistances(rows, cols, blank, maxDepth int) map[string]int {
	adj := neighbours(rows, cols)
	goal := make([]byte, rows*cols)
	for c := range goal {
		goal[c] = byte(c)
	}
	dist := map[string]int{string(goal): 0}
	type st struct {
		cells string
		blank int
	}
	frontier := []st{{string(goal), blank}}
	for d := 1; d <= maxDepth; d++ {
		var next []st
		for _, s := range frontier {
			for _, q := range adj[s.blank] {
				b := []byte(s.cells)
				b[s.blank], b[q] = b[q], b[s.blank]
				if _, ok := dist[string(b)]; !ok {
					dist[string(b)] = d
					next = append(next, st{string(b), q})
				}
			}
		}
		frontier = next
	}
	return dist
}

// neighbours returns the cells next to each cell of a rows x cols board.
func neighbours(rows, cols int) [][]int {
	adj := make([][]int, rows*cols)
	for c := range adj {
		r, col := c/cols, c%cols
		for _, q := range [4][2]int{{r - 1, col}, {r, col - 1}, {r, col + 1}, {r + 1, col}} {
			if q[0] >= 0 && q[0] < rows && q[1] >= 0 && q[1] < cols {
				adj[c] = append(adj[c], q[0]*cols+q[1])
			}
		}
	}
	return adj
}

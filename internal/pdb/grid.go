package pdb

// A grid is the geometry of an R x C board: cells are numbered row-major,
// cell sets are uint64 masks (bit c for cell c).
type grid struct {
	rows, cols, n int
	full          uint64    // every cell
	notFirstCol   uint64    // cells outside column 0
	notLastCol    uint64    // cells outside column C-1
	adj           [][]uint8 // neighbours of each cell: up, left, right, down
	nbr           []uint64  // the same as masks
}

func newGrid(rows, cols int) grid {
	g := grid{rows: rows, cols: cols, n: rows * cols}
	g.full = uint64(1)<<g.n - 1
	if g.n == 64 {
		g.full = ^uint64(0)
	}
	g.adj = make([][]uint8, g.n)
	g.nbr = make([]uint64, g.n)
	for c := range g.n {
		r, cc := c/cols, c%cols
		if cc != 0 {
			g.notFirstCol |= 1 << c
		}
		if cc != cols-1 {
			g.notLastCol |= 1 << c
		}
		for _, nb := range [4][2]int{{r - 1, cc}, {r, cc - 1}, {r, cc + 1}, {r + 1, cc}} {
			if nb[0] >= 0 && nb[0] < rows && nb[1] >= 0 && nb[1] < cols {
				q := nb[0]*cols + nb[1]
				g.adj[c] = append(g.adj[c], uint8(q))
				g.nbr[c] |= 1 << q
			}
		}
	}
	return g
}

// region returns the cells of free connected to start (a cell of free)
// through free cells: the cells the blank can reach without moving a
// pattern tile. Each round grows the set by one step in all directions.
func (g *grid) region(free uint64, start int) uint64 {
	x := uint64(1) << start
	for {
		y := (x | x<<1&g.notFirstCol | x>>1&g.notLastCol | x<<g.cols | x>>g.cols) & free
		if y == x {
			return x
		}
		x = y
	}
}

package near

// A router finds shortest paths of the blank through the free cells of a
// reducer's region: A* under the taxicab distance, with a bucket queue
// that pops the newest entry of the lowest bucket first, so that on an
// open stretch of board it expands little more than the path itself. Its
// arrays are sized to the board once and reset by a generation stamp.
type router struct {
	z       *reducer
	seen    []uint32 // generation in which a cell was reached
	closed  []uint32 // generation in which a cell was expanded
	g       []int32
	parent  []int32
	gen     uint32
	buckets [][]int32 // by (f - f of the start) / 2: f grows by 0 or 2 a step
	path    []int32
}

func (r *router) init(z *reducer) {
	n := z.rows * z.cols
	r.z = z
	r.seen = make([]uint32, n)
	r.closed = make([]uint32, n)
	r.g = make([]int32, n)
	r.parent = make([]int32, n)
}

// find returns a shortest path from cell from to cell to through free
// cells other than avoid, as the cells after from in reverse order (to
// first), or false if there is none. The slice is reused by the next call.
func (r *router) find(from, to, avoid int32) ([]int32, bool) {
	z := r.z
	r.gen++
	if r.gen == 0 { // wrapped: forget every stamp
		clear(r.seen)
		clear(r.closed)
		r.gen = 1
	}
	cols := int32(z.cols)
	tr, tc := to/cols, to%cols
	h := func(c int32) int32 { return abs32(c/cols-tr) + abs32(c%cols-tc) }
	for i := range r.buckets {
		r.buckets[i] = r.buckets[i][:0]
	}
	h0 := h(from)
	push := func(c, g int32) {
		b := int(g + h(c) - h0)
		b /= 2
		for b >= len(r.buckets) {
			r.buckets = append(r.buckets, nil)
		}
		r.buckets[b] = append(r.buckets[b], c)
	}
	r.seen[from], r.g[from] = r.gen, 0
	push(from, 0)
	for b := 0; b < len(r.buckets); {
		q := r.buckets[b]
		if len(q) == 0 {
			b++
			continue
		}
		c := q[len(q)-1]
		r.buckets[b] = q[:len(q)-1]
		if r.closed[c] == r.gen {
			continue
		}
		if !z.expand() {
			return nil, false
		}
		r.closed[c] = r.gen
		if c == to {
			r.path = r.path[:0]
			for x := to; x != from; x = r.parent[x] {
				r.path = append(r.path, x)
			}
			return r.path, true
		}
		g := r.g[c] + 1
		cr, cc := c/cols, c%cols
		for _, nb := range [4]int32{c - cols, c + cols, c - 1, c + 1} {
			switch {
			case nb == c-1 && cc == 0, nb == c+1 && cc == cols-1, nb < 0 || nb >= int32(len(r.seen)):
				continue
			}
			_ = cr
			if nb == avoid || r.closed[nb] == r.gen || !z.free(nb) {
				continue
			}
			if r.seen[nb] == r.gen && r.g[nb] <= g {
				continue
			}
			r.seen[nb], r.g[nb], r.parent[nb] = r.gen, g, c
			push(nb, g)
		}
	}
	return nil, false
}

// bringExact moves the tile of code v to cell t by a shortest sequence of
// moves found by breadth-first search over the pairs (tile's cell, blank's
// cell) within a window around the tile, t and the blank, its margin
// doubled until a way is found or the window covers the region. It is the
// fallback of bring in tight corners, where bringing the tile one step
// closer first is not possible; the window keeps it cheap, and the
// doubling keeps a search that finds no way, which ends only when the
// window covers the region, within a few times the work of the last: the
// margins one at a time took O(n) searches of up to the whole region.
func (z *reducer) bringExact(v, t int32) bool {
	cols := int32(z.cols)
	p := z.where[v]
	// The blank first comes next to the tile, if it can without moving it,
	// so that the window spans the tile and t, not the blank's way there.
	for _, q := range [4]int32{p - cols, p + cols, p - 1, p + 1} {
		if q < 0 || q >= int32(len(z.at)) || (q == p-1 && p%cols == 0) || (q == p+1 && p%cols == cols-1) ||
			!z.free(q) || q/cols < int32(z.r0) || q/cols >= int32(z.r1) || q%cols < int32(z.c0) || q%cols >= int32(z.c1) {
			continue
		}
		if z.blankTo(q, p) {
			break
		}
	}
	for margin := int32(1); z.err == nil; margin *= 2 {
		r0 := min(p/cols, t/cols, z.blank/cols) - margin
		r1 := max(p/cols, t/cols, z.blank/cols) + margin + 1
		c0 := min(p%cols, t%cols, z.blank%cols) - margin
		c1 := max(p%cols, t%cols, z.blank%cols) + margin + 1
		r0, c0 = max(r0, int32(z.r0)), max(c0, int32(z.c0))
		r1, c1 = min(r1, int32(z.r1)), min(c1, int32(z.c1))
		if z.pairSearch(v, t, r0, r1, c0, c1) {
			return true
		}
		if r0 == int32(z.r0) && c0 == int32(z.c0) && r1 == int32(z.r1) && c1 == int32(z.c1) {
			return false
		}
	}
	return false
}

// pairSearch is one breadth-first search of bringExact in the window of
// rows r0 to r1-1 and columns c0 to c1-1; it makes the moves if it finds
// a way.
func (z *reducer) pairSearch(v, t, r0, r1, c0, c1 int32) bool {
	cols := int32(z.cols)
	h, w := r1-r0, c1-c0
	area := int64(h * w)
	idx := func(c int32) int64 { return int64((c/cols-r0)*w + c%cols - c0) }
	cell := func(i int64) int32 { return (r0+int32(i/int64(w)))*cols + c0 + int32(i%int64(w)) }
	inWindow := func(c int32) bool {
		r, col := c/cols, c%cols
		return r >= r0 && r < r1 && col >= c0 && col < c1
	}
	start := idx(z.where[v])*area + idx(z.blank)
	prev := z.pairs.reset(area * area)
	prev.set(start, start)
	queue := []int64{start}
	goal := int64(-1)
	for len(queue) > 0 && goal < 0 {
		if !z.expand() {
			return false
		}
		s := queue[0]
		queue = queue[1:]
		tp, bp := cell(s/area), cell(s%area)
		for _, nb := range [4]int32{bp - cols, bp + cols, bp - 1, bp + 1} {
			if (nb == bp-1 && bp%cols == 0) || (nb == bp+1 && bp%cols == cols-1) || !inWindow(nb) || !z.free(nb) && nb != tp {
				continue
			}
			ntp := tp
			if nb == tp {
				ntp = bp // the tile slides into the blank
			}
			ns := idx(ntp)*area + idx(nb)
			if prev.get(ns) >= 0 {
				continue
			}
			prev.set(ns, s)
			if ntp == t {
				goal = ns
				break
			}
			queue = append(queue, ns)
		}
	}
	if goal < 0 {
		return false
	}
	var blanks []int32
	for s := goal; s != start; s = prev.get(s) {
		blanks = append(blanks, cell(s%area))
	}
	for i := len(blanks) - 1; i >= 0; i-- {
		z.step(blanks[i])
	}
	return true
}

// Monotone paths are chosen among all of a rectangle of at most
// steerArea cells, and in a band of steerBand cells either side of the
// diagonal of larger ones: nearly as good a path, in a small fraction
// of the time, as the choice among all of the rectangle.
const (
	steerArea = 1024
	steerBand = 8
)

// gain returns how much closer to home the tile on cell c gets when the
// blank moves from cell from, a neighbour, onto c (the tile slides onto
// from): 1 or -1 in taxicab distance.
func (z *reducer) gain(from, c int32) int32 {
	v := z.at[c]
	if d := from - c; d == 1 || d == -1 {
		return towards(z.colOf[v]-z.colOf[c], d)
	} else {
		return towards(z.rowOf[v]-z.rowOf[c], d)
	}
}

// towards returns 1 if a tile whose goal is off (in rows or columns) from
// its cell gets closer by a step in the direction of sign d, and -1
// otherwise.
func towards(off, d int32) int32 {
	if off > 0 && d > 0 || off < 0 && d < 0 {
		return 1
	}
	return -1
}

// steer moves the blank to cell to by the best of its shortest paths, if
// one is open: the best monotone path (see monotone), or, when avoid lies
// straight between the blank and to two cells apart, the better of the
// two ways around it. Best means that the tiles the blank displaces get
// closer to home in all: every shortest path moves as many tiles, but
// where they go differs, and a tile brought nearer home costs less when
// its turn comes.
func (z *reducer) steer(to, avoid int32) bool {
	cols := int32(z.cols)
	b := z.blank
	br, bc, tr, tc := b/cols, b%cols, to/cols, to%cols
	dr, dc := tr-br, tc-bc
	if avoid >= 0 && (dr == 0 && abs32(dc) == 2 || dc == 0 && abs32(dr) == 2) && avoid == (b+to)/2 {
		side := int32(1)
		if dr == 0 {
			side = cols
		}
		step := (to - b) / 2
		return z.bestPath([][]int32{{b + side, b + side + step, to + side, to}, {b - side, b - side + step, to - side, to}}, avoid)
	}
	return z.monotone(to, avoid)
}

// bestPath makes the moves of the open path with the greatest gain, and
// reports false if none is open.
func (z *reducer) bestPath(paths [][]int32, avoid int32) bool {
	best, bestGain := -1, int32(-1<<30)
	for i, p := range paths {
		gain, from, ok := int32(0), z.blank, true
		for _, c := range p {
			if c == avoid || c < 0 || c >= int32(len(z.at)) || !z.adjacent(from, c) || !z.free(c) {
				ok = false
				break
			}
			gain += z.gain(from, c)
			from = c
		}
		if ok && gain > bestGain {
			best, bestGain = i, gain
		}
	}
	if best < 0 {
		return false
	}
	for _, c := range paths[best] {
		z.step(c)
	}
	return true
}

// monotone moves the blank to cell to along the shortest path of
// greatest gain (see steer) among the monotone ones, by dynamic
// programming over the rectangle between them (or a band of it, see
// steerArea); it reports false if none is open. O(area) time.
func (z *reducer) monotone(to, avoid int32) bool {
	cols := int32(z.cols)
	b := z.blank
	dr, dc := to/cols-b/cols, to%cols-b%cols
	h, w := abs32(dr)+1, abs32(dc)+1
	sr, sc := sign32(dr)*cols, sign32(dc)
	const closed = -1 << 30
	best := z.dpBuf[:0]
	for range h * w {
		best = append(best, closed)
	}
	z.dpBuf = best
	cell := func(i, j int32) int32 { return b + i*sr + j*sc }
	best[0] = 0
	// The rectangle lies in the board; only the region's bounds and the
	// locked cells close cells of it.
	// Large rectangles are searched in a band about their diagonal.
	m := max(h, w)
	for i := range h {
		jlo, jhi := int32(0), w-1
		if h*w > steerArea {
			jlo = max(jlo, (i*w-steerBand*m)/h)
			jhi = min(jhi, (i*w+steerBand*m)/h+1)
		}
		c := cell(i, jlo) - sc
		for j := jlo; j <= jhi; j++ {
			c += sc
			if i == 0 && j == 0 || c == avoid || !z.free(c) {
				continue
			}
			v := z.at[c]
			g := int32(closed)
			if i > 0 && best[(i-1)*w+j] > closed {
				g = best[(i-1)*w+j] + towards(z.rowOf[v]-z.rowOf[c], -dr)
			}
			if j > 0 && best[i*w+j-1] > closed {
				g = max(g, best[i*w+j-1]+towards(z.colOf[v]-z.colOf[c], -dc))
			}
			best[i*w+j] = g
		}
	}
	if best[h*w-1] == closed {
		return false
	}
	path := z.steerBuf[0][:0]
	for i, j := h-1, w-1; i > 0 || j > 0; {
		c := cell(i, j)
		path = append(path, c)
		g := best[i*w+j]
		if i > 0 && best[(i-1)*w+j] > closed && best[(i-1)*w+j]+towards(z.rowOf[z.at[c]]-z.rowOf[c], -dr) == g {
			i--
		} else {
			j--
		}
	}
	z.steerBuf[0] = path
	for k := len(path) - 1; k >= 0; k-- {
		z.step(path[k])
	}
	return true
}

// adjacent reports whether cells a and b are neighbours on the board.
func (z *reducer) adjacent(a, b int32) bool {
	cols := int32(z.cols)
	return abs32(a/cols-b/cols)+abs32(a%cols-b%cols) == 1
}

func sign32(x int32) int32 {
	switch {
	case x < 0:
		return -1
	case x > 0:
		return 1
	}
	return 0
}

// A pairTable maps the states of pairSearch (tile's cell times window
// area plus blank's cell) to the state before them, -1 for none: a slice
// over every state of a small window, a map for large ones (whose search
// reaches few of their area^2 states), so that the memory stays O(n^2).
type pairTable struct {
	dense  []int32
	sparse map[int64]int64
}

// maxDensePairs bounds the dense table: 4 MiB.
const maxDensePairs = 1 << 20

func (pt *pairTable) reset(states int64) *pairTable {
	if states > maxDensePairs {
		pt.sparse = make(map[int64]int64)
		return pt
	}
	pt.sparse = nil
	if int64(cap(pt.dense)) < states {
		pt.dense = make([]int32, states, max(states, maxDensePairs/16))
	}
	pt.dense = pt.dense[:states]
	for i := range pt.dense {
		pt.dense[i] = -1
	}
	return pt
}

func (pt *pairTable) get(s int64) int64 {
	if pt.sparse != nil {
		if p, ok := pt.sparse[s]; ok {
			return p
		}
		return -1
	}
	return int64(pt.dense[s])
}

func (pt *pairTable) set(s, p int64) {
	if pt.sparse != nil {
		pt.sparse[s] = p
		return
	}
	pt.dense[s] = int32(p)
}

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/slidekit/slide/internal/learn"
	"github.com/slidekit/slide/internal/near"
	"github.com/slidekit/slide/internal/outfile"
	"github.com/slidekit/slide/internal/pdb"
	"github.com/slidekit/slide/internal/tiles"
)

// imitate trains every value's weight on every cell (the database's,
// linear conflicts' and the cycles' weights kept as -start gives them)
// by learning as search optimisation: gold paths from beams of
// -gold-width, then -rounds passes of beams of -width that imitate them,
// the weights moved by a perceptron's step whenever a gold board falls out
// of a layer; the averaged weights are returned.
func imitate(s settings, t *tiles.Goal, spec pdb.Spec, cfg near.Config, rng *rand.Rand) (*learn.Model, error) {
	boards := make([][]int32, s.boards)
	for i := range boards {
		boards[i] = randomWalk(t, s.walkMax, rng)
	}
	w0 := handMade(s.size)
	if s.start != "" {
		var err error
		if w0, err = weightsOf("-start", s.start, ""); err != nil {
			return nil, err
		}
	}
	base := modelOf(s, spec, w0)
	golds, err := goldPaths(s, t, boards, base, cfg)
	if err != nil {
		return nil, err
	}
	n := s.size * s.size
	k := float64(s.scale) / 16
	w := make([]float64, n*n)
	for i, x := range base.Cell {
		w[i] = float64(x) * k
	}
	dense := [3]float64{float64(base.DB) * k, float64(base.LC) * k, float64(base.Cycles) * k}
	mirror := mirrors(s.size)
	sum := make([]float64, n*n)
	snaps := 0
	// board follows board i's gold path from the weights w, moved by its
	// own violations as it goes, and returns what it moved them by.
	board := func(i int) ([]float64, int, error) {
		own := slices.Clone(w)
		moved := make([]float64, n*n)
		grad := make([]float64, n*n)
		value := func(x *learn.Sample) float64 {
			v := dense[0]*float64(x.DB) + dense[1]*float64(x.LC) + dense[2]*float64(x.Cycles)
			for c, val := range x.Board {
				v += own[int(val)*n+c]
			}
			return v
		}
		violated := func(g *learn.Sample, kept []learn.Sample) {
			clear(grad)
			for c, val := range g.Board {
				grad[int(val)*n+c]++
			}
			f := 1 / float64(len(kept))
			for i := range kept {
				for c, val := range kept[i].Board {
					grad[int(val)*n+c] -= f
				}
			}
			for i, j := range mirror {
				d := grad[i]
				if j != i {
					d += grad[j]
				}
				own[i] -= s.lr * d
				moved[i] -= s.lr * d
			}
		}
		v, err := near.Imitate(context.Background(), t, boards[i], golds[i], cfg, s.width, value, violated)
		return moved, v, err
	}
	cfg.Ranking = base
	began := time.Now()
	moved := make([][]float64, s.workers)
	counts := make([]int, s.workers)
	errs := make([]error, s.workers)
	for r := range s.rounds {
		total := 0
		// -workers boards at a time, each from the same weights, their
		// moves added in the boards' order: the weights depend on the
		// seed and -workers alone.
		for at := 0; at < len(boards); at += s.workers {
			k := min(s.workers, len(boards)-at)
			forEach(k, indices(k), func(j int) { moved[j], counts[j], errs[j] = board(at + j) })
			for j := range k {
				if errs[j] != nil {
					return nil, errs[j]
				}
				total += counts[j]
				for i := range w {
					w[i] += moved[j][i]
					sum[i] += w[i]
				}
				snaps++
			}
			fmt.Fprintf(os.Stderr, "\rpass %d: %d/%d boards, %d violations", r+1, at+k, len(boards), total)
		}
		fmt.Fprintf(os.Stderr, "\npass %d: %d violations, %v\n", r+1, total, time.Since(began).Round(time.Second))
	}
	m := modelOf(s, spec, w0)
	m.DB, m.LC, m.Cycles = int32(math.Round(dense[0])), int32(math.Round(dense[1])), int32(math.Round(dense[2]))
	m.Bias = int32(math.Round(float64(m.Bias) * k))
	for i := range m.Cell {
		m.Cell[i] = int32(math.Round(sum[i] / float64(snaps)))
	}
	m.Scale = int32(s.scale)
	m.Trained = fmt.Sprintf("-method imitate -size %d -db %s -rounds %d -boards %d -width %d -gold-width %d -walk-max %d -seed %d -lr %g -scale %d -workers %d -start %s",
		s.size, s.db, s.rounds, s.boards, s.width, s.goldWidth, s.walkMax, s.seed, s.lr, s.scale, s.workers, s.start)
	m.TrainBoard = s.boards
	return m, nil
}

// mirrors returns, for every weight of a value on a cell of n x n
// boards, the index of its mirror image in the main diagonal (the goal,
// blank first, is its own mirror image).
func mirrors(size int) []int {
	n := size * size
	tr := func(c int) int { return c%size*size + c/size }
	out := make([]int, n*n)
	for v := range n {
		for c := range n {
			out[v*n+c] = tr(v)*n + tr(c)
		}
	}
	return out
}

// goldPaths returns the paths of beams of -gold-width ranking by m on
// boards, read from the file -gold where it holds them, else found and
// written there.
func goldPaths(s settings, t *tiles.Goal, boards [][]int32, m *learn.Model, cfg near.Config) ([][]int, error) {
	type file struct {
		Width  int
		Start  string // -start
		Boards [][]int32
		Paths  [][]int
	}
	known := make([][]int, len(boards))
	if s.gold != "" {
		if b, err := os.ReadFile(s.gold); err == nil {
			var f file
			if err := json.Unmarshal(b, &f); err != nil {
				return nil, fmt.Errorf("-gold: %v", err)
			}
			if f.Width == s.goldWidth && f.Start == s.start {
				for i := range min(len(f.Paths), len(f.Boards), len(boards)) {
					if slices.Equal(f.Boards[i], boards[i]) && walks(f.Paths[i], boards[i], s.size) {
						known[i] = f.Paths[i]
					}
				}
			}
		}
	}
	cfg.Ranking = m
	paths := make([][]int, len(boards))
	errs := make([]error, len(boards))
	var todo []int
	for i := range boards {
		if paths[i] = known[i]; paths[i] == nil {
			todo = append(todo, i)
		}
	}
	var mu sync.Mutex
	done, total := 0, 0
	forEach(s.workers, todo, func(i int) {
		paths[i], errs[i] = near.Beam(context.Background(), t, boards[i], s.goldWidth, cfg)
		mu.Lock()
		done++
		total += len(paths[i]) - 1
		fmt.Fprintf(os.Stderr, "\rgold: %d/%d boards, mean %.2f", done, len(todo), float64(total)/float64(done))
		mu.Unlock()
	})
	fmt.Fprintln(os.Stderr)
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	if s.gold != "" {
		b, err := json.Marshal(file{s.goldWidth, s.start, boards, paths})
		if err == nil {
			err = outfile.Write(s.gold, func(w io.Writer) error { _, err := w.Write(b); return err })
		}
		if err != nil {
			return nil, fmt.Errorf("-gold: %v", err)
		}
	}
	return paths, nil
}

// walks reports whether path is a way of the blank (its cells, each next
// to the one before) from its cell on board (codes, n x n) to the goal's.
func walks(path []int, board []int32, n int) bool {
	if len(path) == 0 || path[0] != slices.Index(board, tiles.BlankCode) || path[len(path)-1] != 0 {
		return false
	}
	for i := 1; i < len(path); i++ {
		a, b := path[i-1], path[i]
		if b < 0 || b >= n*n || abs(a/n-b/n)+abs(a%n-b%n) != 1 {
			return false
		}
	}
	return true
}

// loadModel reads a model from the Go source that -o writes.
func loadModel(path string, spec pdb.Spec, size int) (*learn.Model, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	src := string(b)
	m := &learn.Model{Rows: size, Cols: size, Partition: spec.String(), Trained: "-model " + path}
	for _, f := range []struct {
		name string
		p    *int32
	}{{"Scale", &m.Scale}, {"DB", &m.DB}, {"LC", &m.LC}, {"Cycles", &m.Cycles}, {"Bias", &m.Bias}} {
		re := regexp.MustCompile(`\b` + f.name + `: (-?\d+)`)
		x := re.FindStringSubmatch(src)
		if x == nil {
			return nil, fmt.Errorf("-model: no %s", f.name)
		}
		v, _ := strconv.Atoi(x[1])
		*f.p = int32(v)
	}
	at := strings.Index(src, "Cell: []int32{")
	if at < 0 {
		return nil, fmt.Errorf("-model: no cells")
	}
	for _, x := range regexp.MustCompile(`-?\d+`).FindAllString(src[at+len("Cell: []int32{"):], -1) {
		v, _ := strconv.Atoi(x)
		m.Cell = append(m.Cell, int32(v))
	}
	if len(m.Cell) != size*size*size*size {
		return nil, fmt.Errorf("-model: %d cells", len(m.Cell))
	}
	return m, nil
}

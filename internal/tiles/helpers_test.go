package tiles

import (
	"fmt"
	"slices"
	"sync"
	"testing"
)

// Helpers shared by the tests of this package. Boards are label slices,
// row-major, 0 for the blank, as NewGoal and Goal.Encode take them.

// encodeBoard returns the codes of the board labels against g, failing t
// on an error.
func encodeBoard(t testing.TB, g *Goal, labels []int) []int32 {
	t.Helper()
	code, err := g.Encode(labels)
	if err != nil {
		t.Fatal(err)
	}
	return code
}

// labelMoves returns the boards one move from board (labels, row-major,
// 0 the blank) on a rows x cols grid: for each direction, the tile next
// to the blank slides into it, or with line moves any number of tiles in
// line with it slide together. It works on plain labels, apart from the
// package's states, as the oracle of their moves.
func labelMoves(rows, cols int, board []int, line bool) [][]int {
	blank := slices.Index(board, 0)
	br, bc := blank/cols, blank%cols
	var out [][]int
	for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
		next := slices.Clone(board)
		for k := 1; ; k++ {
			r, c := br+k*d[0], bc+k*d[1]
			if r < 0 || c < 0 || r >= rows || c >= cols {
				break
			}
			from, to := r*cols+c, (r-d[0])*cols+c-d[1]
			next[to], next[from] = next[from], 0
			out = append(out, slices.Clone(next))
			if !line {
				break
			}
		}
	}
	return out
}

// boardKey returns board as a map key.
func boardKey(board []int) string {
	b := make([]byte, len(board))
	for i, v := range board {
		b[i] = byte(v)
	}
	return string(b)
}

// keyBoard is the inverse of boardKey.
func keyBoard(key string) []int {
	board := make([]int, len(key))
	for i := range key {
		board[i] = int(key[i])
	}
	return board
}

// has reports whether m has key k.
func has(m map[string]int, k string) bool {
	_, ok := m[k]
	return ok
}

// labelDistances returns the distance to goal (labels below 256) of every
// board that can reach it on a rows x cols grid, by single-tile or line
// moves, found breadth-first from the goal on plain labels (moves can be
// undone, so distances from the goal are distances to it). The tests
// share each search: the map must not be changed.
func labelDistances(rows, cols int, goal []int, line bool) map[string]int {
	key := fmt.Sprint(rows, cols, goal, line)
	searched.Lock()
	defer searched.Unlock()
	if d, ok := searched.dist[key]; ok {
		return d
	}
	dist := map[string]int{boardKey(goal): 0}
	for layer, d := [][]int{goal}, 1; len(layer) > 0; d++ {
		var next [][]int
		for _, b := range layer {
			for _, n := range labelMoves(rows, cols, b, line) {
				if k := boardKey(n); !has(dist, k) {
					dist[k] = d
					next = append(next, n)
				}
			}
		}
		layer = next
	}
	if searched.dist == nil {
		searched.dist = map[string]map[string]int{}
	}
	searched.dist[key] = dist
	return dist
}

// searched holds the searches of labelDistances.
var searched struct {
	sync.Mutex
	dist map[string]map[string]int
}

// longestRun returns the length of the longest strictly increasing
// subsequence of vals, by a quadratic search: the reference of LIS.
func longestRun(vals []int) int {
	longest := 0
	best := make([]int, len(vals)) // the longest run ending at i
	for i, v := range vals {
		best[i] = 1
		for j := range i {
			if vals[j] < v {
				best[i] = max(best[i], best[j]+1)
			}
		}
		longest = max(longest, best[i])
	}
	return longest
}

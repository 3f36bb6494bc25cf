//go:build ignore

// Make_prune writes prune_table.go, the automaton of forbidden blank-move
// strings that Solver uses to skip duplicate paths.
//
// It enumerates every string of at most maxLen blank moves (up, left,
// right, down) without an immediate inverse, simulates each on an
// unbounded board of distinct tiles, and groups strings by their effect
// (where the blank ends and where every tile goes). A string s is
// redundant if its group holds a string t that comes before it in
// shortlex order (shorter, or as long and lexicographically smaller in the
// order up < left < right < down) and whose cells lie within the bounding
// box of s's cells, so that t can be played wherever s can. An optimal
// path that is shortlex-least among the optimal paths contains no
// redundant string (replacing it by t would give a valid path no longer
// and smaller), so forbidding them keeps IDA* optimal.
//
// The forbidden strings are the redundant ones whose proper substrings
// are not, plus the four inverse pairs; the automaton is their
// Aho-Corasick machine, a dead state being -1.
//
// Usage: go run make_prune.go [-len 14]
package main

import (
	"bytes"
	"flag"
	"fmt"
	"go/format"
	"log"
	"os"
	"slices"
	"strings"
)

var dirs = [4][2]int{{-1, 0}, {0, -1}, {0, 1}, {1, 0}} // up, left, right, down
const names = "ULRD"

type box struct{ r0, c0, r1, c1 int }

func (a box) within(b box) bool {
	return a.r0 >= b.r0 && a.c0 >= b.c0 && a.r1 <= b.r1 && a.c1 <= b.c1
}

// effect returns the effect key of moves and the bounding box of the
// blank's cells.
func effect(moves []byte) (string, box) {
	type pt struct{ r, c int }
	at := map[pt]pt{} // cell -> original cell of the tile there, for moved tiles
	orig := func(p pt) pt {
		if o, ok := at[p]; ok {
			return o
		}
		return p
	}
	b := pt{}
	bb := box{}
	for _, m := range moves {
		d := dirs[m]
		n := pt{b.r + d[0], b.c + d[1]}
		at[b] = orig(n) // the tile on n slides onto the blank's cell
		delete(at, n)
		b = n
		bb.r0, bb.c0 = min(bb.r0, b.r), min(bb.c0, b.c)
		bb.r1, bb.c1 = max(bb.r1, b.r), max(bb.c1, b.c)
	}
	var parts []string
	for p, o := range at {
		if p != o {
			parts = append(parts, fmt.Sprintf("%d,%d<%d,%d", p.r, p.c, o.r, o.c))
		}
	}
	slices.Sort(parts)
	return fmt.Sprintf("%d,%d|%s", b.r, b.c, strings.Join(parts, ";")), bb
}

func less(a, b string) bool {
	if len(a) != len(b) {
		return len(a) < len(b)
	}
	return a < b
}

func main() {
	maxLen := flag.Int("len", 14, "longest move string considered")
	out := flag.String("o", "prune_table.go", "output file")
	flag.Parse()

	type entry struct {
		s  string
		bb box
	}
	groups := map[string][]entry{}
	all := []string{""}
	for l := 0; l <= *maxLen; l++ {
		var next []string
		for _, s := range all {
			if len(s) != l {
				continue
			}
			key, bb := effect([]byte(s))
			groups[key] = append(groups[key], entry{s, bb})
			if l == *maxLen {
				continue
			}
			for m := byte(0); m < 4; m++ {
				if l > 0 && s[l-1]+m == 3 { // the inverse of the last move
					continue
				}
				next = append(next, s+string(m))
			}
		}
		all = append(all, next...)
	}
	redundant := map[string]bool{}
	for _, g := range groups {
		for _, e := range g {
			for _, f := range g {
				if less(f.s, e.s) && f.bb.within(e.bb) {
					redundant[e.s] = true
					break
				}
			}
		}
	}
	contains := map[string]bool{}
	var has func(s string) bool
	has = func(s string) bool {
		if len(s) < 2 {
			return false
		}
		if v, ok := contains[s]; ok {
			return v
		}
		v := redundant[s] || has(s[1:]) || has(s[:len(s)-1])
		contains[s] = v
		return v
	}
	forbidden := []string{"\x00\x03", "\x03\x00", "\x01\x02", "\x02\x01"}
	for s := range redundant {
		if !has(s[1:]) && !has(s[:len(s)-1]) {
			forbidden = append(forbidden, s)
		}
	}
	slices.SortFunc(forbidden, func(a, b string) int {
		if less(a, b) {
			return -1
		}
		if less(b, a) {
			return 1
		}
		return 0
	})

	// Aho-Corasick: a trie, then breadth-first failure links.
	type node struct {
		next [4]int
		fail int
		dead bool
	}
	trie := []node{{next: [4]int{-1, -1, -1, -1}}}
	for _, s := range forbidden {
		cur := 0
		for _, m := range []byte(s) {
			if trie[cur].next[m] < 0 {
				trie = append(trie, node{next: [4]int{-1, -1, -1, -1}})
				trie[cur].next[m] = len(trie) - 1
			}
			cur = trie[cur].next[m]
		}
		trie[cur].dead = true
	}
	queue := []int{}
	for m := range 4 {
		if c := trie[0].next[m]; c >= 0 {
			trie[c].fail = 0
			queue = append(queue, c)
		} else {
			trie[0].next[m] = 0
		}
	}
	for len(queue) > 0 {
		u := queue[0]
		queue = queue[1:]
		trie[u].dead = trie[u].dead || trie[trie[u].fail].dead
		for m := range 4 {
			if c := trie[u].next[m]; c >= 0 {
				trie[c].fail = trie[trie[u].fail].next[m]
				queue = append(queue, c)
			} else {
				trie[u].next[m] = trie[trie[u].fail].next[m]
			}
		}
	}
	// Renumber the live states; the root is 0.
	id := make([]int, len(trie))
	live := 0
	for i, n := range trie {
		id[i] = -1
		if !n.dead {
			id[i] = live
			live++
		}
	}
	var buf bytes.Buffer
	fmt.Fprintf(&buf, "// Code generated by make_prune.go -len %d; DO NOT EDIT.\n\npackage idastar\n\n", *maxLen)
	var shortest []string
	for _, s := range forbidden[4:] {
		if len(s) == len(forbidden[4]) {
			var t strings.Builder
			for _, m := range []byte(s) {
				t.WriteByte(names[m])
			}
			shortest = append(shortest, t.String())
		}
	}
	fmt.Fprintf(&buf, "// pruneTrans is the automaton of forbidden blank-move strings: %d\n", len(forbidden))
	fmt.Fprintf(&buf, "// strings of at most %d moves (the four inverse pairs and %d strings with\n", *maxLen, len(forbidden)-4)
	fmt.Fprintf(&buf, "// an equivalent that comes first, the shortest of %d moves:\n// %s), in %d states.\n", len(forbidden[4]), strings.Join(shortest, " "), live)
	fmt.Fprintf(&buf, "// pruneTrans[4*state+dir] is the next state, -1 for a forbidden string;\n// dir is 0 up, 1 left, 2 right, 3 down; the start state is 0.\n")
	fmt.Fprintf(&buf, "var pruneTrans = [...]int16{\n")
	for i, n := range trie {
		if n.dead {
			continue
		}
		fmt.Fprintf(&buf, "\t")
		for m := range 4 {
			fmt.Fprintf(&buf, "%d, ", id[n.next[m]])
		}
		fmt.Fprintf(&buf, "// %d\n", id[i])
	}
	fmt.Fprintf(&buf, "}\n")
	src, err := format.Source(buf.Bytes())
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(*out, src, 0o644); err != nil {
		log.Fatal(err)
	}
	log.Printf("%d forbidden strings, %d states", len(forbidden), live)
}

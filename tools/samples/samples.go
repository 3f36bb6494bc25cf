package main

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// A board is a line of a sample file: its id, the reference length (the
// learned solver's), and its tiles row-major, 0 the blank, for the goal
// with the blank first and tile t on cell t.
type board struct {
	ID, Reference int
	Size          int // the board is Size x Size
	Tiles         []int
}

// A sample is the boards of one sample file, all of one size.
type sample struct {
	Name   string // the file's base name without its extension
	Size   int
	Boards []board
}

// readSample reads the sample file path (see parseSample).
func readSample(path string) (sample, error) {
	f, err := os.Open(path)
	if err != nil {
		return sample{}, err
	}
	defer f.Close()
	s, err := parseSample(f, path)
	if err != nil {
		return sample{}, err
	}
	s.Name = strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	return s, nil
}

// parseSample reads lines "id reference t0 t1 ... t(n*n-1)", skipping blank
// lines and lines that start with #. Every board must be n x n for one n
// from 2 to 255, its tiles the numbers 0 to n*n-1 once each, its id and
// reference not negative. name prefixes the errors.
func parseSample(r io.Reader, name string) (sample, error) {
	var s sample
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<22)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		fields := strings.Fields(text)
		nums := make([]int, len(fields))
		for i, f := range fields {
			v, err := strconv.Atoi(f)
			if err != nil || v < 0 {
				return s, fmt.Errorf("%s:%d: field %d %q is not a number at least 0", name, line, i+1, f)
			}
			nums[i] = v
		}
		cells := len(nums) - 2
		n := int(math.Round(math.Sqrt(float64(max(cells, 0)))))
		if cells < 4 || n*n != cells || n > 255 {
			return s, fmt.Errorf("%s:%d: want an id, a reference length and n*n tiles (n from 2 to 255), got %d fields", name, line, len(nums))
		}
		if s.Size != 0 && n != s.Size {
			return s, fmt.Errorf("%s:%d: a %d x %d board among %d x %d ones", name, line, n, n, s.Size, s.Size)
		}
		seen := make([]bool, cells)
		for _, t := range nums[2:] {
			if t >= cells || seen[t] {
				return s, fmt.Errorf("%s:%d: the tiles are not the numbers 0 to %d once each", name, line, cells-1)
			}
			seen[t] = true
		}
		if nums[1] == 0 {
			return s, fmt.Errorf("%s:%d: reference length 0", name, line)
		}
		s.Size = n
		s.Boards = append(s.Boards, board{ID: nums[0], Reference: nums[1], Size: n, Tiles: nums[2:]})
	}
	if err := sc.Err(); err != nil {
		return s, fmt.Errorf("%s: %w", name, err)
	}
	if len(s.Boards) == 0 {
		return s, fmt.Errorf("%s: no boards", name)
	}
	return s, nil
}

// boardText returns tiles as slide reads a board: n, then n rows.
func boardText(n int, tiles []int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d\n", n)
	for r := range n {
		for c := range n {
			if c > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(strconv.Itoa(tiles[r*n+c]))
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// blankFirst returns the goal of the samples on n x n: the blank on the
// first cell, tile t on cell t.
func blankFirst(n int) []int {
	g := make([]int, n*n)
	for i := range g {
		g[i] = i
	}
	return g
}

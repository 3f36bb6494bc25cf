package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// A puzzle is a shipped sliding-block puzzle, as index.json lists it: its
// file, what it is, and its optimal lengths in the three metrics.
type puzzle struct {
	File  string `json:"file"`
	Title string `json:"title"`
	Line  int    `json:"line"`
	Piece int    `json:"piece"`
	Step  int    `json:"step"`
}

// shipped reports whether the page ships the puzzle file name: the
// Klotski and Rush Hour files.
func shipped(name string) bool {
	return strings.HasPrefix(name, "klotski_") || strings.HasPrefix(name, "rh_")
}

// writePuzzles copies the shipped puzzles of the folder from into the
// folder to, with index.json, which lists them in the order and with the
// titles and optima of from's INDEX.md.
func writePuzzles(from, to string) error {
	index, err := readIndex(filepath.Join(from, "INDEX.md"))
	if err != nil {
		return err
	}
	if err := os.MkdirAll(to, 0o755); err != nil {
		return err
	}
	list := []puzzle{}
	for _, p := range index {
		if !shipped(p.File) {
			continue
		}
		if err := copyFile(filepath.Join(from, p.File), filepath.Join(to, p.File)); err != nil {
			return err
		}
		list = append(list, p)
	}
	if len(list) == 0 {
		return fmt.Errorf("%s lists no Klotski or Rush Hour puzzle", filepath.Join(from, "INDEX.md"))
	}
	data, _ := json.MarshalIndent(list, "", "\t") // of strings and numbers
	return os.WriteFile(filepath.Join(to, "index.json"), append(data, '\n'), 0o644)
}

// readIndex reads the table of INDEX.md: a row "| file | what | line |
// piece | step | states |" a puzzle. Rows of unsolvable puzzles ("none")
// are left out.
func readIndex(name string) ([]puzzle, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	var out []puzzle
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		cells := strings.Split(strings.Trim(strings.TrimSpace(sc.Text()), "|"), "|")
		if len(cells) != 6 || !strings.HasSuffix(strings.TrimSpace(cells[0]), ".txt") {
			continue // not a row of a puzzle
		}
		var lengths [3]int
		none := false
		for i, c := range cells[2:5] {
			c = strings.TrimSpace(c)
			lengths[i], err = strconv.Atoi(c)
			switch {
			case c == "none":
				none = true
			case err != nil:
				return nil, fmt.Errorf("%s:%d: the optimum %q is not a number", name, n, c)
			}
		}
		if none {
			continue // no solution
		}
		out = append(out, puzzle{strings.TrimSpace(cells[0]), strings.TrimSpace(cells[1]), lengths[0], lengths[1], lengths[2]})
	}
	return out, sc.Err()
}

// Package bfsform reads the own form of "slide bfs": its arguments
// [HEIGHT WIDTH] MAXLENGTH INITIAL GOAL, a tray's size (3 x 3 when absent),
// a bound on the moves and two positions on the tray, one character a
// cell, - the blank (Parse). It refuses what makes no question before any
// search: a size that makes no board, a bound that is not a nonnegative
// integer, positions the library refuses or that hold different tiles;
// the 1 x 1 tray, too small for a slide.Board, holds the blank alone.
package bfsform

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/slidekit/slide"
	"github.com/slidekit/slide/internal/input"
	"github.com/slidekit/slide/internal/report"
)

// Want is what bfs wants in its own form.
const Want = "want [HEIGHT WIDTH] MAXLENGTH INITIAL GOAL"

// Args are bfs's arguments in its own form.
type Args struct {
	Rows, Cols    int
	MaxLength     int    // math.MaxInt for a bound beyond any search
	Initial, Goal string // the positions as given
	Start, End    slide.Board
	BlankAlone    bool // a 1 x 1 tray, whose one position is the blank; Start and End are zero
}

// Parse reads bfs's arguments in its own form, three or five of them:
// [HEIGHT WIDTH] MAXLENGTH INITIAL GOAL.
func Parse(pos []string) (Args, error) {
	a := Args{Rows: 3, Cols: 3}
	var err error
	switch len(pos) {
	case 3:
	case 5:
		if a.Rows, a.Cols, err = traySize(pos[0], pos[1]); err != nil {
			return a, err
		}
		pos = pos[2:]
	default:
		return a, fmt.Errorf("%s, got %d arguments", Want, len(pos))
	}
	a.MaxLength, err = strconv.Atoi(pos[0])
	if errors.Is(err, strconv.ErrRange) && !strings.HasPrefix(pos[0], "-") {
		a.MaxLength, err = math.MaxInt, nil // more than any search can reach
	}
	if err != nil || a.MaxLength < 0 {
		return a, fmt.Errorf("MAXLENGTH %s is not a nonnegative integer", input.Quote(pos[0]))
	}
	a.Initial, a.Goal = pos[1], pos[2]
	if a.Rows == 1 && a.Cols == 1 { // too small for a slide.Board: "-" is the only position
		for _, p := range [...]struct{ name, pos string }{{"INITIAL", a.Initial}, {"GOAL", a.Goal}} {
			if p.pos != string(slide.PositionBlank) {
				return a, fmt.Errorf("%s %s: a 1 x 1 tray holds only the blank, %q", p.name, input.Quote(p.pos), slide.PositionBlank)
			}
		}
		a.BlankAlone = true
		return a, nil
	}
	if a.Start, err = slide.ParsePosition(a.Rows, a.Cols, a.Initial); err != nil {
		return a, fmt.Errorf("INITIAL %s: %s", input.Quote(a.Initial), report.Message(err))
	}
	if a.End, err = slide.ParsePosition(a.Rows, a.Cols, a.Goal); err != nil {
		return a, fmt.Errorf("GOAL %s: %s", input.Quote(a.Goal), report.Message(err))
	}
	return a, sameTiles(a.Initial, a.Goal)
}

// traySize reads HEIGHT and WIDTH: positive integers that make a board
// (see report.SizeError), or 1 x 1, the tray of the blank alone.
func traySize(height, width string) (rows, cols int, err error) {
	rows, err1 := strconv.Atoi(height)
	cols, err2 := strconv.Atoi(width)
	switch {
	case err1 != nil || rows < 1:
		return 0, 0, fmt.Errorf("HEIGHT %s is not a positive integer", input.Quote(height))
	case err2 != nil || cols < 1:
		return 0, 0, fmt.Errorf("WIDTH %s is not a positive integer", input.Quote(width))
	case rows == 1 && cols == 1:
		return rows, cols, nil
	}
	if err := report.SizeError(rows, cols); err != nil {
		return 0, 0, errors.New(report.Message(err))
	}
	return rows, cols, nil
}

// sameTiles reports, as an error, the first character (in code point
// order) that initial and goal, two positions of the same length, hold a
// different number of times.
func sameTiles(initial, goal string) error {
	a, b := []rune(initial), []rune(goal)
	slices.Sort(a)
	slices.Sort(b)
	for i := range a {
		if a[i] != b[i] { // the smaller one is missing from the other
			r := min(a[i], b[i])
			return fmt.Errorf("INITIAL and GOAL hold different tiles: %q appears %d times in INITIAL and %d in GOAL",
				r, strings.Count(initial, string(r)), strings.Count(goal, string(r)))
		}
	}
	return nil
}

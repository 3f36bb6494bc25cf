package slide

import (
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"testing"
)

// An svgNode is an element of a parsed picture.
type svgNode struct {
	XMLName  xml.Name
	Attrs    []xml.Attr `xml:",any,attr"`
	Text     string     `xml:",chardata"`
	Children []svgNode  `xml:",any"`
}

func (n svgNode) attr(name string) string {
	for _, a := range n.Attrs {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

// walk calls f on n and every element inside it.
func (n svgNode) walk(f func(svgNode)) {
	f(n)
	for _, c := range n.Children {
		c.walk(f)
	}
}

// A parsedActor is a tile or piece as the picture draws it: its label,
// its size in cells, and where it is over time.
type parsedActor struct {
	label      string
	w, h       int
	x, y       float64   // the static position, in units
	values     []float64 // x, y pairs of the animation
	times      []float64 // their key times
	dur        float64
	hasAnimate bool
}

// at returns the actor's upper-left corner, in cells, at second s.
func (a parsedActor) at(s float64) (row, col float64) {
	x, y := a.x, a.y
	if a.hasAnimate {
		f := math.Mod(s, a.dur) / a.dur
		i := 0
		for i+1 < len(a.times) && a.times[i+1] <= f {
			i++
		}
		x, y = a.values[2*i], a.values[2*i+1]
		if i+1 < len(a.times) {
			w := (f - a.times[i]) / (a.times[i+1] - a.times[i])
			x += w * (a.values[2*i+2] - x)
			y += w * (a.values[2*i+3] - y)
		}
	}
	return (y - svgBorder) / svgCell, (x - svgBorder) / svgCell
}

// A parsedPicture is what a test reads back from a picture.
type parsedPicture struct {
	actors   []parsedActor
	counters []svgNode
	notes    []string
	text     string // all the text shown
}

// floats reads numbers separated by blanks and semicolons.
func floats(t *testing.T, s string) []float64 {
	t.Helper()
	var out []float64
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ';' }) {
		v, err := strconv.ParseFloat(f, 64)
		if err != nil {
			t.Fatalf("number %q: %v", f, err)
		}
		out = append(out, v)
	}
	return out
}

// parsePicture parses data as XML and reads its actors and texts.
func parsePicture(t *testing.T, data []byte) parsedPicture {
	t.Helper()
	var root svgNode
	if err := xml.Unmarshal(data, &root); err != nil {
		t.Fatalf("not XML: %v", err)
	}
	if root.XMLName.Local != "svg" || root.XMLName.Space != "http://www.w3.org/2000/svg" {
		t.Fatalf("root element %v", root.XMLName)
	}
	var p parsedPicture
	root.walk(func(n svgNode) {
		switch cls := n.attr("class"); {
		case n.XMLName.Local == "script":
			t.Errorf("a script in the picture")
		case n.XMLName.Local == "g" && cls == "tile":
			a := parsedActor{label: n.attr("data-label")}
			xy := floats(t, strings.TrimSuffix(strings.TrimPrefix(n.attr("transform"), "translate("), ")"))
			a.x, a.y = xy[0], xy[1]
			for _, c := range n.Children {
				switch c.XMLName.Local {
				case "rect":
					a.w = int(math.Round((floats(t, c.attr("width"))[0] + svgGap) / svgCell))
					a.h = int(math.Round((floats(t, c.attr("height"))[0] + svgGap) / svgCell))
				case "text":
					if c.Text != a.label {
						t.Errorf("tile %q shows %q", a.label, c.Text)
					}
				case "animateTransform":
					a.hasAnimate = true
					a.values, a.times = floats(t, c.attr("values")), floats(t, c.attr("keyTimes"))
					a.dur = floats(t, strings.TrimSuffix(c.attr("dur"), "s"))[0]
					if len(a.values) != 2*len(a.times) || a.times[0] != 0 || a.times[len(a.times)-1] != 1 ||
						c.attr("repeatCount") != "indefinite" || c.attr("type") != "translate" {
						t.Errorf("tile %q: animation %v", a.label, c.Attrs)
					}
					for i := 1; i < len(a.times); i++ {
						if a.times[i] <= a.times[i-1] {
							t.Errorf("tile %q: key times %v do not increase", a.label, a.times)
						}
					}
				}
			}
			p.actors = append(p.actors, a)
		case n.XMLName.Local == "text" && strings.Contains(cls, "counter"):
			p.counters = append(p.counters, n)
		case n.XMLName.Local == "text" && strings.Contains(cls, "note"):
			p.notes = append(p.notes, n.Text)
		}
		if n.XMLName.Local == "text" || n.XMLName.Local == "title" {
			p.text += n.Text + "\n"
		}
	})
	return p
}

// visibleCounter returns the move of the counter shown at second s.
func (p parsedPicture) visibleCounter(t *testing.T, s float64) int {
	t.Helper()
	shown := -1
	for _, c := range p.counters {
		visible := c.attr("visibility") == "visible"
		for _, a := range c.Children {
			if a.XMLName.Local != "animate" {
				continue
			}
			dur := floats(t, strings.TrimSuffix(a.attr("dur"), "s"))[0]
			f := math.Mod(s, dur) / dur
			values, times := strings.Split(a.attr("values"), ";"), floats(t, a.attr("keyTimes"))
			for i, kt := range times {
				if kt <= f {
					visible = values[i] == "visible"
				}
			}
		}
		if visible {
			if shown >= 0 {
				t.Fatalf("two counters shown at %v s", s)
			}
			shown, _ = strconv.Atoi(c.attr("data-move"))
		}
	}
	return shown
}

// frameTime returns the second at which the picture shows the board
// after k moves, held until the next move starts.
func frameTime(k int, moveSeconds float64) float64 { return svgStart + float64(k)*moveSeconds }

// checkBoardFrames checks that pic shows boards: at the time of each frame
// every tile stands on a cell, the cells hold the labels of the board, and
// the counter shows the frame's number; between frames the counter shows
// the move under way.
func checkBoardFrames(t *testing.T, pic parsedPicture, boards []Board, moveSeconds float64) {
	t.Helper()
	rows, cols := boards[0].Rows(), boards[0].Cols()
	if len(pic.actors) != boards[0].Len()-1 {
		t.Fatalf("%d tiles drawn for %d cells", len(pic.actors), boards[0].Len())
	}
	for k, b := range boards {
		s := frameTime(k, moveSeconds)
		seen := make([]string, rows*cols)
		for _, a := range pic.actors {
			r, c := a.at(s)
			ri, ci := int(math.Round(r)), int(math.Round(c))
			if math.Abs(r-float64(ri)) > 1e-3 || math.Abs(c-float64(ci)) > 1e-3 || ri < 0 || ri >= rows || ci < 0 || ci >= cols {
				t.Fatalf("frame %d: tile %s at row %v, column %v", k, a.label, r, c)
			}
			if seen[ri*cols+ci] != "" {
				t.Fatalf("frame %d: tiles %s and %s on one cell", k, seen[ri*cols+ci], a.label)
			}
			seen[ri*cols+ci] = a.label
			if want := strconv.Itoa(b.At(ri, ci)); a.label != want {
				t.Fatalf("frame %d: tile %s on row %d, column %d, where board %d has %s", k, a.label, ri, ci, k, want)
			}
		}
		if got := pic.visibleCounter(t, s+moveSeconds/2); k < len(boards)-1 && got != k+1 {
			t.Errorf("during move %d the counter shows %d", k+1, got)
		}
	}
	if got := pic.visibleCounter(t, 0); got != 0 {
		t.Errorf("at the start the counter shows %d", got)
	}
	if got := pic.visibleCounter(t, frameTime(len(boards)-1, moveSeconds)+0.5); got != len(boards)-1 {
		t.Errorf("at the end the counter shows %d", got)
	}
}

// solutionBoards solves start with s and returns its boards.
func solutionBoards(t *testing.T, s Solver, start Board) []Board {
	t.Helper()
	sol, err := s.Solve(context.Background(), start, start.StandardGoal())
	if err != nil {
		t.Fatal(err)
	}
	var boards []Board
	for _, b := range sol.All() {
		boards = append(boards, b)
	}
	return boards
}

// TestSVGWrite draws solutions of several kinds and checks every frame
// against the solution's boards.
func TestSVGWrite(t *testing.T) {
	labeled, _ := ParsePosition(3, 4, "AB-ABABABABA")
	goal := Goal(20, 20)
	far := goal
	for _, d := range []Direction{Down, Down, Right, Right, Up, Right, Down, Down, Left} {
		far, _ = far.Slide(d, 1)
	}
	for _, tc := range []struct {
		name   string
		boards []Board
	}{
		{"3x3", solutionBoards(t, Solver{}, MustParseBoard("3\n8 7 6\n0 4 1\n2 5 3\n"))},
		{"line moves", solutionBoards(t, Solver{Metric: LineMoves}, MustParseBoard("3 4\n3 0 9 10\n1 2 8 4\n5 6 7 11\n"))},
		{"labeled", solutionBoards(t, Solver{}, labeled)},
		{"20x20", solutionBoards(t, Solver{}, far)},
		{"no moves", []Board{Goal(2, 3)}},
	} {
		var buf bytes.Buffer
		if err := (SVG{MoveSeconds: 0.25}).Write(&buf, tc.boards); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		pic := parsePicture(t, buf.Bytes())
		checkBoardFrames(t, pic, tc.boards, 0.25)
		if len(pic.notes) != 0 || !strings.Contains(pic.text, fmt.Sprintf("%d moves", len(tc.boards)-1)) {
			t.Errorf("%s: notes %q, text %q", tc.name, pic.notes, pic.text)
		}
	}
}

// TestSVGWriteCap checks that a long solution animates its first moves
// only and says so.
func TestSVGWriteCap(t *testing.T) {
	boards := solutionBoards(t, Solver{}, MustParseBoard("3\n8 7 6\n0 4 1\n2 5 3\n"))
	var buf bytes.Buffer
	if err := (SVG{MaxMoves: 7, Title: "capped <&>"}).Write(&buf, boards); err != nil {
		t.Fatal(err)
	}
	pic := parsePicture(t, buf.Bytes())
	checkBoardFrames(t, pic, boards[:8], 0.4)
	want := fmt.Sprintf("Showing the first 7 of %d moves.", len(boards)-1)
	if len(pic.notes) != 1 || pic.notes[0] != want || !strings.Contains(pic.text, "capped <&>") || len(pic.counters) != 8 {
		t.Errorf("notes %q, %d counters, text %q", pic.notes, len(pic.counters), pic.text)
	}
	// The start of a longer solution, as drawn from Solution.All.
	buf.Reset()
	if err := (SVG{MaxMoves: 3, TotalMoves: 1000000}).Write(&buf, boards[:4]); err != nil {
		t.Fatal(err)
	}
	if pic := parsePicture(t, buf.Bytes()); len(pic.notes) != 1 || pic.notes[0] != "Showing the first 3 of 1000000 moves." {
		t.Errorf("notes %q", pic.notes)
	}
}

// TestSVGWriteErrors checks what SVG.Write refuses: boards that are not
// a solution, settings out of range, and a Goal, which only WriteBlocks
// draws.
func TestSVGWriteErrors(t *testing.T) {
	a := MustParseBoard("2\n1 2\n3 0\n")
	far := MustParseBoard("2\n0 3\n2 1\n")
	for _, boards := range [][]Board{nil, {{}}, {a, far}, {a, Goal(3, 3)}, {a, a}} {
		if err := (SVG{}).Write(io.Discard, boards); !errors.Is(err, ErrMismatch) {
			t.Errorf("%v: %v", boards, err)
		}
	}
	boom := errors.New("disk full")
	if err := (SVG{}).Write(failWriter{boom}, []Board{a}); !errors.Is(err, boom) {
		t.Errorf("failed write: %v", err)
	}
	for _, s := range []SVG{{MaxMoves: -1}, {TotalMoves: -1}, {MoveSeconds: -1}, {MoveSeconds: math.NaN()}, {MoveSeconds: math.Inf(1)}, {Goal: BlockGoalAt(0, 0, 0)}} {
		if err := s.Write(io.Discard, []Board{a}); !errors.Is(err, ErrOption) {
			t.Errorf("%+v: %v, want ErrOption", s, err)
		}
	}
}

// failWriter fails every write.
type failWriter struct{ err error }

func (w failWriter) Write([]byte) (int, error) { return 0, w.err }

// TestSVGWriteBlocks draws sliding-block solutions in each metric and
// checks every frame against the positions, and that no two pieces ever
// overlap, in the middle of a move either (a move of the piece metric
// turns corners).
func TestSVGWriteBlocks(t *testing.T) {
	sample := MustParseBlocks("4 4\n3 1 2 1 b\n1 1 1 1 b\n1 2 1 1 b\n2 1 1 1 b\n2 3 2 1 b\n3 3 1 2 b\n4 1 2 1 b\n4 4 1 1 b\n")
	rush, _ := ParseRushHour("..B.CC..B...AAB...DDD..E.....E.....E")
	for _, tc := range []struct {
		name   string
		puzzle Blocks
		metric BlockMetric
	}{
		{"line", sample, StraightMoves},
		{"step", sample, StepMoves},
		{"piece", sample, PieceMoves},
		{"rush", rush, StraightMoves},
	} {
		sol, err := BlockSolver{Metric: tc.metric}.Solve(context.Background(), tc.puzzle)
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := (SVG{MoveSeconds: 0.5}).WriteBlocks(&buf, sol.Positions); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		pic := parsePicture(t, buf.Bytes())
		if len(pic.actors) != tc.puzzle.NumPieces() {
			t.Fatalf("%s: %d pieces drawn, want %d", tc.name, len(pic.actors), tc.puzzle.NumPieces())
		}
		for k, b := range sol.Positions {
			for i, a := range pic.actors {
				p := b.Piece(i)
				r, c := a.at(frameTime(k, 0.5))
				if a.label != string(b.Name(i)) || a.w != p.Width || a.h != p.Height ||
					math.Abs(r-float64(p.Row)) > 1e-3 || math.Abs(c-float64(p.Col)) > 1e-3 {
					t.Fatalf("%s, frame %d: piece %s (%d x %d) at %v, %v; want %v", tc.name, k, a.label, a.w, a.h, r, c, p)
				}
			}
			if got := pic.visibleCounter(t, frameTime(k, 0.5)+0.25); k < sol.Len() && got != k+1 {
				t.Errorf("%s: during move %d the counter shows %d", tc.name, k+1, got)
			}
		}
		for s := 0.0; s < frameTime(sol.Len(), 0.5); s += 0.5 / 16 {
			for i, a := range pic.actors {
				for j, b := range pic.actors[:i] {
					ar, ac := a.at(s)
					br, bc := b.at(s)
					if ar < br+float64(b.h)-1e-6 && br < ar+float64(a.h)-1e-6 && ac < bc+float64(b.w)-1e-6 && bc < ac+float64(a.w)-1e-6 {
						t.Fatalf("%s: at %v s pieces %d and %d overlap", tc.name, s, i, j)
					}
				}
			}
		}
	}
	if err := (SVG{}).WriteBlocks(io.Discard, []Blocks{sample, rush}); !errors.Is(err, ErrMismatch) {
		t.Errorf("two puzzles: %v", err)
	}
	moved, ok1 := sample.Slide(4, Up, 1)
	both, ok2 := moved.Slide(3, Right, 1)
	if !ok1 || !ok2 {
		t.Fatal("the sample's pieces 4 and 3 cannot move")
	}
	if err := (SVG{}).WriteBlocks(io.Discard, []Blocks{sample, both}); !errors.Is(err, ErrMismatch) {
		t.Errorf("two pieces moved: %v", err)
	}
}

// TestSVGWriteBlocksGoal checks the goal's mark: the exit beside the red
// car's row for Rush Hour, beside every row for a goal piece that moves up
// and down, the outline of the place for Klotski's default goal and for
// BlockGoalAt, nothing for a predicate.
func TestSVGWriteBlocksGoal(t *testing.T) {
	rush, _ := ParseRushHour("..B.CC..B...AAB...DDD..E.....E.....E")
	sample := MustParseBlocks("4 4\n3 1 2 1 b\n1 1 1 1 b\n")
	klotski := blockCaseNamed(t, "klotski_hengdaolima").puzzle
	for _, tt := range []struct {
		name string
		b    Blocks
		goal BlockGoal
		want string
	}{
		{"rush", rush, BlockGoal{}, `<rect class="exit" x="612" y="212" width="12" height="100" fill="#e05050"/>`},
		{"both ways", sample, BlockGoal{}, `<rect class="exit" x="412" y="12" width="12" height="400" fill="#e05050"/>`},
		{"klotski", klotski, BlockGoal{}, `<rect class="goal" x="112" y="312" width="200" height="200" `},
		{"at", rush, BlockGoalAt(1, 3, 2), `<rect class="goal" x="212" y="312" width="100" height="300" `},
		{"predicate", rush, BlockGoalFunc(func(Blocks) bool { return true }), ""},
	} {
		var buf bytes.Buffer
		if err := (SVG{Goal: tt.goal}).WriteBlocks(&buf, []Blocks{tt.b}); err != nil {
			t.Fatal(err)
		}
		svg := buf.String()
		marks := strings.Count(svg, `class="exit"`) + strings.Count(svg, `class="goal"`)
		if tt.want == "" && marks != 0 || tt.want != "" && (marks != 1 || !strings.Contains(svg, tt.want)) {
			t.Errorf("%s: %d marks, want %q in\n%s", tt.name, marks, tt.want, svg)
		}
	}
}

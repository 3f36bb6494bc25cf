package slide

import (
	"bufio"
	"encoding/xml"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// Pictures. SVG.Write and SVG.WriteBlocks draw a solution as one animated
// SVG image: the tiles (or pieces) slide from the start to the goal, one
// move after another, under a move counter, then the animation pauses and
// starts again. The file is self-contained and runs no script: SMIL
// <animateTransform> moves each tile that moves, and <set>-like <animate>
// elements of visibility switch the counter, so any browser plays it. A
// viewer that does not animate shows the start.
//
// Drawings are in units of a hundredth of a cell; the image's width and
// height give a cell 28 to 80 pixels (80 for small boards, and boards of
// more than about 30 columns or rows scale down to 28, so that even a
// 255 x 255 board stays legible zoomed in), and labels take a font size
// from the cell size and their length.

// An SVG draws a solution as an animated picture, no script, the start shown
// where animation is not. The zero SVG has the defaults.
type SVG struct {
	MaxMoves    int       // the moves animated, the rest counted (0: DefaultSVGMoves)
	TotalMoves  int       // the solution's length, when only its start is given
	MoveSeconds float64   // a move's time (0: 0.4 s)
	Title       string    // shown above the move counter
	Goal        BlockGoal // the goal WriteBlocks marks: an exit, a place, or nothing for a predicate
}

// DefaultSVGMoves is the moves an [SVG] animates when its MaxMoves is 0.
const DefaultSVGMoves = 500

// Write draws boards, each one move from the one before, to w.
func (s SVG) Write(w io.Writer, boards []Board) error {
	const fn = "SVG.Write"
	if err := s.check(fn); err != nil {
		return err
	}
	if s.Goal.at || s.Goal.match != nil {
		return unused(fn, "SVG.Goal", "only WriteBlocks marks a goal")
	}
	if len(boards) == 0 || !boards[0].IsValid() {
		return errorf(fn, ErrMismatch, "no boards to draw")
	}
	pic := newSVGPicture(boards[0].Rows(), boards[0].Cols(), len(boards)-1, s)
	boards = boards[:pic.moves+1]
	actorAt := make([]int, boards[0].Len()) // the actor on each cell, or -1
	for cell := range actorAt {
		actorAt[cell] = -1
		if t := boards[0].tile(cell); t != 0 {
			actorAt[cell] = len(pic.actors)
			pic.actors = append(pic.actors, svgActor{label: strconv.Itoa(t), w: 1, h: 1,
				keys: []svgKey{{0, cell / boards[0].Cols(), cell % boards[0].Cols()}}})
		}
	}
	for k := 1; k < len(boards); k++ {
		a, b := boards[k-1], boards[k]
		br, bc := a.Blank()
		step, n, ok := moveBetween(a, b)
		if !ok {
			return errorf(fn, ErrMismatch, "boards %d and %d are not one move apart", k-1, k)
		}
		// The blank goes n cells along step; each tile on its way goes one
		// cell back, the one next to the blank first.
		for i := 1; i <= n; i++ {
			from := (br+i*step[0])*a.Cols() + bc + i*step[1]
			to := from - step[0]*a.Cols() - step[1]
			act := actorAt[from]
			pic.actors[act].moveTo(float64(k-1), float64(k), to/a.Cols(), to%a.Cols())
			actorAt[to], actorAt[from] = act, -1
		}
	}
	return pic.write(w)
}

// moveBetween returns how the blank goes from a to b, one move apart: a
// unit step in rows and columns, and the number of cells; ok is false if
// a and b are not one move apart.
func moveBetween(a, b Board) (step [2]int, n int, ok bool) {
	if a.Rows() != b.Rows() || a.Cols() != b.Cols() {
		return step, 0, false
	}
	ar, ac := a.Blank()
	br, bc := b.Blank()
	var d Direction
	switch {
	case ar == br && bc > ac:
		step, n, d = [2]int{0, 1}, bc-ac, Left
	case ar == br && bc < ac:
		step, n, d = [2]int{0, -1}, ac-bc, Right
	case ac == bc && br > ar:
		step, n, d = [2]int{1, 0}, br-ar, Up
	case ac == bc && br < ar:
		step, n, d = [2]int{-1, 0}, ar-br, Down
	default:
		return step, 0, false
	}
	next, ok := a.Slide(d, n)
	return step, n, ok && next == b
}

// An svgActor is one tile or piece of a picture: its label, its size in
// cells, its fill (the stylesheet's if ""), and where its upper-left cell
// stands at each key time, in moves from the start, the first at 0.
type svgActor struct {
	label string
	fill  string
	w, h  int
	keys  []svgKey
}

// An svgKey is a key frame: an actor's cell at a time, in moves.
type svgKey struct {
	t        float64
	row, col int
}

// moveTo records that the actor goes in a straight line from where it
// stands at time from to the cell (row, col) at time to.
func (a *svgActor) moveTo(from, to float64, row, col int) {
	if last := a.keys[len(a.keys)-1]; last.t < from {
		a.keys = append(a.keys, svgKey{from, last.row, last.col})
	}
	a.keys = append(a.keys, svgKey{to, row, col})
}

// An svgPicture is a solution ready to draw.
type svgPicture struct {
	rows, cols int
	actors     []svgActor
	moves      int // the moves animated
	total      int // the moves of the whole solution
	opts       SVG
	mark       string // an element drawn over the pieces: the goal's, or ""
}

// check refuses, as function fn, settings out of range.
func (s SVG) check(fn string) error {
	switch {
	case s.MaxMoves < 0:
		return errorf(fn, ErrOption, "SVG.MaxMoves %d: want 0 (the default) or more", s.MaxMoves)
	case s.TotalMoves < 0:
		return errorf(fn, ErrOption, "SVG.TotalMoves %d: want 0 or more", s.TotalMoves)
	case !(s.MoveSeconds >= 0) || math.IsInf(s.MoveSeconds, 1):
		return errorf(fn, ErrOption, "SVG.MoveSeconds %v: want 0 (the default) or a finite number of seconds", s.MoveSeconds)
	}
	return nil
}

// newSVGPicture returns the picture of a rows x cols solution of n moves,
// drawn as s says, its moves capped.
func newSVGPicture(rows, cols, n int, s SVG) *svgPicture {
	p := &svgPicture{rows: rows, cols: cols, opts: s}
	if p.opts.MaxMoves == 0 {
		p.opts.MaxMoves = DefaultSVGMoves
	}
	if p.opts.MoveSeconds == 0 {
		p.opts.MoveSeconds = 0.4
	}
	p.moves, p.total = min(n, p.opts.MaxMoves), max(n, p.opts.TotalMoves)
	return p
}

// Layout, in units of a hundredth of a cell.
const (
	svgCell   = 100 // a cell
	svgGap    = 4   // between tiles
	svgBorder = 12  // around the tray
	svgStart  = 0.8 // seconds the start is shown before the first move
	svgEnd    = 2.0 // seconds the goal is shown before the animation starts again
)

// write draws the picture on w.
func (p *svgPicture) write(w io.Writer) error {
	bw := bufio.NewWriter(w)
	px := min(80, max(28, 900/max(p.rows, p.cols))) // pixels a cell
	unit := float64(svgCell) / float64(px)          // units a pixel
	font := 18 * unit                               // the header's font size: 18 pixels
	lines := 1
	if p.opts.Title != "" {
		lines++
	}
	if p.moves < p.total {
		lines++
	}
	header := float64(lines)*font*1.4 + font*0.6
	tray := float64(p.cols*svgCell + 2*svgBorder)
	longest := len(p.note()) // the header's longest line, in characters
	longest = max(longest, len([]rune(p.opts.Title)), len("Start, "+strconv.Itoa(p.total)+" moves to go"))
	width := max(tray, 0.6*font*float64(longest)+2*svgBorder)
	height := header + float64(p.rows*svgCell+2*svgBorder)
	dur := svgStart + float64(p.moves)*p.opts.MoveSeconds + svgEnd
	at := func(t float64) float64 { return (svgStart + t*p.opts.MoveSeconds) / dur } // the key time of t moves

	printf(bw, `<?xml version="1.0" encoding="UTF-8"?>`+"\n")
	printf(bw, `<svg xmlns="http://www.w3.org/2000/svg" width="%s" height="%s" viewBox="0 0 %s %s" font-family="sans-serif">`+"\n",
		num(width/unit), num(height/unit), num(width), num(height))
	title := p.opts.Title
	if title == "" {
		title = strconv.Itoa(p.total) + " moves"
	}
	printf(bw, "<title>%s</title>\n", escape(title))
	printf(bw, "<style>.tray{fill:#444}.tile rect{fill:#f3e2b3;stroke:#8a6d2b;stroke-width:2}"+
		".tile text{fill:#222;font-weight:bold;text-anchor:middle;dominant-baseline:central}"+
		".head{fill:#222;font-size:%spx}</style>\n", num(font))
	y := font * 1.4
	if p.opts.Title != "" {
		printf(bw, `<text class="head" x="%s" y="%s">%s</text>`+"\n", num(svgBorder), num(y), escape(p.opts.Title))
		y += font * 1.4
	}
	p.writeCounter(bw, y, dur, at)
	if p.moves < p.total {
		y += font * 1.4
		printf(bw, `<text class="head note" x="%s" y="%s">%s</text>`+"\n", num(svgBorder), num(y), p.note())
	}
	printf(bw, `<g transform="translate(0 %s)">`+"\n", num(header))
	printf(bw, `<rect class="tray" width="%s" height="%s" rx="%d"/>`+"\n", num(tray), num(height-header), svgBorder)
	for _, a := range p.actors {
		p.writeActor(bw, a, dur, at)
	}
	printf(bw, "%s", p.mark)
	printf(bw, "</g>\n</svg>\n")
	return bw.Flush()
}

// note returns the note of a picture that shows only the first moves, or
// "".
func (p *svgPicture) note() string {
	if p.moves == p.total {
		return ""
	}
	return "Showing the first " + strconv.Itoa(p.moves) + " of " + strconv.Itoa(p.total) + " moves."
}

// writeCounter writes the move counter at height y: one text for each
// count, visible while it holds.
func (p *svgPicture) writeCounter(w *bufio.Writer, y, dur float64, at func(float64) float64) {
	for k := 0; k <= p.moves; k++ {
		text := "Start, " + strconv.Itoa(p.total) + " moves to go"
		if k > 0 {
			text = "Move " + strconv.Itoa(k) + " of " + strconv.Itoa(p.total)
		}
		visibility := "hidden"
		if k == 0 {
			visibility = "visible"
		}
		printf(w, `<text class="head counter" x="%s" y="%s" visibility="%s" data-move="%d">%s`,
			num(svgBorder), num(y), visibility, k, text)
		if p.moves > 0 { // on from the start of move k to the start of move k+1
			switch on, off := at(float64(k-1)), at(float64(k)); {
			case k == 0:
				printf(w, `<animate attributeName="visibility" values="visible;hidden" keyTimes="0;%s"`, num(off))
			case k == p.moves:
				printf(w, `<animate attributeName="visibility" values="hidden;visible" keyTimes="0;%s"`, num(on))
			default:
				printf(w, `<animate attributeName="visibility" values="hidden;visible;hidden" keyTimes="0;%s;%s"`, num(on), num(off))
			}
			printf(w, ` calcMode="discrete" dur="%ss" repeatCount="indefinite"/>`, num(dur))
		}
		printf(w, "</text>\n")
	}
}

// writeActor writes one tile or piece, with its animation if it moves.
func (p *svgPicture) writeActor(w *bufio.Writer, a svgActor, dur float64, at func(float64) float64) {
	pos := func(k svgKey) string {
		return num(float64(svgBorder+k.col*svgCell)) + " " + num(float64(svgBorder+k.row*svgCell))
	}
	wide, high := a.w*svgCell-svgGap, a.h*svgCell-svgGap
	size := float64(min(wide, high))
	font := min(0.5*size, 1.6*size/float64(max(1, len([]rune(a.label))))) // the label fits its cell
	printf(w, `<g class="tile" data-label="%s" transform="translate(%s)">`, escape(a.label), pos(a.keys[0]))
	fill := ""
	if a.fill != "" {
		fill = ` style="fill:` + a.fill + `"`
	}
	printf(w, `<rect x="%d" y="%d" width="%d" height="%d" rx="%d"%s/>`, svgGap/2, svgGap/2, wide, high, svgCell/10, fill)
	printf(w, `<text x="%s" y="%s" font-size="%s">%s</text>`,
		num(float64(a.w*svgCell)/2), num(float64(a.h*svgCell)/2), num(font), escape(a.label))
	if len(a.keys) > 1 {
		keys := a.keys
		if keys[len(keys)-1].t < float64(p.moves) {
			last := keys[len(keys)-1]
			keys = append(keys, svgKey{float64(p.moves), last.row, last.col})
		}
		values := make([]string, 0, len(keys)+2)
		times := make([]string, 0, len(keys)+2)
		values, times = append(values, pos(keys[0])), append(times, "0")
		for _, k := range keys {
			values, times = append(values, pos(k)), append(times, num(at(k.t)))
		}
		values, times = append(values, pos(keys[len(keys)-1])), append(times, "1")
		printf(w, `<animateTransform attributeName="transform" type="translate" values="%s" keyTimes="%s" dur="%ss" repeatCount="indefinite"/>`,
			strings.Join(values, ";"), strings.Join(times, ";"), num(dur))
	}
	printf(w, "</g>\n")
}

// printf writes to w, which keeps the first error for Flush.
func printf(w *bufio.Writer, format string, args ...any) { fmt.Fprintf(w, format, args...) }

// num formats a number of the drawing: at most 6 decimals, no trailing
// zeros.
func num(v float64) string { return strconv.FormatFloat(math.Round(v*1e6)/1e6, 'f', -1, 64) }

// escape escapes text for XML.
func escape(s string) string {
	var sb strings.Builder
	xml.EscapeText(&sb, []byte(s))
	return sb.String()
}

// WriteBlocks is [SVG.Write] for a [BlockSolution]'s positions, its Goal
// marked.
func (s SVG) WriteBlocks(w io.Writer, positions []Blocks) error {
	const fn = "SVG.WriteBlocks"
	if err := s.check(fn); err != nil {
		return err
	}
	if len(positions) == 0 || !positions[0].IsValid() {
		return errorf(fn, ErrMismatch, "no positions to draw")
	}
	start := positions[0]
	pic := newSVGPicture(start.Rows(), start.Cols(), len(positions)-1, s)
	positions = positions[:pic.moves+1]
	names := make([]rune, start.NumPieces())
	for i := range names {
		names[i] = start.Name(i)
	}
	for i, p := range start.Pieces() {
		fill := "hsl(" + strconv.Itoa(i*137%360) + ",60%,78%)"
		switch {
		case i == 0:
			fill = "#e05050"
		case p.Motion == Fixed:
			fill = "#999"
		}
		pic.actors = append(pic.actors, svgActor{label: string(names[i]), fill: fill, w: p.Width, h: p.Height,
			keys: []svgKey{{0, p.Row, p.Col}}})
	}
	pic.mark = goalMark(start, pic.opts.Goal)
	for k := 1; k < len(positions); k++ {
		piece, slides, ok := blockMoveBetween(positions[k-1], positions[k])
		if !ok {
			return errorf(fn, ErrMismatch, "positions %d and %d are not one move apart", k-1, k)
		}
		cells := 0
		for _, s := range slides {
			cells += s.Cells
		}
		p, done := positions[k-1].Piece(piece), 0
		for _, s := range slides { // each slide takes its share of the move's time
			dr, dc := s.Dir.offset()
			p.Row, p.Col = p.Row+dr*s.Cells, p.Col+dc*s.Cells
			from := float64(k-1) + float64(done)/float64(cells)
			done += s.Cells
			pic.actors[piece].moveTo(from, float64(k-1)+float64(done)/float64(cells), p.Row, p.Col)
		}
	}
	return pic.write(w)
}

// goalMark returns the element that marks goal g on the picture of b:
// a red bar on the tray's right edge for the last column, a dashed red
// outline for a place, "" for a predicate.
func goalMark(b Blocks, g BlockGoal) string {
	g = g.resolve(b)
	switch {
	case g.match != nil:
		return ""
	case g.at:
		p := b.Piece(g.piece)
		return fmt.Sprintf(`<rect class="goal" x="%d" y="%d" width="%d" height="%d" rx="%d" fill="none" stroke="#e05050" stroke-width="6" stroke-dasharray="16 10"/>`+"\n",
			svgBorder+g.col*svgCell, svgBorder+g.row*svgCell, p.Width*svgCell, p.Height*svgCell, svgCell/10)
	}
	p, first, last := b.Piece(0), 0, b.Rows()
	if !p.Motion.allows(Up) {
		first, last = p.Row, p.Row+p.Height
	}
	return fmt.Sprintf(`<rect class="exit" x="%d" y="%d" width="%d" height="%d" fill="#e05050"/>`+"\n",
		svgBorder+b.Cols()*svgCell, svgBorder+first*svgCell, svgBorder, (last-first)*svgCell)
}

// blockMoveBetween returns the piece that moves from a to b and its path,
// straight or of the fewest straight slides; ok is false if a and b are
// not one piece's move apart.
func blockMoveBetween(a, b Blocks) (piece int, slides []BlockSlide, ok bool) {
	if a.Rows() != b.Rows() || a.Cols() != b.Cols() || a.NumPieces() != b.NumPieces() {
		return 0, nil, false
	}
	piece = -1
	for i := range a.NumPieces() {
		p, q := a.Piece(i), b.Piece(i)
		if p == q {
			continue
		}
		if piece >= 0 || p.Width != q.Width || p.Height != q.Height || p.Motion != q.Motion {
			return 0, nil, false
		}
		piece = i
	}
	if piece < 0 {
		return 0, nil, false
	}
	p, q := a.Piece(piece), b.Piece(piece)
	slides = straight(p.Row, p.Col, q.Row, q.Col)
	if p.Row != q.Row && p.Col != q.Col {
		slides = nil
	}
	next, ok := a.Move(BlockMove{Piece: piece, Slides: slides})
	if !ok {
		slides = fewestSlides(a, piece, q.Row, q.Col)
		next, ok = a.Move(BlockMove{Piece: piece, Slides: slides})
	}
	return piece, slides, ok && next == b
}

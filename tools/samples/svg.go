package main

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"math"
	"slices"
)

// The plot's canvas and the margins around its axes, in pixels.
const (
	plotW, plotH                    = 720, 400
	marginL, marginR, marginT, marB = 70, 230, 40, 50
)

// A series is one line of the plot: a sample's ratio at each budget.
type series struct {
	Label  string
	Points [][2]float64 // budget in seconds, length/reference; budgets ascending
}

// plotSeries returns a line a sample from sums, leaving out groups where
// no board answered.
func plotSeries(sums []summary) []series {
	var out []series
	index := map[string]int{}
	for _, s := range sums {
		if s.Boards == 0 {
			continue
		}
		i, ok := index[s.Sample]
		if !ok {
			i = len(out)
			index[s.Sample] = i
			out = append(out, series{Label: fmt.Sprintf("%d x %d (%s)", s.Size, s.Size, s.Sample)})
		}
		out[i].Points = append(out[i].Points, [2]float64{s.Budget, s.Ratio})
	}
	for i := range out {
		slices.SortFunc(out[i].Points, func(a, b [2]float64) int { return cmpFloat(a[0], b[0]) })
	}
	return out
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// colors of the lines, in turn.
var colors = []string{"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b"}

// writeSVG draws the lines of ss as an SVG picture: the budget on a log
// scale across, length over the reference up, a dashed line at 1.0 for
// the reference (DeepCubeA's lengths), each point labelled with its value.
func writeSVG(w io.Writer, title string, ss []series) error {
	var npts int
	lo, hi := math.Inf(1), math.Inf(-1) // budgets
	ylo, yhi := 1.0, 1.0
	for _, s := range ss {
		for _, p := range s.Points {
			if !(p[0] > 0) || math.IsInf(p[0], 0) || math.IsNaN(p[1]) || math.IsInf(p[1], 0) {
				return fmt.Errorf("plot: bad point (%v s, %v) in %s", p[0], p[1], s.Label)
			}
			npts++
			lo, hi = min(lo, p[0]), max(hi, p[0])
			ylo, yhi = min(ylo, p[1]), max(yhi, p[1])
		}
	}
	if npts == 0 {
		return fmt.Errorf("plot: no points")
	}
	// Pad the ranges so that the end points sit inside the axes.
	lx, hx := math.Log10(lo)-0.15, math.Log10(hi)+0.15
	step := yStep(yhi - ylo)
	ylo = math.Floor((ylo-step/4)/step) * step
	yhi = math.Ceil((yhi+step/4)/step) * step
	x := func(b float64) float64 {
		return marginL + (math.Log10(b)-lx)/(hx-lx)*(plotW-marginL-marginR)
	}
	y := func(r float64) float64 {
		return plotH - marB - (r-ylo)/(yhi-ylo)*(plotH-marginT-marB)
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="12">`+"\n", plotW, plotH, plotW, plotH)
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="white"/>`+"\n", plotW, plotH)
	text(&b, plotW/2-marginR/2+marginL/2, 22, "middle", `font-size="14"`, title)
	// Axes, ticks and grid.
	x0, x1, y0, y1 := float64(marginL), float64(plotW-marginR), float64(plotH-marB), float64(marginT)
	fmt.Fprintf(&b, `<path d="M%.1f %.1fV%.1fH%.1f" fill="none" stroke="black"/>`+"\n", x0, y1, y0, x1)
	for v := ylo; v <= yhi+step/2; v += step {
		fmt.Fprintf(&b, `<path d="M%.1f %.1fH%.1f" stroke="#ddd"/>`+"\n", x0, y(v), x1)
		text(&b, x0-6, y(v)+4, "end", "", fmt.Sprintf("%.*f", yDigits(step), v))
	}
	var budgets []float64
	for _, s := range ss {
		for _, p := range s.Points {
			budgets = append(budgets, p[0])
		}
	}
	slices.Sort(budgets)
	for _, v := range slices.Compact(budgets) {
		fmt.Fprintf(&b, `<path d="M%.1f %.1fv5" stroke="black"/>`+"\n", x(v), y0)
		text(&b, x(v), y0+18, "middle", "", budgetString(v))
	}
	text(&b, (x0+x1)/2, plotH-10, "middle", "", "budget a board (-time, log scale)")
	fmt.Fprintf(&b, `<text x="16" y="%.1f" text-anchor="middle" transform="rotate(-90 16 %.1f)">length / DeepCubeA's length</text>`+"\n", (y0+y1)/2, (y0+y1)/2)
	// The reference.
	fmt.Fprintf(&b, `<path d="M%.1f %.1fH%.1f" stroke="black" stroke-dasharray="6 4"/>`+"\n", x0, y(1), x1)
	text(&b, x1+6, y(1)+4, "start", "", "DeepCubeA")
	// The lines, their points and the legend.
	for i, s := range ss {
		c := colors[i%len(colors)]
		fmt.Fprintf(&b, `<g stroke="%s" fill="%s">`+"\n", c, c)
		if len(s.Points) > 1 {
			b.WriteString(`<polyline fill="none" stroke-width="2" points="`)
			for j, p := range s.Points {
				if j > 0 {
					b.WriteByte(' ')
				}
				fmt.Fprintf(&b, "%.1f,%.1f", x(p[0]), y(p[1]))
			}
			b.WriteString("\"/>\n")
		}
		for _, p := range s.Points {
			fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="3.5"/>`+"\n", x(p[0]), y(p[1]))
			text(&b, x(p[0])+6, y(p[1])-7, "start", `stroke="none"`, fmt.Sprintf("%.3f", p[1]))
		}
		ly := marginT + 20*float64(i) + 30
		fmt.Fprintf(&b, `<path d="M%.1f %.1fh18" stroke-width="2"/>`+"\n", x1+6, ly)
		text(&b, x1+28, ly+4, "start", `stroke="none" fill="black"`, s.Label)
		b.WriteString("</g>\n")
	}
	b.WriteString("</svg>\n")
	_, err := w.Write(b.Bytes())
	return err
}

// text writes a text element at (x, y) anchored at anchor, with the
// extra attributes attrs, s escaped.
func text(b *bytes.Buffer, x, y float64, anchor, attrs, s string) {
	fmt.Fprintf(b, `<text x="%.1f" y="%.1f" text-anchor="%s"`, x, y, anchor)
	if attrs != "" {
		b.WriteString(" " + attrs)
	}
	b.WriteByte('>')
	xml.EscapeText(b, []byte(s))
	b.WriteString("</text>\n")
}

// yStep returns a round step for the ticks of a span: 1, 2 or 5 times a
// power of ten, giving about 4 to 10 ticks.
func yStep(span float64) float64 {
	if !(span > 0) {
		return 0.01
	}
	p := math.Pow(10, math.Floor(math.Log10(span)))
	for _, m := range []float64{0.1, 0.2, 0.5, 1, 2, 5} {
		if span/(m*p) <= 8 {
			return m * p
		}
	}
	return 10 * p
}

// yDigits returns the decimals that show a multiple of step.
func yDigits(step float64) int {
	return max(0, int(math.Ceil(-math.Log10(step)-1e-9)))
}

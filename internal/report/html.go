package report

import (
	"fmt"
	"html/template"
	"io"

	"github.com/slidekit/slide"
)

// blocksPage is the web page of "slide blocks -h": the content of the text
// output, the grids as tables, with a small grid after each move.
var blocksPage = template.Must(template.New("blocks").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{{.Name}}: sliding-block puzzle</title>
<style>
body { font-family: system-ui, sans-serif; margin: 2em; color: #222; }
table.grid { border-collapse: collapse; border: 4px solid #444; margin: 0.5em 0 1em; }
table.grid td { width: 2em; height: 2em; text-align: center; font: bold 1em monospace; border: 1px solid #ddd; }
table.small td { width: 1.2em; height: 1.2em; font-size: 0.7em; }
td.moved { outline: 2px solid #000; outline-offset: -3px; }
ol.moves li { margin-bottom: 0.8em; }
.errors li, .none { color: #a00; }
</style>
</head>
<body>
<h1>{{.Name}}</h1>
{{if .Errors}}<h2>Input errors</h2>
<ul class="errors">
{{range .Errors}}<li>{{.}}</li>
{{end}}</ul>
{{end}}<h2>Start</h2>
{{template "grid" .Start}}
{{if .Unsolvable}}<p class="none">{{.Unsolvable}}</p>
{{else}}<h2>{{.Heading}}</h2>
{{if .Moves}}<ol class="moves">
{{range .Moves}}<li>{{.Text}}
{{template "grid" .Grid}}</li>
{{end}}</ol>
{{end}}<h2>Solved</h2>
{{template "grid" .Final}}
{{end}}</body>
</html>
{{define "grid"}}<table class="grid{{if .Small}} small{{end}}">
{{range .Rows}}<tr>{{range .}}<td{{if .Moved}} class="moved"{{end}}{{if .Color}} style="background: {{.Color}}"{{end}}>{{.Name}}</td>{{end}}</tr>
{{end}}</table>{{end}}
`))

type htmlBlocks struct {
	Name, Heading, Unsolvable string
	Errors                    []string
	Start, Final              htmlGrid
	Moves                     []htmlMove
}

type htmlMove struct {
	Text string
	Grid htmlGrid
}

type htmlGrid struct {
	Small bool
	Rows  [][]htmlCell
}

type htmlCell struct {
	Name  string
	Color template.CSS
	Moved bool
}

// WriteHTML writes r as the web page of "slide blocks -h": the puzzle of
// the file name, with the messages of the piece lines discarded.
func (r Blocks) WriteHTML(w io.Writer, name string, discarded []string) error {
	page := htmlBlocks{Name: name, Heading: r.Heading(), Unsolvable: r.Unsolvable, Start: htmlGridOf(r.Start, -1, false), Errors: discarded}
	if r.Unsolvable == "" {
		for i, m := range r.Sol.Moves {
			page.Moves = append(page.Moves, htmlMove{Text: m.String(), Grid: htmlGridOf(r.Sol.Positions[i+1], m.Piece, true)})
		}
		page.Final = htmlGridOf(r.Sol.Positions[r.Sol.Len()], -1, false)
	}
	return blocksPage.Execute(w, page)
}

// htmlGridOf returns the cells of b, the piece moved (if not -1) marked: the
// goal piece red, fixed pieces grey, the others in colors by number.
func htmlGridOf(b slide.Blocks, moved int, small bool) htmlGrid {
	g := htmlGrid{Small: small}
	for r := range b.Rows() {
		row := make([]htmlCell, b.Cols())
		for c := range row {
			i := b.At(r, c)
			switch {
			case i < 0:
				continue
			case i == 0:
				row[c].Color = "#e05050"
			case b.Piece(i).Motion == slide.Fixed:
				row[c].Color = "#888"
			default:
				row[c].Color = template.CSS(fmt.Sprintf("hsl(%d, 60%%, 78%%)", i*137%360))
			}
			row[c].Name, row[c].Moved = string(b.Name(i)), i == moved
		}
		g.Rows = append(g.Rows, row)
	}
	return g
}

package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"github.com/slidekit/slide"
	"github.com/slidekit/slide/internal/outfile"
	"github.com/slidekit/slide/internal/report"
)

// blocksHelp returns the text of "slide blocks -help".
func blocksHelp() string { return fmt.Sprintf(blocksUsage, slide.DefaultSVGMoves, memoryText(0)) }

// blocksUsage is blocksHelp's text, the moves an SVG picture shows and the
// default memory bound after %d and %s.
const blocksUsage = `usage: slide blocks [-h] [-json] [-svg PICTURE] [-metric straight|step|piece] [-max-memory SIZE] FILE
       slide blocks [-json] [-svg PICTURE] [-metric straight|step|piece] [-max-memory SIZE] -rush STRING
       slide blocks -unsolve [-metric straight|step|piece] [-max-memory SIZE] FILE | -rush STRING

Blocks prints a shortest solution of the sliding-block puzzle in FILE: one
line "rows cols", then a line "row col width height motion [name]" per
piece (rows and columns from 1; motion h, v, b or n; name, if given, a
letter or digit), the goal piece first; lines that start with # are
comments. The goal piece must reach the last column; on Klotski's board (5
rows, 4 columns, a 2 x 2 goal piece) it must reach the bottom middle, row 4,
column 2, as in the classic puzzle.

The output has four parts: a message for each piece line discarded (outside
the grid, a bad letter, overlapping an earlier piece, a name another piece
has, malformed), the first 10 of them and then their count, the start grid,
the numbered moves (or a message that there is no solution), and the final
grid. Pieces keep the names the file gives them; fixed pieces may share
one. A piece without a name is named Z (the goal piece), then 1-9, a-z,
A-Y in the order of the file, then the letters from U+00C0 on (À Á Â ...),
skipping names the file gives.

With -rush, STRING is a Rush Hour position in the 36-character notation
(6 x 6, row by row: . or o empty, x a wall, A the red car, which leaves by
the right edge, other capital letters cars and trucks); the pieces keep
their letters, the walls are x.

With -unsolve, blocks prints instead the position of the puzzle farthest
from every solved one (of those its moves reach; the first found of
several), its distance proven by a breadth-first search from all the
solved positions at once, in the form blocks reads: a comment line "# N
straight moves: ..." that gives the length of its shortest solution, then
the puzzle, so that "slide blocks -" solves it. "slide random -blocks
FILE -moves N" deals a position N moves from solved.

With -json, blocks prints one JSON object on one line instead: "start"
(the puzzle in the file format, without comments), "goal" (in words),
"solvable", "metric"; for a puzzle it solves "length", "optimal" (true),
"lower_bound", "moves" (an array of {"piece": name, "dir": up, down, left
or right, "distance": cells}, one a straight slide: under -metric piece
one move may be several slides of one piece in a row); "algorithm",
"expanded" and "generated" (positions); "seconds". Discarded piece lines
and errors then go to standard error.

The page and the picture go to a new file, or replace a regular file whole;
a link, a device, a FIFO, a socket, a folder, a file of several hard links,
a read-only file and FILE itself are refused, before any work.

Flags:
  -h        also write the solution as a web page: FILE with the extension
            .html, or blocks.html in the current folder when FILE is -
            (standard input) (-help shows this text)
  -json     print the result as one JSON object (see above)
  -svg      also draw the solution as an animated SVG picture in the file
            PICTURE (the first %d moves of a longer one)
  -max-memory SIZE
            bound the memory of the search: bytes, or a number with a unit
            B, KB, MB, GB, TB (powers of 1000) or KiB, MiB, GiB, TiB (powers
            of 1024), such as 512MiB, or "none" (default %s)
  -metric   what one move is: straight, one piece any distance in
            one direction (the default); step, one piece one cell; piece,
            one piece along any path
  -rush     solve the Rush Hour position STRING instead of a file
  -unsolve  print the position farthest from solved instead (see above)
`

// runBlocks is the "blocks" command.
func runBlocks(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("blocks", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	html := fs.Bool("h", false, "")
	metricName := fs.String("metric", slide.StraightMoves.String(), "")
	rush := fs.String("rush", "", "")
	asJSON := fs.Bool("json", false, "")
	svg := fs.String("svg", "", "")
	unsolve := fs.Bool("unsolve", false, "")
	mem := addMemoryFlag(fs)
	var files []string
	for { // flags may follow the file name
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				fmt.Fprint(stdout, blocksHelp())
				return 0
			}
			return blocksUsageError(stderr, err.Error())
		}
		if fs.NArg() == 0 {
			break
		}
		files, args = append(files, fs.Arg(0)), fs.Args()[1:]
	}
	rushGiven := false // -rush "" is a position too, an empty one
	fs.Visit(func(f *flag.Flag) { rushGiven = rushGiven || f.Name == "rush" })
	metric, err := slide.ParseBlockMetric(*metricName)
	if err != nil {
		return blocksUsageError(stderr, "-metric: "+message(err))
	}
	var (
		name      string // the file's name, or the -rush position's
		shown     string // name in messages
		puzzle    slide.Blocks
		discarded []string // the messages of the piece lines discarded
	)
	out := bufio.NewWriter(stdout)
	switch {
	case *unsolve && (*asJSON || *svg != "" || *html):
		return blocksUsageError(stderr, "-unsolve prints a puzzle: not with -json, -svg or -h")
	case rushGiven && len(files) > 0:
		return blocksUsageError(stderr, "give a FILE or -rush STRING, not both")
	case rushGiven && *html:
		return blocksUsageError(stderr, "-h writes FILE.html: it needs a FILE, not -rush")
	case rushGiven:
		name = "Rush Hour " + *rush
		shown = name
		if err := checkOutputs([]output{{"-svg", *svg}}, nil, stdin, stdout); err != nil {
			return failure(stderr, "blocks", "%v", err)
		}
		if puzzle, err = slide.ParseRushHour(*rush); err != nil {
			return failure(stderr, "blocks", "-rush: %s", message(err))
		}
	case len(files) != 1:
		return blocksUsageError(stderr, fmt.Sprintf("want one FILE, got %d", len(files)))
	case *html && filepath.Ext(files[0]) == ".html":
		return blocksUsageError(stderr, fmt.Sprintf("-h would write the page over %s itself", files[0]))
	default:
		name = files[0]
		outs := []output{{"-svg", *svg}}
		if *html {
			outs = append(outs, output{"-h", pageName(name)})
		}
		if err := checkOutputs(outs, files, stdin, stdout); err != nil {
			return failure(stderr, "blocks", "%v", err)
		}
		puzzle, shown, err = readBlocks(name, stdin)
		var lines *slide.DiscardError // the puzzle holds the lines not discarded, if any
		if errors.As(err, &lines) {
			discarded = report.Discarded(lines, func(err error) string { return oneLine("%s", message(err)) })
			if puzzle.IsValid() {
				err = nil
			}
			w := io.Writer(out)
			if *asJSON {
				w = stderr
			}
			for _, msg := range discarded {
				fmt.Fprintf(w, "%s: %s\n", shown, msg)
			}
		}
		if err != nil {
			out.Flush()
			var bad *slide.Error // a puzzle the file holds is wrong; else the file could not be opened
			if errors.As(err, &bad) {
				return failure(stderr, "blocks", "%s: %s", shown, message(err))
			}
			return failure(stderr, "blocks", "%v", err)
		}
	}
	if *unsolve {
		return unsolveBlocks(out, stderr, shown, puzzle, metric, mem.limits())
	}
	began := time.Now()
	r, err := report.SolveBlocks(context.Background(), puzzle, metric, mem.limits())
	if err != nil {
		out.Flush()
		return failure(stderr, "blocks", "%s: %s", shown, message(err))
	}
	if *asJSON {
		rep := r.Report()
		rep.Since(began)
		report.WriteJSON(out, rep)
	} else {
		r.WriteText(out)
	}
	if *svg != "" {
		shown := "Rush Hour"
		if !rushGiven {
			shown = inputName(name)
		}
		if err := writeBlocksSVG(*svg, shown, r, stderr); err != nil {
			out.Flush()
			return failure(stderr, "blocks", "-svg: %v", err)
		}
	}
	if *html {
		page := pageName(name)
		if err := writeBlocksPage(page, inputName(name), discarded, r); err != nil {
			out.Flush()
			return failure(stderr, "blocks", "-h: %v", err)
		}
		fmt.Fprintf(stderr, "slide blocks: wrote %s\n", page)
	}
	return finish(out, stderr, "blocks", exitOK)
}

// unsolveBlocks writes the position of puzzle farthest from solved (see
// slide.BlockSolver.Farthest), after a comment line giving its length.
func unsolveBlocks(out *bufio.Writer, stderr io.Writer, shown string, puzzle slide.Blocks, metric slide.BlockMetric, lim slide.Limits) int {
	ctx, stop := interruptible()
	defer stop()
	sol, err := slide.BlockSolver{Metric: metric, Limits: lim}.Farthest(ctx, puzzle)
	if sig := stop(); sig != nil {
		out.Flush()
		return stopped(stderr, "blocks", sig, "no puzzle printed")
	}
	if err != nil {
		out.Flush()
		return failure(stderr, "blocks", "%s: %s", shown, message(err))
	}
	writeBlocksLength(out, sol)
	out.WriteString(sol.Positions[0].String())
	return finish(out, stderr, "blocks", exitOK)
}

// readBlocks reads the puzzle in the file name (stdin for -), past a byte
// order mark, with slide.ReadBlocks: a puzzle and a *slide.DiscardError
// if piece lines were discarded. It returns the file's name in messages
// too (see openInput).
func readBlocks(name string, stdin io.Reader) (b slide.Blocks, shown string, err error) {
	r, shown, done, err := openInput(name, stdin)
	if err != nil {
		return slide.Blocks{}, shown, err
	}
	defer done()
	b, err = slide.ReadBlocks(r)
	return b, shown, err
}

// pageName returns the name of the web page of the puzzle file name: the
// file's with the extension .html, as the classic program names it, or
// blocks.html, after the command, for standard input, which has no name.
func pageName(name string) string {
	if isStdin(name) {
		return "blocks.html"
	}
	return strings.TrimSuffix(name, filepath.Ext(name)) + ".html"
}

// writeBlocksPage writes the web page of r to the file page (see
// outfile.Write).
func writeBlocksPage(page, name string, discarded []string, r report.Blocks) error {
	return outfile.Write(page, func(w io.Writer) error {
		return writeBlocksHTML(w, name, discarded, r)
	})
}

// blocksUsageError reports a mistake in the command line, on one line.
func blocksUsageError(stderr io.Writer, msg string) int {
	fmt.Fprintf(stderr, "slide blocks: %s (run \"slide blocks -help\" for usage)\n", oneLine("%s", msg))
	return exitUsage
}

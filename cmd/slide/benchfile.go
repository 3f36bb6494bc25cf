package main

import (
	"errors"
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/slidekit/slide"
	"github.com/slidekit/slide/internal/input"
)

// parseBench reads the instances of a bench file from text (see
// scanBench).
func parseBench(text string) ([]benchInstance, error) {
	return scanBench(strings.NewReader(text))
}

// scanBench reads the instances of a bench file: lines "id optimal t0 ...
// tN-1", with blank lines and # comments. It reads a field at a time and
// stops at a line of more tiles than the largest square board has, so its
// memory is bounded by the instances, not by the length of a line or a
// comment. A failed read is an error wrapping errRead.
func scanBench(r io.Reader) ([]benchInstance, error) {
	var out []benchInstance
	in := input.NewScanner(r, nil)
	for first, ok := in.Next(); ok; first, ok = in.Next() {
		if strings.HasPrefix(first.Text, "#") {
			in.SkipLine()
			continue
		}
		inst, err := scanBenchLine(in, first)
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", first.Line, err)
		}
		out = append(out, inst)
	}
	if err := in.Err(); err != nil {
		return nil, fmt.Errorf("%w: %v", errRead, err)
	}
	if len(out) == 0 {
		return nil, errors.New("no instances")
	}
	return out, nil
}

// scanBenchLine reads the instance of the line that starts with the field
// first.
func scanBenchLine(in *input.Scanner, first input.Field) (benchInstance, error) {
	fields := []input.Field{first}
	for f, ok := in.Peek(); ok && f.Line == first.Line; f, ok = in.Peek() {
		if len(fields) == 2+maxSide*maxSide {
			return benchInstance{}, fmt.Errorf("more than %d tiles: the largest board is %d x %d", maxSide*maxSide, maxSide, maxSide)
		}
		fields = append(fields, f)
		in.Next()
	}
	if len(fields) < 4 {
		return benchInstance{}, fmt.Errorf("want id, optimal length and tiles, got %d fields", len(fields))
	}
	if first.Clipped() {
		return benchInstance{}, fmt.Errorf("id %s is longer than %d bytes", first.Quote(), input.MaxField)
	}
	optimal, ok := fieldInt(fields[1])
	if !ok || optimal < 0 {
		return benchInstance{}, fmt.Errorf("optimal length %s is not a number of moves", fields[1].Quote())
	}
	tiles := make([]int, len(fields)-2)
	for j, f := range fields[2:] {
		if tiles[j], ok = fieldInt(f); !ok {
			return benchInstance{}, fmt.Errorf("tile %s is not an integer", f.Quote())
		}
	}
	n := int(math.Sqrt(float64(len(tiles))))
	if n*n != len(tiles) {
		return benchInstance{}, fmt.Errorf("%d tiles do not make a square board", len(tiles))
	}
	b, err := slide.New(n, n, tiles)
	if err != nil {
		return benchInstance{}, errors.New(message(err))
	}
	return benchInstance{first.Text, optimal, b}, nil
}

package hintform

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slidekit/slide"
	"github.com/slidekit/slide/internal/input/inputtest"
	"github.com/slidekit/slide/internal/nilsson"
)

// parseHintInput reads hint's input from text and returns every
// configuration.
func parseHintInput(text string) ([]Config, error) {
	var configs []Config
	err := Scan(strings.NewReader(text), func(_ int, c Config) error { configs = append(configs, c); return nil })
	return configs, err
}

// FuzzHintInput checks that hint's parser never panics, and that what it
// accepts prints without panicking.
func FuzzHintInput(f *testing.F) {
	for _, name := range []string{"sample1.in", "sample2.in", "sample3.in"} {
		data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "hint", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(data))
	}
	f.Add("1 1 1 0")
	f.Add("1 2 2 1 2 2 0")
	f.Add("1\r2 2\r1 2 3 0\r")
	f.Add("1 2 2 1 2 3 0 \x00")
	f.Fuzz(func(t *testing.T, in string) {
		configs, err := parseHintInput(in)
		if _, cerr := inputtest.ControlIn(in); cerr != nil && err == nil {
			t.Fatalf("%q: accepted, past %v", in, cerr)
		}
		if err != nil {
			return
		}
		for k, c := range configs {
			if len(c.Tiles) != c.Rows*c.Cols {
				t.Fatalf("configuration %d: %d tiles for %d x %d", k+1, len(c.Tiles), c.Rows, c.Cols)
			}
			for _, goal := range []slide.Board{slide.Goal(c.Rows, c.Cols), nilsson.SpiralGoal(c.Rows, c.Cols)} {
				Write(io.Discard, k+1, c, nilsson.Value(goal, true))
			}
		}
	})
}

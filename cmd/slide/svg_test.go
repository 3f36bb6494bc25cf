package main

import (
	"bytes"
	"encoding/xml"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

var updateDocs = flag.Bool("update-docs", false, "rewrite the pictures under docs/ (as go generate does)")

// svgSummary parses the picture in the file path as XML and returns its
// title, the number of tiles or pieces it draws, and its texts.
func svgSummary(t *testing.T, path string) (title string, tiles int, text string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	dec := xml.NewDecoder(bytes.NewReader(data))
	var in []string // the elements open
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("%s: not XML: %v", path, err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			in = append(in, tok.Name.Local)
			for _, a := range tok.Attr {
				if tok.Name.Local == "g" && a.Name.Local == "class" && a.Value == "tile" {
					tiles++
				}
			}
			if tok.Name.Local == "script" {
				t.Errorf("%s: a script", path)
			}
		case xml.EndElement:
			in = in[:len(in)-1]
		case xml.CharData:
			if len(in) == 0 {
				continue
			}
			switch in[len(in)-1] {
			case "title":
				title = string(tok)
			case "text":
				text += string(tok) + "\n"
			}
		}
	}
	return title, tiles, text
}

// TestSolveSVG checks solve -svg: a picture of the solution, a note for
// a long one, a picture of the start for an unsolvable board, and an
// error for a file it cannot write.
func TestSolveSVG(t *testing.T) {
	dir := t.TempDir()
	pic := filepath.Join(dir, "p.svg")
	stdout, stderr, status := runSlide("", "solve", "-count", "-svg", pic, testdata("solve/puzzle3x3-31.txt"))
	if status != 0 || stdout != "31\n" || stderr != "" {
		t.Fatalf("status %d, stdout %q, stderr %q", status, stdout, stderr)
	}
	if title, tiles, text := svgSummary(t, pic); title != "puzzle3x3-31.txt: 31 moves, optimal" || tiles != 8 || !strings.Contains(text, "Move 31 of 31") {
		t.Errorf("title %q, %d tiles, text %q", title, tiles, text)
	}
	// A 1 x 2000 strip: 1999 moves, of which the picture shows 500.
	words := make([]string, 2000)
	for i := range words {
		words[i] = strconv.Itoa(i)
	}
	strip := writeFile(t, dir, "strip.txt", "1 2000\n"+strings.Join(words, " ")+"\n")
	_, stderr, status = runSlide("", "solve", "-count", "-svg", pic, strip)
	if status != 0 || !oneLineWith(stderr, "slide solve: -svg: the picture shows the first 500 of the 1999 moves") {
		t.Errorf("long solution: status %d, stderr %q", status, stderr)
	}
	if _, tiles, text := svgSummary(t, pic); tiles != 1999 || !strings.Contains(text, "Showing the first 500 of 1999 moves.") || strings.Contains(text, "Move 501 ") {
		t.Errorf("long solution: %d tiles, text %.300q", tiles, text)
	}
	_, _, status = runSlide("", "solve", "-svg", pic, testdata("solve/puzzle3x3-unsolvable.txt"))
	if title, tiles, _ := svgSummary(t, pic); status != 0 || tiles != 8 || !strings.Contains(title, "no solution") {
		t.Errorf("unsolvable: status %d, title %q, %d tiles", status, title, tiles)
	}
	_, stderr, status = runSlide("", "solve", "-svg", dir, testdata("solve/puzzle04.txt"))
	if status != 1 || !oneLineWith(stderr, "slide solve: -svg: ") {
		t.Errorf("a directory as the picture: status %d, stderr %q", status, stderr)
	}
}

// TestBlocksSVG checks blocks -svg on a file and a Rush Hour string.
func TestBlocksSVG(t *testing.T) {
	pic := filepath.Join(t.TempDir(), "b.svg")
	for _, tc := range []struct {
		args  []string
		title string
		tiles int
	}{
		{[]string{"-metric", "piece", "testdata/blocks/sample.txt"}, "sample.txt: Shortest solution: 3 piece moves, piece metric", 8},
		{[]string{"-rush", "..B.CC..B...AAB...DDD..E.....E.....E"}, "Rush Hour: Shortest solution: 9 moves, straight metric", 5},
		{[]string{"testdata/blocks/unsolvable.txt"}, "unsolvable.txt: no solution", 3},
	} {
		_, stderr, status := runSlide("", append([]string{"blocks", "-svg", pic}, tc.args...)...)
		if title, tiles, _ := svgSummary(t, pic); status != 0 || stderr != "" || title != tc.title || tiles != tc.tiles {
			t.Errorf("%v: status %d, stderr %q, title %q, %d pieces", tc.args, status, stderr, title, tiles)
		}
	}
}

// TestDocsPictures checks that the pictures of the README are what
// main.go's go:generate lines make of them now (-update-docs rewrites
// them).
func TestDocsPictures(t *testing.T) {
	for _, tc := range []struct {
		file string
		args []string
	}{
		{"solve.svg", []string{"solve", "-count", "-svg", "PICTURE", testdata("solve/puzzle3x3-10.txt")}},
		{"rush.svg", []string{"blocks", "-json", "-svg", "PICTURE", "-rush", "..B.CC..B...AAB...DDD..E.....E.....E"}},
	} {
		committed := filepath.Join("..", "..", "docs", tc.file)
		made := filepath.Join(t.TempDir(), tc.file)
		if *updateDocs {
			made = committed
		}
		args := strings.Split(strings.Replace(strings.Join(tc.args, "\x00"), "PICTURE", made, 1), "\x00")
		if _, stderr, status := runSlide("", args...); status != 0 {
			t.Fatalf("%v: status %d, %s", args, status, stderr)
		}
		want, err := os.ReadFile(committed)
		if err != nil {
			t.Fatalf("%v (go generate ./cmd/slide, or go test -update-docs, writes it)", err)
		}
		if got, _ := os.ReadFile(made); !bytes.Equal(got, want) {
			t.Errorf("docs/%s is not what %v makes now: run go generate ./cmd/slide", tc.file, tc.args)
		}
	}
}

//go:build !wasm

package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/slidekit/slide/internal/testsets"
)

// fakeWasm is what the fake compiler of the tests writes.
var fakeWasm = []byte("\x00asm\x01\x00\x00\x00 not a real program")

// fakeBuilder returns a builder of a repository of its own, whose page is
// three files, whose puzzles are the repository's, and whose compiler
// writes fakeWasm.
func fakeBuilder(t *testing.T) *builder {
	t.Helper()
	root, goroot := t.TempDir(), t.TempDir()
	for name, text := range map[string]string{
		"playground/site/index.html":    "<!doctype html>",
		"playground/site/app.js":        "// app",
		"playground/site/css/style.css": "body {}",
	} {
		writeFile(t, filepath.Join(root, name), text)
	}
	blocks, err := filepath.Glob(testsets.Path("blocks/*"))
	if err != nil || len(blocks) == 0 {
		t.Fatalf("no puzzles: %v", err)
	}
	for _, f := range blocks {
		copyTo(t, f, filepath.Join(root, "testdata", "blocks", filepath.Base(f)))
	}
	writeFile(t, filepath.Join(goroot, "lib", "wasm", "wasm_exec.js"), "// wasm_exec")
	return &builder{root: root, goroot: goroot, compile: func(_ context.Context, out string) error {
		return os.WriteFile(out, fakeWasm, 0o644)
	}}
}

// writeFile writes text to the file name, making its folders.
func writeFile(t testing.TB, name, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// copyTo copies the file from to the file to, making its folders.
func copyTo(t *testing.T, from, to string) {
	t.Helper()
	data, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, to, string(data))
}

// readFile returns the contents of the file name.
func readFile(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestBuild checks what build writes: the program and its gzip, the
// page's files, wasm_exec.js, and the Klotski and Rush Hour puzzles,
// every one of them, with index.json from INDEX.md.
func TestBuild(t *testing.T) {
	b := fakeBuilder(t)
	out := filepath.Join(t.TempDir(), "out")
	if err := b.build(context.Background(), out); err != nil {
		t.Fatal(err)
	}
	if got := readFile(t, filepath.Join(out, "slide.wasm")); !bytes.Equal(got, fakeWasm) {
		t.Errorf("slide.wasm: %q", got)
	}
	zr, err := gzip.NewReader(bytes.NewReader(readFile(t, filepath.Join(out, "slide.wasm.gz"))))
	if err != nil {
		t.Fatal(err)
	}
	if got, err := io.ReadAll(zr); err != nil || !bytes.Equal(got, fakeWasm) {
		t.Errorf("slide.wasm.gz holds %q (%v)", got, err)
	}
	for name, want := range map[string]string{"index.html": "<!doctype html>", "app.js": "// app", "css/style.css": "body {}", "wasm_exec.js": "// wasm_exec"} {
		if got := string(readFile(t, filepath.Join(out, name))); got != want {
			t.Errorf("%s: %q, want %q", name, got, want)
		}
	}
	var index []puzzle
	if err := json.Unmarshal(readFile(t, filepath.Join(out, "puzzles", "index.json")), &index); err != nil {
		t.Fatal(err)
	}
	var listed []string
	for _, p := range index {
		listed = append(listed, p.File)
		if !bytes.Equal(readFile(t, filepath.Join(out, "puzzles", p.File)), readFile(t, testsets.Path("blocks/"+p.File))) {
			t.Errorf("puzzles/%s is not the puzzle", p.File)
		}
		if p.File == "klotski_hengdaolima.txt" && (p.Line != 90 || p.Piece != 81 || p.Step != 116 || !strings.HasPrefix(p.Title, "Klotski standard start as drawn")) {
			t.Errorf("Klotski's entry: %+v", p)
		}
	}
	all, _ := filepath.Glob(testsets.Path("blocks/*.txt"))
	var want []string
	for _, f := range all {
		if name := filepath.Base(f); shipped(name) {
			want = append(want, name)
		}
	}
	slices.Sort(listed)
	if !slices.Equal(listed, want) || len(want) < 10 {
		t.Errorf("index.json lists %v, want every Klotski and Rush Hour file: %v", listed, want)
	}
	files, _ := filepath.Glob(filepath.Join(out, "puzzles", "*"))
	if len(files) != len(want)+1 {
		t.Errorf("puzzles holds %d files, want %d and index.json", len(files), len(want))
	}
}

// TestBuildErrors checks that build says what is missing or failed.
func TestBuildErrors(t *testing.T) {
	b := fakeBuilder(t)
	b.compile = func(context.Context, string) error { return errors.New("compiling failed") }
	if err := b.build(context.Background(), t.TempDir()); err == nil || err.Error() != "compiling failed" {
		t.Errorf("a failed compile: %v", err)
	}
	b = fakeBuilder(t)
	os.RemoveAll(filepath.Join(b.root, "playground", "site"))
	if err := b.build(context.Background(), t.TempDir()); err == nil || !strings.Contains(err.Error(), "no folder of the page's files") {
		t.Errorf("no site: %v", err)
	}
	b = fakeBuilder(t)
	writeFile(t, filepath.Join(b.root, "testdata", "blocks", "INDEX.md"), "| rh_x.txt | a puzzle | 9 | nine | 9 | 9 |\n")
	if err := b.build(context.Background(), t.TempDir()); err == nil || !strings.Contains(err.Error(), `INDEX.md:1: the optimum "nine" is not a number`) {
		t.Errorf("a bad INDEX.md: %v", err)
	}
}

// TestRun checks the command lines that run refuses or answers at once.
func TestRun(t *testing.T) {
	for _, tc := range []struct {
		args   []string
		status int
		out    string // in stdout or stderr
	}{
		{nil, 2, "usage: go run ./playground build"},
		{[]string{"-h"}, 0, "usage:"},
		{[]string{"build", "-h"}, 0, "usage:"},
		{[]string{"bake"}, 2, `playground: unknown command "bake"`},
		{[]string{"build", "x"}, 2, "build: want at most 0 arguments after the flags, got 1"},
		{[]string{"serve", "-port", "80"}, 2, "serve: flag provided but not defined: -port"},
		{[]string{"serve", "a", "b"}, 2, "want at most 1 arguments"},
		{[]string{"serve", t.TempDir()}, 1, "holds no page"},
	} {
		var stdout, stderr bytes.Buffer
		status := run(context.Background(), tc.args, &stdout, &stderr)
		if status != tc.status || !strings.Contains(stdout.String()+stderr.String(), tc.out) {
			t.Errorf("%v: status %d, %q %q; want %d and %q", tc.args, status, stdout.String(), stderr.String(), tc.status, tc.out)
		}
	}
}

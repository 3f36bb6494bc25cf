package main

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/slidekit/slide/internal/outfile"
)

// dirNames returns the names of the files in dir.
func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

// TestWriteAtomic checks that outfile.Write, and writeSVGFile through it,
// leave exactly the file written on success, and on a failed write
// neither a truncated file nor a temporary one, and an older file as it
// was.
func TestWriteAtomic(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.svg")
	boom := errors.New("no space left on device")
	failing := func(w io.Writer) error {
		io.WriteString(w, strings.Repeat("x", 1<<16)) // past bufio's buffer: the temporary file holds some
		return boom
	}
	if err := outfile.Write(path, failing); !errors.Is(err, boom) {
		t.Fatalf("failed write: got %v, want %v", err, boom)
	}
	if err := writeSVG(path, "solve", 1, failing, io.Discard); err == nil || err.Error() != boom.Error() {
		t.Fatalf("failed picture: got %v, want %v", err, boom)
	}
	if names := dirNames(t, dir); len(names) != 0 {
		t.Fatalf("a failed write left %q", names)
	}
	if err := outfile.Write(path, func(w io.Writer) error { _, err := io.WriteString(w, "whole"); return err }); err != nil {
		t.Fatal(err)
	}
	if names := dirNames(t, dir); !slices.Equal(names, []string{"out.svg"}) {
		t.Fatalf("a write left %q, want only out.svg", names)
	}
	if err := outfile.Write(path, failing); !errors.Is(err, boom) {
		t.Fatalf("failed write: got %v, want %v", err, boom)
	}
	data, err := os.ReadFile(path)
	if names := dirNames(t, dir); err != nil || string(data) != "whole" || !slices.Equal(names, []string{"out.svg"}) {
		t.Fatalf("after a failed write over out.svg: %q (%v), files %q", data, err, names)
	}
	if st, err := os.Stat(path); err != nil || st.Mode().Perm() != 0o644 {
		t.Errorf("mode %v (%v), want 0644", st.Mode(), err)
	}
	// A path that is a folder: the rename fails, and the message names the
	// path, not the temporary file.
	sub := filepath.Join(dir, "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	err = outfile.Write(sub, func(w io.Writer) error { _, err := io.WriteString(w, "x"); return err })
	if err == nil || !strings.HasPrefix(err.Error(), sub+": ") || strings.Contains(err.Error(), ".tmp") {
		t.Errorf("writing over a folder: %v", err)
	}
	if names := dirNames(t, dir); !slices.Equal(names, []string{"out.svg", "sub"}) {
		t.Errorf("writing over a folder left %q", names)
	}
}

// TestPicturesWholeOrNot checks that solve -svg and blocks -h, when the
// file cannot be written, fail with status 1 and leave nothing behind.
func TestPicturesWholeOrNot(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root writes into read-only folders")
	}
	dir := t.TempDir()
	puzzle := filepath.Join(dir, "sample.txt")
	text, err := os.ReadFile(filepath.Join("testdata", "blocks", "sample.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(puzzle, text, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(dir, 0o555); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod(dir, 0o755)
	for _, args := range [][]string{
		{"solve", "-count", "-svg", filepath.Join(dir, "p.svg"), testdata("solve/puzzle04.txt")},
		{"blocks", "-h", puzzle},
	} {
		_, stderr, status := runSlide("", args...)
		if status != exitError || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%q: status %d, stderr %q; want status 1 and one line", args, status, stderr)
		}
		if names := dirNames(t, dir); !slices.Equal(names, []string{"sample.txt"}) {
			t.Errorf("%q left %q", args, names)
		}
	}
}

// TestHelpHelp checks that "slide help help", and help given a help flag,
// print the usage of help, not an unknown command.
func TestHelpHelp(t *testing.T) {
	var want strings.Builder
	helpUsage(&want)
	for _, args := range [][]string{{"help", "help"}, {"help", "-h"}, {"help", "-help"}, {"help", "--help"}, {"help", "help", "more"}} {
		stdout, stderr, status := runSlide("", args...)
		if status != exitOK || stderr != "" || stdout != want.String() || !strings.HasPrefix(stdout, "usage: slide help ") {
			t.Errorf("slide %q: status %d, stdout %q, stderr %q", args, status, stdout, stderr)
		}
	}
}

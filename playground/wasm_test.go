//go:build !wasm

package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/slidekit/slide/internal/testsets"
)

// memfsCalls are the functions of globalThis.fs that Go's os package
// calls when the page lists, builds, reads and searches with its tables
// (see testdata/fscalls.js): those that the page's memfs.js answers, each
// with node's arguments and a callback. read and write are called with
// the position null (sequential), open with the flags O_RDONLY and
// O_RDWR|O_CREAT|O_EXCL (a build's temporary file); unlink, which the
// runs do not call, removes the temporary file of a build that fails.
var memfsCalls = []string{"close", "fchmod", "fstat", "fsync", "lstat", "mkdir", "open", "read", "readdir", "rename", "stat", "unlink", "write"}

// TestWasm compiles the page's program for real and runs it under node
// twice, as two visits of the page, through testdata/fscalls.js: the
// first builds pdb663 into a cache of its own through Go's os package
// (node's file system standing for the page's), the second, whose memory
// holds no table, reads it from there and solves Korf's first board
// optimally. It checks the answers and that the file system functions
// called are among memfsCalls. It needs node, and is skipped without it
// unless PLAYGROUND_REQUIRE_NODE is set, and in the quick form of the tests
// (testsets.Long).
func TestWasm(t *testing.T) {
	if !testsets.Long() {
		t.Skip("quick form (SLIDE_LONG=1 runs it): the WebAssembly program is not compiled")
	}
	node, err := exec.LookPath("node")
	if err != nil && os.Getenv("PLAYGROUND_REQUIRE_NODE") != "" {
		t.Fatalf("PLAYGROUND_REQUIRE_NODE is set, but: %v", err)
	} else if err != nil {
		t.Skipf("node is not installed: the WebAssembly program is not run (%v)", err)
	}
	b, err := newBuilder(os.Stderr)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	wasm := filepath.Join(dir, "slide.wasm")
	if err := b.compile(t.Context(), wasm); err != nil {
		t.Fatal(err)
	}
	in := testsets.Instances(t, "korf100.txt", 16)[0]
	board, _ := json.Marshal(map[string]any{"rows": 4, "cols": 4, "tiles": testsets.ForBlankLast(in.Labels)})
	cache := filepath.Join(dir, "cache", "slide-cache") // made by the build
	cmd := exec.Command(node, "testdata/fscalls.js", filepath.Join(b.goroot, "lib", "wasm", "wasm_exec.js"), wasm, cache, string(board))
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node testdata/fscalls.js: %v", err)
	}
	var run struct {
		Phases []struct {
			Name   string
			Result struct {
				OK     bool
				Error  string
				Result map[string]any
			}
			Calls map[string]int
			Opens []string
		}
	}
	if err := json.Unmarshal(out, &run); err != nil || len(run.Phases) != 6 {
		t.Fatalf("fscalls.js printed %.300s (%v)", out, err)
	}
	var called []string
	for _, p := range run.Phases {
		t.Logf("%-12s fs calls %v, opens %v", p.Name, p.Calls, p.Opens)
		if p.Name != "start" && !p.Result.OK {
			t.Errorf("%s: %s", p.Name, p.Result.Error)
		}
		for name := range p.Calls {
			if !slices.Contains(called, name) {
				called = append(called, name)
			}
		}
	}
	slices.Sort(called)
	for _, name := range called {
		if !slices.Contains(memfsCalls, name) {
			t.Errorf("Go called fs.%s, which memfsCalls does not list: the page's memfs.js must answer it", name)
		}
	}
	tables := func(i int) string { return fmt.Sprint(run.Phases[i].Result.Result["tables"]) }
	build, solve := run.Phases[2].Result.Result, run.Phases[5].Result.Result
	files, _ := filepath.Glob(filepath.Join(cache, "*.pdb"))
	switch {
	case !strings.Contains(tables(1), "cached:false") || !strings.Contains(tables(4), "cached:true"):
		t.Errorf("tables before the build: %s; after: %s", tables(1), tables(4))
	case build["cached"] != true || len(files) != 1:
		t.Errorf("build: %v; the cache holds %v", build, files)
	case solve["length"] != float64(in.Optimal) || solve["optimal"] != true || fmt.Sprint(solve["built"]) != "[]":
		t.Errorf("solve with the tables read: %v moves, optimal %v, built %v; want %d", solve["length"], solve["optimal"], solve["built"], in.Optimal)
	}
}

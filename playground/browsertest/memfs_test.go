package browsertest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// memfsRunner runs a Go program compiled to WebAssembly in Node.js on the
// playground's memfs.js: node memfsRunner SITE WASM_EXEC_JS WASM ARGS...
const memfsRunner = `"use strict";
const nodefs = require("fs");
const [site, execJS, wasm, ...args] = process.argv.slice(2);
require(site + "/memfs.js");
require(execJS);
const go = new Go();
go.argv = ["main", ...args];
go.exit = (code) => { process.exitCode = code; };
WebAssembly.instantiate(nodefs.readFileSync(wasm), go.importObject)
	.then((r) => go.run(r.instance))
	.catch((err) => { console.error(err); process.exitCode = 3; });
`

// TestMemFS runs memfscheck, which makes the file calls of the pattern
// database cache and checks their results, on the system's files (so that
// its checks are those of a real file system) and on memfs.js in Node.js.
func TestMemFS(t *testing.T) {
	native := exec.Command("go", "run", "./memfscheck", t.TempDir())
	if out, err := native.CombinedOutput(); err != nil || strings.TrimSpace(string(out)) != "ok" {
		t.Fatalf("memfscheck on the system's files: %v\n%s", err, out)
	}

	node, err := exec.LookPath("node")
	if err != nil {
		if requireBrowser() {
			t.Fatal("no node on the PATH; PLAYGROUND_REQUIRE_BROWSER is set")
		}
		t.Skip("no node on the PATH")
	}
	tmp := t.TempDir()
	wasm := filepath.Join(tmp, "memfscheck.wasm")
	build := exec.Command("go", "build", "-o", wasm, "./memfscheck")
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building memfscheck for js/wasm: %v\n%s", err, out)
	}
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Fatal(err)
	}
	runner := filepath.Join(tmp, "run.js")
	if err := os.WriteFile(runner, []byte(memfsRunner), 0o644); err != nil {
		t.Fatal(err)
	}
	site := filepath.Join(repoRoot(t), "playground", "site")
	execJS := filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "wasm_exec.js")
	// A directory under a regular file, which only memfs.js can make:
	// the checks do not run on the system's files.
	dir := filepath.Join(runner, "memfs")
	out, err := exec.Command(node, runner, site, execJS, wasm, dir).CombinedOutput()
	if err != nil || strings.TrimSpace(string(out)) != "ok" {
		t.Fatalf("memfscheck on memfs.js: %v\n%s", err, out)
	}
}

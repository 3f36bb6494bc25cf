package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// A builder gathers the page into a folder.
type builder struct {
	root    string // the repository
	goroot  string // Go's, whose lib/wasm/wasm_exec.js the page loads
	compile func(ctx context.Context, out string) error
}

// build gathers the page into out, by default playground/out of the
// repository the go command finds from the current folder.
func build(ctx context.Context, out string, stderr io.Writer) error {
	b, err := newBuilder(stderr)
	if err != nil {
		return err
	}
	if out == "" {
		out = filepath.Join(b.root, "playground", "out")
	}
	return b.build(ctx, out)
}

// newBuilder returns the builder of the repository the go command finds,
// with its compiler, which reports on stderr.
func newBuilder(stderr io.Writer) (*builder, error) {
	root, err := goEnv("GOMOD")
	switch {
	case err != nil:
		return nil, err
	case root == "" || root == os.DevNull:
		return nil, fmt.Errorf("run it in slide's repository: the go command finds no go.mod here")
	}
	goroot, err := goEnv("GOROOT")
	if err != nil {
		return nil, err
	}
	b := &builder{root: filepath.Dir(root), goroot: goroot}
	b.compile = func(ctx context.Context, out string) error {
		cmd := exec.CommandContext(ctx, "go", "build", "-trimpath", "-ldflags=-s -w", "-o", out, "./playground/wasm")
		cmd.Dir, cmd.Stdout, cmd.Stderr = b.root, stderr, stderr
		cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("compiling ./playground/wasm: %v", err)
		}
		return nil
	}
	return b, nil
}

// goEnv returns the go command's value of the variable name.
func goEnv(name string) (string, error) {
	out, err := exec.Command("go", "env", name).Output()
	if err != nil {
		return "", fmt.Errorf("go env %s: %v", name, err)
	}
	return strings.TrimSpace(string(out)), nil
}

// build writes the page into out: slide.wasm and slide.wasm.gz, the
// files of playground/site, wasm_exec.js, and the puzzles.
func (b *builder) build(ctx context.Context, out string) error {
	site := filepath.Join(b.root, "playground", "site")
	if fi, err := os.Stat(site); err != nil || !fi.IsDir() {
		return fmt.Errorf("%s: no folder of the page's files", site)
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	wasm := filepath.Join(out, "slide.wasm")
	if err := b.compile(ctx, wasm); err != nil {
		return err
	}
	if err := gzipFile(wasm); err != nil {
		return err
	}
	if err := copyTree(site, out); err != nil {
		return err
	}
	if err := copyFile(filepath.Join(b.goroot, "lib", "wasm", "wasm_exec.js"), filepath.Join(out, "wasm_exec.js")); err != nil {
		return err
	}
	return writePuzzles(filepath.Join(b.root, "testdata", "blocks"), filepath.Join(out, "puzzles"))
}

// gzipFile writes name.gz, name compressed as well as gzip can.
func gzipFile(name string) error {
	data, err := os.ReadFile(name)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression) // a valid level
	zw.Write(data)
	if err := zw.Close(); err != nil {
		return err
	}
	return os.WriteFile(name+".gz", buf.Bytes(), 0o644)
}

// copyTree copies the files of the folder from, and of its folders, into
// to.
func copyTree(from, to string) error {
	return filepath.WalkDir(from, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(from, path)
		if err != nil {
			return err
		}
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(to, rel), 0o755)
		}
		return copyFile(path, filepath.Join(to, rel))
	})
}

// copyFile copies the file from to the file to.
func copyFile(from, to string) error {
	data, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	return os.WriteFile(to, data, 0o644)
}

// Memfscheck uses the file calls of Go's os package that the pattern
// database cache makes (and a few more) in the directory given as its
// argument, and checks what each returns. It prints "ok" and exits with
// status 0 if every check holds, else prints the failures and exits with
// status 1. TestMemFS runs it natively, on the system's files, and
// compiled to WebAssembly in Node.js on the playground's memfs.js.
package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

var failures int

func check(ok bool, format string, args ...any) {
	if !ok {
		failures++
		fmt.Printf("FAIL: "+format+"\n", args...)
	}
}

func must(err error, what string) {
	if err != nil {
		fmt.Printf("FAIL: %s: %v\n", what, err)
		os.Exit(1)
	}
}

func main() {
	if len(os.Args) != 2 {
		fmt.Println("usage: memfscheck DIR")
		os.Exit(2)
	}
	root := filepath.Join(os.Args[1], "cache", "pdb")
	must(os.MkdirAll(root, 0o755), "MkdirAll")
	must(os.MkdirAll(root, 0o755), "MkdirAll of a directory that exists")
	st, err := os.Stat(root)
	check(err == nil && st.IsDir(), "Stat of the directory: %v, %v", st, err)

	// A table written as the cache does: a temporary file, renamed.
	data := make([]byte, 3<<20+12345)
	for i := range data {
		data[i] = byte(i*7 + i>>9)
	}
	path := filepath.Join(root, "4x4-table.pdb")
	f, err := os.CreateTemp(root, "4x4-table.pdb.tmp*")
	must(err, "CreateTemp")
	for rest := data; len(rest) > 0; {
		n := min(len(rest), 1<<20)
		k, err := f.Write(rest[:n])
		must(err, "Write")
		rest = rest[k:]
	}
	must(f.Sync(), "Sync")
	must(f.Chmod(0o644), "Chmod")
	pre, err := f.Stat()
	must(err, "Stat of the open file")
	check(pre.Size() == int64(len(data)) && pre.Mode().IsRegular() && pre.Mode().Perm() == 0o644,
		"the written file: size %d mode %v, want %d -rw-r--r--", pre.Size(), pre.Mode(), len(data))
	must(f.Close(), "Close")
	must(os.Rename(f.Name(), path), "Rename")
	_, err = os.Stat(f.Name())
	check(errors.Is(err, fs.ErrNotExist), "Stat of the renamed temporary file: %v, want not exist", err)
	post, err := os.Stat(path)
	must(err, "Stat of the table")
	check(os.SameFile(pre, post), "the table is not the same file as the temporary file it was renamed from")

	got, err := os.ReadFile(path)
	must(err, "ReadFile")
	check(bytes.Equal(got, data), "ReadFile returns %d bytes, not the %d written", len(got), len(data))
	r, err := os.Open(path)
	must(err, "Open")
	buf := make([]byte, 100)
	_, err = r.ReadAt(buf, 1<<20)
	check(err == nil && bytes.Equal(buf, data[1<<20:1<<20+100]), "ReadAt: %v", err)
	end, err := r.Seek(-10, io.SeekEnd)
	check(err == nil && end == int64(len(data)-10), "Seek from the end: %d, %v", end, err)
	n, err := io.ReadFull(r, buf[:10])
	check(err == nil && n == 10 && bytes.Equal(buf[:10], data[len(data)-10:]), "Read after Seek: %d, %v", n, err)
	_, err = r.Read(buf)
	check(err == io.EOF, "Read at the end: %v, want EOF", err)
	must(r.Close(), "Close of the reader")

	// A record beside it, and the listing of the directory.
	rec := filepath.Join(root, "4x4-table.pdb.sum")
	must(os.WriteFile(rec, []byte("sum 1\n"), 0o644), "WriteFile")
	a, err := os.OpenFile(rec, os.O_WRONLY|os.O_APPEND, 0)
	must(err, "OpenFile to append")
	_, err = a.WriteString("sum 2\n")
	must(err, "append")
	must(a.Close(), "Close of the appender")
	got, _ = os.ReadFile(rec)
	check(string(got) == "sum 1\nsum 2\n", "the appended record reads %q", got)
	entries, err := os.ReadDir(root)
	must(err, "ReadDir")
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	check(slices.Equal(names, []string{"4x4-table.pdb", "4x4-table.pdb.sum"}), "ReadDir lists %q", names)

	// Errors a caller tells apart.
	_, err = os.Open(filepath.Join(root, "missing"))
	check(errors.Is(err, fs.ErrNotExist), "Open of a missing file: %v, want not exist", err)
	_, err = os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	check(errors.Is(err, fs.ErrExist), "exclusive create of a file that exists: %v, want exist", err)
	err = os.Mkdir(root, 0o755)
	check(errors.Is(err, fs.ErrExist), "Mkdir of a directory that exists: %v, want exist", err)
	err = os.Remove(filepath.Dir(root))
	check(err != nil, "Remove of a directory that is not empty succeeded")
	_, err = os.ReadDir(path)
	check(err != nil, "ReadDir of a file succeeded")
	_, err = os.Create(filepath.Join(root, "no", "such", "dir", "file"))
	check(errors.Is(err, fs.ErrNotExist), "Create in a missing directory: %v, want not exist", err)

	// Truncation, times, removal.
	must(os.Truncate(rec, 3), "Truncate")
	got, _ = os.ReadFile(rec)
	check(string(got) == "sum", "the truncated record reads %q", got)
	old := time.Now().Add(-48 * time.Hour).Truncate(time.Second)
	must(os.Chtimes(rec, old, old), "Chtimes")
	st, err = os.Lstat(rec)
	check(err == nil && st.ModTime().Equal(old), "ModTime after Chtimes: %v, want %v (%v)", st.ModTime(), old, err)
	w, err := os.Create(path)
	must(err, "Create over the table")
	must(w.Close(), "Close of the emptied table")
	st, _ = os.Stat(path)
	check(st.Size() == 0, "Create over a file leaves %d bytes", st.Size())
	must(os.Remove(rec), "Remove")
	_, err = os.Stat(rec)
	check(errors.Is(err, fs.ErrNotExist), "Stat of a removed file: %v", err)
	must(os.RemoveAll(filepath.Join(os.Args[1], "cache")), "RemoveAll")
	_, err = os.Stat(root)
	check(errors.Is(err, fs.ErrNotExist), "Stat after RemoveAll: %v", err)

	if failures > 0 {
		fmt.Println(strings.Repeat("-", 20), failures, "failures")
		os.Exit(1)
	}
	fmt.Println("ok")
}

//go:build darwin || dragonfly || freebsd || linux || netbsd || openbsd

package pdbcache

import (
	"context"
	"errors"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/slidekit/slide/internal/engine"
	"github.com/slidekit/slide/internal/pdb"
	"github.com/slidekit/slide/internal/testsets"
)

// bound is the time every operation on a cache must end within, whatever
// its files: generous, for a loaded machine.
const bound = 2 * time.Second

// within runs f and fails t if it does not return within bound.
func within(t *testing.T, what string, f func()) {
	t.Helper()
	testsets.Within(t, bound, what, f)
}

// special makes at path a file of the kind named, other than a regular
// file, and returns what the cache's readers call it.
func special(t *testing.T, kind, path string) string {
	t.Helper()
	var err error
	want := ""
	switch kind {
	case "fifo":
		err, want = syscall.Mkfifo(path, 0o644), "is a named pipe (FIFO)"
	case "link to a fifo":
		fifo := filepath.Join(t.TempDir(), "fifo")
		if err = syscall.Mkfifo(fifo, 0o644); err == nil {
			err = os.Symlink(fifo, path)
		}
		want = "is a named pipe (FIFO)"
	case "socket":
		// A short path: a socket's must fit 108 bytes.
		sock := filepath.Join(os.TempDir(), "slide-test-"+strings.ReplaceAll(t.Name(), "/", "-")+".sock")
		os.Remove(sock)
		var l net.Listener
		if l, err = net.Listen("unix", sock); err == nil {
			t.Cleanup(func() { l.Close(); os.Remove(sock) })
			err = os.Symlink(sock, path)
		}
		want = "is a socket"
	case "device":
		err, want = os.Symlink(os.DevNull, path), "is a device"
	case "directory":
		err, want = os.Mkdir(path, 0o755), "is a directory"
	default:
		t.Fatalf("no kind %q", kind)
	}
	if err != nil {
		t.Skipf("cannot make a %s: %v", kind, err)
	}
	return want
}

var specialKinds = []string{"fifo", "link to a fifo", "socket", "device", "directory"}

// TestSpecialTable puts at a table's path each kind of file but a regular
// one: every reader of the cache refuses it at once as damaged, saying
// what it is, and a build replaces it where it can.
func TestSpecialTable(t *testing.T) {
	for _, kind := range specialKinds {
		t.Run(strings.ReplaceAll(kind, " ", "-"), func(t *testing.T) {
			dir := t.TempDir()
			path := CachePath(dir, smallSpec)
			want := special(t, kind, path)
			refused := func(what string, err error) {
				t.Helper()
				if !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), want) {
					t.Errorf("%s: %v, want ErrCorrupt saying %q", what, err, want)
				}
			}
			within(t, "Check", func() { refused("Check", Check(dir, smallSpec)) })
			within(t, "Load", func() { _, err := Load(dir, smallSpec); refused("Load", err) })
			within(t, "List", func() {
				files, err := List(dir)
				if err != nil || len(files) != 1 {
					t.Fatalf("List: %v, %v", files, err)
				}
				refused("List", files[0].Err)
			})
			within(t, "Verify", func() {
				err := Verify(context.Background(), dir, smallSpec, pdb.BuildOptions{}, 0)
				if !engine.Is(err, engine.Corrupt) || !strings.Contains(err.Error(), want) {
					t.Errorf("Verify: %v, want a Corrupt error saying %q", err, want)
				}
			})
			within(t, "StateOf", func() {
				if s := StateOf(smallSpec, &Request{Dir: dir, DirSet: true}); s != Absent {
					t.Errorf("StateOf: %d, want Absent", s)
				}
			})
			within(t, "Shared", func() {
				t.Cleanup(Release)
				_, got, err := Shared(context.Background(), smallSpec, Request{Dir: dir, DirSet: true, Build: true})
				switch {
				case err != nil || got.Source != FromBuild:
					t.Errorf("Shared: %v, from %d; want a build", err, got.Source)
				case kind == "directory" && (got.SaveErr == nil || !strings.Contains(got.SaveErr.Error(), "is a directory, which a build does not replace")):
					t.Errorf("Shared over a directory: %v", got.SaveErr)
				case kind != "directory" && got.SaveErr != nil:
					t.Errorf("Shared did not replace the %s: %v", kind, got.SaveErr)
				}
			})
			if kind == "directory" {
				// Prepare, the build of pdb build, refuses before it builds.
				within(t, "Prepare", func() {
					Release()
					var built bool
					err := Prepare(context.Background(), smallSpec, Request{Dir: dir, DirSet: true, Progress: func(pdb.Progress) { built = true }})
					if !engine.Is(err, engine.Cache) || !strings.Contains(err.Error(), path+" is a directory, which a build does not replace") || built {
						t.Errorf("Prepare over a directory: %v (built: %v)", err, built)
					}
					if st, err := os.Lstat(path); err != nil || !st.IsDir() {
						t.Errorf("Prepare left %v, %v at the directory's path", st, err)
					}
				})
				within(t, "Remove", func() {
					if _, err := Remove(dir, smallSpec); !errors.Is(err, ErrCorrupt) {
						t.Errorf("Remove of a directory: %v", err)
					}
				})
				return
			}
			within(t, "Load again", func() {
				if _, err := Load(dir, smallSpec); err != nil {
					t.Errorf("the table written over the %s: %v", kind, err)
				}
			})
			os.Remove(path)
			special(t, kind, path)
			within(t, "RemoveAll", func() {
				removed, err := RemoveAll(dir)
				if err != nil || len(removed) != 1 || removed[0].Path != path {
					t.Errorf("RemoveAll: %v, %v", removed, err)
				}
				if _, err := os.Lstat(path); !errors.Is(err, fs.ErrNotExist) {
					t.Errorf("RemoveAll left the %s: %v", kind, err)
				}
			})
		})
	}
}

// TestSpecialRecord puts at the path of a table's checksum record, and of
// temporary files, each kind of file but a regular one: loads ignore the
// record (and replace it by a true one where files are mapped), and
// CleanStale and List leave the others alone, at once.
func TestSpecialRecord(t *testing.T) {
	for _, kind := range specialKinds {
		t.Run(strings.ReplaceAll(kind, " ", "-"), func(t *testing.T) {
			dir := t.TempDir()
			if err := Save(context.Background(), dir, mustBuild(t, smallSpec)); err != nil {
				t.Fatal(err)
			}
			path := CachePath(dir, smallSpec)
			os.Remove(recordPath(path))
			special(t, kind, recordPath(path))
			temp := path + tempInfix + "123"
			special(t, kind, temp)
			within(t, "Load", func() {
				if _, err := Load(dir, smallSpec); err != nil {
					t.Errorf("Load beside a %s record: %v", kind, err)
				}
			})
			if st, err := os.Lstat(recordPath(path)); canMap && kind != "directory" && (err != nil || !st.Mode().IsRegular()) {
				t.Errorf("the %s record was not replaced: %v, %v", kind, st, err)
			}
			within(t, "List", func() {
				if files, err := List(dir); err != nil || len(files) != 1 || files[0].Err != nil {
					t.Errorf("List: %v, %v", files, err)
				}
			})
			within(t, "CleanStale", func() {
				if removed := CleanStale(dir); len(removed) != 0 {
					t.Errorf("CleanStale removed %v", removed)
				}
			})
			if _, err := os.Lstat(temp); err != nil {
				t.Errorf("the %s named as a temporary file: %v", kind, err)
			}
		})
	}
}

// TestSpecialDir replaces the cache directory by a FIFO, and by a regular
// file: every operation fails at once, saying what is there.
func TestSpecialDir(t *testing.T) {
	for _, kind := range []string{"fifo", "file"} {
		t.Run(kind, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "pdb")
			want := "is a file, not a directory"
			if kind == "fifo" {
				want = special(t, kind, dir)
			} else if err := os.WriteFile(dir, []byte("mine"), 0o644); err != nil {
				t.Fatal(err)
			}
			within(t, "List", func() {
				if _, err := List(dir); err == nil || !strings.Contains(err.Error(), want) {
					t.Errorf("List: %v, want %q", err, want)
				}
			})
			within(t, "RemoveAll", func() {
				if _, err := RemoveAll(dir); err == nil || !strings.Contains(err.Error(), want) {
					t.Errorf("RemoveAll: %v, want %q", err, want)
				}
			})
			within(t, "Load", func() {
				if _, err := Load(dir, smallSpec); err == nil {
					t.Error("Load from a directory that is none")
				}
			})
			within(t, "Verify", func() {
				if err := Verify(context.Background(), dir, smallSpec, pdb.BuildOptions{}, 0); err == nil {
					t.Error("Verify in a directory that is none")
				}
			})
			within(t, "Save", func() {
				if err := Save(context.Background(), dir, mustBuild(t, smallSpec)); err == nil {
					t.Error("Save into a directory that is none")
				}
			})
			within(t, "CleanStale", func() { CleanStale(dir) })
			within(t, "Remove", func() {
				if _, err := Remove(dir, smallSpec); err == nil {
					t.Error("Remove from a directory that is none")
				}
			})
		})
	}
}

// TestLinkedTable: a link to a regular file (a table shared from
// elsewhere) is read as that file; removing it removes the link only.
func TestLinkedTable(t *testing.T) {
	shared, dir := t.TempDir(), t.TempDir()
	if err := Save(context.Background(), shared, mustBuild(t, smallSpec)); err != nil {
		t.Fatal(err)
	}
	target := CachePath(shared, smallSpec)
	if err := os.Symlink(target, CachePath(dir, smallSpec)); err != nil {
		t.Skipf("no links: %v", err)
	}
	if _, err := Load(dir, smallSpec); err != nil {
		t.Errorf("Load through a link: %v", err)
	}
	st, _ := os.Stat(target)
	if files, err := List(dir); err != nil || len(files) != 1 || files[0].Err != nil || files[0].Bytes != st.Size() {
		t.Errorf("List: %+v, %v; want the linked table, %d bytes", files, err, st.Size())
	}
	if _, err := Remove(dir, smallSpec); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(target); err != nil {
		t.Errorf("Remove of the link removed its target: %v", err)
	}
}

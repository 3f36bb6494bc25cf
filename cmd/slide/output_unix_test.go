//go:build unix

package main

import (
	"errors"
	"io"
	"io/fs"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/slidekit/slide/internal/outfile"
)

// A target is what a test puts at an output path before a command runs.
type target struct {
	name string
	make func(t *testing.T, path string) // nil: leave the path empty
	why  string                          // the refusal's words; "" for a path written
}

// targets are the things at an output path that the commands refuse, each
// with the words that say why, and two they write.
var targets = []target{
	{"symbolic link", func(t *testing.T, path string) { mustDo(t, os.Symlink("kept.txt", path)) }, "is a symbolic link, not a regular file"},
	{"dangling link", func(t *testing.T, path string) { mustDo(t, os.Symlink("nowhere.svg", path)) }, "is a symbolic link"},
	{"link to stdout", func(t *testing.T, path string) { mustDo(t, os.Symlink("/proc/self/fd/1", path)) }, "is a symbolic link"},
	{"folder", func(t *testing.T, path string) { mustDo(t, os.Mkdir(path, 0o755)) }, "is a folder, not a file"},
	{"fifo", func(t *testing.T, path string) { mkfifo(t, path) }, "is a named pipe (FIFO), not a regular file"},
	{"socket", func(t *testing.T, path string) { listenUnix(t, path) }, "is a socket, not a regular file"},
	{"device", func(t *testing.T, path string) { mknodNull(t, path) }, "is a device, not a regular file"},
	{"hard link", func(t *testing.T, path string) {
		mustDo(t, os.Link(filepath.Join(filepath.Dir(path), "kept.txt"), path))
	}, "has 2 hard links"},
	{"read-only file", func(t *testing.T, path string) { mustDo(t, os.WriteFile(path, []byte("mine"), 0o444)) }, "is read-only"},
	{"no folder", func(t *testing.T, path string) {}, "there is no folder"},
	{"new file", nil, ""},
	{"regular file", func(t *testing.T, path string) { mustDo(t, os.WriteFile(path, []byte("old"), 0o600)) }, ""},
}

func mustDo(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// mkfifo makes a FIFO at path, or skips the test where the system has
// none.
func mkfifo(t *testing.T, path string) {
	t.Helper()
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
}

// listenUnix makes a Unix socket at path, open until the test ends.
func listenUnix(t *testing.T, path string) {
	t.Helper()
	l, err := net.Listen("unix", path)
	if err != nil {
		t.Skipf("unix socket: %v", err)
	}
	t.Cleanup(func() { l.Close() })
}

// mknodNull makes at path a device like /dev/null, which only root may;
// the test is skipped for others. A test never writes near a real device:
// a command that did replace one would break the machine.
func mknodNull(t *testing.T, path string) {
	t.Helper()
	if err := syscall.Mknod(path, syscall.S_IFCHR|0o666, 1<<8|3); err != nil {
		t.Skipf("mknod: %v", err)
	}
}

// snapshot describes what is at path, to tell that a command left it.
func snapshot(path string) string {
	fi, err := os.Lstat(path)
	if err != nil {
		return "none"
	}
	s := fi.Mode().String()
	if fi.Mode().IsRegular() {
		data, _ := os.ReadFile(path)
		s += " " + string(data)
	}
	if fi.Mode()&fs.ModeSymlink != 0 {
		dest, _ := os.Readlink(path)
		s += " -> " + dest
	}
	return s
}

// outputCommands are the commands and flags that write a file: args with
// OUT for its path and IN for an input file, a 3 x 3 board or a puzzle.
var outputCommands = []struct {
	name  string
	input string // "board" or "blocks"
	args  []string
}{
	{"solve -svg", "board", []string{"solve", "-count", "-svg", "OUT", "IN"}},
	{"solve -svg -fast", "board", []string{"solve", "-fast", "-svg", "OUT", "IN"}},
	{"solve -svg -json", "board", []string{"solve", "-json", "-svg", "OUT", "IN"}},
	{"blocks -svg", "blocks", []string{"blocks", "-svg", "OUT", "IN"}},
	{"blocks -rush -svg", "", []string{"blocks", "-svg", "OUT", "-rush", "..B.CC..B...AAB...DDD..E.....E.....E"}},
	{"blocks -h", "blocks", []string{"blocks", "-h", "IN"}}, // OUT is IN with .html
}

// TestBinaryOutputRefused runs every command that writes a file with each
// target at the file's path: each refused with status 1 and one line that
// names the flag, the path and why, what is there left as it was and no
// temporary file beside it; a new file or a regular one written.
func TestBinaryOutputRefused(t *testing.T) {
	board := readTestdata(t, "solve/puzzle3x3-10.txt")
	blocks, err := os.ReadFile(filepath.Join("testdata", "blocks", "sample.txt"))
	mustDo(t, err)
	for _, c := range outputCommands {
		for _, tg := range targets {
			t.Run(c.name+"/"+tg.name, func(t *testing.T) {
				dir := t.TempDir()
				mustDo(t, os.WriteFile(filepath.Join(dir, "kept.txt"), []byte("kept"), 0o644))
				in := filepath.Join(dir, "in.txt")
				mustDo(t, os.WriteFile(in, []byte(board), 0o644))
				if c.input == "blocks" {
					mustDo(t, os.WriteFile(in, blocks, 0o644))
				}
				out := filepath.Join(dir, "out.svg")
				if tg.name == "no folder" {
					out = filepath.Join(dir, "no", "out.svg")
				}
				if c.name == "blocks -h" {
					in = filepath.Join(filepath.Dir(out), "in.txt")
					out = filepath.Join(filepath.Dir(out), "in.html")
					if tg.name == "no folder" {
						t.Skip("the page goes beside its puzzle")
					}
				}
				if tg.make != nil {
					tg.make(t, out)
				}
				before := snapshot(out)
				args := append([]string(nil), c.args...)
				for i, a := range args {
					args[i] = strings.NewReplacer("OUT", out, "IN", in).Replace(a)
				}
				stdout, stderr, status := runBinary(t, "", args...)
				flag := "-svg"
				if c.name == "blocks -h" {
					flag = "-h"
				}
				if tg.why != "" {
					if status != exitError || !oneLineWith(stderr, flag+": "+out+": "+tg.why) || stdout != "" {
						t.Errorf("status %d, stdout %.80q, stderr %q; want status 1 and %q", status, stdout, stderr, tg.why)
					}
					if after := snapshot(out); after != before {
						t.Errorf("%s became %s", before, after)
					}
				} else if fi, err := os.Lstat(out); status != exitOK || err != nil || !fi.Mode().IsRegular() || fi.Size() < 100 {
					t.Errorf("status %d, stderr %q; %s: %v", status, stderr, out, err)
				} else if want := fs.FileMode(0o644); tg.make != nil && fi.Mode().Perm() != 0o600 || tg.make == nil && fi.Mode().Perm() != want {
					t.Errorf("mode %v", fi.Mode()) // a file replaced keeps its mode
				}
				if data, _ := os.ReadFile(filepath.Join(dir, "kept.txt")); string(data) != "kept" {
					t.Errorf("the file linked to became %q", data)
				}
				for _, name := range dirNames(t, dir) {
					if strings.HasSuffix(name, ".tmp") {
						t.Errorf("left %s", name)
					}
				}
			})
		}
	}
}

// TestBinaryOutputIsInput checks that no output replaces a file the
// command reads, however it is named, and that the check comes before any
// work: a refused output is named before a missing input.
func TestBinaryOutputIsInput(t *testing.T) {
	dir := t.TempDir()
	board := readTestdata(t, "solve/puzzle3x3-10.txt")
	in := writeFile(t, dir, "in.txt", board)
	goal := writeFile(t, dir, "goal.txt", "3\n1 2 3\n4 5 6\n7 8 0\n")
	blocks, err := os.ReadFile(filepath.Join("testdata", "blocks", "sample.txt"))
	mustDo(t, err)
	puzzle := writeFile(t, dir, "puzzle.txt", string(blocks))
	mustDo(t, os.Symlink("fifo", filepath.Join(dir, "link.svg")))
	dot := dir + "/./in.txt"
	up := dir + "/../" + filepath.Base(dir) + "/in.txt"
	for _, tc := range []struct {
		stdin string // a file for stdin, or ""
		args  []string
		want  string
	}{
		{"", []string{"solve", "-count", "-svg", in, in}, "-svg: " + in + ": is the input file " + in},
		{"", []string{"solve", "-count", "-svg", dot, in}, "is the input file " + in},
		{"", []string{"solve", "-count", "-svg", up, in}, "is the input file " + in},
		{"", []string{"solve", "-count", "-goal", goal, "-svg", goal, in}, "-svg: " + goal + ": is the input file " + goal},
		{in, []string{"solve", "-count", "-svg", in}, "-svg: " + in + ": is the file standard input reads"},
		{in, []string{"solve", "-count", "-svg", in, "-"}, "is the file standard input reads"},
		{"", []string{"blocks", "-svg", puzzle, puzzle}, "-svg: " + puzzle + ": is the input file " + puzzle},
		{puzzle, []string{"blocks", "-svg", puzzle, "-"}, "is the file standard input reads"},
		{"", []string{"blocks", "-h", "-svg", filepath.Join(dir, "puzzle.html"), puzzle}, "-h: " + filepath.Join(dir, "puzzle.html") + ": -svg writes it too"},
		// The output is refused before the missing input is read.
		{"", []string{"solve", "-svg", filepath.Join(dir, "link.svg"), filepath.Join(dir, "missing.txt")}, "is a symbolic link"},
		{"", []string{"blocks", "-svg", dir, filepath.Join(dir, "missing.txt")}, "is a folder"},
	} {
		var stdin io.Reader = strings.NewReader("")
		if tc.stdin != "" {
			f, err := os.Open(tc.stdin)
			mustDo(t, err)
			defer f.Close()
			stdin = f
		}
		before := map[string]string{}
		for _, p := range []string{in, goal, puzzle} {
			before[p] = snapshot(p)
		}
		var out strings.Builder
		stderr, status, _ := execSlide(t, stdin, &out, tc.args...)
		if status != exitError || !oneLineWith(stderr, tc.want) {
			t.Errorf("slide %q: status %d, stderr %q; want %q", tc.args, status, stderr, tc.want)
		}
		for p, s := range before {
			if snapshot(p) != s {
				t.Errorf("slide %q changed %s", tc.args, p)
			}
		}
	}
	if names := dirNames(t, dir); len(names) != 4 {
		t.Errorf("files %q, want the four made", names)
	}
}

// TestWriteAtomicLast checks that outfile.Write looks again at the last
// moment: what replaces the path while the file is written (a FIFO, a
// link, a folder) is left as it is, with an error that names the path and
// no temporary file left.
func TestWriteAtomicLast(t *testing.T) {
	for _, tg := range targets[:5] {
		dir := t.TempDir()
		path := filepath.Join(dir, "out.svg")
		mustDo(t, os.WriteFile(filepath.Join(dir, "kept.txt"), []byte("kept"), 0o644))
		before := ""
		err := outfile.Write(path, func(w io.Writer) error {
			tg.make(t, path)
			before = snapshot(path)
			_, err := io.WriteString(w, "picture")
			return err
		})
		if err == nil || !strings.HasPrefix(err.Error(), path+": "+tg.why) || strings.Contains(err.Error(), ".tmp") {
			t.Errorf("%s: %v", tg.name, err)
		}
		if after := snapshot(path); after != before {
			t.Errorf("%s: %s became %s", tg.name, before, after)
		}
		if names := dirNames(t, dir); len(names) != 2 {
			t.Errorf("%s: left %q", tg.name, names)
		}
	}
}

// TestWriteAtomicNames checks that outfile.Write's errors name the path it
// was asked to write, never its temporary file.
func TestWriteAtomicNames(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "no", "out.svg")
	err := outfile.Write(path, func(w io.Writer) error { return nil })
	if err == nil || !strings.HasPrefix(err.Error(), path+": ") || strings.Contains(err.Error(), ".tmp") {
		t.Errorf("in a missing folder: %v", err)
	}
	// An error of the temporary file, as a full disk gives.
	path = filepath.Join(dir, "out.svg")
	full := errors.New("no space left on device")
	err = outfile.Write(path, func(w io.Writer) error {
		names := dirNames(t, dir)
		return &fs.PathError{Op: "write", Path: filepath.Join(dir, names[0]), Err: full}
	})
	if err == nil || err.Error() != "write "+path+": no space left on device" || !errors.Is(err, full) {
		t.Errorf("a failed write: %v", err)
	}
}

// TestBinaryClosedStdout runs commands with file descriptor 1 closed, as
// "slide solve b.txt >&-" does. Go's runtime opens /dev/null there before
// the command starts, so that what it prints is lost, never written into
// the first file the command opens, which would take descriptor 1: the
// picture holds only the picture, and the input is as it was.
func TestBinaryClosedStdout(t *testing.T) {
	dir := t.TempDir()
	in := writeFile(t, dir, "in.txt", readTestdata(t, "solve/puzzle3x3-10.txt"))
	picture := filepath.Join(dir, "out.svg")
	for _, args := range [][]string{
		{"solve", "-svg", picture, in},
		{"solve", "-count", in},
		{"version"},
		{"help"},
	} {
		cmd := exec.Command("sh", append([]string{"-c", `exec "$0" "$@" >&-`, slideBinary(t)}, args...)...)
		var errOut strings.Builder
		cmd.Stderr = &errOut
		err := cmd.Run()
		if ee, ok := err.(*exec.ExitError); ok && (ee.ExitCode() != exitError || !strings.Contains(errOut.String(), "writing the output")) || err != nil && !ok {
			t.Errorf("slide %q >&-: %v, stderr %q", args, err, errOut.String())
		}
	}
	data, err := os.ReadFile(picture)
	if err != nil || !strings.HasPrefix(string(data), "<?xml") || strings.Contains(string(data), "Minimum number of moves") {
		t.Errorf("the picture: %v, %.80q", err, data)
	}
	if got, _ := os.ReadFile(in); string(got) != readTestdata(t, "solve/puzzle3x3-10.txt") {
		t.Errorf("the input became %q", got)
	}
}

// TestBinaryOutputIsStdout checks that an output that standard output
// writes too ("slide solve -svg out.svg in.txt > out.svg") is refused
// before any work, whatever its name, and left as it was: the picture
// once replaced the text.
func TestBinaryOutputIsStdout(t *testing.T) {
	dir := t.TempDir()
	in := writeFile(t, dir, "in.txt", readTestdata(t, "solve/puzzle3x3-10.txt"))
	blocks, err := os.ReadFile(filepath.Join("testdata", "blocks", "sample.txt"))
	mustDo(t, err)
	puzzle := writeFile(t, dir, "puzzle.txt", string(blocks))
	out := writeFile(t, dir, "out.svg", "")
	page := writeFile(t, dir, "puzzle.html", "")
	for _, tc := range []struct {
		stdout string
		args   []string
	}{
		{out, []string{"solve", "-svg", out, in}},
		{out, []string{"solve", "-svg", dir + "/./out.svg", in}},
		{out, []string{"blocks", "-svg", out, puzzle}},
		{out, []string{"blocks", "-svg", out, "-rush", "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM"}},
		{page, []string{"blocks", "-h", puzzle}},
	} {
		f, err := os.OpenFile(tc.stdout, os.O_WRONLY|os.O_TRUNC, 0)
		mustDo(t, err)
		stderr, status, _ := execSlide(t, strings.NewReader(""), f, tc.args...)
		f.Close()
		if status != exitError || !oneLineWith(stderr, ": is the file standard output writes") {
			t.Errorf("slide %q > %s: status %d, stderr %q", tc.args, tc.stdout, status, stderr)
		}
		if data, err := os.ReadFile(tc.stdout); err != nil || len(data) != 0 {
			t.Errorf("slide %q > %s wrote %d bytes (%v)", tc.args, tc.stdout, len(data), err)
		}
	}
}

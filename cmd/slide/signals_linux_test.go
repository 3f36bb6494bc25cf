//go:build linux

package main

import (
	"bufio"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/slidekit/slide/internal/testsets"
)

// deep6 is a 6 x 6 board of testdata/deep6x6_sample50.txt, whose goal
// puts the blank first: -time 1h searches it for the hour.
const deep6 = "6 4 8 11 7 9 12 17 3 10 33 2 20 19 15 25 1 5 16 35 22 21 27 34 32 31 14 13 24 23 30 0 18 29 26 28"

// TestSolveSignal: SIGINT or SIGTERM during a search of slide solve stops
// it at once (its context is cancelled), with the status of the signal
// and a line saying so, in the anytime, weighted and fast modes. Before,
// the signal killed it where it stood.
func TestSolveSignal(t *testing.T) {
	six, big := randomBoard(t, "6"), randomBoard(t, "255") // the fast mode takes a second or more on 255 x 255
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		for _, mode := range [][]string{{"-time", "1h"}, {"-w", "1.05"}, {"-fast", "-moves"}} {
			cache, dir := newCache(t)
			board := six
			if mode[0] == "-fast" {
				board = big
			}
			cmd, stderr := startSlide(t, cache, strings.NewReader(board), append(append([]string{"solve"}, mode...), "-")...)
			time.Sleep(300 * time.Millisecond)
			began := time.Now()
			cmd.Process.Signal(sig)
			checkStopped(t, cmd, stderr, sig, began, "solve", "no solution printed", dir)
		}
	}
}

// randomBoard returns the text of a random board of slide random's
// arguments, from a fixed seed.
func randomBoard(t *testing.T, size ...string) string {
	t.Helper()
	var out strings.Builder
	if stderr, status, _ := execSlide(t, nil, &out, append([]string{"random", "-seed", "3"}, size...)...); status != 0 {
		t.Fatalf("slide random: status %d: %s", status, stderr)
	}
	return out.String()
}

// TestSolveSignalBuild: SIGINT during the first build of a table that
// slide solve needs stops the build at once, and leaves nothing in the
// cache.
func TestSolveSignalBuild(t *testing.T) {
	cache, dir := newCache(t)
	board := "4\n15 14 13 12\n11 10 9 8\n7 6 5 4\n3 1 2 0\n"
	cmd, stderr := startSlide(t, cache, strings.NewReader(board), append([]string{"solve"}, append(signalled[2:], "-")...)...)
	underWay(t, stderr)
	began := time.Now()
	cmd.Process.Signal(syscall.SIGINT)
	checkStopped(t, cmd, stderr, syscall.SIGINT, began, "solve", "no solution printed", dir)
}

// TestBenchSignal: SIGINT during slide bench stops its searches at once,
// with the status of the signal and a line saying how many instances it
// solved.
func TestBenchSignal(t *testing.T) {
	cache, dir := newCache(t)
	file := filepath.Join(t.TempDir(), "six.txt")
	line := "1 0 " + deep6 + "\n"
	if err := os.WriteFile(file, []byte(line+line), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd, stderr := startSlide(t, cache, nil, "bench", "-time", "1h", file)
	time.Sleep(300 * time.Millisecond)
	began := time.Now()
	cmd.Process.Signal(syscall.SIGINT)
	checkStopped(t, cmd, stderr, syscall.SIGINT, began, "bench", "0 instances solved", dir)
}

// signalled is the -partition of a database whose build takes a moment (a
// second or so, two tables of 5.8 million entries) and whose file, 5.8 MB,
// takes a few milliseconds to write.
var signalled = []string{"-size", "4", "-partition", "1 2 3 5 6 7/9 10 11 13 14 15/4 8 12"}

// exitBound is how soon a build must end after a signal: generous, for a
// loaded machine; the time taken is logged.
const exitBound = 2 * time.Second

// newCache returns a cache of its own, for XDG_CACHE_HOME, and the
// directory of its tables, made so that it can be watched.
func newCache(t *testing.T) (cache, dir string) {
	t.Helper()
	cache = t.TempDir()
	dir = filepath.Join(cache, "slide", "pdb")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return cache, dir
}

// startPDB starts "slide pdb VERB" of signalled with the cache given, and
// returns the command and its standard error.
func startPDB(t *testing.T, cache, verb string) (*exec.Cmd, *bufio.Reader) {
	t.Helper()
	return startSlide(t, cache, nil, append([]string{"pdb", verb}, signalled...)...)
}

// startSlide starts slide with args, the cache given and stdin, and
// returns the command and its standard error.
func startSlide(t *testing.T, cache string, stdin io.Reader, args ...string) (*exec.Cmd, *bufio.Reader) {
	t.Helper()
	cmd := exec.Command(slideBinary(t), args...)
	cmd.Stdin = stdin
	cmd.Env = append(os.Environ(), "XDG_CACHE_HOME="+cache)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	return cmd, bufio.NewReader(stderr)
}

// startBuild starts "slide pdb build" of signalled with a cache of its
// own, and returns the command, its standard error, and the directory of
// the tables.
func startBuild(t *testing.T) (*exec.Cmd, *bufio.Reader, string) {
	t.Helper()
	cache, dir := newCache(t)
	cmd, stderr := startPDB(t, cache, "build")
	return cmd, stderr, dir
}

// underWay reads stderr up to the first line of progress of the first
// table: the work is under way.
func underWay(t *testing.T, stderr *bufio.Reader) {
	t.Helper()
	for {
		line, err := stderr.ReadString('\n')
		if err != nil {
			t.Fatalf("no progress: %v", err)
		}
		if strings.Contains(line, "table 1 of 3") {
			return
		}
	}
}

// checkStopped waits for cmd, "slide name" signalled with sig at began,
// and checks that it stopped within exitBound with the status of sig and
// the line "slide name: stopped by SIG: what", leaving in dir only the
// files left.
func checkStopped(t *testing.T, cmd *exec.Cmd, stderr *bufio.Reader, sig syscall.Signal, began time.Time, name, what, dir string, left ...string) {
	t.Helper()
	var rest string
	exited := make(chan struct{})
	go func() {
		rest, _ = stderr.ReadString(0) // to the end
		cmd.Wait()
		close(exited)
	}()
	select {
	case <-exited:
	case <-time.After(exitBound):
		t.Fatalf("%v: still running after %v", sig, exitBound)
	}
	took := time.Since(began)
	if status := cmd.ProcessState.ExitCode(); status != 128+int(sig) {
		t.Errorf("%v: exit status %d, want %d", sig, status, 128+int(sig))
	}
	var names []string
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if !slices.Equal(names, left) {
		t.Errorf("%v: the cache holds %v, want %v", sig, names, left)
	}
	if !strings.Contains(rest, "slide "+name+": stopped by "+sig.String()+": "+what+"\n") {
		t.Errorf("%v: stderr %q", sig, rest)
	}
	t.Logf("%v: stopped %v after the signal", sig, took)
}

// TestPDBBuildSignal: SIGINT or SIGTERM during a build stops it at once,
// with the status of the signal and a line saying so, and leaves nothing
// in the cache.
func TestPDBBuildSignal(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		cmd, stderr, dir := startBuild(t)
		underWay(t, stderr)
		began := time.Now()
		cmd.Process.Signal(sig)
		checkStopped(t, cmd, stderr, sig, began, "pdb", "the cache is as it was", dir)
	}
}

// TestPDBVerifySignal: SIGINT during pdb verify stops it at once, with
// the status of the signal and a line saying so, and leaves the cache as
// it was.
func TestPDBVerifySignal(t *testing.T) {
	if !testsets.Long() {
		t.Skip("quick form (SLIDE_LONG=1 runs it): database builds of a few seconds")
	}
	cache, dir := newCache(t)
	build, _ := startPDB(t, cache, "build")
	if err := build.Wait(); err != nil {
		t.Fatalf("pdb build: %v", err)
	}
	var files []string
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		files = append(files, e.Name())
	}
	cmd, stderr := startPDB(t, cache, "verify")
	underWay(t, stderr)
	began := time.Now()
	cmd.Process.Signal(syscall.SIGINT)
	checkStopped(t, cmd, stderr, syscall.SIGINT, began, "pdb", `the 4x4 database "1 2 3 5 6 7/4 8 12/9 10 11 13 14 15" not verified`, dir, files...)
}

// TestPDBWriteSignal: SIGINT or SIGTERM while a build writes its file
// stops it at once, and it removes its temporary file. The test watches
// the cache directory and stops the build (SIGSTOP) as soon as the
// temporary file appears, signals it, and lets it go on (SIGCONT); it
// tries again if the build had written its file by then.
func TestPDBWriteSignal(t *testing.T) {
	if !testsets.Long() {
		t.Skip("quick form (SLIDE_LONG=1 runs it): database builds of a few seconds")
	}
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		caught := false
		for try := 1; try <= 5 && !caught; try++ {
			if caught = signalWrite(t, sig); caught {
				t.Logf("%v: caught the write at try %d", sig, try)
			}
		}
		if !caught {
			t.Skipf("%v: the build wrote its file before it could be stopped, 5 times", sig)
		}
	}
}

// signalWrite runs one try of TestPDBWriteSignal, and reports whether the
// signal came while the build wrote its file.
func signalWrite(t *testing.T, sig syscall.Signal) bool {
	t.Helper()
	cmd, stderr, dir := startBuild(t)
	fd, err := syscall.InotifyInit1(syscall.IN_CLOEXEC)
	if err != nil {
		t.Skipf("no inotify: %v", err)
	}
	defer syscall.Close(fd)
	if _, err := syscall.InotifyAddWatch(fd, dir, syscall.IN_CREATE); err != nil {
		t.Skipf("no inotify: %v", err)
	}
	created := make(chan bool, 1)
	go func() { // until the temporary file is created
		buf := make([]byte, 4096)
		for {
			n, err := syscall.Read(fd, buf)
			if err != nil || strings.Contains(string(buf[:n]), ".pdb.tmp") {
				created <- err == nil
				return
			}
		}
	}()
	select {
	case ok := <-created:
		if !ok {
			t.Fatal("the watch of the cache failed")
		}
	case <-time.After(time.Minute):
		t.Fatal("no temporary file in a minute")
	}
	cmd.Process.Signal(syscall.SIGSTOP)
	temps, _ := filepath.Glob(filepath.Join(dir, "*.pdb.tmp*"))
	if len(temps) == 0 { // written and renamed already
		cmd.Process.Signal(syscall.SIGCONT)
		cmd.Wait()
		return false
	}
	cmd.Process.Signal(sig)
	began := time.Now()
	cmd.Process.Signal(syscall.SIGCONT)
	checkStopped(t, cmd, stderr, sig, began, "pdb", "the cache is as it was", dir)
	return true
}

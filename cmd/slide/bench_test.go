package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"runtime/metrics"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/slidekit/slide"
	"github.com/slidekit/slide/internal/bench"
)

// shortKorf returns the lines of Korf's instances of at most 45 moves.
func shortKorf(t *testing.T) []string {
	var short []string
	for _, line := range strings.Split(readTestdata(t, "korf100.txt"), "\n") {
		if f := strings.Fields(line); len(f) > 2 && !strings.HasPrefix(line, "#") && f[1] <= "45" && len(f[1]) == 2 {
			short = append(short, line)
		}
	}
	return short
}

// TestBench runs bench on the two hardest 8-puzzles and on the shortest
// Korf instances with the 5-5-5 databases, checking the line format, that
// the totals add up, and the exit status when a length disagrees.
func TestBench(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	short := shortKorf(t)
	dir := t.TempDir()
	korfFile := filepath.Join(dir, "korf.txt")
	os.WriteFile(korfFile, []byte("# the shortest instances\n"+strings.Join(short, "\n")+"\n"), 0o644)
	for _, tt := range []struct {
		args      []string
		instances int
		stderr    string // what standard error must hold
	}{
		{[]string{testdata("hard8_31.txt")}, 2, ""},
		{[]string{"-heuristic", "pdb555", korfFile}, len(short), "building pdb555: table 3 of 3"},
		{[]string{"-heuristic", "linear", "-algorithm", "idastar", korfFile}, len(short), ""},
		{[]string{"-heuristic", "pdb555+wd", korfFile}, len(short), ""},
	} {
		stdout, stderr, status := runSlide("", append([]string{"bench"}, tt.args...)...)
		if status != exitOK || !strings.Contains(stderr, tt.stderr) || tt.stderr == "" && stderr != "" {
			t.Fatalf("bench %v: status %d, %s", tt.args, status, stderr)
		}
		lines := strings.Split(strings.TrimSpace(stdout), "\n")
		if len(lines) != tt.instances+1 {
			t.Fatalf("bench %v: %d lines, want %d", tt.args, len(lines), tt.instances+1)
		}
		var sum [3]int64
		for _, line := range lines[:tt.instances] {
			f := strings.Fields(line)
			if len(f) != 5 {
				t.Fatalf("line %q: want id moves expanded generated seconds", line)
			}
			for i := range 3 {
				v, err := strconv.ParseInt(f[1+i], 10, 64)
				if err != nil {
					t.Fatalf("line %q: %v", line, err)
				}
				sum[i] += v
			}
		}
		f := strings.Fields(lines[tt.instances])
		if want := fmt.Sprintf("total %d %d %d", tt.instances, sum[1], sum[2]); strings.Join(f[:4], " ") != want {
			t.Errorf("bench %v: last line %q, want %q ...", tt.args, lines[tt.instances], want)
		}
	}
	// The first use of pdb555 built it into the cache, reporting progress.
	if files, _ := filepath.Glob(filepath.Join(cache, "slide", "pdb", "*.pdb")); len(files) != 1 {
		t.Errorf("cached files: %v", files)
	}
	wrong := filepath.Join(dir, "wrong.txt")
	os.WriteFile(wrong, []byte("7 30 8 7 6 0 4 1 2 5 3\n"), 0o644)
	if _, stderr, status := runSlide("", "bench", wrong); status != exitError || !strings.Contains(stderr, "file says 30") {
		t.Errorf("wrong optimum: status %d, %q", status, stderr)
	}
	for _, bad := range []string{"1 2 3\n", "1 x 0 1 2 3\n", "1 2 0 1 2\n", "1 2 0 1 1 3\n", "# nothing\n"} {
		f := filepath.Join(dir, "bad.txt")
		os.WriteFile(f, []byte(bad), 0o644)
		if _, stderr, status := runSlide("", "bench", f); status != exitError || stderr == "" {
			t.Errorf("bad file %q: status %d, %q", bad, status, stderr)
		}
	}
	for _, args := range [][]string{{"x", "-j", "2"}, {"-heuristic", "euclid", "x"}, {"a", "b"}, {"-algorithm", "dfs", "x"}} {
		if _, _, status := runSlide("", append([]string{"bench"}, args...)...); status != exitUsage {
			t.Errorf("bench %v: status %d, want %d", args, status, exitUsage)
		}
	}
}

// TestPDBBuild builds the smallest database (or finds it built) and
// checks the command line's errors.
func TestPDBBuild(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	for _, name := range []string{"555", "pdb555"} {
		if _, stderr, status := runSlide("", "pdb", "build", name); status != exitOK {
			t.Fatalf("status %d: %s", status, stderr)
		}
	}
	for _, args := range [][]string{{"build"}, {"build", "linear"}, {"make", "555"}, {"build", "555", "x"}} {
		if _, _, status := runSlide("", append([]string{"pdb"}, args...)...); status != exitUsage {
			t.Errorf("pdb %v: status %d, want %d", args, status, exitUsage)
		}
	}
}

// TestBenchParallel checks -j, -workers, -shard and -json on the shortest
// Korf instances: the same lines in the file's order whatever the number
// of instances at once, shards that split the file, JSON lines with every
// documented field and moves that lead to the goal, and the usage errors.
func TestBenchParallel(t *testing.T) {
	short := shortKorf(t)
	dir := t.TempDir()
	file := filepath.Join(dir, "korf.txt")
	os.WriteFile(file, []byte(strings.Join(short, "\n")+"\n"), 0o644)
	runBatch := func(args ...string) []string {
		t.Helper()
		stdout, stderr, status := runSlide("", append(append([]string{"bench", "-heuristic", "linear"}, args...), file)...)
		if status != exitOK || stderr != "" {
			t.Fatalf("bench %v: status %d, %s", args, status, stderr)
		}
		return strings.Split(strings.TrimSpace(stdout), "\n")
	}
	// id and moves of every line but the totals
	idMoves := func(lines []string) []string {
		var out []string
		for _, l := range lines[:len(lines)-1] {
			out = append(out, strings.Join(strings.Fields(l)[:2], " "))
		}
		return out
	}
	one := idMoves(runBatch())
	if len(one) != len(short) {
		t.Fatalf("%d lines for %d instances", len(one), len(short))
	}
	for _, args := range [][]string{{"-j", "3"}, {"-j", "20", "-workers", "2"}} {
		if got := idMoves(runBatch(args...)); !slices.Equal(got, one) {
			t.Errorf("bench %v: %v, want %v", args, got, one)
		}
	}
	var shards []string
	for k := range 3 {
		lines := runBatch("-j", "2", "-shard", fmt.Sprintf("%d/3", k))
		for i, line := range idMoves(lines) {
			if line != one[k+3*i] {
				t.Errorf("shard %d/3, line %d: %q, want %q", k, i, line, one[k+3*i])
			}
			shards = append(shards, line)
		}
		if want := fmt.Sprintf("total %d ", len(lines)-1); !strings.HasPrefix(lines[len(lines)-1], want) {
			t.Errorf("shard %d/3: totals %q", k, lines[len(lines)-1])
		}
	}
	if len(shards) != len(one) {
		t.Errorf("the shards hold %d instances, the file %d", len(shards), len(one))
	}
	fields := []string{"id", "start", "length", "optimal", "lower_bound", "reference", "algorithm", "heuristic",
		"metric", "expanded", "generated", "seconds", "workers", "moves"}
	for i, line := range runBatch("-json", "-j", "2", "-workers", "3") {
		var obj map[string]any
		if err := json.Unmarshal([]byte(line), &obj); err != nil {
			t.Fatalf("line %q: %v", line, err)
		}
		keys := slices.Sorted(maps.Keys(obj))
		if want := slices.Sorted(slices.Values(fields)); !slices.Equal(keys, want) {
			t.Fatalf("line %q: fields %v, want %v", line, keys, want)
		}
		f := strings.Fields(short[i])
		if want := strings.Join(f[:2], " "); fmt.Sprintf("%v %v", obj["id"], obj["length"]) != want || one[i] != want ||
			obj["optimal"] != true || obj["workers"] != 3.0 || obj["lower_bound"] != obj["length"] || fmt.Sprint(obj["reference"]) != f[1] {
			t.Errorf("line %q, instance %q", line, short[i])
		}
		start, err := slide.ParseBoard(obj["start"].(string))
		if err != nil {
			t.Fatal(err)
		}
		moves, err := slide.ParseMoves(obj["moves"].(string))
		if err != nil {
			t.Fatal(err)
		}
		if end, ok := start.Apply(moves); !ok || end != bench.Goal(4, 4) || len(moves) != int(obj["length"].(float64)) {
			t.Errorf("line %q: the moves do not lead to the goal", line)
		}
	}
	// An instance that fails takes its line, "id error: MESSAGE" or an
	// object with an "error" field, and the run goes on; the totals count
	// the solved instances and say how many failed, and the status is 1.
	unsolvable := filepath.Join(dir, "unsolvable.txt")
	os.WriteFile(unsolvable, []byte(short[0]+"\nu 5 0 2 1 3 4 5 6 7 8\n"+short[1]+"\n"), 0o644)
	stdout, stderr, status := runSlide("", "bench", "-j", "3", "-heuristic", "linear", unsolvable)
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	const reason = "goal cannot be reached from start"
	if status != exitError || !strings.Contains(stderr, "instance u: "+reason) || len(lines) != 4 ||
		strings.Join(strings.Fields(lines[0])[:2], " ") != one[0] || !strings.HasPrefix(lines[1], "u error: "+reason) ||
		strings.Join(strings.Fields(lines[2])[:2], " ") != one[1] ||
		!strings.HasPrefix(lines[3], "total 2 ") || !strings.HasSuffix(lines[3], " failed 1") {
		t.Errorf("unsolvable instance: status %d, stdout %q, stderr %q", status, stdout, stderr)
	}
	stdout, _, status = runSlide("", "bench", "-json", "-j", "3", "-heuristic", "linear", unsolvable)
	lines = strings.Split(strings.TrimSpace(stdout), "\n")
	var failed map[string]any
	if len(lines) == 3 {
		json.Unmarshal([]byte(lines[1]), &failed)
	}
	if status != exitError || len(failed) != 4 || failed["id"] != "u" || fmt.Sprint(failed["reference"]) != "5" ||
		failed["start"] != "3\n0 2 1\n3 4 5\n6 7 8\n" || !strings.HasPrefix(fmt.Sprint(failed["error"]), reason) {
		t.Errorf("unsolvable instance, -json: status %d, stdout %q", status, stdout)
	}
	for _, args := range [][]string{{"-shard", "3/3"}, {"-shard", "-1/3"}, {"-shard", "1/0"}, {"-shard", "1"}, {"-shard", "a/b"},
		{"-j", "0"}, {"-workers", "-2"}} {
		if _, stderr, status := runSlide("", append(append([]string{"bench"}, args...), file)...); status != exitUsage || !strings.Contains(stderr, args[0]) {
			t.Errorf("bench %v: status %d, %q, want %d", args, status, stderr, exitUsage)
		}
	}
}

// TestBenchModes runs bench in the near-optimal modes: the second column is
// a reference, each line gives the length found, a "mean" line ends the
// run, and the run fails only when a claim contradicts an optimal
// reference (here a proven optimum or a lower bound above a reference set
// too low).
func TestBenchModes(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	short := shortKorf(t)[:5]
	dir := t.TempDir()
	good := filepath.Join(dir, "good.txt")
	os.WriteFile(good, []byte(strings.Join(short, "\n")+"\n"), 0o644)
	var low []string // references of 10 moves: below every lower bound
	for _, line := range short {
		f := strings.Fields(line)
		f[1] = "10"
		low = append(low, strings.Join(f, " "))
	}
	lowFile := filepath.Join(dir, "low.txt")
	os.WriteFile(lowFile, []byte(strings.Join(low, "\n")+"\n"), 0o644)
	for _, mode := range [][]string{{"-w", "1.5"}, {"-time", "200ms"}, {"-fast"}} {
		stdout, stderr, status := runSlide("", append(append([]string{"bench"}, mode...), good)...)
		lines := strings.Split(strings.TrimSpace(stdout), "\n")
		if status != exitOK || len(lines) != len(short)+2 || !strings.HasPrefix(lines[len(lines)-1], "mean ") {
			t.Fatalf("bench %v: status %d, %q, %s", mode, status, stdout, stderr)
		}
		for i, line := range lines[:len(short)] {
			got, _ := strconv.Atoi(strings.Fields(line)[1])
			ref, _ := strconv.Atoi(strings.Fields(short[i])[1])
			if got < ref || mode[0] == "-w" && float64(got) > 1.5*float64(ref) {
				t.Errorf("bench %v: %q for an optimal length of %d", mode, line, ref)
			}
		}
		_, stderr, status = runSlide("", append(append([]string{"bench"}, mode...), lowFile)...)
		if status != exitError || !strings.Contains(stderr, "the file's reference is 10") && !strings.Contains(stderr, "above the file's reference 10") {
			t.Errorf("bench %v with references too low: status %d, %s", mode, status, stderr)
		}
	}
}

// countingReader counts the bytes read from r, for a goroutine other
// than the reader's to see.
type countingReader struct {
	r io.Reader
	n atomic.Int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n.Add(int64(n))
	return n, err
}

// firstWrite records how far in was read at its first write, and fails
// that write, which stops bench.
type firstWrite struct {
	in   *countingReader
	read int64
}

func (w *firstWrite) Write(p []byte) (int, error) {
	w.read = w.in.n.Load()
	return 0, errors.New("closed")
}

// TestBenchStreams checks that bench prints its first result before it
// has read much of a long input, under -j too, and that a bad line stops
// it after the lines of the instances before it.
func TestBenchStreams(t *testing.T) {
	const lines = 100_000
	text := strings.Repeat("a 1 1 0 2 3 4 5 6 7 8\n", lines)
	for _, jobs := range []string{"1", "4"} {
		in := &countingReader{r: strings.NewReader(text)}
		out := &firstWrite{in: in}
		var stderr strings.Builder
		status := run([]string{"bench", "-heuristic", "linear", "-j", jobs, "-"}, in, out, &stderr)
		if status != exitError || !strings.Contains(stderr.String(), "writing the output: closed") {
			t.Fatalf("-j %s: status %d, stderr %q", jobs, status, stderr.String())
		}
		if out.read == 0 || out.read > int64(len(text)/10) {
			t.Errorf("-j %s: %d of %d bytes read at the first result, want a small part", jobs, out.read, len(text))
		}
	}
	stdout, stderr, status := runSlide("a 1 1 0 2 3 4 5 6 7 8\nb 1 1 0 2 3 4 5 6 7 8\nc 1 x\n", "bench", "-heuristic", "linear", "-")
	if status != exitError || strings.Count(stdout, "\n") != 2 || strings.Contains(stdout, "total") || !strings.Contains(stderr, "line 3: ") {
		t.Errorf("bad line 3: status %d, stdout %q, stderr %q", status, stdout, stderr)
	}
}

// heldReader gives its text, then holds its next read until released.
type heldReader struct {
	text    io.Reader
	release chan struct{}
}

func (r *heldReader) Read(p []byte) (int, error) {
	if n, err := r.text.Read(p); n > 0 || err != io.EOF {
		return n, err
	}
	<-r.release
	return 0, io.EOF
}

// signalWriter closes wrote at its first write.
type signalWriter struct {
	strings.Builder
	wrote chan struct{}
	once  sync.Once
}

func (w *signalWriter) Write(p []byte) (int, error) {
	w.once.Do(func() { close(w.wrote) })
	return w.Builder.Write(p)
}

// TestBenchLineAtATime checks that bench prints the result of a line of
// a stream before the next line comes: the input holds its second read
// until the first result is out. Were bench to wait for more input, the
// two would wait for each other.
func TestBenchLineAtATime(t *testing.T) {
	in := &heldReader{text: strings.NewReader("a 1 1 0 2 3 4 5 6 7 8\n"), release: make(chan struct{})}
	out := &signalWriter{wrote: make(chan struct{})}
	go func() {
		select {
		case <-out.wrote:
		case <-time.After(time.Minute): // a deadlock: let the run end
			t.Error("no result before the next line")
		}
		close(in.release)
	}()
	var stderr strings.Builder
	if status := run([]string{"bench", "-heuristic", "linear", "-j", "2", "-"}, in, out, &stderr); status != exitOK ||
		!strings.HasPrefix(out.String(), "a 1 1 2 ") || !strings.Contains(out.String(), "\ntotal 1 1 2 ") {
		t.Errorf("status %d, stdout %q, stderr %q", status, out.String(), stderr.String())
	}
}

// korfLine returns the line of the instance id in the testdata file name.
func korfLine(t *testing.T, name, id string) string {
	t.Helper()
	for _, line := range strings.Split(readTestdata(t, name), "\n") {
		if strings.HasPrefix(line, id+" ") {
			return line
		}
	}
	t.Fatalf("%s holds no instance %s", name, id)
	return ""
}

// TestBenchMemoryShare runs, as a user would, a batch of -j 2 -w whose
// second instance, a 24-puzzle, reaches its share of -max-memory: the
// instances before and after it are solved and printed, its line says
// why it failed, the totals count the two solved and the one failed, and
// the status is 1. Before, the batch stopped there, and the instance after
// it was lost. The built command runs it, so that -max-memory's soft
// limit on the runtime holds there and not in the tests.
func TestBenchMemoryShare(t *testing.T) {
	slideBinary(t) // built with the go command's own cache, before that of slide moves
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	file := filepath.Join(t.TempDir(), "batch.txt")
	text := "a 1 1 0 2 3 4 5 6 7 8\n" + korfLine(t, "korf24_50.txt", "29") + "\nb 1 1 0 2 3 4 5 6 7 8\n"
	os.WriteFile(file, []byte(text), 0o644)
	stdout, stderr, status := runBinary(t, "", "bench", "-j", "2", "-w", "1.5", "-max-memory", "8MiB", file)
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	const limit = "search stopped at its memory limit"
	if status != exitError || len(lines) != 5 || !strings.HasPrefix(lines[0], "a 1 ") ||
		!strings.HasPrefix(lines[1], "29 error: "+limit) || !strings.HasPrefix(lines[2], "b 1 ") ||
		!strings.HasPrefix(lines[3], "total 2 ") || !strings.HasSuffix(lines[3], " failed 1") ||
		lines[4] != "mean 1.00 1.00 1.0000 failed 1" ||
		strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, "slide bench: instance 29: "+limit) {
		t.Errorf("status %d, stdout %q, stderr %q", status, stdout, stderr)
	}
}

// TestBenchBatchStops checks which errors stop a batch. An instance's
// own, even one that wraps context.DeadlineExceeded, as the anytime
// mode's refusal of a -time its board cannot keep does, takes its line
// and the batch goes on; an error once the batch's context has ended
// stops it, with no line. A search tells which by its context.
func TestBenchBatchStops(t *testing.T) {
	inst := bench.Instance{ID: "x", Optimal: 1, Board: slide.MustParseBoard("3\n1 0 2\n3 4 5\n6 7 8\n")}
	var out, stderr strings.Builder
	b := &bench.Printer{Out: bufio.NewWriter(&out), Stderr: &stderr, Optimal: true, Say: message}
	refused := fmt.Errorf("no answer within 1ms: %w", context.DeadlineExceeded)
	if !b.Emit(bench.Result{In: inst, Err: refused}) || b.Err != nil || !b.Failed || b.Totals.Failed != 1 ||
		out.String() != "x error: no answer within 1ms: context deadline exceeded\n" ||
		stderr.String() != "slide bench: instance x: no answer within 1ms: context deadline exceeded\n" {
		t.Errorf("an instance's own error: stopped %v, failed %v, stdout %q, stderr %q", b.Err, b.Failed, out.String(), stderr.String())
	}
	if b.Emit(bench.Result{In: inst, Err: context.Canceled, Cancelled: true}) || b.Err == nil || strings.Count(out.String(), "\n") != 1 {
		t.Errorf("the batch's error: stopped %v, stdout %q", b.Err, out.String())
	}
	f := &benchFlags{search: bench.Search{Solver: slide.Solver{Mode: slide.Weighted(1.5)}}}
	ctx, cancel := context.WithCancel(context.Background())
	if r := f.search.Solve(ctx, inst); r.Err != nil || r.Cancelled || r.Sol.Len() != 1 {
		t.Errorf("solved: %v, cancelled %v, %d moves", r.Err, r.Cancelled, r.Sol.Len())
	}
	cancel()
	if r := f.search.Solve(ctx, inst); r.Err == nil || !r.Cancelled {
		t.Errorf("cancelled: %v, cancelled %v", r.Err, r.Cancelled)
	}
}

// forcedCollections returns the garbage collections that runtime.GC
// forced in this process so far.
func forcedCollections() uint64 {
	s := []metrics.Sample{{Name: "/gc/cycles/forced:gc-cycles"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// TestBenchCollections checks that a batch of short instances forces no
// garbage collection per instance, in every mode (before, the near-optimal
// modes forced one before each, 0.4 to 4 ms, longer than a 3 x 3 board's
// search), and that a collector collects after a search long enough that
// a collection costs little beside it.
func TestBenchCollections(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	const n = 2000
	text := strings.Repeat("a 1 1 0 2 3 4 5 6 7 8\n", n)
	for _, mode := range [][]string{{}, {"-fast"}, {"-w", "1.5"}, {"-time", "50ms"}, {"-w", "1.5", "-j", "2"}} {
		before := forcedCollections()
		_, stderr, status := runSlide(text, append(append([]string{"bench"}, mode...), "-")...)
		if forced := forcedCollections() - before; status != exitOK || forced > n/100 {
			t.Errorf("bench %v on %d instances: status %d, %q, %d collections forced", mode, n, status, stderr, forced)
		}
	}
}

package main

import (
	"bufio"
	"fmt"
	"io"
	"runtime"
	"runtime/metrics"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// A hintBlock is one board of hint's output, as printed: a heading such as
// "slide tile up:", its grid rows and its value (nil and -1 when
// impossible).
type hintBlock struct {
	heading string
	grid    []string
	value   int
}

// parseHintOutput splits hint's output into configurations of five blocks
// each: the current configuration, then up, down, left and right.
func parseHintOutput(t *testing.T, out string) [][]hintBlock {
	t.Helper()
	var configs [][]hintBlock
	lines := strings.Split(out, "\n")
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		switch {
		case l == "":
		case strings.HasPrefix(l, "Configuration "):
			configs = append(configs, nil)
		case strings.HasSuffix(l, ": impossible"):
			configs[len(configs)-1] = append(configs[len(configs)-1], hintBlock{heading: l, value: -1})
		case strings.HasSuffix(l, ":"):
			b := hintBlock{heading: l}
			for i++; strings.HasPrefix(lines[i], " "); i++ {
				b.grid = append(b.grid, lines[i])
			}
			if _, err := fmt.Sscanf(lines[i], "value: %d", &b.value); err != nil {
				t.Fatalf("line %d: %q: %v", i+1, lines[i], err)
			}
			configs[len(configs)-1] = append(configs[len(configs)-1], b)
		default:
			t.Fatalf("line %d: unexpected %q", i+1, l)
		}
	}
	return configs
}

// gridOf formats tiles as the test expects hint to: rows indented by
// four blanks, each number right-aligned to the width of the largest.
func gridOf(tiles []int, cols int) []string {
	width := len(strconv.Itoa(len(tiles) - 1))
	var rows []string
	for r := 0; r < len(tiles)/cols; r++ {
		row := "   "
		for _, t := range tiles[r*cols : (r+1)*cols] {
			row += fmt.Sprintf(" %*d", width, t)
		}
		rows = append(rows, row)
	}
	return rows
}

// manhattan is the spec's value, computed directly: the distance of each
// tile t from cell t-1, the blank excluded.
func manhattan(tiles []int, cols int) int {
	h := 0
	for i, t := range tiles {
		if t != 0 {
			h += max(i/cols-(t-1)/cols, (t-1)/cols-i/cols) + max(i%cols-(t-1)%cols, (t-1)%cols-i%cols)
		}
	}
	return h
}

// TestHintTestData runs hint on the spec's test data and checks each
// printed board and value against a direct computation of the spec's
// rules: the tile that slides up is the one below the blank, and so on.
func TestHintTestData(t *testing.T) {
	in := strings.Fields(readTestdata(t, "hint/testdata.in"))
	stdout, stderr, status := runSlide("", "hint", testdata("hint/testdata.in"))
	if status != 0 || stderr != "" {
		t.Fatalf("status %d, stderr %q", status, stderr)
	}
	configs := parseHintOutput(t, stdout)
	if len(configs) != 9 {
		t.Fatalf("%d configurations, want 9", len(configs))
	}
	next := 1
	for k, blocks := range configs {
		rows, _ := strconv.Atoi(in[next])
		cols, _ := strconv.Atoi(in[next+1])
		tiles := make([]int, rows*cols)
		for i := range tiles {
			tiles[i], _ = strconv.Atoi(in[next+2+i])
		}
		next += 2 + rows*cols
		want := []hintBlock{{"current configuration:", gridOf(tiles, cols), manhattan(tiles, cols)}}
		blank := slices.Index(tiles, 0)
		br, bc := blank/cols, blank%cols
		for _, d := range []struct {
			name   string
			dr, dc int // from the blank to the tile that slides
		}{{"up", 1, 0}, {"down", -1, 0}, {"left", 0, 1}, {"right", 0, -1}} {
			r, c := br+d.dr, bc+d.dc
			if r < 0 || c < 0 || r >= rows || c >= cols {
				want = append(want, hintBlock{"slide tile " + d.name + ": impossible", nil, -1})
				continue
			}
			moved := slices.Clone(tiles)
			moved[blank], moved[r*cols+c] = moved[r*cols+c], 0
			want = append(want, hintBlock{"slide tile " + d.name + ":", gridOf(moved, cols), manhattan(moved, cols)})
		}
		if len(blocks) != len(want) {
			t.Fatalf("configuration %d: %d blocks, want %d", k+1, len(blocks), len(want))
		}
		for i := range want {
			if blocks[i].heading != want[i].heading || !slices.Equal(blocks[i].grid, want[i].grid) || blocks[i].value != want[i].value {
				t.Errorf("configuration %d: got %+v, want %+v", k+1, blocks[i], want[i])
			}
		}
	}
}

// TestHintLayout pins the layout: blank lines, indentation, alignment.
func TestHintLayout(t *testing.T) {
	stdout, _, _ := runSlide("1\n2 4\n1 2 3 4\n5 6 0 7\n", "hint")
	want := `Configuration 1:
current configuration:
    1 2 3 4
    5 6 0 7
value: 1

slide tile up: impossible

slide tile down:
    1 2 0 4
    5 6 3 7
value: 2

slide tile left:
    1 2 3 4
    5 6 7 0
value: 0

slide tile right:
    1 2 3 4
    5 0 6 7
value: 2

`
	if stdout != want {
		t.Errorf("got\n%s\nwant\n%s", stdout, want)
	}
	stdout, _, _ = runSlide("1 4 4 11 10 6 4 3 0 15 5 13 8 2 9 7 14 12 1", "hint")
	if !strings.Contains(stdout, "current configuration:\n    11 10  6  4\n     3  0 15  5\n") {
		t.Errorf("4 x 4 not aligned:\n%s", stdout)
	}
}

// TestHintGoalsAndValues checks -goal spiral and -value nilsson on
// boards worked out by hand.
func TestHintGoalsAndValues(t *testing.T) {
	for _, tc := range []struct {
		args   []string
		board  string
		values []int // current, then the possible moves in order
	}{
		// The spec's note: 4, and 5 for both moves.
		{nil, "3 3 1 2 3 4 5 7 0 8 6", []int{4, 5, 5}},
		{[]string{"-goal", "spiral"}, "3 3 1 2 3 8 0 4 7 6 5", []int{0, 1, 1, 1, 1}},
		// Manhattan 5, sequence 9 (2 each after 2, 8, 5 and 7, 1 for the
		// centre); down: 4 and 6; left: 6 and 11; right: 6 and 9.
		{[]string{"-goal", "spiral", "-value", "nilsson"}, "3 3 2 8 3 1 6 4 7 0 5", []int{5 + 3*9, 4 + 3*6, 6 + 3*11, 6 + 3*9}},
	} {
		stdout, stderr, status := runSlide("1 "+tc.board, append([]string{"hint"}, tc.args...)...)
		if status != 0 || stderr != "" {
			t.Fatalf("%v: status %d, stderr %q", tc.args, status, stderr)
		}
		var values []int
		for _, b := range parseHintOutput(t, stdout)[0] {
			if b.value >= 0 {
				values = append(values, b.value)
			}
		}
		if !slices.Equal(values, tc.values) {
			t.Errorf("%v %s: values %v, want %v", tc.args, tc.board, values, tc.values)
		}
	}
}

// TestHintErrors checks hint's messages for malformed input: one line on
// stderr naming the configuration, and on stdout the answers to the
// configurations before it.
func TestHintErrors(t *testing.T) {
	for _, tc := range []struct {
		in, want string
	}{
		{"", "want the number of configurations, got the end of the input"},
		{"two", `want the number of configurations, got "two"`},
		{"-1", "-1 configurations"},
		{"2 1 2 0 1", "configuration 2: want the number of rows, got the end of the input"},
		{"1 3", "configuration 1: want the number of columns"},
		{"1 0 3", "configuration 1: size 0 x 3"},
		{"1 3 -2", "configuration 1: size 3 x -2"},
		{"1 1000 1000", "configuration 1: size 1000 x 1000: more than 65535 cells"},
		{"1 2 2 1 2 x 0", `configuration 1: want tile 3 of 4, got "x"`},
		{"1 2 2 1 2 3", "configuration 1: want tile 4 of 4, got the end of the input"},
		{"1 2 2 1 2 2 0", "configuration 1: tile 2 appears twice"},
		{"1 2 2 1 2 4 0", "configuration 1: tile 4 out of range 1..3"},
		{"1 2 2 1 2 3 5", "configuration 1: tile 5 out of range"},
		{"1 2 2 1 2 3 -1", "configuration 1: tile -1 is negative"},
		{"1 2 2 1 0 3 0", "configuration 1: two blanks"},
		{"1 1 1 7", "configuration 1: size 1 x 1: a board needs at least 2 cells"},
		{"1 1 1 0", "configuration 1: size 1 x 1: a board needs at least 2 cells"},
		{"1 1 2 0 1 5", `unexpected "5" after configuration 1`},
	} {
		stdout, stderr, status := runSlide(tc.in, "hint")
		// The configurations before the error are answered, and no other.
		answered := map[string]int{"2 1 2 0 1": 1, "1 1 2 0 1 5": 1}[tc.in]
		ok := strings.Count(stdout, "Configuration ") == answered && (answered > 0 || stdout == "")
		if status != 1 || !ok || strings.Count(stderr, "\n") != 1 ||
			!strings.HasPrefix(stderr, "slide hint: standard input: ") || !strings.Contains(stderr, tc.want) {
			t.Errorf("input %q: status %d, stdout %q, stderr %q; want %q", tc.in, status, stdout, stderr, tc.want)
		}
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-goal", "round"}, `-goal "round": want standard or spiral, or a FILE: no such file or directory`},
		{[]string{"-value", "euclid"}, "want one of manhattan, nilsson"},
		{[]string{"a", "b"}, "at most one FILE"},
	} {
		_, stderr, status := runSlide("", append([]string{"hint"}, tc.args...)...)
		if status != 2 || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: status %d, stderr %q", tc.args, status, stderr)
		}
	}
	if _, stderr, status := runSlide("", "hint", "no/such/file"); status != 1 || !strings.Contains(stderr, "no such file") {
		t.Errorf("missing file: status %d, stderr %q", status, stderr)
	}
}

// TestHintSolveSizes checks that hint and solve take the same board sizes:
// each accepts a board exactly when the other does, the 1 x 1 board, a
// blank alone, refused by both.
func TestHintSolveSizes(t *testing.T) {
	for _, tc := range []struct {
		rows, cols int
		tiles      string
		ok         bool
	}{
		{1, 1, "0", false},
		{1, 2, "1 0", true},
		{2, 1, "0 1", true},
		{0, 2, "", false},
		{2, 2, "1 2 3 0", true},
	} {
		size := fmt.Sprintf("%d %d", tc.rows, tc.cols)
		_, hintErr, hintStatus := runSlide("1\n"+size+"\n"+tc.tiles+"\n", "hint")
		_, solveErr, solveStatus := runSlide(size+"\n"+tc.tiles+"\n", "solve", "-count")
		if (hintStatus == 0) != tc.ok || (solveStatus == 0) != tc.ok {
			t.Errorf("%d x %d: hint status %d (%q), solve status %d (%q); want both to accept: %v",
				tc.rows, tc.cols, hintStatus, hintErr, solveStatus, solveErr, tc.ok)
		}
	}
}

// TestHintStreams checks that hint answers a configuration as soon as it
// has read it: the first answer comes while the input is still open, and
// the second after the second configuration is written. Before, hint read
// its whole input first.
func TestHintStreams(t *testing.T) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	status := make(chan int, 1)
	go func() {
		status <- runHint(nil, inR, outW, io.Discard)
		outW.Close()
	}()
	out := bufio.NewReader(outR)
	// answer reads the answer to one configuration, its five blocks.
	answer := func() string {
		lines := make(chan string, 1)
		go func() {
			var text strings.Builder
			for blocks := 0; blocks < 5; {
				line, err := out.ReadString('\n')
				text.WriteString(line)
				if err != nil {
					break
				}
				if line == "\n" {
					blocks++
				}
			}
			lines <- text.String()
		}()
		select {
		case text := <-lines:
			return text
		case <-time.After(time.Minute): // generous: hint waits for no more input
			t.Fatal("no answer while the input is open")
			return ""
		}
	}
	fmt.Fprint(inW, "2\n2 2\n1 2 3 0\n")
	if first := answer(); !strings.HasPrefix(first, "Configuration 1:\ncurrent configuration:\n    1 2\n    3 0\nvalue: 0\n") {
		t.Fatalf("first answer %q", first)
	}
	fmt.Fprint(inW, "1 2\n0 1\n")
	if second := answer(); !strings.HasPrefix(second, "Configuration 2:\n") {
		t.Fatalf("second answer %q", second)
	}
	inW.Close()
	if rest, _ := io.ReadAll(out); len(rest) > 0 || <-status != exitOK {
		t.Errorf("after the input closed: %q", rest)
	}
}

// configLines reads as n configurations of hint's input, "2 2" and its
// tiles a line each, made as they are read.
type configLines struct {
	n, made int
	buf     []byte
}

func (c *configLines) Read(p []byte) (int, error) {
	for len(c.buf) < len(p) && c.made <= c.n {
		if c.made == 0 {
			c.buf = fmt.Appendf(c.buf, "%d\n", c.n)
		} else {
			c.buf = append(c.buf, [...]string{"2 2 1 2 3 0\n", "2 2 0 1 3 2\n", "2 2 3 1 0 2\n"}[c.made%3]...)
		}
		c.made++
	}
	if len(c.buf) == 0 {
		return 0, io.EOF
	}
	n := copy(p, c.buf)
	c.buf = c.buf[:copy(c.buf, c.buf[n:])]
	return n, nil
}

// liveHeap returns the bytes of the heap's live objects, collected first.
func liveHeap() uint64 {
	runtime.GC()
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// heapProbe discards what is written to it, and once more than after
// bytes have been, takes the live heap.
type heapProbe struct {
	after, written int
	live           uint64
}

func (h *heapProbe) Write(p []byte) (int, error) {
	h.written += len(p)
	if h.live == 0 && h.written > h.after {
		h.live = liveHeap()
	}
	return len(p), nil
}

// TestHintMemory checks that hint holds one configuration at a time: on
// 200,000 configurations its live heap, taken when it has answered most
// of them, is within a few MiB of the heap before it started. Before,
// hint kept every configuration it read, 250 bytes each.
func TestHintMemory(t *testing.T) {
	const n = 200000
	const answer = 150 // bytes of each configuration's answer, at least
	before := liveHeap()
	probe := &heapProbe{after: n * answer * 3 / 4}
	if status := runHint(nil, &configLines{n: n}, probe, io.Discard); status != exitOK || probe.live == 0 {
		t.Fatalf("status %d, %d bytes written", status, probe.written)
	}
	t.Logf("live heap %d bytes before, %d after %d bytes of output", before, probe.live, probe.written)
	const bound = 8 << 20
	if probe.live > before+bound {
		t.Errorf("live heap %d bytes after %d of output, %d before: want at most %d more", probe.live, probe.written, before, bound)
	}
}

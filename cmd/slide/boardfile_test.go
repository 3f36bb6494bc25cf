package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/slidekit/slide"
	"github.com/slidekit/slide/internal/bench"
	"github.com/slidekit/slide/internal/checkform"
	"github.com/slidekit/slide/internal/hintform"
)

// TestBoardFormEverywhere checks that every command that reads a board
// reads slide random's output, piped in and as FILE, alike, and with
// -goal FILE: check says solvable, and solve -count, bfs -n and bench's
// length column agree, and hint values the board by its Manhattan
// distance to the goal.
func TestBoardFormEverywhere(t *testing.T) {
	dir := t.TempDir()
	for _, size := range [][2]int{{2, 2}, {2, 3}, {3, 2}, {3, 3}} {
		for seed := range 3 {
			board := randomText(t, seed, size)
			goal := randomText(t, seed+100, size)
			file := writeFile(t, dir, fmt.Sprintf("b%dx%d-%d.txt", size[0], size[1], seed), board)
			goalFile := writeFile(t, dir, fmt.Sprintf("g%dx%d-%d.txt", size[0], size[1], seed), goal)
			for _, withGoal := range []bool{false, true} {
				var extra []string
				want := slide.MustParseBoard(board).StandardGoal()
				if withGoal {
					extra = []string{"-goal", goalFile}
					want = slide.MustParseBoard(goal)
				}
				lengths := map[string]string{}
				for _, cmd := range [][]string{{"solve", "-count"}, {"check"}, {"hint"}, {"bfs", "-n"}, {"bench", "-workers", "1"}} {
					args := append(append([]string(nil), cmd...), extra...)
					piped, stderr, status := runSlide(board, args...)
					if status != 0 || stderr != "" {
						t.Fatalf("%s | slide %q: status %d, stderr %q", board, args, status, stderr)
					}
					fromFile, stderr, status := runSlide("", append(args, file)...)
					if status != 0 || stderr != "" {
						t.Fatalf("slide %q FILE: status %d, stderr %q", args, status, stderr)
					}
					if cmd[0] == "bench" {
						piped, fromFile = withoutTimes(piped), withoutTimes(fromFile)
					}
					if piped != fromFile {
						t.Errorf("slide %q: piped\n%s\nfrom FILE\n%s", args, piped, fromFile)
					}
					switch cmd[0] {
					case "solve", "bfs":
						lengths[cmd[0]] = strings.TrimSpace(piped)
					case "bench": // "1 LENGTH EXPANDED GENERATED"
						lengths[cmd[0]] = strings.Fields(piped)[1]
					case "check":
						if !strings.HasSuffix(piped, "\nsolvable\n") || !strings.Contains(piped, "goal: "+checkform.Line(want)+"\n") {
							t.Errorf("slide %q on\n%s: %q", args, board, piped)
						}
					case "hint":
						manhattan, _ := slide.Manhattan.Estimate(slide.MustParseBoard(board), want)
						if !strings.Contains(piped, "\nvalue: "+strconv.Itoa(manhattan)+"\n\nslide tile up") {
							t.Errorf("slide %q on\n%s: want value %d, got\n%s", args, board, manhattan, piped)
						}
					}
				}
				if lengths["solve"] != lengths["bfs"] || lengths["solve"] != lengths["bench"] {
					t.Errorf("%s with goal %v: lengths %v differ", board, withGoal, lengths)
				}
			}
		}
	}
}

// randomText returns slide random's board of size and seed.
func randomText(t *testing.T, seed int, size [2]int) string {
	t.Helper()
	out, stderr, status := runSlide("", "random", "-seed", strconv.Itoa(seed), strconv.Itoa(size[0]), strconv.Itoa(size[1]))
	if status != 0 {
		t.Fatalf("random: status %d, stderr %q", status, stderr)
	}
	return out
}

// sniffCases are inputs and whether they are one board in the board form.
var sniffCases = []struct {
	text  string
	board bool
}{
	{"3\n1 2 3\n4 5 6\n7 8 0\n", true},
	{"2 3\n1 2 3\n4 0 5\n", true},
	{"\n\n2\n1 3\n0 2", true},    // hint's form would want a second configuration
	{"3 1\n2\n1\n0\n", true},     // and hint's "3, 1 x 2 1 0" no third
	{"1 2\n0 1", true},           // the smallest board
	{"2\n1 2\n0 1\n", false},     // hint's 1 x 2 configuration: 1 twice
	{"2\n2 2\n1 2 3 0\n", false}, // hint's form: 2 twice
	{"3\n1 2 3\n4 5 6\n7 8 8", false},
	{"3\n1 2 3\n4 5 6\n7 8 0 9", false},
	{"3\n1 2 3\n4 5 6\n7 8", false},
	{"3\n1 2 3\n4 5 6\n7 8 9", false},
	{"1\n0\n", false},             // 1 x 1 is no board
	{"2 2 1\n0 2 3\n", false},     // three sizes
	{"1 2 3 b\n1 2 b 3\n", false}, // check's form
	{"# id optimal tiles\na 2 1 2 3 0\n", false},
	{"a 2 1 2 3 0\n", false},
	{"", false},
	{"2\n1 2\n3 0\x00", false},
}

// TestSniffBoard checks sniffBoard's verdicts, and that its replay gives
// back the whole input, with limits that cut the input short or not.
func TestSniffBoard(t *testing.T) {
	for _, tc := range sniffCases {
		for _, limit := range []int{0, 1, 5, sniffLimit} {
			isBoard, replay := sniffBoard(strings.NewReader(tc.text), limit)
			if want := tc.board && limit > len(tc.text); isBoard != want {
				t.Errorf("%q within %d bytes: board %v, want %v", tc.text, limit, isBoard, want)
			}
			if got, err := io.ReadAll(replay); err != nil || string(got) != tc.text {
				t.Errorf("%q within %d bytes: replay %q, %v", tc.text, limit, got, err)
			}
		}
	}
	// A failed read comes back from the replay, after the bytes before it.
	failed := errors.New("disk on fire")
	_, replay := sniffBoard(io.MultiReader(strings.NewReader("3\n1 2"), failingReader{failed}), sniffLimit)
	if got, err := io.ReadAll(replay); string(got) != "3\n1 2" || err != failed {
		t.Errorf("failed read: replay %q, %v", got, err)
	}
}

// readCounter counts the reads of its reader.
type readCounter struct {
	r     io.Reader
	reads int
}

func (c *readCounter) Read(p []byte) (int, error) {
	c.reads++
	return c.r.Read(p)
}

// TestSniffStreams checks that sniffBoard reads no further than the first
// field that rules a board out, so that a stream of hint's form is
// answered as it comes: a second read would wait for the next
// configuration.
func TestSniffStreams(t *testing.T) {
	for _, first := range []string{"2\n2 2\n1 2 3 0\n", "2\n1 2\n0 1\n", "1 2 2 1 2 3 0\n", "# comment\n", "1 2 3 b\n"} {
		c := &readCounter{r: io.MultiReader(strings.NewReader(first), strings.NewReader("3 3\n1 2 3\n4 5 6\n7 8 0\n"))}
		if isBoard, _ := sniffBoard(c, sniffLimit); isBoard || c.reads != 1 {
			t.Errorf("%q: board %v after %d reads, want false after 1", first, isBoard, c.reads)
		}
	}
}

// FuzzSniffBoard checks the rule that tells a board from the commands'
// own forms: sniffBoard finds a board just where the command's board
// reader reads one, the replay gives back the input whatever the limit,
// and no input that check's, hint's or bench's own reader reads whole is
// taken for a board.
func FuzzSniffBoard(f *testing.F) {
	for _, tc := range sniffCases {
		f.Add(tc.text, uint16(64))
	}
	for _, name := range []string{"hint/sample1.in", "hint/sample2.in", "hint/sample3.in", "check/solvable4x4.in", "solve/puzzle04.txt"} {
		f.Add(readTestdata(f, name), uint16(100))
	}
	f.Fuzz(func(t *testing.T, text string, limit uint16) {
		isBoard, replay := sniffBoard(strings.NewReader(text), int(limit))
		if got, err := io.ReadAll(replay); err != nil || string(got) != text {
			t.Fatalf("replay within %d bytes: %q, %v", limit, got, err)
		}
		if isBoard && len(text) >= int(limit) {
			t.Fatalf("a board past the limit %d", limit)
		}
		isBoard, _ = sniffBoard(strings.NewReader(text), sniffLimit)
		_, err := readBoardFrom(strings.NewReader(text), "input")
		if isBoard != (err == nil) {
			t.Fatalf("sniffBoard says board %v, readBoardFrom %v", isBoard, err)
		}
		if _, _, err := checkform.Parse(text); err == nil && isBoard {
			t.Fatalf("both a board and check's form")
		}
		if err := hintform.Scan(strings.NewReader(text), func(int, hintform.Config) error { return nil }); err == nil && isBoard {
			t.Fatalf("both a board and hint's form")
		}
		bench := bench.NewReader(strings.NewReader(text), bench.Shard{})
		for _, ok := bench.Next(); ok; _, ok = bench.Next() {
		}
		if bench.Err() == nil && isBoard {
			t.Fatalf("both a board and bench's form")
		}
	})
}

// The tests of this file run the built command on what its readers must
// take as text, or refuse at once: control characters, endless inputs,
// and the line ends of other systems.

// zeros is an endless reader of one byte, as /dev/zero is of 0.
type zeros byte

func (z zeros) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(z)
	}
	return len(p), nil
}

// execSlideWithin is execSlide with a time limit, past which the command
// is killed: the result of a command that does not stop.
func execSlideWithin(t *testing.T, limit time.Duration, stdin io.Reader, args ...string) (stdout, stderr string, status int, killed bool) {
	t.Helper()
	slide := slideBinary(t)
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	cmd := exec.CommandContext(ctx, slide, args...)
	var out, errOut bytes.Buffer
	cmd.Stdin, cmd.Stdout, cmd.Stderr = stdin, &out, &errOut
	cmd.WaitDelay = time.Second // stdin's copy ends when the command does
	err := cmd.Run()
	if ctx.Err() != nil {
		return out.String(), errOut.String(), -1, true
	}
	if ee, ok := err.(*exec.ExitError); ok {
		status = ee.ExitCode()
	} else if err != nil && !strings.Contains(err.Error(), "WaitDelay") {
		t.Fatal(err)
	}
	return out.String(), errOut.String(), status, false
}

// TestBinaryControlInput checks that every command that reads boards or
// puzzles, from a file or from standard input, stops at the first
// control character with status 1 and a message that names it and its
// place: on /dev/zero and on an endless stream at once, rather than
// reading for ever.
func TestBinaryControlInput(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", dir)
	slideBinary(t) // built before the clock starts
	board := testdata("solve/puzzle04.txt")
	zero := "/dev/zero"
	if _, err := os.Stat(zero); err != nil {
		zero = "" // the cases that need it are skipped
	}
	const nul = `"\x00" is a control character, not text`
	for _, tc := range []struct {
		stdin io.Reader // nil: none
		args  []string
		want  string
	}{
		{nil, []string{"solve", zero}, "/dev/zero: line 1, column 1: " + nul},
		{nil, []string{"solve", "-count", "-goal", zero, board}, "/dev/zero: line 1, column 1: " + nul},
		{nil, []string{"solve", "-fast", zero}, nul},
		{nil, []string{"solve", "-w", "1.5", zero}, nul},
		{nil, []string{"solve", "-json", zero}, nul},
		{nil, []string{"hint", zero}, "/dev/zero: line 1, column 1: " + nul},
		{nil, []string{"blocks", zero}, "/dev/zero: line 1, column 1: " + nul},
		{nil, []string{"blocks", "-json", zero}, nul},
		{nil, []string{"bench", zero}, "/dev/zero: line 1, column 1: " + nul},
		{nil, []string{"random", "-goal", zero, "3"}, nul},
		{nil, []string{"pdb", "build", "-size", "2x2", "-partition", "1 2 3", "-goal", zero}, nul},
		{nil, []string{"pdb", "verify", "-size", "2x2", "-partition", "1 2 3", "-goal", zero}, nul},
		{zeros(0), []string{"solve"}, "standard input: line 1, column 1: " + nul},
		{zeros(0), []string{"solve", "-"}, nul},
		{zeros(0), []string{"solve", "-count", "-goal", "-", board}, nul},
		{zeros(0), []string{"hint"}, nul},
		{zeros(0), []string{"hint", "-"}, nul},
		{zeros(0), []string{"blocks", "-"}, nul},
		{zeros(0), []string{"bench", "-"}, nul},
		{zeros(0), []string{"check"}, "line 1, column 1: " + nul},
		{zeros(0), []string{"check", "-json"}, nul},
		{zeros(0x1b), []string{"solve"}, `line 1, column 1: "\x1b" is a control character`},
		{zeros(0x7f), []string{"check"}, `line 1, column 1: "\x7f" is a control character`},
		{zeros(0x01), []string{"blocks", "-"}, `line 1, column 1: "\x01" is a control character`},
		// After good text, and the byte of a binary file, such as an image.
		{io.MultiReader(strings.NewReader("3\n1 2 3\n4 0 6\n"), zeros(0)), []string{"solve"}, "line 4, column 1: " + nul},
		{io.MultiReader(strings.NewReader("1\n2 2\n1 2 3"), zeros(0)), []string{"hint"}, "line 3, column 6: " + nul},
		{io.MultiReader(strings.NewReader("4 4\r\n# c\r\n1 1 1 1 b "), zeros(0)), []string{"blocks", "-"}, "line 3, column 11: " + nul},
		{io.MultiReader(strings.NewReader("i 0 0 1 2 3\nj 0 "), zeros(0)), []string{"bench", "-"}, "line 2, column 5: " + nul},
		{io.MultiReader(strings.NewReader("1 2 3 b\n1 2 "), zeros(0)), []string{"check"}, "line 2, column 5: " + nul},
		{strings.NewReader("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), []string{"solve"}, `line 2, column 1: "\x1a" is a control character`},
		{strings.NewReader("3\r1 2 3\r4 0 6\r7 5 8\r\x04"), []string{"solve", "-count"}, `line 5, column 1: "\x04" is a control character`},
	} {
		if slices.Contains(tc.args, "") {
			continue // no /dev/zero
		}
		stdin := tc.stdin
		if stdin == nil {
			stdin = strings.NewReader("")
		}
		began := time.Now()
		stdout, stderr, status, killed := execSlideWithin(t, 60*time.Second, stdin, tc.args...)
		msg := stderr
		if tc.args[0] == "check" && !slices.Contains(tc.args, "-json") {
			msg = stdout // check names bad input on stdout
		}
		switch {
		case killed:
			t.Errorf("slide %q: still reading after %v", tc.args, time.Since(began).Round(time.Millisecond))
		case status != exitError || !oneLineWith(msg, tc.want):
			t.Errorf("slide %q: status %d, stdout %.200q, stderr %.200q; want status 1 and %q", tc.args, status, stdout, stderr, tc.want)
		default:
			t.Logf("slide %q: %v", tc.args, time.Since(began).Round(time.Millisecond))
		}
	}
}

// TestBinaryLineEnds checks that every reader takes lines ended by "\r"
// alone (old Macs), by "\r\n" (Windows) and by "\n", even mixed, and that
// its messages count lines so.
func TestBinaryLineEnds(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", dir)
	cr := strings.NewReplacer("\n", "\r")
	crlf := strings.NewReplacer("\n", "\r\n")
	board := "3\n1 2 3\n4 0 6\n7 5 8\n"
	hint := readTestdata(t, "hint/sample1.in")
	blocks := "4 4\n# the sample of the spec\n3 1 2 1 b A\n1 1 1 1 b\n"
	bench := "# a comment\nfirst 20 1 2 3 4 0 6 7 5 8\nsecond 22 1 2 3 4 5 6 7 8 0\n"
	check := "1 2 3 b\n1 2 b 3\n"
	want := map[string]string{}
	for _, tc := range []struct {
		name  string
		stdin string
		args  []string
	}{
		{"solve", board, []string{"solve"}},
		{"solve -goal", "", []string{"solve", "-count", "-goal", "GOAL", testdata("solve/puzzle04.txt")}},
		{"hint", hint, []string{"hint"}},
		{"blocks", blocks, []string{"blocks", "-"}},
		{"bench", bench, []string{"bench", "-workers", "1", "-"}},
		{"check", check, []string{"check"}},
		{"solve error", "3\n1 2 3\n4 0 6\n7 5 x\n", []string{"solve"}},
		{"hint error", "1\n2 2\n1 2\n3 x\n", []string{"hint"}},
		{"blocks error", "# c\n\n4\n3 1 2 1 b A\n", []string{"blocks", "-"}},
		{"bench error", "# c\n\na 1 2 3\n", []string{"bench", "-"}},
		{"check error", "\n1 2 3 b\n\n1 2 b 3\n", []string{"check"}},
	} {
		for _, ends := range []struct {
			name string
			r    *strings.Replacer
		}{{"lf", strings.NewReplacer()}, {"cr", cr}, {"crlf", crlf}} {
			args := append([]string(nil), tc.args...)
			for i, a := range args {
				if a == "GOAL" {
					args[i] = writeFile(t, dir, "goal-"+ends.name+".txt", ends.r.Replace("3\n1 0 3\n4 2 5\n7 8 6\n"))
				}
			}
			stdout, stderr, status := runBinary(t, ends.r.Replace(tc.stdin), args...)
			if args[0] == "bench" {
				stdout = withoutTimes(stdout)
			}
			got := stdout + "|" + stderr + "|" + string(rune('0'+status))
			if ends.name == "lf" {
				want[tc.name] = got
				if strings.HasSuffix(tc.name, "error") == (status == 0) {
					t.Errorf("%s: status %d, stdout %q, stderr %q", tc.name, status, stdout, stderr)
				}
				continue
			}
			if got != want[tc.name] {
				t.Errorf("%s with %s line ends:\n%q\nwith lf:\n%q", tc.name, ends.name, got, want[tc.name])
			}
		}
	}
}

// withoutTimes returns bench's output without its last column, the
// seconds, which differ from run to run.
func withoutTimes(out string) string {
	lines := strings.Split(out, "\n")
	for i, l := range lines {
		if f := strings.Fields(l); len(f) > 1 {
			lines[i] = strings.Join(f[:len(f)-1], " ")
		}
	}
	return strings.Join(lines, "\n")
}

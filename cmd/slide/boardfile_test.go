package main

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"testing"

	"github.com/slidekit/slide"
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
						if !strings.HasSuffix(piped, "\nsolvable\n") || !strings.Contains(piped, "goal: "+checkLine(want)+"\n") {
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
		if _, _, err := parseCheckInput(text); err == nil && isBoard {
			t.Fatalf("both a board and check's form")
		}
		if err := scanHintInput(strings.NewReader(text), func(int, hintConfig) error { return nil }); err == nil && isBoard {
			t.Fatalf("both a board and hint's form")
		}
		bench := newBenchReader(strings.NewReader(text), shardFlag{})
		for _, ok := bench.next(); ok; _, ok = bench.next() {
		}
		if bench.err == nil && isBoard {
			t.Fatalf("both a board and bench's form")
		}
	})
}

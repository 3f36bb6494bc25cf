package main

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/slidekit/slide"
)

// writeBoardFile writes b in solve's input form to a new file and
// returns its name.
func writeBoardFile(t *testing.T, b slide.Board) string {
	t.Helper()
	name := filepath.Join(t.TempDir(), "board.txt")
	if err := os.WriteFile(name, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return name
}

// randomStart returns a uniformly random board that reaches the standard
// goal of its size.
func randomStart(rng *rand.Rand, rows, cols int) slide.Board {
	b, err := slide.RandomBoard(slide.Goal(rows, cols), rng)
	if err != nil {
		panic(err)
	}
	return b
}

// TestSolveModes runs solve's modes end to end and checks the first line
// of each answer, its moves, and what it claims.
func TestSolveModes(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	for _, tc := range []struct {
		rows, cols int
		args       []string
	}{
		{3, 3, []string{"-fast"}},
		{4, 4, []string{"-w", "1.5"}},
		{3, 8, []string{"-time", "200ms"}},
		{5, 10, []string{"-fast"}},
		{6, 6, []string{"-w", "2", "-heuristic", "linear"}},
		{30, 30, []string{"-fast", "-moves"}},
		{5, 5, []string{"-time", "300ms", "-moves"}},
	} {
		start := randomStart(rng, tc.rows, tc.cols)
		goal := slide.Goal(tc.rows, tc.cols)
		args := append(append([]string{"solve"}, tc.args...), writeBoardFile(t, start))
		out, errOut, status := runCmd(t, args, "")
		if status != exitOK {
			t.Fatalf("%v: status %d, stderr %q", args, status, errOut)
		}
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		var n, lower int
		optimal := false
		if _, err := fmt.Sscanf(lines[0], "Minimum number of moves = %d", &n); err == nil {
			optimal, lower = true, n
		} else if _, err := fmt.Sscanf(lines[0], "Number of moves = %d (at least %d needed)", &n, &lower); err != nil {
			t.Fatalf("%v: first line %q", args, lines[0])
		}
		if lower > n || optimal && tc.rows*tc.cols > 16 && tc.args[0] != "-time" {
			t.Fatalf("%v: %q", args, lines[0])
		}
		var end slide.Board
		if strings.Contains(strings.Join(tc.args, " "), "-moves") {
			if len(lines) != 2 {
				t.Fatalf("%v: %d lines, want the header and the moves", args, len(lines))
			}
			moves, err := slide.ParseMoves(lines[1])
			if err != nil || len(moves) != n {
				t.Fatalf("%v: %d moves for %d announced: %v", args, len(moves), n, err)
			}
			var ok bool
			if end, ok = start.Apply(moves); !ok {
				t.Fatalf("%v: a move cannot be made", args)
			}
		} else {
			boards := parseBoards(t, lines[1:])
			if len(boards) != n+1 || boards[0] != start {
				t.Fatalf("%v: %d boards for %d moves", args, len(boards), n)
			}
			end = boards[n]
		}
		if end != goal {
			t.Fatalf("%v: the answer does not end on the goal", args)
		}
	}
}

// TestSolveModeFlags checks that bad or conflicting mode flags of solve
// and bench, NaN and infinite factors among them, and -workers out of
// range are usage errors.
func TestSolveModeFlags(t *testing.T) {
	file := writeBoardFile(t, slide.Goal(3, 3))
	for _, args := range [][]string{
		{"solve", "-w", "0.5", file},
		{"solve", "-w", "NaN", file},
		{"solve", "-w", "Inf", file},
		{"solve", "-w", "+Inf", file},
		{"solve", "-w", "-Inf", file},
		{"solve", "-w", "1e400", file},
		{"bench", "-w", "NaN", file},
		{"bench", "-w", "Inf", file},
		{"solve", "-time", "1e30h", file},
		{"solve", "-workers", "1e3", file},
		{"solve", "-workers", "1025", file},
		{"bench", "-workers", "1025", file},
		{"bench", "-workers", "-1", file},
		{"solve", "-w", "2", "-fast", file},
		{"solve", "-time", "1s", "-w", "2", file},
		{"solve", "-time", "-1s", file},
		{"solve", "-time", "soon", file},
	} {
		if _, errOut, status := runCmd(t, args, ""); status != exitUsage || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: status %d, stderr %q; want one line and status %d", args, status, errOut, exitUsage)
		}
	}
}

// TestModeFlagsNeverUnbounded checks that -w and -time refuse 0, a
// factor that reads as 0 (1e-400), NaN and negative values as usage
// errors that say the range, before any work: 0 once left the flag unset
// and ran an unbounded optimal search (a random 6 x 6 board: minutes).
func TestModeFlagsNeverUnbounded(t *testing.T) {
	file := testdata("solve/puzzle6x6-random.txt")
	for _, args := range [][]string{
		{"-w", "0"}, {"-w", "1e-400"}, {"-w", "NaN"}, {"-w", "-1"}, {"-w", "0.0"},
		{"-time", "0"}, {"-time", "0s"}, {"-time", "-1s"}, {"-time", "0ms"},
	} {
		for _, cmd := range []string{"solve", "bench"} {
			line := append(append([]string{cmd}, args...), file)
			type result struct {
				stderr string
				status int
			}
			done := make(chan result, 1)
			go func() {
				_, errOut, status := runCmd(t, line, "")
				done <- result{errOut, status}
			}()
			want := "at least 1"
			if args[0] == "-time" {
				want = "positive"
				if !strings.HasPrefix(args[1], "-") {
					want = "above 0"
				}
			}
			select {
			case r := <-done:
				if r.status != exitUsage || !strings.Contains(r.stderr, want) || !strings.Contains(r.stderr, args[0]) {
					t.Errorf("%v: status %d, stderr %q; want status %d and the range (%s)", line, r.status, r.stderr, exitUsage, want)
				}
			case <-time.After(10 * time.Second):
				t.Fatalf("%v: still running after 10 s, want a usage error at once", line)
			}
		}
	}
}

// runCmd runs the command line args in process with stdin and returns its
// output, errors and status.
func runCmd(t *testing.T, args []string, stdin string) (stdout, stderr string, status int) {
	t.Helper()
	var out, errOut strings.Builder
	status = run(args, strings.NewReader(stdin), &out, &errOut)
	return out.String(), errOut.String(), status
}

// TestSolveTimeBuildsNothing checks that -time, whose budget bounds the
// whole run, builds no database into the cache (it once built pdb35
// first, taking a minute), answers, and says once how to build the table
// it would rank boards better with.
func TestSolveTimeBuildsNothing(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	stdout, stderr, status := runSlide("", "solve", "-time", "300ms", "-count", testdata("solve/puzzle6x6-random.txt"))
	if status != 0 || strings.TrimSpace(stdout) == "" {
		t.Fatalf("status %d, stdout %q, stderr %q", status, stdout, stderr)
	}
	if strings.Count(stderr, `"slide pdb build pdb35" builds it once`) != 1 || strings.Contains(stderr, "building") {
		t.Errorf("stderr %q: want one hint of pdb build pdb35 and no build", stderr)
	}
	if files, _ := filepath.Glob(filepath.Join(cache, "slide", "pdb", "*")); len(files) > 0 {
		t.Errorf("-time wrote %v", files)
	}
}

// TestHintStronger checks the hints of -time and -w on 7 x 7, where the
// search may start with pdb48 or the stronger pdb48x5: -time names
// pdb48 when it starts with neither, pdb48x5 when it starts with pdb48
// and its budget leaves time to read pdb48x5, which fits the memory
// bound, and nothing once it starts with pdb48x5; -w, which builds pdb48
// itself, names nothing while it has either.
func TestHintStronger(t *testing.T) {
	goal := slide.Goal(7, 7)
	long, short := modeFlags{given: []string{"-time"}, mode: slide.Anytime(10 * time.Second)}, modeFlags{given: []string{"-time"}, mode: slide.Anytime(time.Second)}
	weighted := modeFlags{given: []string{"-w"}, mode: slide.Weighted(1.5)}
	for _, tc := range []struct {
		m     modeFlags
		h     slide.Heuristic
		bound int64
		want  string // the database named, "" for no hint
	}{
		{long, slide.LinearConflict, 2 << 30, `"slide pdb build pdb48"`},
		{short, slide.LinearConflict, 2 << 30, `"slide pdb build pdb48"`},
		{long, slide.PDB48, 2 << 30, `"slide pdb build pdb48x5"`},
		{long, slide.PDB48.WithWalkingDistance(), 2 << 30, `"slide pdb build pdb48x5"`},
		{short, slide.PDB48, 2 << 30, ""}, // no time to read it
		{long, slide.PDB48, 1 << 30, ""},  // its build's peak is over the bound
		{long, slide.PDB48x5, 2 << 30, ""},
		{weighted, slide.PDB48, 2 << 30, ""},
		{weighted, slide.PDB48x5, 2 << 30, ""},
		{weighted, slide.LinearConflict, 2 << 30, "pdb48 unavailable"},
	} {
		var out strings.Builder
		tc.m.hint(goal, slide.Auto, tc.h, tc.bound, &out)
		if tc.want == "" && out.Len() > 0 || !strings.Contains(out.String(), tc.want) {
			t.Errorf("%v, starting with %v under %d bytes: %q, want %q", tc.m.mode, tc.h, tc.bound, out.String(), tc.want)
		}
	}
}

// TestTimeCountsReading checks that -time's budget counts what the
// command did before the search (reading the tables, above all), leaving
// the search at least a tenth of it, and that a stronger database read
// for the whole budget stays the search's where the time left would not
// have read it; other modes are untouched.
func TestTimeCountsReading(t *testing.T) {
	goal := slide.Goal(7, 7)
	budgetOf := func(s slide.Solver) time.Duration {
		d, err := time.ParseDuration(strings.TrimPrefix(s.Mode.String(), "anytime "))
		if err != nil {
			t.Fatalf("%v: %v", s.Mode, err)
		}
		return d
	}
	timed := func(d time.Duration) modeFlags {
		return modeFlags{given: []string{"-time"}, mode: slide.Anytime(d), budget: d}
	}
	m := timed(time.Second)
	s := m.left(slide.Solver{Mode: m.mode}, time.Now().Add(-600*time.Millisecond), goal, slide.PDB48)
	if d := budgetOf(s); d > 400*time.Millisecond || d < 300*time.Millisecond || s.Heuristic != slide.Auto {
		t.Errorf("1s, 600 ms spent: %v, %v; want about 400ms, Auto", s.Mode, s.Heuristic)
	}
	if s = m.left(slide.Solver{Mode: m.mode}, time.Now().Add(-3*time.Second), goal, slide.PDB48); budgetOf(s) != 100*time.Millisecond {
		t.Errorf("1s, 3 s spent: %v, want a tenth of the budget", s.Mode)
	}
	m = timed(6 * time.Second)
	if _, ok := slide.StrongerDatabase(goal, m.mode); !ok {
		t.Fatal("6s does not take the stronger database: the case below tests nothing")
	}
	s = m.left(slide.Solver{Mode: m.mode}, time.Now().Add(-2*time.Second), goal, slide.PDB48x5)
	if _, ok := slide.StrongerDatabase(goal, s.Mode); ok || s.Heuristic != slide.PDB48x5 {
		t.Errorf("6s, 2 s spent reading pdb48x5: %v with %v, want under 4s with pdb48x5", s.Mode, s.Heuristic)
	}
	for _, m := range []modeFlags{{given: []string{"-w"}, mode: slide.Weighted(1.5)}, {}} {
		if s := m.left(slide.Solver{Mode: m.mode}, time.Now().Add(-time.Hour), goal, slide.PDB48); s.Mode != m.mode || s.Heuristic != slide.Auto {
			t.Errorf("%v: became %v with %v", m.mode, s.Mode, s.Heuristic)
		}
	}
}

// TestSolveWeightOutOfReach checks that solve -w refuses a factor out of
// reach with status 1 and a line naming the factor its best answer meets,
// which then answers with that many moves; on a random 10 x 10 board,
// 0.2.0 printed nothing for half a minute, then advised to raise
// -max-memory, and on 50 x 50 searched for ever.
func TestSolveWeightOutOfReach(t *testing.T) {
	rng := rand.New(rand.NewPCG(34, 10))
	for _, n := range []int{10, 50} {
		file := writeBoardFile(t, randomStart(rng, n, n))
		_, errOut, status := runCmd(t, []string{"solve", "-w", "1.5", "-count", file}, "")
		var moves int
		var reach string
		i := strings.Index(errOut, "the best answer found, ")
		if status != exitError || i < 0 {
			t.Fatalf("%d x %d: status %d, stderr %q", n, n, status, errOut)
		}
		if _, err := fmt.Sscanf(errOut[i:], "the best answer found, %d moves, is within %s of the lower bound", &moves, &reach); err != nil ||
			!strings.Contains(errOut, "-w "+reach+" returns it") || !strings.Contains(errOut, "-time") {
			t.Fatalf("%d x %d: %q: %v", n, n, errOut, err)
		}
		out, errOut, status := runCmd(t, []string{"solve", "-w", reach, "-count", file}, "")
		if status != exitOK || out != fmt.Sprintln(moves) {
			t.Errorf("%d x %d: -w %s: status %d, %q, want %d moves (%s)", n, n, reach, status, out, moves, errOut)
		}
	}
}

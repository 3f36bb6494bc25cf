package main

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/slidekit/slide"
)

var updateBlocks = flag.Bool("update-blocks", false, "rewrite the golden files of TestBlocksGolden")

// golden compares got with testdata/blocks/name, or rewrites the file
// with -update-blocks.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", "blocks", name)
	if *updateBlocks {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update-blocks to write it)", err)
	}
	if diff := cmp.Diff(string(want), got); diff != "" {
		t.Errorf("%s differs (-want +got):\n%s", path, diff)
	}
}

// TestBlocksGolden compares the text output of "slide blocks" with golden
// files: the format's sample (in each metric), discarded lines and the
// goal piece fallback, an unsolvable and a solved puzzle, a Rush Hour
// string.
func TestBlocksGolden(t *testing.T) {
	tests := []struct {
		golden string
		args   []string
	}{
		{"sample.golden", []string{"testdata/blocks/sample.txt"}},
		{"sample_step.golden", []string{"-metric", "step", "testdata/blocks/sample.txt"}},
		{"sample_piece.golden", []string{"testdata/blocks/sample.txt", "-metric", "piece"}},
		{"discards.golden", []string{"testdata/blocks/discards.txt"}},
		{"unsolvable.golden", []string{"testdata/blocks/unsolvable.txt"}},
		{"solved.golden", []string{"testdata/blocks/solved.txt"}},
		{"detour_piece.golden", []string{"-metric=piece", "testdata/blocks/detour.txt"}},
		{"rush.golden", []string{"-rush", "..B.CC..B...AAB...DDD..E.....E.....E"}},
	}
	for _, tt := range tests {
		t.Run(tt.golden, func(t *testing.T) {
			stdout, stderr, code := runSlide("", append([]string{"blocks"}, tt.args...)...)
			if code != 0 || stderr != "" {
				t.Fatalf("exit %d, stderr %q", code, stderr)
			}
			golden(t, tt.golden, stdout)
		})
	}
}

// TestBlocksHTML writes the pages of three puzzles and compares them with
// their golden files; the text output is the same as without -h.
func TestBlocksHTML(t *testing.T) {
	for _, name := range []string{"sample", "discards", "unsolvable"} {
		dir := t.TempDir()
		text, err := os.ReadFile(filepath.Join("testdata", "blocks", name+".txt"))
		if err != nil {
			t.Fatal(err)
		}
		file := filepath.Join(dir, name+".txt")
		if err := os.WriteFile(file, text, 0o644); err != nil {
			t.Fatal(err)
		}
		stdout, stderr, code := runSlide("", "blocks", "-h", file)
		if code != 0 || !strings.Contains(stderr, "wrote "+filepath.Join(dir, name+".html")) {
			t.Fatalf("%s: exit %d, stderr %q", name, code, stderr)
		}
		stdout = strings.ReplaceAll(stdout, file, "testdata/blocks/"+name+".txt")
		if want, _ := os.ReadFile(filepath.Join("testdata", "blocks", name+".golden")); stdout != string(want) {
			t.Errorf("%s: with -h, the text output differs from %s.golden", name, name)
		}
		page, err := os.ReadFile(filepath.Join(dir, name+".html"))
		if err != nil {
			t.Fatal(err)
		}
		golden(t, name+".html.golden", string(page))
	}
}

// TestBlocksErrors covers the command lines and files "slide blocks"
// refuses: exit status 1 for a file it cannot use, 2 for a bad command
// line, with a message on stderr and nothing on stdout.
func TestBlocksErrors(t *testing.T) {
	tests := []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"testdata/blocks/zero_rows.txt"}, 1, "zero_rows.txt: line 1: size 0 x 4: rows and columns must be at least 1"},
		{[]string{"testdata/blocks/garbage.txt"}, 1, "garbage.txt: line 1: size line \"rows and columns\" has 3 fields"},
		{[]string{"testdata/blocks/no_such_file.txt"}, 1, "no_such_file.txt"},
		{[]string{"-rush", "AA"}, 1, "-rush: \"AA\" has 2 characters, want 36"},
		{[]string{"-h", "testdata/blocks/sample.html"}, 2, "-h would write the page over testdata/blocks/sample.html itself"},
		{nil, 2, "want one FILE, got 0"},
		{[]string{"a.txt", "b.txt"}, 2, "want one FILE, got 2"},
		{[]string{"-metric", "diagonal", "a.txt"}, 2, "-metric: unknown block metric \"diagonal\" (want straight, step or piece)"},
		{[]string{"-rush", "..B.CC..B...AAB...DDD..E.....E.....E", "a.txt"}, 2, "not both"},
		{[]string{"-h", "-rush", "..B.CC..B...AAB...DDD..E.....E.....E"}, 2, "it needs a FILE"},
		{[]string{"-x"}, 2, "flag provided but not defined: -x"},
	}
	for _, tt := range tests {
		stdout, stderr, code := runSlide("", append([]string{"blocks"}, tt.args...)...)
		if code != tt.code || stdout != "" || !strings.Contains(stderr, tt.msg) {
			t.Errorf("slide blocks %q: exit %d, stdout %q, stderr %q; want exit %d and %q", tt.args, code, stdout, stderr, tt.code, tt.msg)
		}
	}
}

// TestBlocksHelp checks that -help, --help and "slide help blocks" print
// the usage of blocks, while -h still asks for the web page (a usage error
// without a FILE), and that "slide help" takes the other commands too.
func TestBlocksHelp(t *testing.T) {
	for _, args := range [][]string{{"blocks", "-help"}, {"blocks", "--help"}, {"help", "blocks"}, {"blocks", "a.txt", "-help"}} {
		stdout, stderr, code := runSlide("", args...)
		if code != 0 || stderr != "" || !strings.HasPrefix(stdout, blocksUsage+"\nflags:\n  -h\t") || !strings.Contains(stdout, "-max-memory SIZE") {
			t.Errorf("slide %q: exit %d, stderr %q, stdout %.40q; want the usage of blocks", args, code, stderr, stdout)
		}
	}
	if stdout, stderr, code := runSlide("", "blocks", "-h"); code != exitUsage || stdout != "" || !strings.Contains(stderr, "want one FILE") {
		t.Errorf("slide blocks -h: exit %d, stdout %q, stderr %q; want a usage error", code, stdout, stderr)
	}
	if stdout, _, code := runSlide("", "help", "solve"); code != 0 || !strings.Contains(stdout, "solve") || strings.Contains(stdout, "commands:") {
		t.Errorf("slide help solve: exit %d, %q", code, stdout)
	}
	if stdout, stderr, code := runSlide("", "help", "nope"); code != exitUsage || stdout != "" || !strings.Contains(stderr, `unknown command "nope"`) {
		t.Errorf("slide help nope: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	if stdout, _, code := runSlide("", "help"); code != 0 || !strings.Contains(stdout, `"slide help <command>"`) {
		t.Errorf("slide help: exit %d, %q", code, stdout)
	}
}

// TestBlocksHTMLStdin checks the page of a puzzle read from standard
// input: blocks.html in the current folder, titled "standard input", and
// no file named after "-".
func TestBlocksHTMLStdin(t *testing.T) {
	text, err := os.ReadFile(filepath.Join("testdata", "blocks", "sample.txt"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	t.Chdir(dir)
	for _, file := range []string{"-", ""} {
		os.Remove("blocks.html")
		_, stderr, code := runSlide(string(text), "blocks", "-h", file)
		if code != 0 || stderr != "slide blocks: wrote blocks.html\n" {
			t.Fatalf("-h %q: exit %d, stderr %q", file, code, stderr)
		}
		if names := dirNames(t, dir); !slices.Equal(names, []string{"blocks.html"}) {
			t.Fatalf("-h %q wrote %q, want blocks.html", file, names)
		}
		page, err := os.ReadFile("blocks.html")
		if err != nil || !strings.Contains(string(page), "<title>standard input: sliding-block puzzle</title>") {
			t.Errorf("-h %q: page %.200q (%v)", file, page, err)
		}
	}
}

// TestBlocksManyDiscards checks that a file of many bad piece lines gets
// the first slide.MaxDiscards messages and a count of the others, in the text
// output (standard error under -json) and on the web page.
func TestBlocksManyDiscards(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "many.txt")
	text := "4 4\n3 1 2 1 b\n" + strings.Repeat("x y\n", slide.MaxDiscards+15) + "1 1 1 1 b\n"
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	last := file + ": and 15 more piece lines discarded\n"
	stdout, stderr, code := runSlide("", "blocks", "-h", file)
	if code != 0 || strings.Count(stdout, "; discarded\n") != slide.MaxDiscards || !strings.Contains(stdout, "line 12: piece \"x y\"") ||
		!strings.Contains(stdout, "discarded\n"+last+"******\n") {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	page, err := os.ReadFile(filepath.Join(dir, "many.html"))
	if err != nil || strings.Count(string(page), "<li>line ") != slide.MaxDiscards || !strings.Contains(string(page), "<li>and 15 more piece lines discarded</li>") {
		t.Errorf("page: %v\n%s", err, page)
	}
	_, stderr, code = runSlide(text, "blocks", "-json", "-")
	if code != 0 || strings.Count(stderr, "\n") != slide.MaxDiscards+1 || !strings.HasSuffix(stderr, "standard input: and 15 more piece lines discarded\n") {
		t.Errorf("-json: exit %d, stderr %q", code, stderr)
	}
}

// TestBlocksNamesKept checks that the letters of a Rush Hour string, and
// the names of a file, come out as they went in: in the text, the JSON
// and the SVG picture; a file without names gets the made-up ones. The
// picture marks the exit.
func TestBlocksNamesKept(t *testing.T) {
	dir := t.TempDir()
	named := filepath.Join(dir, "named.txt")
	if err := os.WriteFile(named, []byte("3 4\n2 1 2 1 h R\n2 3 1 1 v T\n3 1 1 1 n x\n3 2 1 1 n x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		args        []string
		grid, moves string // the start grid's first rows; the pieces moved
		start       string // a line of the JSON's start
	}{
		{[]string{"-rush", "..B.CC..B...AAB...DDD..E.....E.....E"}, "*..B.CC*\n*..B...*\n*AAB...*", "CEDBABDEA", "3 1 2 1 h A\n"},
		{[]string{named}, "*....*\n*RRT.*\n*xx..*", "TR", "2 3 1 1 v T\n"},
		{[]string{"testdata/blocks/sample.txt"}, "*12..*\n*3.44*", "43Z3Z", "3 1 2 1 b\n"},
	} {
		text, stderr, code := runSlide("", append([]string{"blocks"}, tt.args...)...)
		if code != 0 || stderr != "" || !strings.Contains(text, tt.grid) {
			t.Fatalf("%v: exit %d, stderr %q, text\n%s\nwant the grid\n%s", tt.args, code, stderr, text, tt.grid)
		}
		var moved strings.Builder
		for _, m := range regexp.MustCompile(`(?m)^[0-9]+\. Piece (\S+) `).FindAllStringSubmatch(text, -1) {
			moved.WriteString(m[1])
		}
		if moved.String() != tt.moves {
			t.Errorf("%v: the text moves pieces %s, want %s", tt.args, moved.String(), tt.moves)
		}
		pic := filepath.Join(dir, "p.svg")
		stdout, stderr, code := runSlide("", append([]string{"blocks", "-json", "-svg", pic}, tt.args...)...)
		if code != 0 || stderr != "" {
			t.Fatalf("%v -json: exit %d, stderr %q", tt.args, code, stderr)
		}
		var rep struct {
			Start string
			Moves []struct{ Piece string }
		}
		if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
			t.Fatal(err)
		}
		moved.Reset()
		for _, m := range rep.Moves {
			moved.WriteString(m.Piece)
		}
		if moved.String() != tt.moves || !strings.Contains(rep.Start, tt.start) {
			t.Errorf("%v -json: moves pieces %s, start %q; want %s and %q", tt.args, moved.String(), rep.Start, tt.moves, tt.start)
		}
		svg, err := os.ReadFile(pic)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(svg), `<rect class="exit"`) {
			t.Errorf("%v -svg: no exit marked", tt.args)
		}
		for _, name := range strings.Split(tt.moves, "") {
			if !strings.Contains(string(svg), `data-label="`+name+`"`) {
				t.Errorf("%v -svg: no piece labeled %s", tt.args, name)
			}
		}
	}
}

// TestBlocksKlotski checks that Klotski's board as drawn is solved to the
// classic goal, the square at the bottom middle, in 90 moves, not to the
// last column, which is 7 moves away, and that the picture outlines it.
func TestBlocksKlotski(t *testing.T) {
	file := testdata("blocks/klotski_hengdaolima.txt")
	text, stderr, code := runSlide("", "blocks", file)
	if code != 0 || stderr != "" || !strings.Contains(text, "Shortest solution: 90 moves\n") || !regexp.MustCompile(`\*.ZZ.\*\n\*.ZZ.\*\n\*{6}\n$`).MatchString(text) {
		t.Fatalf("exit %d, stderr %q, output\n%s", code, stderr, text)
	}
	pic := filepath.Join(t.TempDir(), "k.svg")
	stdout, _, _ := runSlide("", "blocks", "-json", "-svg", pic, file)
	if svg, err := os.ReadFile(pic); err != nil || !strings.Contains(string(svg), `<rect class="goal" x="112" y="312" width="200" height="200"`) {
		t.Errorf("-svg: the goal's place is not outlined (%v)", err)
	}
	var rep struct {
		Goal   string
		Length int
	}
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil || rep.Goal != "piece Z at row 4, column 2" || rep.Length != 90 {
		t.Errorf("-json: goal %q, length %d, %v", rep.Goal, rep.Length, err)
	}
}

// TestBlocksEmptyRush checks that blocks -rush "" is a -rush position, an
// empty one, refused as such: it was taken for no -rush at all, and the
// message asked for a FILE ("want one FILE, got 0").
func TestBlocksEmptyRush(t *testing.T) {
	for _, tc := range []struct {
		args   []string
		status int
		want   string
	}{
		{[]string{"blocks", "-rush", ""}, exitError, `slide blocks: -rush: "" has 0 characters, want 36`},
		{[]string{"blocks", "-rush=", "in.txt"}, exitUsage, "slide blocks: give a FILE or -rush STRING, not both"},
		{[]string{"blocks", "-h", "-rush", ""}, exitUsage, "slide blocks: -h writes FILE.html: it needs a FILE, not -rush"},
	} {
		stdout, stderr, status := runSlide("", tc.args...)
		if status != tc.status || stdout != "" || !strings.HasPrefix(stderr, tc.want) {
			t.Errorf("slide %q: status %d, stdout %q, stderr %q; want status %d and %q", tc.args, status, stdout, stderr, tc.status, tc.want)
		}
	}
}

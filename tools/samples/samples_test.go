package main

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"errors"
	"flag"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/slidekit/slide"
	"github.com/slidekit/slide/internal/testsets"
)

func TestReadSampleFiles(t *testing.T) {
	for _, c := range []struct {
		file string
		size int
	}{{"deep6x6_sample50.txt", 6}, {"deep7x7_sample50.txt", 7}} {
		s, err := readSample(testsets.Path(c.file))
		if err != nil {
			t.Fatal(err)
		}
		if s.Size != c.size || len(s.Boards) != 50 || s.Name != strings.TrimSuffix(c.file, ".txt") {
			t.Fatalf("%s: size %d, %d boards, name %q", c.file, s.Size, len(s.Boards), s.Name)
		}
		ids := map[int]bool{}
		for _, b := range s.Boards {
			if ids[b.ID] {
				t.Errorf("%s: id %d twice", c.file, b.ID)
			}
			ids[b.ID] = true
			// The board and goal files that slide reads hold the same tiles.
			board, err := slide.ParseBoard(boardText(b.Size, b.Tiles))
			if err != nil {
				t.Fatalf("%s board %d: %v", c.file, b.ID, err)
			}
			if board.Rows() != c.size || !slices.Equal(board.Tiles(), b.Tiles) {
				t.Fatalf("%s board %d: slide reads %v", c.file, b.ID, board.Tiles())
			}
			if b.Reference < 2*c.size {
				t.Errorf("%s board %d: reference %d", c.file, b.ID, b.Reference)
			}
		}
		goal, err := slide.ParseBoard(boardText(c.size, blankFirst(c.size)))
		if err != nil || goal.At(0, 0) != 0 || goal.At(c.size-1, c.size-1) != c.size*c.size-1 {
			t.Fatalf("goal %d: %v %v", c.size, goal, err)
		}
	}
}

func TestParseSampleErrors(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"", "no boards"},
		{"# only a comment\n\n", "no boards"},
		{"0 5 0 1 2 3 4 5 6 7", "n*n tiles"},
		{"0 5 0 1 2 3 4 5 6 7 7", "once each"},
		{"0 5 0 1 2 3 4 5 6 7 9", "once each"},
		{"0 5 0 1 2 x 4 5 6 7 8", `"x"`},
		{"0 5 0 1 2 -3 4 5 6 7 8", `"-3"`},
		{"0 0 0 1 2 3 4 5 6 7 8", "reference length 0"},
		{"0 5 0 1 2 3 4 5 6 7 8\n1 5 0 1 2 3", "a 2 x 2 board among 3 x 3"},
		{"0 5", "n*n tiles"},
	} {
		_, err := parseSample(strings.NewReader(c.text), "f")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: got %v, want an error with %q", c.text, err, c.want)
		}
	}
	s, err := parseSample(strings.NewReader("# c\n 3 9 1 2 0 3 4 5 6 7 8 \n\n4 7 3 1 2 0 4 5 6 7 8\n"), "f")
	if err != nil || s.Size != 3 || len(s.Boards) != 2 || s.Boards[1].ID != 4 || s.Boards[1].Reference != 7 || s.Boards[0].Tiles[0] != 1 {
		t.Fatalf("got %+v, %v", s, err)
	}
}

func TestSummarize(t *testing.T) {
	runs := []run{
		{Sample: "a", Size: 6, Budget: 1, Reference: 100, Length: 110, LowerBound: 80, Wall: 0.99, MaxRSS: 5},
		{Sample: "a", Size: 6, Budget: 1, Reference: 100, Length: 100, LowerBound: 100, Optimal: true, Wall: 0.2, MaxRSS: 7},
		{Sample: "b", Size: 7, Budget: 1, Reference: 200, Length: 230, LowerBound: 150, Wall: 1.06},
		{Sample: "a", Size: 6, Budget: 1, Reference: 100, Error: "boom", Wall: 9, MaxRSS: 99},
		{Sample: "a", Size: 6, Budget: 1, Reference: 50, Length: 65, LowerBound: 40, Wall: 0.94, MaxRSS: 6},
		{Sample: "a", Size: 6, Budget: 10, Reference: 100, Error: "boom"},
	}
	sums := summarize(runs)
	if len(sums) != 3 || sums[0].Sample != "a" || sums[1].Sample != "b" || sums[2].Budget != 10 {
		t.Fatalf("groups: %+v", sums)
	}
	a := sums[0]
	want := summary{Sample: "a", Size: 6, Budget: 1, Boards: 3, Failed: 1, Optimal: 1, LengthSum: 275, ReferenceSum: 250,
		Ratio: 275.0 / 250, BoundMean: 220.0 / 3, BoundRatio: 220.0 / 250, WallMin: 0.2, WallMax: 0.99,
		Outside: 1, MaxRSS: 7} // the optimal answer's 0.2 is not outside; 0.94 is
	if a != want {
		t.Errorf("got  %+v\nwant %+v", a, want)
	}
	if b := sums[1]; b.Outside != 1 || b.WallMax != 1.06 || b.Ratio != 1.15 {
		t.Errorf("b: %+v", b)
	}
	if c := sums[2]; c.Boards != 0 || c.Failed != 1 || !math.IsNaN(c.Ratio) {
		t.Errorf("all failed: %+v", c)
	}
	var out bytes.Buffer
	if err := printSummaries(&out, sums); err != nil || !strings.Contains(out.String(), "1.1000") || !strings.Contains(out.String(), "10s") {
		t.Errorf("printed %q, %v", out.String(), err)
	}
	if recs := csvRecords(runs); len(recs) != len(runs)+1 || recs[4][10] != "boom" || recs[1][5] != "110" {
		t.Errorf("csv: %v", recs)
	}
}

func TestParseAnswer(t *testing.T) {
	var r run
	if err := parseAnswer([]byte(`{"solvable":true,"length":3,"optimal":false,"lower_bound":1,"moves":"UDL","seconds":1}`), &r); err != nil || r.Length != 3 || r.LowerBound != 1 || r.Optimal {
		t.Fatalf("%+v %v", r, err)
	}
	r = run{}
	if err := parseAnswer([]byte(`{"solvable":true,"length":2,"optimal":true,"moves":"RR"}`), &r); err != nil || r.LowerBound != 2 || !r.Optimal {
		t.Fatalf("optimal without a bound: %+v %v", r, err)
	}
	for _, bad := range []string{
		``, `{`, `{"solvable":false}`, `{"solvable":true,"length":3}`,
		`{"solvable":true,"length":3,"moves":"UD"}`,
		`{"solvable":true,"length":2,"lower_bound":3,"moves":"UD"}`,
	} {
		if err := parseAnswer([]byte(bad), &run{}); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

// svgElements decodes an SVG picture, failing t where it is not
// well-formed XML, and returns its elements' names and its texts.
func svgElements(t *testing.T, data []byte) (names map[string]int, texts []string) {
	t.Helper()
	names = map[string]int{}
	d := xml.NewDecoder(bytes.NewReader(data))
	for {
		tok, err := d.Token()
		if err == io.EOF {
			return names, texts
		}
		if err != nil {
			t.Fatalf("not well-formed: %v\n%s", err, data)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			names[tok.Name.Local]++
		case xml.CharData:
			if s := strings.TrimSpace(string(tok)); s != "" {
				texts = append(texts, s)
			}
		}
	}
}

func TestWriteSVG(t *testing.T) {
	sums := []summary{
		{Sample: "s6", Size: 6, Budget: 10, Boards: 1, Ratio: 1.0297},
		{Sample: "s6", Size: 6, Budget: 1, Boards: 1, Ratio: 1.0658},
		{Sample: "s7<&>", Size: 7, Budget: 1, Boards: 1, Ratio: 1.179},
		{Sample: "s7<&>", Size: 7, Budget: 60, Boards: 1, Ratio: 1.077},
		{Sample: "s7<&>", Size: 7, Budget: 10, Boards: 0, Ratio: math.NaN()}, // all failed: left out
	}
	ss := plotSeries(sums)
	if len(ss) != 2 || len(ss[0].Points) != 2 || ss[0].Points[0][0] != 1 || len(ss[1].Points) != 2 {
		t.Fatalf("series %+v", ss)
	}
	var b bytes.Buffer
	if err := writeSVG(&b, "title & co", ss); err != nil {
		t.Fatal(err)
	}
	names, texts := svgElements(t, b.Bytes())
	if names["svg"] != 1 || names["circle"] != 4 || names["polyline"] != 2 {
		t.Errorf("elements %v", names)
	}
	for _, want := range []string{"1.066", "1.030", "1.179", "1.077", "DeepCubeA", "1s", "10s", "1m0s", "title & co", "7 x 7 (s7<&>)"} {
		if !slices.Contains(texts, want) {
			t.Errorf("no text %q in %q", want, texts)
		}
	}
	// One point, ratios under 1: still a picture with the reference inside.
	b.Reset()
	if err := writeSVG(&b, "t", []series{{Label: "x", Points: [][2]float64{{0.2, 0.9}}}}); err != nil {
		t.Fatal(err)
	}
	if names, _ := svgElements(t, b.Bytes()); names["circle"] != 1 || names["polyline"] != 0 {
		t.Errorf("one point: %v", names)
	}
	for _, bad := range [][]series{nil, {{Label: "x"}}, {{Points: [][2]float64{{1, math.NaN()}}}}, {{Points: [][2]float64{{0, 1}}}}} {
		if err := writeSVG(io.Discard, "t", bad); err == nil {
			t.Errorf("%v: no error", bad)
		}
	}
}

func TestParseFlags(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-budgets", "1s,x"}, `"x"`},
		{[]string{"-budgets", "0s"}, "above 0"},
		{[]string{"-budgets", "-1s"}, "above 0"},
		{[]string{"-budgets", ""}, "above 0"},
		{[]string{"-boards", "-1"}, "-boards -1"},
		{[]string{"-workers", "-2"}, "-workers -2"},
		{[]string{"-samples", "a,,b"}, "empty file name"},
		{[]string{"extra"}, `"extra"`},
		{[]string{"-from", "r.json", "-json", "./r.json"}, "-from r.json is also the -json file"},
		{[]string{"-plot", "p", "-csv", "p"}, "-plot p is also the -csv file"},
		{[]string{"-plot", os.TempDir()}, "not a regular file"},
		{[]string{"-json", "/no/such/folder/r.json"}, "no folder /no/such/folder"},
		{[]string{"-nosuch"}, "nosuch"},
		{[]string{"-from", "a.json,,b.json"}, "empty file name"},
		{[]string{"-from", "a.json,./a.json"}, "-from ./a.json is also the -from file"},
	} {
		fs := flag.NewFlagSet("samples", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		if _, err := parseFlags(fs, c.args); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: got %v, want an error with %q", c.args, err, c.want)
		}
	}
	fs := flag.NewFlagSet("samples", flag.ContinueOnError)
	s, err := parseFlags(fs, []string{"-budgets", "1s, 10s,60s", "-samples", "a.txt,b.txt", "-boards", "3"})
	if err != nil || len(s.budgetList) != 3 || s.budgetList[2].Seconds() != 60 || !slices.Equal(s.sampleList, []string{"a.txt", "b.txt"}) || s.boards != 3 {
		t.Fatalf("%+v %v", s, err)
	}
}

// TestFailingProcess runs a "slide" that always fails: every run is
// reported, the files are still written, and the error names the boards.
func TestFailingProcess(t *testing.T) {
	fail, err := exec.LookPath("false")
	if err != nil {
		t.Skip("no false command")
	}
	dir := t.TempDir()
	fs := flag.NewFlagSet("samples", flag.ContinueOnError)
	s, err := parseFlags(fs, []string{"-slide", fail, "-boards", "2", "-budgets", "10ms",
		"-samples", testsets.Path("deep6x6_sample50.txt"), "-json", filepath.Join(dir, "r.json")})
	if err != nil {
		t.Fatal(err)
	}
	var out, errs bytes.Buffer
	err = execute(context.Background(), s, &out, &errs)
	if err == nil || !strings.Contains(err.Error(), "2 runs failed") || !strings.Contains(err.Error(), "board 1 at 10ms") {
		t.Fatalf("got %v", err)
	}
	var res results
	data, _ := os.ReadFile(filepath.Join(dir, "r.json"))
	if err := json.Unmarshal(data, &res); err != nil || len(res.Runs) != 2 || res.Runs[0].Error == "" || len(res.Summaries) != 0 {
		t.Fatalf("results %s: %v", data, err)
	}
	if !strings.Contains(out.String(), "deep6x6_sample50") {
		t.Errorf("summary %q", out.String())
	}
}

func TestFrom(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.json")
	res := results{Runs: []run{
		{Sample: "a", Size: 6, ID: 1, Budget: 1, Reference: 100, Length: 104, LowerBound: 80, Wall: 1},
		{Sample: "a", Size: 6, ID: 1, Budget: 10, Reference: 100, Length: 101, LowerBound: 81, Wall: 10},
	}}
	data, _ := json.Marshal(res)
	os.WriteFile(in, data, 0o644)
	fs := flag.NewFlagSet("samples", flag.ContinueOnError)
	s, err := parseFlags(fs, []string{"-from", in, "-plot", filepath.Join(dir, "p.svg"), "-csv", filepath.Join(dir, "r.csv")})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := execute(context.Background(), s, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	svg, _ := os.ReadFile(filepath.Join(dir, "p.svg"))
	if names, texts := svgElements(t, svg); names["circle"] != 2 || !slices.Contains(texts, "1.040") || !slices.Contains(texts, "1.010") {
		t.Errorf("plot %v %v", names, texts)
	}
	if !strings.Contains(out.String(), "1.0400") {
		t.Errorf("summary %q", out.String())
	}
	// Two files read as one: the 7 x 7 run of the second is a line of its own.
	in2 := filepath.Join(dir, "in2.json")
	data, _ = json.Marshal(results{Runs: []run{{Sample: "b", Size: 7, ID: 3, Budget: 60, Reference: 200, Length: 210, LowerBound: 150, Wall: 60}}})
	os.WriteFile(in2, data, 0o644)
	s2, err := parseFlags(flag.NewFlagSet("samples", flag.ContinueOnError), []string{"-from", in + "," + in2, "-plot", filepath.Join(dir, "p2.svg")})
	if err != nil {
		t.Fatal(err)
	}
	out.Reset()
	if err := execute(context.Background(), s2, &out, io.Discard); err != nil || !strings.Contains(out.String(), "1.0500") || !strings.Contains(out.String(), "1.0100") {
		t.Errorf("two files: %v %q", err, out.String())
	}
	svg, _ = os.ReadFile(filepath.Join(dir, "p2.svg"))
	if names, texts := svgElements(t, svg); names["circle"] != 3 || names["polyline"] != 1 || !slices.Contains(texts, "1m0s") {
		t.Errorf("plot of two files %v %v", names, texts)
	}
	for _, bad := range []string{`{}`, `{"runs":[{"sample":"a","size":6}]}`, `[`} {
		os.WriteFile(in, []byte(bad), 0o644)
		if err := execute(context.Background(), s, io.Discard, io.Discard); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
	s.fromList = []string{filepath.Join(dir, "none.json")}
	if err := execute(context.Background(), s, io.Discard, io.Discard); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
}

// TestEndToEnd builds slide and solves two boards of each sample at
// 200ms each: every answer is at least its lower bound and the reference's
// own lower bound, and the results read back.
func TestEndToEnd(t *testing.T) {
	if !testsets.Long() {
		t.Skip("quick form (SLIDE_LONG=1 runs it): builds slide and runs it for a few seconds")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "slide")
	if out, err := exec.Command("go", "build", "-o", bin, "github.com/slidekit/slide/cmd/slide").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	fs := flag.NewFlagSet("samples", flag.ContinueOnError)
	s, err := parseFlags(fs, []string{"-slide", bin, "-boards", "2", "-budgets", "200ms", "-workers", "1",
		"-samples", testsets.Path("deep6x6_sample50.txt") + "," + testsets.Path("deep7x7_sample50.txt"),
		"-json", filepath.Join(dir, "r.json"), "-plot", filepath.Join(dir, "p.svg")})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := execute(context.Background(), s, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	var res results
	data, _ := os.ReadFile(filepath.Join(dir, "r.json"))
	if err := json.Unmarshal(data, &res); err != nil || len(res.Runs) != 4 || len(res.Summaries) != 2 {
		t.Fatalf("results %s: %v", data, err)
	}
	for _, r := range res.Runs {
		if r.Error != "" || r.Length < r.LowerBound || r.LowerBound < 2*r.Size || r.Wall <= 0 || r.Budget != 0.2 {
			t.Errorf("run %+v", r)
		}
	}
	svg, _ := os.ReadFile(filepath.Join(dir, "p.svg"))
	if names, _ := svgElements(t, svg); names["circle"] != 2 {
		t.Errorf("plot %v", names)
	}
	t.Logf("\n%s", out.String())
}

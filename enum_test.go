package slide

import (
	"encoding"
	"encoding/json"
	"errors"
	"flag"
	"io"
	"strings"
	"testing"
	"time"
)

// enumCase is one enumeration: its values with names, and a fresh pointer
// to decode into.
type enumCase struct {
	name   string
	values []encoding.TextMarshaler
	fresh  func() encoding.TextUnmarshaler
	bad    encoding.TextMarshaler // a value without a name
}

func enumCases() []enumCase {
	var hs, as, ms, bs, ds, mo, modes []encoding.TextMarshaler
	for _, h := range Heuristics() {
		hs = append(hs, h, h.WithWalkingDistance())
	}
	hs = append(hs, MustParseDatabase(Goal(3, 3), "1 2 3 4/5 6 7 8").Heuristic())
	for a := range numAlgorithms {
		as = append(as, a)
	}
	for _, m := range []Mode{Optimal(), Weighted(1.25), Anytime(0), Anytime(1500 * time.Millisecond), Fast()} {
		modes = append(modes, m)
	}
	for _, m := range []Metric{TileMoves, LineMoves} {
		ms = append(ms, m)
	}
	for m := range numBlockMetrics {
		bs = append(bs, m)
	}
	for d := Up; d <= Right; d++ {
		ds = append(ds, d)
	}
	for m := range numMotions {
		mo = append(mo, m)
	}
	return []enumCase{
		{"Heuristic", hs, func() encoding.TextUnmarshaler { return new(Heuristic) }, Heuristic{kind: custom + 1}},
		{"Mode", modes, func() encoding.TextUnmarshaler { return new(Mode) }, Weighted(0.5)},
		{"Algorithm", as, func() encoding.TextUnmarshaler { return new(Algorithm) }, numAlgorithms},
		{"Metric", ms, func() encoding.TextUnmarshaler { return new(Metric) }, Metric(2)},
		{"BlockMetric", bs, func() encoding.TextUnmarshaler { return new(BlockMetric) }, numBlockMetrics},
		{"Direction", ds, func() encoding.TextUnmarshaler { return new(Direction) }, Direction(4)},
		{"Motion", mo, func() encoding.TextUnmarshaler { return new(Motion) }, numMotions},
	}
}

// TestEnumText round-trips every value of every enumeration through
// MarshalText and UnmarshalText, checks that the text is String's, and
// that values without a name and unknown names fail with errors that name
// the method.
func TestEnumText(t *testing.T) {
	for _, c := range enumCases() {
		for _, v := range c.values {
			text, err := v.MarshalText()
			if err != nil {
				t.Fatalf("%s %v: MarshalText: %v", c.name, v, err)
			}
			if s := v.(interface{ String() string }).String(); string(text) != s {
				t.Errorf("%s: MarshalText %q, String %q", c.name, text, s)
			}
			back := c.fresh()
			if err := back.UnmarshalText(text); err != nil {
				t.Fatalf("%s: UnmarshalText(%q): %v", c.name, text, err)
			}
			if got := back.(interface{ String() string }).String(); got != string(text) {
				t.Errorf("%s: %q reads back as %q", c.name, text, got)
			}
		}
		if _, err := c.bad.MarshalText(); err == nil || !strings.Contains(err.Error(), c.name+".MarshalText") {
			t.Errorf("%s: MarshalText of %v: %v, want an error naming %s.MarshalText", c.name, c.bad, err, c.name)
		}
		back := c.fresh()
		before := back.(interface{ String() string }).String()
		err := back.UnmarshalText([]byte("no such name"))
		if err == nil || !strings.Contains(err.Error(), "slide."+c.name+".UnmarshalText") {
			t.Errorf("%s: UnmarshalText of a bad name: %v", c.name, err)
		}
		if after := back.(interface{ String() string }).String(); after != before {
			t.Errorf("%s: a failed UnmarshalText changed the value from %s to %s", c.name, before, after)
		}
	}
}

// TestEnumJSONAndFlags uses the enumerations as JSON fields and as
// flag.TextVar values, by name.
func TestEnumJSONAndFlags(t *testing.T) {
	type settings struct {
		Heuristic Heuristic   `json:"heuristic"`
		Algorithm Algorithm   `json:"algorithm"`
		Metric    Metric      `json:"metric"`
		Blocks    BlockMetric `json:"blocks"`
		Dir       Direction   `json:"dir"`
	}
	in := settings{PDB663, AlgoBidirectional, LineMoves, PieceMoves, Left}
	data, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"heuristic":"pdb663","algorithm":"bibfs","metric":"line","blocks":"piece","dir":"left"}`
	if string(data) != want {
		t.Errorf("JSON %s, want %s", data, want)
	}
	var out settings
	if err := json.Unmarshal([]byte(`{"heuristic":"lc","algorithm":"ida","metric":"tile","blocks":"straight","dir":"R"}`), &out); err != nil {
		t.Fatal(err)
	}
	if out != (settings{LinearConflict, AlgoIDAStar, TileMoves, StraightMoves, Right}) {
		t.Errorf("decoded %+v", out)
	}
	if err := json.Unmarshal([]byte(`{"metric":"diagonal"}`), &out); err == nil {
		t.Error("an unknown metric decoded")
	}

	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var h Heuristic
	var m Metric
	fs.TextVar(&h, "heuristic", Auto, "")
	fs.TextVar(&m, "metric", TileMoves, "")
	if err := fs.Parse([]string{"-heuristic", "manhattan", "-metric", "line"}); err != nil {
		t.Fatal(err)
	}
	if h != Manhattan || m != LineMoves {
		t.Errorf("flags gave %v, %v", h, m)
	}
	if err := fs.Parse([]string{"-metric", "lines"}); err == nil {
		t.Error("flag accepted metric \"lines\"")
	}
}

// TestParseNames checks the aliases: "line" names StraightMoves as
// "straight" does, and directions read as FormatMoves letters.
func TestParseNames(t *testing.T) {
	for _, s := range []string{"line", "straight"} {
		if m, err := ParseBlockMetric(s); err != nil || m != StraightMoves {
			t.Errorf("ParseBlockMetric(%q) = %v, %v", s, m, err)
		}
	}
	if StraightMoves.String() != "straight" {
		t.Errorf("StraightMoves prints %q", StraightMoves)
	}
	for s, want := range map[string]Metric{"tile": TileMoves, "line": LineMoves} {
		if m, err := ParseMetric(s); err != nil || m != want {
			t.Errorf("ParseMetric(%q) = %v, %v", s, m, err)
		}
	}
	if _, err := ParseMetric("step"); !errors.Is(err, ErrSyntax) {
		t.Errorf("ParseMetric(step): %v", err)
	}
	for s, want := range map[string]Direction{"U": Up, "d": Down, "L": Left, "r": Right, "right": Right} {
		if d, err := ParseDirection(s); err != nil || d != want {
			t.Errorf("ParseDirection(%q) = %v, %v", s, d, err)
		}
	}
	for _, s := range []string{"", "Up", "x", "uu", "\x15"} {
		if _, err := ParseDirection(s); !errors.Is(err, ErrSyntax) {
			t.Errorf("ParseDirection(%q): %v", s, err)
		}
	}
	for s, want := range map[string]Motion{"n": Fixed, "h": Horizontal, "vertical": Vertical, "b": Both} {
		if m, err := ParseMotion(s); err != nil || m != want {
			t.Errorf("ParseMotion(%q) = %v, %v", s, m, err)
		}
	}
	if _, err := ParseMotion("x"); !errors.Is(err, ErrSyntax) {
		t.Errorf("ParseMotion(x): %v", err)
	}
	if data, err := json.Marshal(Piece{Width: 1, Height: 2, Motion: Vertical}); err != nil || !strings.Contains(string(data), `"Motion":"vertical"`) {
		t.Errorf("a Piece in JSON: %s, %v", data, err)
	}
	long := strings.Repeat("é", 1000)
	if _, err := ParseHeuristic(long); err == nil || len(err.Error()) > 300 || !strings.Contains(err.Error(), "(2000 bytes)") {
		t.Errorf("a 2000-byte name gives the message %q", err)
	}
}

// TestBlocksText round-trips puzzles through MarshalText and UnmarshalText
// and JSON, and checks that UnmarshalText refuses what ParseBlocks
// discards, with the same *DiscardError.
func TestBlocksText(t *testing.T) {
	for _, c := range readBlockCases(t) {
		text, err := c.puzzle.MarshalText()
		if err != nil || string(text) != c.puzzle.String() {
			t.Fatalf("%s: MarshalText %q, %v", c.name, text, err)
		}
		var back Blocks
		if err := back.UnmarshalText(text); err != nil || back != c.puzzle {
			t.Fatalf("%s: UnmarshalText: %v, %v", c.name, back, err)
		}
	}
	rush, _ := ParseRushHour("IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM")
	data, err := json.Marshal(struct{ Puzzle Blocks }{rush})
	if err != nil {
		t.Fatal(err)
	}
	var got struct{ Puzzle Blocks }
	if err := json.Unmarshal(data, &got); err != nil || got.Puzzle != rush {
		t.Fatalf("JSON round trip: %v, %v", got.Puzzle, err)
	}
	var b Blocks = rush
	if err := b.UnmarshalText([]byte("# nothing\n\n")); err != nil || b.IsValid() {
		t.Errorf("comments only: %v, %v", b, err)
	}
	if text, _ := b.MarshalText(); len(text) != 0 {
		t.Errorf("zero Blocks marshals as %q", text)
	}
	b = rush
	err = b.UnmarshalText([]byte("2 2\n1 1 1 1 b\n2 2 1 1 q\n"))
	var de *DiscardError
	if !errors.Is(err, ErrSyntax) || !errors.As(err, &de) || !strings.Contains(err.Error(), "slide.Blocks.UnmarshalText: line 3") {
		t.Errorf("a bad piece line: %v", err)
	}
	if _, perr := ParseBlocks("2 2\n1 1 1 1 b\n2 2 1 1 q\n"); perr == nil || strings.TrimPrefix(perr.Error(), "slide.ParseBlocks") != strings.TrimPrefix(err.Error(), "slide.Blocks.UnmarshalText") {
		t.Errorf("ParseBlocks says %v, UnmarshalText %v", perr, err)
	}
	if b != rush {
		t.Error("a failed UnmarshalText changed the puzzle")
	}
	if err := b.UnmarshalText([]byte("2 x\n")); !errors.Is(err, ErrSyntax) || !strings.HasPrefix(err.Error(), "slide.Blocks.UnmarshalText:") {
		t.Errorf("a bad size line: %v", err)
	}
}

// FuzzBlocksText checks that UnmarshalText never panics and that what it
// accepts marshals and reads back to the same puzzle.
func FuzzBlocksText(f *testing.F) {
	for _, s := range []string{"4 4\n3 1 2 1 b\n1 1 1 1 b\n", "", "# c\n", "2 2\n1 1 1 1 q\n", "1 65535\n1 1 1 1 h\n", "2 2\n1 1 2 2 n\n1 1 1 1 b\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var b Blocks
		if err := b.UnmarshalText([]byte(s)); err != nil {
			return
		}
		text, err := b.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		var back Blocks
		if err := back.UnmarshalText(text); err != nil || back != b {
			t.Fatalf("%q: round trip %v, %v", s, back, err)
		}
	})
}

// TestProgressString checks the text of the progress reports, which
// log.Println prints: their parts with values, in words.
func TestProgressString(t *testing.T) {
	for p, want := range map[Progress]string{
		{Bound: 52, Generated: 1200000, Elapsed: 1500 * time.Millisecond}: "bound 52, 1200000 nodes, 1.5s",
		{Best: 60, LowerBound: 48, Generated: 10, Elapsed: time.Second}:   "best 60 (at least 48), 10 nodes, 1s",
		{LowerBound: 48, Elapsed: 2 * time.Millisecond}:                   "at least 48, 2ms",
	} {
		if got := p.String(); got != want {
			t.Errorf("%#v: %q, want %q", p, got, want)
		}
	}
}

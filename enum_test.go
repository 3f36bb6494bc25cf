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

// TestParseNames checks the names: "line" is a Metric only (a
// BlockMetric's straight slide is "straight"), and directions read as
// FormatMoves letters.
func TestParseNames(t *testing.T) {
	if m, err := ParseBlockMetric("straight"); err != nil || m != StraightMoves {
		t.Errorf("ParseBlockMetric(straight) = %v, %v", m, err)
	}
	if _, err := ParseBlockMetric("line"); !errors.Is(err, ErrSyntax) || !strings.Contains(err.Error(), "want straight, step or piece") {
		t.Errorf("ParseBlockMetric(line): %v", err)
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

// FuzzParseNames checks that the parsers of option names accept exactly
// the names the values print, and nothing else.
func FuzzParseNames(f *testing.F) {
	for _, s := range []string{"auto", "linear", "lc", "pdb78", "wd", "bibfs", "ida", "line", "step", "piece", "", "PDB78", "astar ", "straight", "tile", "up", "R", "l"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if h, err := ParseHeuristic(s); err == nil {
			if back, err := ParseHeuristic(h.String()); err != nil || back != h {
				t.Fatalf("ParseHeuristic(%q) = %v, which does not parse back", s, h)
			}
		}
		if a, err := ParseAlgorithm(s); err == nil {
			if back, err := ParseAlgorithm(a.String()); err != nil || back != a {
				t.Fatalf("ParseAlgorithm(%q) = %v, which does not parse back", s, a)
			}
		}
		if m, err := ParseBlockMetric(s); err == nil {
			if back, err := ParseBlockMetric(m.String()); err != nil || back != m {
				t.Fatalf("ParseBlockMetric(%q) = %v, which does not parse back", s, m)
			}
		}
		if m, err := ParseMetric(s); err == nil {
			if back, err := ParseMetric(m.String()); err != nil || back != m {
				t.Fatalf("ParseMetric(%q) = %v, which does not parse back", s, m)
			}
		}
		if d, err := ParseDirection(s); err == nil {
			if back, err := ParseDirection(d.String()); err != nil || back != d {
				t.Fatalf("ParseDirection(%q) = %v, which does not parse back", s, d)
			}
		}
		// UnmarshalText accepts exactly what the Parse functions accept.
		var h Heuristic
		_, perr := ParseHeuristic(s)
		if err := h.UnmarshalText([]byte(s)); (err == nil) != (perr == nil) {
			t.Fatalf("Heuristic.UnmarshalText(%q): %v; ParseHeuristic: %v", s, err, perr)
		}
		var d Direction
		_, perr = ParseDirection(s)
		if err := d.UnmarshalText([]byte(s)); (err == nil) != (perr == nil) {
			t.Fatalf("Direction.UnmarshalText(%q): %v; ParseDirection: %v", s, err, perr)
		}
	})
}

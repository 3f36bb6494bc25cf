package main

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/slidekit/slide"
)

// TestBuildTimesDocumented: every build time that docs/COMMANDS.md gives for a
// shipped database ("`pdb35` in about 16 s", "built in about 27 s") is
// the one of buildTimes, which pdb -h and the line before a build give.
func TestBuildTimesDocumented(t *testing.T) {
	data, err := os.ReadFile("../../docs/COMMANDS.md")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Join(strings.Fields(string(data)), " ") // sentences across lines
	times := regexp.MustCompile("`(pdb[0-9]+(?:x[0-9]+)?)`[^`]{0,60}? in ((?:about |under )?(?:a |[0-9.]+ ?)(?:ms|s|second|minute)s?)\\b")
	found := times.FindAllStringSubmatch(text, -1)
	if len(found) < 3 {
		t.Fatalf("docs/COMMANDS.md gives %d build times, want those of pdb35, pdb48 and pdb6666: %q", len(found), found)
	}
	for _, m := range found {
		h, err := slide.ParseHeuristic(m[1])
		if err != nil || buildTime(h) != m[2] {
			t.Errorf("docs/COMMANDS.md: %q: want %q", m[0], buildTime(h))
		}
	}
	for _, h := range slide.Heuristics() {
		if h.IsDatabase() && (buildTime(h) == "" || !strings.Contains(shippedTable(), h.String()+" ") || !strings.Contains(shippedTable(), buildTime(h))) {
			t.Errorf("%v: no build time in pdb -h:\n%s", h, shippedTable())
		}
	}
}

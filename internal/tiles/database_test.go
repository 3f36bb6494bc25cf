package tiles

import (
	"math/rand/v2"
	"testing"

	"github.com/slidekit/slide/internal/engine"
	"github.com/slidekit/slide/internal/pdb"
	"github.com/slidekit/slide/internal/testsets"
)

// TestOrient checks how a shipped partition fits a goal: on its own
// board size only (an Option error otherwise); as it is for its own
// blank; through a quarter, half or three-quarter turn, a symmetry of the
// board that takes the blank's goal cell to the partition's, for a blank
// in another corner; and moved to the blank (a database of its own) for
// a blank off the corners.
func TestOrient(t *testing.T) {
	h := Heuristic{Kind: Database, Name: "pdb555", Spec: pdb.Korf555()}
	if _, _, err := Orient(h, 3, 3, 0); !engine.Is(err, engine.Option) {
		t.Errorf("a 4 x 4 partition on 3 x 3: %v, want an Option error", err)
	}
	for blank := range 16 {
		rot, spec, err := Orient(h, 4, 4, blank)
		if err != nil {
			t.Fatalf("blank on %d: %v", blank, err)
		}
		corner := blank == 0 || blank == 3 || blank == 12 || blank == 15
		switch {
		case blank == 0:
			if rot != nil || spec.String() != h.Spec.String() {
				t.Errorf("blank on 0: %v, %v; want the partition as it is", rot, spec)
			}
		case corner:
			if spec.String() != h.Spec.String() || rot == nil || int(rot[blank]) != 0 {
				t.Fatalf("blank on %d: %v takes it to %v, with %v", blank, rot, rot[blank], spec)
			}
			g := NewGoal(4, 4, testsets.BlankLast(16), true)
			for a := range 16 {
				if back := rot.Back(int(rot[a])); back != a {
					t.Fatalf("blank on %d: Back(%d) = %d, want %d", blank, rot[a], back, a)
				}
				for b := range 16 {
					if g.Dist(a, b) != g.Dist(int(rot[a]), int(rot[b])) {
						t.Fatalf("blank on %d: %v is not a symmetry of the board", blank, rot)
					}
				}
			}
		default:
			if rot != nil || spec.Blank != blank || spec.String() != h.Spec.WithBlank(blank).String() {
				t.Errorf("blank on %d: %v, %v; want the partition moved to the blank", blank, rot, spec)
			}
		}
	}
	var id Orientation
	if id.Back(7) != 7 {
		t.Error("the identity's Back is not the identity")
	}
	if (Orientation{1, 0}).Back(5) != -1 {
		t.Error("Back of a cell nothing maps to")
	}
}

// TestOrientationApply checks Apply against its definition, a tile whose
// goal is v on cell c becoming tile o[v] on cell o[c], on random boards.
func TestOrientationApply(t *testing.T) {
	rng := rand.New(rand.NewPCG(50, 51))
	h := Heuristic{Kind: Database, Name: "pdb663", Spec: pdb.Korf663()}
	rot, _, err := Orient(h, 4, 4, 15)
	if err != nil {
		t.Fatal(err)
	}
	for range 100 {
		vals := rng.Perm(16)
		got := rot.Apply(vals)
		for c, v := range vals {
			if got[rot[c]] != rot[v] {
				t.Fatalf("Apply(%v) = %v: cell %d", vals, got, c)
			}
		}
		ident := Orientation(nil).Apply(vals)
		for c, v := range vals {
			if int(ident[c]) != v {
				t.Fatalf("the identity's Apply(%v) = %v", vals, ident)
			}
		}
	}
}

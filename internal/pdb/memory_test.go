package pdb

import (
	"errors"
	"testing"
)

// TestBuildBytes checks the memory estimates against the figures the
// documentation gives (docs/PERFORMANCE.md compares them with the
// builder's measured peaks).
func TestBuildBytes(t *testing.T) {
	for _, c := range []struct {
		spec    Spec
		build   int64
		compact int64
	}{
		{Korf555(), 2_346_960, 786_240},
		{Korf663(), 15_424_600, 5_767_440},
		{Korf78(), 983_667_510, 288_288_000},
		{Korf6666(), 473_633_428, 255_024_000},
		{Six35(), 307_886_880, 158_336_640},
		{Seven48(), 77_617_048, 28_022_929},
		{Seven48x5(), 1_802_988_360, 1_029_772_632},
	} {
		if got := c.spec.BuildBytes(); got != c.build {
			t.Errorf("%v: BuildBytes %d, want %d", c.spec, got, c.build)
		}
		if got := c.spec.TableBytes(true); got != c.compact {
			t.Errorf("%v: TableBytes %d, want %d", c.spec, got, c.compact)
		}
	}
	few := Spec{Rows: 6, Cols: 6, Blank: 0, Patterns: [][]uint8{{1, 2, 3}}} // 33 cells empty
	if err := few.CheckBuild(); err != nil {
		t.Errorf("3 tiles on 6x6: %v", err)
	}
	if err := (Spec{Rows: 6, Cols: 6, Blank: 0}).CheckBuild(); !errors.Is(err, ErrSpec) {
		t.Errorf("no patterns: %v", err)
	}
}

package slide

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestRankExhaustive ranks every permutation of up to 8 elements: ranks
// follow lexicographic order, unrank inverts rank, and the half ranks of
// each parity class are exactly 0 ... n!/2-1.
func TestRankExhaustive(t *testing.T) {
	for n := 0; n <= 8; n++ {
		p := make([]int, n)
		for i := range p {
			p[i] = i
		}
		next := uint64(0)
		var half [2][]bool
		half[0] = make([]bool, max(factorials[n]/2, 1))
		half[1] = make([]bool, max(factorials[n]/2, 1))
		arrangements(p, func(a []int) {
			r, err := RankPermutation(a)
			if err != nil || r != next {
				t.Fatalf("rank(%v) = %d, %v; want %d", a, r, err, next)
			}
			next++
			back, err := UnrankPermutation(n, r)
			if err != nil || !slices.Equal(back, a) {
				t.Fatalf("unrank(%d, %d) = %v, want %v", n, r, back, a)
			}
			h, odd, err := RankPermutationHalf(a)
			if err != nil {
				t.Fatal(err)
			}
			par := 0
			if odd {
				par = 1
			}
			if half[par][h] {
				t.Fatalf("half rank %d of parity %d twice", h, par)
			}
			half[par][h] = true
			hb, err := UnrankPermutationHalf(n, h, odd)
			if err != nil || !slices.Equal(hb, a) {
				t.Fatalf("unrank half(%d, %d, %v) = %v, %v; want %v", n, h, odd, hb, err, a)
			}
			if n <= 16 {
				var key uint64
				for i, v := range a {
					key |= uint64(v) << (4 * i)
				}
				if rankPacked(key, n) != r {
					t.Fatalf("rankPacked(%v) = %d, want %d", a, rankPacked(key, n), r)
				}
			}
		})
		if next != factorials[n] {
			t.Fatalf("n=%d: %d permutations", n, next)
		}
		if n >= 2 && (slices.Contains(half[0], false) || slices.Contains(half[1], false)) {
			t.Fatalf("n=%d: half ranks do not cover the range", n)
		}
	}
}

func TestRankLarge(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 3))
	for _, n := range []int{12, 16, 20} {
		for range 200 {
			p := rng.Perm(n)
			r, err := RankPermutation(p)
			if err != nil {
				t.Fatal(err)
			}
			back, _ := UnrankPermutation(n, r)
			if !slices.Equal(back, p) {
				t.Fatalf("n=%d: round trip of %v gave %v", n, p, back)
			}
		}
	}
	last := make([]int, 20)
	for i := range last {
		last[i] = 19 - i
	}
	if r, _ := RankPermutation(last); r != factorials[20]-1 {
		t.Errorf("rank of the last permutation of 20 = %d", r)
	}
}

func TestRankErrors(t *testing.T) {
	for _, p := range [][]int{{0, 0}, {1, 2}, {-1, 0}, make([]int, 21)} {
		if _, err := RankPermutation(p); err == nil {
			t.Errorf("RankPermutation(%v) accepted", p)
		}
		if _, _, err := RankPermutationHalf(p); err == nil {
			t.Errorf("RankPermutationHalf(%v) accepted", p)
		}
	}
	if _, err := UnrankPermutation(3, 6); !errors.Is(err, ErrSize) {
		t.Errorf("rank 6 of 3: %v", err)
	}
	if _, err := UnrankPermutation(21, 0); !errors.Is(err, ErrSize) {
		t.Errorf("length 21: %v", err)
	}
	if _, err := UnrankPermutationHalf(3, 3, false); !errors.Is(err, ErrSize) {
		t.Errorf("half rank 3 of 3: %v", err)
	}
	if _, err := UnrankPermutationHalf(1, 0, true); !errors.Is(err, ErrSize) {
		t.Errorf("odd permutation of 1: %v", err)
	}
	if _, err := UnrankPermutationHalf(-1, 0, false); !errors.Is(err, ErrSize) {
		t.Errorf("length -1: %v", err)
	}
}

func TestPackUnpack(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 5))
	for _, shape := range [][2]int{{1, 2}, {2, 2}, {3, 3}, {2, 8}, {4, 4}, {16, 1}} {
		for range 50 {
			b := randomBoard(rng, shape[0], shape[1])
			p, err := b.Pack()
			if err != nil {
				t.Fatal(err)
			}
			back, err := Unpack(shape[0], shape[1], p)
			if err != nil || back != b {
				t.Fatalf("Unpack(Pack(%v)) = %v, %v", b, back, err)
			}
		}
	}
	if _, err := Goal(3, 6).Pack(); !errors.Is(err, ErrSize) {
		t.Errorf("18 cells: %v", err)
	}
	if _, err := MustParseLabeled("2\n1 16\n2 0\n").Pack(); !errors.Is(err, ErrTile) {
		t.Errorf("label 16: %v", err)
	}
	if _, err := Unpack(2, 2, 1<<20); !errors.Is(err, ErrSyntax) {
		t.Errorf("bits beyond the board: %v", err)
	}
	if _, err := Unpack(3, 6, 0); !errors.Is(err, ErrSize) {
		t.Errorf("18 cells: %v", err)
	}
	if _, err := Unpack(2, 2, 0); !errors.Is(err, ErrTile) {
		t.Errorf("four blanks: %v", err)
	}
}

func TestKey(t *testing.T) {
	a, b := Goal(20, 20), Goal(20, 20).Twin()
	if a.Key() == b.Key() || a.Key() != Goal(20, 20).Key() || len(a.Key()) != 2*400 {
		t.Error("Key of 20x20 boards")
	}
	small := Goal(5, 5)
	if len(small.Key()) != 25 || small.Key() == small.Twin().Key() {
		t.Error("Key of 5x5 boards")
	}
}

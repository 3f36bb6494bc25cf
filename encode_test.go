package slide

import (
	"errors"
	"math/rand/v2"
	"testing"
)

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
	if _, err := MustParseBoard("2\n1 16\n2 0\n").Pack(); !errors.Is(err, ErrTile) {
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

// FuzzUnmarshalBinary feeds arbitrary bytes to UnmarshalBinary.
func FuzzUnmarshalBinary(f *testing.F) {
	good, _ := Goal(3, 3).MarshalBinary()
	f.Add(good)
	f.Add([]byte{2, 0, 1, 0, 1, 0, 0, 0})
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		var b Board
		if err := b.UnmarshalBinary(data); err != nil {
			return
		}
		out, _ := b.MarshalBinary()
		var back Board
		if err := back.UnmarshalBinary(out); err != nil || back != b {
			t.Fatalf("binary round trip of %v: %v, %v", data, back, err)
		}
	})
}

// FuzzUnpack feeds arbitrary sizes and words to Unpack.
func FuzzUnpack(f *testing.F) {
	f.Add(3, 3, uint64(0x087654321))
	f.Add(4, 4, uint64(0))
	f.Add(-1, 5, uint64(1))
	f.Fuzz(func(t *testing.T, rows, cols int, p uint64) {
		b, err := Unpack(rows, cols, p)
		if err != nil {
			return
		}
		if q, err := b.Pack(); err != nil || q != p {
			t.Fatalf("Pack(Unpack(%x)) = %x, %v", p, q, err)
		}
	})
}

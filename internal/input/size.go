package input

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// sizeUnits are the units ParseSize reads, in lower case.
var sizeUnits = map[string]float64{
	"": 1, "b": 1,
	"k": 1e3, "kb": 1e3, "m": 1e6, "mb": 1e6, "g": 1e9, "gb": 1e9, "t": 1e12, "tb": 1e12,
	"kib": 1 << 10, "mib": 1 << 20, "gib": 1 << 30, "tib": 1 << 40,
}

// ParseSize reads a size in bytes: a number, possibly with a fraction,
// and an optional unit, B, KB, MB, GB, TB (powers of 1000) or KiB, MiB,
// GiB, TiB (powers of 1024), in any case, or "none" (no bound, -1). A
// size must be at least one byte.
func ParseSize(s string) (int64, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	if t == "none" {
		return -1, nil
	}
	i := strings.IndexFunc(t, func(r rune) bool { return (r < '0' || r > '9') && r != '.' })
	if i < 0 {
		i = len(t)
	}
	num, unit := t[:i], strings.TrimSpace(t[i:])
	scale, ok := sizeUnits[unit]
	v, err := strconv.ParseFloat(num, 64)
	switch {
	case num == "" || err != nil:
		return 0, fmt.Errorf("%s is not a size: want a number and a unit, such as 512MiB or 2GiB", Quote(s))
	case !ok:
		return 0, fmt.Errorf("%s: unknown unit %s (want B, KB, MB, GB, TB, KiB, MiB, GiB or TiB)", Quote(s), Quote(unit))
	case v*scale < 1:
		return 0, fmt.Errorf("%s is less than a byte", Quote(s))
	case v*scale >= math.MaxInt64:
		return 0, fmt.Errorf("%s is too large", Quote(s))
	}
	return int64(v * scale), nil
}

// ParseBoardSize reads a board size: "RxC" or "N" for N x N. Which sizes
// make a board is the library's to say.
func ParseBoardSize(s string) (rows, cols int, err error) {
	r, c, found := strings.Cut(strings.ToLower(s), "x")
	rows, err1 := strconv.Atoi(r)
	cols, err2 := rows, error(nil)
	if found {
		cols, err2 = strconv.Atoi(c)
	}
	if err1 != nil || err2 != nil {
		return 0, 0, fmt.Errorf("%s is not a board size: want RxC, such as 3x5, or N for N x N", Quote(s))
	}
	return rows, cols, nil
}

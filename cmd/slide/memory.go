package main

import (
	"flag"
	"math"
	"runtime/debug"
	"strconv"

	"github.com/slidekit/slide"
	"github.com/slidekit/slide/internal/input"
)

// memoryFlag is a -max-memory value: the memory bound of the searches of
// a command, slide.Limits.MaxMemory.
type memoryFlag struct{ bytes int64 }

// memoryUsage is the usage of -max-memory.
var memoryUsage = "bound the memory of the search to `SIZE`: bytes, or a number with a unit " +
	"B, KB, MB, GB, TB (powers of 1000) or KiB, MiB, GiB, TiB (powers of 1024), such as 512MiB or 2GiB, " +
	"or \"none\" (default " + memoryText(0) + ")"

// addMemoryFlag defines -max-memory on fs.
func addMemoryFlag(fs *flag.FlagSet) *memoryFlag {
	f := &memoryFlag{}
	fs.Var(f, "max-memory", memoryUsage)
	return f
}

func (f *memoryFlag) String() string {
	if f == nil {
		return memoryText(0)
	}
	return memoryText(f.bytes)
}

// memoryText writes a bound of Limits.MaxMemory as input.ParseSize reads it:
// 0 is the default, 2GiB; a negative bound is "none".
func memoryText(n int64) string {
	switch {
	case n == 0:
		n = slide.DefaultMaxMemory
	case n < 0:
		return "none"
	}
	for _, u := range []struct {
		name  string
		bytes int64
	}{{"TiB", 1 << 40}, {"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}} {
		if n >= u.bytes && n%(u.bytes/1024) == 0 {
			return strconv.FormatFloat(float64(n)/float64(u.bytes), 'f', -1, 64) + u.name
		}
	}
	return strconv.FormatInt(n, 10) + "B"
}

func (f *memoryFlag) Set(s string) error {
	n, err := input.ParseSize(s)
	if err != nil {
		return err
	}
	f.bytes = n
	return nil
}

// limits returns the library limits of the flag, and sets the runtime's
// soft memory limit a little above the bound (see gcLimit).
func (f *memoryFlag) limits() slide.Limits {
	if b := f.bound(); b < math.MaxInt64 {
		debug.SetMemoryLimit(gcLimit(b))
	}
	return slide.Limits{MaxMemory: f.bytes}
}

// mapped lowers the runtime's soft memory limit by the bytes of tables
// mapped from their files: the limit counts only the Go runtime's memory,
// while the mapped pages count in the process's resident memory and
// against the bound, so that without it the garbage could take the
// process past the bound by the tables' size.
func (f *memoryFlag) mapped(tables int64) {
	if b := f.bound(); b < math.MaxInt64 && tables > 0 {
		debug.SetMemoryLimit(max(gcLimit(b)-tables, gcLimit(b)/8))
	}
}

// gcLimit returns the runtime's soft memory limit under a bound of bytes:
// the searches keep what they hold within the bound, and the garbage
// collector then runs as often as it must to keep what they dropped (an
// array they outgrew, a finished search's layers) from taking the
// process past it, which by default it would let grow to twice what is
// held. The margin is for the runtime and the program itself: the
// process's resident memory, which the limit does not bound but follows
// closely once there is garbage, stays within 1.1 times the bound
// (1.05 times from 128 MiB up). The searches charge the arrays they
// outgrow until they are collected, so that what they hold never needs
// more.
func gcLimit(bytes int64) int64 { return bytes + bytes/32 + 1<<20 }

// bound returns the bound in bytes, math.MaxInt64 for none.
func (f *memoryFlag) bound() int64 {
	switch {
	case f.bytes == 0:
		return slide.DefaultMaxMemory
	case f.bytes < 0:
		return math.MaxInt64
	}
	return f.bytes
}

//go:build !race

package testsets

// Slowdown is how many times slower code runs in this test binary than in
// a plain one: the race detector slows the searches about tenfold, so a
// test that gives a search a wall-clock budget multiplies it by Slowdown.
const Slowdown = 1

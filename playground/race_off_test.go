//go:build !race

package main

// race reports whether the tests run under the race detector, which
// slows a loopback request about tenfold.
const race = false

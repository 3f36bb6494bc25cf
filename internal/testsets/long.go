package testsets

import (
	"os"
	"testing"
)

// LongEnv is the environment variable that switches on the long form of
// the tests: with LongEnv=1, the oracle tests that walk whole spaces or
// whole instance sets check every board, as CI runs them; without it (or
// with go test -short) they check a sample, so that go test ./... stays
// quick.
const LongEnv = "SLIDE_LONG"

// Long reports whether the tests run in their long form: LongEnv is 1 and
// the -short flag is off. It must be called from a test, after the flags
// are parsed.
func Long() bool {
	return os.Getenv(LongEnv) == "1" && !testing.Short()
}

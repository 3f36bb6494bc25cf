//go:build !unix && !wasm

package main

import "testing"

// specialFiles makes no special file where the system has none of those
// the test makes: named pipes and unix sockets.
func specialFiles(t testing.TB, dir string) []string { return nil }

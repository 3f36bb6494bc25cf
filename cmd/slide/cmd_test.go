package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// testdata returns the path of a file in the repository's testdata folder,
// where the examples of the subcommands live.
func testdata(name string) string { return filepath.Join("..", "..", "testdata", name) }

// readTestdata returns the contents of testdata file name.
func readTestdata(t testing.TB, name string) string {
	t.Helper()
	data, err := os.ReadFile(testdata(name))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// runSlide runs the command in-process with args and stdin and returns
// what it wrote and its exit status.
func runSlide(stdin string, args ...string) (stdout, stderr string, status int) {
	var out, errOut bytes.Buffer
	status = run(args, strings.NewReader(stdin), &out, &errOut)
	return out.String(), errOut.String(), status
}

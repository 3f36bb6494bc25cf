package main

import (
	"io"
	"strings"

	"github.com/slidekit/slide"
)

const pdbAbout = `Pdb builds the pattern database NAME ahead of time (pdb555, pdb663 or pdb78
for the 15-puzzle, pdb6666 for the 24-puzzle; the "pdb" may be left out)
and keeps it in the cache under the user's cache directory, where solve and
bench find it. A database already cached is only checked. The build shows
its progress on standard error: seconds for pdb555 and pdb663, minutes for
pdb78 and pdb6666.`

// runPDB is the pdb subcommand: "slide pdb build NAME".
func runPDB(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("pdb", "build NAME", pdbAbout)
	if status, ok := parseFlags(fs, args, stdout, stderr); !ok {
		return status
	}
	if fs.NArg() != 2 || fs.Arg(0) != "build" {
		return usageError(stderr, "pdb", "want \"build NAME\"")
	}
	name := fs.Arg(1)
	if !strings.HasPrefix(name, "pdb") {
		name = "pdb" + name
	}
	h, err := slide.ParseHeuristic(name)
	if err != nil || !h.IsDatabase() {
		return usageError(stderr, "pdb", "%q is not a pattern database (want pdb555, pdb663, pdb78 or pdb6666)", fs.Arg(1))
	}
	if err := prepareDatabase(h, stderr, &memoryFlag{bytes: -1}); err != nil { // an explicit build is not bounded
		return failure(stderr, "pdb", "%s", message(err))
	}
	return exitOK
}

package main

import (
	"strings"
	"testing"
)

// TestHelpExtraWords checks that "slide help CMD" refuses words past a
// subcommand of pdb with a usage error of help's own, instead of handing
// them to the command as its arguments: "slide help bfs 100 236158-47"
// read "-help" as the GOAL position, and "slide help solve check" said
// that solve wants at most one FILE.
func TestHelpExtraWords(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"help", "solve", "check"}, `slide help: solve has no subcommands, got "check"`},
		{[]string{"help", "bfs", "100", "236158-47"}, `slide help: bfs has no subcommands, got "100"`},
		{[]string{"help", "random", "3"}, `slide help: random has no subcommands, got "3"`},
		{[]string{"help", "version", "x"}, `slide help: version has no subcommands, got "x"`},
		{[]string{"help", "blocks", "-h"}, `slide help: blocks has no subcommands, got "-h"`},
		{[]string{"help", "pdb", "build", "pdb78"}, `slide help: want at most one subcommand of pdb, got 2 words`},
	} {
		stdout, stderr, status := runSlide("", tc.args...)
		if status != exitUsage || stdout != "" || !strings.HasPrefix(stderr, tc.want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("slide %q: status %d, stdout %q, stderr %q; want status %d and %q", tc.args, status, stdout, stderr, exitUsage, tc.want)
		}
	}
	// A subcommand of pdb is still help's to show.
	for _, args := range [][]string{{"help", "pdb", "build"}, {"help", "pdb", "list"}, {"help", "solve"}} {
		stdout, stderr, status := runSlide("", args...)
		if status != exitOK || stderr != "" || !strings.HasPrefix(stdout, "usage: slide "+args[1]) {
			t.Errorf("slide %q: status %d, stdout %q, stderr %q", args, status, stdout, stderr)
		}
	}
}

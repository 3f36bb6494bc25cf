package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/slidekit/slide/internal/testsets"
)

// docs are the files whose console blocks TestReadme runs, relative to
// the repository's root.
var docs = []string{"README.md", "docs/COMMANDS.md"}

// A docCommand is one "$ " line of a console block, with the output the
// document shows after it: standard output and standard error together.
type docCommand struct {
	line  int    // of the command in its file
	cmd   string // the shell command, continuation lines joined
	shown []string
	long  bool // in a block opened by "```console long"
	// unchecked marks a "$ " line in a block that is not a console block,
	// which TestReadme refuses: a command shown with a prompt is checked.
	unchecked bool
}

// readDoc returns the commands of the console blocks of the Markdown
// text doc. A block opened by "```console" is checked in every run, one
// opened by "```console long" only in the tests' long form; other blocks
// are not run. A command line that ends in "|" or "\" goes on on the next.
// The lines of a block indented in a list item lose the fence's indent.
func readDoc(doc string) []docCommand {
	var cmds []docCommand
	in, other, long, indent := false, false, false, ""
	lines := strings.Split(doc, "\n")
	for i := 0; i < len(lines); i++ {
		l := strings.TrimPrefix(lines[i], indent)
		switch {
		case !in && strings.HasPrefix(strings.TrimLeft(l, " "), "```console"):
			in, long = true, strings.HasSuffix(l, " long")
			indent = l[:len(l)-len(strings.TrimLeft(l, " "))] // of a block in a list item
		case in && l == "```":
			indent = ""
			in = false
		case !in && strings.HasPrefix(strings.TrimLeft(l, " "), "```"):
			other = !other
		case other && strings.HasPrefix(strings.TrimLeft(l, " "), "$ "):
			cmds = append(cmds, docCommand{line: i + 1, cmd: strings.TrimLeft(l, " $"), unchecked: true})
		case in && strings.HasPrefix(l, "$ "):
			c := docCommand{line: i + 1, cmd: strings.TrimPrefix(l, "$ "), long: long}
			for (strings.HasSuffix(c.cmd, "|") || strings.HasSuffix(c.cmd, "\\")) && i+1 < len(lines) {
				i++
				c.cmd += "\n" + strings.TrimPrefix(lines[i], indent)
			}
			cmds = append(cmds, c)
		case in && len(cmds) > 0:
			cmds[len(cmds)-1].shown = append(cmds[len(cmds)-1].shown, l)
		}
	}
	for i, c := range cmds { // blank lines after an output do not show
		for len(c.shown) > 0 && c.shown[len(c.shown)-1] == "" {
			c.shown = c.shown[:len(c.shown)-1]
		}
		cmds[i] = c
	}
	return cmds
}

// matchLines reports whether got matches the lines shown: a shown line
// "..." stands for any number of lines, and "..." within a line for any
// text.
func matchLines(shown, got []string) bool {
	if len(shown) == 0 {
		return len(got) == 0
	}
	if shown[0] == "..." {
		for n := 0; n <= len(got); n++ {
			if matchLines(shown[1:], got[n:]) {
				return true
			}
		}
		return false
	}
	return len(got) > 0 && matchLine(shown[0], got[0]) && matchLines(shown[1:], got[1:])
}

// matchLine reports whether got matches shown, in which each "..."
// stands for any text.
func matchLine(shown, got string) bool {
	parts := strings.Split(shown, "...")
	if len(parts) == 1 {
		return shown == got
	}
	rest, ok := strings.CutPrefix(got, parts[0])
	if !ok {
		return false
	}
	for _, p := range parts[1 : len(parts)-1] {
		at := strings.Index(rest, p)
		if at < 0 {
			return false
		}
		rest = rest[at+len(p):]
	}
	return strings.HasSuffix(rest, parts[len(parts)-1])
}

// TestReadme runs the commands of the console blocks of README.md and
// docs/COMMANDS.md with sh, "go run ./cmd/slide" being the built command,
// in a folder of their own that holds the repository's testdata, with an
// empty table cache, one folder a document, and checks that each writes
// what the document shows.
func TestReadme(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil || runtime.GOOS == "windows" {
		t.Skip("no sh to run the documents' commands")
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Dir(slideBinary(t))
	_, err = exec.LookPath("jq")
	haveJq := err == nil
	for _, name := range docs {
		t.Run(filepath.Base(name), func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join(root, name))
			if err != nil {
				t.Fatal(err)
			}
			cmds := readDoc(string(data))
			if len(cmds) == 0 {
				t.Fatalf("%s shows no command in a console block", name)
			}
			dir := t.TempDir()
			for _, link := range []string{"testdata", "cmd/slide/testdata"} {
				if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, link)), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.Symlink(filepath.Join(root, link), filepath.Join(dir, link)); err != nil {
					t.Fatal(err)
				}
			}
			env := append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"),
				"XDG_CACHE_HOME="+filepath.Join(dir, "cache"))
			for _, c := range cmds {
				if c.unchecked {
					t.Errorf("%s:%d: %s: a command with a prompt outside a console block", name, c.line, c.cmd)
					continue
				}
				if c.long && !testsets.Long() {
					continue
				}
				sh := exec.Command("sh", "-c", strings.ReplaceAll(c.cmd, "go run ./cmd/slide", "slide"))
				sh.Dir, sh.Env = dir, env
				if strings.Contains(c.cmd, "jq ") && !haveJq {
					t.Logf("%s:%d: no jq to run %s", name, c.line, c.cmd)
					continue
				}
				var out bytes.Buffer // both outputs, in the order written, as a terminal shows them
				sh.Stdout, sh.Stderr = &out, &out
				sh.Run() // the status shows in what it writes
				var got []string
				if text := strings.TrimRight(out.String(), "\n"); text != "" {
					got = strings.Split(text, "\n")
				}
				if !matchLines(c.shown, got) {
					t.Errorf("%s:%d: %s\nwrites\n%s\nthe document shows\n%s", name, c.line, c.cmd,
						strings.Join(got, "\n"), strings.Join(c.shown, "\n"))
				}
			}
		})
	}
}

// TestMatchLines checks the wildcards of the documents' outputs.
func TestMatchLines(t *testing.T) {
	for _, c := range []struct {
		shown, got string
		want       bool
	}{
		{"a\nb", "a\nb", true},
		{"a\nb", "a\nc", false},
		{"a", "a\nb", false},
		{"a\n...", "a", true},
		{"a\n...\nz", "a\nb\nc\nz", true},
		{"a\n...\nz", "a\nb\nc", false},
		{"n = ... (at least ... needed)", "n = 221 (at least 165 needed)", true},
		{"n = ... (at least 7 needed)", "n = 221 (at least 165 needed)", false},
		{"DLU...", "DLURR", true},
		{"DLU...", "ULD", false},
		{`{"a":1,...,"s":...}`, `{"a":1,"b":2,"s":0.1}`, true},
	} {
		shown := strings.Split(c.shown, "\n")
		if got := matchLines(shown, strings.Split(c.got, "\n")); got != c.want {
			t.Errorf("matchLines(%q, %q) = %v, want %v", c.shown, c.got, got, c.want)
		}
	}
}

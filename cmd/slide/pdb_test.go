package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/slidekit/slide"
)

// A binary runs the built slide command with its own cache directory.
type binary struct {
	t     *testing.T
	path  string
	cache string // XDG_CACHE_HOME of the runs
}

// buildBinary builds the slide command into a temporary directory.
func buildBinary(t *testing.T) *binary {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "slide")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return &binary{t: t, path: bin}
}

// run runs the binary with args and stdin and returns what it wrote and
// its exit status.
func (b *binary) run(stdin string, args ...string) (stdout, stderr string, status int) {
	b.t.Helper()
	cmd := exec.Command(b.path, args...)
	cmd.Env = append(os.Environ(), "XDG_CACHE_HOME="+b.cache, "HOME="+b.cache)
	cmd.Stdin = strings.NewReader(stdin)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		ee, ok := err.(*exec.ExitError)
		if !ok {
			b.t.Fatal(err)
		}
		status = ee.ExitCode()
	}
	return out.String(), errOut.String(), status
}

// pdbDir returns the directory of the binary's cached tables.
func (b *binary) pdbDir() string { return filepath.Join(b.cache, "slide", "pdb") }

// files lists the files of the binary's pattern-database cache but the
// checksum records beside the tables (NAME.pdb.sum).
func (b *binary) files() []string {
	paths, _ := filepath.Glob(filepath.Join(b.pdbDir(), "*"))
	var names []string
	for _, p := range paths {
		if !strings.HasSuffix(p, ".pdb.sum") {
			names = append(names, filepath.Base(p))
		}
	}
	return names
}

// writeFile writes a file in a temporary directory and returns its path.
func writeTemp(t *testing.T, name, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// korfBoard returns Korf's instance id as a solve input file (4 x 4, the
// blank first) and its goal file, and the optimal length.
func korfBoard(t *testing.T, id string) (board, goal string, optimal int) {
	t.Helper()
	for _, line := range strings.Split(readTestdata(t, "korf100.txt"), "\n") {
		f := strings.Fields(line)
		if len(f) == 18 && f[0] == id {
			n := 0
			for _, c := range f[1] {
				n = 10*n + int(c-'0')
			}
			rows := "4\n" + strings.Join(f[2:6], " ") + "\n" + strings.Join(f[6:10], " ") + "\n" + strings.Join(f[10:14], " ") + "\n" + strings.Join(f[14:18], " ") + "\n"
			return writeTemp(t, "korf"+id+".txt", rows), writeTemp(t, "goal.txt", "4\n0 1 2 3\n4 5 6 7\n8 9 10 11\n12 13 14 15\n"), n
		}
	}
	t.Fatalf("no instance %s", id)
	return "", "", 0
}

// TestBinaryPDB runs the built command through the pattern-database
// cases: help, caches that cannot be written, damaged cache files, sizes
// checked before a build, stale temporaries, and databases of one's own.
func TestBinaryPDB(t *testing.T) {
	b := buildBinary(t)
	fresh := func() { b.cache = t.TempDir() }

	t.Run("help", func(t *testing.T) {
		fresh()
		for _, args := range [][]string{{"pdb", "build", "-h"}, {"pdb", "-h"}, {"pdb", "build", "-help"}} {
			stdout, stderr, status := b.run("", args...)
			if status != exitOK || !strings.Contains(stdout, "usage: slide pdb build NAME") || !strings.Contains(stdout, "-partition") || stderr != "" {
				t.Errorf("%v: status %d, stdout %q, stderr %q", args, status, stdout, stderr)
			}
		}
	})

	// The 5-5-5 tables, built once, copied into the caches that need them.
	fresh()
	if _, stderr, status := b.run("", "pdb", "build", "555"); status != exitOK || !strings.Contains(stderr, "building pdb555") || strings.Contains(stderr, "rebuilding") {
		t.Fatalf("first build: status %d, %q", status, stderr)
	}
	name555 := b.files()[0]
	good, err := os.ReadFile(filepath.Join(b.pdbDir(), name555))
	if err != nil {
		t.Fatal(err)
	}
	with555 := func() string {
		fresh()
		os.MkdirAll(b.pdbDir(), 0o755)
		path := filepath.Join(b.pdbDir(), name555)
		os.WriteFile(path, good, 0o644)
		return path
	}
	board3 := writeTemp(t, "b3.txt", "3\n3 1 2\n6 4 5\n0 7 8\n")
	goal3 := writeTemp(t, "g3.txt", "3\n0 1 2\n3 4 5\n6 7 8\n")
	ref3, err := slide.Solver{}.Solve(context.Background(), slide.MustParseBoard("3\n3 1 2\n6 4 5\n0 7 8\n"), slide.MustParseBoard("3\n0 1 2\n3 4 5\n6 7 8\n"))
	if err != nil {
		t.Fatal(err)
	}
	part3 := "1 2 3 4/5 6 7 8"
	bench3 := writeTemp(t, "bench3.txt", "a "+itoa(ref3.Len())+" 3 1 2 6 4 5 0 7 8\n")

	t.Run("cannot cache", func(t *testing.T) {
		fresh()
		blocker := filepath.Join(b.cache, "slide")
		os.WriteFile(blocker, []byte("not a directory"), 0o644) // the cache cannot be made
		_, stderr, status := b.run("", "pdb", "build", "555")
		if status != exitError || !strings.Contains(stderr, "nothing cached") || !strings.Contains(stderr, blocker) || !strings.Contains(stderr, "memory only") {
			t.Errorf("pdb build: status %d, stderr %q", status, stderr)
		}
		_, stderr, status = b.run("", "pdb", "build", "-goal", goal3, "-partition", part3)
		if status != exitError || !strings.Contains(stderr, "nothing cached") {
			t.Errorf("pdb build -partition: status %d, stderr %q", status, stderr)
		}
		stdout, stderr, status := b.run("", "solve", "-count", "-goal", goal3, "-partition", part3, board3)
		if status != exitOK || strings.TrimSpace(stdout) != itoa(ref3.Len()) || strings.Count(stderr, "memory only") != 1 || strings.Contains(stderr, "nothing cached") {
			t.Errorf("solve: status %d, stdout %q, stderr %q", status, stdout, stderr)
		}
		stdout, stderr, status = b.run("", "bench", "-partition", part3, bench3)
		if status != exitOK || !strings.HasPrefix(stdout, "a "+itoa(ref3.Len())+" ") || strings.Count(stderr, "memory only") != 1 {
			t.Errorf("bench: status %d, stdout %q, stderr %q", status, stdout, stderr)
		}
		// A directory where the file goes.
		fresh()
		if _, _, status := b.run("", "pdb", "build", "-goal", goal3, "-partition", part3); status != exitOK {
			t.Fatal(status)
		}
		path := filepath.Join(b.pdbDir(), b.files()[0])
		os.Remove(path)
		os.Mkdir(path, 0o755)
		_, stderr, status = b.run("", "pdb", "build", "-goal", goal3, "-partition", part3)
		if status != exitError || !strings.Contains(stderr, "is a directory") || !strings.Contains(stderr, "nothing cached") {
			t.Errorf("directory at the path: status %d, stderr %q", status, stderr)
		}
	})

	t.Run("damaged cache", func(t *testing.T) {
		board, goal, optimal := korfBoard(t, "83")
		for _, c := range []struct {
			name, reason string
			data         []byte
		}{
			{"empty", "is empty", nil},
			{"truncated", "truncated", good[:len(good)/2]},
			{"damaged", "is corrupt: checksum", append(append([]byte(nil), good[:100]...), append([]byte{good[100] ^ 1}, good[101:]...)...)},
		} {
			path := with555()
			os.WriteFile(path, c.data, 0o644)
			// Auto neither uses nor rebuilds the file.
			stdout, stderr, status := b.run("", "solve", "-count", "-stats", "-goal", goal, board)
			if status != exitOK || strings.TrimSpace(stdout) != itoa(optimal) || strings.Contains(stderr, "building") || !strings.Contains(stderr, "heuristic linear") {
				t.Errorf("%s: solve: status %d, stdout %q, stderr %q", c.name, status, stdout, stderr)
			}
			if data, _ := os.ReadFile(path); !bytes.Equal(data, c.data) {
				t.Errorf("%s: solve changed the file", c.name)
			}
			if c.name != "damaged" {
				continue // one rebuild of 5-5-5 is enough; the others on a small database
			}
			// pdb build rebuilds it and says why.
			_, stderr, status = b.run("", "pdb", "build", "555")
			first, _, _ := strings.Cut(stderr, "\n")
			if status != exitOK || !strings.HasPrefix(first, "slide: rebuilding pdb555: "+path+" ") || !strings.Contains(first, c.reason) || !strings.Contains(stderr, "building pdb555: table 3 of 3") {
				t.Errorf("%s: pdb build: status %d, stderr %q", c.name, status, stderr)
			}
			if data, _ := os.ReadFile(path); !bytes.Equal(data, good) {
				t.Errorf("%s: not rebuilt", c.name)
			}
		}
		fresh()
		if _, _, status := b.run("", "pdb", "build", "-goal", goal3, "-partition", part3); status != exitOK {
			t.Fatal(status)
		}
		path := filepath.Join(b.pdbDir(), b.files()[0])
		small, _ := os.ReadFile(path)
		for _, c := range []struct {
			reason string
			data   []byte
		}{{"is empty", nil}, {"truncated", small[:len(small)-1]}} {
			os.WriteFile(path, c.data, 0o644)
			_, stderr, status := b.run("", "solve", "-count", "-goal", goal3, "-partition", part3, board3)
			first, _, _ := strings.Cut(stderr, "\n")
			if status != exitOK || !strings.Contains(first, "rebuilding the 3x3 database") || !strings.Contains(first, c.reason) || !strings.Contains(stderr, "table 2 of 2") {
				t.Errorf("%s: solve -partition: status %d, stderr %q", c.reason, status, stderr)
			}
			if data, _ := os.ReadFile(path); !bytes.Equal(data, small) {
				t.Errorf("%s: not rebuilt", c.reason)
			}
		}
	})

	t.Run("size first", func(t *testing.T) {
		fresh()
		board := writeTemp(t, "b.txt", "3\n1 2 3\n4 5 6\n0 7 8\n")
		for _, h := range []string{"pdb663", "pdb78", "pdb6666", "pdb555+wd", "linear+wd"} {
			began := time.Now()
			_, stderr, status := b.run("", "solve", "-heuristic", h, board)
			if h == "linear+wd" {
				if status != exitOK {
					t.Errorf("%s on 3x3: status %d, %q", h, status, stderr)
				}
				continue
			}
			if status != exitError || !strings.Contains(stderr, "boards, not 3 x 3") || strings.Contains(stderr, "building") || time.Since(began) > 2*time.Second {
				t.Errorf("%s on 3x3: status %d, stderr %q after %v", h, status, stderr, time.Since(began))
			}
		}
		big := writeTemp(t, "b5.txt", "5\n1 2 3 4 5\n6 7 8 9 10\n11 12 13 14 15\n16 17 18 19 20\n21 22 23 0 24\n")
		if _, stderr, status := b.run("", "solve", "-heuristic", "pdb6666+wd", big); status != exitError || !strings.Contains(stderr, "2 x 2 to 4 x 4") || strings.Contains(stderr, "building") {
			t.Errorf("pdb6666+wd on 5x5: status %d, %q", status, stderr)
		}
		if files := b.files(); len(files) != 0 {
			t.Errorf("built %v", files)
		}
	})

	t.Run("stale temporaries", func(t *testing.T) {
		path := with555()
		dead := path + ".tmp1234"
		killed := path + ".tmp4321" // a moment ago: no live build holds its lock
		young := path + ".tmp5678"  // empty: a build's before it locks it, for a moment
		os.WriteFile(dead, []byte("partial"), 0o644)
		os.WriteFile(killed, []byte("partial"), 0o644)
		os.WriteFile(young, nil, 0o644)
		old := time.Now().Add(-time.Hour)
		os.Chtimes(dead, old, old)
		if _, stderr, status := b.run("", "pdb", "build", "555"); status != exitOK || stderr != "" {
			t.Fatalf("status %d, %q", status, stderr)
		}
		for _, p := range []string{dead, killed} {
			if _, err := os.Stat(p); err == nil {
				t.Errorf("stale %s left", p)
			}
		}
		if _, err := os.Stat(young); err != nil {
			t.Errorf("young temporary removed: %v", err)
		}
	})

	t.Run("partition", func(t *testing.T) {
		fresh()
		part := "1 2 3 4 5/6 7 8 9 10/11 12 13 14"
		_, stderr, status := b.run("", "pdb", "build", "-size", "3x5", "-partition", part)
		if status != exitOK || !strings.Contains(stderr, `building the 3x5 database "1 2 3 4 5/6 7 8 9 10/11 12 13 14": table 3 of 3 (4 tiles)`) {
			t.Fatalf("pdb build -partition: status %d, %q", status, stderr)
		}
		if files := b.files(); len(files) != 1 || !strings.HasPrefix(files[0], "3x5-b14-") {
			t.Errorf("cached %v", files)
		}
		start := slide.MustParseBoard("3 5\n6 1 2 3 4\n11 7 8 9 5\n12 13 14 10 0\n")
		ref, err := slide.Solver{}.Solve(context.Background(), start, slide.Goal(3, 5))
		if err != nil {
			t.Fatal(err)
		}
		board := writeTemp(t, "b35.txt", start.String())
		stdout, stderr, status := b.run("", "solve", "-count", "-stats", "-partition", part, board)
		if status != exitOK || strings.TrimSpace(stdout) != itoa(ref.Len()) || !strings.Contains(stderr, "heuristic 3x5-b14-0.1.2.3.4-5.6.7.8.9-10.11.12.13:") || strings.Contains(stderr, "building") {
			t.Errorf("solve -partition: status %d, stdout %q, stderr %q", status, stdout, stderr)
		}
		// The blank in the middle of a 3 x 3 goal, from a -goal file, and
		// bench (whose goal puts the blank first).
		goal := writeTemp(t, "goal.txt", "3\n1 2 3\n4 0 5\n6 7 8\n")
		if _, stderr, status := b.run("", "pdb", "build", "-goal", goal, "-partition", "1 2 3 4/5 6 7 8"); status != exitOK {
			t.Errorf("pdb build -goal: status %d, %q", status, stderr)
		}
		if files := b.files(); len(files) != 2 {
			t.Errorf("cached %v", files)
		}
		mid := writeTemp(t, "mid.txt", "3\n1 2 3\n4 5 0\n6 7 8\n")
		if stdout, stderr, status := b.run("", "solve", "-count", "-goal", goal, "-partition", "1 2 3 4/5 6 7 8", mid); status != exitOK || strings.TrimSpace(stdout) != "1" {
			t.Errorf("solve -goal -partition: status %d, %q, %q", status, stdout, stderr)
		}
		ref3, err := slide.Solver{}.Solve(context.Background(), slide.MustParseBoard("3\n3 1 2\n6 4 5\n0 7 8\n"), slide.MustParseBoard("3\n0 1 2\n3 4 5\n6 7 8\n"))
		if err != nil {
			t.Fatal(err)
		}
		if stdout, stderr, status := b.run("", "bench", "-partition", part3, bench3); status != exitOK || !strings.HasPrefix(stdout, "a "+itoa(ref3.Len())+" ") {
			t.Errorf("bench -partition: status %d, %q, %q", status, stdout, stderr)
		}
		for _, c := range []struct {
			args []string
			want string
		}{
			{[]string{"pdb", "build", "-size", "3x5", "-partition", "1 2 3 4 5/6 7 8 9 10/11 12 13"}, "label 14 is in no group"},
			{[]string{"pdb", "build", "-size", "3x5", "-partition", "1 2 3 4 5/5 6 7 8 9 10/11 12 13 14"}, "label 5 is in groups 1 and 2"},
			{[]string{"pdb", "build", "-size", "3x5", "-partition", "0 1 2 3 4 5/6 7 8 9 10/11 12 13 14"}, "holds the blank"},
			{[]string{"pdb", "build", "-size", "3x5", "-partition", "1 2 3 4 5/6 7 8 9 10/11 12 13 14 99"}, "label 99 is not on the 3 x 5 goal"},
			{[]string{"pdb", "build", "-size", "3x", "-partition", "1"}, "not a board size"},
			{[]string{"pdb", "build", "-size", "3x5"}, "-size and -goal describe a -partition database"},
			{[]string{"pdb", "build", "-partition", "1 2"}, "needs -size or -goal"},
			{[]string{"pdb", "build", "-size", "4x4", "-goal", goal, "-partition", "1"}, "-size is 4 x 4 but the -goal board is 3 x 3"},
			{[]string{"pdb", "build", "555", "-partition", "1"}, "flags go"},
			{[]string{"pdb", "make"}, "want \"build NAME\""},
			{[]string{"pdb", "build", "linear"}, "is not a pattern database"},
			{[]string{"solve", "-heuristic", "pdb", board}, "-heuristic pdb needs -partition"},
			{[]string{"solve", "-heuristic", "pdb663", "-partition", part, board}, "give one"},
			{[]string{"solve", "-partition", "1 2 3/4 5 6 7 8", board}, "are in no group"},
		} {
			_, stderr, status := b.run("", c.args...)
			if status != exitUsage || !strings.Contains(stderr, c.want) || strings.Count(stderr, "\n") != 1 {
				t.Errorf("%v: status %d, stderr %q, want %q", c.args, status, stderr, c.want)
			}
		}
		// A build over the memory bound is refused before it starts.
		var groups []string // five groups of 6 and one of 5
		for i := 1; i <= 35; i += 6 {
			var g []string
			for j := i; j < i+6 && j <= 35; j++ {
				g = append(g, itoa(j))
			}
			groups = append(groups, strings.Join(g, " "))
		}
		began := time.Now()
		_, stderr, status = b.run("", "pdb", "build", "-size", "6x6", "-partition", strings.Join(groups, "/"))
		if status != exitError || !strings.Contains(stderr, "over the memory bound") || strings.Contains(stderr, "slide: building") || time.Since(began) > 2*time.Second {
			t.Errorf("6x6 in groups of 6: status %d, %q", status, stderr)
		}
		// So is a shipped one: pdb48x5's build peaks at 1.7 GiB.
		_, stderr, status = b.run("", "pdb", "build", "-max-memory", "1GiB", "pdb48x5")
		if status != exitError || !strings.Contains(stderr, "over the memory bound of 1 GiB") || strings.Contains(stderr, "slide: building") {
			t.Errorf("pdb48x5 under 1 GiB: status %d, %q", status, stderr)
		}
	})
}

func itoa(n int) string { return strconv.Itoa(n) }

// TestPDBBuildMemoryAdvice checks that pdb build refused by -max-memory
// says so in one line with one piece of advice, the flag: it also passed
// on the library's advice to raise Limits.MaxMemory, a field the user of
// the command never sees.
func TestPDBBuildMemoryAdvice(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	args := []string{"pdb", "build", "-max-memory", "1KB", "-size", "2x4", "-partition", "1 2 3 4/5 6 7"}
	stdout, stderr, status := runSlide("", args...)
	if status != exitError || stdout != "" || strings.Count(stderr, "\n") != 1 ||
		!strings.HasPrefix(stderr, "slide pdb: building the tables takes about 17.4 KiB at its peak") ||
		strings.Count(stderr, "raise") != 1 || !strings.HasSuffix(stderr, "(raise it with -max-memory)\n") || strings.Contains(stderr, "Limits.") {
		t.Errorf("slide %q: status %d, stdout %q, stderr %q", args, status, stdout, stderr)
	}
}

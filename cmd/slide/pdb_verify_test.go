package main

import (
	bin "encoding/binary"
	"hash/crc64"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slidekit/slide/internal/pdbcache"
)

// TestPDBVerify runs "slide pdb verify" on a small database of one's own:
// OK while intact, MISMATCH once an entry is edited and the checksum made
// anew, missing for a database not cached, and not verified under too
// small a -max-memory; a line a database, status 1 unless all are OK.
func TestPDBVerify(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	t.Cleanup(pdbcache.Release)
	dir := filepath.Join(cache, "slide", "pdb")
	part := []string{"-size", "3x3", "-partition", "1 2 3 4/5 6 7 8"}
	name := `the 3x3 database "1 2 3 4/5 6 7 8"`
	listed := "3x3-b8-0.1.2.3-4.5.6.7" // its name in the whole cache, as pdb list names it
	verify := func(args ...string) (string, string, int) {
		return runSlide("", append([]string{"pdb", "verify"}, args...)...)
	}

	if stdout, stderr, status := verify(); status != exitOK || stdout != "" || !strings.Contains(stderr, "no pattern databases in "+dir) {
		t.Fatalf("empty cache: status %d, stdout %q, stderr %q", status, stdout, stderr)
	}
	if _, stderr, status := runSlide("", append([]string{"pdb", "build"}, part...)...); status != exitOK {
		t.Fatalf("pdb build: status %d, %q", status, stderr)
	}
	if stdout, stderr, status := verify(part...); status != exitOK || stdout != name+": OK\n" || !strings.Contains(stderr, "verifying "+name) {
		t.Fatalf("intact: status %d, stdout %q, stderr %q", status, stdout, stderr)
	}
	junk := filepath.Join(dir, "notes.pdb")
	os.WriteFile(junk, []byte("x"), 0o644)
	if stdout, _, status := verify(); status != exitOK || stdout != junk+": skipped: not named as a pattern database\n"+listed+": OK\n" {
		t.Fatalf("whole cache: status %d, stdout %q", status, stdout)
	}
	os.Remove(junk)

	files, _ := filepath.Glob(filepath.Join(dir, "*.pdb"))
	if len(files) != 1 {
		t.Fatalf("cache holds %v", files)
	}
	raw, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	end := len(raw) - 8
	raw[end-100]++ // an entry of the last table, before the checksum
	bin.LittleEndian.PutUint64(raw[end:], crc64.Checksum(raw[:end], crc64.MakeTable(crc64.ECMA)))
	os.WriteFile(files[0], raw, 0o644)
	for _, args := range [][]string{part, nil} {
		stdout, _, status := verify(args...)
		shown := name
		if args == nil {
			shown = listed
		}
		if status != exitError || !strings.HasPrefix(stdout, shown+": MISMATCH: "+files[0]+" differs from its definition in 1 of 6,048 entries") || strings.Count(stdout, "\n") != 1 {
			t.Errorf("verify %q of a forged file: status %d, stdout %q", args, status, stdout)
		}
	}

	if stdout, _, status := verify("555"); status != exitError || !strings.HasPrefix(stdout, "pdb555: missing: ") || strings.Count(stdout, "\n") != 1 {
		t.Errorf("verify 555: status %d, stdout %q", status, stdout)
	}
	stdout, _, status := verify(append([]string{"-max-memory", "1KiB"}, part...)...)
	if status != exitError || !strings.HasPrefix(stdout, name+": not verified: ") || !strings.Contains(stdout, "raise it with -max-memory") {
		t.Errorf("verify under 1KiB: status %d, stdout %q", status, stdout)
	}
	for _, args := range [][]string{{"555x"}, append(part, "555"), {"-size", "3x3"}, {"-max-memory", "12XB"}} {
		if _, stderr, status := verify(args...); status != exitUsage {
			t.Errorf("verify %q: status %d, stderr %q; want a usage error", args, status, stderr)
		}
	}
}

// TestPDBBuildMaxMemory: pdb build takes -max-memory as solve does; a
// build refused under the bound, the default one or a small one, names the
// flag, and the flag lets a build fit.
func TestPDBBuildMaxMemory(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	t.Cleanup(pdbcache.Release)
	small := []string{"pdb", "build", "-size", "3x3", "-partition", "1 2 3 4/5 6 7 8"}
	big := []string{"pdb", "build", "-size", "5x5", "-partition", "1 2 3 4 5 6 7/8 9 10 11 12 13 14/15 16 17 18 19 20 21/22 23 24"}
	for _, args := range [][]string{big, append(small[:2:2], append([]string{"-max-memory", "16KiB"}, small[2:]...)...)} {
		_, stderr, status := runSlide("", args...)
		if status != exitError || !strings.Contains(stderr, "raise it with -max-memory") || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%q: status %d, stderr %q; want 1 and a line naming -max-memory", args, status, stderr)
		}
	}
	if files, _ := filepath.Glob(filepath.Join(cache, "slide", "pdb", "*.pdb")); len(files) != 0 {
		t.Fatalf("refused builds left %v", files)
	}
	if _, stderr, status := runSlide("", append(small[:2:2], append([]string{"-max-memory", "64MiB"}, small[2:]...)...)...); status != exitOK {
		t.Errorf("under 64MiB: status %d, stderr %q", status, stderr)
	}
	if _, stderr, status := runSlide("", "pdb", "build", "-max-memory", "12XB", "555"); status != exitUsage || !strings.Contains(stderr, "unknown unit") {
		t.Errorf("-max-memory 12XB: status %d, stderr %q", status, stderr)
	}
}

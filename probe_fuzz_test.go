package slide_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/slidekit/slide"
)

// FuzzCacheRemove checks that Cache.Remove, whatever the name, removes
// nothing outside the cache's folder and never panics.
func FuzzCacheRemove(f *testing.F) {
	for _, s := range []string{"pdb78", "pdb555", "../victim", "../victim.pdb", "/etc/passwd", "", ".", "..", "4x4-b0-1.2.3-4.5.6.pdb", "a/../../victim", "victim\x00"} {
		f.Add(s)
	}
	dir := f.TempDir()
	cache := filepath.Join(dir, "cache")
	victims := []string{filepath.Join(dir, "victim"), filepath.Join(dir, "victim.pdb"), filepath.Join(dir, "victim.pdb.sum")}
	if err := os.Mkdir(cache, 0o755); err != nil {
		f.Fatal(err)
	}
	for _, v := range victims {
		if err := os.WriteFile(v, []byte("x"), 0o644); err != nil {
			f.Fatal(err)
		}
	}
	f.Fuzz(func(t *testing.T, name string) {
		_, _ = slide.Cache{Dir: cache}.Remove(name)
		for _, v := range victims {
			if _, err := os.Stat(v); err != nil {
				t.Fatalf("Remove(%q) reached %s outside the cache: %v", name, v, err)
			}
		}
	})
}

// FuzzParseMode checks that ParseMode never panics, refuses with
// ErrSyntax or ErrOption, and that a Mode it returns writes a text that
// parses back to it.
func FuzzParseMode(f *testing.F) {
	for _, s := range []string{"optimal", "fast", "weighted 1.5", "anytime 1s", "weighted NaN", "weighted 0", "anytime -1s", "weighted", "anytime 1", "", "weighted 1e400"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := slide.ParseMode(s)
		if err != nil {
			return
		}
		back, err := slide.ParseMode(m.String())
		if err != nil || back != m {
			t.Fatalf("ParseMode(%q) = %v, which reads back as %v, %v", s, m, back, err)
		}
	})
}

package main

import (
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
)

// TestVersion checks that version and -version name the module and the
// Go that built the test.
func TestVersion(t *testing.T) {
	for _, args := range [][]string{{"version"}, {"-version"}, {"--version"}} {
		stdout, stderr, status := runSlide("", args...)
		if status != exitOK || stderr != "" {
			t.Fatalf("%v: status %d, stderr %q", args, status, stderr)
		}
		for _, want := range []string{"module:   github.com/slidekit/slide\n", runtime.Version(), "\nrevision: "} {
			if !strings.Contains(stdout, want) {
				t.Errorf("%v: output %q lacks %q", args, stdout, want)
			}
		}
	}
	if _, stderr, status := runSlide("", "version", "now"); status != exitUsage || !strings.Contains(stderr, "no arguments") {
		t.Errorf("version now: status %d, stderr %q", status, stderr)
	}
}

// TestVersionText checks the text of a release build, of a modified
// checkout, and of a binary without build information.
func TestVersionText(t *testing.T) {
	release := &debug.BuildInfo{GoVersion: "go1.99.1", Main: debug.Module{Path: "github.com/slidekit/slide", Version: "v1.0.0"},
		Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "abc123"}, {Key: "vcs.time", Value: "2026-01-02T03:04:05Z"}, {Key: "vcs.modified", Value: "false"}}}
	modified := &debug.BuildInfo{Main: debug.Module{Path: "github.com/slidekit/slide", Version: "(devel)"},
		Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "abc123"}, {Key: "vcs.modified", Value: "true"}}}
	for _, tc := range []struct {
		bi   *debug.BuildInfo
		want []string
	}{
		{release, []string{"slide v1.0.0\n", "revision: abc123\n", "time:     2026-01-02T03:04:05Z\n", "go:       go1.99.1 "}},
		{modified, []string{"slide (devel)\n", "revision: abc123 (modified)\n", "time:     unknown\n", "go:       " + runtime.Version()}},
		{nil, []string{"slide unknown\n", "module:   unknown\n", "revision: unknown\n", "go:       " + runtime.Version()}},
	} {
		got := versionText(tc.bi)
		for _, w := range tc.want {
			if !strings.Contains(got, w) {
				t.Errorf("output %q lacks %q", got, w)
			}
		}
	}
}

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestStartProfiles: the files that SLIDE_CPUPROFILE and SLIDE_TRACE name
// hold a CPU profile (gzip-compressed) and an execution trace once the
// profiles stop; a file that cannot be created is said on stderr, and the
// other profile still runs.
func TestStartProfiles(t *testing.T) {
	dir := t.TempDir()
	cpu, tr := filepath.Join(dir, "cpu.pprof"), filepath.Join(dir, "run.trace")
	t.Setenv(cpuProfileEnv, cpu)
	t.Setenv(traceEnv, tr)
	var stderr bytes.Buffer
	stop := startProfiles(&stderr)
	if code := run([]string{"solve", "-count", "-fast", "../../testdata/solve/puzzle3x3-10.txt"}, nil, &bytes.Buffer{}, &stderr); code != exitOK {
		t.Fatalf("solve: status %d, %s", code, stderr.String())
	}
	stop()
	if stderr.Len() > 0 {
		t.Errorf("stderr: %s", stderr.String())
	}
	for path, prefix := range map[string]string{cpu: "\x1f\x8b", tr: "go 1."} {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(string(data), prefix) {
			t.Errorf("%s starts with %q, want %q", filepath.Base(path), data[:min(len(data), 8)], prefix)
		}
	}

	t.Setenv(cpuProfileEnv, filepath.Join(dir, "missing", "cpu.pprof"))
	stderr.Reset()
	stop = startProfiles(&stderr)
	stop()
	if got := stderr.String(); !strings.Contains(got, cpuProfileEnv+": ") || strings.Contains(got, traceEnv) {
		t.Errorf("stderr %q, want the CPU profile's file said, the trace's not", got)
	}
	if data, err := os.ReadFile(tr); err != nil || !strings.HasPrefix(string(data), "go 1.") {
		t.Errorf("the trace after a failed CPU profile: %v, %q", err, data[:min(len(data), 8)])
	}
}

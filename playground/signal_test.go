//go:build unix

package main

import (
	"bufio"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestServeSignals runs the command's serve and checks that SIGINT and
// SIGTERM stop it, with status 0, once it has printed where it serves.
func TestServeSignals(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "playground")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "index.html"), "<!doctype html>")
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		cmd := exec.Command(bin, "serve", "-addr", "127.0.0.1:0", dir)
		stdout, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		line, err := bufio.NewReader(stdout).ReadString('\n')
		if err != nil || !strings.HasPrefix(line, "serving "+dir+" at http://127.0.0.1:") {
			cmd.Process.Kill()
			t.Fatalf("serve printed %q (%v)", line, err)
		}
		cmd.Process.Signal(sig)
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("serve stopped by %v: %v, want status 0", sig, err)
			}
		case <-time.After(30 * time.Second):
			cmd.Process.Kill()
			t.Errorf("serve still runs 30 s after %v", sig)
		}
	}
}

package main

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// built is the slide command, built once for the tests that run it.
var built struct {
	once sync.Once
	dir  string
	path string
	err  error
	out  []byte
}

// launcher, where the platform has one, runs a command and measures it
// (see reliability_linux_test.go); the test binary runs it instead of the
// tests when the environment variable launchEnv is set.
var launcher func() int

const launchEnv = "SLIDE_TEST_LAUNCH"

// TestMain removes the built command after the tests.
func TestMain(m *testing.M) {
	if os.Getenv(launchEnv) != "" && launcher != nil {
		os.Exit(launcher())
	}
	code := m.Run()
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
	os.Exit(code)
}

// slideBinary returns the path of the slide command, built from this
// package on first use.
func slideBinary(t *testing.T) string {
	t.Helper()
	built.once.Do(func() {
		if built.dir, built.err = os.MkdirTemp("", "slide-test-"); built.err != nil {
			return
		}
		built.path = filepath.Join(built.dir, "slide")
		built.out, built.err = exec.Command("go", "build", "-o", built.path, ".").CombinedOutput()
	})
	if built.err != nil {
		t.Fatalf("go build: %v\n%s", built.err, built.out)
	}
	return built.path
}

// execSlide runs the built command with args, stdin and stdout, and
// returns its standard error, its exit status and the process state.
func execSlide(t *testing.T, stdin io.Reader, stdout io.Writer, args ...string) (stderr string, status int, state *os.ProcessState) {
	t.Helper()
	cmd := exec.Command(slideBinary(t), args...)
	cmd.Stdin, cmd.Stdout = stdin, stdout
	var errOut bytes.Buffer
	cmd.Stderr = &errOut
	if err := cmd.Run(); err != nil {
		ee, ok := err.(*exec.ExitError)
		if !ok {
			t.Fatal(err)
		}
		status = ee.ExitCode()
	}
	return errOut.String(), status, cmd.ProcessState
}

// runBinary runs the built command as runSlide runs it in-process.
func runBinary(t *testing.T, stdin string, args ...string) (stdout, stderr string, status int) {
	t.Helper()
	var out bytes.Buffer
	stderr, status, _ = execSlide(t, strings.NewReader(stdin), &out, args...)
	return out.String(), stderr, status
}

//go:build linux

package main

import (
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/slidekit/slide"
)

// maxRSS is the most memory a command may hold (peak resident set) while
// it reads an input of any length: the largest board and the runtime.
const maxRSS = 48 << 20

func init() { launcher = launchMeasured }

// launchMeasured runs the command given after "--" in os.Args, with the
// standard streams, writes its peak resident set in bytes to the file
// named by launchEnv, and returns its exit status. It runs in a fresh copy
// of the test binary, whose own memory is small: Linux counts in a
// command's peak the memory of the process that started it, up to the
// exec, since Go starts commands by vfork; a command started by the test
// process itself would report the tests' peak.
func launchMeasured() int {
	args := os.Args[1:]
	for len(args) > 0 && args[0] != "--" {
		args = args[1:]
	}
	cmd := exec.Command(args[1], args[2:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	cmd.Run()
	rss := int64(cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss) << 10 // kilobytes on Linux
	if err := os.WriteFile(os.Getenv(launchEnv), []byte(strconv.FormatInt(rss, 10)), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 125
	}
	return cmd.ProcessState.ExitCode()
}

// measureSlide runs the built command as execSlide does, through
// launchMeasured, and returns its peak resident set in bytes too.
func measureSlide(t *testing.T, stdin io.Reader, stdout io.Writer, args ...string) (stderr string, status int, rss int64) {
	t.Helper()
	report := t.TempDir() + "/rss"
	test, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(test, append([]string{"--", slideBinary(t)}, args...)...)
	cmd.Env = append(os.Environ(), launchEnv+"="+report)
	cmd.Stdin, cmd.Stdout = stdin, stdout
	var errOut strings.Builder
	cmd.Stderr = &errOut
	cmd.Run()
	data, err := os.ReadFile(report)
	if err != nil {
		t.Fatalf("slide %v: no measure: %v; stderr %q", args, err, errOut.String())
	}
	rss, _ = strconv.ParseInt(string(data), 10, 64)
	return errOut.String(), cmd.ProcessState.ExitCode(), rss
}

// TestBinaryLongLines runs each command that reads a file on one line of
// 10 MB ("1 1 1 ..."), and check on the largest boards it accepts: each
// must stay under maxRSS, which bounds memory by the largest legal input,
// not by the input's length.
func TestBinaryLongLines(t *testing.T) {
	dir := t.TempDir()
	long := writeFile(t, dir, "long.txt", strings.Repeat("1 ", 5<<20)+"\n")
	side := int(math.Sqrt(slide.MaxCells)) // of the largest square board
	words := make([]string, side*side)
	for i := range words[:len(words)-1] {
		words[i] = strconv.Itoa(i + 1)
	}
	words[len(words)-1] = "b"
	largest := strings.Join(words, " ")
	largestFile := writeFile(t, dir, "largest.txt", largest+"\n"+largest+"\n")
	tooLarge := writeFile(t, dir, "toolarge.txt", largest+" 65025\n"+largest+"\n")
	for _, tc := range []struct {
		stdin  string
		args   []string
		status int
		want   string
	}{
		{long, []string{"check"}, 1, "more than 65535 tiles and blanks"},
		{"", []string{"solve", long}, 1, "size line has 5242880 fields"},
		{"", []string{"hint", long}, 1, "size 1 x 1: a board needs at least 2 cells"},
		{"", []string{"blocks", long}, 1, "has 5242880 fields"},
		{"", []string{"bench", long}, 1, "more than 65535 tiles"},
		{largestFile, []string{"check"}, 0, "solvable"},
		{tooLarge, []string{"check"}, 1, "start: 65026 tiles and blanks, not a square number"},
	} {
		stdin := io.Reader(strings.NewReader(""))
		if tc.stdin != "" {
			f, err := os.Open(tc.stdin)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			stdin = f
		}
		var out strings.Builder
		stderr, status, rss := measureSlide(t, stdin, &out, tc.args...)
		if status != tc.status || !strings.Contains(stderr+out.String(), tc.want) || rss > maxRSS {
			t.Errorf("slide %v: status %d, peak RSS %d MB, stdout %.100q, stderr %.200q", tc.args, status, rss>>20, out.String(), stderr)
		} else {
			t.Logf("slide %v: peak RSS %.1f MB", tc.args, float64(rss)/(1<<20))
		}
	}
}

//go:build linux

package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/slidekit/slide/internal/testsets"
)

// TestSolveMemoryBound: slide solve under -max-memory 64MiB stops at the
// bound (or answers) with its peak resident memory within 1.1 times the
// bound, the runtime and the program included: -w 1.3 on a 5 x 5 board on
// two workers, whose weighted A* runs up to the bound in a few seconds,
// and -time 3s on a 6 x 6 board on 16 workers, whose beam widens to it.
// Before, weighted A* grew its arrays uncharged, a quarter at a time, and
// the garbage they left, with a soft memory limit of the bound and 8 MiB,
// took slide solve -w 3 on 13 x 17 (whose weighted mode now answers or
// refuses within a second) to 1.32 times the bound; and the beam counted
// its arrays by its width, not their capacities, which took the 6 x 6
// solve to 1.12 times the bound.
func TestSolveMemoryBound(t *testing.T) {
	if !testsets.Long() {
		t.Skip("quick form (SLIDE_LONG=1 runs it): searches of a few seconds")
	}
	for _, c := range []struct {
		size string
		args []string
	}{
		{"5", []string{"-w", "1.3", "-workers", "2"}},
		{"6", []string{"-time", "3s", "-workers", "16"}},
	} {
		t.Run(c.size+strings.Join(c.args, ""), func(t *testing.T) {
			checkMemoryBound(t, randomBoard(t, c.size), c.args)
		})
	}
}

// checkMemoryBound runs slide solve on board with args under -max-memory
// 64MiB and wants its peak resident memory within 1.1 times the bound.
func checkMemoryBound(t *testing.T, board string, args []string) {
	const bound = 64 << 20
	cmd := exec.Command(slideBinary(t), append(append([]string{"solve"}, args...), "-max-memory", "64MiB", "-count", "-")...)
	cmd.Stdin = strings.NewReader(board)
	cmd.Env = append(os.Environ(), "XDG_CACHE_HOME="+t.TempDir())
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	peak := watchPeak(cmd.Process.Pid)
	if err := cmd.Wait(); err != nil && !strings.Contains(out.String(), "memory limit (64 MiB)") {
		t.Fatalf("%v: %s", err, out.String())
	}
	<-peak.done
	if peak.bytes == 0 {
		t.Skip("no VmHWM in /proc")
	}
	t.Logf("peak resident memory %.1f MiB under -max-memory 64MiB", float64(peak.bytes)/(1<<20))
	if peak.bytes > bound*11/10 {
		t.Errorf("peak resident memory %.1f MiB, over 1.1 times the bound of 64 MiB", float64(peak.bytes)/(1<<20))
	}
}

// A peak is the peak resident memory of a process, its VmHWM, read until
// the process ends (then done is closed). The rusage of a child started
// by a large test process would not do: on Linux it counts the parent's
// peak too.
type peak struct {
	bytes int64
	done  chan struct{}
}

// watchPeak reads the VmHWM of process pid every few milliseconds until
// it is gone: a high-water mark, so the last read is the peak but for the
// last moments, when a search stopped at its bound makes nothing more.
func watchPeak(pid int) *peak {
	p := &peak{done: make(chan struct{})}
	go func() {
		defer close(p.done)
		for {
			data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
			if err != nil {
				return
			}
			_, rest, ok := strings.Cut(string(data), "VmHWM:")
			if !ok {
				return // a zombie: the process has ended
			}
			if !strings.HasPrefix(string(data), "Name:\tslide\n") {
				return // not slide: the process has ended and its pid is another's
			}
			kb, _ := strconv.ParseInt(strings.Fields(rest)[0], 10, 64)
			p.bytes = kb << 10
			time.Sleep(5 * time.Millisecond)
		}
	}()
	return p
}

package main

import (
	"bufio"
	"fmt"
	"io"
	"runtime"
	"runtime/metrics"
	"strings"
	"testing"
	"time"
)

// TestHintStreams checks that hint answers a configuration as soon as it
// has read it: the first answer comes while the input is still open, and
// the second after the second configuration is written. Before, hint read
// its whole input first.
func TestHintStreams(t *testing.T) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	status := make(chan int, 1)
	go func() {
		status <- runHint(nil, inR, outW, io.Discard)
		outW.Close()
	}()
	out := bufio.NewReader(outR)
	// answer reads the answer to one configuration, its five blocks.
	answer := func() string {
		lines := make(chan string, 1)
		go func() {
			var text strings.Builder
			for blocks := 0; blocks < 5; {
				line, err := out.ReadString('\n')
				text.WriteString(line)
				if err != nil {
					break
				}
				if line == "\n" {
					blocks++
				}
			}
			lines <- text.String()
		}()
		select {
		case text := <-lines:
			return text
		case <-time.After(time.Minute): // generous: hint waits for no more input
			t.Fatal("no answer while the input is open")
			return ""
		}
	}
	fmt.Fprint(inW, "2\n2 2\n1 2 3 0\n")
	if first := answer(); !strings.HasPrefix(first, "Configuration 1:\ncurrent configuration:\n    1 2\n    3 0\nvalue: 0\n") {
		t.Fatalf("first answer %q", first)
	}
	fmt.Fprint(inW, "1 2\n0 1\n")
	if second := answer(); !strings.HasPrefix(second, "Configuration 2:\n") {
		t.Fatalf("second answer %q", second)
	}
	inW.Close()
	if rest, _ := io.ReadAll(out); len(rest) > 0 || <-status != exitOK {
		t.Errorf("after the input closed: %q", rest)
	}
}

// configLines reads as n configurations of hint's input, "2 2" and its
// tiles a line each, made as they are read.
type configLines struct {
	n, made int
	buf     []byte
}

func (c *configLines) Read(p []byte) (int, error) {
	for len(c.buf) < len(p) && c.made <= c.n {
		if c.made == 0 {
			c.buf = fmt.Appendf(c.buf, "%d\n", c.n)
		} else {
			c.buf = append(c.buf, [...]string{"2 2 1 2 3 0\n", "2 2 0 1 3 2\n", "2 2 3 1 0 2\n"}[c.made%3]...)
		}
		c.made++
	}
	if len(c.buf) == 0 {
		return 0, io.EOF
	}
	n := copy(p, c.buf)
	c.buf = c.buf[:copy(c.buf, c.buf[n:])]
	return n, nil
}

// liveHeap returns the bytes of the heap's live objects, collected first.
func liveHeap() uint64 {
	runtime.GC()
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// heapProbe discards what is written to it, and once more than after
// bytes have been, takes the live heap.
type heapProbe struct {
	after, written int
	live           uint64
}

func (h *heapProbe) Write(p []byte) (int, error) {
	h.written += len(p)
	if h.live == 0 && h.written > h.after {
		h.live = liveHeap()
	}
	return len(p), nil
}

// TestHintMemory checks that hint holds one configuration at a time: on
// 200,000 configurations its live heap, taken when it has answered most
// of them, is within a few MiB of the heap before it started. Before,
// hint kept every configuration it read, 250 bytes each.
func TestHintMemory(t *testing.T) {
	const n = 200000
	const answer = 150 // bytes of each configuration's answer, at least
	before := liveHeap()
	probe := &heapProbe{after: n * answer * 3 / 4}
	if status := runHint(nil, &configLines{n: n}, probe, io.Discard); status != exitOK || probe.live == 0 {
		t.Fatalf("status %d, %d bytes written", status, probe.written)
	}
	t.Logf("live heap %d bytes before, %d after %d bytes of output", before, probe.live, probe.written)
	const bound = 8 << 20
	if probe.live > before+bound {
		t.Errorf("live heap %d bytes after %d of output, %d before: want at most %d more", probe.live, probe.written, before, bound)
	}
}

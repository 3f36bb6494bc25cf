package main

import (
	"fmt"
	"io"
	"os"
	"runtime/pprof"
	"runtime/trace"
)

// Environment variables that name files for profiles of the whole
// process, for measuring where a run's time goes (docs/PERFORMANCE.md):
// a CPU profile (go tool pprof) and an execution trace (go tool trace),
// each from the start of the command to its end.
const (
	cpuProfileEnv = "SLIDE_CPUPROFILE"
	traceEnv      = "SLIDE_TRACE"
)

// startProfiles starts the profiles that the environment asks for and
// returns the function that ends them and closes their files. A file it
// cannot create or a profile it cannot start is said on stderr, and the
// command runs without it.
func startProfiles(stderr io.Writer) (stop func()) {
	var stops []func()
	for _, p := range []struct {
		env   string
		start func(io.Writer) error
		stop  func()
	}{
		{cpuProfileEnv, pprof.StartCPUProfile, pprof.StopCPUProfile},
		{traceEnv, trace.Start, trace.Stop},
	} {
		path := os.Getenv(p.env)
		if path == "" {
			continue
		}
		f, err := os.Create(path)
		if err == nil {
			if err = p.start(f); err != nil {
				f.Close()
			}
		}
		if err != nil {
			fmt.Fprintf(stderr, "slide: %s: %v\n", p.env, err)
			continue
		}
		stops = append(stops, func() {
			p.stop()
			if err := f.Close(); err != nil {
				fmt.Fprintf(stderr, "slide: %s: %v\n", p.env, err)
			}
		})
	}
	return func() {
		for _, s := range stops {
			s()
		}
	}
}

// Samples measures the anytime mode of the slide command on the shared
// samples of 6 x 6 and 7 x 7 boards (testdata/deep6x6_sample50.txt and
// deep7x7_sample50.txt, lines "id reference t0 t1 ...", the goal blank
// first), or held-out boards of the same form, a process a board, as a
// user would run it: for each budget of -budgets, each sample and each
// board, in turn,
//
//	slide solve -time BUDGET -json -goal GOAL BOARD
//
// with the board and the goal written as files. It measures each
// process's wall time (its start and end included) and peak resident
// memory, reads the length, the lower bound and whether the answer is
// proven optimal from the JSON, checks that the moves are as many as the
// length, and prints for each sample and budget the lengths summed over
// the references summed (DeepCubeA's lengths), the mean lower bound and
// the bounds summed over the references, the least and greatest wall time
// as a share of the budget, how many answers not proven optimal ended
// outside 0.95 to 1.05 of the budget, and the greatest peak memory.
//
// Usage:
//
//	go run ./tools/samples [flags]
//
// It builds the command once into a temporary directory (go build -o)
// unless -slide names one. -json writes every run and the summaries,
// rewritten after every run so that a killed run keeps the runs that
// ended; -csv writes every run; -plot draws length over reference against
// the budget as an SVG picture, one line a sample, beside DeepCubeA's
// line at 1.0; -from reads -json files instead of running anything (to
// print and plot them again, several runs as one). A board whose process
// fails is reported and left out of the sums; samples then exits with
// status 1 once it has written its files, as it does when interrupted
// (SIGINT or SIGTERM), with the runs so far. Progress goes to standard
// error.
package main

import (
	"bytes"
	"cmp"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

type settings struct {
	samples, budgets     string
	slide, maxMemory     string
	boards, workers      int
	jsonOut, csvOut      string
	plot, from, title    string
	budgetList           []time.Duration
	sampleList, fromList []string
}

func main() {
	s, err := parseFlags(flag.CommandLine, os.Args[1:])
	if err == flag.ErrHelp {
		return
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "samples:", err)
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := execute(ctx, s, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "samples:", err)
		os.Exit(1)
	}
}

// parseFlags reads and checks the flags in args.
func parseFlags(fs *flag.FlagSet, args []string) (settings, error) {
	var s settings
	fs.StringVar(&s.samples, "samples", "testdata/deep6x6_sample50.txt,testdata/deep7x7_sample50.txt", "the sample `files`, split by commas (lines: id reference t0 t1 ..., the goal blank first)")
	fs.StringVar(&s.budgets, "budgets", "1s", "the `budgets` (-time) a board, split by commas, such as 1s,10s,60s")
	fs.StringVar(&s.slide, "slide", "", "the slide `command` to run (default: go build -o of ./cmd/slide into a temporary directory)")
	fs.StringVar(&s.maxMemory, "max-memory", "", "`SIZE` passed to slide solve as -max-memory (default: slide's own)")
	fs.IntVar(&s.boards, "boards", 0, "the first `N` boards of each sample (default 0: all)")
	fs.IntVar(&s.workers, "workers", 0, "`N` passed to slide solve as -workers (default 0: slide's own, one per core)")
	fs.StringVar(&s.jsonOut, "json", "", "write every run and the summaries to this JSON `file`")
	fs.StringVar(&s.csvOut, "csv", "", "write every run to this CSV `file`")
	fs.StringVar(&s.plot, "plot", "", "draw length over DeepCubeA's against the budget in this SVG `file`")
	fs.StringVar(&s.from, "from", "", "run nothing: read the runs from these JSON `files` (written by -json; split by commas), print and -plot them")
	fs.StringVar(&s.title, "title", "Anytime mode on the samples, a process a board", "the plot's `title`")
	if err := fs.Parse(args); err != nil {
		return s, err
	}
	if fs.NArg() > 0 {
		return s, fmt.Errorf("unexpected argument %q: every input is a flag", fs.Arg(0))
	}
	if s.boards < 0 {
		return s, fmt.Errorf("-boards %d: want 0 (all) or more", s.boards)
	}
	if s.workers < 0 {
		return s, fmt.Errorf("-workers %d: want 0 (slide's own) or more", s.workers)
	}
	files := []struct{ flag, path string }{{"-json", s.jsonOut}, {"-csv", s.csvOut}, {"-plot", s.plot}}
	if s.from != "" {
		for _, f := range strings.Split(s.from, ",") {
			if f = strings.TrimSpace(f); f == "" {
				return s, fmt.Errorf("-from %q: an empty file name", s.from)
			}
			s.fromList = append(s.fromList, f)
			files = append(files, struct{ flag, path string }{"-from", f})
		}
	}
	outs := map[string]string{}
	for _, o := range files {
		if o.path == "" {
			continue
		}
		if other, ok := outs[filepath.Clean(o.path)]; ok {
			return s, fmt.Errorf("%s %s is also the %s file", o.flag, o.path, other)
		}
		outs[filepath.Clean(o.path)] = o.flag
		if o.flag == "-from" {
			continue
		}
		if err := checkOutput(o.path); err != nil {
			return s, fmt.Errorf("%s: %w", o.flag, err)
		}
	}
	if s.from != "" {
		return s, nil
	}
	for _, f := range strings.Split(s.budgets, ",") {
		d, err := time.ParseDuration(strings.TrimSpace(f))
		if err != nil || d <= 0 {
			return s, fmt.Errorf("-budgets: %q is not a duration above 0, such as 1s or 200ms", f)
		}
		s.budgetList = append(s.budgetList, d)
	}
	for _, f := range strings.Split(s.samples, ",") {
		if f = strings.TrimSpace(f); f == "" {
			return s, fmt.Errorf("-samples %q: an empty file name", s.samples)
		}
		s.sampleList = append(s.sampleList, f)
	}
	return s, nil
}

// checkOutput says why path cannot be written as an output file: its
// folder is missing, or it is there but not a regular file (a link, a
// folder, a device), which samples never replaces.
func checkOutput(path string) error {
	if fi, err := os.Stat(filepath.Dir(path)); err != nil || !fi.IsDir() {
		return fmt.Errorf("%s: no folder %s", path, filepath.Dir(path))
	}
	fi, err := os.Lstat(path)
	if err == nil && !fi.Mode().IsRegular() {
		return fmt.Errorf("%s is not a regular file", path)
	}
	return nil
}

// results is what -json writes and -from reads.
type results struct {
	Command   string    `json:"command"`                 // slide's arguments a board, BUDGET, GOAL and BOARD standing for theirs
	LoadStart string    `json:"loadavg_start,omitempty"` // /proc/loadavg before the first run
	LoadEnd   string    `json:"loadavg_end,omitempty"`
	Runs      []run     `json:"runs"`
	Summaries []summary `json:"summaries"` // those where a board answered
}

// execute runs (or reads with -from) the runs of s, prints their
// summaries to stdout and writes the files s asks for.
func execute(ctx context.Context, s settings, stdout, stderr io.Writer) error {
	var res results
	var failed error
	if s.from != "" {
		for _, f := range s.fromList {
			var part results
			data, err := os.ReadFile(f)
			if err != nil {
				return err
			}
			if err := json.Unmarshal(data, &part); err != nil {
				return fmt.Errorf("%s: %w", f, err)
			}
			if len(part.Runs) == 0 {
				return fmt.Errorf("%s: no runs", f)
			}
			for _, r := range part.Runs {
				if r.Budget <= 0 || r.Size < 2 || r.Sample == "" {
					return fmt.Errorf("%s: run of board %d of %q: want a sample, a size of at least 2 and a budget above 0", f, r.ID, r.Sample)
				}
			}
			res.Runs = append(res.Runs, part.Runs...)
			res.Command = cmp.Or(res.Command, part.Command)
		}
	} else {
		var err error
		res, failed, err = measure(ctx, s, stderr)
		if err != nil {
			return err
		}
	}
	sums := summarize(res.Runs)
	if err := printSummaries(stdout, sums); err != nil {
		return err
	}
	if s.jsonOut != "" {
		if err := writeResults(s.jsonOut, res); err != nil {
			return err
		}
	}
	if s.csvOut != "" {
		var b bytes.Buffer
		if err := csv.NewWriter(&b).WriteAll(csvRecords(res.Runs)); err != nil {
			return err
		}
		if err := os.WriteFile(s.csvOut, b.Bytes(), 0o644); err != nil {
			return err
		}
	}
	if s.plot != "" {
		var b bytes.Buffer
		if err := writeSVG(&b, s.title, plotSeries(sums)); err != nil {
			return err
		}
		if err := os.WriteFile(s.plot, b.Bytes(), 0o644); err != nil {
			return err
		}
	}
	return failed
}

// writeResults writes res to path as JSON, with the summaries of its
// runs where a board answered.
func writeResults(path string, res results) error {
	res.Summaries = nil
	for _, x := range summarize(res.Runs) {
		if x.Boards > 0 {
			res.Summaries = append(res.Summaries, x)
		}
	}
	data, err := json.MarshalIndent(res, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(data, '\n'), 0o644)
}

// measure runs slide on every board of every sample at every budget. It
// returns the runs, an error naming the failed boards if any failed, and
// an error of its own where it cannot go on (a sample that does not
// read, slide that does not build). Interrupted, it returns the runs that
// ended, and says so in the first error.
func measure(ctx context.Context, s settings, stderr io.Writer) (results, error, error) {
	var res results
	var samples []sample
	for _, f := range s.sampleList {
		sm, err := readSample(f)
		if err != nil {
			return res, nil, err
		}
		if s.boards > 0 && s.boards < len(sm.Boards) {
			sm.Boards = sm.Boards[:s.boards]
		}
		samples = append(samples, sm)
	}
	dir, err := os.MkdirTemp("", "samples")
	if err != nil {
		return res, nil, err
	}
	defer os.RemoveAll(dir)
	slide := s.slide
	if slide == "" {
		slide = filepath.Join(dir, "slide")
		fmt.Fprintln(stderr, "samples: go build -o", slide, "./cmd/slide")
		cmd := exec.CommandContext(ctx, "go", "build", "-o", slide, "./cmd/slide")
		cmd.Stderr = stderr
		if err := cmd.Run(); err != nil {
			return res, nil, fmt.Errorf("building slide (run from the repository's root, or give -slide): %w", err)
		}
	}
	extra := []string{}
	if s.workers > 0 {
		extra = append(extra, "-workers", fmt.Sprint(s.workers))
	}
	if s.maxMemory != "" {
		extra = append(extra, "-max-memory", s.maxMemory)
	}
	res.Command = strings.Join(append([]string{"slide", "solve", "-time", "BUDGET", "-json"}, append(extra, "-goal", "GOAL", "BOARD")...), " ")
	res.LoadStart = loadavg()
	var bad []string
	for _, budget := range s.budgetList {
		for _, sm := range samples {
			goal := filepath.Join(dir, fmt.Sprintf("goal%d.txt", sm.Size))
			if err := os.WriteFile(goal, []byte(boardText(sm.Size, blankFirst(sm.Size))), 0o644); err != nil {
				return res, nil, err
			}
			for _, bd := range sm.Boards {
				file := filepath.Join(dir, "board.txt")
				if err := os.WriteFile(file, []byte(boardText(bd.Size, bd.Tiles)), 0o644); err != nil {
					return res, nil, err
				}
				args := append([]string{"solve", "-time", budget.String(), "-json"}, append(extra, "-goal", goal, file)...)
				r := solveOne(ctx, slide, args, budget)
				if ctx.Err() != nil {
					res.LoadEnd = loadavg()
					return res, fmt.Errorf("interrupted after %d runs, which the summary and the files hold", len(res.Runs)), nil
				}
				r.Sample, r.Size, r.ID, r.Reference, r.Budget = sm.Name, sm.Size, bd.ID, bd.Reference, budget.Seconds()
				res.Runs = append(res.Runs, r)
				if s.jsonOut != "" {
					// The file holds every run so far, should the process be killed.
					if err := writeResults(s.jsonOut, res); err != nil {
						return res, nil, err
					}
				}
				if r.Error != "" {
					bad = append(bad, fmt.Sprintf("%s board %d at %v", sm.Name, bd.ID, budget))
					fmt.Fprintf(stderr, "samples: %s board %d at %v: %s\n", sm.Name, bd.ID, budget, r.Error)
					continue
				}
				fmt.Fprintf(stderr, "%s %v board %d: %d moves (ref %d, at least %d), %.3f s, %.0f MiB\n",
					sm.Name, budget, bd.ID, r.Length, r.Reference, r.LowerBound, r.Wall, float64(r.MaxRSS)/(1<<20))
			}
		}
	}
	res.LoadEnd = loadavg()
	if len(bad) > 0 {
		return res, fmt.Errorf("%d runs failed: %s", len(bad), strings.Join(bad, "; ")), nil
	}
	return res, nil, nil
}

// solveOne runs slide with args and reads its answer. A process still
// running at twice its budget plus a minute is killed and fails.
func solveOne(ctx context.Context, slide string, args []string, budget time.Duration) run {
	ctx, cancel := context.WithTimeout(ctx, 2*budget+time.Minute)
	defer cancel()
	var out, errb bytes.Buffer
	cmd := exec.CommandContext(ctx, slide, args...)
	cmd.Stdout, cmd.Stderr = &out, &errb
	start := time.Now()
	err := cmd.Run()
	var r run
	r.Wall = time.Since(start).Seconds()
	if cmd.ProcessState != nil {
		r.MaxRSS = maxRSS(cmd.ProcessState)
	}
	if err != nil {
		msg := strings.TrimSpace(errb.String())
		if ctx.Err() == context.DeadlineExceeded {
			msg = "killed past twice the budget plus a minute"
		}
		r.Error = strings.TrimSpace(fmt.Sprintf("%v: %s", err, msg))
		return r
	}
	if err := parseAnswer(out.Bytes(), &r); err != nil {
		r.Error = err.Error()
	}
	return r
}

// answer is the part of slide solve -json's object (see internal/report)
// that the runs read.
type answer struct {
	Solvable   bool    `json:"solvable"`
	Length     *int    `json:"length"`
	Optimal    *bool   `json:"optimal"`
	LowerBound *int    `json:"lower_bound"`
	Moves      *string `json:"moves"`
}

// parseAnswer reads slide solve -json's output into r: the length, the
// lower bound (the length where the answer is proven optimal) and
// whether it is, checking that there are as many moves as the length.
func parseAnswer(data []byte, r *run) error {
	var a answer
	if err := json.Unmarshal(data, &a); err != nil {
		return fmt.Errorf("reading slide's JSON: %w", err)
	}
	switch {
	case !a.Solvable:
		return errors.New("slide says the goal cannot be reached")
	case a.Length == nil || a.Moves == nil:
		return errors.New("slide's JSON has no length or moves")
	case len(*a.Moves) != *a.Length:
		return fmt.Errorf("slide's JSON has %d moves for a length of %d", len(*a.Moves), *a.Length)
	}
	r.Length = *a.Length
	r.Optimal = a.Optimal != nil && *a.Optimal
	switch {
	case a.LowerBound != nil:
		r.LowerBound = *a.LowerBound
	case r.Optimal:
		r.LowerBound = r.Length
	}
	if r.LowerBound > r.Length {
		return fmt.Errorf("slide's lower bound %d is above its length %d", r.LowerBound, r.Length)
	}
	return nil
}

// loadavg returns the first three fields of /proc/loadavg, or "" where
// there is none.
func loadavg() string {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return ""
	}
	f := strings.Fields(string(data))
	return strings.Join(f[:min(3, len(f))], " ")
}

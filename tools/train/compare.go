package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/slidekit/slide"
	"github.com/slidekit/slide/internal/learn"
	"github.com/slidekit/slide/internal/near"
	"github.com/slidekit/slide/internal/pdb"
	"github.com/slidekit/slide/internal/tiles"
)

// compare measures how the database's bound, the hand-made ranking and
// the model m rank boards whose fewest moves are known: the starts of
// file (lines "id length t0 t1 ...", the goal blank first) and every
// board along the optimal solutions of random walks of 20 to 100 moves
// (the -check count), solved by the root package under the same
// database (those not solved within optimalTime left out); it prints the rank correlation with the truth of each and
// the mean error of the database's bound and of m's value.
func compare(s settings, t *tiles.Goal, spec pdb.Spec, cfg near.Config, m *learn.Model, file string, starts []start) error {
	var truth []learn.Sample
	for _, st := range starts {
		sm, _, err := near.Samples(context.Background(), t, st.code, []int{blankOf(st.code), 0}, cfg)
		if err != nil {
			return err
		}
		sm[0].Target = float64(st.length)
		truth = append(truth, sm[0])
	}
	report(fmt.Sprintf("%s, %d starts", file, len(starts)), truth, m, spec.Blank)
	solver, err := optimalSolver(t, spec)
	if err != nil {
		return err
	}
	var walks []learn.Sample
	crng := newRand(s.seed, 0x0e7a)
	skipped := 0
	for i := range s.check {
		code := randomWalk(t, 20+80*i/max(1, s.check-1), crng)
		blanks, err := solveOptimally(solver, t, code)
		if errors.Is(err, context.DeadlineExceeded) {
			skipped++ // left out: the truth would take too long
			continue
		}
		if err != nil {
			return err
		}
		sm, _, err := near.Samples(context.Background(), t, code, blanks, cfg)
		if err != nil {
			return err
		}
		walks = append(walks, sm...)
		fmt.Fprintf(os.Stderr, "\rrandom walks solved optimally: %d/%d", i+1, s.check)
	}
	fmt.Fprintln(os.Stderr)
	report(fmt.Sprintf("boards along the optimal paths of %d random walks (%d more not solved within %v), %d boards", s.check-skipped, skipped, optimalTime, len(walks)), walks, m, spec.Blank)
	return nil
}

// report prints the rank correlations and errors of compare.
func report(what string, truth []learn.Sample, m *learn.Model, blank int) {
	var opt, db, hand, est []float64
	for i := range truth {
		x := &truth[i]
		opt = append(opt, x.Target)
		db = append(db, float64(x.DB))
		hand = append(hand, float64(x.DB+x.LC)-0.75*float64(misplaced(x.Board, blank)))
		est = append(est, float64(m.Value(x.Board, x.DB, x.LC, x.Cycles))/float64(m.Scale))
	}
	dbMean, dbAbs := learn.Errors(db, opt)
	mean, abs := learn.Errors(est, opt)
	fmt.Printf("%s: rank correlation with the fewest moves: database %.4f, hand-made %.4f, learned %.4f; mean error (absolute): database %.2f (%.2f), learned %.2f (%.2f)\n",
		what, learn.Spearman(db, opt), learn.Spearman(hand, opt), learn.Spearman(est, opt), dbMean, dbAbs, mean, abs)
}

type start struct {
	code   []int32
	length int
}

// readLengths reads the boards and fewest moves of file, a regular file
// of at most maxInputBytes (see checkInput), of which it reads no more.
func readLengths(file string, t *tiles.Goal) ([]start, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	switch fi, err := f.Stat(); {
	case err != nil:
		return nil, err
	case !fi.Mode().IsRegular() || fi.Size() > maxInputBytes:
		return nil, fmt.Errorf("%s: not a regular file of at most %d MiB", file, maxInputBytes>>20)
	}
	var out []start
	sc := bufio.NewScanner(io.LimitReader(f, maxInputBytes))
	for line := 1; sc.Scan(); line++ {
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 || strings.HasPrefix(fields[0], "#") {
			continue
		}
		n := t.Rows * t.Cols
		if len(fields) != n+2 {
			return nil, fmt.Errorf("%s:%d: %d fields, want %d (id, length, %d cells)", file, line, len(fields), n+2, n)
		}
		nums := make([]int, n+1)
		for i, fl := range fields[1:] {
			if nums[i], err = strconv.Atoi(fl); err != nil {
				return nil, fmt.Errorf("%s:%d: %v", file, line, err)
			}
		}
		code, err := t.Encode(nums[1:])
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", file, line, err)
		}
		out = append(out, start{code: code, length: nums[0]})
	}
	return out, sc.Err()
}

// blankOf returns the blank's cell in code.
func blankOf(code []int32) int {
	for c, x := range code {
		if x == tiles.BlankCode {
			return c
		}
	}
	return -1
}

// optimalSolver returns the root package's optimal solver under the
// database of spec, whose groups it names by the goal's labels (tile t
// belongs on cell t), its tables built in memory.
func optimalSolver(t *tiles.Goal, spec pdb.Spec) (slide.Solver, error) {
	var groups []string
	for _, p := range spec.Patterns {
		var g []string
		for _, v := range p {
			g = append(g, strconv.Itoa(int(v)))
		}
		groups = append(groups, strings.Join(g, " "))
	}
	d, err := slide.ParseDatabase(goalBoard(t), strings.Join(groups, "/"))
	if err != nil {
		return slide.Solver{}, err
	}
	return slide.Solver{Heuristic: d.Heuristic(), Cache: slide.Cache{Dir: ""}, Workers: 1}, nil
}

// goalBoard returns the goal of t, the blank first.
func goalBoard(t *tiles.Goal) slide.Board {
	labels := make([]int, t.Rows*t.Cols)
	for i := range labels {
		labels[i] = i
	}
	b, _ := slide.New(t.Rows, t.Cols, labels)
	return b
}

// optimalTime is the longest compare waits for a shortest solution.
const optimalTime = time.Minute

// solveOptimally returns the blank's cells along a shortest solution of
// the board of codes code.
func solveOptimally(solver slide.Solver, t *tiles.Goal, code []int32) ([]int, error) {
	labels := make([]int, len(code))
	for c, x := range code {
		if x != tiles.BlankCode {
			labels[c] = int(x)
		}
	}
	b, err := slide.New(t.Rows, t.Cols, labels)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), optimalTime)
	defer cancel()
	sol, err := solver.Solve(ctx, b, goalBoard(t))
	if err != nil {
		return nil, err
	}
	var blanks []int
	for _, bd := range sol.All() {
		r, c := bd.Blank()
		blanks = append(blanks, r*t.Cols+c)
	}
	return blanks, nil
}

// Train learns the ranking of the anytime mode's beams on n x n boards
// (see internal/learn) and writes it as Go source.
//
// Usage:
//
//	go run ./tools/train [flags]
//
// With -method search (the default, which made the shipped models) it
// draws -boards random walks of -walk-max moves from the goal (blank
// first, as the shared samples) and searches the weights of a model by
// distance (see learn.ByDistance) coordinate by coordinate, from the
// beams' hand-made ranking, for the least mean length of the paths that
// single beams of -width find on them, for -rounds passes. With -method
// fit it bootstraps instead: round by round it solves random walks, each
// round's longer (-walk-min to -walk-max), with the model so far (the
// first round with the hand-made ranking), and fits the model by least
// squares to the moves left at every board of every path found so far.
// With -method imitate it learns every value's weight on every cell,
// the others kept as -start gives them, by learning as search
// optimisation (see imitate): beams of -width follow the paths that
// beams of -gold-width found (cached in the file -gold), and a
// perceptron's step of -lr moves the weights whenever a path's board
// falls out of a layer; -scale sets the model's units a move.
//
// Everything follows from -seed: the boards, the beams (one worker each)
// and so the paths and the weights (-method imitate's from -workers too).
// Progress goes to standard error. -o writes the model; -check then
// solves that many other boards with both rankings and prints their
// mean lengths; -compare measures the rankings where the fewest moves
// are known (see compare); -weights takes a model's weights instead of
// training one. -start starts the search from given weights (a model
// trained under another database, say) and -step sets its first step;
// -features adds weights of a value on a cell other than by its
// distance from home (see cellFeatures), searched with the others, and
// -coords names the weights the search moves; -model checks a model as
// -o wrote it.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/slidekit/slide/internal/learn"
	"github.com/slidekit/slide/internal/near"
	"github.com/slidekit/slide/internal/outfile"
	"github.com/slidekit/slide/internal/pdb"
	"github.com/slidekit/slide/internal/pdbcache"
	"github.com/slidekit/slide/internal/tiles"
)

type settings struct {
	size, rounds, boards, width, workers, check int
	checkWidth                                  int
	checkFile                                   string
	walkMin, walkMax                            int
	seed                                        uint64
	ridge                                       float64
	scale                                       int
	db, out, basis, method, compare, weights    string
	start, features, baseline, coords           string
	step                                        int
	goldWidth                                   int
	gold, model                                 string
	lr                                          float64
}

func main() {
	var s settings
	flag.IntVar(&s.size, "size", 7, "boards are `n` x n")
	flag.StringVar(&s.db, "db", "", "the database: a shipped partition (default 35 for 6 x 6, 48 for 7 x 7, or the stronger 48x5), or a spec's name such as 5x5-b0-1.2.6.7-..., built in memory")
	flag.StringVar(&s.compare, "compare", "", "a `file` of boards and their fewest moves (as testdata/korf24_50.txt) to compare the rankings on, with -check random walks solved optimally")
	flag.IntVar(&s.rounds, "rounds", 4, fmt.Sprintf("passes of the search, or rounds of the fit: 1 to %d", maxRounds))
	flag.IntVar(&s.boards, "boards", 40, fmt.Sprintf("boards to search on, or a round of the fit: 1 to %d", maxBoards))
	flag.IntVar(&s.width, "width", 1000, fmt.Sprintf("the beams' width: 1 to %d", maxWidth))
	flag.IntVar(&s.walkMin, "walk-min", 100, fmt.Sprintf("the fit's first round's walks, in moves: 1 to %d", maxWalk))
	flag.IntVar(&s.walkMax, "walk-max", 5000, fmt.Sprintf("the walks of the search, the check and the fit's last round, in moves: -walk-min to %d", maxWalk))
	flag.Uint64Var(&s.seed, "seed", 1, "the seed of everything random")
	flag.Float64Var(&s.ridge, "ridge", 0.01, "the fit's ridge penalty on the tiles' weights: a finite number of at least 0")
	flag.IntVar(&s.scale, "scale", 16, fmt.Sprintf("the fitted model's units a move (the search's are 16): 1 to %d", maxScale))
	flag.StringVar(&s.basis, "basis", "shared", "the fit's weights of the tiles on their cells: shared (by rows and columns from the goal cell) or cells (every tile on every cell)")
	flag.IntVar(&s.workers, "workers", 1, fmt.Sprintf("boards solved at once: 1 to %d", maxWorkers))
	flag.StringVar(&s.method, "method", "search", "search (the weights by the beams' lengths), fit (least squares on the paths' moves left) or imitate (every weight of a value on a cell, by the boards that wider beams' paths keep)")
	flag.IntVar(&s.check, "check", 0, fmt.Sprintf("fresh boards to compare the rankings on at the end: 0 to %d", maxBoards))
	flag.StringVar(&s.weights, "weights", "", "no training: the model of these weights (DB,LC,cycles,bias,d1,...,d8+ as -method search prints them), to -check or -compare")
	flag.StringVar(&s.start, "start", "", "the weights the search starts from (as -weights; default the beams' hand-made ranking, and 0 for every weight of -features)")
	flag.StringVar(&s.baseline, "baseline", "", "the weights (as -weights, without -features) of the model that -check and -check-file compare with, in place of the hand-made ranking")
	flag.StringVar(&s.coords, "coords", "", "the weights the search moves, by name (DB, LC, cycles, d1 ... d8+ and the features' as the search prints them, comma-separated; default all but the bias)")
	flag.IntVar(&s.step, "step", 8, "the search's first step, in 1/16 moves: 1 to 64")
	flag.StringVar(&s.features, "features", "", fmt.Sprintf("weights of a tile on a cell besides its distance from home, searched and given after d8+ (comma-separated): %s", featureHelp()))
	flag.IntVar(&s.checkWidth, "check-width", 0, fmt.Sprintf("the beams' width in the check: 0 (-width) to %d", maxWidth))
	flag.StringVar(&s.checkFile, "check-file", "", fmt.Sprintf("check on the boards of this regular `file` of at most %d MiB (lines id reference t0 t1 ..., as the shared samples) in place of random ones, and print the mean lengths over the references", maxInputBytes>>20))
	flag.StringVar(&s.out, "o", "", "the Go file to write the model to (default none): a new or regular file, never a link, device, FIFO or folder")
	flag.IntVar(&s.goldWidth, "gold-width", 32000, "-method imitate: the gold beams' width")
	flag.StringVar(&s.gold, "gold", "", "-method imitate: a file caching the gold paths")
	flag.StringVar(&s.model, "model", "", "a model as -o writes it, in place of -weights")
	flag.Float64Var(&s.lr, "lr", 1, "-method imitate: the perceptron's step, in 1/scale moves")
	flag.Parse()
	if err := run(s); err != nil {
		fmt.Fprintln(os.Stderr, "train:", err)
		os.Exit(1)
	}
}

// The bounds of the flags, far past what training takes (the shipped
// models took -width 2000, -walk-max 5000, -boards 40), so that a mistyped
// number fails at once instead of running for hours or filling the memory.
const (
	maxRounds     = 1000
	maxBoards     = 100_000
	maxWidth      = 100_000
	maxWalk       = 10_000_000
	maxScale      = 1 << 16
	maxWorkers    = 1024
	maxInputBytes = 64 << 20 // -check-file and -compare
)

// validate returns why the flags of s cannot be run, or nil: every bound
// of the flags, and the files, each checked before any work.
func validate(s settings) error {
	for _, f := range []struct {
		name           string
		v, least, most int
	}{
		{"-size", s.size, 3, 15},
		{"-rounds", s.rounds, 1, maxRounds},
		{"-boards", s.boards, 1, maxBoards},
		{"-width", s.width, 1, maxWidth},
		{"-walk-min", s.walkMin, 1, maxWalk},
		{"-walk-max", s.walkMax, max(1, s.walkMin), maxWalk},
		{"-scale", s.scale, 1, maxScale},
		{"-workers", s.workers, 1, maxWorkers},
		{"-check", s.check, 0, maxBoards},
		{"-check-width", s.checkWidth, 0, maxWidth},
		{"-step", s.step, 1, 64},
	} {
		if f.v < f.least || f.v > f.most {
			return fmt.Errorf("%s %d: want %d to %d", f.name, f.v, f.least, f.most)
		}
	}
	if math.IsNaN(s.lr) || math.IsInf(s.lr, 0) || s.lr <= 0 {
		return fmt.Errorf("-lr %v: want a finite number above 0", s.lr)
	}
	if s.goldWidth < 1 || s.goldWidth > maxWidth {
		return fmt.Errorf("-gold-width %d: want 1 to %d", s.goldWidth, maxWidth)
	}
	if math.IsNaN(s.ridge) || math.IsInf(s.ridge, 0) || s.ridge < 0 {
		return fmt.Errorf("-ridge %v: want a finite number of at least 0", s.ridge)
	}
	if s.method != "search" && s.method != "fit" && s.method != "imitate" {
		return fmt.Errorf("-method %q: want search, fit or imitate", s.method)
	}
	feats, err := featuresOf(s.features)
	if err != nil {
		return err
	}
	if _, err := searched(s.coords, weightNames(feats)); err != nil {
		return err
	}
	for _, w := range []struct{ flag, list, features string }{{"-weights", s.weights, s.features}, {"-start", s.start, s.features}, {"-baseline", s.baseline, ""}} {
		if w.list == "" {
			continue
		}
		if _, err := weightsOf(w.flag, w.list, w.features); err != nil {
			return err
		}
	}
	for _, in := range []struct{ flag, path string }{{"-check-file", s.checkFile}, {"-compare", s.compare}, {"-model", s.model}} {
		if in.path == "" {
			continue
		}
		if err := checkInput(in.path); err != nil {
			return fmt.Errorf("%s: %v", in.flag, err)
		}
		if s.out != "" && sameFile(s.out, in.path) {
			return fmt.Errorf("-o: %s: is the %s file", s.out, in.flag)
		}
	}
	if s.out != "" {
		if err := outfile.Check(s.out); err != nil {
			return fmt.Errorf("-o: %v", err)
		}
	}
	if s.gold != "" {
		if err := outfile.Check(s.gold); err != nil {
			return fmt.Errorf("-gold: %v", err)
		}
	}
	return nil
}

// checkInput returns why path cannot be read as an input file, or nil: it
// must be a regular file (a link to one will do) of at most maxInputBytes.
func checkInput(path string) error {
	fi, err := os.Stat(path)
	switch {
	case err != nil:
		return err
	case !fi.Mode().IsRegular():
		return fmt.Errorf("%s: %s", path, outfile.NotRegular(fi.Mode()))
	case fi.Size() > maxInputBytes:
		return fmt.Errorf("%s: %d bytes, more than the %d MiB an input may take", path, fi.Size(), maxInputBytes>>20)
	}
	return nil
}

// sameFile reports whether the paths a and b name one existing file.
func sameFile(a, b string) bool {
	fa, errA := os.Stat(a)
	fb, errB := os.Stat(b)
	return errA == nil && errB == nil && os.SameFile(fa, fb)
}

func run(s settings) error {
	if err := validate(s); err != nil {
		return err
	}
	if s.db == "" {
		s.db = defaultDB[s.size]
	}
	kind := map[string]learn.Basis{"shared": learn.Shared, "cells": learn.Cells}
	if _, ok := kind[s.basis]; !ok {
		return fmt.Errorf("-basis %q: want shared or cells", s.basis)
	}
	spec, err := pdb.Named(s.db)
	custom := err != nil // a spec's name
	if custom {
		spec, err = pdb.ParseSpec(s.db)
	}
	if err != nil {
		return err
	}
	if spec.Rows != s.size || spec.Cols != s.size {
		return fmt.Errorf("-db %s is for %d x %d boards, not %d x %d", s.db, spec.Rows, spec.Cols, s.size, s.size)
	}
	cfg := near.Config{Heuristic: tiles.Heuristic{Kind: tiles.Database, Name: "pdb" + s.db, Spec: spec, Custom: custom}, Workers: 1}
	if custom {
		cfg.Request = pdbcache.Request{DirSet: true, Build: true} // in memory
	}
	n := s.size * s.size
	labels := make([]int, n)
	for i := range labels {
		labels[i] = i
	}
	t := tiles.NewGoal(s.size, s.size, labels, true)
	// The boards of the files are read before any work: a file that is
	// not what it should be fails at once.
	var checkStarts, compareStarts []start
	if s.checkFile != "" {
		if checkStarts, err = readLengths(s.checkFile, t); err != nil {
			return err
		}
	}
	if s.compare != "" {
		if compareStarts, err = readLengths(s.compare, t); err != nil {
			return err
		}
	}
	var fixed *learn.Model
	if s.weights != "" {
		if fixed, err = byDistance(s, spec); err != nil {
			return err
		}
	}
	rng := newRand(s.seed, 0x5eed)
	var model *learn.Model
	switch {
	case fixed != nil:
		model = fixed
	case s.model != "":
		model, err = loadModel(s.model, spec, s.size)
	case s.method == "fit":
		model, err = bootstrap(s, t, spec, cfg, rng, kind[s.basis])
	case s.method == "imitate":
		model, err = imitate(s, t, spec, cfg, rng)
	default:
		model, err = search(s, t, spec, cfg, rng)
	}
	if err != nil {
		return err
	}
	if s.out != "" {
		if err := outfile.Write(s.out, func(w io.Writer) error { _, err := w.Write(source(model, modelName(s))); return err }); err != nil {
			return fmt.Errorf("-o: %v", err)
		}
	}

	if s.compare != "" {
		return compare(s, t, spec, cfg, model, s.compare, compareStarts)
	}
	if s.check > 0 || s.checkFile != "" {
		return check(s, t, spec, cfg, model, checkStarts)
	}
	return nil
}

// check solves -check random walks of -walk-max moves, or the boards of
// -check-file (starts, read from it), with the hand-made ranking (or
// -baseline's model) and with m, and prints the mean lengths (over the
// file's references).
func check(s settings, t *tiles.Goal, spec pdb.Spec, cfg near.Config, model *learn.Model, starts []start) error {
	boards := make([][]int32, s.check)
	crng := newRand(s.seed, 0xc4ec)
	for i := range boards {
		boards[i] = randomWalk(t, s.walkMax, crng)
	}
	what, ref := fmt.Sprintf("%d boards, walks of %d", s.check, s.walkMax), 0.0
	if s.checkFile != "" {
		boards = boards[:0]
		for _, st := range starts {
			boards = append(boards, st.code)
			ref += float64(st.length) / float64(len(starts))
		}
		what = s.checkFile
	}
	if s.checkWidth > 0 {
		s.width = s.checkWidth
	}
	base, baseName := learn.Handmade, "hand-made"
	if s.baseline != "" {
		b := s
		b.weights, b.features = s.baseline, ""
		m, err := byDistance(b, spec)
		if err != nil {
			return err
		}
		base, baseName = m, "baseline ("+s.baseline+")"
	}
	for _, m := range []*learn.Model{base, model} {
		_, mean, err := solveAll(s, t, boards, m, cfg, "check")
		if err != nil {
			return err
		}
		name := baseName
		if m != base {
			name = "learned"
		}
		if ref > 0 {
			fmt.Printf("check: %s, width %d: %s ranking, mean %.2f moves, %.4f times the references' %.2f\n", what, s.width, name, mean, mean/ref, ref)
		} else {
			fmt.Printf("check: %s, width %d: %s ranking, mean %.2f moves\n", what, s.width, name, mean)
		}
	}
	return nil
}

// bootstrap fits the model round by round to the paths that the model so
// far finds (see the package's doc).
func bootstrap(s settings, t *tiles.Goal, spec pdb.Spec, cfg near.Config, rng *rand.Rand, kind learn.Basis) (*learn.Model, error) {
	model := learn.Handmade
	var all []learn.Sample
	began := time.Now()
	for r := range s.rounds {
		walk := walkLength(s, r)
		boards := make([][]int32, s.boards)
		for i := range boards {
			boards[i] = randomWalk(t, walk, rng)
		}
		samples, mean, err := solveAll(s, t, boards, model, cfg, fmt.Sprintf("round %d/%d", r+1, s.rounds))
		if err != nil {
			return nil, err
		}
		if len(all) > 0 {
			fmt.Fprintf(os.Stderr, "round %d/%d: walks of %d moves, mean path %.1f; on these boards, before the fit: %s\n", r+1, s.rounds, walk, mean, quality(model, samples, spec.Blank))
		}
		all = append(all, samples...)
		fit, err := learn.Fit(s.size, s.size, spec.Blank, kind, all, s.ridge, int32(s.scale))
		if err != nil {
			return nil, err
		}
		fit.Partition, fit.TrainBoard = spec.String(), s.boards*(r+1)
		fit.Trained = fmt.Sprintf("-size %d -db %s -rounds %d -boards %d -width %d -walk-min %d -walk-max %d -seed %d -ridge %g -scale %d -basis %s",
			s.size, s.db, s.rounds, s.boards, s.width, s.walkMin, s.walkMax, s.seed, s.ridge, s.scale, s.basis)
		model = fit
		fmt.Fprintf(os.Stderr, "round %d/%d: walks of %d moves, mean path %.1f, %d samples; fitted: %s; DB %d LC %d cycles %d bias %d (/%d); %v\n",
			r+1, s.rounds, walk, mean, len(all), quality(model, all, spec.Blank), model.DB, model.LC, model.Cycles, model.Bias, model.Scale, time.Since(began).Round(time.Second))
	}
	return model, nil
}

// search returns the model by distance (see learn.ByDistance) whose
// beams find the shortest paths on -boards random walks of -walk-max
// moves, by coordinate search from the beams' hand-made ranking: every
// weight in turn moves by a step up, then down, while the mean length
// falls; a pass with no move halves the step, until -rounds passes.
func search(s settings, t *tiles.Goal, spec pdb.Spec, cfg near.Config, rng *rand.Rand) (*learn.Model, error) {
	boards := make([][]int32, s.boards)
	for i := range boards {
		boards[i] = randomWalk(t, s.walkMax, rng)
	}
	w := handMade(s.size)
	feats, err := featuresOf(s.features)
	if err != nil {
		return nil, err
	}
	names := weightNames(feats)
	for _, f := range feats {
		w = append(w, make([]int32, len(f.coords))...)
	}
	if s.start != "" {
		if w, err = weightsOf("-start", s.start, s.features); err != nil {
			return nil, err
		}
	}
	trained := fmt.Sprintf("-method search -size %d -db %s -rounds %d -boards %d -width %d -walk-max %d -seed %d",
		s.size, s.db, s.rounds, s.boards, s.width, s.walkMax, s.seed)
	if s.start != "" {
		trained += fmt.Sprintf(" -start %s -step %d", s.start, s.step)
	}
	if s.features != "" {
		trained += " -features " + s.features
	}
	if s.coords != "" {
		trained += " -coords " + s.coords
	}
	model := func(w []int32) *learn.Model {
		m := modelOf(s, spec, w)
		m.Trained = trained
		m.TrainBoard = s.boards
		return m
	}
	began := time.Now()
	evals := 0
	mean := func(w []int32) (float64, error) {
		evals++
		_, m, err := solveAll(s, t, boards, model(w), cfg, "")
		return m, err
	}
	moves, err := searched(s.coords, names[:len(w)])
	if err != nil {
		return nil, err
	}
	best, err := mean(w)
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(os.Stderr, "start: mean %.2f moves %v\n", best, w)
	step := int32(s.step)
	for pass := range s.rounds {
		moved := false
		for i := range w {
			if !moves[i] {
				continue
			}
			for _, dir := range []int32{1, -1} {
				for {
					try := slices.Clone(w)
					try[i] += dir * step
					m, err := mean(try)
					if err != nil {
						return nil, err
					}
					if m >= best {
						break
					}
					best, w, moved = m, try, true
					fmt.Fprintf(os.Stderr, "pass %d, step %d: %s %d, mean %.2f moves; %d evaluations, %v\n", pass+1, step, names[i], w[i], best, evals, time.Since(began).Round(time.Second))
				}
			}
		}
		if !moved {
			if step == 1 {
				break
			}
			step /= 2
		}
		fmt.Fprintf(os.Stderr, "pass %d: mean %.2f moves %v\n", pass+1, best, w)
	}
	return model(w), nil
}

// handMade returns the weights (as -weights) of the beams' hand-made
// ranking of n x n boards (see near.rankBeam): past 6 x 6, 4 (h -
// misplaced) + 8 cycles in quarter moves, h being the database's bound
// plus Manhattan distance and linear conflicts.
func handMade(n int) []int32 {
	if n <= 6 {
		return []int32{16, 16, 0, 0, -12, -12, -12, -12, -12, -12, -12, -12}
	}
	return []int32{16, 16, 32, 0, -16, -16, -16, -16, -16, -16, -16, -16}
}

// weightNames returns the names of the weights of a model with the
// features feats, in the order of -weights.
func weightNames(feats []cellFeature) []string {
	names := []string{"DB", "LC", "cycles", "bias", "d1", "d2", "d3", "d4", "d5", "d6", "d7", "d8+"}
	for _, f := range feats {
		names = append(names, f.coords...)
	}
	return names
}

// searched returns which of the weights of the given names the search
// moves: those of coords (names, comma-separated), or all but the bias
// if it is empty.
func searched(coords string, names []string) ([]bool, error) {
	moves := make([]bool, len(names))
	for i := range moves {
		moves[i] = i != 3 // the bias ranks nothing
	}
	if coords == "" {
		return moves, nil
	}
	clear(moves)
	for _, name := range strings.Split(coords, ",") {
		i := slices.Index(names, strings.TrimSpace(name))
		if i < 0 || i == 3 {
			return nil, fmt.Errorf("-coords: no weight %q to search: want some of %s but bias", name, strings.Join(slices.Delete(slices.Clone(names), 3, 4), ", "))
		}
		moves[i] = true
	}
	return moves, nil
}

// newRand returns the random numbers of the given stream of seed.
func newRand(seed, stream uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, stream)) }

// byDistance returns the model of the weights of -weights.
func byDistance(s settings, spec pdb.Spec) (*learn.Model, error) {
	w, err := weightsOf("-weights", s.weights, s.features)
	if err != nil {
		return nil, err
	}
	m := modelOf(s, spec, w)
	m.Trained = fmt.Sprintf("-size %d -db %s -weights %s", s.size, s.db, s.weights)
	if s.features != "" {
		m.Trained += " -features " + s.features
	}
	return m, nil
}

// weightsOf returns the weights of list, the value of flag: DB, LC,
// cycles, bias, at least one by distance (d1 ...) and then those of the
// features named by features, as many as they have.
func weightsOf(flag, list, features string) ([]int32, error) {
	var w []int32
	for _, f := range strings.Split(list, ",") {
		x, err := strconv.ParseInt(strings.TrimSpace(f), 10, 32)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", flag, err)
		}
		w = append(w, int32(x))
	}
	feats, err := featuresOf(features)
	if err != nil {
		return nil, err
	}
	extra := 0
	for _, f := range feats {
		extra += len(f.coords)
	}
	if len(w) < 5+extra || extra > 0 && len(w) != 12+extra {
		return nil, fmt.Errorf("%s: %d weights, want DB, LC, cycles, bias and at least one by distance (all 8 with -features), then %d of -features", flag, len(w), extra)
	}
	return w, nil
}

// modelOf returns the model of the weights w: DB, LC, cycles, bias, a
// tile by its distance from home (see learn.ByDistance), d8+ last where
// -features follow, and then the features' weights.
func modelOf(s settings, spec pdb.Spec, w []int32) *learn.Model {
	feats, _ := featuresOf(s.features) // validated
	byDist := w[4:]
	if len(feats) > 0 {
		byDist = w[4:12]
	}
	m := learn.ByDistance(s.size, s.size, spec.Blank, w[0], w[1], w[2], byDist)
	m.Bias, m.Partition = w[3], spec.String()
	n := s.size * s.size
	at := 12
	for _, f := range feats {
		for v := range n {
			for c := range n {
				if k := f.at(s.size, s.size, spec.Blank, v, c); k >= 0 {
					m.Cell[v*n+c] += w[at+k]
				}
			}
		}
		at += len(f.coords)
	}
	return m
}

// A cellFeature weighs values on cells besides their distance from
// home: value v (goal-relative: its goal cell is v) on cell c takes the
// feature's weight at(v, c), or none where that is -1.
type cellFeature struct {
	name, help string
	coords     []string // the names of its weights
	at         func(rows, cols, blank, v, c int) int
}

// cellFeatures are the features that -features may name. Each is a
// table of a value on a cell, so a model with them costs a child what
// one without does.
var cellFeatures = []cellFeature{
	{"ring", "a misplaced tile by its goal's ring of cells about the blank's goal cell (the lesser of its rows and columns from it)",
		[]string{"r0", "r1", "r2", "r3+"}, func(rows, cols, blank, v, c int) int {
			if v == blank || v == c {
				return -1
			}
			dr, dc := abs(v/cols-blank/cols), abs(v%cols-blank%cols)
			return min(dr, dc, 3)
		}},
	{"edge", "a misplaced tile whose goal is a corner, or on an edge",
		[]string{"corner", "edge"}, func(rows, cols, blank, v, c int) int {
			if v == blank || v == c {
				return -1
			}
			r, col := v/cols, v%cols
			edges := 0
			if r == 0 || r == rows-1 {
				edges++
			}
			if col == 0 || col == cols-1 {
				edges++
			}
			return map[int]int{2: 0, 1: 1, 0: -1}[edges]
		}},
	{"aligned", "a misplaced tile in its goal's row or column",
		[]string{"aligned"}, func(rows, cols, blank, v, c int) int {
			if v == blank || v == c || v/cols != c/cols && v%cols != c%cols {
				return -1
			}
			return 0
		}},
	{"blank", "the blank by its distance from its goal cell",
		[]string{"b1", "b2", "b3", "b4+"}, func(rows, cols, blank, v, c int) int {
			if v != blank || v == c {
				return -1
			}
			return min(abs(v/cols-c/cols)+abs(v%cols-c%cols), 4) - 1
		}},
}

// featureHelp lists the features for the flag's help.
func featureHelp() string {
	var b strings.Builder
	for i, f := range cellFeatures {
		if i > 0 {
			b.WriteString("; ")
		}
		fmt.Fprintf(&b, "%s, %s (%s)", f.name, f.help, strings.Join(f.coords, ", "))
	}
	return b.String()
}

// featuresOf returns the features of list (comma-separated names), in
// its order.
func featuresOf(list string) ([]cellFeature, error) {
	if list == "" {
		return nil, nil
	}
	var out []cellFeature
	for _, name := range strings.Split(list, ",") {
		i := slices.IndexFunc(cellFeatures, func(f cellFeature) bool { return f.name == strings.TrimSpace(name) })
		if i < 0 {
			return nil, fmt.Errorf("-features: unknown feature %q: want ring, edge, aligned or blank", name)
		}
		out = append(out, cellFeatures[i])
	}
	return out, nil
}

func abs(x int) int { return max(x, -x) }

// walkLength returns the walks' length in round r: geometric from
// walkMin to walkMax.
func walkLength(s settings, r int) int {
	if s.rounds == 1 {
		return s.walkMax
	}
	f := float64(r) / float64(s.rounds-1)
	return int(math.Round(float64(s.walkMin) * math.Pow(float64(s.walkMax)/float64(s.walkMin), f)))
}

// randomWalk returns the codes of the board walk random moves from the
// goal, never undoing the last.
func randomWalk(t *tiles.Goal, walk int, rng *rand.Rand) []int32 {
	n := t.Rows * t.Cols
	code := make([]int32, n)
	labels := make([]int, n)
	for i := range labels {
		labels[i] = i
	}
	c, _ := t.Encode(labels)
	copy(code, c)
	blank, prev := 0, -1
	for range walk {
		var nbs [4]int
		k := 0
		r, col := blank/t.Cols, blank%t.Cols
		for _, nb := range [4]int{blank - t.Cols, blank - 1, blank + 1, blank + t.Cols} {
			switch {
			case nb == blank-t.Cols && r == 0, nb == blank+t.Cols && r == t.Rows-1, nb == blank-1 && col == 0, nb == blank+1 && col == t.Cols-1, nb == prev:
				continue
			}
			nbs[k] = nb
			k++
		}
		nb := nbs[rng.IntN(k)]
		code[blank], code[nb] = code[nb], code[blank]
		prev, blank = blank, nb
	}
	return code
}

// solveAll solves boards with one beam each ranking by m, workers at a
// time, and returns the samples of their paths, in the boards' order,
// and the paths' mean length.
func solveAll(s settings, t *tiles.Goal, boards [][]int32, m *learn.Model, cfg near.Config, what string) ([]learn.Sample, float64, error) {
	cfg.Ranking = m
	per := make([][]learn.Sample, len(boards))
	lengths := make([]int, len(boards))
	errs := make([]error, len(boards))
	var mu sync.Mutex
	done := 0
	forEach(s.workers, indices(len(boards)), func(i int) {
		blanks, err := near.Beam(context.Background(), t, boards[i], s.width, cfg)
		if err == nil {
			per[i], _, err = near.Samples(context.Background(), t, boards[i], blanks, cfg)
		}
		errs[i], lengths[i] = err, len(blanks)-1
		mu.Lock()
		done++
		if what != "" {
			fmt.Fprintf(os.Stderr, "\r%s: %d/%d boards", what, done, len(boards))
		}
		mu.Unlock()
	})
	if what != "" {
		fmt.Fprintln(os.Stderr)
	}
	var out []learn.Sample
	total := 0
	for i := range boards {
		if errs[i] != nil {
			return nil, 0, errs[i]
		}
		out = append(out, per[i]...)
		total += lengths[i]
	}
	return out, float64(total) / float64(len(boards)), nil
}

// forEach calls do with every index of jobs, workers at a time, and
// returns once every call has.
func forEach(workers int, jobs []int, do func(i int)) {
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(workers, len(jobs)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				do(i)
			}
		}()
	}
	for _, i := range jobs {
		next <- i
	}
	close(next)
	wg.Wait()
}

// indices returns 0 to n-1.
func indices(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

// quality describes how m's values, the database's bound and the
// hand-made ranking (see near.rankBeam) fit the samples' targets: rank
// correlation, and mean absolute error of values in moves.
func quality(m *learn.Model, samples []learn.Sample, blank int) string {
	var est, db, hand, truth []float64
	for i := range samples {
		s := &samples[i]
		truth = append(truth, s.Target)
		db = append(db, float64(s.DB))
		hand = append(hand, float64(s.DB+s.LC-misplaced(s.Board, blank)+2*s.Cycles))
		if m != learn.Handmade {
			est = append(est, float64(m.Value(s.Board, s.DB, s.LC, s.Cycles))/float64(m.Scale))
		}
	}
	_, dbAbs := learn.Errors(db, truth)
	out := fmt.Sprintf("database rho %.4f err %.1f, hand-made rho %.4f", learn.Spearman(db, truth), dbAbs, learn.Spearman(hand, truth))
	if est != nil {
		_, abs := learn.Errors(est, truth)
		out += fmt.Sprintf(", learned rho %.4f err %.1f", learn.Spearman(est, truth), abs)
	}
	return out
}

// misplaced returns the tiles of board off their goal cells, blank being
// the blank's value.
func misplaced(board []uint8, blank int) int {
	k := 0
	for c, v := range board {
		if int(v) != c && int(v) != blank {
			k++
		}
	}
	return k
}

// modelName returns the name of the Go variable that ships the model of
// s: model6x6 and model7x7 for the default databases (pdb35, pdb48), the
// database's name after it for another shipped one (model7x7db48x5).
func modelName(s settings) string {
	name := fmt.Sprintf("model%dx%d", s.size, s.size)
	if _, err := pdb.Named(s.db); err == nil && s.db != defaultDB[s.size] {
		name += "db" + s.db
	}
	return name
}

// defaultDB is the database of each size's shipped model when -db is not
// given.
var defaultDB = map[int]string{6: "35", 7: "48"}

// source returns the Go source of the package learn file that ships m as
// the variable name.
func source(m *learn.Model, name string) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "// Code generated by go run ./tools/train %s; DO NOT EDIT.\n\npackage learn\n\n", m.Trained)
	from := fmt.Sprintf("learned\n// from the paths of %d boards", m.TrainBoard)
	if m.TrainBoard == 0 {
		from = "of the\n// weights given"
	}
	fmt.Fprintf(&b, "// %s is the ranking of %d x %d boards under the database %s, %s.\n", name, m.Rows, m.Cols, m.Partition, from)
	fmt.Fprintf(&b, "var %s = &Model{Rows: %d, Cols: %d, Partition: %q, Scale: %d, DB: %d, LC: %d, Cycles: %d, Bias: %d,\n\tTrained: %q, TrainBoard: %d,\n\tCell: []int32{",
		name, m.Rows, m.Cols, m.Partition, m.Scale, m.DB, m.LC, m.Cycles, m.Bias, m.Trained, m.TrainBoard)
	n := m.Rows * m.Cols
	for i, w := range m.Cell {
		if i%n == 0 {
			fmt.Fprintf(&b, "\n\t\t")
		} else {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%d,", w)
	}
	b.WriteString("\n\t},\n}\n")
	return []byte(b.String())
}

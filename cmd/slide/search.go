package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/slidekit/slide"
	"github.com/slidekit/slide/internal/input"
	"github.com/slidekit/slide/internal/progress"
)

// searchFlags are the flags that set up the searches of solve and bench:
// a slide.Solver, which decides what they mean.
type searchFlags struct {
	heuristic heuristicFlag
	algorithm algorithmFlag
	partition string
	modes     modeFlags
	memory    *memoryFlag
	database  slide.Database // the database of -partition, once read (see readPartition)
}

// solver returns the Solver the flags ask for, with workers goroutines
// and the limits lim: the heuristic of -heuristic, or the database of
// -partition once it is read. Every setting a flag gives is passed on, for
// the library to refuse those the mode does not use; the command's own
// reports (see prepare) are added apart.
func (f *searchFlags) solver(workers int, lim slide.Limits) slide.Solver {
	s := slide.Solver{Mode: f.modes.mode, Heuristic: f.heuristic.h, Algorithm: f.algorithm.a, Limits: lim, Workers: workers}
	if f.database.IsValid() {
		s.Heuristic = f.database.Heuristic()
		if f.heuristic.h == slide.Auto.WithWalkingDistance() {
			s.Heuristic = s.Heuristic.WithWalkingDistance()
		}
	}
	return s
}

// checkFlags returns the exit status of a usage error, on stderr, if the
// flags of cmd contradict each other or give a setting the library
// refuses whatever the board (see checkSettings); else exitOK.
func (f *searchFlags) checkFlags(cmd string, workers int, stderr io.Writer) int {
	if err := f.modes.parse(); err != nil {
		return usageError(stderr, cmd, "%v", err)
	}
	switch {
	case f.partition == "" && f.heuristic.custom:
		return usageError(stderr, cmd, "-heuristic pdb needs -partition")
	case f.partition != "" && f.heuristic.h != slide.Auto && f.heuristic.h != slide.Auto.WithWalkingDistance():
		return usageError(stderr, cmd, "-partition and -heuristic %v both choose the heuristic: give one", f.heuristic.h)
	}
	return f.checkSettings(cmd, f.solver(workers, slide.Limits{MaxMemory: f.memory.bytes}), stderr)
}

// checkSettings returns the exit status of a usage error, on stderr, if
// the Solver s of the flags has a setting that the library refuses
// whatever the board (see slide.Solver.Check): one out of range, or one
// its mode does not use. The settings are checked one by one first, each
// with the mode, so that the message names the flag that gave the one
// refused.
func (f *searchFlags) checkSettings(cmd string, s slide.Solver, stderr io.Writer) int {
	heuristic := "-heuristic " + f.heuristic.String()
	if f.database.IsValid() {
		heuristic = "-partition " + input.Quote(f.partition)
	}
	for _, one := range []struct {
		flag string
		s    slide.Solver
	}{
		{"-workers " + strconv.Itoa(s.Workers), slide.Solver{Workers: s.Workers}},
		{heuristic, slide.Solver{Heuristic: s.Heuristic}},
		{"-algorithm " + s.Algorithm.String(), slide.Solver{Algorithm: s.Algorithm}},
		{"", s},
	} {
		one.s.Mode = s.Mode
		switch err := one.s.Check(); {
		case !errors.Is(err, slide.ErrOption):
		case one.flag == "":
			return usageError(stderr, cmd, "%s", message(err))
		default:
			return usageError(stderr, cmd, "%s: %s", one.flag, message(err))
		}
	}
	return exitOK
}

// readPartition reads the database of -partition for goal, if the flag is
// given, or returns the exit status of a usage error.
func (f *searchFlags) readPartition(cmd string, goal slide.Board, stderr io.Writer) int {
	if f.partition == "" {
		return exitOK
	}
	d, err := slide.ParseDatabase(goal, f.partition)
	if err != nil {
		return usageError(stderr, cmd, "-partition: %s", message(err))
	}
	f.database = d
	return exitOK
}

// prepare checks the Solver s for boards like goal and makes ready the
// tables its searches use (see slide.Solver.Prepare), showing on stderr
// what it builds (see tableReporter), and returns the heuristic a search
// starts with, or the exit status of a failure: a heuristic that does not
// fit goal, say, reported before anything is built. Tables that cannot be
// written to the cache are told once, and the search goes on with them in
// memory. A database too large for the memory bound is not built: the
// search refuses it with a message naming -max-memory. When ctx is done
// (see interrupt.Context) it fails saying nothing: the caller says why.
func (f *searchFlags) prepare(ctx context.Context, cmd string, s slide.Solver, goal slide.Board, stderr io.Writer) (slide.Heuristic, int) {
	if status := f.checkSettings(cmd, s, stderr); status != exitOK {
		return slide.Auto, status
	}
	reporter := progress.NewTables("building", s.Cache, stderr, f.databaseName)
	if !f.modes.fast { // which builds no tables: a Solver refuses reports it would not make
		s.Cache.Progress = reporter.Report
	}
	h, err := s.Prepare(ctx, goal)
	reporter.Done()
	switch {
	case err != nil && ctx.Err() != nil:
		return slide.Auto, exitError
	case errors.Is(err, slide.ErrCache):
		fmt.Fprintf(stderr, "slide %s: %s\n", cmd, message(err))
		h = s.Heuristic // the database it names, in memory
	case err != nil:
		return slide.Auto, failure(stderr, cmd, "%s", message(err))
	case tablesMapped && h.IsDatabase() && !reporter.Reported(h): // read from the cache, not built
		tables, _, _ := h.Memory()
		f.memory.mapped(tables)
	}
	f.modes.hint(goal, s.Heuristic, h, f.memory.bound(), stderr)
	return h, exitOK
}

// databaseName names the database h in messages: the database of
// -partition by its size and groups, any other by its name.
func (f *searchFlags) databaseName(h slide.Heuristic) string {
	if f.database.IsValid() && h == f.database.Heuristic() {
		return databaseName(f.database)
	}
	return h.String()
}

// heuristicFlag is a -heuristic value: a name slide.ParseHeuristic reads,
// or pdb (or pdb+wd), the database of -partition.
type heuristicFlag struct {
	h      slide.Heuristic // Auto, or Auto+wd, for pdb
	custom bool            // the name is pdb, the database of -partition
}

// customName is the -heuristic name of the database of -partition.
const customName = "pdb"

func (f *heuristicFlag) String() string {
	switch {
	case f.custom && f.h == slide.Auto:
		return customName
	case f.custom:
		return customName + "+wd"
	}
	return f.h.String()
}

func (f *heuristicFlag) Set(s string) error {
	switch s {
	case customName:
		f.h, f.custom = slide.Auto, true
		return nil
	case customName + "+wd":
		f.h, f.custom = slide.Auto.WithWalkingDistance(), true
		return nil
	}
	h, err := slide.ParseHeuristic(s)
	if err != nil {
		return errors.New(message(err))
	}
	f.h, f.custom = h, false
	return nil
}

func (f *heuristicFlag) usage() string {
	var names []string
	for _, h := range slide.Heuristics() {
		names = append(names, h.String())
	}
	return "`name` of the search's estimate: " + strings.Join(names, ", ") + ", " + customName +
		" (with -partition), the name of a database's tables (see \"slide pdb list\"), any of them followed by +wd to add walking distance (default auto)"
}

// algorithmFlag is an -algorithm value.
type algorithmFlag struct{ a slide.Algorithm }

func (f *algorithmFlag) String() string { return f.a.String() }

func (f *algorithmFlag) Set(s string) error {
	a, err := slide.ParseAlgorithm(s)
	if err != nil {
		return errors.New(message(err))
	}
	f.a = a
	return nil
}

func (f *algorithmFlag) usage() string {
	var names []string
	for a := slide.AlgoAuto; ; a++ { // the names MarshalText has, from the first
		name, err := a.MarshalText()
		if err != nil {
			break
		}
		names = append(names, string(name))
	}
	return "`name` of the search: " + strings.Join(names, ", ") + " (default auto)"
}

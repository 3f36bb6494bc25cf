package main

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"text/tabwriter"
	"time"
)

// A run is one process solving one board at one budget.
type run struct {
	Sample     string  `json:"sample"`
	Size       int     `json:"size"`
	ID         int     `json:"id"`
	Reference  int     `json:"reference"`
	Budget     float64 `json:"budget_s"`
	Length     int     `json:"length"`
	LowerBound int     `json:"lower_bound"`
	Optimal    bool    `json:"optimal"`
	Wall       float64 `json:"wall_s"`
	MaxRSS     int64   `json:"max_rss_bytes"` // 0 where the system does not say
	Error      string  `json:"error,omitempty"`
}

// A summary is what the runs of one sample at one budget add up to.
type summary struct {
	Sample       string  `json:"sample"`
	Size         int     `json:"size"`
	Budget       float64 `json:"budget_s"`
	Boards       int     `json:"boards"` // the runs that answered
	Failed       int     `json:"failed"`
	Optimal      int     `json:"optimal"`
	LengthSum    int     `json:"length_sum"`
	ReferenceSum int     `json:"reference_sum"`
	Ratio        float64 `json:"ratio"` // LengthSum / ReferenceSum
	BoundMean    float64 `json:"lower_bound_mean"`
	BoundRatio   float64 `json:"lower_bound_ratio"` // the bounds summed over ReferenceSum
	WallMin      float64 `json:"wall_min_fraction"` // of the budget
	WallMax      float64 `json:"wall_max_fraction"`
	Outside      int     `json:"outside"` // answers not proven optimal whose wall time is off [0.95, 1.05] of the budget
	MaxRSS       int64   `json:"max_rss_bytes"`
}

// Share of the budget a process must use, and may exceed it by, where its
// answer is not proven optimal.
const (
	lowUse  = 0.95
	highUse = 1.05
)

// summarize groups runs by sample and budget, in the order each pair first
// appears, and adds each group up. A group whose runs all failed has
// Boards 0 and ratios NaN.
func summarize(runs []run) []summary {
	type key struct {
		sample string
		budget float64
	}
	var order []key
	groups := map[key][]run{}
	for _, r := range runs {
		k := key{r.Sample, r.Budget}
		if _, ok := groups[k]; !ok {
			order = append(order, k)
		}
		groups[k] = append(groups[k], r)
	}
	out := make([]summary, 0, len(order))
	for _, k := range order {
		out = append(out, summarizeGroup(groups[k]))
	}
	return out
}

func summarizeGroup(runs []run) summary {
	s := summary{Sample: runs[0].Sample, Size: runs[0].Size, Budget: runs[0].Budget, WallMin: math.Inf(1), WallMax: math.Inf(-1)}
	bounds := 0
	for _, r := range runs {
		if r.Error != "" {
			s.Failed++
			continue
		}
		s.Boards++
		s.LengthSum += r.Length
		s.ReferenceSum += r.Reference
		bounds += r.LowerBound
		frac := r.Wall / r.Budget
		s.WallMin = min(s.WallMin, frac)
		s.WallMax = max(s.WallMax, frac)
		if r.Optimal {
			s.Optimal++
		} else if frac < lowUse || frac > highUse {
			s.Outside++
		}
		s.MaxRSS = max(s.MaxRSS, r.MaxRSS)
	}
	if s.Boards == 0 {
		s.WallMin, s.WallMax = math.NaN(), math.NaN()
		s.Ratio, s.BoundMean, s.BoundRatio = math.NaN(), math.NaN(), math.NaN()
		return s
	}
	s.Ratio = float64(s.LengthSum) / float64(s.ReferenceSum)
	s.BoundMean = float64(bounds) / float64(s.Boards)
	s.BoundRatio = float64(bounds) / float64(s.ReferenceSum)
	return s
}

// printSummaries writes one line a summary as an aligned table.
func printSummaries(w io.Writer, sums []summary) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "sample\tbudget\tboards\tfailed\toptimal\tlength/ref\tlengths\trefs\tbound mean\tbound/ref\twall min\twall max\toutside\tmax RSS MiB\t")
	for _, s := range sums {
		fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%d\t%.4f\t%d\t%d\t%.2f\t%.4f\t%.3f\t%.3f\t%d\t%.0f\t\n",
			s.Sample, budgetString(s.Budget), s.Boards, s.Failed, s.Optimal, s.Ratio, s.LengthSum, s.ReferenceSum,
			s.BoundMean, s.BoundRatio, s.WallMin, s.WallMax, s.Outside, float64(s.MaxRSS)/(1<<20))
	}
	return tw.Flush()
}

// budgetString writes a budget in seconds as a Go duration ("1s", "200ms").
func budgetString(seconds float64) string {
	return time.Duration(math.Round(seconds * 1e9)).String()
}

// csvRecords returns the runs as CSV records, a header first.
func csvRecords(runs []run) [][]string {
	out := [][]string{{"sample", "size", "id", "reference", "budget_s", "length", "lower_bound", "optimal", "wall_s", "max_rss_bytes", "error"}}
	for _, r := range runs {
		out = append(out, []string{r.Sample, strconv.Itoa(r.Size), strconv.Itoa(r.ID), strconv.Itoa(r.Reference),
			strconv.FormatFloat(r.Budget, 'g', -1, 64), strconv.Itoa(r.Length), strconv.Itoa(r.LowerBound),
			strconv.FormatBool(r.Optimal), strconv.FormatFloat(r.Wall, 'f', 4, 64), strconv.FormatInt(r.MaxRSS, 10), r.Error})
	}
	return out
}

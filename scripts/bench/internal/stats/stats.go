// Package stats holds the summary statistics the benchmarks under
// scripts/bench report.
package stats

import (
	"slices"
	"time"
)

// Median returns the middle duration of ds (the upper middle for an even
// count) without reordering ds. ds must not be empty.
func Median(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2]
}

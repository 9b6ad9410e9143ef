package main

import (
	"os"
	"runtime/pprof"
)

// startProfile writes a CPU profile to $MEMFS_CPUPROFILE when it is set, for
// the benchmarks in scripts/bench. It returns the function that stops it.
func startProfile() func() {
	p := os.Getenv("MEMFS_CPUPROFILE")
	if p == "" {
		return func() {}
	}
	f, err := os.Create(p)
	if err != nil {
		return func() {}
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return func() {}
	}
	return func() {
		pprof.StopCPUProfile()
		f.Close()
	}
}

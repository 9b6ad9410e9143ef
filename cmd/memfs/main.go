// Command memfs is the command-line interface of memfs, a filesystem-native
// memory for AI agents. It only parses flags, wires packages together,
// prints results and maps errors to exit codes; see docs/design.md §4 for the
// contract.
package main

import (
	"context"
	"os"
	"os/signal"
	"runtime/debug"
	"runtime/pprof"
	"syscall"
)

func main() {
	// Most memfs commands are short-lived: collect garbage only once the
	// heap nears a bound instead of eagerly. Long-running commands (mount,
	// serve) restore the default.
	debug.SetGCPercent(-1)
	debug.SetMemoryLimit(512 << 20)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	// The first signal cancels ctx, which every long step checks; a second
	// one gets the default action and ends the process at once (what is
	// visible in the store survives that as it survives kill -9).
	context.AfterFunc(ctx, stop)
	stopProfile := startProfile()
	code := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stopProfile()
	stop()
	os.Exit(code)
}

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

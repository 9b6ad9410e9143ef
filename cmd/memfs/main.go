// Command memfs is the command-line interface of memfs, a filesystem-native
// memory for AI agents. It only parses flags, wires packages together,
// prints results and maps errors to exit codes; see DESIGN.md §5 for the
// contract.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

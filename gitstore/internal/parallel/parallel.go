// Package parallel runs indexed work on several goroutines and waits for
// all of them: the pack writer deflates, the bulk read inflates and the
// purge verifies and deletes with it.
package parallel

import (
	"errors"
	"runtime"
	"sync"
)

// Run runs the functions made by worker over indices 0..n-1 on every
// core, each worker with its own function (and state), and returns the
// errors joined; a worker stops at its first error.
func Run(n int, worker func() func(int) error) error {
	return RunN(runtime.GOMAXPROCS(0), n, worker)
}

// RunN is Run with a given number of workers (I/O-bound work wants more
// than there are cores).
func RunN(workers, n int, worker func() func(int) error) error {
	workers = min(workers, max(n, 1))
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			fn := worker()
			for i := w; i < n; i += workers {
				if err := fn(i); err != nil {
					errs[w] = err
					return
				}
			}
		}()
	}
	wg.Wait()
	return errors.Join(errs...)
}

package storetest

import (
	"testing"
	"time"
)

// Eventually polls cond until it holds, failing the test after a generous
// 30 s (CI machines run the race-detector suite on two loaded cores, where
// a process start alone has taken seconds), and returns how long it took. It is for waiting on another
// goroutine or process (a mount, a watcher); tests may log the time but
// never assert on it.
func Eventually(t testing.TB, what string, cond func() bool) time.Duration {
	t.Helper()
	start := time.Now()
	deadline := start.Add(30 * time.Second)
	tick := time.NewTicker(2 * time.Millisecond)
	defer tick.Stop()
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not true after %v", what, time.Since(start))
		}
		<-tick.C
	}
	return time.Since(start)
}

#!/bin/sh
# Kill memfs dream with SIGKILL at random points many times (the test runs
# 20): after every kill the store must pass git fsck --strict and the
# evidence must be published or still pending, and the next run must
# finish the work.
#
#   scripts/kill-trials.sh [TRIALS]     default 300
set -eu
cd "$(dirname "$0")/.."
MEMFS_KILL_TRIALS=${1:-300} exec go test -count=1 -run 'TestDream_KillNineTrials' -v ./cmd/memfs

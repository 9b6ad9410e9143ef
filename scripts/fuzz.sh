#!/bin/sh
# Run every fuzz target of the module for a fixed time and report, per
# target, how fast it still explores at the end of its run: execs/s over
# the last half of the run, and the new interesting inputs (coverage-
# expanding inputs the fuzzer added beyond its seeds). A target whose
# late execs/s falls to zero has stopped exploring (usually Go's minimizer
# stuck on a large input), which is what this script is for.
#
#   scripts/fuzz.sh [FUZZTIME] [PATTERN]   FUZZTIME default 20s; PATTERN
#                                          filters targets by name (grep -E)
#
# FUZZMINIMIZETIME, when set, is passed as -fuzzminimizetime (Go's default
# is 60s per new input); the figures are meant to show the targets' own
# behaviour, so it is unset by default.
#
# The corpus the fuzzer grows lives in $(go env GOCACHE)/fuzz and is not
# part of the repository; a failing input is written by go test to
# <pkg>/testdata/fuzz/<Target>/ and the script exits 1 naming it.
set -eu
cd "$(dirname "$0")/.."
FUZZTIME=${1:-20s}
PATTERN=${2:-.}
LOGDIR=$(mktemp -d)
trap 'rm -rf "$LOGDIR"' EXIT

status=0
printf '%-32s %-28s %10s %12s %6s\n' TARGET PACKAGE EXECS LATE_EXEC/S NEW
grep -rn --include='*_test.go' '^func Fuzz' . | sed 's/^\([^:]*\):[0-9]*:func \(Fuzz[A-Za-z0-9_]*\).*/\1 \2/' |
	grep -E " .*$PATTERN" | sort -u >"$LOGDIR/targets"
while read -r file target; do
	pkg=./$(dirname "${file#./}")
	log="$LOGDIR/$target.log"
	if ! go test -run '^$' -fuzz "^${target}\$" -fuzztime "$FUZZTIME" ${FUZZMINIMIZETIME:+-fuzzminimizetime "$FUZZMINIMIZETIME"} "$pkg" >"$log" 2>&1; then
		echo "FAIL $target ($pkg): see below" >&2
		tail -n 30 "$log" >&2
		status=1
	fi
	# Lines look like:
	#   fuzz: elapsed: 12s, execs: 34567 (2880/sec), new interesting: 4 (total: 21)
	awk -v target="$target" -v pkg="$pkg" '
		/^fuzz: elapsed: / {
			e = $3; sub(/s,$/, "", e)
			x = $5; sub(/,$/, "", x)
			n = 0
			if (match($0, /new interesting: [0-9]+/)) n = substr($0, RSTART + 17, RLENGTH - 17)
			el[k] = e + 0; ex[k] = x + 0; k++; last = n
		}
		END {
			if (k == 0) { printf "%-32s %-28s %10s %12s %6s\n", target, pkg, "-", "-", "-"; exit }
			end = el[k-1]; i = k - 1
			while (i > 0 && el[i] > end / 2) i--
			rate = (end > el[i]) ? (ex[k-1] - ex[i]) / (end - el[i]) : 0
			printf "%-32s %-28s %10d %12.0f %6d\n", target, pkg, ex[k-1], rate, last
		}' "$log"
done <"$LOGDIR/targets"
exit $status

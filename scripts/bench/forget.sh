#!/bin/sh
# Benchmark forget (issues 6, 16): one literal out of a long history, purge and
# verification included, vs git filter-repo --replace-text + reflog expire
# + gc --prune=now on an identical copy, same run.
#
#   scripts/bench/forget.sh [forgetbench flags]    e.g. -kinds repack -commits 3000 -runs 5
#
# Three history kinds by default: memfs publications, one git fast-import
# pack, and that pack repacked with git repack -ad (deltas). Peak RSS of
# each side is printed with the times.
#
# Needs git and git-filter-repo (installed from Debian's packages when
# missing and running as root). Not part of go test.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
if ! command -v git-filter-repo >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
	apt-get install -y -qq git-filter-repo >/dev/null
fi
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
cd "$root"
go build -o "$bin/memfs" ./cmd/memfs
go build -o "$bin/forgetbench" ./scripts/bench/forgetbench
"$bin/forgetbench" -memfs "$bin/memfs" "$@"

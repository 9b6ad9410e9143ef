#!/bin/sh
# Benchmark forget (issue 6): one literal out of a long history, purge and
# verification included, vs git filter-repo --replace-text + reflog expire
# + gc --prune=now on an identical copy, same run.
#
#   scripts/bench/forget.sh [forgetbench flags]    e.g. -commits 3000 -runs 3
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

#!/bin/sh
# Benchmark the read-only FUSE mount (issue 3): warm grep -r vs the native
# filesystem, cold read vs git cat-file --batch, mount RSS, and
# publish-to-visible latency, all in one run on one 10,000-page tree.
#
#   scripts/bench/mount.sh [mountbench flags]    e.g. -areas 50 -pages 200 -runs 5
#
# Needs FUSE (root, or fusermount3), git and grep. Not part of go test.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
cd "$root"
go build -o "$bin/memfs" ./cmd/memfs
go build -o "$bin/mountbench" ./scripts/bench/mountbench
"$bin/mountbench" -memfs "$bin/memfs" "$@"

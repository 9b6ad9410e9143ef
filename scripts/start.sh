#!/bin/sh
# Quick start: build memfs from this checkout, add its hooks to every agent
# found on this machine (Claude Code, Codex), and start the main job
# (memfs serve: mount, watch, checkpoint, dream). Arguments go to serve.
set -eu
cd "$(dirname "$0")/.."
go install ./cmd/memfs
bin="$(go env GOBIN)"
[ -n "$bin" ] || bin="$(go env GOPATH)/bin"
memfs="$bin/memfs"

found=0
if [ -d "${CLAUDE_CONFIG_DIR:-$HOME/.claude}" ] || command -v claude >/dev/null 2>&1; then
	"$memfs" install claude-code
	found=1
fi
if [ -d "${CODEX_HOME:-$HOME/.codex}" ] || command -v codex >/dev/null 2>&1; then
	"$memfs" install codex
	found=1
fi
if [ "$found" = 0 ]; then
	echo "memfs: no Claude Code or Codex found; serve still watches Pi, Claude Code and Codex sessions (memfs install claude-code|codex adds the hooks later)" >&2
fi
case ":$PATH:" in
*":$bin:"*) ;;
*) echo "memfs: $bin is not on PATH; add it to your shell profile to run memfs by name" >&2 ;;
esac
exec "$memfs" serve "$@"

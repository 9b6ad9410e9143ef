// Package agent speaks to coding agents (Claude Code, Codex CLI): their
// hook protocol (a JSON event on stdin, a JSON answer on stdout), the
// install that merges memfs's hooks into an agent's settings file (key
// order kept, a backup first, an atomic write), and the memory-context
// message a new session starts with.
//
// It never dreams or forgets; what a hook event does with a transcript is
// passed in by the caller.
package agent

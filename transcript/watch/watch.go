// Package watch owns finding settled transcripts: it polls transcript
// folders and reports a session file once its size and modification time
// have stayed the same for a settle period, and again each time it settles
// after changing. It reads no transcript content; what to do with a settled
// file (checkpoint it) is the caller's.
package watch

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// Watcher polls Dirs for *.jsonl transcripts. A folder that does not exist
// yet is polled too, so an agent installed after the watcher started is
// picked up.
type Watcher struct {
	Dirs []string
	// Appeared, when set, is called from Poll with each folder of Dirs
	// that exists now and did not at the previous poll (or at the first).
	Appeared func(dir string)
	// Settle is how long a file must stay unchanged to count as settled.
	Settle time.Duration
	// Interval is the time between polls (Run only).
	Interval time.Duration
	// Now is the clock; time.Now when nil.
	Now func() time.Time

	seen map[string]*fileState
	// missing are the folders of Dirs absent at the last poll.
	missing map[string]bool
}

type signature struct {
	size  int64
	mtime int64
}

type fileState struct {
	sig       signature
	since     time.Time // when sig was first seen
	reported  signature // last signature handed to the caller
	announced bool
}

// Poll walks the folders once and returns the files that settled since the
// last poll, in path order. Missing folders are skipped; subagent
// transcripts (under a subagents/ folder) are never reported.
func (w *Watcher) Poll(ctx context.Context) ([]string, error) {
	now := time.Now
	if w.Now != nil {
		now = w.Now
	}
	t := now()
	if w.seen == nil {
		w.seen = map[string]*fileState{}
	}
	present := map[string]bool{}
	var settled []string
	w.notice()
	for _, dir := range w.Dirs {
		err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				if p == dir && errors.Is(err, fs.ErrNotExist) {
					return filepath.SkipDir
				}
				return nil // unreadable entries are skipped, not fatal
			}
			if cerr := ctx.Err(); cerr != nil {
				return cerr
			}
			if d.IsDir() {
				if d.Name() == "subagents" {
					return filepath.SkipDir
				}
				return nil
			}
			if !d.Type().IsRegular() || !strings.HasSuffix(p, ".jsonl") {
				return nil
			}
			info, err := d.Info()
			if err != nil {
				return nil
			}
			present[p] = true
			sig := signature{size: info.Size(), mtime: info.ModTime().UnixNano()}
			st, ok := w.seen[p]
			if !ok || st.sig != sig {
				if !ok {
					st = &fileState{}
					w.seen[p] = st
				}
				st.sig, st.since = sig, t
				return nil
			}
			if t.Sub(st.since) >= w.Settle && (!st.announced || st.reported != sig) {
				st.reported, st.announced = sig, true
				settled = append(settled, p)
			}
			return nil
		})
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return settled, err
		}
	}
	for p := range w.seen {
		if !present[p] {
			delete(w.seen, p)
		}
	}
	return settled, nil
}

// notice records which folders are missing and reports those that appeared.
func (w *Watcher) notice() {
	first := w.missing == nil
	if first {
		w.missing = map[string]bool{}
	}
	for _, d := range w.Dirs {
		_, err := os.Stat(d)
		switch {
		case err != nil:
			w.missing[d] = true
		case w.missing[d] || first:
			delete(w.missing, d)
			if !first && w.Appeared != nil {
				w.Appeared(d)
			}
		}
	}
}

// Missing returns the folders of dirs that do not exist (yet).
func Missing(dirs []string) []string {
	var out []string
	for _, d := range dirs {
		if fi, err := os.Stat(d); err != nil || !fi.IsDir() {
			out = append(out, d)
		}
	}
	return out
}

// Run polls every Interval until ctx ends, calling settled for each file
// that settles.
func (w *Watcher) Run(ctx context.Context, settled func(ctx context.Context, path string)) error {
	interval := w.Interval
	if interval <= 0 {
		interval = 2 * time.Second
	}
	tick := time.NewTicker(interval)
	defer tick.Stop()
	for {
		files, err := w.Poll(ctx)
		if err != nil && ctx.Err() == nil {
			return err
		}
		for _, f := range files {
			settled(ctx, f)
		}
		select {
		case <-ctx.Done():
			return nil
		case <-tick.C:
		}
	}
}

// DefaultDirs returns the standard session folders of Claude Code
// ($CLAUDE_CONFIG_DIR/projects, else ~/.claude/projects), Pi
// ($PI_CODING_AGENT_DIR/sessions, else ~/.pi/agent/sessions) and Codex CLI
// ($CODEX_HOME/sessions, else ~/.codex/sessions), whether they exist yet
// or not. getenv reads the environment.
func DefaultDirs(home string, getenv func(string) string) []string {
	pick := func(env, sub string, def ...string) string {
		if v := getenv(env); v != "" {
			return filepath.Join(v, sub)
		}
		return filepath.Join(append([]string{home}, def...)...)
	}
	return []string{
		pick("CLAUDE_CONFIG_DIR", "projects", ".claude", "projects"),
		pick("PI_CODING_AGENT_DIR", "sessions", ".pi", "agent", "sessions"),
		pick("CODEX_HOME", "sessions", ".codex", "sessions"),
	}
}

package forget

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/memfs/memfs/dream"
	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/gitstore/erasure"
)

// runMatch says what content a staged dream run must not hold: a session
// (in its manifest or its ledger record), a page path under .memory, or
// content in any of its files.
type runMatch struct {
	session func(id string) bool
	page    func(path string) bool
	content func(b []byte) bool
}

// runMatch matches a forget's targets.
func (e *editor) runMatch() runMatch {
	return runMatch{
		session: func(id string) bool { return e.sessions[id] },
		page:    func(p string) bool { return e.pages[p] },
		content: e.holds,
	}
}

// guardMatch matches everything the store's markers name, so it needs no
// target text: what finishes an apply, and what settles after an import.
func guardMatch(s *gitstore.Store, g *erasure.Guard) runMatch {
	if g.Empty() {
		return runMatch{session: func(string) bool { return false }, page: func(string) bool { return false }, content: func([]byte) bool { return false }}
	}
	er := s.NewEraser(gitstore.EraseSpec{Text: g, Session: g.ErasedSession, Page: g.ErasedPage})
	return runMatch{session: g.ErasedSession, page: g.ErasedPage,
		content: func(b []byte) bool { return er.Check(gitstore.BlobObject, b) != nil }}
}

// holds reports whether a staged run directory holds matched content.
func (m runMatch) holds(runDir string) bool {
	if mf, err := dream.ReadManifest(runDir); err == nil && slices.ContainsFunc(mf.Sessions, func(s dream.ManifestSession) bool { return m.session(s.SessionID) }) {
		return true
	}
	hit := false
	filepath.WalkDir(runDir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || hit {
			return nil
		}
		rel, _ := filepath.Rel(filepath.Join(runDir, dream.MemoryDir), p)
		if !strings.HasPrefix(rel, "..") && m.page(filepath.ToSlash(rel)) {
			hit = true
			return nil
		}
		if d.Type().IsRegular() {
			if b, err := os.ReadFile(p); err == nil && m.content(b) {
				hit = true
			}
		}
		return nil
	})
	return hit
}

// stagedRuns lists the staged runs holding matched content.
func (f *Forgetter) stagedRuns(ctx context.Context, m runMatch) ([]StagedRun, error) {
	out := []StagedRun{}
	err := f.eachRun(ctx, m, func(id string, alive bool) error {
		out = append(out, StagedRun{ID: id, Alive: alive})
		return nil
	})
	return out, err
}

// dropStagedRuns deletes the staged runs holding matched content; runs in
// progress only when cancel is set (their ledger record turns cancelled).
func (f *Forgetter) dropStagedRuns(ctx context.Context, m runMatch, cancel bool) ([]string, error) {
	var dropped []string
	err := f.eachRun(ctx, m, func(id string, alive bool) error {
		if alive && !cancel {
			return nil
		}
		if err := dream.RemoveRun(f.opts.Home, id); err != nil {
			return fmt.Errorf("delete staged run %s: %w", id, err)
		}
		dropped = append(dropped, id)
		return dream.CancelRun(ctx, f.opts.Home, f.opts.Ledger, id, f.opts.Now())
	})
	return dropped, err
}

// eachRun calls fn for every staged run directory that holds matched
// content or whose ledger record names a matched session.
func (f *Forgetter) eachRun(ctx context.Context, m runMatch, fn func(id string, alive bool) error) error {
	dir := filepath.Join(f.opts.Home, dream.RunsDir)
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("list staged runs: %w", err)
	}
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		hit := m.holds(filepath.Join(dir, e.Name()))
		if !hit {
			if r, ok, err := f.opts.Ledger.Run(ctx, e.Name()); err == nil && ok && slices.ContainsFunc(r.Sessions, m.session) {
				hit = true
			}
		}
		if hit {
			if err := fn(e.Name(), dream.Alive(f.opts.Home, e.Name())); err != nil {
				return err
			}
		}
	}
	return nil
}

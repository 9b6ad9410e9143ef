package forget

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/memfs/memfs/dream"
	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/wiki"
)

// StagedRun is a staged dream run holding targeted content.
type StagedRun struct {
	ID    string `json:"id"`
	Alive bool   `json:"in_progress"`
}

// Preview is what a forget would change. It changes nothing.
type Preview struct {
	Scope   string   `json:"forget_scope"`
	Targets []Target `json:"targets"`
	// Heads maps each content ref to its current head.
	Heads map[string]string `json:"heads"`
	// Refs lists the refs the rewrite moves.
	Refs []string `json:"refs"`
	// Revisions lists the commits that change, oldest first.
	Revisions []gitstore.RevisionEdit `json:"revisions"`
	// Pages lists every path changed, dropped or renamed in any revision,
	// by its name after the forget.
	Pages []string `json:"pages"`
	// Renamed lists the new names of every file renamed because its name
	// held targeted text.
	Renamed []string `json:"renamed"`
	// CommitMessages counts messages edited; Authors the commits whose
	// author or committer is replaced.
	CommitMessages int `json:"commit_messages"`
	Authors        int `json:"authors"`
	// Evidence lists targeted sessions with evidence waiting to be dreamed;
	// Checkpoints those the ledger holds any record of.
	Evidence    []string    `json:"evidence"`
	Checkpoints []string    `json:"checkpoints"`
	StagedRuns  []StagedRun `json:"staged_runs"`
	// Forming lists runs in progress whose batch includes a targeted
	// session or whose staged files hold targeted content.
	Forming []string `json:"forming,omitempty"`
	// ScopesRenamed counts the scopes whose name holds targeted text: the
	// apply renames them (scopes.go).
	ScopesRenamed int `json:"scopes_renamed,omitempty"`

	rewrite *gitstore.RewriteResult
	editor  *editor
}

// Preview computes what forgetting targets would change.
func (f *Forgetter) Preview(ctx context.Context, targets []Target) (*Preview, error) {
	var p *Preview
	err := f.opts.Store.Exclusive(ctx, func(tx *gitstore.Tx) (err error) {
		if p, err = f.preview(ctx, tx, targets); err != nil {
			return err
		}
		// The rewrite is kept for the apply of this token, which then
		// does not compute it again (gitstore's rewrite plan).
		return tx.SavePlan(ctx, p.Scope, p.rewrite)
	})
	return p, err
}

// planned returns the preview of targets for an apply of token: from the
// plan the preview kept when it still holds (no content ref moved, and
// the ledger and runs bind to the same token), else computed again.
func (f *Forgetter) planned(ctx context.Context, tx *gitstore.Tx, targets []Target, token string) (*Preview, error) {
	res, ok, err := tx.LoadPlan(ctx, token)
	if err != nil {
		return nil, err
	}
	if ok {
		st, err := f.storeState(ctx)
		if err != nil {
			return nil, err
		}
		p := newPreview(targets, st.refs, res, newEditor(f.opts.Store, st.key, targets))
		if err := f.complete(ctx, p, st); err != nil {
			return nil, err
		}
		if p.Scope == token {
			return p, nil
		}
	}
	if f.opts.Recomputed != nil {
		f.opts.Recomputed()
	}
	return f.preview(ctx, tx, targets)
}

// preview rewrites the history in memory (nothing is written), then adds
// what the ledger and the staged runs hold of the targets, and binds it
// all in the scope token.
func (f *Forgetter) preview(ctx context.Context, tx *gitstore.Tx, targets []Target) (*Preview, error) {
	if err := checkSchemaWords(targets); err != nil {
		return nil, err
	}
	st, err := f.storeState(ctx)
	if err != nil {
		return nil, err
	}
	ed := newEditor(f.opts.Store, st.key, targets)
	edit := ed.edit()
	if f.opts.Progress != nil {
		edit.Progress = func(done, total int) { f.opts.Progress("rewriting", done, total) }
	}
	res, err := tx.Rewrite(ctx, edit)
	if err != nil {
		return nil, err
	}
	if err := checkSchema(ctx, tx, res); err != nil {
		return nil, err
	}
	p := newPreview(targets, st.refs, res, ed)
	if err := f.complete(ctx, p, st); err != nil {
		return nil, err
	}
	return p, nil
}

// storeState is what a preview reads of the store before the rewrite: the
// store id and current erasure key the scope token binds, and the refs
// whose heads it records.
type storeState struct {
	storeID string
	key     []byte
	refs    map[string]gitstore.ID
}

// storeState reads the store state a preview starts from; a kept plan and
// a fresh preview read it the same way so their scope tokens agree.
func (f *Forgetter) storeState(ctx context.Context) (storeState, error) {
	s := f.opts.Store
	meta, err := s.Meta(ctx)
	if err != nil {
		return storeState{}, err
	}
	keys, keyID, err := s.Keyring(ctx)
	if err != nil {
		return storeState{}, err
	}
	refs, err := s.Refs(ctx)
	if err != nil {
		return storeState{}, err
	}
	return storeState{storeID: meta.StoreID, key: keys[keyID], refs: refs}, nil
}

// complete adds to p what the ledger and the staged runs hold of the
// targets, then binds it all in p.Scope.
func (f *Forgetter) complete(ctx context.Context, p *Preview, st storeState) error {
	if err := f.previewLedger(ctx, p); err != nil {
		return err
	}
	if err := f.previewRuns(ctx, p); err != nil {
		return err
	}
	p.Scope = f.scopeToken(ctx, st.storeID, st.key, p)
	return nil
}

// checkSchema refuses a rewrite that would leave any revision invalid in
// publish mode, where it was not before: forget_breaks_schema. The
// message names revisions, codes and paths after the rewrite, never the
// targets.
func checkSchema(ctx context.Context, tx *gitstore.Tx, res *gitstore.RewriteResult) error {
	breaks, err := tx.CheckRewrite(ctx, res)
	if err != nil || len(breaks) == 0 {
		return err
	}
	b := breaks[0]
	return &Error{code: CodeBreaksSchema, Msg: fmt.Sprintf("the targets would leave %d revision(s) invalid, first %s (%s at %s); nothing changed",
		len(breaks), b.Commit.String()[:12], strings.Join(b.Codes, ", "), strings.Join(b.Paths, ", "))}
}

// newPreview records the heads and what the rewrite changes.
func newPreview(targets []Target, refs map[string]gitstore.ID, res *gitstore.RewriteResult, ed *editor) *Preview {
	p := &Preview{Targets: targets, Heads: map[string]string{}, rewrite: res, editor: ed,
		Evidence: []string{}, Checkpoints: []string{}, StagedRuns: []StagedRun{}, Pages: []string{}, Renamed: []string{}, Revisions: []gitstore.RevisionEdit{}}
	for n, h := range refs {
		if n != gitstore.MetaRef && n != gitstore.ErasuresRef {
			p.Heads[n] = h.String()
		}
	}
	for _, u := range res.Refs {
		p.Refs = append(p.Refs, u.Name)
	}
	slices.Sort(p.Refs)
	if len(ed.lits) > 0 {
		m := wiki.LiteralMatcher(ed.lits)
		for n := range refs {
			if sc, ok := strings.CutPrefix(n, branchPrefix); ok && !strings.HasPrefix(sc, "erased-") && wiki.ContainsMatch([]byte(sc), m) {
				p.ScopesRenamed++
			}
		}
	}
	pages, renamed := map[string]bool{}, map[string]bool{}
	for _, r := range res.Revisions {
		p.Revisions = append(p.Revisions, r)
		if r.Message {
			p.CommitMessages++
		}
		if r.Author {
			p.Authors++
		}
		for _, path := range r.Paths {
			pages[path] = true
		}
		for _, path := range r.Renamed {
			renamed[path] = true
		}
	}
	p.Pages = slices.Sorted(maps.Keys(pages))
	p.Renamed = slices.Sorted(maps.Keys(renamed))
	if p.Pages == nil {
		p.Pages = []string{}
	}
	if p.Renamed == nil {
		p.Renamed = []string{}
	}
	return p
}

// previewLedger lists the targeted sessions the ledger holds records of,
// and those with evidence waiting.
func (f *Forgetter) previewLedger(ctx context.Context, p *Preview) error {
	for _, t := range p.Targets {
		if t.Kind != KindSession {
			continue
		}
		st, err := f.opts.Ledger.Session(ctx, t.Value)
		if err != nil {
			return err
		}
		if st.Checkpoint != nil || st.Processed != nil {
			p.Checkpoints = append(p.Checkpoints, t.Value)
		}
		if st.Pending {
			p.Evidence = append(p.Evidence, t.Value)
		}
	}
	return nil
}

// previewRuns lists the staged runs holding targeted content and the runs
// in progress that are forming memory from it.
func (f *Forgetter) previewRuns(ctx context.Context, p *Preview) error {
	runs, err := f.stagedRuns(ctx, p.editor.runMatch())
	if err != nil {
		return err
	}
	p.StagedRuns = runs
	live, err := dream.InProgress(ctx, f.opts.Home, f.opts.Ledger)
	if err != nil {
		return err
	}
	for _, r := range live {
		hit := slices.ContainsFunc(r.Sessions, func(id string) bool { return p.editor.sessions[id] }) ||
			slices.ContainsFunc(runs, func(sr StagedRun) bool { return sr.ID == r.ID })
		if hit {
			p.Forming = append(p.Forming, r.ID)
		}
	}
	return nil
}

// scopeToken binds everything the preview found: the store, the targets
// (a literal by its keyed fingerprint), every head, every revision, the
// ledger records and the runs.
func (f *Forgetter) scopeToken(ctx context.Context, storeID string, key []byte, p *Preview) string {
	h := sha256.New()
	fmt.Fprintf(h, "memfs forget scope v1\x00store %s\x00", storeID)
	for _, t := range p.Targets {
		fmt.Fprintf(h, "target %s %s\x00", t.Kind, targetKey(key, t))
	}
	heads := make([]string, 0, len(p.Heads))
	for n := range p.Heads {
		heads = append(heads, n)
	}
	slices.Sort(heads)
	for _, n := range heads {
		fmt.Fprintf(h, "head %s %s\x00", n, p.Heads[n])
	}
	for _, r := range p.Revisions {
		fmt.Fprintf(h, "rev %s %v %v %v %s\x00", r.Commit, r.Message, r.Author, r.Dropped, strings.Join(r.Paths, "\x01"))
	}
	for _, id := range p.Checkpoints {
		st, _ := f.opts.Ledger.Session(ctx, id)
		if st.Checkpoint != nil {
			fmt.Fprintf(h, "checkpoint %s %s %s %v\x00", id, st.Checkpoint.Cursor, st.Checkpoint.Digest, st.Pending)
		}
		if st.Processed != nil {
			fmt.Fprintf(h, "processed %s %s %s\x00", id, st.Processed.Cursor, st.Processed.Digest)
		}
	}
	for _, r := range p.StagedRuns {
		fmt.Fprintf(h, "run %s %v\x00", r.ID, r.Alive)
	}
	for _, id := range p.Forming {
		fmt.Fprintf(h, "forming %s\x00", id)
	}
	return "fs1-" + hex.EncodeToString(h.Sum(nil))[:40]
}

// targetKey names a target inside hashes without its text: a literal is
// represented by its keyed fingerprint.
func targetKey(key []byte, t Target) string {
	if t.Kind != KindText {
		return t.Value
	}
	m := hmac.New(sha256.New, key)
	m.Write([]byte(strings.Join(wiki.Tokens(t.Value), "\x1f")))
	return hex.EncodeToString(m.Sum(nil))
}

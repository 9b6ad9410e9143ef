package forget

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/memfs/memfs/dream"
	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/gitstore/erasure"
	"github.com/memfs/memfs/internal/errcode"
	"github.com/memfs/memfs/ledger"
)

// ApplyOptions are the arguments of Apply.
type ApplyOptions struct {
	Token     string
	Targets   []Target
	CommandID string
	// CancelRuns cancels runs in progress that use targeted content
	// instead of refusing with formation_in_progress.
	CancelRuns bool
}

// Apply forgets targets for good, under the store lock.
func (f *Forgetter) Apply(ctx context.Context, opts ApplyOptions) (*Receipt, error) {
	var rc *Receipt
	err := f.opts.Store.Exclusive(ctx, func(tx *gitstore.Tx) (err error) {
		rc, err = f.apply(ctx, tx, opts)
		return err
	})
	return rc, err
}

// apply finishes an interrupted apply first, replays the receipt of a
// repeated command id, checks the token against the preview's kept plan
// (or a new preview when the heads moved), then
// writes the rewritten history, journals the switch, switches every ref and
// the markers at once, and finishes.
func (f *Forgetter) apply(ctx context.Context, tx *gitstore.Tx, opts ApplyOptions) (*Receipt, error) {
	keys, keyID, err := f.opts.Store.Keyring(ctx)
	if err != nil {
		return nil, err
	}
	reqHash := requestHash(keys[keyID], opts.Targets)
	f.log.Debug("forget", "reached", "locked")

	// An apply interrupted after its switch is finished first.
	if done, err := f.recover(ctx, tx, reqHash, opts); err != nil || done != nil {
		return done, err
	}
	if rc, err := f.replay(ctx, opts.CommandID, reqHash); err != nil || rc != nil {
		return rc, err
	}
	if opts.Token == "" {
		return nil, &Error{code: CodeScopeRequired, Msg: "apply needs the forget_scope token of a preview (memfs forget preview)"}
	}
	p, err := f.planned(ctx, tx, opts.Targets, opts.Token)
	if err != nil {
		return nil, err
	}
	f.log.Debug("forget", "reached", "previewed")
	if p.Scope != opts.Token {
		return nil, &Error{code: CodeScopeChanged, Msg: "what the targets cover changed since the preview; preview again"}
	}
	if len(p.Forming) > 0 && !opts.CancelRuns {
		return nil, &Error{code: CodeFormationInProgress, Msg: fmt.Sprintf("dream run %s is forming memory from targeted content; wait, or apply with --cancel-runs", strings.Join(p.Forming, ", "))}
	}

	// Markers first: they are what keeps the content from coming back.
	markers, rc, err := markTargets(keyID, keys[keyID], opts, f.opts.Now().UTC())
	if err != nil {
		return nil, err
	}
	content := f.contentMarkers(ctx, keyID, keys[keyID], opts.Targets, f.opts.Now().UTC())
	markers = append(markers, content...)
	res := p.rewrite
	if err := tx.WriteObjects(ctx, res); err != nil {
		return nil, err
	}
	f.stage("rewritten")
	have, err := f.opts.Store.Markers(ctx)
	if err != nil {
		return nil, err
	}
	refs, err := f.opts.Store.Refs(ctx)
	if err != nil {
		return nil, err
	}
	updates, renames := scopeRenames(refs, slices.Clone(res.Refs), erasure.NewGuard(keys, append(have, markers...)))
	mu, ok, err := tx.MarkersUpdate(ctx, markers)
	if err != nil {
		return nil, err
	}
	if ok {
		updates = append(updates, mu)
	}
	rc.count(p, res)
	renameRefs(rc.Before, renames)
	renameRefs(rc.After, renames)
	rc.Affected.Scopes = len(renames)
	rc.Affected.ContentMarkers = len(content)
	pend := pending{RequestHash: reqHash, Receipt: *rc, Switch: map[string]string{}}
	for _, u := range updates {
		pend.Switch[u.Name] = u.New.String()
	}
	if err := f.writePending(pend); err != nil {
		return nil, err
	}
	f.stage("pending")
	if err := tx.SwitchRefs(ctx, updates); err != nil {
		os.Remove(f.pendingPath())
		return nil, err
	}
	f.stage("switched")
	commits := map[string]string{}
	for o, n := range res.Commits {
		commits[o.String()] = n.String()
	}
	return f.finish(ctx, tx, pend, ed2check(p.editor), opts.CancelRuns, commits)
}

// replay returns the stored receipt of a command id already applied with
// the same request (nil when the id is new or empty), and refuses the id
// for a different request.
func (f *Forgetter) replay(ctx context.Context, commandID, reqHash string) (*Receipt, error) {
	if commandID == "" {
		return nil, nil
	}
	r, ok, err := f.opts.Ledger.Receipt(ctx, commandID)
	if err != nil || !ok {
		return nil, err
	}
	if r.RequestHash != reqHash {
		return nil, &Error{code: CodeCommandIDConflict, Msg: fmt.Sprintf("command id %s was used for a different request", commandID)}
	}
	var rc Receipt
	if err := json.Unmarshal(r.Body, &rc); err != nil {
		return nil, fmt.Errorf("stored receipt %s: %w", commandID, err)
	}
	rc.Replayed = true
	return &rc, nil
}

// markTargets makes one erasure marker per target and starts the receipt
// that names them.
func markTargets(keyID string, key []byte, opts ApplyOptions, now time.Time) ([]erasure.Marker, *Receipt, error) {
	var markers []erasure.Marker
	rc := &Receipt{ReceiptID: newID(), CommandID: opts.CommandID, Before: map[string]RefState{}, After: map[string]RefState{}, Markers: []string{}}
	for _, t := range opts.Targets {
		rt := ReceiptTarget{Kind: t.Kind}
		switch t.Kind {
		case KindSession:
			m := erasure.MarkSession(keyID, key, t.Value, now)
			markers = append(markers, m)
			rt.Value, rt.Marker = t.Value, m.ID
		case KindText:
			m, err := erasure.MarkText(keyID, key, t.Value, now)
			if err != nil {
				return nil, nil, &Error{code: CodeInvalidTarget, Msg: "text target has no letters or digits to match"}
			}
			markers = append(markers, m)
			rt.Marker = m.ID
		case KindPage:
			m := erasure.MarkPage(keyID, key, t.Value, now)
			markers = append(markers, m)
			rt.Value, rt.Marker = t.Value, m.ID
		}
		rc.Targets = append(rc.Targets, rt)
	}
	for _, m := range markers {
		rc.Markers = append(rc.Markers, m.ID)
	}
	return markers, rc, nil
}

// count records in the receipt what the preview and the rewrite changed.
func (rc *Receipt) count(p *Preview, res *gitstore.RewriteResult) {
	for _, u := range res.Refs {
		l := res.Length[u.Name]
		rc.Before[u.Name] = RefState{Commits: l[0]}
		after := RefState{Commits: l[1]}
		if !u.New.IsZero() {
			after.Head = u.New.String()
		}
		rc.After[u.Name] = after
	}
	rc.Affected = Affected{Revisions: len(p.Revisions), Paths: p.Pages, Renamed: len(p.Renamed), CommitMessages: p.CommitMessages, Authors: p.Authors,
		DroppedCommits: res.Dropped, Evidence: len(p.Evidence), Checkpoints: len(p.Checkpoints), StagedRuns: len(p.StagedRuns)}
	rc.RewrittenCommits = res.Rewritten
}

// ed2check returns the purge's content check for an editor.
func ed2check(ed *editor) func(gitstore.ObjectType, []byte) error {
	return ed.eraser.Check
}

// finish does everything after the switch: staged runs, ledger, purge,
// caches, receipt. Every step is idempotent, so an interrupted apply is
// finished by running it again (recover).
func (f *Forgetter) finish(ctx context.Context, tx *gitstore.Tx, pend pending, check func(gitstore.ObjectType, []byte) error, cancelRuns bool, commits map[string]string) (*Receipt, error) {
	s, l := f.opts.Store, f.opts.Ledger
	guard, err := s.Guard(ctx)
	if err != nil {
		return nil, err
	}
	rc := pend.Receipt

	// Staged runs holding the content go; runs in progress are cancelled
	// only when asked (apply refused them otherwise).
	if _, err := f.dropStagedRuns(ctx, guardMatch(s, guard), cancelRuns); err != nil {
		return nil, err
	}
	f.stage("cleaned")
	refs, err := s.Refs(ctx)
	if err != nil {
		return nil, err
	}
	if err := f.scrubLedger(ctx, guard, commits); err != nil {
		return nil, err
	}
	if err := f.renameScopes(ctx, guard); err != nil {
		return nil, err
	}
	if check == nil {
		check = guardCheck(s, guard)
	}
	if err := f.purge(ctx, tx, check, &rc.StorageCleanup); err != nil {
		if errcode.Of(err) != CodeVerificationFailed {
			return nil, err
		}
		f.log.Warn("forget: the purge found content left; erasing again by the markers", "err", err)
		if err := f.repair(ctx, tx, &pend, guard, &rc.StorageCleanup); err != nil {
			return nil, err
		}
	}
	cr, err := l.Compact(ctx)
	if err != nil {
		return nil, err
	}
	rc.StorageCleanup.LedgerBytesBefore, rc.StorageCleanup.LedgerBytesAfter = cr.BytesBefore, cr.BytesAfter
	if len(rc.After) == 0 && len(rc.Before) > 0 {
		// Finishing an interrupted apply whose note predates the counts.
		for name := range rc.Before {
			if h, ok := refs[name]; ok {
				rc.After[name] = RefState{Head: h.String()}
			}
		}
	}
	f.log.Debug("forget", "reached", "compacted")
	rc.CompletedAt = f.opts.Now().UTC()
	if err := f.storeReceipt(ctx, pend.RequestHash, &rc); err != nil {
		return nil, err
	}
	if err := f.removePending(); err != nil {
		return nil, err
	}
	return &rc, nil
}

// scrubLedger makes the ledger forget the erased sessions and the old
// commit ids: an id the rewrite replaced becomes its new id, one the store
// no longer has goes.
func (f *Forgetter) scrubLedger(ctx context.Context, guard *erasure.Guard, commits map[string]string) error {
	s := f.opts.Store
	erased := guard.ErasedSession
	_, err := f.opts.Ledger.Scrub(ctx, erased, func(id string) string {
		if n, ok := commits[id]; ok {
			return n
		}
		h, ok := gitstore.ParseID(id)
		if !ok {
			return ""
		}
		if _, err := s.CommitInfo(ctx, h); err != nil {
			return ""
		}
		return id
	})
	return err
}

// repair is what finish does when the purge's verification finds content
// the markers forbid still reachable (a ref the rewrite did not cover, a
// file kind it did not clean, a residue of an older version of memfs):
// it rewrites every ref by the markers, as an import does, journals the
// new values (pending.Settle) before it switches them, and purges again,
// verified by the markers. A kill at any point leaves a journal the next
// apply finishes the same way.
func (f *Forgetter) repair(ctx context.Context, tx *gitstore.Tx, pend *pending, guard *erasure.Guard, c *Cleanup) error {
	if guard.Empty() {
		return &Error{code: CodeVerificationFailed, Msg: "the store still holds an object it should not, and has no markers to erase it by"}
	}
	s := f.opts.Store
	res, err := tx.Rewrite(ctx, s.NewEraser(gitstore.EraseSpec{Text: guard, Session: guard.ErasedSession, Page: guard.ErasedPage}).Edit())
	if err != nil {
		return err
	}
	if len(res.Refs) > 0 {
		if err := tx.WriteObjects(ctx, res); err != nil {
			return err
		}
		if pend.Settle == nil {
			pend.Settle = map[string]string{}
		}
		for _, u := range res.Refs {
			pend.Settle[u.Name] = u.New.String()
		}
		if err := f.writePending(*pend); err != nil {
			return err
		}
		if err := tx.SwitchRefs(ctx, res.Refs); err != nil {
			return err
		}
		if err := f.scrubLedger(ctx, guard, idStrings(res.Commits)); err != nil {
			return err
		}
	}
	return f.purge(ctx, tx, guardCheck(s, guard), c)
}

// idStrings maps old commit ids to new ones as strings.
func idStrings(m map[gitstore.ID]gitstore.ID) map[string]string {
	out := make(map[string]string, len(m))
	for o, n := range m {
		out[o.String()] = n.String()
	}
	return out
}

// purge purges the store, verified by check, and drops the caches.
func (f *Forgetter) purge(ctx context.Context, tx *gitstore.Tx, check func(gitstore.ObjectType, []byte) error, c *Cleanup) error {
	pr, err := tx.Purge(ctx, check)
	if err != nil {
		if errors.Is(err, gitstore.ErrPurgeVerify) {
			return &Error{code: CodeVerificationFailed, Msg: "the store still holds an object it should not", Err: err}
		}
		return err
	}
	f.stage("purged")
	c.PurgeResult = *pr
	c.Verified = true
	if err := f.opts.Store.DropCaches(); err != nil {
		return fmt.Errorf("drop caches: %w", err)
	}
	if err := dream.DropKept(f.opts.Home); err != nil {
		return fmt.Errorf("drop kept run folders: %w", err)
	}
	c.CachesDropped = true
	return nil
}

// storeReceipt keeps the receipt under its command id (or its own id), so
// a repeated command returns it.
func (f *Forgetter) storeReceipt(ctx context.Context, reqHash string, rc *Receipt) error {
	body, err := json.Marshal(rc)
	if err != nil {
		return err
	}
	key := rc.CommandID
	if key == "" {
		key = "receipt:" + rc.ReceiptID
	}
	return f.opts.Ledger.PutReceipt(ctx, ledger.Receipt{CommandID: key, RequestHash: reqHash, Body: body, Completed: rc.CompletedAt})
}

// guardCheck is the purge's content check from the store's markers.
func guardCheck(s *gitstore.Store, g *erasure.Guard) func(gitstore.ObjectType, []byte) error {
	if g.Empty() {
		return nil
	}
	return s.NewEraser(gitstore.EraseSpec{Text: g, Session: g.ErasedSession, Page: g.ErasedPage}).Check
}

// stage reports that Apply passed a stage, to Options.Stage and as the
// next step to Options.Progress.
func (f *Forgetter) stage(name string) {
	f.log.Debug("forget", "reached", name)
	if f.opts.Stage != nil {
		f.opts.Stage(name)
	}
	if f.opts.Progress != nil {
		if next := nextStep(name); next != "" {
			f.opts.Progress(next, 0, 0)
		}
	}
}

// nextStep names, for the progress line, what follows each stage.
func nextStep(stage string) string {
	switch stage {
	case "rewritten":
		return "switching"
	case "switched":
		return "cleaning"
	case "cleaned":
		return "purging"
	case "purged":
		return "compacting"
	}
	return ""
}

// requestHash binds a command id to its request without storing target
// text: a keyed hash of the ordered targets.
func requestHash(key []byte, targets []Target) string {
	m := hmac.New(sha256.New, key)
	for _, t := range targets {
		fmt.Fprintf(m, "%s\x00%s\x00", t.Kind, targetKey(key, t))
	}
	return hex.EncodeToString(m.Sum(nil))
}

func newID() string {
	b := make([]byte, 8)
	rand.Read(b)
	return hex.EncodeToString(b)
}

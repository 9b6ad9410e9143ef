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
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/memfs/memfs/dream"
	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/ledger"
	"github.com/memfs/memfs/wiki"
)

// Options configure a Forgetter.
type Options struct {
	// Home is $MEMFS_HOME: staged runs live under Home/runs, the record of
	// an interrupted apply at Home/forget-pending.json.
	Home   string
	Store  *gitstore.Store
	Ledger *ledger.Ledger
	Now    func() time.Time
	Logger *slog.Logger
	// Progress, when set, is told where a long command is: the stage, and
	// for the rewrite the commits done of the total.
	Progress func(stage string, done, total int)
	// Stage, when set, is called as Apply passes each of its stages
	// ("rewritten", "pending", "switched", "cleaned", "purged"); tests use
	// it to kill a process at a known point.
	Stage func(name string)
}

// Forgetter previews and applies forget commands.
type Forgetter struct {
	opts Options
	log  *slog.Logger
}

// New returns a Forgetter.
func New(opts Options) *Forgetter {
	if opts.Now == nil {
		opts.Now = time.Now
	}
	log := opts.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Forgetter{opts: opts, log: log}
}

// Revision is one commit the forget changes.
type Revision struct {
	Commit  string   `json:"commit"`
	Paths   []string `json:"paths,omitempty"`
	Message bool     `json:"message,omitempty"`
	Dropped bool     `json:"dropped,omitempty"`
}

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
	Revisions []Revision `json:"revisions"`
	// Pages lists every path changed or dropped in any revision.
	Pages []string `json:"pages"`
	// CommitMessages counts messages edited.
	CommitMessages int `json:"commit_messages"`
	// Evidence lists targeted sessions with evidence waiting to be dreamed;
	// Checkpoints those the ledger holds any record of.
	Evidence    []string    `json:"evidence"`
	Checkpoints []string    `json:"checkpoints"`
	StagedRuns  []StagedRun `json:"staged_runs"`
	// Forming lists runs in progress whose batch includes a targeted
	// session or whose staged files hold targeted content.
	Forming []string `json:"forming,omitempty"`

	rewrite *gitstore.RewriteResult
	editor  *editor
}

// Preview computes what forgetting targets would change.
func (f *Forgetter) Preview(ctx context.Context, targets []Target) (*Preview, error) {
	var p *Preview
	err := f.opts.Store.Exclusive(ctx, func(tx *gitstore.Tx) (err error) {
		p, err = f.preview(ctx, tx, targets)
		return err
	})
	return p, err
}

func (f *Forgetter) preview(ctx context.Context, tx *gitstore.Tx, targets []Target) (*Preview, error) {
	s := f.opts.Store
	meta, err := s.Meta(ctx)
	if err != nil {
		return nil, err
	}
	keys, keyID, err := s.Keyring(ctx)
	if err != nil {
		return nil, err
	}
	key := keys[keyID]
	refs, err := s.Refs(ctx)
	if err != nil {
		return nil, err
	}
	ed := newEditor(s, targets)
	edit := ed.edit()
	if f.opts.Progress != nil {
		edit.Progress = func(done, total int) { f.opts.Progress("rewriting", done, total) }
	}
	res, err := tx.Rewrite(ctx, edit)
	if err != nil {
		return nil, err
	}
	p := &Preview{Targets: targets, Heads: map[string]string{}, rewrite: res, editor: ed,
		Evidence: []string{}, Checkpoints: []string{}, StagedRuns: []StagedRun{}, Pages: []string{}, Revisions: []Revision{}}
	for n, h := range refs {
		if n != gitstore.MetaRef && n != gitstore.ErasuresRef {
			p.Heads[n] = h.String()
		}
	}
	for _, u := range res.Refs {
		p.Refs = append(p.Refs, u.Name)
	}
	slices.Sort(p.Refs)
	pages := map[string]bool{}
	for _, r := range res.Revisions {
		p.Revisions = append(p.Revisions, Revision{Commit: r.Commit.String(), Paths: r.Paths, Message: r.Message, Dropped: r.Dropped})
		if r.Message {
			p.CommitMessages++
		}
		for _, path := range r.Paths {
			pages[path] = true
		}
	}
	for path := range pages {
		p.Pages = append(p.Pages, path)
	}
	slices.Sort(p.Pages)

	// Ledger and staged runs.
	l := f.opts.Ledger
	for _, t := range targets {
		if t.Kind != KindSession {
			continue
		}
		st, err := l.Session(ctx, t.Value)
		if err != nil {
			return nil, err
		}
		if st.Checkpoint != nil || st.Processed != nil {
			p.Checkpoints = append(p.Checkpoints, t.Value)
		}
		if st.Pending {
			p.Evidence = append(p.Evidence, t.Value)
		}
	}
	runs, err := f.stagedRuns(ctx, ed.runMatch())
	if err != nil {
		return nil, err
	}
	p.StagedRuns = runs
	live, err := dream.InProgress(ctx, f.opts.Home, l)
	if err != nil {
		return nil, err
	}
	for _, r := range live {
		hit := slices.ContainsFunc(r.Sessions, func(id string) bool { return ed.sessions[id] }) ||
			slices.ContainsFunc(runs, func(sr StagedRun) bool { return sr.ID == r.ID })
		if hit {
			p.Forming = append(p.Forming, r.ID)
		}
	}

	// The scope binds everything above.
	h := sha256.New()
	fmt.Fprintf(h, "memfs forget scope v1\x00store %s\x00", meta.StoreID)
	for _, t := range targets {
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
		fmt.Fprintf(h, "rev %s %v %v %s\x00", r.Commit, r.Message, r.Dropped, strings.Join(r.Paths, "\x01"))
	}
	for _, id := range p.Checkpoints {
		st, _ := l.Session(ctx, id)
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
	p.Scope = "fs1-" + hex.EncodeToString(h.Sum(nil))[:40]
	return p, nil
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

// ApplyOptions are the arguments of Apply.
type ApplyOptions struct {
	Token     string
	Targets   []Target
	CommandID string
	// CancelRuns cancels runs in progress that use targeted content
	// instead of refusing with formation_in_progress.
	CancelRuns bool
}

// ReceiptTarget names a target in a receipt without its text: a literal
// is named by the id of its marker.
type ReceiptTarget struct {
	Kind   string `json:"kind"`
	Value  string `json:"value,omitempty"`
	Marker string `json:"marker,omitempty"`
}

// Affected counts what a forget changed.
type Affected struct {
	Revisions      int      `json:"revisions"`
	Paths          []string `json:"paths"`
	CommitMessages int      `json:"commit_messages"`
	DroppedCommits int      `json:"dropped_commits"`
	Evidence       int      `json:"evidence"`
	Checkpoints    int      `json:"checkpoints"`
	StagedRuns     int      `json:"staged_runs"`
}

// RefState is one ref before or after a forget. Before records only the
// commit count: an old commit id fingerprints the forgotten content.
type RefState struct {
	Head    string `json:"head,omitempty"`
	Commits int    `json:"commits"`
}

// Cleanup reports what the purge and the ledger compaction freed.
type Cleanup struct {
	gitstore.PurgeResult
	LedgerBytesBefore int64 `json:"ledger_bytes_before"`
	LedgerBytesAfter  int64 `json:"ledger_bytes_after"`
	CachesDropped     bool  `json:"caches_dropped"`
	Verified          bool  `json:"verified"`
}

// Receipt is the record of an applied forget. It holds no forgotten
// content and no old object id.
type Receipt struct {
	ReceiptID        string              `json:"receipt_id"`
	CommandID        string              `json:"command_id,omitempty"`
	Targets          []ReceiptTarget     `json:"targets"`
	Affected         Affected            `json:"affected"`
	RewrittenCommits int                 `json:"rewritten_commits"`
	Before           map[string]RefState `json:"before"`
	After            map[string]RefState `json:"after"`
	Markers          []string            `json:"markers"`
	StorageCleanup   Cleanup             `json:"storage_cleanup"`
	CompletedAt      time.Time           `json:"completed_at"`
	// Replayed is set when the receipt is returned again for a repeated
	// command id (not stored).
	Replayed bool `json:"replayed,omitempty"`
}

// pending is the record of an apply between its ref switch and its end,
// at Home/forget-pending.json. It is content-free.
type pending struct {
	RequestHash string `json:"request_hash"`
	// Switch holds the new value of every ref the apply moves: the switch
	// happened when they all hold them.
	Switch  map[string]string `json:"switch"`
	Pages   []string          `json:"pages,omitempty"`
	Receipt Receipt           `json:"receipt"`
}

func (f *Forgetter) pendingPath() string { return filepath.Join(f.opts.Home, "forget-pending.json") }

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

// Apply forgets targets for good, under the store lock.
func (f *Forgetter) Apply(ctx context.Context, opts ApplyOptions) (*Receipt, error) {
	var rc *Receipt
	err := f.opts.Store.Exclusive(ctx, func(tx *gitstore.Tx) (err error) {
		rc, err = f.apply(ctx, tx, opts)
		return err
	})
	return rc, err
}

func (f *Forgetter) apply(ctx context.Context, tx *gitstore.Tx, opts ApplyOptions) (*Receipt, error) {
	s, l := f.opts.Store, f.opts.Ledger
	keys, keyID, err := s.Keyring(ctx)
	if err != nil {
		return nil, err
	}
	reqHash := requestHash(keys[keyID], opts.Targets)
	f.log.Debug("forget", "reached", "locked")

	// An apply interrupted after its switch is finished first.
	if done, err := f.recover(ctx, tx, reqHash, opts); err != nil || done != nil {
		return done, err
	}
	if opts.CommandID != "" {
		r, ok, err := l.Receipt(ctx, opts.CommandID)
		if err != nil {
			return nil, err
		}
		if ok {
			if r.RequestHash != reqHash {
				return nil, &Error{Code: CodeCommandIDConflict, Msg: fmt.Sprintf("command id %s was used for a different request", opts.CommandID)}
			}
			var rc Receipt
			if err := json.Unmarshal(r.Body, &rc); err != nil {
				return nil, fmt.Errorf("stored receipt %s: %w", opts.CommandID, err)
			}
			rc.Replayed = true
			return &rc, nil
		}
	}
	if opts.Token == "" {
		return nil, &Error{Code: CodeScopeRequired, Msg: "apply needs the forget_scope token of a preview (memfs forget preview)"}
	}
	p, err := f.preview(ctx, tx, opts.Targets)
	if err != nil {
		return nil, err
	}
	f.log.Debug("forget", "reached", "previewed")
	if p.Scope != opts.Token {
		return nil, &Error{Code: CodeScopeChanged, Msg: "what the targets cover changed since the preview; preview again"}
	}
	if len(p.Forming) > 0 && !opts.CancelRuns {
		return nil, &Error{Code: CodeFormationInProgress, Msg: fmt.Sprintf("dream run %s is forming memory from targeted content; wait, or apply with --cancel-runs", strings.Join(p.Forming, ", "))}
	}
	now := f.opts.Now().UTC()

	// Markers first: they are what keeps the content from coming back.
	var markers []gitstore.Marker
	rc := &Receipt{ReceiptID: newID(), CommandID: opts.CommandID, Before: map[string]RefState{}, After: map[string]RefState{}, Markers: []string{}}
	for _, t := range opts.Targets {
		rt := ReceiptTarget{Kind: t.Kind}
		switch t.Kind {
		case KindSession:
			m := gitstore.MarkSession(keyID, keys[keyID], t.Value, now)
			markers = append(markers, m)
			rt.Value, rt.Marker = t.Value, m.ID
		case KindText:
			m, err := gitstore.MarkText(keyID, keys[keyID], t.Value, now)
			if err != nil {
				return nil, &Error{Code: CodeInvalidTarget, Msg: "text target has no letters or digits to match"}
			}
			markers = append(markers, m)
			rt.Marker = m.ID
		case KindPage:
			m := gitstore.MarkPage(keyID, keys[keyID], t.Value, now)
			markers = append(markers, m)
			rt.Value, rt.Marker = t.Value, m.ID
		}
		rc.Targets = append(rc.Targets, rt)
	}
	for _, m := range markers {
		rc.Markers = append(rc.Markers, m.ID)
	}
	res := p.rewrite
	if err := tx.WriteObjects(ctx, res); err != nil {
		return nil, err
	}
	f.stage("rewritten")
	updates := slices.Clone(res.Refs)
	mu, ok, err := tx.MarkersUpdate(ctx, markers)
	if err != nil {
		return nil, err
	}
	if ok {
		updates = append(updates, mu)
	}
	for _, u := range res.Refs {
		l := res.Length[u.Name]
		rc.Before[u.Name] = RefState{Commits: l[0]}
		after := RefState{Commits: l[1]}
		if !u.New.IsZero() {
			after.Head = u.New.String()
		}
		rc.After[u.Name] = after
	}
	rc.Affected = Affected{Revisions: len(p.Revisions), Paths: p.Pages, CommitMessages: p.CommitMessages,
		DroppedCommits: res.Dropped, Evidence: len(p.Evidence), Checkpoints: len(p.Checkpoints), StagedRuns: len(p.StagedRuns)}
	rc.RewrittenCommits = res.Rewritten
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
	erased := func(id string) bool { return guard != nil && guard.ErasedSession(id) }
	rc := pend.Receipt

	// Staged runs holding the content go; runs in progress are cancelled
	// only when asked (apply refused them otherwise).
	if _, err := f.dropStagedRuns(ctx, guardMatch(s, guard), cancelRuns); err != nil {
		return nil, err
	}
	f.stage("cleaned")

	// The ledger forgets the sessions and the old commit ids.
	refs, err := s.Refs(ctx)
	if err != nil {
		return nil, err
	}
	if _, err := l.Scrub(ctx, erased, func(id string) string {
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
	}); err != nil {
		return nil, err
	}

	// Purge, verified.
	if check == nil {
		check = guardCheck(s, guard)
	}
	pr, err := tx.Purge(ctx, check)
	if err != nil {
		if errors.Is(err, gitstore.ErrPurgeVerify) {
			return nil, &Error{Code: CodeVerificationFailed, Msg: "the store still holds an object it should not", Err: err}
		}
		return nil, err
	}
	f.stage("purged")
	rc.StorageCleanup.PurgeResult = *pr
	rc.StorageCleanup.Verified = true
	if err := s.DropCaches(); err != nil {
		return nil, fmt.Errorf("drop caches: %w", err)
	}
	rc.StorageCleanup.CachesDropped = true
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
	body, err := json.Marshal(rc)
	if err != nil {
		return nil, err
	}
	key := rc.CommandID
	if key == "" {
		key = "receipt:" + rc.ReceiptID
	}
	if err := l.PutReceipt(ctx, ledger.Receipt{CommandID: key, RequestHash: pend.RequestHash, Body: body, Completed: rc.CompletedAt}); err != nil {
		return nil, err
	}
	if err := os.Remove(f.pendingPath()); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	return &rc, nil
}

// recover finishes an apply that was interrupted after its ref switch. It
// returns that apply's receipt when the current request is the same one.
func (f *Forgetter) recover(ctx context.Context, tx *gitstore.Tx, reqHash string, opts ApplyOptions) (*Receipt, error) {
	b, err := os.ReadFile(f.pendingPath())
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var pend pending
	if err := json.Unmarshal(b, &pend); err != nil {
		return nil, fmt.Errorf("read %s: %w", f.pendingPath(), err)
	}
	refs, err := f.opts.Store.Refs(ctx)
	if err != nil {
		return nil, err
	}
	switched := true
	for name, nw := range pend.Switch {
		cur, ok := refs[name]
		if nw == (gitstore.ID{}).String() {
			switched = switched && !ok
		} else {
			switched = switched && ok && cur.String() == nw
		}
	}
	if !switched {
		// Killed before the switch: nothing became visible; the objects it
		// wrote are unreachable and go with the next purge.
		f.log.Info("discarding a forget interrupted before its switch")
		return nil, os.Remove(f.pendingPath())
	}
	f.log.Info("finishing a forget interrupted after its switch")
	var check func(gitstore.ObjectType, []byte) error
	if pend.RequestHash == reqHash {
		check = ed2check(newEditor(f.opts.Store, opts.Targets))
	}
	rc, err := f.finish(ctx, tx, pend, check, opts.CancelRuns, nil)
	if err != nil {
		return nil, err
	}
	if pend.RequestHash == reqHash {
		return rc, nil
	}
	return nil, nil
}

func guardCheck(s *gitstore.Store, g *gitstore.Guard) func(gitstore.ObjectType, []byte) error {
	if g == nil {
		return nil
	}
	return s.NewEraser(gitstore.EraseSpec{Text: g, Session: g.ErasedSession, Page: g.ErasedPage}).Check
}

func (f *Forgetter) writePending(p pending) error {
	b, err := json.MarshalIndent(p, "", "  ")
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(f.opts.Home, ".forget-pending-*")
	if err != nil {
		return fmt.Errorf("record forget: %w", err)
	}
	_, err = tmp.Write(b)
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), f.pendingPath())
	}
	if err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("record forget: %w", err)
	}
	return nil
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

// Settle brings staged runs and the ledger in line with the store's
// erasure markers after markers arrived from another store (an import or
// a pull): staged runs holding erased content are deleted (runs in
// progress are left to fail at publication, which the guard refuses),
// erased sessions leave the ledger, the ledger is compacted and the
// caches dropped. The store itself was already rewritten and purged.
func (f *Forgetter) Settle(ctx context.Context) error {
	s, l := f.opts.Store, f.opts.Ledger
	guard, err := s.Guard(ctx)
	if err != nil || guard == nil {
		return err
	}
	erased := guard.ErasedSession
	if _, err := f.dropStagedRuns(ctx, guardMatch(s, guard), false); err != nil {
		return err
	}
	if _, err := l.Scrub(ctx, erased, func(id string) string {
		if h, ok := gitstore.ParseID(id); ok && s.HasCommit(h) {
			return id
		}
		return ""
	}); err != nil {
		return err
	}
	if _, err := l.Compact(ctx); err != nil {
		return err
	}
	return s.DropCaches()
}

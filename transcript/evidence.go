package transcript

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/memfs/memfs/internal/jsonscan"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/memfs/memfs/wiki"
)

// Checkpoint is a settled point of one session's transcript: the branch that
// ends at Cursor, as the file's first Bytes bytes record it. It holds ids
// and hashes only, never transcript text, so the ledger can keep it.
type Checkpoint struct {
	SessionID string `json:"session_id"`
	Path      string `json:"path"`
	Format    Format `json:"format"`
	// Cursor is the entry id of the settled leaf: a uuid (Claude Code), an
	// entry id (Pi v2+), or "line:N" for formats without ids (Pi v1, Codex).
	Cursor string `json:"cursor"`
	// Digest is the hex SHA-256 over the projected branch up to Cursor:
	// entry ids (unless synthetic) and the content projection keeps, before
	// redaction and capping.
	Digest string `json:"digest"`
	// Bytes is how much of the file was read: the end of its last complete
	// line at the time. Materialize reads exactly these bytes again, so
	// lines appended later never change what a checkpoint means.
	Bytes int64 `json:"bytes"`
	// Entries is the number of evidence entries on the branch up to Cursor.
	Entries int `json:"entries"`
	// CWD is the session's working directory when the transcript records it.
	CWD string `json:"cwd,omitempty"`
	// Root is false for subagent transcripts (Claude sidechains, Codex
	// subagent threads), which are never checkpointed.
	Root bool `json:"root"`
	// ForkedFrom names the session this one was forked from when the
	// transcript records it (a session id; for Pi, the parent file path).
	// Passing that session's Processed to Materialize makes the copied
	// history count as already processed.
	ForkedFrom string `json:"forked_from,omitempty"`
}

// Processed returns what to store once evidence up to cp is acknowledged.
func (cp *Checkpoint) Processed() Processed {
	return Processed{Cursor: cp.Cursor, Digest: cp.Digest, Entries: cp.Entries}
}

// Processed is what was acknowledged last time for a session: enough to tell
// whether the current branch extends it, with no transcript text (a cursor
// id, a count and a hash).
type Processed struct {
	Cursor string `json:"cursor"`
	// Digest is the Checkpoint.Digest of the acknowledged branch.
	Digest string `json:"digest"`
	// Entries is the number of evidence entries that digest covers.
	Entries int `json:"entries"`
}

// Relation says how the current branch relates to the processed one.
type Relation string

// Relations.
const (
	RelationInitial   Relation = "initial"   // nothing was processed before
	RelationUnchanged Relation = "unchanged" // no new evidence
	RelationAppended  Relation = "appended"  // the processed branch is a prefix: only the suffix is emitted
	RelationDiverged  Relation = "diverged"  // the branch changed (rewind, rollback): the whole branch is emitted
)

// MaxEvidenceBytes caps the evidence of one session.
const MaxEvidenceBytes = 256 << 10

// Evidence is what a dreamer is given for one session.
type Evidence struct {
	SessionID string
	Relation  Relation
	// Transcript is JSON Lines, one object per record:
	// {"role":"user"|"assistant"|"tool_call"|"tool_result"|"summary"|"cut",
	// "id":entry id, "at":when a user record's line was written (RFC 3339
	// UTC, where the transcript says; no part of the digest), "name":tool
	// name (tool calls), "origin":who wrote a
	// user-side record the user did not type ("extension:<type>", "user"
	// for a shell command typed at the prompt) or how a typed one arrived
	// ("queued_command": queued while the agent was busy), "cut":records
	// left out just before this one ("left out: 2 assistant, 1
	// tool_call"), "text":...}.
	// Tool call text is the compact JSON of the arguments. A trimmed text
	// carries "[memfs-cut: N bytes]" where its middle was cut; a final
	// record of role "cut" counts records left out at the end.
	Transcript []byte
	// Redactions counts replaced secrets per rule name.
	Redactions map[string]int
	// Truncations counts cuts: records trimmed and runs of records left out.
	Truncations int
	// Notes say what was cut or skipped and why, without content.
	Notes []string
	// Records is the number of lines in Transcript.
	Records int
	// Processed is what to store once this evidence is acknowledged.
	Processed Processed
}

// Texts returns the text of every record of the evidence but the "cut"
// records, in order: what a forgotten session's content markers
// fingerprint, and what they are checked against.
func (ev *Evidence) Texts() []string {
	var out []string
	for _, line := range bytes.Split(ev.Transcript, []byte("\n")) {
		var rec struct{ Role, Text string }
		if len(bytes.TrimSpace(line)) == 0 || json.Unmarshal(line, &rec) != nil || rec.Role == "cut" || rec.Text == "" {
			continue
		}
		out = append(out, rec.Text)
	}
	return out
}

// Scan reads a transcript and returns the checkpoint at cursor ("" = the
// current leaf). format "" detects the format; sessionOverride, when not
// empty, replaces the session id the transcript records.
func Scan(ctx context.Context, path string, format Format, sessionOverride, cursor string) (*Checkpoint, error) {
	f, size, err := openSource(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return scan(ctx, path, f, size, format, sessionOverride, cursor)
}

func scan(ctx context.Context, path string, f io.ReaderAt, size int64, format Format, sessionOverride, cursor string) (*Checkpoint, error) {
	var err error
	if format == "" {
		if format, err = detectAt(f, size, path); err != nil {
			return nil, err
		}
	}
	ix, err := buildIndex(ctx, path, io.NewSectionReader(f, 0, size), format)
	if err != nil {
		return nil, err
	}
	cp := &Checkpoint{Path: path, Format: format, Bytes: ix.bytes, CWD: ix.cwd, Root: ix.root, ForkedFrom: ix.forkedFrom}
	cp.SessionID = sessionOverride
	if cp.SessionID == "" {
		cp.SessionID = ix.session
		if cp.SessionID == "" {
			cp.SessionID = strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
		}
	}
	if !wiki.ValidSessionID(cp.SessionID) {
		return nil, newErr(CodeInvalidSource, path, "the session id is missing or not a valid id; pass one explicitly", nil)
	}
	leaf := ix.leaf
	if cursor != "" {
		if leaf = ix.lookup(cursor); leaf < 0 {
			return nil, newErr(CodeInvalidSource, path, "the cursor entry is not in the transcript", nil)
		}
	}
	if leaf < 0 {
		if !ix.root {
			return cp, nil
		}
		return nil, newErr(CodeInvalidSource, path, "the transcript has no entries", nil)
	}
	r := &reader{ra: f, ix: ix}
	if cursor != "" {
		cp.Cursor = cursor
	} else if cp.Cursor, err = ix.entryID(r, leaf); err != nil {
		return nil, err
	}
	d := newDigester(ix.synthetic())
	proj := newProjector(format)
	err = walk(ctx, ix, r, ix.keep(ix.branch(leaf), proj.wants), 0, proj, func(_ int, it *item) error {
		d.add(it)
		return nil
	})
	if err != nil {
		return nil, err
	}
	cp.Digest, cp.Entries = d.sum(), d.count
	return cp, nil
}

// Materialize reads the checkpointed bytes of the transcript again, verifies
// that the checkpoint still holds (else checkpoint_changed, or
// source_changed when the file changes while it is read), and returns the
// evidence relative to prev (nil: nothing processed before).
func Materialize(ctx context.Context, cp Checkpoint, prev *Processed) (*Evidence, error) {
	path := cp.Path
	if cp.Cursor == "" {
		return nil, newErr(CodeInvalidSource, path, "the checkpoint has no cursor", nil)
	}
	f, size, err := openSource(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return materialize(ctx, cp, f, size, prev)
}

// materialize makes a first pass over the checkpointed branch (the digest,
// the relation to prev, the size of every record), then a second that
// emits the records within the cap.
func materialize(ctx context.Context, cp Checkpoint, f io.ReaderAt, size int64, prev *Processed) (*Evidence, error) {
	ix, br, format, err := checkpointBranch(ctx, cp, f, size)
	if err != nil {
		return nil, err
	}
	r := &reader{ra: f, ix: ix}
	proj := newProjector(format)
	k := -1
	if prev != nil {
		k = prev.Entries
	}
	ms, err := measure(ctx, ix, r, br, proj, k)
	if err != nil {
		return nil, err
	}
	d := ms.d
	if d.sum() != cp.Digest {
		return nil, newErr(CodeCheckpointChanged, cp.Path, "the branch up to the cursor no longer matches the checkpoint", nil)
	}
	ev := &Evidence{SessionID: cp.SessionID, Redactions: map[string]int{},
		Processed: Processed{Cursor: cp.Cursor, Digest: cp.Digest, Entries: d.count}}
	sz, from := &ms.whole, 0
	switch {
	case prev == nil:
		ev.Relation = RelationInitial
	case prev.Entries == d.count && prev.Digest == cp.Digest:
		ev.Relation = RelationUnchanged
	case prev.Entries < d.count && ms.prefix == prev.Digest:
		ev.Relation = RelationAppended
		sz, from = &ms.tail, ms.resume
	default:
		ev.Relation = RelationDiverged
		ev.Notes = append(ev.Notes, "the branch diverged from the processed one (rewind, rollback or rewrite): the whole current branch is emitted")
		proj = newProjector(format)
		err = walk(ctx, ix, r, br, 0, proj, func(pos int, it *item) error {
			ms.whole.add(it, pos)
			return nil
		})
		if err != nil {
			return nil, err
		}
		ms.whole.done()
	}
	ev.Notes = append(ev.Notes, ix.notes()...)
	if ev.Relation == RelationUnchanged {
		return ev, nil
	}
	if err := emit(ctx, ix, r, br, from, proj, sz, ev); err != nil {
		return nil, err
	}
	return ev, nil
}

// checkpointBranch indexes the checkpointed bytes again and returns the
// branch that ends at the cursor, or checkpoint_changed when they no
// longer hold it.
func checkpointBranch(ctx context.Context, cp Checkpoint, f io.ReaderAt, size int64) (*index, []int32, Format, error) {
	path := cp.Path
	var err error
	if size < cp.Bytes {
		return nil, nil, "", newErr(CodeCheckpointChanged, path, "the transcript is shorter than the checkpoint", nil)
	}
	format := cp.Format
	if format == "" {
		if format, err = detectAt(f, cp.Bytes, path); err != nil {
			return nil, nil, "", asChanged(err)
		}
	}
	ix, err := buildIndex(ctx, path, io.NewSectionReader(f, 0, cp.Bytes), format)
	if err != nil {
		return nil, nil, "", asChanged(err)
	}
	if ix.bytes != cp.Bytes {
		return nil, nil, "", newErr(CodeCheckpointChanged, path, "the checkpointed bytes no longer end with a complete line", nil)
	}
	leaf := ix.lookup(cp.Cursor)
	if leaf < 0 {
		return nil, nil, "", newErr(CodeCheckpointChanged, path, "the cursor entry is gone", nil)
	}
	return ix, ix.keep(ix.branch(leaf), newProjector(format).wants), format, nil
}

// measured is what the first pass found: the digest, the digest of the
// first k entries (prefix) and the position after them (resume), and the
// sizes of the records from the start (whole) or after the prefix (tail).
type measured struct {
	d           *digester
	prefix      string
	resume      int
	whole, tail sizer
}

// measure is the first pass: the digest, the relation's prefix of k
// entries (k < 0: nothing processed), and the size of every record that
// could be emitted. Sizes from the start are collected only when nothing
// was processed; a diverged branch needs a sizing pass of its own, so the
// common appended case keeps only the suffix's sizes in memory.
func measure(ctx context.Context, ix *index, r *reader, br []int32, proj projector, k int) (*measured, error) {
	ms := &measured{d: newDigester(ix.synthetic())}
	d := ms.d
	if k == 0 {
		ms.prefix, ms.resume = d.sum(), 0
	}
	err := walk(ctx, ix, r, br, 0, proj, func(pos int, it *item) error {
		d.add(it)
		if k < 0 {
			ms.whole.add(it, pos)
		} else if d.count > k {
			ms.tail.add(it, pos)
		}
		if d.count == k {
			ms.prefix, ms.resume = d.sum(), pos+1
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	ms.whole.done()
	ms.tail.done()
	return ms, nil
}

// emit is the second pass: it emits within the cap, reading again only the
// lines of records that are kept. The projector replays the first pass's
// decisions (which tool calls asked the user, which events were repeats),
// so a record that pass made is made the same way.
func emit(ctx context.Context, ix *index, r *reader, br []int32, from int, proj projector, sz *sizer, ev *Evidence) error {
	em := newEmitter(sz.sizes, ev.Redactions)
	need := em.needed()
	m := merger{emit: em.record}
	brk := false
	err := walkSome(ctx, ix, r, br, from, proj.replay(), func(pos int) bool {
		if need.has(pos) {
			return true
		}
		if sz.items.has(pos) {
			brk = true // a left-out item lies between: no merge across it
		}
		return false
	}, func(pos int, it *item) error {
		if brk {
			brk = false
			if err := m.flush(); err != nil {
				return err
			}
		}
		return m.add(it, pos)
	})
	if err == nil {
		err = m.flush()
	}
	if err != nil {
		return err
	}
	em.finish()
	ev.Transcript, ev.Records, ev.Truncations = em.buf, em.records, em.truncations
	ev.Notes = append(ev.Notes, em.notes()...)
	return nil
}

// openSource opens a transcript for reading and refuses anything but a
// regular file. It opens without blocking, so a FIFO (or a device) named as
// a transcript is refused at once instead of hanging the hook for ever;
// on a regular file O_NONBLOCK changes nothing.
func openSource(path string) (*os.File, int64, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, 0, newErr(CodeSourceUnavailable, path, "cannot open the transcript", err)
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, 0, newErr(CodeSourceUnavailable, path, "cannot stat the transcript", err)
	}
	if !fi.Mode().IsRegular() {
		f.Close()
		return nil, 0, newErr(CodeInvalidSource, path, "not a regular file", nil)
	}
	return f, fi.Size(), nil
}

func detectAt(f io.ReaderAt, size int64, path string) (Format, error) {
	ft, err := DetectFormat(io.NewSectionReader(f, 0, size))
	var e *Error
	if errors.As(err, &e) {
		e.Path = path
	}
	return ft, err
}

// asChanged turns "this is not a transcript" found while re-reading a
// checkpointed file into checkpoint_changed: it was one when checkpointed.
func asChanged(err error) error {
	var e *Error
	if errors.As(err, &e) && e.code == CodeInvalidSource {
		return newErr(CodeCheckpointChanged, e.Path, "the transcript no longer reads as its format: "+e.Reason, nil)
	}
	return err
}

// entryID reads the id of node i from its line.
func (ix *index) entryID(r *reader, i int32) (string, error) {
	if ix.synthetic() {
		return lineID(ix.node(i).ln), nil
	}
	line, err := r.line(ix.node(i))
	if err != nil {
		return "", err
	}
	want := ix.indexer.idMember()
	id := ""
	o := jsonscan.NewObject(line)
	for o.Next() {
		if jsonscan.KeyIs(o.Key(), want) {
			id = jsonscan.String(o.Value()) // the last member wins, as when indexing
		}
	}
	if id == "" {
		return "", newErr(CodeSourceChanged, ix.path, "an indexed line has no id", nil)
	}
	return id, nil
}

// notes reports what the index pass skipped.
func (ix *index) notes() []string {
	var out []string
	if ix.invalid > 0 {
		out = append(out, fmt.Sprintf("%d lines were not entries of the format and were skipped", ix.invalid))
	}
	if ix.oversize > 0 {
		out = append(out, fmt.Sprintf("%d lines longer than %d bytes were skipped, the first on line %d", ix.oversize, MaxLineBytes, ix.overLine))
	}
	if ix.orphan > 0 {
		out = append(out, fmt.Sprintf("the entry on line %d names a parent that is not in the transcript: the branch is kept from there on, and what came before it is unknown", ix.orphan))
	}
	return out
}

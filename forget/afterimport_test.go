package forget

import (
	"bytes"
	"maps"
	"testing"

	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/gitstore/replica"
	"github.com/memfs/memfs/internal/storetest"
	"github.com/memfs/memfs/ledger"
	"github.com/memfs/memfs/transcript"
)

// bundle exports every ref of e's store as a git bundle.
func (e *env) bundle(t *testing.T) []byte {
	t.Helper()
	refs, err := replica.BundleRefs(t.Context(), e.store, nil)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if _, err := replica.WriteBundle(t.Context(), e.store, &b, refs); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// importBundle runs AfterImport on e with bundle b.
func (e *env) importBundle(t *testing.T, b []byte) (*Imported, error) {
	t.Helper()
	return AfterImport(t.Context(), Options{Home: e.home, Store: e.store, Ledger: e.ledger},
		replica.BundleFetcher(bytes.NewReader(b)), replica.ImportOptions{TrustErasures: true})
}

// replicaOf gives e the marker keys of from (memfs key export and
// import): e is another replica of the same user, and checks from's
// markers.
func (e *env) replicaOf(t *testing.T, from *env) {
	t.Helper()
	keys, own, err := from.store.Keyring(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.store.ImportKeys(t.Context(), keys, own, true); err != nil {
		t.Fatal(err)
	}
}

// processedSession records a checkpoint of id and marks it dreamed.
func (e *env) processedSession(t *testing.T, id string) {
	t.Helper()
	cp := ledger.Checkpoint{Scope: "default", Checkpoint: transcript.Checkpoint{SessionID: id, Path: "/tmp/" + id + ".jsonl",
		Format: "claude", Cursor: "c1", Digest: "d-" + id, Root: true}}
	if _, err := e.ledger.RecordCheckpoint(t.Context(), cp); err != nil {
		t.Fatal(err)
	}
	st, err := e.ledger.Session(t.Context(), id)
	if err != nil || st.Checkpoint == nil {
		t.Fatalf("session %s: %+v %v", id, st, err)
	}
	if _, err := e.ledger.Acknowledge(t.Context(), *st.Checkpoint, transcript.Processed{Cursor: "c1", Digest: "d-" + id}); err != nil {
		t.Fatal(err)
	}
}

func (e *env) session(t *testing.T, id string) ledger.SessionState {
	t.Helper()
	st, err := e.ledger.Session(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// Ensure that an import that sets local commits aside (a page changed on
// both sides) and brings erasure
// markers requeues the set-aside sessions, leaves the forgotten one
// nowhere in the ledger, and that a failed import leaves the ledger as it
// was: the ledger never runs ahead of the store.
func TestAfterImport(t *testing.T) {
	a, b := newEnv(t), newEnv(t)
	b.replicaOf(t, a)
	a.publish(t, "base")
	if _, err := b.importBundle(t, a.bundle(t)); err != nil {
		t.Fatalf("first import: %v", err)
	}

	// b publishes from a session it dreamed and has checkpointed s9,
	// which a will forget.
	files := maps.Clone(a.files)
	files["pages/people/carol.md"] = page("Carol", "Carol reviews storage changes.", "s5")
	files["pages/people/index.md"] += "- [Carol](carol.md)\n"
	dir := t.TempDir()
	storetest.WriteTree(t, dir, files)
	if _, err := b.store.Publish(t.Context(), dir, gitstore.PublishOptions{Scope: "default", Message: "from b",
		Sources: []string{"s5"}}); err != nil {
		t.Fatal(err)
	}
	b.processedSession(t, "s5")
	b.processedSession(t, "s9")

	// a moves on (writing the page b wrote, differently: a real
	// conflict, which no merge resolves) and forgets s9.
	a.files["pages/people/carol.md"] = page("Carol", "Carol owns the CI.", "s1")
	a.files["pages/people/dave.md"] = page("Dave", "Dave runs the release.", "s9")
	a.files["pages/people/erin.md"] = page("Erin", "Erin owns the docs.", "s1")
	a.files["pages/people/index.md"] += "- [Dave](dave.md)\n- [Erin](erin.md)\n"
	a.publish(t, "from a")
	a.forget(t, "session:s9")
	bundle := a.bundle(t)

	// A damaged bundle changes nothing, in the store or the ledger.
	if _, err := b.importBundle(t, bundle[:len(bundle)/2]); err == nil {
		t.Fatal("a truncated bundle was imported")
	}
	if st := b.session(t, "s5"); st.Pending || st.Processed == nil {
		t.Fatalf("a failed import changed the ledger: %+v", st)
	}
	if st := b.session(t, "s9"); st.Checkpoint == nil {
		t.Fatal("a failed import settled markers it never brought")
	}

	got, err := b.importBundle(t, bundle)
	if err != nil {
		t.Fatalf("import: %v", err)
	}
	res := got.Result
	if res.NewMarkers == 0 || len(res.Branches) != 1 || res.Branches[0].Outcome != replica.BranchDiverged {
		t.Fatalf("import result %+v", res)
	}
	if got.Requeued < 1 {
		t.Errorf("requeued %d sessions, want s5 at least", got.Requeued)
	}
	if st := b.session(t, "s5"); !st.Pending {
		t.Errorf("s5, of a set-aside commit, is not pending again: %+v", st)
	}
	if st := b.session(t, "s9"); st.Checkpoint != nil || st.Processed != nil || st.Pending {
		t.Errorf("the forgotten s9 is still in the ledger: %+v", st)
	}
	ha, err := a.store.Head(t.Context(), "default")
	if err != nil {
		t.Fatal(err)
	}
	if hb, err := b.store.Head(t.Context(), "default"); err != nil || hb != ha {
		t.Errorf("b's head %v (%v), want a's %v", hb, err, ha)
	}
}

// Ensure that markers an import brought are settled by the next import
// when the process died before settling: the store keeps a content-free
// record until the ledger is scrubbed, even though the second import
// brings no new markers.
func TestAfterImportSettlesACrashedImport(t *testing.T) {
	a, b := newEnv(t), newEnv(t)
	b.replicaOf(t, a)
	a.files["pages/people/dave.md"] = page("Dave", "Dave runs the release.", "s9")
	a.files["pages/people/index.md"] += "- [Dave](dave.md)\n"
	a.publish(t, "base")
	a.forget(t, "session:s9")
	b.processedSession(t, "s9")
	bundle := a.bundle(t)

	// The import itself completes; the process dies before Settle.
	err := b.store.Exclusive(t.Context(), func(tx *gitstore.Tx) error {
		_, err := replica.Import(t.Context(), tx, replica.BundleFetcher(bytes.NewReader(bundle)), replica.ImportOptions{TrustErasures: true})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if rec, _ := replica.SettlePending(b.store); rec == "" {
		t.Fatal("no settle record after an import that brought markers")
	}
	if st := b.session(t, "s9"); st.Checkpoint == nil {
		t.Fatal("setup: s9 was settled without Settle")
	}

	got, err := b.importBundle(t, bundle)
	if err != nil {
		t.Fatal(err)
	}
	if got.Result.NewMarkers != 0 {
		t.Errorf("the second import brought %d new markers", got.Result.NewMarkers)
	}
	if st := b.session(t, "s9"); st.Checkpoint != nil || st.Processed != nil || st.Pending {
		t.Errorf("the forgotten s9 is still in the ledger after the next import: %+v", st)
	}
	if rec, _ := replica.SettlePending(b.store); rec != "" {
		t.Errorf("the settle record %q outlived Settle", rec)
	}
}

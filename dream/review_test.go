package dream_test

import (
	"errors"
	"testing"
	"time"

	"github.com/memfs/memfs/dream"
	"github.com/memfs/memfs/dream/builtin"
	"github.com/memfs/memfs/gitstore"
)

func review(o *dream.Options) { o.Review = true }

// Ensure that review mode proposes instead of publishing, that approve
// fast-forwards and acknowledges, and that a stale proposal is refused,
// deleted, and its evidence stays pending.
func TestReview_ApproveAndStale(t *testing.T) {
	e := newEnv(t)
	ctx := t.Context()
	now := time.Date(2026, 4, 2, 10, 0, 0, 0, time.UTC)
	e.checkpoint("deploy.jsonl")
	res, err := e.run(builtin.Dreamer{}, review)
	if err != nil || !res.Proposed || res.Published {
		t.Fatalf("review run: %+v, %v", res, err)
	}
	if _, err := e.store.Head(ctx, scope); !errors.Is(err, gitstore.ErrNoScope) {
		t.Fatalf("the branch moved in review mode: %v", err)
	}
	if len(e.pending()) != 1 {
		t.Fatal("evidence acknowledged before approval")
	}
	if again, err := e.run(builtin.Dreamer{}, review); err != nil || again.AwaitingReview != res.RunID {
		t.Fatalf("a run with a proposal open: %+v, %v", again, err)
	}
	rec, err := dream.Review(ctx, e.store, e.ledger, res.RunID, true, now)
	if err != nil || rec.State != dream.StateApproved {
		t.Fatalf("approve: %+v, %v", rec, err)
	}
	if h, err := e.store.Head(ctx, scope); err != nil || h != res.Commit {
		t.Fatalf("head %s after approve, want %s (%v)", h, res.Commit, err)
	}
	if p := e.pending(); len(p) != 0 {
		t.Fatalf("pending after approval: %v", p)
	}
	if _, err := dream.Review(ctx, e.store, e.ledger, res.RunID, true, now); !errors.Is(err, dream.ErrNotProposed) {
		t.Fatalf("second approve: %v", err)
	}

	// A stale proposal: the head moves (a direct run) before approval.
	e.checkpoint("tabs.jsonl")
	prop, err := e.run(builtin.Dreamer{}, review)
	if err != nil || !prop.Proposed {
		t.Fatalf("second proposal: %+v, %v", prop, err)
	}
	e.checkpoint("spaces.jsonl")
	direct, err := e.run(builtin.Dreamer{}, func(o *dream.Options) { o.Force = true })
	if err != nil || !direct.Published {
		t.Fatalf("direct run: %+v, %v", direct, err)
	}
	rec, err = dream.Review(ctx, e.store, e.ledger, prop.RunID, true, now)
	if !errors.Is(err, gitstore.ErrStaleProposal) || rec.State != dream.StateStale {
		t.Fatalf("stale approve: %+v, %v", rec, err)
	}
	if _, err := e.store.FindProposal(ctx, prop.RunID); !errors.Is(err, gitstore.ErrNoProposal) {
		t.Fatalf("stale proposal not deleted: %v", err)
	}
	if h, _ := e.store.Head(ctx, scope); h != direct.Commit {
		t.Fatal("a stale approval moved the head")
	}
	e.git("fsck", "--strict", "--no-dangling")
}

// Ensure that reject deletes the proposal and leaves the evidence pending.
func TestReview_Reject(t *testing.T) {
	e := newEnv(t)
	e.checkpoint("deploy.jsonl")
	res, err := e.run(builtin.Dreamer{}, review)
	if err != nil || !res.Proposed {
		t.Fatalf("review run: %+v, %v", res, err)
	}
	rec, err := dream.Review(t.Context(), e.store, e.ledger, res.RunID, false, time.Now())
	if err != nil || rec.State != dream.StateRejected {
		t.Fatalf("reject: %+v, %v", rec, err)
	}
	if props, _ := e.store.Proposals(t.Context()); len(props) != 0 {
		t.Fatalf("proposals left: %v", props)
	}
	if len(e.pending()) != 1 {
		t.Fatal("rejected evidence is not pending")
	}
}

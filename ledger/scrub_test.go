package ledger

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/memfs/memfs/transcript"
)

func TestScrubRemovesEverySessionRecord(t *testing.T) {
	l := newTestLedger(t, Options{})
	ctx := t.Context()
	for _, id := range []string{"keep-1", "gone-1"} {
		for _, scope := range []string{"a", "b"} {
			if _, err := l.RecordCheckpoint(ctx, Checkpoint{Scope: scope, Checkpoint: transcript.Checkpoint{SessionID: id, Path: "/t/" + id, Format: "pi", Cursor: "c-" + scope, Digest: "d-" + scope}}); err != nil {
				t.Fatal(err)
			}
		}
	}
	run := Run{ID: "r1", Scope: "b", State: "published", Sessions: []string{"keep-1", "gone-1"},
		Base: "old-base", Commit: "old-commit", Started: time.Now(),
		Checkpoints: []Checkpoint{{Checkpoint: transcript.Checkpoint{SessionID: "keep-1", Cursor: "k"}}, {Checkpoint: transcript.Checkpoint{SessionID: "gone-1", Cursor: "g"}}},
		Processed:   []transcript.Processed{{Cursor: "k"}, {Cursor: "g"}}}
	if err := l.PutRun(ctx, run); err != nil {
		t.Fatal(err)
	}
	n, err := l.Scrub(ctx, func(id string) bool { return strings.HasPrefix(id, "gone-") }, func(id string) string {
		if id == "old-commit" {
			return "new-commit"
		}
		return ""
	})
	if err != nil || n != 1 {
		t.Fatalf("Scrub = %d, %v; want 1 session removed", n, err)
	}
	if st, _ := l.Session(ctx, "gone-1"); st.Checkpoint != nil || st.Pending {
		t.Errorf("gone-1 still recorded: %+v", st)
	}
	if st, _ := l.Session(ctx, "keep-1"); st.Checkpoint == nil || !st.Pending {
		t.Errorf("keep-1 lost: %+v", st)
	}
	if n, _ := l.PendingTotal(ctx); n != 1 {
		t.Errorf("%d pending after scrub, want 1", n)
	}
	r, _, _ := l.Run(ctx, "r1")
	if strings.Join(r.Sessions, ",") != "keep-1" || len(r.Checkpoints) != 1 || r.Checkpoints[0].SessionID != "keep-1" ||
		len(r.Processed) != 1 || r.Processed[0].Cursor != "k" || r.Commit != "new-commit" || r.Base != "" {
		t.Errorf("run after scrub: %+v", r)
	}
}

func TestCompactDropsFreedBytesAndKeepsData(t *testing.T) {
	l := newTestLedger(t, Options{})
	ctx := t.Context()
	secretID := "forgotten-session-zz9"
	for i := range 60 {
		id := fmt.Sprintf("s%03d", i)
		if i == 30 {
			id = secretID
		}
		if _, err := l.RecordCheckpoint(ctx, Checkpoint{Scope: "a", Checkpoint: transcript.Checkpoint{SessionID: id, Path: "/t/" + strings.Repeat("p", 200), Format: "pi", Cursor: "c", Digest: "d"}}); err != nil {
			t.Fatal(err)
		}
	}
	if err := l.DeleteSession(ctx, secretID); err != nil {
		t.Fatal(err)
	}
	raw, _ := os.ReadFile(l.Path())
	if !bytes.Contains(raw, []byte(secretID)) {
		t.Skip("bbolt reused the freed page at once; nothing left to compact away")
	}
	fi, _ := os.Stat(l.Path())
	ino := fi.Sys()
	res, err := l.Compact(ctx)
	if err != nil {
		t.Fatal(err)
	}
	raw, _ = os.ReadFile(l.Path())
	if bytes.Contains(raw, []byte(secretID)) {
		t.Error("the deleted session's id survived compaction")
	}
	if res.BytesAfter > res.BytesBefore {
		t.Errorf("compaction grew the file: %+v", res)
	}
	after, _ := os.Stat(l.Path())
	if !os.SameFile(fi, after) {
		t.Errorf("compaction replaced the file (inode %v): a waiting process would write to an orphan", ino)
	}
	if n, err := l.PendingTotal(ctx); err != nil || n != 59 {
		t.Errorf("pending after compaction = %d, %v; want 59", n, err)
	}
	// The ledger still takes writes.
	if _, err := l.RecordCheckpoint(ctx, Checkpoint{Scope: "a", Checkpoint: transcript.Checkpoint{SessionID: "after", Path: "/t", Format: "pi", Cursor: "c", Digest: "d"}}); err != nil {
		t.Fatal(err)
	}
}

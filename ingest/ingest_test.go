package ingest

import (
	"path/filepath"
	"testing"

	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/ledger"
)

const session = "11111111-2222-4333-8444-555555555555"

func newOptions(t *testing.T) (Options, *[]string) {
	t.Helper()
	home := t.TempDir()
	l, err := ledger.New(filepath.Join(home, ledger.FileName), ledger.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var cwds []string
	return Options{
		Store:  gitstore.Options{Path: filepath.Join(home, "store.git"), CacheDir: filepath.Join(home, "cache")},
		Ledger: l,
		Scope:  func(cwd string) (string, error) { cwds = append(cwds, cwd); return "proj", nil },
	}, &cwds
}

// Ensure that a root session's transcript becomes a pending checkpoint
// under the scope of its working directory, that recording it again
// changes nothing, and that a subagent's is never recorded.
func TestCheckpoint(t *testing.T) {
	o, cwds := newOptions(t)
	req := Request{Transcript: "testdata/claude-session.jsonl", CWDHint: "/hint"}
	res, err := Checkpoint(t.Context(), o, req)
	if err != nil {
		t.Fatal(err)
	}
	if !res.Recorded || !res.Changed || !res.Pending || res.Session != session || res.Scope != "proj" || res.Cursor == "" {
		t.Fatalf("first checkpoint %+v", res)
	}
	if len(*cwds) != 1 || (*cwds)[0] != "/nonexistent-memfs-test/proj" {
		t.Errorf("scope resolved from %q, want the transcript's working directory", *cwds)
	}
	st, err := o.Ledger.Session(t.Context(), session)
	if err != nil || st.Checkpoint == nil || !st.Pending || st.Checkpoint.Scope != "proj" {
		t.Fatalf("ledger %+v %v", st, err)
	}
	again, err := Checkpoint(t.Context(), o, req)
	if err != nil || !again.Recorded || again.Changed {
		t.Errorf("the same cursor again: %+v %v", again, err)
	}

	sub, err := Checkpoint(t.Context(), o, Request{Transcript: "testdata/claude-subagent.jsonl"})
	if err != nil {
		t.Fatal(err)
	}
	if sub.Recorded {
		t.Errorf("a subagent transcript was recorded: %+v", sub)
	}
}

// Ensure that an unreadable transcript is an error and records nothing.
func TestCheckpointMissingTranscript(t *testing.T) {
	o, _ := newOptions(t)
	if _, err := Checkpoint(t.Context(), o, Request{Transcript: "testdata/none.jsonl"}); err == nil {
		t.Fatal("a missing transcript was checkpointed")
	}
	if n, err := o.Ledger.PendingTotal(t.Context()); err != nil || n != 0 {
		t.Errorf("pending %d, %v", n, err)
	}
}

// Ensure that a session Options.Ignore refuses, by its working directory
// or its transcript's path, is scanned but never recorded.
func TestCheckpointIgnored(t *testing.T) {
	for _, tc := range []struct {
		name   string
		ignore func(string) bool
	}{
		{"working directory", func(p string) bool { return p == "/nonexistent-memfs-test/proj" }},
		{"transcript", func(p string) bool { return filepath.Base(p) == "claude-session.jsonl" }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o, cwds := newOptions(t)
			o.Ignore = tc.ignore
			res, err := Checkpoint(t.Context(), o, Request{Transcript: "testdata/claude-session.jsonl"})
			if err != nil {
				t.Fatal(err)
			}
			if res.Recorded || !res.Ignored || len(*cwds) != 0 {
				t.Fatalf("ignored session: %+v, scope resolved for %q", res, *cwds)
			}
			if n, err := o.Ledger.PendingTotal(t.Context()); err != nil || n != 0 {
				t.Errorf("pending %d, %v", n, err)
			}
		})
	}
}

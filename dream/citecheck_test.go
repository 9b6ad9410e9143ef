package dream_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/memfs/memfs/dream"
	"github.com/memfs/memfs/ledger"
	"github.com/memfs/memfs/transcript"
)

func TestCitedEntries(t *testing.T) {
	tests := []struct {
		note string
		want []string
	}{
		{"", nil},
		{"entry:u-1", []string{"u-1"}},
		{"entry:u-1 entry:line:7 (corrected)", []string{"u-1", "line:7"}},
		{"entry:u-1, entry:u-2.", []string{"u-1", "u-2"}},
		{"(entry:u-3) `entry:u-4`", []string{"u-3", "u-4"}},
		{"see entry: nothing; entryway:x", nil},
	}
	for _, tt := range tests {
		if got := dream.CitedEntries(tt.note); !slices.Equal(got, tt.want) {
			t.Errorf("CitedEntries(%q) = %q, want %q", tt.note, got, tt.want)
		}
	}
}

// Ensure that a page may keep citing an entry an earlier run published,
// even when its session's new evidence (appended) no longer holds it, and
// that an entry neither published before nor in the evidence is refused.
func TestRun_EntryCitationsAcrossRuns(t *testing.T) {
	const (
		entry2 = "bbbbbbbb-0000-4000-8000-000000000002"
		entry5 = "bbbbbbbb-0000-4000-8000-000000000005"
	)
	page := func(name string, entries ...string) dream.Dreamer {
		return dream.DreamerFunc(func(_ context.Context, runDir string) (string, error) {
			dir := filepath.Join(runDir, dream.MemoryDir, "pages", "conventions")
			if err := os.MkdirAll(dir, 0o700); err != nil {
				return "", err
			}
			src := "- session:" + sessTabs
			for _, e := range entries {
				src += " entry:" + e
			}
			return "wrote", os.WriteFile(filepath.Join(dir, name+".md"), []byte("# Indentation\n\nThe user prefers tabs.\n\n## Sources\n\n"+src+"\n"), 0o600)
		})
	}
	tests := []struct {
		name    string
		first   string // the page the first run writes
		entries []string
		reason  string
	}{
		{"old and new entries", "indentation", []string{entryTabs, entry5}, ""},
		{"an old entry cited on another page", "tabs", []string{entryTabs, entry5}, ""},
		{"an old entry never cited", "indentation", []string{entry2, entry5}, "invalid_output:unknown_entry"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t)
			p := e.checkpoint("tabs.jsonl")
			if res, err := e.run(page(tt.first, entryTabs)); err != nil || !res.Published {
				t.Fatalf("first run: %+v %v", res, err)
			}
			appendLine(t, p, `{"parentUuid": "bbbbbbbb-0000-4000-8000-000000000004", "isSidechain": false, "userType": "external", "cwd": "/nonexistent-memfs-test/dream", "sessionId": "`+sessTabs+`", "version": "2.1.197", "gitBranch": "main", "type": "user", "message": {"role": "user", "content": "Still tabs, by the way."}, "uuid": "`+entry5+`", "timestamp": "2026-04-02T08:10:00.000Z"}`)
			cp, err := transcript.Scan(t.Context(), p, "", "", "")
			if err != nil {
				t.Fatal(err)
			}
			if _, err := e.ledger.RecordCheckpoint(t.Context(), ledger.Checkpoint{Scope: scope, Checkpoint: *cp}); err != nil {
				t.Fatal(err)
			}
			res, err := e.run(page("indentation", tt.entries...))
			if res == nil {
				t.Fatalf("second run: %v", err)
			}
			if res.Reason != tt.reason {
				t.Fatalf("second run reason %q, want %q (%v)", res.Reason, tt.reason, err)
			}
			got := e.pages()["pages/conventions/indentation.md"]
			if tt.reason == "" {
				if !strings.Contains(got, "entry:"+entry5) {
					t.Errorf("published page lacks the new entry:\n%s", got)
				}
				return
			}
			if strings.Contains(got, entry5) {
				t.Errorf("a refused run published:\n%s", got)
			}
			if !slices.Equal(e.pending(), []string{sessTabs}) {
				t.Errorf("pending %v, want the session still pending", e.pending())
			}
			for _, pr := range res.Problems {
				if pr.Code == "unknown_entry" && (!strings.Contains(pr.Message, entry2) || strings.Contains(pr.Message, "tabs")) {
					t.Errorf("problem names the wrong ids or quotes content: %s", pr)
				}
			}
		})
	}
}

func appendLine(t *testing.T, name, line string) {
	t.Helper()
	f, err := os.OpenFile(name, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString(line + "\n"); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

package dream_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/memfs/memfs/dream"
)

// poisonDreamer writes one page per staged session; a session whose
// evidence holds poison gets a page too large to publish, as a 200 KB
// "remember" message did with the builtin dreamer.
func poisonDreamer(poison string) dream.Dreamer {
	return dream.DreamerFunc(func(ctx context.Context, runDir string) (string, error) {
		b, err := os.ReadFile(filepath.Join(runDir, filepath.FromSlash(dream.ManifestPath)))
		if err != nil {
			return "", err
		}
		var m dream.Manifest
		if err := json.Unmarshal(b, &m); err != nil {
			return "", err
		}
		for _, s := range m.Sessions {
			ev, err := os.ReadFile(filepath.Join(runDir, filepath.FromSlash(s.Dir), dream.TranscriptName))
			if err != nil {
				return "", err
			}
			body := "Something durable.\n"
			if strings.Contains(string(ev), poison) {
				body = strings.Repeat("remember this. ", 300<<10/15) + "\n"
			}
			page := "# Note " + s.SessionID[:8] + "\n\n" + body + "\n## Sources\n\n- session:" + s.SessionID + " entry:" + firstEntry(ev) + "\n"
			dir := filepath.Join(runDir, dream.MemoryDir, "pages", "notes")
			if err := os.MkdirAll(dir, 0o700); err != nil {
				return "", err
			}
			if err := os.WriteFile(filepath.Join(dir, s.SessionID[:8]+".md"), []byte(page), 0o600); err != nil {
				return "", err
			}
		}
		return "notes", nil
	})
}

// firstEntry is the id of the first entry of a staged transcript, for a
// page to cite.
func firstEntry(transcript []byte) string {
	for line := range strings.Lines(string(transcript)) {
		var e struct {
			ID string `json:"id"`
		}
		if json.Unmarshal([]byte(line), &e) == nil && e.ID != "" {
			return e.ID
		}
	}
	return ""
}

// Ensure that one session whose evidence alone makes the output invalid
// does not keep the rest of its batch pending: the others publish, it is
// set aside (acknowledged, named in the run record, not quoted), and
// nothing is left pending.
func TestRun_OneSessionDoesNotWedgeTheBatch(t *testing.T) {
	e := newEnv(t)
	e.checkpoint("deploy.jsonl")
	e.checkpoint("tabs.jsonl")
	e.checkpoint("spaces.jsonl")
	res, err := e.run(poisonDreamer("reformat main.go"))
	if err != nil {
		t.Fatalf("run: %v (reason %s)", err, res.Reason)
	}
	if !res.Published || !slices.Equal(res.SetAside, []string{sessTabs}) {
		t.Fatalf("published %v, set aside %v; want published with the tabs session set aside", res.Published, res.SetAside)
	}
	if got := e.pending(); len(got) != 0 {
		t.Errorf("pending %v, want none", got)
	}
	pages := e.pages()
	for _, id := range []string{sessDeploy, sessSpaces} {
		if _, ok := pages["pages/notes/"+id[:8]+".md"]; !ok {
			t.Errorf("the page of session %s was not published; pages %v", id, keys(pages))
		}
	}
	if _, ok := pages["pages/notes/"+sessTabs[:8]+".md"]; ok {
		t.Error("the poisoned page was published")
	}
	rec, ok, err := e.ledger.Run(t.Context(), res.RunID)
	if err != nil || !ok {
		t.Fatalf("run record: %v %v", ok, err)
	}
	if rec.State != dream.StatePublished || !slices.Equal(rec.SetAside, []string{sessTabs}) || len(rec.Sessions) != 3 {
		t.Errorf("run record %+v", rec)
	}
	lines := strings.Join(dream.ScopeReport{Scope: scope, RunID: res.RunID, Published: true, SetAside: res.SetAside}.Lines(), "\n")
	if !strings.Contains(lines, sessTabs+": set aside") || strings.Contains(lines, "remember") {
		t.Errorf("report %q", lines)
	}
}

// Ensure that when every session fails alone the fault is not one
// session's: the run fails with the batch's reason and everything stays
// pending, nothing set aside.
func TestRun_AllSessionsInvalidStayPending(t *testing.T) {
	e := newEnv(t)
	e.checkpoint("deploy.jsonl")
	e.checkpoint("tabs.jsonl")
	res, err := e.run(poisonDreamer(`"role"`))
	if err == nil || !strings.HasPrefix(res.Reason, dream.ReasonInvalidOutput) {
		t.Fatalf("run: %v (reason %q), want invalid output", err, res.Reason)
	}
	if len(res.SetAside) != 0 {
		t.Errorf("set aside %v", res.SetAside)
	}
	if got := e.pending(); !slices.Equal(got, []string{sessDeploy, sessTabs}) {
		t.Errorf("pending %v, want both", got)
	}
	if _, err := e.store.Head(t.Context(), scope); err == nil {
		t.Error("something was published")
	}
}

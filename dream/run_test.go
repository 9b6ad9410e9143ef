package dream_test

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/memfs/memfs/dream"
	"github.com/memfs/memfs/dream/builtin"
	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/ledger"
	"github.com/memfs/memfs/transcript"
)

const (
	scope      = "proj"
	sessDeploy = "aaaaaaaa-1111-4111-8111-111111111111"
	sessTabs   = "bbbbbbbb-2222-4222-8222-222222222222"
	sessSpaces = "cccccccc-3333-4333-8333-333333333333"
	// entryTabs and entryDeploy are the first user entries of tabs.jsonl
	// and deploy.jsonl, which a page cites.
	entryTabs   = "bbbbbbbb-0000-4000-8000-000000000001"
	entryDeploy = "aaaaaaaa-0000-4000-8000-000000000001"
)

type env struct {
	t      *testing.T
	home   string
	store  *gitstore.Store
	ledger *ledger.Ledger
}

func newEnv(t *testing.T) *env {
	t.Helper()
	home, st, l := openHome(t)
	return &env{t: t, home: home, store: st, ledger: l}
}

// openHome makes a fresh home with its store and ledger; the store keeps
// its caches in the home, as the CLI's does.
func openHome(tb testing.TB) (string, *gitstore.Store, *ledger.Ledger) {
	tb.Helper()
	home := tb.TempDir()
	st, _, err := gitstore.Init(tb.Context(), gitstore.Options{Path: filepath.Join(home, "store.git"), CacheDir: filepath.Join(home, "cache")})
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { st.Close() })
	l, err := ledger.New(filepath.Join(home, ledger.FileName), ledger.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	return home, st, l
}

// checkpoint copies a testdata transcript and records its current leaf.
func (e *env) checkpoint(name string) string {
	e.t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		e.t.Fatal(err)
	}
	p := filepath.Join(e.t.TempDir(), name)
	if err := os.WriteFile(p, b, 0o600); err != nil {
		e.t.Fatal(err)
	}
	cp, err := transcript.Scan(e.t.Context(), p, "", "", "")
	if err != nil {
		e.t.Fatal(err)
	}
	if _, err := e.ledger.RecordCheckpoint(e.t.Context(), ledger.Checkpoint{Scope: scope, Checkpoint: *cp}); err != nil {
		e.t.Fatal(err)
	}
	return p
}

func (e *env) run(d dream.Dreamer, mod ...func(*dream.Options)) (*dream.Result, error) {
	e.t.Helper()
	opts := dream.Options{Home: e.home, Store: e.store, Ledger: e.ledger, Scope: scope, Dreamer: d,
		Now: func() time.Time { return time.Date(2026, 4, 2, 9, 0, 0, 0, time.UTC) }}
	for _, m := range mod {
		m(&opts)
	}
	return dream.Run(e.t.Context(), opts)
}

func (e *env) pending() []string {
	e.t.Helper()
	ps, err := e.ledger.Pending(e.t.Context(), scope)
	if err != nil {
		e.t.Fatal(err)
	}
	var ids []string
	for _, p := range ps {
		ids = append(ids, p.SessionID)
	}
	slices.Sort(ids)
	return ids
}

func (e *env) git(args ...string) string {
	e.t.Helper()
	out, err := exec.Command("git", append([]string{"--git-dir", filepath.Join(e.home, "store.git")}, args...)...).CombinedOutput()
	if err != nil {
		e.t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// pages returns path → content of the scope head.
func (e *env) pages() map[string]string {
	e.t.Helper()
	head, err := e.store.Head(e.t.Context(), scope)
	if err != nil {
		e.t.Fatal(err)
	}
	snap, err := e.store.Snapshot(e.t.Context(), head)
	if err != nil {
		e.t.Fatal(err)
	}
	out := map[string]string{}
	if err := snap.Walk(func(n *gitstore.Node) error {
		b, err := n.Content()
		out[n.Path] = string(b)
		return err
	}); err != nil {
		e.t.Fatal(err)
	}
	return out
}

// find returns the page whose content contains s.
func find(pages map[string]string, s string) (string, bool) {
	for p, c := range pages {
		if strings.HasPrefix(p, "pages/") && !strings.HasSuffix(p, "/index.md") && strings.Contains(c, s) {
			return p, true
		}
	}
	return "", false
}

// Ensure that a builtin dream turns checkpoints into a commit whose pages
// cite their sessions, with run and sources trailers, a clean fsck, and the
// evidence acknowledged; and that a later batch supersedes a changed
// preference and carries out a forget request.
func TestRun_Builtin(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git binary not found")
	}
	e := newEnv(t)
	e.checkpoint("deploy.jsonl")
	e.checkpoint("tabs.jsonl")

	res, err := e.run(builtin.Dreamer{})
	if err != nil {
		t.Fatalf("run: %v (reason %s)", err, res.Reason)
	}
	if !res.Published || res.Commit.IsZero() {
		t.Fatalf("nothing published: %+v", res)
	}
	if got := e.pending(); len(got) != 0 {
		t.Errorf("pending after dream: %v", got)
	}
	if len(res.Acknowledged) != 2 {
		t.Errorf("acknowledged %v, want both sessions", res.Acknowledged)
	}
	if _, err := os.Stat(res.Dir); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("run dir left behind: %v", err)
	}
	pages := e.pages()
	deploy, ok := find(pages, "we deploy on Fridays only")
	if !ok || !strings.Contains(pages[deploy], "- session:"+sessDeploy) {
		t.Fatalf("no deploy page citing its session; pages: %v", keys(pages))
	}
	tabs, ok := find(pages, "I prefer tabs over spaces")
	if !ok || !strings.Contains(pages[tabs], "- session:"+sessTabs) {
		t.Fatalf("no tabs page citing its session; pages: %v", keys(pages))
	}
	if _, ok := find(pages, "cmd/memfs"); !ok {
		t.Errorf("decision not kept; pages: %v", keys(pages))
	}
	for _, bad := range []string{"Mondays", "build uses make", "reformat", "fix the failing"} {
		if p, ok := find(pages, bad); ok {
			t.Errorf("%q kept in %s", bad, p)
		}
	}
	for _, idx := range []string{"index.md", "summary.md", "pages/conventions/index.md", "pages/preferences/index.md"} {
		if _, ok := pages[idx]; !ok {
			t.Errorf("%s missing", idx)
		}
	}
	if !strings.Contains(pages["pages/preferences/index.md"], filepath.Base(tabs)) {
		t.Errorf("area index does not list %s", tabs)
	}
	msg := e.git("log", "-1", "--format=%B", "refs/heads/"+scope)
	if !strings.Contains(msg, "Memfs-Run: "+res.RunID) {
		t.Errorf("no Memfs-Run trailer:\n%s", msg)
	}
	if !strings.Contains(msg, "Memfs-Sources: ") || !strings.Contains(msg, sessDeploy) || !strings.Contains(msg, sessTabs) {
		t.Errorf("no Memfs-Sources trailer naming both sessions:\n%s", msg)
	}
	e.git("fsck", "--strict")
	run, ok, err := e.ledger.Run(t.Context(), res.RunID)
	if err != nil || !ok || run.State != dream.StatePublished || run.Commit != res.Commit.String() {
		t.Errorf("ledger run = %+v, %v, %v", run, ok, err)
	}

	e.checkpoint("spaces.jsonl")
	res2, err := e.run(builtin.Dreamer{})
	if err != nil {
		t.Fatalf("second run: %v", err)
	}
	pages = e.pages()
	// The superseded preference stays only as its page's history: never
	// in the index or summary a new session reads.
	for _, f := range []string{"index.md", "summary.md"} {
		if strings.Contains(pages[f], "tabs over spaces") {
			t.Errorf("superseded preference listed in %s:\n%s", f, pages[f])
		}
	}
	if p, ok := find(pages, "I prefer tabs over spaces"); ok && !strings.Contains(pages[p], "Replaced in: session:"+sessSpaces) {
		t.Errorf("superseded preference kept in %s without its replacement:\n%s", p, pages[p])
	}
	if p, ok := find(pages, "I prefer spaces over tabs"); !ok || !strings.Contains(pages[p], "- session:"+sessSpaces) {
		t.Errorf("new preference missing or uncited; pages: %v", keys(pages))
	}
	if p, ok := find(pages, "deploy on Fridays"); ok {
		t.Errorf("forgotten statement kept in %s", p)
	}
	if res2.Base != res.Commit {
		t.Errorf("second run based on %s, want %s", res2.Base, res.Commit)
	}
	e.git("fsck", "--strict")
}

func keys(m map[string]string) []string {
	var k []string
	for p := range m {
		k = append(k, p)
	}
	slices.Sort(k)
	return k
}

// edit returns a dreamer that runs builtin, then f on the staged memory.
func edit(f func(t *testing.T, mem string)) func(t *testing.T) dream.Dreamer {
	return func(t *testing.T) dream.Dreamer {
		return dream.DreamerFunc(func(ctx context.Context, runDir string) (string, error) {
			if _, err := (builtin.Dreamer{}).Dream(ctx, runDir); err != nil {
				return "", err
			}
			// A run whose output is invalid is dreamed again one session
			// at a time, whose memory need not have this area.
			if err := os.MkdirAll(filepath.Join(runDir, dream.MemoryDir, "pages", "preferences"), 0o700); err != nil {
				return "", err
			}
			f(t, filepath.Join(runDir, dream.MemoryDir))
			return "dishonest", nil
		})
	}
}

func writeFile(t *testing.T, name, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
}

// Ensure that a dreamer that fails, overruns its timeout, or leaves unsafe or
// uncitable output publishes nothing, keeps the evidence pending, and
// leaves the reason in the ledger.
func TestRun_Rejected(t *testing.T) {
	tests := []struct {
		name    string
		dreamer func(t *testing.T) dream.Dreamer
		reason  string
		timeout time.Duration
	}{
		{"symlink", edit(func(t *testing.T, mem string) {
			if err := os.Symlink("/etc/passwd", filepath.Join(mem, "pages", "preferences", "leak.md")); err != nil {
				t.Fatal(err)
			}
		}), "invalid_output:invalid_file_type", 0},
		{"memory replaced by a symlink", edit(func(t *testing.T, mem string) {
			real := filepath.Join(t.TempDir(), "real")
			if err := os.Rename(mem, real); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(real, mem); err != nil {
				t.Fatal(err)
			}
		}), "invalid_output:invalid_file_type", 0},
		{"memory moved aside within the run", edit(func(t *testing.T, mem string) {
			if err := os.Rename(mem, mem+".real"); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(mem+".real", mem); err != nil {
				t.Fatal(err)
			}
		}), "invalid_output:wrote_outside_memory", 0},
		{"fifo", edit(func(t *testing.T, mem string) {
			if err := syscall.Mkfifo(filepath.Join(mem, "pages", "preferences", "pipe.md"), 0o600); err != nil {
				t.Skipf("mkfifo: %v", err)
			}
		}), "invalid_output:invalid_file_type", 0},
		{"hard link", edit(func(t *testing.T, mem string) {
			src := filepath.Join(mem, "summary.md")
			if err := os.Link(src, filepath.Join(mem, "pages", "preferences", "copy.md")); err != nil {
				t.Skipf("hard links unsupported: %v", err)
			}
		}), "invalid_output:invalid_file_type", 0},
		{"foreign session", edit(func(t *testing.T, mem string) {
			writeFile(t, filepath.Join(mem, "pages", "facts", "stolen.md"), "# Stolen\n\n## Sources\n\n- session:not-in-this-batch entry:x1\n")
		}), "invalid_output:unknown_source", 0},
		{"entry not in the evidence", edit(func(t *testing.T, mem string) {
			writeFile(t, filepath.Join(mem, "pages", "facts", "made-up.md"), "# Made up\n\n## Sources\n\n- session:"+sessTabs+" entry:"+entryTabs+" entry:no-such-entry\n")
		}), "invalid_output:unknown_entry", 0},
		{"entry of another session", edit(func(t *testing.T, mem string) {
			writeFile(t, filepath.Join(mem, "pages", "facts", "crossed.md"), "# Crossed\n\n## Sources\n\n- session:"+sessTabs+" entry:"+entryDeploy+"\n")
		}), "invalid_output:unknown_entry", 0},
		{"no entry cited", edit(func(t *testing.T, mem string) {
			writeFile(t, filepath.Join(mem, "pages", "facts", "vague.md"), "# Vague\n\n## Sources\n\n- session:"+sessTabs+"\n")
		}), "invalid_output:missing_entry", 0},
		{"dreamer error", func(*testing.T) dream.Dreamer {
			return dream.DreamerFunc(func(context.Context, string) (string, error) { return "", errors.New("model unavailable") })
		}, dream.ReasonDreamer, 0},
		{"timeout", func(*testing.T) dream.Dreamer {
			return dream.DreamerFunc(func(ctx context.Context, runDir string) (string, error) {
				// Wait past the deadline, then claim success.
				<-ctx.Done()
				return "done", nil
			})
		}, dream.ReasonTimeout, 20 * time.Millisecond},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t)
			e.checkpoint("deploy.jsonl")
			e.checkpoint("tabs.jsonl")
			before := e.pending()
			res, err := e.run(tt.dreamer(t), func(o *dream.Options) { o.Timeout = tt.timeout })
			if !errors.Is(err, dream.ErrRunFailed) {
				t.Fatalf("run error = %v, want a failed run", err)
			}
			// A hard link also makes the file it shares invalid; extra
			// codes may follow the expected one.
			if !strings.HasPrefix(res.Reason, tt.reason) {
				t.Errorf("reason %q, want %q", res.Reason, tt.reason)
			}
			if _, err := e.store.Head(t.Context(), scope); !errors.Is(err, gitstore.ErrNoScope) {
				t.Errorf("head after a failed run: %v", err)
			}
			if got := e.pending(); !slices.Equal(got, before) {
				t.Errorf("pending %v, want %v", got, before)
			}
			run, ok, err := e.ledger.Run(t.Context(), res.RunID)
			if err != nil || !ok || run.State != dream.StateFailed || run.Error != res.Reason {
				t.Errorf("ledger run = %+v, %v, %v", run, ok, err)
			}
		})
	}
}

// Ensure that a run whose scope branch moved while its dreamer ran
// publishes nothing (it cannot tell who moved it: refs_moved, the evidence
// stays pending, a head that passes the erasure guard is left alone), and
// that the next run dreams the batch on the new head, keeping what the
// other publisher wrote.
func TestRun_LostRace(t *testing.T) {
	e := newEnv(t)
	e.checkpoint("tabs.jsonl")
	var racer gitstore.ID
	d := dream.DreamerFunc(func(ctx context.Context, runDir string) (string, error) {
		if racer.IsZero() {
			dir := t.TempDir()
			writeFile(t, filepath.Join(dir, "summary.md"), "Hand-written summary.\n")
			writeFile(t, filepath.Join(dir, "index.md"), "# Memory index\n")
			writeFile(t, filepath.Join(dir, "pages", "notes", "manual.md"), "# Manual note\n\nWritten by a person.\n\n## Sources\n\n- session:manual-1\n")
			res, err := e.store.Publish(ctx, dir, gitstore.PublishOptions{Scope: scope, Message: "manual", Sources: []string{"manual-1"}})
			if err != nil {
				t.Fatal(err)
			}
			racer = res.Commit
		}
		return builtin.Dreamer{}.Dream(ctx, runDir)
	})
	res, err := e.run(d)
	if !errors.Is(err, dream.ErrRefsMoved) || res.Reason != dream.ReasonRefsMoved {
		t.Fatalf("first run: %v (reason %q), want refs_moved", err, res.Reason)
	}
	if head, err := e.store.Head(t.Context(), scope); err != nil || head != racer {
		t.Fatalf("head %s, want the racer's %s left alone (%v)", head, racer, err)
	}
	if len(e.pending()) != 1 {
		t.Fatalf("evidence not pending after refs_moved")
	}
	res, err = e.run(d, func(o *dream.Options) { o.Force = true })
	if err != nil {
		t.Fatalf("run: %v (reason %s)", err, res.Reason)
	}
	if res.Attempts != 1 || res.Base != racer || !res.Published {
		t.Fatalf("attempts %d, base %s (racer %s), published %v", res.Attempts, res.Base, racer, res.Published)
	}
	info, err := e.store.CommitInfo(t.Context(), res.Commit)
	if err != nil || len(info.Parents) != 1 || info.Parents[0] != racer {
		t.Fatalf("commit parents %v, want the racer %s (%v)", info.Parents, racer, err)
	}
	pages := e.pages()
	if _, ok := pages["pages/notes/manual.md"]; !ok {
		t.Errorf("the racer's page was lost: %v", keys(pages))
	}
	if pages["summary.md"] != "Hand-written summary.\n" {
		t.Errorf("hand-written summary overwritten: %q", pages["summary.md"])
	}
	if _, ok := find(pages, "I prefer tabs over spaces"); !ok {
		t.Errorf("batch not dreamed on the new head: %v", keys(pages))
	}
	if len(e.pending()) != 0 {
		t.Errorf("evidence still pending")
	}
}

// Ensure that a kept run directory holds the staged layout: manifest,
// read-only evidence, instructions and the hydrated memory; and that a source
// whose transcript is gone becomes a failed checkpoint, no longer pending,
// while the rest of the batch runs.
func TestRun_StagingAndBadSource(t *testing.T) {
	e := newEnv(t)
	e.checkpoint("deploy.jsonl")
	gone := e.checkpoint("tabs.jsonl")
	if err := os.Remove(gone); err != nil {
		t.Fatal(err)
	}
	var seen []string
	d := dream.DreamerFunc(func(ctx context.Context, runDir string) (string, error) {
		m, err := dream.ReadManifest(runDir)
		if err != nil {
			return "", err
		}
		if m.Scope != scope || m.RunID == "" || len(m.Sessions) != 1 || m.Sessions[0].SessionID != sessDeploy || m.Sessions[0].Relation != "initial" {
			t.Errorf("manifest = %+v", m)
		}
		for _, s := range m.Sessions {
			fi, err := os.Stat(filepath.Join(runDir, s.Dir, dream.TranscriptName))
			if err != nil || fi.Mode().Perm() != 0o400 {
				t.Errorf("transcript %s: %v %v", s.Dir, fi, err)
			}
		}
		for _, p := range []string{dream.InstructionsPath, ".memory/summary.md", ".memory/index.md"} {
			if _, err := os.Stat(filepath.Join(runDir, p)); err != nil {
				t.Errorf("%s: %v", p, err)
			}
		}
		fi, err := os.Stat(runDir)
		if err != nil || fi.Mode().Perm() != 0o700 {
			t.Errorf("run dir mode: %v %v", fi, err)
		}
		seen = append(seen, m.Sessions[0].SessionID)
		return builtin.Dreamer{}.Dream(ctx, runDir)
	})
	res, err := e.run(d, func(o *dream.Options) { o.KeepRuns = true })
	if err != nil {
		t.Fatalf("run: %v", err)
	}
	if len(seen) != 1 {
		t.Fatalf("dreamer called %d times", len(seen))
	}
	if len(res.Skipped) != 1 || res.Skipped[0].SessionID != sessTabs || res.Skipped[0].Code != string(transcript.CodeSourceUnavailable) ||
		!res.Skipped[0].Failed {
		t.Errorf("skipped = %+v", res.Skipped)
	}
	if got := e.pending(); len(got) != 0 {
		t.Errorf("pending %v, want none: the gone source is a failed checkpoint", got)
	}
	if failed, err := e.ledger.Failed(t.Context()); err != nil || len(failed) != 1 || failed[0].SessionID != sessTabs ||
		failed[0].Failed.Code != string(transcript.CodeSourceUnavailable) {
		t.Errorf("failed checkpoints %+v (%v), want the gone source", failed, err)
	}
	if _, err := os.Stat(filepath.Join(res.Dir, dream.ManifestPath)); err != nil {
		t.Errorf("kept run dir: %v", err)
	}
	b, err := os.ReadFile(filepath.Join(res.Dir, dream.ManifestPath))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(b), "Fridays") {
		t.Errorf("manifest quotes content")
	}
}

// Ensure that a scope without pending evidence starts no run.
func TestRun_NothingPending(t *testing.T) {
	e := newEnv(t)
	res, err := e.run(builtin.Dreamer{})
	if err != nil || res.RunID != "" {
		t.Fatalf("res %+v, err %v", res, err)
	}
}

// Ensure that a session checkpointed again while the run dreamed is
// published but stays pending: only cursors unchanged since the run began
// are acknowledged.
func TestRun_CursorMovedDuringRun(t *testing.T) {
	e := newEnv(t)
	e.checkpoint("deploy.jsonl")
	p := e.checkpoint("tabs.jsonl")
	// Re-record the tabs session at an earlier cursor, as if its first turn
	// had settled only.
	early, err := transcript.Scan(t.Context(), p, "", "", "bbbbbbbb-0000-4000-8000-000000000002")
	if err != nil {
		t.Fatal(err)
	}
	record := func(cp *transcript.Checkpoint) {
		if _, err := e.ledger.RecordCheckpoint(t.Context(), ledger.Checkpoint{Scope: scope, Checkpoint: *cp}); err != nil {
			t.Fatal(err)
		}
	}
	record(early)
	d := dream.DreamerFunc(func(ctx context.Context, runDir string) (string, error) {
		leaf, err := transcript.Scan(ctx, p, "", "", "")
		if err != nil {
			return "", err
		}
		record(leaf)
		return builtin.Dreamer{}.Dream(ctx, runDir)
	})
	res, err := e.run(d)
	if err != nil || !res.Published {
		t.Fatalf("run: %v, %+v", err, res)
	}
	if !slices.Equal(res.Acknowledged, []string{sessDeploy}) {
		t.Errorf("acknowledged %v, want only %s", res.Acknowledged, sessDeploy)
	}
	if got := e.pending(); !slices.Equal(got, []string{sessTabs}) {
		t.Errorf("pending %v, want the re-checkpointed session", got)
	}
	// The next run dreams only the new part of it.
	res, err = e.run(builtin.Dreamer{})
	if err != nil || len(res.Sessions) != 1 || len(e.pending()) != 0 {
		t.Fatalf("follow-up run: %v, %+v", err, res)
	}
	if _, ok := find(e.pages(), "cmd/memfs"); !ok {
		t.Errorf("the appended decision was not dreamed")
	}
}

// Ensure that a cancelled run publishes nothing and records why.
func TestRun_Cancelled(t *testing.T) {
	e := newEnv(t)
	e.checkpoint("deploy.jsonl")
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	d := dream.DreamerFunc(func(ctx context.Context, runDir string) (string, error) {
		cancel()
		return builtin.Dreamer{}.Dream(ctx, runDir)
	})
	res, err := dream.Run(ctx, dream.Options{Home: e.home, Store: e.store, Ledger: e.ledger, Scope: scope, Dreamer: d})
	if !errors.Is(err, dream.ErrRunFailed) || res.Reason != dream.ReasonCancelled {
		t.Fatalf("err %v, reason %q", err, res.Reason)
	}
	if _, err := e.store.Head(t.Context(), scope); !errors.Is(err, gitstore.ErrNoScope) {
		t.Errorf("published after cancel: %v", err)
	}
	if len(e.pending()) != 1 {
		t.Errorf("evidence not pending after cancel")
	}
	run, _, _ := e.ledger.Run(t.Context(), res.RunID)
	if run.Error != dream.ReasonCancelled {
		t.Errorf("ledger run error %q", run.Error)
	}
}

// Ensure that one run takes at most MaxBatch sessions and leaves the rest
// pending.
func TestRun_BatchLimit(t *testing.T) {
	e := newEnv(t)
	p := e.checkpoint("tabs.jsonl")
	for i := range dream.MaxBatch {
		cp, err := transcript.Scan(t.Context(), p, "", "copy-"+string(rune('a'+i)), "")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := e.ledger.RecordCheckpoint(t.Context(), ledger.Checkpoint{Scope: scope, Checkpoint: *cp}); err != nil {
			t.Fatal(err)
		}
	}
	res, err := e.run(builtin.Dreamer{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Sessions) != dream.MaxBatch || len(e.pending()) != 1 {
		t.Errorf("batch of %d, %d left pending; want %d and 1", len(res.Sessions), len(e.pending()), dream.MaxBatch)
	}
}

// Ensure that a batch with nothing durable on an existing head publishes
// nothing and still acknowledges the evidence.
func TestRun_NothingToPublish(t *testing.T) {
	e := newEnv(t)
	e.checkpoint("tabs.jsonl")
	first, err := e.run(builtin.Dreamer{})
	if err != nil {
		t.Fatal(err)
	}
	d := dream.DreamerFunc(func(ctx context.Context, runDir string) (string, error) { return "no changes", nil })
	// A dreamer that leaves the memory as it is.
	e.checkpoint("deploy.jsonl")
	res, err := e.run(d)
	if err != nil {
		t.Fatal(err)
	}
	if res.Published || !res.Unchanged || res.Commit != first.Commit {
		t.Errorf("res = %+v, want unchanged at %s", res, first.Commit)
	}
	if len(e.pending()) != 0 {
		t.Errorf("evidence still pending")
	}
	run, _, _ := e.ledger.Run(t.Context(), res.RunID)
	if run.State != dream.StateUnchanged {
		t.Errorf("ledger state %q", run.State)
	}
}

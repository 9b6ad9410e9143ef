package builtin

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/memfs/memfs/dream"
	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/internal/synthmem"
	"github.com/memfs/memfs/validate"
)

// batchRun is a run directory whose memory persists from batch to batch,
// as a scope's memory does from run to run.
type batchRun struct {
	dir string
	n   int
}

func newBatchRun(t testing.TB) *batchRun {
	t.Helper()
	dir := t.TempDir()
	mem := filepath.Join(dir, dream.MemoryDir)
	if err := os.MkdirAll(mem, 0o700); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"summary.md", "index.md"} {
		if err := os.WriteFile(filepath.Join(mem, f), nil, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	return &batchRun{dir: dir}
}

// stage replaces the run's input with sessions.
func (r *batchRun) stage(t testing.TB, sessions []synthmem.Session) {
	t.Helper()
	r.n++
	in := filepath.Join(r.dir, dream.SessionsDir)
	if err := os.RemoveAll(in); err != nil {
		t.Fatal(err)
	}
	m := dream.Manifest{Version: dream.ManifestVersion, RunID: fmt.Sprintf("r%d", r.n), Scope: "s"}
	for i, s := range sessions {
		sd := filepath.Join(dream.SessionsDir, fmt.Sprint(i))
		if err := os.MkdirAll(filepath.Join(r.dir, sd), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(r.dir, sd, dream.TranscriptName), s.Transcript(), 0o600); err != nil {
			t.Fatal(err)
		}
		m.Sessions = append(m.Sessions, dream.ManifestSession{Dir: filepath.ToSlash(sd), SessionID: s.ID})
	}
	mb, _ := json.Marshal(m)
	if err := os.WriteFile(filepath.Join(r.dir, dream.ManifestPath), mb, 0o600); err != nil {
		t.Fatal(err)
	}
}

func (r *batchRun) dream(t testing.TB, ctx context.Context) {
	t.Helper()
	if _, err := (Dreamer{}).Dream(ctx, r.dir); err != nil {
		t.Fatal(err)
	}
}

// Ensure that a long use of memory — many sessions stating many distinct
// facts, some of them changed later — keeps every current fact on a page
// within the default limits, nothing stale current, and a store that
// validates (issue 22: "a year of use", at a test suite's size).
func TestCapacity(t *testing.T) {
	if testing.Short() {
		t.Skip("capacity: long")
	}
	const sessions, facts, batch = 300, 1000, 10
	all := synthmem.Generate(sessions, facts, 1)
	r := newBatchRun(t)
	for i := 0; i < len(all); i += batch {
		r.stage(t, all[i:min(i+batch, len(all))])
		r.dream(t, t.Context())
	}
	mem := filepath.Join(r.dir, dream.MemoryDir)
	d, err := validate.OpenDir(mem)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	rep, err := validate.Validate(t.Context(), d, validate.Options{Mode: validate.ModePublish, Limits: validate.DefaultLimits()})
	if err != nil {
		t.Fatal(err)
	}
	if !rep.OK() {
		t.Fatalf("memory does not validate: %v", rep.Errors())
	}
	m, _ := openMemory(t, mem)
	bySubject := map[string][]*claim{}
	for _, c := range m.claims {
		if c.current() {
			bySubject[c.subject] = append(bySubject[c.subject], c)
		}
	}
	want := synthmem.Current(all)
	missing, stale := 0, 0
	for subj, v := range want {
		cs := bySubject[subj]
		if len(cs) != 1 {
			missing++
			if missing < 5 {
				t.Errorf("subject %q: %d current claims, want 1", subj, len(cs))
			}
			continue
		}
		if !strings.Contains(cs[0].cur.text, " "+v+".") {
			stale++
			if stale < 5 {
				t.Errorf("subject %q: current %q, want value %q", subj, cs[0].cur.text, v)
			}
		}
	}
	var total int64
	for _, f := range rep.Files {
		total += f.Info.Size()
	}
	t.Logf("%d sessions, %d subjects: %d pages, %d files, %d bytes; %d missing, %d stale",
		sessions, len(want), len(m.pages), len(rep.Files), total, missing, stale)
}

// BenchmarkDreamSession measures one run of one session (three new
// facts) on memory that already holds n facts, each iteration on the same
// memory and with a new dreamer, as each memfs dream process makes: the
// cost of a dream per session must stay flat as memory grows (issue 22:
// at most 2x from 100 to 5,000 facts).
//
// kept runs as the dream runner runs the builtin after a published run:
// its memo starts from the memo file the last run wrote (timed with the
// run, the append of what changed included), and the pages it knows by
// their stat signature (the kept folder's stat cache) are not read.
// cold runs with neither, as the first run after a forget does.
func BenchmarkDreamSession(b *testing.B) {
	for _, mode := range []string{"kept", "cold"} {
		for _, n := range []int{100, 5000} {
			b.Run(fmt.Sprintf("%s/facts=%d", mode, n), func(b *testing.B) { benchDreamSession(b, n, mode == "kept") })
		}
	}
}

func benchDreamSession(b *testing.B, n int, kept bool) {
	sessions := max(n*3/10, 1)
	const extra = 64
	all := synthmem.Generate(sessions+extra, n+n*extra/sessions, 2)
	r := newBatchRun(b)
	for i := 0; i < sessions; i += 50 {
		r.stage(b, all[i:min(i+50, sessions)])
		r.dream(b, b.Context())
	}
	mem := filepath.Join(r.dir, dream.MemoryDir)
	tmp := b.TempDir()
	base, memo, baseMemo := filepath.Join(tmp, "base"), filepath.Join(tmp, "memo"), filepath.Join(tmp, "base.memo")
	if err := os.CopyFS(base, os.DirFS(mem)); err != nil {
		b.Fatal(err)
	}
	// reset makes the run's memory base again, and the memo file the
	// one the run that published base wrote.
	reset := func(b *testing.B) {
		if err := os.RemoveAll(mem); err != nil {
			b.Fatal(err)
		}
		if err := os.CopyFS(mem, os.DirFS(base)); err != nil {
			b.Fatal(err)
		}
		if !kept {
			return
		}
		m, err := os.ReadFile(baseMemo)
		if err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(memo, m, 0o600); err != nil {
			b.Fatal(err)
		}
	}
	if kept {
		d := Dreamer{Memo: NewPageMemo()}
		r.stage(b, all[sessions:sessions+1])
		if _, err := d.Dream(b.Context(), r.dir); err != nil {
			b.Fatal(err)
		}
		if err := d.SaveMemo(baseMemo); err != nil {
			b.Fatal(err)
		}
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		reset(b)
		r.stage(b, all[sessions+i%extra:sessions+i%extra+1])
		d := Dreamer{}
		if kept {
			d = Dreamer{Memo: NewPageMemo(), MemoFile: memo, Known: statCache(b, mem)}
		}
		b.StartTimer()
		if _, err := d.Dream(b.Context(), r.dir); err != nil {
			b.Fatal(err)
		}
		if err := d.SaveMemo(memo); err != nil {
			b.Fatal(err)
		}
	}
}

// statCache answers for the files of dir as they are now, by their stat
// signature, as the kept folder's stat cache does for the files a run
// left as it published them.
func statCache(t testing.TB, dir string) func(string, fs.FileInfo) (gitstore.ID, bool) {
	t.Helper()
	type sig struct {
		size, mtime int64
		ino         uint64
	}
	sigOf := func(info fs.FileInfo) sig {
		st, _ := info.Sys().(*syscall.Stat_t)
		if st == nil {
			return sig{}
		}
		return sig{info.Size(), info.ModTime().UnixNano(), st.Ino}
	}
	ids := map[string]gitstore.ID{}
	sigs := map[string]sig{}
	err := filepath.WalkDir(dir, func(p string, e fs.DirEntry, err error) error {
		if err != nil || !e.Type().IsRegular() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		info, err := e.Info()
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		ids[filepath.ToSlash(rel)], sigs[filepath.ToSlash(rel)] = gitstore.BlobID(b), sigOf(info)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return func(p string, info fs.FileInfo) (gitstore.ID, bool) {
		s, ok := sigs[p]
		if !ok || s != sigOf(info) || s == (sig{}) {
			return gitstore.ID{}, false
		}
		return ids[p], true
	}
}

package replica

import (
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/gitstore/erasure"
	"github.com/memfs/memfs/internal/gittest"
	"github.com/memfs/memfs/validate"
)

// team is n replicas of one user's store syncing through a git daemon
// on 127.0.0.1, each trusting the erasures the server brings, each given
// replica 0's marker keys as a key file (memfs key import) so that they
// check each other's markers.
type team struct {
	t    *testing.T
	url  string
	dir  string // the server's repository
	reps []*gitstore.Store
}

func newTeam(t *testing.T, n int) *team {
	t.Helper()
	base := t.TempDir()
	gittest.Git(t, base, "init", "-q", "--bare", "memory.git")
	tm := &team{t: t, url: gitDaemon(t, base, "--enable=receive-pack") + "/memory.git", dir: filepath.Join(base, "memory.git")}
	for i := range n {
		s := newTestStore(t, validate.Limits{})
		if err := AddRemote(s, "origin", tm.url, RemoteOptions{TrustErasures: true}); err != nil {
			t.Fatal(err)
		}
		if i > 0 {
			shareKeys(t, tm.reps[0], s)
		}
		tm.reps = append(tm.reps, s)
	}
	t.Cleanup(func() { gittest.Fsck(t, filepath.Join(base, "memory.git")) })
	return tm
}

// shareKeys gives to what from's key file holds, as memfs key export
// and import do: to marks with from's key from then on.
func shareKeys(t *testing.T, from, to *gitstore.Store) {
	t.Helper()
	keys, own, err := from.Keyring(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	keys, own, err = gitstore.DecodeKeyFile(gitstore.EncodeKeyFile(keys, own))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := to.ImportKeys(t.Context(), keys, own, true); err != nil {
		t.Fatal(err)
	}
}

// forSeededTeams runs test as a subtest for teams of two and three
// replicas, after replica 0 remembered slug from session and pushed it.
func forSeededTeams(t *testing.T, slug, session string, test func(t *testing.T, tm *team, n int)) {
	for _, n := range []int{2, 3} {
		t.Run(fmt.Sprintf("%d replicas", n), func(t *testing.T) {
			tm := newTeam(t, n)
			tm.remember(0, slug, session)
			tm.push(0)
			test(t, tm, n)
		})
	}
}

// serverDir is the server's repository.
func (tm *team) serverDir() string { return tm.dir }

func (tm *team) push(i int) *PushResult {
	tm.t.Helper()
	res, err := tm.tryPush(i)
	if err != nil {
		tm.t.Fatalf("replica %d push: %v (%+v)", i, err, res)
	}
	return res
}

func (tm *team) tryPush(i int) (*PushResult, error) {
	var res *PushResult
	err := tm.reps[i].Exclusive(tm.t.Context(), func(tx *gitstore.Tx) (err error) {
		res, err = Push(tm.t.Context(), tx, "origin", nil)
		return err
	})
	return res, err
}

func (tm *team) pull(i int) *ImportResult {
	tm.t.Helper()
	s := tm.reps[i]
	f, err := RemoteFetcher(s, "origin", nil)
	if err != nil {
		tm.t.Fatal(err)
	}
	var res *ImportResult
	err = s.Exclusive(tm.t.Context(), func(tx *gitstore.Tx) (err error) {
		res, err = Import(tm.t.Context(), tx, f, ImportOptions{TrustErasures: true})
		return err
	})
	if err != nil {
		tm.t.Fatalf("replica %d pull: %v", i, err)
	}
	return res
}

// files returns the files of a replica's scope head.
func files(t *testing.T, s *gitstore.Store, scope string) map[string]string {
	t.Helper()
	out := map[string]string{}
	h, err := s.Head(t.Context(), scope)
	if err != nil {
		return out
	}
	fs, err := wrap(s).treeFiles(t.Context(), h)
	if err != nil {
		t.Fatal(err)
	}
	for p, id := range fs {
		b, err := s.ReadBlob(id)
		if err != nil {
			t.Fatal(err)
		}
		out[p] = string(b)
	}
	return out
}

// remember publishes a page of its own on replica i the way the builtin
// dreamer lays memory out: the page, a line in its area index, index.md's
// generated area count and a line under Pages, summary.md's count line.
func (tm *team) remember(i int, slug, session string) {
	tm.t.Helper()
	s := tm.reps[i]
	fs := files(tm.t, s, "default")
	fs["pages/facts/"+slug+".md"] = fmt.Sprintf("# %s\n\nThe user said %s.\n\n## Sources\n\n- session:%s\n", slug, slug, session)
	var pages []string
	for p := range fs {
		if strings.HasPrefix(p, "pages/facts/") && !strings.HasSuffix(p, "/index.md") {
			pages = append(pages, p)
		}
	}
	slices.Sort(pages)
	if fs["pages/facts/index.md"] == "" {
		fs["pages/facts/index.md"] = "# Facts\n\n"
	}
	fs["pages/facts/index.md"] += fmt.Sprintf("- [%s](%s.md)\n", slug, slug)
	idx := fs["index.md"]
	if idx == "" {
		idx = "# Memory index\n\n## Areas\n\n- [facts](pages/facts/index.md): 0 page(s)\n\n## Pages\n\n### facts\n\n"
	}
	idx = strings.Replace(idx, fmt.Sprintf("(pages/facts/index.md): %d page(s)", len(pages)-1), fmt.Sprintf("(pages/facts/index.md): %d page(s)", len(pages)), 1)
	fs["index.md"] = idx + fmt.Sprintf("- [%s](pages/facts/%s.md)\n", slug, slug)
	fs["summary.md"] = fmt.Sprintf("# Summary\n\nStatements the user asked to keep or stated as durable: facts %d. Start at index.md.\n", len(pages))
	dir := tm.t.TempDir()
	for p, c := range fs {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			tm.t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(c), 0o644); err != nil {
			tm.t.Fatal(err)
		}
	}
	mustPublish(tm.t, s, dir, gitstore.PublishOptions{Sources: []string{session}})
}

func metaHeads(t *testing.T, s *gitstore.Store) (gitstore.ID, gitstore.ID) {
	t.Helper()
	m, _ := wrap(s).ReadRef(gitstore.MetaRef)
	e, _ := wrap(s).ReadRef(gitstore.ErasuresRef)
	return m, e
}

// Ensure that replicas never refuse each other's pushes over metadata: a
// push after another replica's push of nothing new is a fast-forward and
// goes through, no key reaches the server, and every replica holds the
// identical metadata commits.
func TestPushMetadataConverges(t *testing.T) {
	forSeededTeams(t, "tea", "s-0", func(t *testing.T, tm *team, n int) {
		for i := 1; i < n; i++ {
			tm.pull(i)
			if res := tm.push(i); len(res.Pushed) != 0 || len(res.Forced) != 0 || len(res.Metadata) != 0 {
				t.Errorf("replica %d pushed nothing new but: %+v", i, res)
			}
		}
		tm.remember(0, "coffee", "s-0b")
		res := tm.push(0)
		if !slices.Equal(res.Pushed, []string{gitstore.BranchRef("default")}) || len(res.Forced) != 0 || len(res.Refused) != 0 {
			t.Fatalf("the fast-forward after other replicas' pushes: %+v", res)
		}
		// Settle: everyone pulls and pushes until nothing moves.
		for range 2 {
			for i := range n {
				tm.pull(i)
				tm.push(i)
			}
		}
		m0, e0 := metaHeads(t, tm.reps[0])
		for i := range n {
			m, e := metaHeads(t, tm.reps[i])
			keys, _, err := tm.reps[i].Keyring(t.Context())
			if want := min(i+1, 2); err != nil || len(keys) != want {
				t.Errorf("replica %d holds %d keys (%v), want %d (its own and replica 0's)", i, len(keys), err, want)
			}
			for id, k := range keys {
				if server := gittest.Git(t, tm.serverDir(), "cat-file", "--batch-all-objects", "--batch"); strings.Contains(server, fmt.Sprintf("%x", k)) {
					t.Errorf("the server holds key %s", id)
				}
			}
			if m != m0 || e != e0 {
				t.Errorf("replica %d metadata %s/%s differs from replica 0's %s/%s", i, gitstore.ShortID(m), gitstore.ShortID(e), gitstore.ShortID(m0), gitstore.ShortID(e0))
			}
			if got := files(t, tm.reps[i], "default"); got["pages/facts/coffee.md"] == "" || got["pages/facts/tea.md"] == "" {
				t.Errorf("replica %d lacks a page", i)
			}
		}
		// Nobody's identity travelled: each keeps its own store id.
		ids := map[string]bool{}
		for _, s := range tm.reps {
			m, err := s.Meta(t.Context())
			if err != nil {
				t.Fatal(err)
			}
			ids[m.StoreID] = true
		}
		if len(ids) != n {
			t.Errorf("%d identities among %d replicas", len(ids), n)
		}
	})
}

// Ensure that a forget's push is not refused because other replicas
// pushed metadata since, that it sends the markers with the rewritten
// branch, and that every other replica loses the content in one pull.
func TestPushForgetAfterOthersPushed(t *testing.T) {
	forSeededTeams(t, "zebra4491quartz", "s-0", func(t *testing.T, tm *team, n int) {
		for i := 1; i < n; i++ {
			tm.pull(i)
			tm.push(i)
		}
		tm.pull(0)
		a := tm.reps[0]
		keys, keyID, err := a.Keyring(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		mk, err := erasure.MarkText(keyID, keys[keyID], "zebra4491quartz", time.Now())
		if err != nil {
			t.Fatal(err)
		}
		forgetWith(t, a, []erasure.Marker{mk})
		res := tm.push(0)
		if !slices.Equal(res.Forced, []string{gitstore.BranchRef("default")}) || !slices.Contains(res.Metadata, gitstore.ErasuresRef) || len(res.Refused) != 0 {
			t.Fatalf("forget push: %+v", res)
		}
		for i := 1; i < n; i++ {
			tm.pull(i)
			if strings.Contains(gittest.Git(t, tm.reps[i].Path(), "cat-file", "--batch-all-objects", "--batch"), "zebra4491quartz") {
				t.Errorf("replica %d still stores the forgotten text after one pull", i)
			}
			if r := tm.push(i); len(r.Refused) != 0 || len(r.Forced) != 0 {
				t.Errorf("replica %d push after the forget: %+v", i, r)
			}
		}
	})
}

// forgetWith applies markers to s as forget does: rewrite, markers,
// switch, purge.
func forgetWith(t *testing.T, s *gitstore.Store, markers []erasure.Marker) {
	t.Helper()
	err := s.Exclusive(t.Context(), func(tx *gitstore.Tx) error {
		keys, _, err := s.Keyring(t.Context())
		if err != nil {
			return err
		}
		have, err := s.Markers(t.Context())
		if err != nil {
			return err
		}
		g := erasure.NewGuard(keys, append(have, markers...))
		res, err := tx.Rewrite(t.Context(), s.NewEraser(gitstore.EraseSpec{Text: g, Session: g.ErasedSession, Page: g.ErasedPage}).Edit())
		if err != nil {
			return err
		}
		if err := tx.WriteObjects(t.Context(), res); err != nil {
			return err
		}
		mu, _, err := tx.MarkersUpdate(t.Context(), markers)
		if err != nil {
			return err
		}
		if err := tx.SwitchRefs(t.Context(), append(res.Refs, mu)); err != nil {
			return err
		}
		_, err = tx.Purge(t.Context(), s.NewEraser(gitstore.EraseSpec{Text: g, Session: g.ErasedSession, Page: g.ErasedPage}).Check)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

// Ensure that when replicas dream without pulling first, a pull merges
// their pages (each on its own page) instead of setting commits aside:
// the result is a merge commit holding every page, the indexes list them
// all with the right counts, no session goes back to pending, no
// diverged ref is left, and every replica converges on one head.
func TestPullMergesDisjointPages(t *testing.T) {
	forSeededTeams(t, "base", "s-base", func(t *testing.T, tm *team, n int) {
		for i := 1; i < n; i++ {
			tm.pull(i)
		}
		for round := range 2 {
			for i := range n {
				tm.remember(i, fmt.Sprintf("fact-%d-%d", round, i), fmt.Sprintf("s-%d-%d", round, i))
				res := tm.pull(i)
				for _, b := range res.Branches {
					if b.Outcome == BranchDiverged || len(b.Sessions) > 0 {
						t.Fatalf("round %d replica %d: %+v", round, i, b)
					}
					if i > 0 || round > 0 {
						if b.Outcome != BranchMerged {
							t.Errorf("round %d replica %d: outcome %s, want merged", round, i, b.Outcome)
						}
					}
				}
				if r := tm.push(i); len(r.Refused) != 0 || len(r.Forced) != 0 {
					t.Fatalf("round %d replica %d push: %+v", round, i, r)
				}
			}
		}
		for i := range n {
			tm.pull(i)
		}
		want := 1 + 2*n
		h0 := head(t, tm.reps[0], "default")
		for i, s := range tm.reps {
			if h := head(t, s, "default"); h != h0 {
				t.Errorf("replica %d head %s, replica 0 %s", i, gitstore.ShortID(h), gitstore.ShortID(h0))
			}
			fs := files(t, s, "default")
			pages := 0
			for p := range fs {
				if strings.HasPrefix(p, "pages/facts/") && !strings.HasSuffix(p, "index.md") {
					pages++
					slug := strings.TrimSuffix(strings.TrimPrefix(p, "pages/facts/"), ".md")
					if strings.Count(fs["pages/facts/index.md"], "("+slug+".md)") != 1 || strings.Count(fs["index.md"], "(pages/facts/"+slug+".md)") != 1 {
						t.Errorf("replica %d: %s is not listed once in each index", i, slug)
					}
				}
			}
			if pages != want {
				t.Errorf("replica %d holds %d pages, want %d", i, pages, want)
			}
			if !strings.Contains(fs["index.md"], fmt.Sprintf("(pages/facts/index.md): %d page(s)", want)) {
				t.Errorf("replica %d index.md area count:\n%s", i, fs["index.md"])
			}
			if !strings.Contains(fs["summary.md"], fmt.Sprintf("durable: facts %d.", want)) {
				t.Errorf("replica %d summary.md:\n%s", i, fs["summary.md"])
			}
			if ds, err := Diverged(t.Context(), s); err != nil || len(ds) != 0 {
				t.Errorf("replica %d: diverged refs %+v (%v)", i, ds, err)
			}
		}
		if parents := strings.Fields(gittest.Git(t, tm.reps[0].Path(), "rev-list", "--parents", "--merges", "-n", "1", "default")); len(parents) != 3 {
			t.Errorf("no merge commit with two parents: %v", parents)
		}
	})
}

// Ensure that a page changed on both sides differently is a real
// conflict: the incoming head wins, the local commits are kept aside with
// their sessions, and the diverged ref goes once those sessions are in
// the scope's history again.
func TestPullMergeConflictKeepsDiverged(t *testing.T) {
	forSeededTeams(t, "base", "s-base", func(t *testing.T, tm *team, n int) {
		for i := 1; i < n; i++ {
			tm.pull(i)
		}
		edit := func(i int, text, session string) {
			fs := files(t, tm.reps[i], "default")
			fs["pages/facts/base.md"] = "# base\n\n" + text + "\n\n## Sources\n\n- session:" + session + "\n"
			dir := t.TempDir()
			for p, c := range fs {
				full := filepath.Join(dir, filepath.FromSlash(p))
				os.MkdirAll(filepath.Dir(full), 0o755)
				os.WriteFile(full, []byte(c), 0o644)
			}
			mustPublish(t, tm.reps[i], dir, gitstore.PublishOptions{Sources: []string{session}})
		}
		for i := range n {
			edit(i, fmt.Sprintf("Version %d.", i), fmt.Sprintf("s-edit-%d", i))
		}
		tm.push(0)
		for i := 1; i < n; i++ {
			res := tm.pull(i)
			b := res.Branches[0]
			if b.Outcome != BranchDiverged || !slices.Equal(b.Conflicts, []string{"pages/facts/base.md"}) ||
				!slices.Contains(b.Sessions, fmt.Sprintf("s-edit-%d", i)) || b.Kept == "" {
				t.Fatalf("replica %d: %+v", i, b)
			}
			ds, err := Diverged(t.Context(), tm.reps[i])
			if err != nil || len(ds) != 1 || len(ds[0].Pending) != 1 {
				t.Fatalf("replica %d diverged: %+v %v", i, ds, err)
			}
			// The session is dreamed again on the new head.
			edit(i, fmt.Sprintf("Version 0, and %d.", i), fmt.Sprintf("s-edit-%d", i))
			if r := tm.push(i); len(r.DivergedRemoved) != 1 || len(r.Refused) != 0 {
				t.Errorf("replica %d push after the dream again: %+v", i, r)
			}
			if ds, _ := Diverged(t.Context(), tm.reps[i]); len(ds) != 0 {
				t.Errorf("replica %d keeps %d diverged refs", i, len(ds))
			}
		}
	})
}

// Ensure that a diverged ref whose sessions never come back goes after
// the retention period, and not before.
func TestPruneDivergedRetention(t *testing.T) {
	s := newTestStore(t, validate.Limits{})
	dir := t.TempDir()
	gittest.WriteArtifact(t, dir, []string{"a"}, nil)
	c := mustPublish(t, s, dir, gitstore.PublishOptions{Sources: []string{"s1"}}).Commit
	gittest.WriteArtifact(t, dir, []string{"a", "b"}, map[string]string{"pages/notes/b.md": "# b\n\nx\n\n## Sources\n\n- session:s-lost\n"})
	lost := mustPublish(t, s, dir, gitstore.PublishOptions{Sources: []string{"s-lost"}}).Commit
	kept := time.Now().Add(-DivergedRetention / 2)
	ref := fmt.Sprintf("%sdefault/%d", DivergedPrefix, kept.UnixNano())
	gittest.Git(t, s.Path(), "update-ref", ref, lost.String())
	gittest.Git(t, s.Path(), "update-ref", "refs/heads/default", c.String())
	prune := func(now time.Time) []string {
		var gone []string
		err := s.Exclusive(t.Context(), func(tx *gitstore.Tx) (err error) {
			gone, err = PruneDiverged(t.Context(), tx, now)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		return gone
	}
	if gone := prune(time.Now()); len(gone) != 0 {
		t.Fatalf("pruned a young ref whose session is pending: %v", gone)
	}
	if gone := prune(kept.Add(DivergedRetention + time.Hour)); !slices.Equal(gone, []string{ref}) {
		t.Fatalf("after the retention: %v", gone)
	}
}

// Ensure that a store of the earlier metadata format (identity in
// meta.json, keys in the meta ref, a marker chain with parents) keeps its
// store id and markers: the first open copies the identity into the
// config, the keys into the local keyring, gives the store a new key (the
// old one was exposed) and makes the meta ref keyless; the first push
// replaces the marker chain by its canonical commit, and the server's
// meta ref by the keyless one.
func TestMetaMigratesEarlierFormat(t *testing.T) {
	tm := newTeam(t, 1)
	s := tm.reps[0]
	ctx := t.Context()
	keys, keyID, err := s.Keyring(ctx)
	if err != nil {
		t.Fatal(err)
	}
	m0, _ := s.Meta(ctx)
	mk := erasure.MarkSession(keyID, keys[keyID], "s-old", time.Now())
	if err := s.AppendMarkers(ctx, []erasure.Marker{mk}); err != nil {
		t.Fatal(err)
	}
	// Rebuild the refs in the earlier format with stock git.
	work := t.TempDir()
	gittest.Git(t, work, "init", "-q")
	os.MkdirAll(filepath.Join(work, "keys"), 0o755)
	for id, k := range keys {
		os.WriteFile(filepath.Join(work, "keys", id), fmt.Appendf(nil, "%x\n", k), 0o644)
	}
	os.WriteFile(filepath.Join(work, "meta.json"), fmt.Appendf(nil, `{"version":1,"store_id":%q,"key_id":%q}`+"\n", m0.StoreID, keyID), 0o644)
	gittest.Git(t, work, "add", "-A")
	gittest.Git(t, work, "-c", "user.name=memfs", "-c", "user.email=memfs@localhost", "commit", "-q", "-m", "memfs store metadata")
	gittest.Git(t, work, "push", "-q", s.Path(), "+HEAD:"+gitstore.MetaRef)
	chain := gittest.Git(t, s.Path(), "show", gitstore.ErasuresRef+":"+erasuresFile)
	empty := strings.TrimSpace(gittest.Git(t, s.Path(), "commit-tree", "-m", "memfs erasure markers: 0 added", strings.TrimSpace(gittest.Git(t, s.Path(), "mktree"))))
	_ = chain
	second := strings.TrimSpace(gittest.Git(t, s.Path(), "commit-tree", "-p", empty, "-m", "memfs erasure markers: 1 added", gitstore.ErasuresRef+"^{tree}"))
	gittest.Git(t, s.Path(), "update-ref", gitstore.ErasuresRef, second)
	gittest.Git(t, s.Path(), "config", "--unset", "memfs.storeId")
	gittest.Git(t, s.Path(), "config", "--unset", "memfs.keyId")

	o, err := gitstore.Open(ctx, gitstore.Options{Path: s.Path(), CacheDir: filepath.Join(filepath.Dir(s.Path()), "cache"), Limits: s.Limits()})
	if err != nil {
		t.Fatal(err)
	}
	defer o.Close()
	m1, err := o.Meta(ctx)
	if err != nil || m1.StoreID != m0.StoreID || m1.KeyID == m0.KeyID {
		t.Fatalf("identity after migration: %+v (%v), want store %s and a new key", m1, err, m0.StoreID)
	}
	if held, _, err := o.Keyring(ctx); err != nil || len(held) != 2 || held[keyID] == nil {
		t.Errorf("keyring after migration: %d keys (%v), want the old and a new one", len(held), err)
	}
	if tree := gittest.Git(t, s.Path(), "ls-tree", "-r", "--name-only", gitstore.MetaRef); strings.Contains(tree, "keys") {
		t.Errorf("the meta ref still holds keys: %s", tree)
	}
	if got := strings.TrimSpace(gittest.Git(t, s.Path(), "config", "memfs.storeId")); got != m0.StoreID {
		t.Errorf("config holds store id %q", got)
	}
	var res *PushResult
	if err := o.Exclusive(ctx, func(tx *gitstore.Tx) (err error) { res, err = Push(ctx, tx, "origin", nil); return err }); err != nil {
		t.Fatal(err)
	}
	if n := strings.TrimSpace(gittest.Git(t, s.Path(), "rev-list", "--count", gitstore.ErasuresRef)); n != "1" {
		t.Errorf("the marker chain was not made canonical: %s commits", n)
	}
	if strings.Contains(gittest.Git(t, s.Path(), "ls-tree", "-r", "--name-only", gitstore.MetaRef), "meta.json") {
		t.Error("the canonical meta still carries the identity")
	}
	if res == nil || !slices.Contains(res.Metadata, gitstore.MetaRef) {
		t.Errorf("the push did not replace the server's meta ref: %+v", res)
	}
	if tree := gittest.Git(t, tm.serverDir(), "ls-tree", "-r", "--name-only", gitstore.MetaRef); strings.Contains(tree, "keys") {
		t.Errorf("the server's meta ref still holds keys: %s", tree)
	}
	ms, err := o.Markers(ctx)
	if err != nil || len(ms) != 1 || ms[0].HMAC != mk.HMAC {
		t.Errorf("markers after migration: %+v %v", ms, err)
	}
	if g, _ := o.Guard(ctx); g == nil || !g.ErasedSession("s-old") {
		t.Error("the migrated marker no longer works")
	}
}

// Ensure that a scope branch that is truly not a fast-forward is refused
// by name while every other ref is still sent.
func TestPushRefusesOnlyTheBranchThatMoved(t *testing.T) {
	tm := newTeam(t, 2)
	tm.remember(0, "tea", "s-0")
	tm.push(0)
	tm.pull(1)
	tm.remember(1, "coffee", "s-1")
	tm.push(1)
	// Replica 0 rewrites its branch (as a forget would) without pulling.
	tm.remember(0, "milk", "s-2")
	keys, keyID, _ := tm.reps[0].Keyring(t.Context())
	mk, _ := erasure.MarkText(keyID, keys[keyID], "The user said milk", time.Now())
	forgetWith(t, tm.reps[0], []erasure.Marker{mk})
	dir := t.TempDir()
	gittest.WriteArtifact(t, dir, []string{"x"}, nil)
	mustPublish(t, tm.reps[0], dir, gitstore.PublishOptions{Scope: "other"})
	res, err := tm.tryPush(0)
	if !errors.Is(err, gitstore.ErrRemoteMoved) || !strings.Contains(err.Error(), gitstore.BranchRef("default")) {
		t.Fatalf("push of a rewritten branch the remote moved: %v", err)
	}
	if !slices.Equal(res.Refused, []string{gitstore.BranchRef("default")}) || !slices.Contains(res.Pushed, gitstore.BranchRef("other")) ||
		!slices.Contains(res.Metadata, gitstore.ErasuresRef) || res.Reasons[gitstore.BranchRef("default")] == "" {
		t.Errorf("partial push: %+v", res)
	}
	if got := maps.Collect(maps.All(res.Reasons)); !strings.Contains(got[gitstore.BranchRef("default")], "pull first") {
		t.Errorf("reason: %q", got)
	}
}

package gitstore

import (
	"strings"
	"testing"
	"time"

	"github.com/memfs/memfs/gitstore/erasure"
	"github.com/memfs/memfs/internal/gittest"
	"github.com/memfs/memfs/validate"
	"github.com/memfs/memfs/wiki"
)

// markStore forgets literal and session sess in s and returns its guard.
func markStore(t *testing.T, s *Store, literal, sess string) *erasure.Guard {
	t.Helper()
	keys, keyID, err := s.Keyring(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	ms := []erasure.Marker{erasure.MarkSession(keyID, keys[keyID], sess, time.Now())}
	if literal != "" {
		m, err := erasure.MarkText(keyID, keys[keyID], literal, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		ms = append(ms, m)
	}
	if err := s.AppendMarkers(t.Context(), ms); err != nil {
		t.Fatal(err)
	}
	g, err := s.Guard(t.Context())
	if err != nil || g == nil {
		t.Fatalf("Guard: %v", err)
	}
	return g
}

// Ensure that the guard refuses forgotten text in a new path (a folder
// or a page name, joined slug forms included), in any line of the
// message, and in the author, naming positions and never the text.
func TestGuard_RefusesEveryChannel(t *testing.T) {
	cases := []struct {
		name    string
		extra   map[string]string
		message string
		author  string
		want    string
	}{
		{"area folder", map[string]string{"pages/hunter2/x.md": "# X\n\nA fact.\n\n## Sources\n\n- session:s1\n"}, "", "", "path segment 2 of a new page"},
		{"area index", map[string]string{"pages/hunter2/index.md": "# Area\n"}, "", "", "path segment 2 of a new area index"},
		{"page slug", map[string]string{"pages/notes/wifi-password-hunter2.md": "# X\n\nA fact.\n\n## Sources\n\n- session:s1\n"}, "", "", "path segment 3 of a new page"},
		{"joined slug", map[string]string{"pages/notes/zebra4491quartz.md": "# X\n\nA fact.\n\n## Sources\n\n- session:s1\n"}, "", "", "path segment 3 of a new page"},
		{"subject", nil, "the password is Hunter2", "", "commit message line 1 holds"},
		{"body", nil, "subject\n\nbody line\npassword hunter-2\n", "", "commit message line 4 holds"},
		{"session in the body", nil, "subject\n\nfrom <sess-gone>\n", "", "commit message line 3 names a forgotten session"},
		{"author", nil, "", "hunter2", "the commit author"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := newTestStore(t, validate.Limits{})
			if c.author != "" {
				s.opts.AuthorName = c.author
			}
			markStore(t, s, "hunter2", "sess-gone")
			keys, keyID, _ := s.Keyring(t.Context())
			m, _ := erasure.MarkText(keyID, keys[keyID], "zebra 4491 quartz", time.Now())
			if err := s.AppendMarkers(t.Context(), []erasure.Marker{m}); err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			gittest.WriteArtifact(t, dir, []string{"a"}, c.extra)
			res, err := s.Publish(t.Context(), dir, PublishOptions{Scope: "default", Message: c.message})
			if err == nil {
				t.Fatal("publish accepted forgotten content")
			}
			var msgs []string
			for _, p := range res.Report.Errors() {
				msgs = append(msgs, p.Path+": "+p.Code+": "+p.Message)
			}
			got := strings.Join(msgs, "\n")
			if !strings.Contains(got, validate.CodeErasedContent) || !strings.Contains(got, c.want) {
				t.Errorf("problems:\n%s\nwant %q", got, c.want)
			}
			if strings.Contains(strings.ToLower(got), "hunter") || strings.Contains(got, "zebra") || strings.Contains(got, "sess-gone") {
				t.Errorf("a problem quotes the forgotten text:\n%s", got)
			}
		})
	}
}

func TestGuard_StripMessage(t *testing.T) {
	s := newTestStore(t, validate.Limits{})
	g := markStore(t, s, "hunter2", "sess-gone")
	msg := "Dream: 2 pages\n\nremembered the wifi password hunter2\nfrom 'sess-gone'.\nkept\n\nMemfs-Artifact: 1\nMemfs-Sources: s1 sess-gone\n"
	out, n := g.StripMessage(msg)
	want := "Dream: 2 pages\n\nkept\n\nMemfs-Artifact: 1\nMemfs-Sources: s1\n"
	if out != want || n < 3 {
		t.Errorf("StripMessage = %d\n%q\nwant\n%q", n, out, want)
	}
	if _, bad := g.ErasedMessage(out); bad {
		t.Error("the stripped message is still refused")
	}
}

// Ensure that a forget (a literal matcher with the store's key) and an
// import (the guard of the markers it wrote) rename paths alike, so both
// rewrite history to the same commits; and that the rename moves links
// and generated index lines with it.
func TestRewrite_RenamesPathsDeterministically(t *testing.T) {
	s := newTestStore(t, validate.Limits{})
	dir := t.TempDir()
	page := "# Wifi\n\nThe wifi password is hunter2.\n\nIt rotates yearly.\n\n## Sources\n\n- session:s1\n"
	gittest.WriteArtifact(t, dir, []string{"base"}, map[string]string{
		"index.md":                             "# Index\n\nHand note.\n\n- [notes](pages/notes/index.md): 2 page(s)\n- [hunter2](pages/hunter2/index.md): 1 page(s)\n",
		"pages/notes/index.md":                 "# Notes\n\n- [base](base.md)\n- [Wifi](wifi-password-hunter2.md)\n",
		"pages/notes/wifi-password-hunter2.md": page,
		"pages/hunter2/index.md":               "# Area\n\n- [Y](y.md)\n",
		"pages/hunter2/y.md":                   "# Y\n\nWhy.\n\n## Sources\n\n- session:s1\n",
	})
	mustPublish(t, s, dir, PublishOptions{})
	keys, keyID, _ := s.Keyring(t.Context())
	forgetSpec := EraseSpec{Text: wiki.LiteralMatcher([][]string{wiki.Tokens("hunter2")}),
		Name: func(p string) string { return erasure.ErasedName(keys[keyID], p) }}
	var first *RewriteResult
	err := s.Exclusive(t.Context(), func(tx *Tx) (err error) {
		first, err = tx.Rewrite(t.Context(), s.NewEraser(forgetSpec).Edit())
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	g := markStore(t, s, "hunter2", "unused")
	var second *RewriteResult
	err = s.Exclusive(t.Context(), func(tx *Tx) (err error) {
		second, err = tx.Rewrite(t.Context(), s.NewEraser(EraseSpec{Text: g, Session: g.ErasedSession, Page: g.ErasedPage}).Edit())
		if err != nil {
			return err
		}
		if err := tx.WriteObjects(t.Context(), second); err != nil {
			return err
		}
		return tx.SwitchRefs(t.Context(), second.Refs)
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(first.Refs) != 1 || len(second.Refs) != 1 || first.Refs[0].New != second.Refs[0].New {
		t.Fatalf("forget and import rewrite differently: %v vs %v", first.Refs, second.Refs)
	}
	if r := first.Revisions[0].Renamed; len(r) != 3 {
		t.Errorf("renamed = %v, want the page and the area's two files", r)
	}
	ls := gittest.Git(t, s.Path(), "ls-tree", "-r", "-t", "--name-only", "default")
	if strings.Contains(ls, "hunter2") {
		t.Fatalf("a name still holds the literal:\n%s", ls)
	}
	slug := strings.TrimSuffix(erasure.ErasedName(keys[keyID], "pages/notes/wifi-password-hunter2.md"), "") + ".md"
	area := erasure.ErasedName(keys[keyID], "pages/hunter2")
	for _, want := range []string{"pages/notes/" + slug, "pages/" + area + "/y.md", "pages/" + area + "/index.md"} {
		if !strings.Contains(ls, want) {
			t.Errorf("missing %s in\n%s", want, ls)
		}
	}
	if b := gittest.Git(t, s.Path(), "show", "default:pages/notes/"+slug); !strings.Contains(b, "rotates yearly") || strings.Contains(b, "hunter2") {
		t.Errorf("renamed page:\n%s", b)
	}
	if b := gittest.Git(t, s.Path(), "show", "default:pages/notes/index.md"); !strings.Contains(b, "- [Wifi]("+slug+")") {
		t.Errorf("area index does not follow the rename:\n%s", b)
	}
	idx := gittest.Git(t, s.Path(), "show", "default:index.md")
	if !strings.Contains(idx, "Hand note.") || !strings.Contains(idx, "- ["+area+"](pages/"+area+"/index.md): 1 page(s)") {
		t.Errorf("index.md:\n%s", idx)
	}
}

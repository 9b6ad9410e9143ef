package gitstore

import (
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/memfs/memfs/gitstore/erasure"
	"github.com/memfs/memfs/internal/gittest"
	"github.com/memfs/memfs/validate"
	"github.com/memfs/memfs/wiki"
)

// Ensure that facts the store remembers by blob id never let forgotten
// text back in: content published before a marker named it is refused
// when published again from another folder (where no stat cache helps),
// whether or not a guard checked it the first time; and that DropCaches
// forgets every remembered fact.
func TestFactsMemo_MarkerAfterPublicationRefuses(t *testing.T) {
	const secret = "zebra 4491 quartz"
	page := map[string]string{"pages/notes/z.md": "# Z\n\nThe code is " + secret + ".\n\n## Sources\n\n- session:s1\n"}
	for _, tc := range []struct {
		name string
		// earlier: a marker exists before the first publication, so a
		// guard checks it and its facts carry that guard's epoch.
		earlier bool
	}{{"first published without a guard", false}, {"first published under a guard", true}} {
		t.Run(tc.name, func(t *testing.T) {
			s := newTestStore(t, validate.Limits{})
			ctx := t.Context()
			keys, keyID, err := s.Keyring(ctx)
			if err != nil {
				t.Fatal(err)
			}
			mark := func(lit string) {
				t.Helper()
				m, err := erasure.MarkText(keyID, keys[keyID], lit, time.Now())
				if err != nil {
					t.Fatal(err)
				}
				if err := s.AppendMarkers(ctx, []erasure.Marker{m}); err != nil {
					t.Fatal(err)
				}
			}
			if tc.earlier {
				mark("hunter2")
			}
			first := t.TempDir()
			gittest.WriteArtifact(t, first, []string{"a"}, page)
			mustPublish(t, s, first, PublishOptions{})
			content := []byte(page["pages/notes/z.md"])
			f, ok := s.KnownFacts(wiki.KindPage, content)
			if !ok || !slices.Equal(f.Sources, []string{"s1"}) || (f.GuardEpoch != "") != tc.earlier {
				t.Fatalf("KnownFacts after publication = %+v, %v", f, ok)
			}

			mark(secret)
			again := t.TempDir()
			gittest.WriteArtifact(t, again, []string{"a", "b"}, page)
			res, err := s.Publish(ctx, again, PublishOptions{Scope: "default"})
			if !errors.Is(err, validate.ErrRejected) || !slices.ContainsFunc(res.Report.Errors(), func(p validate.Problem) bool {
				return p.Code == validate.CodeErasedContent && p.Path == "pages/notes/z.md"
			}) {
				t.Fatalf("republishing text forgotten since it was validated: %v", err)
			}

			if err := s.DropCaches(); err != nil {
				t.Fatal(err)
			}
			if _, ok := s.KnownFacts(wiki.KindPage, content); ok {
				t.Fatal("KnownFacts answers after DropCaches")
			}
		})
	}
}

// Ensure that the allow-list read from remembered facts is the one read
// from the pages: a publication may keep citing what the head cites, and
// may not cite what neither it was given nor the head cites.
func TestFactsMemo_AllowListFromMemo(t *testing.T) {
	s := newTestStore(t, validate.Limits{})
	dir := t.TempDir()
	gittest.WriteArtifact(t, dir, []string{"a"}, nil)
	mustPublish(t, s, dir, PublishOptions{Sources: []string{"s1"}})
	for _, tc := range []struct {
		name    string
		cites   string
		refused bool
	}{{"cited at the head", "s1", false}, {"cited nowhere", "s9", true}} {
		t.Run(tc.name, func(t *testing.T) {
			next := t.TempDir()
			gittest.WriteArtifact(t, next, []string{"a"}, map[string]string{
				"pages/notes/n.md": "# N\n\nNew.\n\n## Sources\n\n- session:" + tc.cites + "\n"})
			_, err := s.Publish(t.Context(), next, PublishOptions{Scope: "default", Sources: []string{"s2"}})
			if refused := errors.Is(err, validate.ErrRejected); refused != tc.refused {
				t.Fatalf("Publish citing %s: %v, want refused %v", tc.cites, err, tc.refused)
			}
		})
	}
}

package replica

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/gitstore/erasure"
	"github.com/memfs/memfs/internal/errcode"
	"github.com/memfs/memfs/internal/gittest"
	"github.com/memfs/memfs/validate"
)

func TestReadBundleHeader(t *testing.T) {
	id := strings.Repeat("ab", 20)
	for _, tc := range []struct {
		name, in string
		refs     int
		ok       bool
	}{
		{"v2", "# v2 git bundle\n" + id + " refs/heads/default\n\nPACK", 1, true},
		{"v3 sha1", "# v3 git bundle\n@object-format=sha1\n" + id + " refs/heads/default\n" + id + " refs/memfs/meta\n\nPACK", 2, true},
		{"v3 sha256", "# v3 git bundle\n@object-format=sha256\n" + id + " refs/heads/default\n\n", 0, false},
		{"filtered", "# v3 git bundle\n@filter=blob:none\n" + id + " refs/heads/default\n\n", 0, false},
		{"prerequisite", "# v2 git bundle\n-" + id + " old\n" + id + " refs/heads/default\n\n", 0, false},
		{"no refs", "# v2 git bundle\n\nPACK", 0, false},
		{"not a bundle", "PACK\x00\x00\x00\x02", 0, false},
		{"bad id", "# v2 git bundle\nxyz refs/heads/default\n\n", 0, false},
		{"dotdot ref", "# v2 git bundle\n" + id + " refs/heads/../x\n\n", 0, false},
		{"truncated", "# v2 git bundle\n" + id + " refs/heads/default\n", 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h, err := readBundleHeader(bufio.NewReader(strings.NewReader(tc.in)))
			if (err == nil) != tc.ok {
				t.Fatalf("err = %v, want ok=%v", err, tc.ok)
			}
			if err != nil && !errors.Is(err, gitstore.ErrInvalidBundle) {
				t.Errorf("err %v is not gitstore.ErrInvalidBundle", err)
			}
			if err == nil && len(h.refs) != tc.refs {
				t.Errorf("%d refs, want %d", len(h.refs), tc.refs)
			}
		})
	}
}

func FuzzReadBundleHeader(f *testing.F) {
	f.Add([]byte("# v2 git bundle\n" + strings.Repeat("ab", 20) + " refs/heads/default\n\nPACK"))
	f.Add([]byte("# v3 git bundle\n@object-format=sha1\n\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		h, err := readBundleHeader(bufio.NewReader(bytes.NewReader(b)))
		if err == nil {
			for name := range h.refs {
				if !strings.HasPrefix(name, "refs/") || strings.Contains(name, "..") {
					t.Fatalf("accepted ref %q", name)
				}
			}
		}
	})
}

// Ensure that an export imports into a store initialized apart, and that
// markers made by the importing store rewrite the incoming history.
func TestImportRewritesIncomingByMarkers(t *testing.T) {
	a := newTestStore(t, validate.DefaultLimits())
	buildHistory(t, a, 6, 2, 0, nil)
	var bundle bytes.Buffer
	refs, err := BundleRefs(t.Context(), a, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := WriteBundle(t.Context(), a, &bundle, refs); err != nil {
		t.Fatal(err)
	}
	b := newTestStore(t, validate.DefaultLimits())
	keys, keyID, err := b.Keyring(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	m, err := erasure.MarkText(keyID, keys[keyID], secret, wrap(a).Now())
	if err != nil {
		t.Fatal(err)
	}
	if err := b.AppendMarkers(t.Context(), []erasure.Marker{m}); err != nil {
		t.Fatal(err)
	}
	var res *ImportResult
	err = b.Exclusive(t.Context(), func(tx *gitstore.Tx) (err error) {
		res, err = Import(t.Context(), tx, BundleFetcher(&bundle), ImportOptions{})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if res.RewrittenIncoming == 0 || res.NewKeys != 0 || len(res.Branches) != 1 || res.Branches[0].Outcome != BranchCreated {
		t.Errorf("import: %+v", res)
	}
	if all := gittest.Git(t, b.Path(), "cat-file", "--batch-all-objects", "--batch"); strings.Contains(all, secret) {
		t.Error("the forgotten text entered the store")
	}
	if n := countCommits(t, b.Path(), "default"); n != 6 {
		t.Errorf("imported history has %d commits, want 6", n)
	}
	// Keys never travel: b holds its own only, and the bundle none.
	if keys, _, _ := b.Keyring(t.Context()); len(keys) != 1 {
		t.Errorf("keyring has %d keys, want 1", len(keys))
	}
	akeys, _, _ := a.Keyring(t.Context())
	objects := gittest.Git(t, b.Path(), "cat-file", "--batch-all-objects", "--batch")
	for id, k := range akeys {
		if strings.Contains(objects, fmt.Sprintf("%x", k)) || strings.Contains(objects, string(k)) {
			t.Errorf("the bundle brought key %s", id)
		}
	}
}

// Ensure that a bundle bringing more scope branches than
// limits.max_bundle_scopes is refused whole, with its code, before its
// pack is read, and that a store whose limit allows them takes them all.
func TestImportScopeBound(t *testing.T) {
	src := newTestStore(t, validate.DefaultLimits())
	dir := t.TempDir()
	gittest.WriteArtifact(t, dir, []string{"tea"}, nil)
	head := mustPublish(t, src, dir, gitstore.PublishOptions{Message: "tea"}).Commit
	const n = validate.DefaultMaxBundleScopes + 1
	refs := map[string]gitstore.ID{}
	for i := range n {
		refs[gitstore.BranchRef(fmt.Sprintf("s%03d", i))] = head
	}
	bundle := filepath.Join(t.TempDir(), "many.bundle")
	f, err := os.Create(bundle)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := WriteBundle(t.Context(), src, f, refs); err != nil {
		t.Fatal(err)
	}
	f.Close()

	for _, tc := range []struct {
		name   string
		limit  int
		refuse bool
	}{
		{"default limit", 0, true},
		{"a lower limit", 10, true},
		{"exactly", n, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			limits := validate.DefaultLimits()
			limits.MaxBundleScopes = tc.limit
			s := newTestStore(t, limits)
			before, _ := s.Refs(t.Context())
			res, err := importFile(t, s, bundle, ImportOptions{})
			after, _ := s.Refs(t.Context())
			if !tc.refuse {
				if err != nil || len(res.Branches) != n {
					t.Fatalf("import under a limit of %d: %v", tc.limit, err)
				}
				return
			}
			if !errors.Is(err, gitstore.ErrTooManyScopes) || !errors.Is(err, gitstore.ErrInvalidBundle) || errcode.Of(err) != "too_many_scopes" {
				t.Fatalf("import of %d scopes under a limit of %d: %v (code %q)", n, tc.limit, err, errcode.Of(err))
			}
			if len(after) != len(before) {
				t.Errorf("a refused import changed the refs: %d → %d", len(before), len(after))
			}
		})
	}
}

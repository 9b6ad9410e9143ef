package replica

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/gitstore/erasure"
	"github.com/memfs/memfs/internal/errcode"
	"github.com/memfs/memfs/internal/gittest"
	"github.com/memfs/memfs/validate"
)

// foreignKey and foreignKeyID are the key of the markers
// foreignMarkerBundle writes.
var (
	foreignKey   = bytes.Repeat([]byte{0x5c}, 32)
	foreignKeyID = "f0f0f0f0f0f0f0f0"
)

// holdForeignKey gives s the key of foreignMarkerBundle's markers, as
// memfs key import does (without adopting it): s can check them, as a
// replica of the user that made them would.
func holdForeignKey(t *testing.T, s *gitstore.Store) {
	t.Helper()
	if _, err := s.ImportKeys(t.Context(), map[string][]byte{foreignKeyID: foreignKey}, "", false); err != nil {
		t.Fatal(err)
	}
}

// foreignMarkerBundle writes, with stock git only, a bundle holding
// nothing but refs/memfs/meta (a key of its own, in the earlier format
// that carried keys) and refs/memfs/erasures (the markers mark makes with
// that key), as a foreign store or a compromised remote would send.
func foreignMarkerBundle(t *testing.T, mark func(keyID string, key []byte) []erasure.Marker) string {
	t.Helper()
	work := t.TempDir()
	gittest.Git(t, work, "init", "-q", "-b", "meta")
	key, keyID := foreignKey, foreignKeyID
	write := func(p, content string) {
		full := filepath.Join(work, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	commit := func(msg string) {
		gittest.Git(t, work, "add", "-A")
		gittest.Git(t, work, "-c", "user.name=x", "-c", "user.email=x@x", "commit", "-q", "-m", msg)
	}
	meta, _ := json.Marshal(gitstore.Meta{Version: 1, StoreID: "foreign", KeyID: keyID})
	write("meta.json", string(meta)+"\n")
	write("keys/"+keyID, hex.EncodeToString(key)+"\n")
	commit("meta")
	gittest.Git(t, work, "update-ref", gitstore.MetaRef, "HEAD")
	gittest.Git(t, work, "checkout", "-q", "--orphan", "erasures")
	gittest.Git(t, work, "rm", "-q", "-r", "--cached", ".")
	os.RemoveAll(filepath.Join(work, "keys"))
	os.Remove(filepath.Join(work, "meta.json"))
	var lines bytes.Buffer
	for _, m := range mark(keyID, key) {
		b, _ := json.Marshal(m)
		lines.Write(append(b, '\n'))
	}
	write(erasuresFile, lines.String())
	commit("markers")
	gittest.Git(t, work, "update-ref", gitstore.ErasuresRef, "HEAD")
	out := filepath.Join(t.TempDir(), "foreign.bundle")
	gittest.Git(t, work, "bundle", "create", "-q", out, gitstore.MetaRef, gitstore.ErasuresRef)
	return out
}

// theAndS2 marks the text "the" and the session s2.
func theAndS2(keyID string, key []byte) []erasure.Marker {
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	m, _ := erasure.MarkText(keyID, key, "the", now)
	return []erasure.Marker{m, erasure.MarkSession(keyID, key, "s2", now)}
}

// publishCommon publishes two revisions: a page with "the" in it, then a
// page citing s2.
func publishCommon(t *testing.T, s *gitstore.Store) {
	t.Helper()
	dir := t.TempDir()
	gittest.WriteArtifact(t, dir, []string{"base"}, map[string]string{
		"pages/notes/tea.md": "# Tea\n\nKettle first.\n\nThe kettle is in the kitchen.\n\n## Sources\n\n- session:s1\n",
	})
	mustPublish(t, s, dir, gitstore.PublishOptions{Message: "tea"})
	gittest.WriteArtifact(t, dir, nil, map[string]string{
		"pages/notes/trip.md": "# Trip\n\nBoarding at nine.\n\n## Sources\n\n- session:s2\n",
	})
	mustPublish(t, s, dir, gitstore.PublishOptions{Message: "trip"})
}

func importFile(t *testing.T, s *gitstore.Store, path string, opts ImportOptions) (*ImportResult, error) {
	t.Helper()
	var res *ImportResult
	err := s.Exclusive(t.Context(), func(tx *gitstore.Tx) error {
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		res, err = Import(t.Context(), tx, BundleFetcher(f), opts)
		return err
	})
	return res, err
}

// Ensure that foreign markers that would erase local memory stop the
// import before anything changes and report what they would erase; a
// stale token is refused; the token of the current preview, or a trusted
// source, applies them.
func TestImportForeignMarkersNeedConsent(t *testing.T) {
	bundle := foreignMarkerBundle(t, theAndS2)
	s := newTestStore(t, validate.DefaultLimits())
	holdForeignKey(t, s)
	publishCommon(t, s)
	before, err := s.Refs(t.Context())
	if err != nil {
		t.Fatal(err)
	}

	_, err = importFile(t, s, bundle, ImportOptions{})
	var ce *ConsentError
	if !errors.As(err, &ce) || !errors.Is(err, gitstore.ErrErasureConsentRequired) || errcode.Of(err) != "erasure_consent_required" {
		t.Fatalf("import without consent: %v", err)
	}
	c := ce.Consent
	if c.Markers != 2 || c.Unchecked != 0 || c.Kinds[erasure.MarkerText] != 1 || c.Kinds[erasure.MarkerSession] != 1 || !strings.HasPrefix(c.Token, "ec1-") {
		t.Errorf("consent preview: %+v", c)
	}
	if len(c.Refs) != 1 || c.Refs[0].Scope != "default" || c.Refs[0].Commits != 2 || c.Refs[0].Pages < 2 || c.RewrittenCommits+c.DroppedCommits != 2 {
		t.Errorf("consent preview refs: %+v", c.Refs)
	}
	after, _ := s.Refs(t.Context())
	if !maps.Equal(before, after) {
		t.Errorf("a stopped import moved refs: %v → %v", before, after)
	}
	if ms, _ := s.Markers(t.Context()); len(ms) != 0 {
		t.Errorf("a stopped import added %d markers", len(ms))
	}
	if rec, _ := SettlePending(s); rec != "" {
		t.Errorf("a stopped import left a settle record %q", rec)
	}
	if got := gittest.Git(t, s.Path(), "show", "default:pages/notes/trip.md"); !strings.Contains(got, "Boarding") {
		t.Error("a stopped import removed a page")
	}

	// A token from another state of the store is refused.
	if _, err := importFile(t, s, bundle, ImportOptions{Token: "ec1-0000"}); !errors.Is(err, gitstore.ErrErasureConsentChanged) || errcode.Of(err) != "erasure_consent_changed" {
		t.Fatalf("wrong token: %v", err)
	}
	stale := c.Token
	dir := t.TempDir()
	gittest.WriteArtifact(t, dir, []string{"base", "more"}, nil)
	mustPublish(t, s, dir, gitstore.PublishOptions{Message: "more"})
	_, err = importFile(t, s, bundle, ImportOptions{Token: stale})
	if !errors.As(err, &ce) || !errors.Is(err, gitstore.ErrErasureConsentChanged) || ce.Consent.Token == stale {
		t.Fatalf("token from before a publication: %v", err)
	}

	res, err := importFile(t, s, bundle, ImportOptions{Token: ce.Consent.Token})
	if err != nil {
		t.Fatalf("import with the token: %v", err)
	}
	if res.NewMarkers != 2 || res.RewrittenLocal == 0 || res.LocalErasure == nil || !res.Settle {
		t.Errorf("import with consent: %+v", res)
	}
	if all := gittest.Git(t, s.Path(), "cat-file", "--batch-all-objects", "--batch"); strings.Contains(all, "Boarding") || strings.Contains(all, "in the kitchen") {
		t.Error("the consented erasure left content behind")
	}

	// A trusted source needs no token.
	s2 := newTestStore(t, validate.DefaultLimits())
	holdForeignKey(t, s2)
	publishCommon(t, s2)
	if res, err := importFile(t, s2, bundle, ImportOptions{TrustErasures: true}); err != nil || res.RewrittenLocal == 0 {
		t.Fatalf("trusted import: %+v, %v", res, err)
	}
}

// Ensure that a stranger's markers that match nothing here yet still
// need consent (they would silence every later fact holding the word),
// and that once consented they refuse that later fact.
func TestImportMarkersMatchingNothingNeedConsent(t *testing.T) {
	bundle := foreignMarkerBundle(t, func(keyID string, key []byte) []erasure.Marker {
		m, _ := erasure.MarkText(keyID, key, "tuesdays", time.Now())
		return []erasure.Marker{m}
	})
	s := newTestStore(t, validate.DefaultLimits())
	holdForeignKey(t, s)
	publishCommon(t, s)
	before, _ := s.Refs(t.Context())
	_, err := importFile(t, s, bundle, ImportOptions{Source: "bundle b"})
	var ce *ConsentError
	if !errors.As(err, &ce) || !errors.Is(err, gitstore.ErrErasureConsentRequired) {
		t.Fatalf("import of a marker matching nothing: %v", err)
	}
	if c := ce.Consent; c.Markers != 1 || len(c.Refs) != 0 || c.RewrittenCommits != 0 || c.Source != "bundle b" {
		t.Errorf("consent preview: %+v", c)
	}
	if ms, _ := s.Markers(t.Context()); len(ms) != 0 {
		t.Errorf("a stopped import added %d markers", len(ms))
	}
	if after, _ := s.Refs(t.Context()); !maps.Equal(before, after) {
		t.Error("a stopped import moved refs")
	}
	g, _ := s.Guard(t.Context())
	if g.ErasedContent([]byte("Gym on tuesdays.")) {
		t.Error("an unconsented marker refuses later memory")
	}
	res, err := importFile(t, s, bundle, ImportOptions{Token: ce.Consent.Token})
	if err != nil || res.NewMarkers != 1 || res.RewrittenLocal != 0 {
		t.Fatalf("import with the token: %+v, %v", res, err)
	}
	if g, _ = s.Guard(t.Context()); !g.ErasedContent([]byte("Gym on tuesdays.")) {
		t.Error("the consented marker does not refuse later memory")
	}
}

// Ensure that a stranger's markers under a key this store does not hold
// need consent too, say so in the summary, teach the store no key (the
// bundle's meta of the earlier format carries one), match nothing, and,
// once consented, stop pushes and exports until their key is imported.
func TestImportUncheckableMarkers(t *testing.T) {
	bundle := foreignMarkerBundle(t, theAndS2)
	s := newTestStore(t, validate.DefaultLimits())
	publishCommon(t, s)
	_, err := importFile(t, s, bundle, ImportOptions{})
	var ce *ConsentError
	if !errors.As(err, &ce) || ce.Consent.Unchecked != 2 || ce.Consent.UncheckedKeys != 1 || len(ce.Consent.Refs) != 0 {
		t.Fatalf("import of markers under an unknown key: %v %+v", err, ce)
	}
	res, err := importFile(t, s, bundle, ImportOptions{Token: ce.Consent.Token})
	if err != nil || res.NewMarkers != 2 || res.RewrittenLocal != 0 {
		t.Fatalf("consented import: %+v, %v", res, err)
	}
	if keys, _, _ := s.Keyring(t.Context()); keys[foreignKeyID] != nil || len(keys) != 1 {
		t.Errorf("the import taught the store %d keys", len(keys))
	}
	if got := gittest.Git(t, s.Path(), "show", "default:pages/notes/tea.md"); !strings.Contains(got, "kitchen") {
		t.Error("markers this store cannot check erased a page")
	}
	if _, err := BundleRefs(t.Context(), s, nil); !errors.Is(err, gitstore.ErrMarkerKeysMissing) || errcode.Of(err) != "marker_keys_missing" {
		t.Errorf("export with unchecked markers: %v", err)
	}
	holdForeignKey(t, s)
	err = s.Exclusive(t.Context(), func(tx *gitstore.Tx) error {
		r, err := ApplyMarkers(t.Context(), tx)
		if err == nil && r.RewrittenLocal == 0 {
			t.Error("the markers checkable now rewrote nothing")
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if all := gittest.Git(t, s.Path(), "cat-file", "--batch-all-objects", "--batch"); strings.Contains(all, "Boarding") || strings.Contains(all, "in the kitchen") {
		t.Error("the markers made checkable left content behind")
	}
	if _, err := BundleRefs(t.Context(), s, nil); err != nil {
		t.Errorf("export once the key is held: %v", err)
	}
}

// Ensure that an incoming text marker of an earlier version (it tells
// the literal's length) is not taken.
func TestImportIgnoresLegacyTextMarkers(t *testing.T) {
	bundle := foreignMarkerBundle(t, func(keyID string, key []byte) []erasure.Marker {
		return []erasure.Marker{{ID: "old", Kind: erasure.MarkerText, KeyID: keyID, Version: erasure.TextMarkerV2,
			HMAC: erasure.Fingerprint(key, "text/2", []string{"tuesdays"}), Length: 8, Created: time.Now().UTC()}}
	})
	s := newTestStore(t, validate.DefaultLimits())
	holdForeignKey(t, s)
	res, err := importFile(t, s, bundle, ImportOptions{TrustErasures: true})
	if err != nil || res.NewMarkers != 0 || res.IgnoredMarkers != 1 {
		t.Fatalf("import of a version 2 marker: %+v, %v", res, err)
	}
	if ms, _ := s.Markers(t.Context()); len(ms) != 0 {
		t.Errorf("store holds %d markers", len(ms))
	}
}

// Ensure that trusted markers that would leave a local head invalid in
// publish mode are refused, changing nothing.
func TestImportMarkersBreakingSchemaRefused(t *testing.T) {
	bundle := foreignMarkerBundle(t, func(keyID string, key []byte) []erasure.Marker {
		m, _ := erasure.MarkText(keyID, key, "s1", time.Now()) // every Sources item of a page
		return []erasure.Marker{m}
	})
	s := newTestStore(t, validate.DefaultLimits())
	holdForeignKey(t, s)
	publishCommon(t, s)
	before, _ := s.Refs(t.Context())
	_, err := importFile(t, s, bundle, ImportOptions{TrustErasures: true})
	if !errors.Is(err, gitstore.ErrErasureBreaksSchema) || errcode.Of(err) != "erasure_breaks_schema" {
		t.Fatalf("schema-breaking markers: %v", err)
	}
	if after, _ := s.Refs(t.Context()); !maps.Equal(before, after) {
		t.Error("a refused import moved refs")
	}
}

// Ensure that trusted markers of memfs's own vocabulary (the Sources
// heading, a trailer key) are kept but match nothing: the import rewrites
// nothing and later publications with Sources and trailers go through.
func TestImportSchemaVocabularyMarkersIgnored(t *testing.T) {
	bundle := foreignMarkerBundle(t, func(keyID string, key []byte) []erasure.Marker {
		var ms []erasure.Marker
		for _, lit := range []string{"Sources", "Memfs-Sources", "session"} {
			m, _ := erasure.MarkText(keyID, key, lit, time.Now())
			ms = append(ms, m)
		}
		return ms
	})
	s := newTestStore(t, validate.DefaultLimits())
	holdForeignKey(t, s)
	publishCommon(t, s)
	before, _ := s.Refs(t.Context())
	res, err := importFile(t, s, bundle, ImportOptions{TrustErasures: true})
	if err != nil || res.RewrittenLocal != 0 {
		t.Fatalf("import of vocabulary markers: %+v, %v", res, err)
	}
	if after, _ := s.Refs(t.Context()); before[branchPrefix+"default"].IsZero() || after[branchPrefix+"default"] != before[branchPrefix+"default"] {
		t.Error("the import rewrote the scope")
	}
	g, err := s.Guard(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	gittest.WriteArtifact(t, dir, []string{"later"}, nil)
	if _, err := s.Publish(t.Context(), dir, gitstore.PublishOptions{Scope: "default", Message: "later", Sources: []string{"s1"}, Guard: g}); err != nil {
		t.Errorf("publish after the import: %v", err)
	}
}

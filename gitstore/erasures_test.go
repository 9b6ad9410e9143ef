package gitstore

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/memfs/memfs/gitstore/erasure"
	"github.com/memfs/memfs/internal/gittest"
	"github.com/memfs/memfs/validate"
	"github.com/memfs/memfs/wiki"
)

// Ensure that markers are content-free, persist in refs/memfs/erasures,
// and make every publication refuse the forgotten literal — whatever its
// case, spacing or punctuation inside new text — and the forgotten session.
func TestErasures_GuardRefusesReintroduction(t *testing.T) {
	s := newTestStore(t, validate.Limits{})
	ctx := t.Context()
	keys, keyID, err := s.Keyring(ctx)
	if err != nil || len(keys[keyID]) != 32 {
		t.Fatalf("Keyring: %d keys, own %q, %v", len(keys), keyID, err)
	}
	const phone = "+1 (555) 867-5309"
	tm, err := erasure.MarkText(keyID, keys[keyID], phone, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	sm := erasure.MarkSession(keyID, keys[keyID], "sess-secret", time.Now())
	if err := s.AppendMarkers(ctx, []erasure.Marker{tm, sm}); err != nil {
		t.Fatal(err)
	}
	if err := s.AppendMarkers(ctx, []erasure.Marker{tm}); err != nil {
		t.Fatal(err)
	}
	ms, err := s.Markers(ctx)
	if err != nil || len(ms) != 2 {
		t.Fatalf("Markers = %d, %v; want 2 (a repeat is not appended)", len(ms), err)
	}
	raw := gittest.Git(t, s.Path(), "show", ErasuresRef+":"+erasuresFile)
	// Whole spellings only: marker ids and fingerprints are random hex, which
	// holds any three digits now and then.
	for _, tok := range []string{"555-867", "867-5309", "5558675309", "sess-secret"} {
		if strings.Contains(raw, tok) {
			t.Fatalf("erasures.jsonl holds %q: markers must be content-free", tok)
		}
	}

	cases := []struct {
		name  string
		extra map[string]string
		code  string
	}{
		{"literal, other spacing and punctuation", map[string]string{
			"pages/notes/contact.md": "# Contact\n\nCall 1-555-867-5309 after six.\n\n## Sources\n\n- session:s1\n"}, validate.CodeErasedContent},
		{"literal in the summary", map[string]string{"summary.md": "Phone: +1 555 867 5309\n"}, validate.CodeErasedContent},
		{"forgotten session", map[string]string{
			"pages/notes/x.md": "# X\n\nA fact.\n\n## Sources\n\n- session:sess-secret\n"}, validate.CodeErasedSource},
	}
	for _, tc := range cases {
		dir := t.TempDir()
		gittest.WriteArtifact(t, dir, []string{"a"}, tc.extra)
		res, err := s.Publish(ctx, dir, PublishOptions{Scope: "default"})
		if !errors.Is(err, validate.ErrRejected) || !slices.ContainsFunc(res.Report.Errors(), func(p validate.Problem) bool { return p.Code == tc.code }) {
			t.Errorf("%s: got %v, want %s", tc.name, err, tc.code)
		}
	}
	// Near miss: the digits in another order pass.
	dir := t.TempDir()
	gittest.WriteArtifact(t, dir, []string{"a"}, map[string]string{"pages/notes/b.md": "# B\n\n5309 867 555 1\n\n## Sources\n\n- session:s1\n"})
	mustPublish(t, s, dir, PublishOptions{})

	// A store opened later (another process) enforces the same markers.
	other, err := Open(ctx, s.opts)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	bad := t.TempDir()
	gittest.WriteArtifact(t, bad, []string{"a"}, map[string]string{"pages/notes/c.md": "# C\n\nPHONE +15558675309? no: +1 555 867 5309.\n\n## Sources\n\n- session:s1\n"})
	if _, err := other.Publish(ctx, bad, PublishOptions{Scope: "default"}); !errors.Is(err, validate.ErrRejected) {
		t.Fatalf("a second Store published forgotten text: %v", err)
	}
	// Stock git sees the marker chain as an ordinary ref.
	if n := strings.TrimSpace(gittest.Git(t, s.Path(), "rev-list", "--count", ErasuresRef)); n != "1" {
		t.Fatalf("refs/memfs/erasures has %s commits, want 1", n)
	}
}

// guardCase is a text published against the markers of guardLiterals:
// refused with erased_content, or published.
type guardCase struct {
	name, text string
	refused    bool
}

var guardLiterals = []string{"correct horse battery staple", "hunter2", "555 867 5309", "zebra 4491 quartz"}

// Ensure that the guard refuses every spelling of a forgotten literal a
// reader takes for it — look-alike letters, compatibility forms,
// entities, invisible characters, markup and separators inside it — and
// publishes near misses.
func TestErasures_GuardRefusesLookAlikes(t *testing.T) {
	s := newTestStore(t, validate.Limits{})
	ctx := t.Context()
	keys, keyID, err := s.Keyring(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var ms []erasure.Marker
	for _, lit := range guardLiterals {
		m, err := erasure.MarkText(keyID, keys[keyID], lit, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		if m.Version != erasure.TextMarkerV3 || m.Length != 0 || m.NTokens != 0 || len(m.HMAC) != 32 {
			t.Fatalf("erasure.MarkText(%q) = version %d, length %d, ntokens %d, fingerprint of %d hex digits", lit, m.Version, m.Length, m.NTokens, len(m.HMAC))
		}
		ms = append(ms, m)
	}
	if err := s.AppendMarkers(ctx, ms); err != nil {
		t.Fatal(err)
	}
	if raw := gittest.Git(t, s.Path(), "show", ErasuresRef+":"+erasuresFile); !strings.Contains(raw, `"version":3`) || strings.Contains(raw, "hunter") || strings.Contains(raw, "length") {
		t.Fatalf("erasures.jsonl = %s, want version 3 markers without content or length", raw)
	}
	runGuardCases(t, s, []guardCase{
		{"zero width space", "cor\u200brect horse battery staple", true},
		{"soft hyphen", "correct hor\u00adse battery staple", true},
		{"fullwidth", "ｃｏｒｒｅｃｔ ｈｏｒｓｅ ｂａｔｔｅｒｙ ｓｔａｐｌｅ", true},
		{"mathematical", "𝐜𝐨𝐫𝐫𝐞𝐜𝐭 𝗵𝗼𝗿𝘀𝗲 𝘣𝘢𝘵𝘵𝘦𝘳𝘺 𝚜𝚝𝚊𝚙𝚕𝚎", true},
		{"cyrillic homoglyphs", "соrrесt hоrsе bаttеry stаplе", true},
		{"html entity", "&#99;orrect horse battery staple", true},
		{"markdown emphasis inside a word", "cor**rect** horse battery staple", true},
		{"hyphen inside a word", "cor-rect horse battery staple", true},
		{"words joined", "correcthorsebatterystaple", true},
		{"prefix only", "correct horse, said nobody", false},
		{"one word changed", "correct house battery staple", false},
		{"hyphen", "the password hunter-2 again", true},
		{"space", "hunter 2", true},
		{"underscore", "hunter_2", true},
		{"superscript", "hunter²", true},
		{"fullwidth digits", "ｈｕｎｔｅｒ２", true},
		{"other digit", "hunter3", false},
		{"other letter", "hunterz", false},
		{"more digits", "hunter 22", false},
		{"glued to a word", "hunter2x and xhunter2", false},
		{"digits joined", "call 5558675309", true},
		{"digits near miss", "call 5558675300 or 555 867 530", false},
		{"joined slug", "see zebra4491quartz for details", true},
		{"slug near miss", "see zebra4491quartzite", false},
	})
}

// runGuardCases publishes each case's text in a page of s.
func runGuardCases(t *testing.T, s *Store, cases []guardCase) {
	t.Helper()
	for i, c := range cases {
		dir := t.TempDir()
		path := fmt.Sprintf("pages/notes/case%d.md", i)
		gittest.WriteArtifact(t, dir, []string{"a"}, map[string]string{path: "# Case\n\n" + c.text + "\n\n## Sources\n\n- session:s1\n"})
		res, err := s.Publish(t.Context(), dir, PublishOptions{Scope: "default"})
		refused := errors.Is(err, validate.ErrRejected) && slices.ContainsFunc(res.Report.Errors(), func(p validate.Problem) bool {
			return p.Code == validate.CodeErasedContent && p.Path == path
		})
		if refused != c.refused || !refused && err != nil {
			t.Errorf("%s: publishing %q: %v, want refused %v", c.name, c.text, err, c.refused)
		}
	}
}

// markTextV1 writes a text marker the way erasure.MarkText did before versions:
// the fingerprint of the literal's NFC tokens and their count.
func markTextV1(keyID string, key []byte, literal string) erasure.Marker {
	toks := wiki.LegacyTokens(literal)
	return erasure.Marker{ID: gittest.MarkerID(), Kind: erasure.MarkerText, KeyID: keyID, HMAC: erasure.Fingerprint(key, erasure.MarkerText, toks),
		NTokens: len(toks), Created: time.Now().UTC()}
}

// Ensure that text markers written before versions (version 1: windows
// of NFC tokens) keep refusing what they refused, non-ASCII literals
// included, read from the JSON they were written as, and that an eraser
// with the guard strips what the guard refuses.
func TestErasures_V1MarkersKeepWorking(t *testing.T) {
	s := newTestStore(t, validate.Limits{})
	ctx := t.Context()
	keys, keyID, err := s.Keyring(ctx)
	if err != nil {
		t.Fatal(err)
	}
	phone, ru := markTextV1(keyID, keys[keyID], "555 867 5309"), markTextV1(keyID, keys[keyID], "Пароль бабушки")
	// The JSON lines exactly as they were written: no version, no length.
	var old bytes.Buffer
	for _, m := range []erasure.Marker{phone, ru} {
		fmt.Fprintf(&old, `{"id":%q,"kind":"text","key_id":%q,"hmac":%q,"ntokens":%d,"created":"2024-05-01T00:00:00Z"}`+"\n", m.ID, m.KeyID, m.HMAC, m.NTokens)
	}
	parsed, err := erasure.ParseMarkers(old.Bytes())
	if err != nil || len(parsed) != 2 || parsed[0].Version != 0 || parsed[0].NTokens != 3 {
		t.Fatalf("parseMarkers of version 1 lines = %+v, %v", parsed, err)
	}
	if err := s.AppendMarkers(ctx, parsed); err != nil {
		t.Fatal(err)
	}
	if raw := gittest.Git(t, s.Path(), "show", ErasuresRef+":"+erasuresFile); strings.Contains(raw, `"version"`) {
		t.Fatalf("version 1 markers were rewritten: %s", raw)
	}
	runGuardCases(t, s, []guardCase{
		{"as today: spacing and punctuation", "Call +1 (555) 867-5309.", true},
		{"as today: order", "5309 867 555", false},
		{"as today: digits joined", "5558675309", false},
		{"look-alike digits", "５５５ ８６７ ５３０９", true},
		{"non-ASCII literal", "пароль БАБУШКИ", true},
		{"non-ASCII near miss", "пароль дедушки", false},
	})

	g, err := s.Guard(ctx)
	if err != nil {
		t.Fatal(err)
	}
	content := []byte("# T\n\nKeep.\n\nЕё пароль бабушки.\n\nCall 555.867.5309\n")
	out, n := wiki.StripMatches(content, g)
	if string(out) != "# T\n\nKeep.\n" || n != 2 || g.ErasedContent(out) {
		t.Fatalf("StripMatches with the guard = (%q, %d)", out, n)
	}
}

// Ensure that markers the guard cannot check — unknown versions,
// malformed fingerprints, no length, a block sealed under another key —
// are ignored, not fatal.
func TestErasures_GuardIgnoresUncheckableMarkers(t *testing.T) {
	key := bytes.Repeat([]byte{7}, 32)
	keys := map[string][]byte{"k1": key}
	good, err := erasure.MarkText("k1", key, "hunter2", time.Now())
	if err != nil {
		t.Fatal(err)
	}
	other, err := erasure.MarkText("k1", bytes.Repeat([]byte{8}, 32), "hunter2", time.Now())
	if err != nil {
		t.Fatal(err)
	}
	future, bad, short, long := good, good, good, good
	future.Version, future.HMAC = 4, strings.Repeat("ab", 32)
	bad.HMAC = "zz"
	short.Version, short.Length = erasure.TextMarkerV2, 0
	long.HMAC = strings.Repeat("ab", 32)
	g := erasure.NewGuard(keys, []erasure.Marker{future, bad, short, long, other})
	if g.ErasedContent([]byte("hunter2")) || g.Span() != 0 || g.Legacy() != nil {
		t.Fatalf("uncheckable markers matched (span %d)", g.Span())
	}
	if g = erasure.NewGuard(keys, []erasure.Marker{good}); !g.ErasedContent([]byte("hunter 2")) || g.Legacy() != nil {
		t.Fatal("a version 3 marker does not match")
	}
}

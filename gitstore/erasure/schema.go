package erasure

import (
	"crypto/aes"
	"crypto/sha256"
	"encoding/hex"
	"regexp"
	"strings"

	"github.com/memfs/memfs/validate"
	"github.com/memfs/memfs/wiki"
)

// memfs's own vocabulary. memfs writes some words into every commit or
// page itself: trailer keys, the Sources heading and the "session:" prefix
// of its items, the neutral author and subject a forget writes, the fixed
// words of the builtin's count lines and of a dream's note on what it left
// out. A marker matching them would refuse whatever memfs writes next, in
// every publication and every dream (a wedged store), or make a forget
// write what it forbids. So:
//
//   - a literal made only of that vocabulary (SchemaLiteral: the
//     concatenation of a run of consecutive tokens of one phrase below,
//     "Memfs-Sources", "sources", "memfs", "removed by forget") cannot be
//     forgotten: forget refuses it as forget_breaks_schema;
//   - a text marker received from elsewhere is checked the only way a
//     fingerprint can be: NewGuard computes, under each key of the
//     keyring, the fingerprint of every such literal (both text marker
//     versions) and ignores a marker equal to one. It stays in the marker
//     chain (which is append-only) and matches nothing;
//   - the guard and the eraser read a line that starts with one of memfs's
//     own trailer keys by what follows the key (maskOwnKeys), so the keys
//     are never matched as text or as a session id, whatever the markers.
var schemaPhrases = []string{
	validate.TrailerArtifact, validate.TrailerRun, validate.TrailerSources,
	wiki.SourcesHeading, wiki.SessionPrefix,
	NeutralName, NeutralEmail, NeutralSubject,
	wiki.ForgetNotePhrase, // a dream's note, dream.noteDropped
}

// Neutral signature of a commit whose author or committer held forgotten
// text.
const (
	NeutralName  = "memfs"
	NeutralEmail = "memfs@localhost"
)

// NeutralSubject is the subject an erasing rewrite gives a commit whose
// subject it removed: the trailers stay the message's last paragraph,
// after a subject and a blank line, so they are still read as trailers.
// It is the same everywhere, so a forget and an import of its markers
// make the same commits; its words are memfs's own, which no marker
// matches (SchemaLiteral).
const NeutralSubject = "memfs: content removed by forget"

// schemaRuns returns the concatenations of every run of consecutive tokens
// of the schema phrases, under tokens (wiki.Tokens or wiki.LegacyTokens),
// with the runs themselves.
func schemaRuns(tokens func(string) []string) map[string][]string {
	out := map[string][]string{}
	for _, p := range schemaPhrases {
		toks := tokens(p)
		for i := range toks {
			for j := i + 1; j <= len(toks); j++ {
				out[strings.Join(toks[i:j], "")] = toks[i:j]
			}
		}
	}
	return out
}

// SchemaLiteral reports whether a literal is made only of memfs's own
// vocabulary (see schemaPhrases): forgetting it would refuse what memfs
// itself writes, so it cannot be forgotten.
func SchemaLiteral(literal string) bool {
	c := strings.Join(wiki.ReaderTokens(literal), "")
	_, ok := schemaRuns(wiki.Tokens)[c]
	return c != "" && ok
}

// schemaPrints returns, under a key, the fingerprints a text marker of a
// schema literal has: versions 3 and 2 (the concatenation) and version 1
// (the legacy tokens).
func schemaPrints(key []byte) map[string]bool {
	out := map[string]bool{}
	seal := newSealer(key)
	for c := range schemaRuns(wiki.Tokens) {
		out[Fingerprint(key, textV2Domain, []string{c})] = true
		out[seal.seal(markedRun([]string{c}))] = true
	}
	for _, toks := range schemaRuns(wiki.LegacyTokens) {
		out[Fingerprint(key, MarkerText, toks)] = true
	}
	return out
}

// schemaMarker reports whether a text marker fingerprints a schema
// literal under its key; prints caches schemaPrints by key id.
func schemaMarker(m Marker, keys map[string][]byte, prints map[string]map[string]bool) bool {
	if m.Kind != MarkerText {
		return false
	}
	p, ok := prints[m.KeyID]
	if !ok {
		p = schemaPrints(keys[m.KeyID])
		prints[m.KeyID] = p
	}
	b, err := hex.DecodeString(m.HMAC)
	return err == nil && (len(b) == sha256.Size || len(b) == aes.BlockSize) && p[hex.EncodeToString(b)]
}

// ownTrailerKeys are the trailer keys memfs writes itself.
var ownTrailerKeys = [...]string{validate.TrailerArtifact, validate.TrailerRun, validate.TrailerSources}

// Lines memfs generates whole: the subject of a dream's commit, of a
// merge an import made, of a publication without a message, and the
// trailers whose values memfs makes (the artifact version, a run id).
// Nothing in them comes from the user, so no marker may match them: a
// marker for "dream" or "incoming head" would otherwise refuse every
// dream's or every merge's own message. The user's part of a message (a
// dreamer's summary, a given message, the session ids of Memfs-Sources)
// is still matched.
var (
	generatedSubject = regexp.MustCompile(`^(?:dream [0-9]{8}T[0-9]{6}Z-[0-9a-f]{8}: [0-9]+ session\(s\)` +
		`|Merge memory of [a-z0-9][a-z0-9_-]{0,63}: [0-9]+ local change\(s\) onto the incoming head` +
		`|Publish memory: [0-9]+ file\(s\) changed` +
		`|` + regexp.QuoteMeta(NeutralSubject) + `)$`)
	generatedTrailer = regexp.MustCompile(`^(?:` + regexp.QuoteMeta(validate.TrailerArtifact) + `: [0-9]+` +
		`|` + regexp.QuoteMeta(validate.TrailerRun) + `: [0-9]{8}T[0-9]{6}Z-[0-9a-f]{8})$`)
)

// generatedLine reports whether line i of a message (without its
// newline) is one memfs generates whole.
func generatedLine(i int, line string) bool {
	line = strings.TrimSuffix(line, "\r")
	return (i == 0 && generatedSubject.MatchString(line)) || generatedTrailer.MatchString(line)
}

// maskGenerated is the prefix of a masked generated line; as many 0x01
// follow as the line's index, so unmasking finds the original.
const maskGenerated = "\x00\x00\x00\x00"

// maskOwnKeys returns msg with each line memfs generates whole replaced
// by maskGenerated and its index in 0x01 bytes (no token at all), and
// each other line that starts with one of memfs's own trailer keys and a
// colon starting instead with k+1 NULs, k the key's index, so matching
// reads such a line by what follows its key only; ok reports whether it
// masked a line. A message holding a NUL or 0x01 itself (publish refuses
// those) is returned as it is.
func maskOwnKeys(msg string) (masked string, ok bool) {
	if strings.ContainsAny(msg, "\x00\x01") {
		return msg, false
	}
	lines := strings.SplitAfter(msg, "\n")
	for i, l := range lines {
		body, nl := strings.CutSuffix(l, "\n")
		if generatedLine(i, body) {
			lines[i], ok = maskGenerated+strings.Repeat("\x01", i), true
			if nl {
				lines[i] += "\n"
			}
			continue
		}
		for k, key := range ownTrailerKeys {
			if rest, cut := strings.CutPrefix(l, key+":"); cut {
				lines[i], ok = strings.Repeat("\x00", k+1)+rest, true
				break
			}
		}
	}
	return strings.Join(lines, ""), ok
}

// MessageView is a message as the guard and the eraser match it: each
// line memfs generates whole reads as no text, and each line that starts
// with one of memfs's own trailer keys is read by what follows the key
// only.
func MessageView(msg string) string {
	m, _ := maskOwnKeys(msg)
	return m
}

// unmaskOwnKeys restores what maskOwnKeys masked in orig, also after
// lines were removed.
func unmaskOwnKeys(masked, orig string) string {
	origLines := strings.SplitAfter(orig, "\n")
	lines := strings.SplitAfter(masked, "\n")
	for i, l := range lines {
		if rest, ok := strings.CutPrefix(l, maskGenerated); ok {
			body, nl := strings.CutSuffix(rest, "\n")
			if j := len(body); j < len(origLines) && strings.Trim(body, "\x01") == "" {
				lines[i] = strings.TrimSuffix(origLines[j], "\n")
				if nl {
					lines[i] += "\n"
				}
				continue
			}
		}
		n := len(l) - len(strings.TrimLeft(l, "\x00"))
		if n >= 1 && n <= len(ownTrailerKeys) {
			lines[i] = ownTrailerKeys[n-1] + ":" + l[n:]
		}
	}
	return strings.Join(lines, "")
}

// StripMessageText removes from a message every line holding a match of
// m (a match spanning lines removes each line it touches), reading a line
// of memfs's own trailer keys by its value, and returns the message and
// the number of lines removed.
func StripMessageText(msg string, m wiki.Matcher) (string, int) {
	masked, ok := maskOwnKeys(msg)
	out, n := wiki.StripMatchLines([]byte(masked), m)
	switch {
	case n == 0:
		return msg, 0
	case ok:
		return unmaskOwnKeys(string(out), msg), n
	}
	return string(out), n
}

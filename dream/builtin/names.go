package builtin

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"regexp"
	"strings"
	"unicode"

	"github.com/memfs/memfs/dream/builtin/hear"
)

// readRecords reads a staged transcript, every role: what the user said
// is for package hear to tell.
func readRecords(name string) ([]hear.Record, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []hear.Record
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		var r hear.Record
		if json.Unmarshal(sc.Bytes(), &r) != nil {
			continue
		}
		out = append(out, r)
	}
	return out, sc.Err()
}

var reRedacted = regexp.MustCompile(`\[REDACTED[^\]]*\]`)

// identity returns the key two statements share when they are about the
// same thing (a later one replaces an earlier one with another value) and
// the words a page name is made from: the statement's subject, else the
// claim's own text as key (only the same claim shares it) and the user's
// words as name.
func identity(st hear.Statement) (key string, name []string) {
	if st.Subject != "" {
		return strings.ToLower(st.Subject), strings.FieldsFunc(st.Subject, func(r rune) bool {
			return r == ':' || r == '-' || r == '_' || unicode.IsSpace(r)
		})
	}
	text := reRedacted.ReplaceAllString(st.Claim, " ")
	split := func(s string) []string {
		return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '\'' })
	}
	ws := split(text)
	var name6 []string
	for _, w := range split(reRedacted.ReplaceAllString(st.Quote, " ")) {
		if len(name6) < 6 && len(w) > 1 && !nameFiller[w] {
			name6 = append(name6, w)
		}
	}
	return "text:" + strings.Join(ws, " "), name6
}

// nameFiller are words of a claim that name nothing.
var nameFiller = map[string]bool{
	"the": true, "a": true, "an": true, "and": true, "or": true, "that": true, "this": true, "to": true, "of": true,
	"in": true, "on": true, "for": true, "we": true, "i": true, "my": true, "our": true, "is": true, "are": true,
	"be": true, "it": true, "about": true, "you": true, "me": true, "with": true, "at": true, "by": true, "as": true,
	"i'm": true, "was": true, "were": true, "what": true, "said": true, "from": true, "now": true, "going": true,
	"forward": true, "make": true, "sure": true, "let's": true, "remember": true, "really": true, "always": true,
	"we're": true, "i've": true, "we've": true, "your": true, "us": true, "keep": true, "mind": true, "note": true,
}

// slugWords builds a page name from words, within the segment limit; "" if
// no word is usable.
func slugWords(ws []string) string {
	var b strings.Builder
	for _, w := range ws {
		var seg strings.Builder
		for _, r := range strings.ToLower(w) {
			if r < 0x80 && (r >= 'a' && r <= 'z' || r >= '0' && r <= '9') {
				seg.WriteRune(r)
			}
		}
		if seg.Len() == 0 {
			continue
		}
		if b.Len()+seg.Len()+1 > 48 {
			break
		}
		if b.Len() > 0 {
			b.WriteByte('-')
		}
		b.WriteString(seg.String())
	}
	return b.String()
}

// keyHash is a short, stable digest of an identity key: the suffix that
// makes a page name unique when its plain name is taken.
func keyHash(key string, n int) string {
	sum := sha256.Sum256([]byte(key))
	return hex.EncodeToString(sum[:])[:n]
}

// gistText is a claim trimmed to one index line.
func gistText(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > 200 {
		s = strings.TrimSpace(string(r[:200])) + "…"
	}
	return s
}

func capitalize(s string) string {
	s = strings.TrimSpace(s)
	for i, r := range s {
		return string(unicode.ToUpper(r)) + s[i+len(string(r)):]
	}
	return s
}

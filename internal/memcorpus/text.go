package memcorpus

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// Normalize is the form both sides of every match are put in: Unicode NFC,
// lower case, every run of white space one space, trimmed. A string matches
// a text when its normal form is a substring of the text's.
func Normalize(s string) string {
	s = norm.NFC.String(s)
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for _, r := range s {
		if unicode.IsSpace(r) {
			space = b.Len() > 0
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

// sessionText returns the normalized text of every JSON string value in a
// JSONL transcript, one value per line. A string value that is itself a JSON
// document (Codex's tool arguments and outputs) contributes its own string
// values too, so a value escaped inside it is found unescaped.
func sessionText(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", fmt.Errorf("memcorpus: open session: %w", err)
	}
	defer f.Close()
	var parts []string
	r := bufio.NewReader(f)
	for n := 1; ; n++ {
		line, err := r.ReadBytes('\n')
		if len(bytes.TrimSpace(line)) > 0 {
			var v any
			if jerr := json.Unmarshal(line, &v); jerr != nil {
				return "", fmt.Errorf("memcorpus: %s line %d: %w", path, n, jerr)
			}
			collect(v, &parts, 0)
		}
		if err != nil {
			break
		}
	}
	return Normalize(strings.Join(parts, "\n")), nil
}

// collect appends v's string values (and, for strings that parse as JSON
// objects or arrays, theirs) to parts, up to a small nesting depth.
func collect(v any, parts *[]string, depth int) {
	switch x := v.(type) {
	case string:
		*parts = append(*parts, x)
		t := strings.TrimSpace(x)
		if depth < 3 && len(t) > 1 && (t[0] == '{' || t[0] == '[') {
			var inner any
			if json.Unmarshal([]byte(t), &inner) == nil {
				collect(inner, parts, depth+1)
			}
		}
	case []any:
		for _, e := range x {
			collect(e, parts, depth)
		}
	case map[string]any:
		for k, e := range x {
			*parts = append(*parts, k)
			collect(e, parts, depth)
		}
	}
}

// contains reports whether s, normalized, occurs in the normalized text.
func contains(text, s string) bool {
	n := Normalize(s)
	return n != "" && strings.Contains(text, n)
}

package termsafe

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"
)

// Ensure that what an attacker could use to drive or mislead a terminal is
// escaped, and ordinary text, other languages and emoji included, is not.
func TestEscape(t *testing.T) {
	cases := []struct{ name, in, want string }{
		{"plain", "hello, world\n\tindented", "hello, world\n\tindented"},
		{"unicode", "Grüße 東京 🙂 ‘quotes’ — ok", "Grüße 東京 🙂 ‘quotes’ — ok"},
		{"backslash kept", `C:\x1b`, `C:\x1b`},
		{"escape sequence", "a\x1b[2J\x1b]0;pwned\x07b", `a\x1b[2J\x1b]0;pwned\x07b`},
		{"carriage return hides text", "rm -rf /\rls", `rm -rf /\x0dls`},
		{"NUL and backspace", "a\x00b\x08", `a\x00b\x08`},
		{"DEL", "a\x7fb", `a\x7fb`},
		{"C1 CSI", "a\u009b2Jb", `a\u009b2Jb`},
		{"C1 OSC and ST", "\u009d0;x\u009c", `\u009d0;x\u009c`},
		{"bidi override", "access\u202e\u2066level\u2069", `access\u202e\u2066level\u2069`},
		{"every bidi embedding", "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069", `\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069`},
		{"raw C1 byte, invalid UTF-8", "a\x9b2Jb", `a\x9b2Jb`},
		{"truncated sequence", "a\xe2\x80", `a\xe2\x80`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := Escape(c.in)
			if got != c.want {
				t.Fatalf("Escape(%q) = %q, want %q", c.in, got, c.want)
			}
			if b := EscapeBytes([]byte(c.in)); string(b) != c.want {
				t.Fatalf("EscapeBytes = %q", b)
			}
			var buf bytes.Buffer
			n, err := NewWriter(&buf).Write([]byte(c.in))
			if err != nil || n != len(c.in) || buf.String() != c.want {
				t.Fatalf("writer: %d %v %q", n, err, buf.String())
			}
		})
	}
}

// Ensure that no output of Escape holds a character it promises to
// escape, whatever the input.
func FuzzEscape(f *testing.F) {
	for _, s := range []string{"a\x1b[0m", "\u202e", "\x9b", "ok\n", "\xff\xfe"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := Escape(s)
		if !utf8.ValidString(out) {
			t.Fatalf("invalid UTF-8 out of %q", s)
		}
		for _, r := range out {
			if (r < 0x20 && r != '\n' && r != '\t') || r == 0x7f || unsafeRune(r) {
				t.Fatalf("Escape(%q) = %q keeps %U", s, out, r)
			}
		}
		if safe(s) && out != s {
			t.Fatalf("safe text changed: %q -> %q", s, out)
		}
		if strings.Count(out, "\n") != strings.Count(s, "\n") {
			t.Fatalf("newlines changed: %q -> %q", s, out)
		}
	})
}

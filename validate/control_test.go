package validate_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/memfs/memfs/validate"
)

// Ensure that publish mode refuses a page, summary or index holding a
// terminal control (escape sequences, a C1 CSI, DEL, a backspace) with
// invalid_encoding naming the path and the byte offset and quoting nothing,
// while read mode still serves it and tab, CR and LF pass.
func TestControlCharacters(t *testing.T) {
	t.Parallel()
	body := page("s1")
	cases := []struct {
		name, content string
		at            int // -1: accepted
	}{
		{"escape sequence", "# T\n\x1b]0;" + secret + "\x07\n" + body, 4},
		{"C1 CSI", "# T\u009b2J\n" + body, 3},
		{"DEL", "# T\x7f\n" + body, 3},
		{"backspace", "# \x08T\n" + body, 2},
		{"tab CR LF", "# T\r\n\tx\r\n" + body, -1},
		{"unicode", "# Grüße — 東京 🙂 \u00a0\n" + body, -1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for _, p := range []string{"pages/a/x.md", "summary.md"} {
				dir := t.TempDir()
				files := map[string]string{"summary.md": "s\n", "index.md": "# I\n", "pages/a/x.md": body}
				files[p] = c.content
				writeFiles(t, dir, files)
				r := run(t, openDir(t, dir), validate.Options{NoRequireSources: true}, validate.ModePublish)
				assertNoLeak(t, r, c.content)
				if c.at < 0 {
					assertProblems(t, r, nil)
					continue
				}
				assertProblems(t, r, []want{E(p, validate.CodeInvalidEncoding)})
				if msg := r.Problems[0].Message; !strings.Contains(msg, "byte offset "+strconv.Itoa(c.at)) {
					t.Errorf("%s: message %q does not give offset %d", p, msg, c.at)
				}
				read := run(t, openDir(t, dir), validate.Options{NoRequireSources: true}, validate.ModeRead)
				assertProblems(t, read, nil)
			}
		})
	}
}

func TestControlAt(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		in   string
		want int
	}{
		{"", -1}, {"ok\t\r\n", -1}, {"\x00", 0}, {"ab\x1b", 2}, {"a\x7f", 1},
		{"é\u0085", 2}, {"\u00a0\u00c2", -1}, {"\xc2", -1}, {"a\u202e", -1},
	} {
		if got := validate.ControlAt(c.in); got != c.want {
			t.Errorf("ControlAt(%q) = %d, want %d", c.in, got, c.want)
		}
		if got := validate.ControlAt([]byte(c.in)); got != c.want {
			t.Errorf("ControlAt([]byte %q) = %d, want %d", c.in, got, c.want)
		}
	}
}

package wiki

import (
	"reflect"
	"strings"
	"testing"
)

// sampleIndex is an index.md as the builtin dreamer writes it, with the
// generated lines of generated.go.
var sampleIndex = "# Memory index\n\n" +
	"One line per current claim, most durable and recently confirmed first; quotes are the user's words.\n\n## Areas\n\n" +
	AreaCountLine("conventions", 2) + "\n" + AreaCountLine("project", 1) + "\n\n## Pages\n\n### conventions\n\n" +
	"- [Always rebase before merging \\[main\\].](pages/conventions/rebase.md)\n" +
	"- [“run `make` first” — Ünïcödé, 日本語, ✓ & *stars*!](pages/conventions/make.md)\n" +
	"\nMore claims of this area are on its pages: pages/conventions/index.md lists them.\n\n### project\n\n" +
	"- [The build image is node:22.](pages/project/build.md)\n"

// samplePage is a page as the builtin dreamer writes it: a meta comment,
// claims with their comment and nested items, a Sources section.
var samplePage = "# Vision\n\n<!-- memfs-builtin page area=project topic=Vision rules=22 -->\n\n" +
	"- The user said: “ベンダーは Kowa Vision で …” <!-- memfs-builtin claim area=project subject=%E3%83%99 lang=ja kind=fact seen=3 since=1 -->\n" +
	"  - User said: “ベンダーは Kowa Vision で、窓口は佐々木さん。”\n" +
	"  - Sources: session:38d730db-90ae-6f87-1939-e8bd2463edc2 entry:1acba633-6cf7-6573-11f7-d7c975688919\n" +
	"  - Before: Run `make check` before 5 > 3 & *always*!\n" +
	"    - Withdrawn in: session:cca49db3-af73-5db9-89fc-79217d33817a entry:line:13\n" +
	"- The build image is node:22. <!-- memfs-builtin claim area=project subject=build lang=en kind=fact seen=5 since=5 -->\n" +
	"  - Sources: session:2719712f-96b3-3c41-a774-c49aa79c2640 entry:ef68a81d\n\n" +
	"## Sources\n\n" +
	"- session:38d730db-90ae-6f87-1939-e8bd2463edc2\n" +
	"- session:cca49db3-af73-5db9-89fc-79217d33817a (entry:line:13)\n" +
	"- session:\n"

// Ensure that the line reader accepts exactly the documents it reads as
// goldmark does, and reads them so: the generated indexes in their
// variants, and the Markdown that would read otherwise falls back.
func TestParseLines(t *testing.T) {
	long := "- [" + strings.Repeat("word ", 40000) + "](pages/a/b.md)\n"
	for _, tc := range []struct {
		name   string
		src    string
		accept bool
	}{
		{"index", sampleIndex, true},
		{"area index", "# Conventions\n\n- [Rebase](rebase.md)\n- [Build \\[ci\\]](build.md)\n", true},
		{"empty", "", true},
		{"no pages", "# Memory index\n\n## Areas\n\n" + NoPagesLine + "\n", true},
		{"crlf", strings.ReplaceAll("# Conventions\n\n- [Rebase](rebase.md)\n- [Build](build.md)\n", "\n", "\r\n"), true},
		{"no final newline", "# A\n\n- [b](c.md)", true},
		{"unicode", "# Überblick 日本\n\n- [日本語の説明 — “quoted” ✓](pages/a/ja-1f3a.md)\n", true},
		{"over-long line", long, true},
		{"several links a line", "- [a](x.md) and [b](y.md), [c](z.md)\n", true},
		{"lazy continuation", "- [a](x.md)\nStill the item.\n- [b](y.md)\n", true},
		{"paragraph then list", "Intro line.\n- [a](x.md)\n", true},
		{"fragment and query", "- [a](x.md#part?q=1)\n", true},
		{"sources heading", "# A\n\n## Sources\n\n- [a](x.md)\n", false},
		{"code span", "- [run `make` or ``a ` b``](x.md)\n", true},
		{"code span holding a bracket", "- [a `]` b](x.md)\n", true},
		{"code span holding a link", "- [a](x.md) `[b](y.md)`\n", true},
		{"code span open", "- [run `make](x.md)\n", false},
		{"literal backslash and less-than", "- [C:\\Users\\me has 3 < 5 -> ok](x.md)\n", true},
		{"code span across link", "- [not a `link](/foo`)\n", false},
		{"nested link", "- [a [b](c) d](e)\n", false},
		{"escaped backslash", "- [a\\\\](b)\n", false},
		{"html", "- [a <b>bold</b>](x.md)\n", false},
		{"autolink", "- [a](x.md) <https://example.com>\n", false},
		{"image", "- [a](x.md) ![b](y.png)\n", false},
		{"entity in dest", "- [a](x&amp;y.md)\n", false},
		{"dest with title", "- [a](x.md \"t\")\n", false},
		{"dest in angles", "- [a](<x y.md>)\n", false},
		{"empty dest", "- [a]()\n", false},
		{"bare CR", "# A\r- [a](x.md)\n", false},
		{"tab", "- [a\tb](x.md)\n", false},
		{"indented", "  - [a](x.md)\n", false},
		{"setext", "Title\n===\n", false},
		{"reference", "[a]: x.md\n", false},
		{"closing hashes", "# A #\n", false},
		{"heading link", "# [A](x.md)\n", false},
		{"invalid utf-8", "- [a\xff](x.md)\n", false},
		{"builtin page", samplePage, true},
		{"builtin page, crlf", strings.ReplaceAll(samplePage, "\n", "\r\n"), true},
		{"comment line", "<!-- memfs-builtin page area=a -->\n# A\n", true},
		{"text items nested and indented", "- a\n  - b\n    - c\n            - d\n\n    - code\n", true},
		{"text item quoting a fence", "- ~~~\n  - inside\n# Title\n", true},
		{"text item, then a link item", "- a `b`\n- [c](d.md)\n", true},
		{"text item holding a bracket", "- a [b] c\n", false},
		{"text item, escaped brackets", "- a \\[b\\] c\n", true},
		{"nested link item", "- a\n  - [b](c.md)\n", false},
		{"empty item", "- \n", false},
		{"setext underline of spaces", "A\n-  \n", false},
		{"e-mail autolink", "- [a](x.md) <0@0>\n", false},
		{"e-mail autolink in a text item", "- write to <ops@example.com>\n", false},
		{"deep indentation", "              - a\n", false},
		{"comment not at the end", "- a <!-- b --> c\n", false},
		{"comment not closed", "- a <!-- b\n- c -->\n", false},
		{"comment holding a double dash", "- a <!-- b -- c -->\n", false},
		{"comment ending in a dash", "- a <!-- b--->\n", false},
		{"comment holding a tag", "- a <!-- <b> -->\n", false},
		{"comment without a space before", "- a<!-- b -->\n", false},
		{"comment line not closed", "<!-- a\n- [b](c.md)\n-->\n", false},
		{"sources", "# A\n\n## Sources\n\n- session:abc-1 note\n\n- session:def\n### more\n- session:ghi\n", true},
		{"sources, a bad id", "## Sources\n\n- session:\n- session:!x\n", true},
		{"sources, then another section", "## Sources\n\n- session:abc\n\n## Notes\n\n- [a](x.md)\n", true},
		{"level-1 sources heading", "# Sources\n\n- [a](x.md)\n", true},
		{"sources, a nested item", "## Sources\n\n- session:abc\n  - session:def\n", false},
		{"sources, a paragraph", "## Sources\n\nsession:abc\n", false},
		{"sources, a link item", "## Sources\n\n- [a](x.md)\n", false},
		{"sources, a comment", "## Sources\n\n<!-- a -->\n", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			page, ok := parseLines([]byte(tc.src))
			if ok != tc.accept {
				t.Fatalf("accepted = %v, want %v", ok, tc.accept)
			}
			if ok {
				assertReadAsGoldmark(t, []byte(tc.src), page)
			}
		})
	}
}

// assertReadAsGoldmark fails when page is not what goldmark reads of src.
func assertReadAsGoldmark(t *testing.T, src []byte, page *Page) {
	t.Helper()
	want := NewParser().parseMarkdown(src)
	if !reflect.DeepEqual(page, want) {
		t.Fatalf("line reader: %+v\ngoldmark:    %+v", page, want)
	}
}

// FuzzParseLines holds the line reader to goldmark: whatever it accepts,
// it reads as goldmark does (title, links and their lines, citations).
func FuzzParseLines(f *testing.F) {
	f.Add([]byte(sampleIndex))
	f.Add([]byte(samplePage))
	f.Fuzz(func(t *testing.T, src []byte) {
		if page, ok := parseLines(src); ok {
			assertReadAsGoldmark(t, src, page)
		}
	})
}

// BenchmarkParseIndex reads an index.md at its size budget (160 KiB) the
// way validation does, by the line reader and by goldmark.
func BenchmarkParseIndex(b *testing.B) {
	var sb strings.Builder
	sb.WriteString("# Memory index\n\n## Areas\n\n" + AreaCountLine("project", 100) + "\n\n## Pages\n\n### project\n\n")
	for i := 0; sb.Len() < 160<<10; i++ {
		sb.WriteString("- [The service " + strings.Repeat("x", i%7) + " timeout is `30s` now.](pages/project/service.md)\n")
	}
	src := []byte(sb.String())
	p := NewParser()
	for _, bc := range []struct {
		name  string
		parse func([]byte) *Page
	}{{"lines", p.Parse}, {"goldmark", p.parseMarkdown}} {
		b.Run(bc.name, func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				if len(bc.parse(src).Links) == 0 {
					b.Fatal("no links")
				}
			}
		})
	}
}

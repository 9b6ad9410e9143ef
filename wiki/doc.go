// Package wiki owns the memory artifact model: which paths are legal, how a
// page is parsed, and what a session id or scope name looks like.
//
// # Vocabulary
//
// An artifact is the whole memory tree of one scope:
//
//	summary.md                 orientation only; may be empty
//	index.md                   the memory map
//	pages/<area>/index.md      an area index, one line per page
//	pages/<area>/<slug>.md     a topical page
//
// A page is a Markdown file under pages/. An area is the folder that groups
// pages. A page's Sources section is the level-2 heading "## Sources" and the
// list items under it of the form "- session:<id> [free note]"; session ids
// are read from that section only, never from prose elsewhere. A link is any
// Markdown link or image destination in a page; links are untrusted content
// and never make an artifact invalid.
//
// # Generated lines
//
// The builtin dreamer generates some lines of index.md and summary.md (an
// area's page count, the summary's count line and its "more" line) and a
// dream run's forget note. generated.go spells each once and parses it
// (AreaCountLine, SummaryCountsLine, MoreLine, ForgetNote and their
// readers), so whoever writes or recounts them agrees on their form:
// the forget's recount (RegenerateCounts), the merge of diverged index
// files (mergelines.go: MergeIndexFile, FixIndexFile) and the store's
// schema guard.
//
// Parser.Parse reads a document made only of the kinds of lines the
// indexes hold (headings, one-line paragraphs, items of links) line by
// line (lineparse.go), any other with goldmark; the two read alike
// (FuzzParseLines), so validating index.md at its size budget does not
// cost a Markdown parse.
//
// The package does no I/O: callers hand it paths and bytes.
package wiki

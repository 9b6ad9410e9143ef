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
// The package does no I/O: callers hand it paths and bytes.
package wiki

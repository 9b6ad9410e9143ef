// Package builtin is memfs's deterministic dreamer: no model, only rules.
//
// It reads the user records of a staged run's evidence and keeps explicit,
// user-authored durable statements: requests to remember something,
// preferences, decisions, corrections, self-introductions and preferred
// tools. Requests to forget remove the statements they match. Questions,
// hypotheticals, one-off task requests, thanks, assistant prose, tool output
// and anything the user asked not to remember are left out.
//
// Each statement becomes one page, pages/<area>/<slug>.md, quoting the
// user's words and citing the sessions that said it. A statement said again
// adds a citation instead of a page; a changed preference about the same
// subject (tabs, then spaces) replaces the old one. Every run rebuilds the
// area indexes and index.md, and re-checks the pages it wrote before against
// the current rules. Pages it did not write are kept as they are.
package builtin

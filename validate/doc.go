// Package validate owns the artifact rules: it checks any fs.FS (a staged
// directory or a git tree) against the layout, type, size, encoding and
// provenance rules of the memory artifact and reports every problem found,
// each with a stable code.
//
// Validation never fails fast: one pass collects every problem. Messages name
// paths, session ids and counts, never file content. Entry types are judged
// from directory entries and lstat before any file is opened, so a FIFO,
// device or socket is never opened and a symlink is never followed; files
// over the size limit are refused from their size without being read.
//
// Publish mode is what the store requires before anything reaches a scope
// branch; it also refuses a page or area named with "redacted" in it, the
// trace of a name made from a redacted secret (marker.go). Read mode is for serving memory: it still refuses unsafe entries
// and oversize files, supplies a default summary.md and index.md when they
// are missing, and reports provenance defects as warnings.
package validate

// Package erasure is the erasure model: what a forget leaves behind and
// how new content is checked against it. It owns the content-free
// markers (keyed fingerprints of a session id, a page path or a literal,
// which tell nothing to whoever lacks the key), the Guard that refuses
// forgotten content in files, paths, commit messages and signatures, and
// memfs's own vocabulary, which no marker may match. It reads and writes
// no store: package gitstore keeps the markers (refs/memfs/erasures) and
// the keys (store.git/memfs-keyring, local to the user's replicas),
// builds a Guard from them, and runs its history rewrites with it.
//
// # Files
//
//   - doc.go: this description.
//   - errors.go: ErrNothingToMark.
//   - marker.go: Marker, its kinds and text versions, Fingerprint,
//     MarkText, MarkSession, MarkPage, ParseMarkers, ErasedName.
//   - guard.go: Guard, built from markers under a keyring: content,
//     sessions, pages and the token runs a text marker matches; the
//     markers it cannot check (Unchecked).
//   - textindex.go: version 3 text markers, sealed and length-free, and
//     their index (a constant cost per token whatever the markers).
//   - content.go: content markers, the fingerprints of a forgotten
//     session's messages (MarkContent, ForgottenMessage, CopiesForgotten).
//   - channels.go: the guard over paths, commit messages and
//     signatures (ChannelProblems, StripMessage, StripSessionLines).
//   - schema.go: memfs's own vocabulary (SchemaLiteral, the neutral
//     signature and subject, the trailer keys read by their values, the
//     lines memfs generates whole, which no marker matches).
package erasure

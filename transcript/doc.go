// Package transcript reads agent session transcripts and turns them into the
// evidence a dreamer is given (docs/design.md §1). It owns the transcript formats,
// the active branch, the checkpoint of a settled cursor, the projection of
// what counts as evidence, secret redaction and the per-session cap. It
// does not store anything: the ledger keeps Checkpoint and Processed
// values, which hold ids and hashes, never transcript text.
//
// # Formats
//
// Pi session JSONL (v1 linear; v2 and v3 trees over id/parentId, leaf =
// last entry), Claude Code JSONL (a tree over uuid/parentUuid; one line per
// content block, merged by message.id; subagent sidechains, isMeta harness
// lines and non-chain lines excluded; leaf = last chain line, or the
// last-prompt marker's leaf; a partial compaction's kept messages are
// relinked to follow its anchor, camelCase or snake_case metadata, and the
// boundary to the message they used to follow), and Codex rollout JSONL (session_meta,
// response_item, event_msg; thread_rolled_back drops the last turns;
// injected context and mirrored events excluded). DetectFormat tells them
// apart. Formats without entry ids get the synthetic id "line:N" (the
// 1-based line number).
//
// Each format is one file, pi.go, claude.go or codex.go, holding both of
// its sides: an indexer (what a line means to the index, whether a file is
// a transcript of the format at all, how its active branch runs from a
// leaf) and a projector (what a line on that branch keeps as evidence).
// The rest of the package is format-blind: index.go holds the index, the
// line scanner and the indexer interface, project.go the projector
// interface, the walk and the digest, evidence.go the passes, cap.go the
// cap, format.go detection. newIndexer in format.go is the one place that
// maps a Format to its file, and detectLine the one that tells formats
// apart; a new format is a new file, a Format constant and a case in
// each.
//
// A Pi tree whose parentId links form a cycle is invalid_source: Pi only
// appends under entries already written, so a cycle is damage, and its
// entries have no order to emit. An entry whose parent is missing starts
// the branch, as in Pi's own loader: the branch is kept from the break to
// the cursor, and a note names the line of the break. Refusing would leave
// a session with one damaged link pending for ever, while what follows the
// break is what the agent itself still showed. (Claude Code files, where
// a rewritten line may loop back legitimately, keep their fall-backs: a
// dangling parent follows file order, a cycle ends after one lap.)
//
// # Passes and memory
//
// A pass over a transcript keeps an index of its lines (offset, length,
// id and parent hashes, a kind and a CRC-32C of the line: 40 bytes a line),
// never their text. The active branch is computed on the index; the lines
// on it that can carry evidence are read again by offset, checked against
// their checksum (source_changed if the file changed in between), and
// projected one at a time. Lines over MaxLineBytes are skipped, unread,
// and a note names the first; when that leaves no entries (a transcript
// whose only message is one huge line), the error is invalid_source and
// names the line and the limit rather than "no conversation lines".
// Scan makes one index pass and one projection pass. Materialize makes one
// index pass, one projection pass (digest, relation, and the size of every
// record, from which the cap is planned), then reads again only the lines
// of the records it keeps.
//
// # Checkpoints and relations
//
// A Checkpoint records the cursor, the number of bytes read, and a digest
// over the projected branch up to the cursor. Materialize reads exactly
// those bytes again, so later appends never change a checkpoint, while a
// rewrite of what it covered is checkpoint_changed. Against the Processed
// value of the last acknowledged checkpoint it finds the relation: the
// digest of the first Processed.Entries entries equal to Processed.Digest
// means appended (only the rest is emitted); anything else is diverged
// (the whole branch is emitted, and a note says so).
//
// # Projection
//
// Kept: user and assistant text, tool calls by name with their arguments
// (a shell command a Pi user typed, as a "bash" tool call of origin user),
// tool results that carry a user's answer (results of tools that ask the
// user a question, and refusals with the user's words), compaction and
// branch summaries, messages that extensions showed the user (origin
// "extension:<type>"), prompts a Claude Code user queued while the agent
// was busy (origin "queued_command"; commands the harness queued are not
// kept). Dropped: thinking, images (a placeholder stays),
// harness-injected text (Claude isMeta lines, other attachments, system
// reminders, command output; Codex developer messages, environment and
// instruction blocks, hook context; Pi custom entries and hidden
// extension messages), tool output, and every entry carrying
// MemoryContextMarker. Repeats are dropped: a Codex event that mirrors a
// response item, a Claude line whose uuid appears again later (the later
// one wins, as in the agents' own loaders).
//
// # Redaction and cap
//
// Secrets are replaced by package redact (transcript/redact), which owns
// the rules and their corpus; Evidence.Redactions counts them by its rule
// names. User text, assistant text and tool-call arguments of all three
// formats go through it: text as text, JSON arguments value by value.
// Redaction comes before trimming: the arguments of a tool call the cap
// trims are redacted whole, value by value, and then trimmed; a very long
// text is redacted in a head and a tail window with a slack of context
// each, and each window is trimmed within itself, so no kept byte lies
// where its context was cut (cap.go).
//
// Evidence is capped at MaxEvidenceBytes: tool calls and
// assistant text are trimmed or left out before any user message, and
// every cut is marked in the text and reported in Evidence.Notes.
//
// # Errors
//
// Every error is an *Error with a stable Code (source_unavailable,
// invalid_source, checkpoint_changed, source_changed), matched by
// errors.Is against the Err* sentinels. Messages never quote content.
package transcript

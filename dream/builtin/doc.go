// Package builtin is memfs's deterministic dreamer: no model, only rules.
//
// It reads the staged evidence of a run and keeps explicit, user-authored
// durable statements: requests to remember something, preferences,
// decisions, corrections, self-introductions and preferred tools. They are
// found anywhere in a message: after a prefix ("Forked:", "btw", "Note for
// later:", "Quick thing -"), in a later sentence, in a list item, or in a
// clause of a longer sentence. A secret costs only itself: evidence
// arrives redacted ("[REDACTED:<rule>]"), the rest of the sentence is still
// read, and a statement whose value is only a secret is dropped. Requests
// to forget remove the statements they match. Questions, hypotheticals,
// one-off task requests, thanks, assistant prose, tool output and anything
// the user asked not to remember are left out.
//
// # Claims and pages
//
// Each statement becomes one page, pages/<area>/<slug>.md, that states its
// claim in the third person ("The user, Dana, maintains the billing
// service."), quotes the user's words as evidence under it, and cites in
// its Sources section every session that said it, each with the transcript
// entries the claim came from: "- session:<id> entry:<entry id> …".
//
// A page's path is fixed once it exists; its name comes from the claim's
// subject (the thing it is about: "on-call channel", "package manager"),
// never from its value or from redacted text, and when that name is taken
// it gets a digest of the subject, which no other subject shares. A
// statement said again adds a citation; one about the same subject with
// another value replaces the claim on the same page and marks it corrected.
// Every run re-checks the pages it wrote before against the current rules
// and rebuilds index.md (every page's claim in one line, grouped by area,
// the most recently stated or confirmed first), the area indexes and
// summary.md (the most durable claims in a few lines, each naming its page
// and sessions). Pages it did not write are kept as they are.
//
// # Memory notes
//
// An assistant line "Memory note (direct user request): …" is a pointer,
// never evidence. Its claim is kept only when a sentence the user typed in
// the same turn or the turn before supports it: every word of the note
// that carries a value (digits, "#", "/", ".", "@", a capitalised word)
// appears in that sentence, and so do at least four in five of its other
// content words. The page quotes the user's sentence and cites the user's
// entry and the note's.
//
// # Confirmations
//
// An assistant proposal the user agrees to is the user's claim, cited to
// the proposal's entry and the reply's. The rules are finite:
//
//  1. The proposal is in the assistant text of the turn immediately before
//     the reply (after the user's previous message). An older proposal
//     counts for nothing.
//  2. That text holds exactly one proposal: a sentence opening with "shall
//     I/we", "should I/we", "do you want me to", "would you like me to",
//     "want me to", "I can/could", "I suggest/propose", "how about", "may
//     I". Two proposals make the reply ambiguous and count for nothing.
//  3. The proposal is durable: it says always, never, from now on, going
//     forward, by default, convention, standard, policy, remember, switch
//     to, stick with, use X for/as/instead, make X the …, or names a tool
//     or choice memfs groups (package manager, editor, shell, database,
//     test runner, indentation, merge strategy, theme, naming). "Shall I run
//     the tests?" proposes a task, not a claim.
//  4. The reply is affirmative and nothing else: at most 80 characters
//     made only of agreement ("yes", "yep", "sure", "ok", "sounds good", "go
//     ahead", "do it", "do that", "please do", "agreed", "lgtm", "thanks", …).
//  5. The reply holds no denial or change anywhere: "no", "not", "don't",
//     "never", "but", "instead", "rather", "wait", "actually", "except",
//     "unless", "only if", "though". "Yes, but use yarn" is not agreement.
//
// A "yes" to a question that proposes nothing ("Did the tests pass?") keeps
// nothing.
package builtin

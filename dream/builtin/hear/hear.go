// Package hear finds what a user durably said in one session's staged
// evidence: standing rules, facts about the project and its environments,
// who the user is, who owns or approves what, answers to the agent's
// questions, preferences and decisions, agreed proposals, and the
// withdrawals and forget requests that take earlier ones back. It reads
// language, not memory: it knows nothing of pages, paths or the store.
// The builtin dreamer (package builtin) turns what it hears into claims.
package hear

// Record is one line of a staged transcript (see transcript's projection):
// Role is "user", "assistant", "tool_call", "tool_result", "summary" or
// "cut"; Origin is set on user-side records the user did not type; Name
// is a tool's name.
type Record struct {
	Role   string `json:"role"`
	Origin string `json:"origin,omitempty"`
	ID     string `json:"id,omitempty"`
	Name   string `json:"name,omitempty"`
	Text   string `json:"text"`
}

// Kind is what sort of durable thing a statement says.
type Kind string

// Kinds of statement.
const (
	Rule       Kind = "rule"       // a standing convention: "everything builds through the Makefile"
	Fact       Kind = "fact"       // the project, its environments, tools, commands, limits
	Person     Kind = "person"     // the user: name, role, what they took over
	Team       Kind = "team"       // owners, approvers, whom to ask
	Answer     Kind = "answer"     // the user's answer to the agent's question
	Preference Kind = "preference" // how the user likes things done
	Decision   Kind = "decision"   // a choice the user or team made
)

// Statement is one durable thing the user said.
type Statement struct {
	Kind Kind
	// Lang is the language the user said it in: "en", "zh", "ja", "de",
	// "es" or "fr".
	Lang string
	// Area is the part of memory it files under: "people", "team",
	// "conventions", "preferences", "decisions", "project",
	// "environments", "tools".
	Area string
	// Subject is what it is about, a short noun phrase in the user's
	// language ("prod region", "build image", "auth middleware
	// approval"); statements about one subject replace each other. Empty
	// when the rules cannot tell.
	Subject string
	// Claim is the statement as memory states it, one complete sentence:
	// a third-person rewrite only where the rewrite is certain, else the
	// user's clause verbatim in quotes ("The user said: “…”"). Never
	// truncated, never a dangling clause.
	Claim string
	// Quote is the user's own words the claim rests on (the clause or
	// sentence, verbatim).
	Quote string
	// Question is the agent's question a statement of kind Answer answers.
	Question string
	// Via says how the user's words became a statement: "" (said
	// outright), "answer" (answered the agent's question, in prose or
	// through a question tool), "confirm" (agreed to the agent's
	// proposal), "note" (the agent's memory note, supported by the user's
	// words).
	Via string
	// Pointer is the agent's text that Via refers to (question, proposal,
	// note).
	Pointer string
	// Replaces holds words of an earlier value this statement says is no
	// longer current ("we moved the queue off RabbitMQ" → ["RabbitMQ"]).
	Replaces []string
	// Entries are the transcript entry ids it rests on: the user's entry
	// first, then the pointer's.
	Entries []string
}

// Retraction is the user withdrawing something said before ("scratch the
// rebase-before-merge rule", "Tom moved teams, stop asking him for
// reviews"): what is withdrawn stops being current, though its history
// stays.
type Retraction struct {
	Lang string
	// Target is the user's words naming what is withdrawn.
	Target string
	// Subject, when the rules can tell, is the subject withdrawn.
	Subject string
	Quote   string
	Entries []string
}

// Heard is what one session says.
type Heard struct {
	Statements  []Statement
	Retractions []Retraction
	// Forgets are the targets of explicit requests to forget ("forget
	// what I said about the staging password").
	Forgets []string
}

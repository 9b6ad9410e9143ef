package forget

import "github.com/memfs/memfs/internal/errcode"

// Error codes of forget (docs/design.md §4).
const (
	CodeInvalidTarget       = "invalid_target"
	CodeScopeChanged        = "forget_scope_changed"
	CodeScopeRequired       = "forget_scope_required"
	CodeFormationInProgress = "formation_in_progress"
	CodeCommandIDConflict   = "command_id_conflict"
	CodeVerificationFailed  = "purge_verification_failed"
	// CodeBreaksSchema refuses a forget whose rewrite would leave a
	// revision invalid (a page without Sources, a commit without its
	// artifact trailer): exit 4, like the other refusals of a forget's
	// scope. Nothing changes.
	CodeBreaksSchema = "forget_breaks_schema"
)

// Error is a forget refusal with a stable code. Its message never quotes
// a text target.
type Error struct {
	code string
	Msg  string
	Err  error
}

func (e *Error) Error() string {
	s := e.code + ": " + e.Msg
	if e.Err != nil {
		s += ": " + e.Err.Error()
	}
	return s
}

// Unwrap returns the underlying error.
func (e *Error) Unwrap() error { return e.Err }

// Code returns the error's stable code (one of the Code constants).
func (e *Error) Code() string { return e.code }

// ScopeRejected reports whether err is one of the refusals of a forget's
// scope (exit 4): a changed or missing scope token, a dream run in
// progress over a targeted session, or targets whose removal would break
// the artifact.
func ScopeRejected(err error) bool {
	switch errcode.Of(err) {
	case CodeScopeChanged, CodeScopeRequired, CodeFormationInProgress, CodeBreaksSchema:
		return true
	}
	return false
}

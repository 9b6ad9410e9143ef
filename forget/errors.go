package forget

import "errors"

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
	Code string
	Msg  string
	Err  error
}

func (e *Error) Error() string {
	s := e.Code + ": " + e.Msg
	if e.Err != nil {
		s += ": " + e.Err.Error()
	}
	return s
}

// Unwrap returns the underlying error.
func (e *Error) Unwrap() error { return e.Err }

// CodeOf returns the code of the first *Error in err's chain, or "".
func CodeOf(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return ""
}

// ScopeRejected reports whether err is one of the refusals of a forget's
// scope (exit 4): a changed or missing scope token, a dream run in
// progress over a targeted session, or targets whose removal would break
// the artifact.
func ScopeRejected(err error) bool {
	switch CodeOf(err) {
	case CodeScopeChanged, CodeScopeRequired, CodeFormationInProgress, CodeBreaksSchema:
		return true
	}
	return false
}

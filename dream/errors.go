package dream

import (
	"errors"
	"fmt"
)

// Sentinel errors of the package. Callers branch on them with errors.Is.
var (
	// ErrRunFailed is matched by every *RunError.
	ErrRunFailed = errors.New("dream run failed")
	// ErrNotProposed means the run is not an open proposal.
	ErrNotProposed = errors.New("run is not an open proposal")
)

// errCancelled: the run was cancelled from outside (CancelRun) and writes
// nothing more.
var errCancelled = errors.New("run was cancelled")

// CodeNoProposal is the stable code of ErrNotProposed.
const CodeNoProposal = "no_proposal"

// CodeOf returns the stable code of a dream error err wraps that a caller
// maps to an exit status, or "" when it wraps none. A failed run's own
// code is its RunError.Reason.
func CodeOf(err error) string {
	if errors.Is(err, ErrNotProposed) {
		return CodeNoProposal
	}
	return ""
}

// RunError is the error of a failed run; Reason is its stable code (one
// of the Reason* constants, possibly followed by ":" and validation codes).
type RunError struct {
	RunID  string
	Scope  string
	Reason string
	Err    error
}

// Error names the run, its scope and the reason.
func (e *RunError) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("dream run %s (scope %s): %s: %v", e.RunID, e.Scope, e.Reason, e.Err)
	}
	return fmt.Sprintf("dream run %s (scope %s): %s", e.RunID, e.Scope, e.Reason)
}

// Unwrap returns the underlying error.
func (e *RunError) Unwrap() error { return e.Err }

// Is matches ErrRunFailed.
func (e *RunError) Is(target error) bool { return target == ErrRunFailed }

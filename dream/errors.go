package dream

import (
	"errors"
	"fmt"

	"github.com/memfs/memfs/internal/errcode"
)

// Sentinel errors of the package. Callers branch on them with errors.Is.
var (
	// ErrRunFailed is matched by every *RunError.
	ErrRunFailed = errors.New("dream run failed")
	// ErrNotProposed means the run is not an open proposal.
	ErrNotProposed = errcode.New(CodeNoProposal, "run is not an open proposal")
)

// errCancelled: the run was cancelled from outside (CancelRun) and writes
// nothing more.
var errCancelled = errors.New("run was cancelled")

// CodeNoProposal is the stable code of ErrNotProposed.
const CodeNoProposal = "no_proposal"

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

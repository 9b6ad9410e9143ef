package validate

import (
	"errors"
	"fmt"
)

// Error is returned by callers that refuse an artifact; it carries every
// problem of the report.
type Error struct {
	Problems []Problem
}

func (e *Error) Error() string {
	if len(e.Problems) == 1 {
		return "artifact rejected: " + e.Problems[0].String()
	}
	return fmt.Sprintf("artifact rejected: %d problems, first %s", len(e.Problems), e.Problems[0])
}

// ErrRejected is matched by every *Error through errors.Is.
var ErrRejected = errors.New("artifact rejected")

// Is lets errors.Is(err, ErrRejected) match any *Error.
func (e *Error) Is(target error) bool { return target == ErrRejected }

// Reasons a file cannot be read, mapped to problem codes by the walk.
var (
	errTooLarge   = errors.New("file larger than limit")
	errNotRegular = errors.New("not a regular file")
)

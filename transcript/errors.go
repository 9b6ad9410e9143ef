package transcript

import (
	"errors"
	"fmt"
)

// Error codes, one per way a source can fail. Codes are part of the CLI
// contract (docs/design.md §4): callers branch on them, so they never
// change meaning; an *Error answers its code through Code (errcode.Coder).
const (
	// CodeSourceUnavailable: the transcript cannot be opened or read
	// (missing, permission denied, I/O error). Retry later.
	CodeSourceUnavailable = "source_unavailable"
	// CodeInvalidSource: the file is not a transcript of a known format, has
	// no usable entries, or names an unknown cursor.
	CodeInvalidSource = "invalid_source"
	// CodeCheckpointChanged: the transcript no longer holds what the
	// checkpoint recorded (rewritten, truncated, cursor gone, digest differs).
	// The checkpoint must be taken again.
	CodeCheckpointChanged = "checkpoint_changed"
	// CodeSourceChanged: the file changed while it was being read (a line
	// read twice differed). Transient: retry.
	CodeSourceChanged = "source_changed"
)

// Sentinels for errors.Is: every *Error matches the sentinel of its code.
var (
	// ErrSourceUnavailable is matched by errors with CodeSourceUnavailable.
	ErrSourceUnavailable = errors.New(CodeSourceUnavailable)
	// ErrInvalidSource is matched by errors with CodeInvalidSource.
	ErrInvalidSource = errors.New(CodeInvalidSource)
	// ErrCheckpointChanged is matched by errors with CodeCheckpointChanged.
	ErrCheckpointChanged = errors.New(CodeCheckpointChanged)
	// ErrSourceChanged is matched by errors with CodeSourceChanged.
	ErrSourceChanged = errors.New(CodeSourceChanged)
)

// Error is the error type of this package. Its message names the source path
// and a reason written by this package; it never quotes transcript content.
type Error struct {
	code string
	Path string
	// Reason is a short, content-free explanation.
	Reason string
	// Err is the underlying error, if any (an *os.PathError, a context error).
	Err error
}

func (e *Error) Error() string {
	msg := fmt.Sprintf("%s: %s: %s", e.Path, e.code, e.Reason)
	if e.Err != nil {
		msg += ": " + e.Err.Error()
	}
	return msg
}

// Unwrap returns the underlying error.
func (e *Error) Unwrap() error { return e.Err }

// Is matches the sentinel of e's code.
func (e *Error) Is(target error) bool {
	switch target {
	case ErrSourceUnavailable:
		return e.code == CodeSourceUnavailable
	case ErrInvalidSource:
		return e.code == CodeInvalidSource
	case ErrCheckpointChanged:
		return e.code == CodeCheckpointChanged
	case ErrSourceChanged:
		return e.code == CodeSourceChanged
	}
	return false
}

// Code returns the error's stable code (one of the Code constants).
func (e *Error) Code() string { return e.code }

func newErr(code, path, reason string, err error) *Error {
	return &Error{code: code, Path: path, Reason: reason, Err: err}
}

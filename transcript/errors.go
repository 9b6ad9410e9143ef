package transcript

import (
	"errors"
	"fmt"
)

// Code is a stable, machine-readable error code. Codes are part of the CLI
// contract (docs/design.md §4): callers branch on them, so they never change meaning.
type Code string

// Error codes, one per way a source can fail.
const (
	// CodeSourceUnavailable: the transcript cannot be opened or read
	// (missing, permission denied, I/O error). Retry later.
	CodeSourceUnavailable Code = "source_unavailable"
	// CodeInvalidSource: the file is not a transcript of a known format, has
	// no usable entries, or names an unknown cursor.
	CodeInvalidSource Code = "invalid_source"
	// CodeCheckpointChanged: the transcript no longer holds what the
	// checkpoint recorded (rewritten, truncated, cursor gone, digest differs).
	// The checkpoint must be taken again.
	CodeCheckpointChanged Code = "checkpoint_changed"
	// CodeSourceChanged: the file changed while it was being read (a line
	// read twice differed). Transient: retry.
	CodeSourceChanged Code = "source_changed"
)

// Sentinels for errors.Is: every *Error matches the sentinel of its code.
var (
	// ErrSourceUnavailable is matched by errors with CodeSourceUnavailable.
	ErrSourceUnavailable = errors.New(string(CodeSourceUnavailable))
	// ErrInvalidSource is matched by errors with CodeInvalidSource.
	ErrInvalidSource = errors.New(string(CodeInvalidSource))
	// ErrCheckpointChanged is matched by errors with CodeCheckpointChanged.
	ErrCheckpointChanged = errors.New(string(CodeCheckpointChanged))
	// ErrSourceChanged is matched by errors with CodeSourceChanged.
	ErrSourceChanged = errors.New(string(CodeSourceChanged))
)

// Error is the error type of this package. Its message names the source path
// and a reason written by this package; it never quotes transcript content.
type Error struct {
	Code Code
	Path string
	// Reason is a short, content-free explanation.
	Reason string
	// Err is the underlying error, if any (an *os.PathError, a context error).
	Err error
}

func (e *Error) Error() string {
	msg := fmt.Sprintf("%s: %s: %s", e.Path, e.Code, e.Reason)
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
		return e.Code == CodeSourceUnavailable
	case ErrInvalidSource:
		return e.Code == CodeInvalidSource
	case ErrCheckpointChanged:
		return e.Code == CodeCheckpointChanged
	case ErrSourceChanged:
		return e.Code == CodeSourceChanged
	}
	return false
}

// CodeOf returns the code of the first *Error in err's chain, or "".
func CodeOf(err error) Code {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return ""
}

func newErr(code Code, path, reason string, err error) *Error {
	return &Error{Code: code, Path: path, Reason: reason, Err: err}
}

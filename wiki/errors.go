package wiki

import (
	"errors"
	"fmt"
)

// PathError explains why a path is not part of the artifact layout. Its
// message names the offending segment only by position, never by content
// beyond the path itself.
type PathError struct {
	Path   string
	Reason string
}

func (e *PathError) Error() string { return fmt.Sprintf("%s: %s", e.Path, e.Reason) }

// ErrInvalidPath is matched by every *PathError through errors.Is.
var ErrInvalidPath = errors.New("invalid artifact path")

// Is lets errors.Is(err, ErrInvalidPath) match any *PathError.
func (e *PathError) Is(target error) bool { return target == ErrInvalidPath }

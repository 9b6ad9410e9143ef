package erasure

import (
	"errors"
)

// ErrNothingToMark means a literal has no letters or digits to
// fingerprint.
var ErrNothingToMark = errors.New("literal has no letters or digits to mark")

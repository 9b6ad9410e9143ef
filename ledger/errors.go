package ledger

import "errors"

// Sentinel errors of the ledger. Callers branch on them with errors.Is.
var (
	// ErrLocked means another process kept the ledger's file lock for
	// longer than Options.Timeout × Options.Attempts.
	ErrLocked = errors.New("ledger locked by another memfs")
	// ErrUnsupportedVersion means the file was written by a newer memfs.
	ErrUnsupportedVersion = errors.New("unsupported ledger version")
	// ErrInvalid means a value handed to the ledger lacks a required field.
	ErrInvalid = errors.New("invalid ledger record")

	// errUnchanged, returned by an update's fn, rolls the transaction back
	// so that a no-op leaves the file byte for byte as it was (a commit
	// always writes a new meta page).
	errUnchanged = errors.New("unchanged")
)

// CodeLocked is the stable code of ErrLocked.
const CodeLocked = "ledger_locked"

// CodeOf returns the stable code of a ledger error err wraps, or "" when
// it wraps none that has one.
func CodeOf(err error) string {
	if errors.Is(err, ErrLocked) {
		return CodeLocked
	}
	return ""
}

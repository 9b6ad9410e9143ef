package ledger

import (
	"errors"
	"fmt"

	"github.com/memfs/memfs/internal/errcode"
)

// Sentinel errors of the ledger. Callers branch on them with errors.Is;
// the coded ones answer their code through errcode.Coder.
var (
	// ErrLocked means another process kept the ledger's file lock for
	// longer than Options.Timeout × Options.Attempts.
	ErrLocked = errcode.New(CodeLocked, "ledger locked by another memfs")
	// ErrUnsupportedVersion means the file was written by a newer memfs.
	ErrUnsupportedVersion = errors.New("unsupported ledger version")
	// ErrInvalid means a value handed to the ledger lacks a required field.
	ErrInvalid = errors.New("invalid ledger record")
	// ErrCorrupt means the ledger file exists but is damaged, empty or
	// unreadable. memfs never replaces such a file by itself: Rebuild sets
	// it aside and starts a new one. Errors that wrap it are
	// *CorruptError.
	ErrCorrupt = errcode.New(CodeCorrupt, "ledger is damaged")
	// ErrNotCorrupt means Rebuild was asked to set aside a ledger that
	// Check finds sound.
	ErrNotCorrupt = errcode.New(CodeNotCorrupt, "ledger is not damaged; nothing to rebuild")
	// ErrNotFailed means DropFailed was asked to drop a session whose
	// checkpoint is not a failed one (or that has none).
	ErrNotFailed = errcode.New(CodeNotFailed, "no failed checkpoint of that session")

	// errUnchanged, returned by an update's fn, rolls the transaction back
	// so that a no-op leaves the file byte for byte as it was (a commit
	// always writes a new meta page).
	errUnchanged = errors.New("unchanged")
	// errDamaged marks a stored value that does not decode: the file was
	// damaged, since the ledger writes only what it can read back.
	errDamaged = errors.New("damaged value")
)

// Stable codes of ledger errors.
const (
	// CodeLocked is the code of ErrLocked.
	CodeLocked = "ledger_locked"
	// CodeCorrupt is the code of ErrCorrupt and *CorruptError.
	CodeCorrupt = "ledger_corrupt"
	// CodeNotCorrupt is the code of ErrNotCorrupt.
	CodeNotCorrupt = "ledger_not_corrupt"
	// CodeNotFailed is the code of ErrNotFailed.
	CodeNotFailed = "checkpoint_not_failed"
)

// CorruptError describes a damaged, empty or unreadable ledger file. Its
// message names the file, what is wrong with it (page numbers, offsets,
// the kind of damage; never a stored value) and the way out.
type CorruptError struct {
	Path   string
	Reason string
}

func (e *CorruptError) Error() string {
	return fmt.Sprintf("ledger %s is damaged (%s); memfs will not replace it by itself: "+
		"`memfs ledger rebuild` sets it aside as %s.corrupt-<time> and starts an empty ledger "+
		"(checkpoint cursors, processed sessions, runs, retry state and forget receipts in it are lost; "+
		"transcripts still on disk are checkpointed again by the next hook or `memfs checkpoint`)",
		e.Path, e.Reason, FileName)
}

// Is makes errors.Is(err, ErrCorrupt) hold.
func (e *CorruptError) Is(target error) bool { return target == ErrCorrupt }

// Code returns CodeCorrupt.
func (e *CorruptError) Code() string { return CodeCorrupt }

func corrupt(path, format string, args ...any) *CorruptError {
	return &CorruptError{Path: path, Reason: fmt.Sprintf(format, args...)}
}

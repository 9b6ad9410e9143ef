package gitstore

import "errors"

// Sentinel errors of the store. Callers branch on them with errors.Is.
var (
	// ErrNotInitialized means the store directory holds no memfs store.
	ErrNotInitialized = errors.New("store not initialized (run memfs init)")
	// ErrNoScope means the scope branch does not exist yet.
	ErrNoScope = errors.New("scope has no publications")
	// ErrInvalidScope means a scope name breaks ^[a-z0-9][a-z0-9_-]{0,63}$.
	ErrInvalidScope = errors.New("invalid scope name")
	// ErrConflict means a compare-and-swap lost: the ref moved.
	ErrConflict = errors.New("ref changed concurrently")
	// ErrUnknownRevision means a revision does not name a commit.
	ErrUnknownRevision = errors.New("unknown revision")
	// ErrNotFound means a path is not in the revision.
	ErrNotFound = errors.New("path not found in revision")
	// ErrRefLocked means a <ref>.lock file exists: another git process is
	// updating the ref, or one crashed and left its lock behind.
	ErrRefLocked = errors.New("ref is locked by another git process")
)

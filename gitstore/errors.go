package gitstore

import (
	"errors"

	"github.com/memfs/memfs/internal/scope"
)

// Sentinel errors of the store. Callers branch on them with errors.Is;
// CodeOf names them for machine-readable output.
var (
	// ErrNotInitialized means the store directory holds no memfs store.
	ErrNotInitialized = errors.New("store not initialized (run memfs init)")
	// ErrNoScope means the scope branch does not exist yet.
	ErrNoScope = errors.New("scope has no publications")
	// ErrInvalidScope means a scope name breaks ^[a-z0-9][a-z0-9_-]{0,63}$.
	// It is internal/scope's error: one error whoever checks the name.
	ErrInvalidScope = scope.ErrInvalid
	// ErrConflict means a compare-and-swap lost: the ref moved.
	ErrConflict = errors.New("ref changed concurrently")
	// ErrUnknownRevision means a revision does not name a commit.
	ErrUnknownRevision = errors.New("unknown revision")
	// ErrNotFound means a path is not in the revision.
	ErrNotFound = errors.New("path not found in revision")
	// ErrRefLocked means a <ref>.lock file exists: another git process is
	// updating the ref, or one crashed and left its lock behind.
	ErrRefLocked = errors.New("ref is locked by another git process")

	// ErrStaleProposal means the scope head moved since the proposal was made.
	ErrStaleProposal = errors.New("proposal is stale: the scope head moved since it was made")
	// ErrNoProposal means no proposal has that name.
	ErrNoProposal = errors.New("no such proposal")

	// ErrNothingToMark means a literal has no letters or digits to
	// fingerprint.
	ErrNothingToMark = errors.New("literal has no letters or digits to mark")
	// ErrPurgeVerify means that after a purge the store still holds an
	// object it should not: unreachable, or refused by the caller's check.
	ErrPurgeVerify = errors.New("purge verification failed")

	// ErrInvalidBundle means a bundle or a fetched history was refused
	// whole: a malformed header or pack, a missing object, a ref or a path
	// outside the artifact layout.
	ErrInvalidBundle = errors.New("invalid bundle")
	// ErrNoRemote means no remote of that name is configured.
	ErrNoRemote = errors.New("no such remote")
	// ErrRemoteMoved means the remote moved since this store last saw it:
	// pull first.
	ErrRemoteMoved = errors.New("remote moved since the last pull; pull first")

	// ErrErasureConsentRequired means incoming erasure markers would
	// remove local content and no consent token was given (nor is the
	// remote trusted for erasures).
	ErrErasureConsentRequired = errors.New("incoming erasure markers would remove local memory; consent required")
	// ErrErasureConsentChanged means the consent token no longer matches:
	// the local heads or the incoming markers changed since the preview.
	ErrErasureConsentChanged = errors.New("erasure consent token no longer matches; review the new preview")
	// ErrErasureBreaksSchema means incoming erasure markers would leave a
	// local revision invalid in publish mode; the import is refused.
	ErrErasureBreaksSchema = errors.New("incoming erasure markers would leave a local revision invalid")
	// ErrTooLarge means an incoming object is over its size limit; it
	// comes wrapped in ErrInvalidBundle.
	ErrTooLarge = errors.New("file_too_large")
)

// errTruncated means a stat cache file ends early.
var errTruncated = errors.New("truncated stat cache")

// CodeOf returns the stable machine-readable code of a store error, or ""
// when err wraps none of the store's sentinels. The codes are part of the
// CLI's JSON output and never change. An error that wraps several
// sentinels gets the first code in the order below.
func CodeOf(err error) string {
	switch {
	case errors.Is(err, ErrNotInitialized):
		return "not_initialized"
	case errors.Is(err, ErrNoScope):
		return "no_scope"
	case errors.Is(err, ErrInvalidScope):
		return "invalid_scope"
	case errors.Is(err, ErrUnknownRevision):
		return "unknown_revision"
	case errors.Is(err, ErrNotFound):
		return "not_found"
	case errors.Is(err, ErrConflict):
		return "conflict"
	case errors.Is(err, ErrRefLocked):
		return "ref_locked"
	case errors.Is(err, ErrNoProposal):
		return "no_proposal"
	case errors.Is(err, ErrErasureConsentRequired):
		return "erasure_consent_required"
	case errors.Is(err, ErrErasureConsentChanged):
		return "erasure_consent_changed"
	case errors.Is(err, ErrErasureBreaksSchema):
		return "erasure_breaks_schema"
	case errors.Is(err, ErrInvalidBundle):
		return "invalid_bundle"
	case errors.Is(err, ErrRemoteMoved):
		return "remote_moved"
	case errors.Is(err, ErrNoRemote):
		return "no_remote"
	}
	return ""
}

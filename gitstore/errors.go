package gitstore

import (
	"errors"

	"github.com/memfs/memfs/internal/errcode"
	"github.com/memfs/memfs/internal/scope"
)

// Sentinel errors of the store. Callers branch on them with errors.Is; the
// coded ones carry their stable code for machine-readable output
// (errcode.Coder), which never changes.
var (
	// ErrNotInitialized means the store directory holds no memfs store.
	ErrNotInitialized = errcode.New("not_initialized", "store not initialized (run memfs init)")
	// ErrGuardUnavailable means the erasure guard could not be built (the
	// store, its markers or its keys did not read): whatever needed it is
	// refused rather than done unfiltered.
	ErrGuardUnavailable = errcode.New("guard_unavailable", "erasure guard unavailable: store, markers or keys do not read")
	// ErrNoScope means the scope branch does not exist yet.
	ErrNoScope = errcode.New("no_scope", "scope has no publications")
	// ErrInvalidScope means a scope name breaks ^[a-z0-9][a-z0-9_-]{0,63}$.
	// It is internal/scope's error: one error whoever checks the name.
	ErrInvalidScope = scope.ErrInvalid
	// ErrConflict means a compare-and-swap lost: the ref moved.
	ErrConflict = errcode.New("conflict", "ref changed concurrently")
	// ErrUnknownRevision means a revision does not name a commit.
	ErrUnknownRevision = errcode.New("unknown_revision", "unknown revision")
	// ErrNotFound means a path is not in the revision.
	ErrNotFound = errcode.New("not_found", "path not found in revision")
	// ErrRefLocked means a <ref>.lock file exists: another git process is
	// updating the ref, or one crashed and left its lock behind.
	ErrRefLocked = errcode.New("ref_locked", "ref is locked by another git process")

	// ErrStaleProposal means the scope head moved since the proposal was made.
	ErrStaleProposal = errcode.New("stale_proposal", "proposal is stale: the scope head moved since it was made")
	// ErrNoProposal means no proposal has that name.
	ErrNoProposal = errcode.New("no_proposal", "no such proposal")

	// ErrPurgeVerify means that after a purge the store still holds an
	// object it should not: unreachable, or refused by the caller's check.
	ErrPurgeVerify = errcode.New("purge_verification_failed", "purge verification failed")

	// ErrInvalidBundle means a bundle or a fetched history was refused
	// whole: a malformed header or pack, a missing object, a ref or a path
	// outside the artifact layout.
	ErrInvalidBundle = errcode.New("invalid_bundle", "incoming history refused")
	// ErrTooManyScopes means a bundle or a pull brings more scope branches
	// than Limits.MaxBundleScopes; it is refused whole, and the error
	// wraps ErrInvalidBundle too.
	ErrTooManyScopes = errcode.New("too_many_scopes", "too many scopes in one import")
	// ErrNoRemote means no remote of that name is configured.
	ErrNoRemote = errcode.New("no_remote", "no such remote")
	// ErrRemoteMoved means the remote moved since this store last saw it:
	// pull first.
	ErrRemoteMoved = errcode.New("remote_moved", "remote moved since the last pull; pull first")
	// ErrRemoteAuth means git found no credential the remote accepts (or
	// an ssh host key it does not know); memfs never prompts.
	ErrRemoteAuth = errcode.New("remote_auth_failed", "the remote refused authentication")
	// ErrRemoteFailed means git could not reach or use the remote (no
	// such host or repository, a network or server failure).
	ErrRemoteFailed = errcode.New("remote_failed", "git could not reach or use the remote")

	// ErrErasureConsentRequired means erasure markers arrived that this
	// store did not have (they would remove local content now, or refuse
	// later memory) and no consent token was given (nor is the remote
	// trusted for erasures).
	ErrErasureConsentRequired = errcode.New("erasure_consent_required", "incoming erasure markers need consent: they would remove or refuse local memory")
	// ErrErasureConsentChanged means the consent token no longer matches:
	// the local heads or the incoming markers changed since the preview.
	ErrErasureConsentChanged = errcode.New("erasure_consent_changed", "erasure consent token no longer matches; review the new preview")
	// ErrErasureBreaksSchema means incoming erasure markers would leave a
	// local revision invalid in publish mode; the import is refused.
	ErrErasureBreaksSchema = errcode.New("erasure_breaks_schema", "incoming erasure markers would leave a local revision invalid")
	// ErrInvalidKeyFile means a key file (memfs key import) or the
	// keyring file is malformed.
	ErrInvalidKeyFile = errcode.New("invalid_key_file", "malformed marker key file")
	// ErrMarkerKeysMissing means the store holds erasure markers under
	// keys it does not have: it cannot tell forgotten content from the
	// rest, so it sends nothing to other replicas until the keys are
	// imported (memfs key import).
	ErrMarkerKeysMissing = errcode.New("marker_keys_missing", "this store holds erasure markers it cannot check; import their key (memfs key import) from the replica that made them")
	// ErrTooLarge means an incoming object is over its size limit; it
	// comes wrapped in ErrInvalidBundle.
	ErrTooLarge = errors.New("file_too_large")
)

// errTruncated means a stat cache file ends early.
var errTruncated = errors.New("truncated stat cache")

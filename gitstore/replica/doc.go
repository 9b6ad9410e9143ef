// Package replica owns a store's exchange with other replicas of it:
// standard git bundles, imports, remotes, pulls and pushes, the merge of
// diverged scope branches and the diverged refs kept when a merge cannot
// be made.
//
// Incoming history lands in a quarantine repository inside the store,
// is refused whole when it leaves the artifact layout (or a tree or a
// commit is not canonical by git's fsck rules), and is rewritten by the
// union of both sides' erasure markers before anything becomes visible.
// Markers that would rewrite local history need the caller's consent.
// The markers (refs/memfs/erasures) are merged by union on pull and push;
// refs/memfs/meta is one keyless commit everywhere, and marker keys never
// travel with history (gitstore's keyring.go).
//
// It works on a *gitstore.Store through the store's exported API and its
// Plumbing (raw objects, refs and packed-refs, the metadata commits, the
// quarantine, go-git's storage); the network is the git binary's, run
// with the user's environment (transport.go). On a remote, memfs reads and
// writes only its own refs under refs/memfs/ (layout.go). The
// operations that write (Import, Push, PruneDiverged) take a *gitstore.Tx,
// the store under its lock. Its sentinel errors are gitstore's
// (ErrInvalidBundle, ErrNoRemote, ErrRemoteMoved, ErrRemoteAuth,
// ErrRemoteFailed, ErrTooLarge and the
// erasure consent errors).
//
// # Files
//
//   - doc.go: this description.
//   - replica.go: the store and Tx as this package sees them.
//   - bundle.go: bundles, the quarantine and checks of incoming history.
//   - fsck.go: the checks of canonical trees and commits that incoming
//     objects must pass.
//   - import.go: Import of a bundle or a pull.
//   - consent.go: consent to incoming markers that rewrite local history.
//   - settle.go: the record of an import's markers left to settle.
//   - remote.go: remotes, fetching and Push.
//   - transport.go: running git for ls-remote, fetch into the quarantine
//     (packs checked before anything reads them) and push; errors and
//     credentials stripped from them.
//   - layout.go: memfs's refs on a remote, and the earlier layout.
//   - merge.go: merging diverged scope branches (index files line-wise
//     with wiki.MergeIndexFile).
//   - diverged.go: diverged refs and their pruning.
//   - summary.go: the summary lines of imports, pushes and consents.
package replica

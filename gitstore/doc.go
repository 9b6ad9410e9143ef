// Package gitstore owns the canonical memory store: a bare git repository
// that stock git reads, holding one branch per scope (refs/heads/<scope>),
// each commit a complete artifact.
//
// It and gitstore/replica are the only packages that import go-git, for
// what git's formats make hard: refs listing and packed-refs parsing,
// revision expressions, the config and remotes, transports, and reading
// objects that only it can (packs in formats objfile does not read). go-git is not safe
// for concurrent use, so every go-git call goes through the Store's
// mutex. Everything else about object files is internal/objfile's, which
// does not import go-git.
//
// # Reading objects
//
// Every read of an object by id goes through one chain (objects.go,
// readObject): the bulk read of an exclusive operation (every pack read
// whole, each delta of stock git's packs applied once, bases first), then
// objfile's reader (pack entries found through their index and inflated
// with one positioned read, delta chains resolved through a bounded cache
// of bases as git's delta_base_cache, and loose objects), then go-git, once more after a reindex when another
// process added or replaced packs. BlobReader gives the fast path to
// parallel readers (a FUSE mount) without the mutex. Readers get immutable
// Snapshots of one commit whose blob bytes are cached by object id, which
// never changes meaning.
//
// # Publication
//
// Publication is validate → build tree → write objects and commit →
// compare-and-swap the branch. Nothing reaches a scope branch without
// passing publish-mode validation and the erasure guard. Publishers in one
// process or many are serialized by an flock on store.git/memfs.lock. A
// ref update writes the new value outside refs/ (memfs-tmp/) and renames
// it over the ref, so readers never see a torn ref and a killed process
// leaves no lock behind; a <ref>.lock that stock git holds is respected.
// A publication's new objects and its commit go into one delta-free pack
// (loose objects when there are only a few); small packs are merged.
//
// Publishing a directory re-hashes only what changed, as git's index does:
// a per-directory stat cache maps (path, size, mtime, ctime, inode) to the
// blob id, and a facts cache maps blob ids to what validation learned from
// them. Entries whose mtime is not older than the scan that recorded them
// are "racy" and read again. Unchanged subtrees are recognized by id and
// not written again.
//
// # Rewrite, purge, sync
//
// Forget and import run under the store lock through a Tx: Rewrite
// computes a history edit in memory (each old tree and blob rewritten
// once, authors and dates kept), WriteObjects stores its objects,
// SwitchRefs moves every ref at once by replacing packed-refs with one
// rename, and Purge leaves exactly the reachable objects in one pack,
// verified by reading every object on disk. An Eraser is the edit of both
// a forget (from its targets) and an import (from erasure markers), so
// both produce the same commits. The exchange with other replicas
// (bundles, imports, pulls and pushes, merges of diverged branches) is
// gitstore/replica's, through Plumbing (plumbing.go).
//
// # Metadata
//
// The store's identity (store id, the id of the key it marks with) is
// local, in the config's [memfs] section. refs/memfs/meta (keys/<key id>,
// the HMAC keys for erasure markers) and refs/memfs/erasures (the
// markers) are sets shared by every replica, each a canonical commit of
// its content (meta.go), merged by union on pull and push (replica).
//
// # Files
//
//   - doc.go: this description.
//   - store.go: Options, Init and Open, the store lock, metadata, scopes.
//   - errors.go: every sentinel error, the coded ones with their stable
//     codes (errcode.New).
//   - id.go: ID, an object id, and its text form.
//   - refs.go: reading, compare-and-swap and deleting refs; packed-refs.
//   - tx.go: Tx (the store under its lock) and SwitchRefs.
//   - objects.go: the one object reader; trees and commits decoded.
//   - objwrite.go, pack.go: writing objects, loose or as packs; merging.
//   - blobreader.go, blobcache.go: parallel blob reads and their cache.
//   - snapshot.go: Snapshot, one commit's tree as an fs.FS.
//   - history.go: Diff, Resolve, Log.
//   - publish.go, statcache.go: publication and its stat cache.
//   - factsmemo.go: validation facts remembered by blob id.
//   - foldercache.go: FolderCache, the stat cache of a published folder
//     read by its caller.
//   - proposal.go: review mode's proposals.
//   - markers.go: the store's erasure markers, its Guard (the marker
//     model and the guard are package erasure's) and CheckMarkerKeys.
//   - keyring.go: the marker keys, local to the store
//     (store.git/memfs-keyring, never in a ref), key files, and the
//     migration of keys out of the meta ref.
//   - eraser.go: the Eraser, the history edit of a forget or an import
//     (an erasure.Guard or a forget's targets as its EraseSpec).
//   - eraser_names.go: renaming files and folders whose names were
//     forgotten.
//   - rewrite.go: history rewriting; RevisionEdit, one changed commit.
//   - rewrite_check.go, rewrite_check_files.go: CheckRewrite, the schema
//     check of a rewrite's revisions (files edited in place checked one
//     by one).
//   - plan.go: a rewrite's plan, kept from a preview for its apply.
//   - purge.go: purge, reachability and verification of what is on disk.
//   - meta.go: the local identity and the canonical meta and marker
//     commits.
//   - watch.go: WatchRefs.
//   - refcheck.go: HoldsErased and RestoreRef, for a head that moved
//     outside the publish path (a dreamer's git update-ref).
//   - plumbing.go: Plumbing, the low-level surface gitstore/replica works
//     through (raw objects, refs and packed-refs, the metadata commits,
//     the quarantine, go-git's storage), each method a store step
//     unwrapped.
//
// replica (gitstore/replica) owns the exchange with other replicas:
// bundles, import, remotes, pull and push, merges and diverged refs.
// erasure (gitstore/erasure) owns the erasure model: markers, the Guard
// and memfs's own vocabulary; it imports no store.
// internal/objfile owns the object files (loose objects, pack indexes,
// pack entries, the fast reader, the bulk read, the pack writer);
// internal/parallel runs indexed work on every core.
package gitstore

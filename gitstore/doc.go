// Package gitstore owns the canonical memory store: a bare git repository
// that stock git reads, holding one branch per scope (refs/heads/<scope>),
// each commit a complete artifact.
//
// It is the only package that imports go-git. go-git is not safe for
// concurrent use, so every go-git call goes through the Store's mutex;
// readers get immutable Snapshots of one commit whose blob bytes are cached
// by object id, which never changes meaning.
//
// Publication is validate → build tree → write commit → compare-and-swap the
// branch. Nothing reaches a scope branch without passing publish-mode
// validation. Publishers in one process or many are serialized by an flock
// on store.git/memfs.lock. A ref update writes the new value outside refs/
// (memfs-tmp/) and renames it over the ref, so readers never see a torn
// ref and a killed process leaves no lock behind; a <ref>.lock that stock
// git holds is respected.
//
// # Speed
//
// Publishing a directory re-hashes only what changed, as git's index does:
// a per-directory stat cache maps (path, size, mtime, ctime, inode) to the
// blob id, and a facts cache maps blob ids to what validation learned from
// them. Entries whose mtime is not older than the scan that recorded them
// are "racy" and read again. Unchanged subtrees are recognized by id and not
// written again.
//
// # Rewrite, purge, sync
//
// Forget and import run under the store lock through a Tx: Rewrite
// computes a history edit in memory (each old tree and blob rewritten once,
// authors and dates kept), WriteObjects stores its objects, SwitchRefs
// moves every ref at once by replacing packed-refs with one rename, and
// Purge leaves exactly the reachable objects in one pack, verified by
// reading every object on disk. An Eraser is the edit of both a forget
// (from its targets) and an import (from erasure markers), so both produce
// the same commits. Bundles are standard git bundles; imports and pulls
// land in a quarantine repository inside the store, are refused whole when
// they leave the artifact layout, and are rewritten by the union of marker
// sets before anything becomes visible.
//
// # Metadata
//
// refs/memfs/meta points at a commit whose tree holds meta.json (store id,
// current marker key id) and keys/<key id> (HMAC keys for erasure markers;
// the keyring grows as keys arrive from other stores).
package gitstore

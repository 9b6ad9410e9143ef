// Package memfuse serves the canonical store read-only through FUSE
// (hanwen/go-fuse/v2): a plain scope mount, every scope at once (--all),
// or a browse view of a scope's history (--history). Snapshots for
// machines without FUSE are package checkout's.
//
// # Naming
//
// The package is memfuse, not fs: a package fs shadows io/fs and go-fuse's
// fs, so every caller renamed it on import. Inside it, io/fs is imported as
// iofs, go-fuse's fs package as gofs and go-fuse's fuse package as fuse,
// always under those names.
//
// # What is served
//
// The root of a scope view holds exactly summary.md, index.md and pages/.
// The structural read-mode rules of docs/design.md §3 decide what is visible:
// entries outside the artifact layout, non-regular entries (symlinks,
// submodules), duplicated names and files over max_file_bytes are not
// served; a missing (or oversize) summary.md or index.md is supplied with
// the read-mode default, and a missing pages/ is an empty folder. Rules that
// need file contents (encoding, erasure markers) and whole-tree limits were
// enforced when the revision was published; the mount never reads a file's
// content to list or stat it, only object headers for sizes. A revision
// whose Memfs-Artifact trailer is not a supported version is not served: a
// mount refuses it, and a live mount keeps serving the revision before it.
//
// # Inodes
//
// Kernel node ids are the inode numbers (go-fuse's ExternalNodeID), so
// both are stable and known without a table:
//
//   - a file is identified by (view, path, blob id): a new blob at a path is
//     a new inode, and an unchanged file keeps its inode, and so its kernel
//     page cache, across swaps;
//   - a directory is identified by (view, path): it is the one mutable kind
//     of node, always resolved against the view's current revision;
//   - a view is a scope's live line, or one fixed revision (--rev, and each
//     history/<rev>/ folder, which therefore never shares an inode with
//     another revision).
//
// Numbers are the first 63 bits of a SHA-256 over those fields, never 0, 1
// (the mount root) or ^0.
//
// # Kernel caching
//
// Content never changes under an inode, so the mount lets the kernel cache
// everything for a long time: entry, negative-entry and attribute timeouts
// of 24 hours, FOPEN_KEEP_CACHE, directory listings cached by the kernel
// (FOPEN_CACHE_DIR), and open and flush answered with ENOSYS so the kernel
// stops sending them and serves reads straight from its page cache. A
// swap invalidates precisely what changed (see Live swap).
//
// # Reading
//
// Blobs are read by gitstore.BlobReader: straight from the pack and loose
// object files, in parallel, without go-git or the store's mutex, and
// cached decompressed in the store's bounded blob cache. Sizes come from
// object headers. Readers of a folder read its files next (grep -r, cat
// *, a walk), so once a listing of a folder was read to its end (the
// kernel asked past its last entry), or one of its files read,
// background workers (one fewer than the processors Go uses, at least
// one: the reader keeps a processor) push the folder's files into the
// kernel's page cache (FUSE_NOTIFY_STORE, from outside any request):
// those reads are then served by the kernel without a request reaching
// the server, and the pushed bytes live in the kernel's
// reclaimable cache, not in this process. Pushes follow the reader: the
// folder listed last goes first, and a read that reaches the server
// before its file was pushed moves that folder's pushes past it. Such a
// read inflates the file straight into the reply, bypassing the blob
// cache. While nothing waits to be pushed, the workers inflate ahead the
// folder a depth-first walk enters next (up to 2 MiB, into a reused
// arena): once that folder is listed its pushes only copy, and the core
// the reader leaves idle while a listing is answered is put to use. A
// folder's sizes, and each worker's run of pushes, are read with one look
// for changed packs (gitstore.BlobBatch). Optionally, a mount prefetches
// blobs into the blob cache right after mounting, once the workers have
// had nothing else to do for 100 ms (not while a walk is under way).
//
// # Live swap
//
// A watcher (gitstore.WatchRefs: inotify on the refs, with a poll
// fallback) notices a moved branch. The new revision's tree is built
// beside the served one, reusing every unchanged subtree, then published
// with one atomic pointer store: a lookup or a directory listing uses one
// revision from start to end. Afterwards, from the watcher's goroutine and
// never from inside a FUSE request, the kernel is told about every changed
// name (NotifyEntry) and every changed directory (NotifyContent, which
// drops its cached listing; changed directories also get a strictly newer
// mtime). The kernel takes a directory's lock to apply an entry
// invalidation, so a lookup that raced the swap has installed its entry
// before it is invalidated. A file opened before a swap keeps its inode,
// so it keeps the content it was opened with.
//
// # Forget
//
// When the erasure markers move, a forget rewrote the store: the views
// swap to the rewritten heads, fixed revisions (--rev, history folders)
// that left their scope's history stop being served, and every file inode
// the kernel was handed (the mount keeps them in a weak set, whatever
// tree they came from) whose (view, path, blob) is no longer served is
// marked erased: reads through descriptors still open answer EIO, and its
// page cache is dropped. Forget outranks the snapshot promise.
//
// Directory offsets carry a salt derived from the listed revision of the
// directory, so a reader that started listing one revision can never be
// continued with another revision's entries from the kernel's cache.
//
// # Writes
//
// The mount is read-only at the VFS level (MS_RDONLY, or fusermount's ro),
// and every write-like handler answers EROFS as well.
package memfuse

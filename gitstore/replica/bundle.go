package replica

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/format/packfile"
	"github.com/go-git/go-git/v5/plumbing/object"
	"github.com/go-git/go-git/v5/storage/filesystem"

	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/gitstore/erasure"
	"github.com/memfs/memfs/gitstore/internal/objfile"
	"github.com/memfs/memfs/wiki"
)

// Bundles. memfs exports standard git bundles (version 2): a header naming
// refs, then one pack holding every object they reach. Stock git verifies
// and clones them. Import reads version 2 and 3 bundles written by memfs
// or by stock git, as long as they are complete (no prerequisites).

// BundleRefs lists the refs an export carries for scopes (all scopes when
// empty): their branches, refs/memfs/erasures and refs/memfs/meta. A
// store holding markers it cannot check exports nothing
// (gitstore.ErrMarkerKeysMissing).
func BundleRefs(ctx context.Context, st *gitstore.Store, scopes []string) (map[string]gitstore.ID, error) {
	s := wrap(st)
	if err := s.CheckMarkerKeys(ctx); err != nil {
		return nil, err
	}
	refs, err := s.Refs(ctx)
	if err != nil {
		return nil, err
	}
	out := map[string]gitstore.ID{}
	for name, h := range refs {
		switch {
		case name == gitstore.MetaRef || name == gitstore.ErasuresRef:
			out[name] = h
		case strings.HasPrefix(name, branchPrefix):
			sc := strings.TrimPrefix(name, branchPrefix)
			if wiki.ValidScope(sc) && (len(scopes) == 0 || slices.Contains(scopes, sc)) {
				out[name] = h
			}
		}
	}
	for _, sc := range scopes {
		if _, ok := out[gitstore.BranchRef(sc)]; !ok {
			return nil, fmt.Errorf("scope %s: %w", sc, gitstore.ErrNoScope)
		}
	}
	return out, nil
}

// WriteBundle writes a version-2 git bundle of refs to w: the header, then
// one delta-free pack of every object the refs reach.
func WriteBundle(ctx context.Context, st *gitstore.Store, w io.Writer, refs map[string]gitstore.ID) (objects int, err error) {
	s := wrap(st)
	s.Lock()
	defer s.Unlock()
	reach, err := s.ReachableLocked(ctx, refs, nil)
	if err != nil {
		return 0, err
	}
	ids := make([]gitstore.ID, 0, len(reach))
	for id := range reach {
		ids = append(ids, id)
	}
	slices.SortFunc(ids, func(a, b gitstore.ID) int { return bytes.Compare(a[:], b[:]) })
	objs, err := s.ObjectsLocked(ctx, ids)
	if err != nil {
		return 0, err
	}
	entries, err := objfile.Deflate(objs)
	if err != nil {
		return 0, err
	}
	pack, _, _ := objfile.EncodePack(entries)
	var hdr bytes.Buffer
	hdr.WriteString("# v2 git bundle\n")
	names := make([]string, 0, len(refs))
	for n := range refs {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		fmt.Fprintf(&hdr, "%s %s\n", refs[n], n)
	}
	hdr.WriteString("\n")
	if _, err := w.Write(hdr.Bytes()); err != nil {
		return 0, err
	}
	if _, err := w.Write(pack); err != nil {
		return 0, err
	}
	return len(ids), nil
}

// bundleHeader is what a bundle's header says.
type bundleHeader struct {
	refs map[string]gitstore.ID
}

// readBundleHeader reads a bundle's header and leaves r at its pack.
func readBundleHeader(r *bufio.Reader) (*bundleHeader, error) {
	first, err := r.ReadString('\n')
	if err != nil {
		return nil, fmt.Errorf("%w: no bundle header", gitstore.ErrInvalidBundle)
	}
	switch strings.TrimRight(first, "\n") {
	case "# v2 git bundle", "# v3 git bundle":
	default:
		return nil, fmt.Errorf("%w: not a git bundle (version 2 or 3)", gitstore.ErrInvalidBundle)
	}
	h := &bundleHeader{refs: map[string]gitstore.ID{}}
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return nil, fmt.Errorf("%w: truncated header", gitstore.ErrInvalidBundle)
		}
		line = strings.TrimRight(line, "\n")
		switch {
		case line == "":
			if len(h.refs) == 0 {
				return nil, fmt.Errorf("%w: the bundle names no refs", gitstore.ErrInvalidBundle)
			}
			return h, nil
		case strings.HasPrefix(line, "@"):
			if cap := strings.TrimPrefix(line, "@"); cap != "object-format=sha1" && !strings.HasPrefix(cap, "filter") {
				return nil, fmt.Errorf("%w: unsupported capability %q", gitstore.ErrInvalidBundle, cap)
			}
			if strings.HasPrefix(line, "@filter") {
				return nil, fmt.Errorf("%w: partial (filtered) bundles are not supported", gitstore.ErrInvalidBundle)
			}
		case strings.HasPrefix(line, "-"):
			return nil, fmt.Errorf("%w: incremental bundles (with prerequisites) are not supported; export a complete one", gitstore.ErrInvalidBundle)
		default:
			id, name, ok := strings.Cut(line, " ")
			h2, okID := gitstore.ParseID(id)
			if !ok || !okID || !strings.HasPrefix(name, "refs/") || strings.Contains(name, "..") {
				return nil, fmt.Errorf("%w: malformed ref line", gitstore.ErrInvalidBundle)
			}
			h.refs[name] = h2
		}
	}
}

// quarantine is a bare repository inside the store (same filesystem)
// where incoming objects wait until they are checked and rewritten. It is
// removed whatever happens.
type quarantine struct {
	dir string
	s   *store
}

func (s *store) newQuarantine() (*quarantine, error) {
	dir, err := os.MkdirTemp(s.Path(), "memfs-quarantine-")
	if err != nil {
		return nil, fmt.Errorf("quarantine: %w", err)
	}
	qs, err := s.OpenQuarantine(dir)
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	return &quarantine{dir: dir, s: wrap(qs)}, nil
}

func (q *quarantine) remove() {
	q.s.Close()
	os.RemoveAll(q.dir)
}

// receivePack stores a pack (deltas allowed), in a quarantine, once
// checked; a malformed pack fails. Reading, checking and indexing it stop
// when ctx is cancelled.
func (s *store) receivePack(ctx context.Context, r io.Reader) error {
	s.Lock()
	defer s.Unlock()
	c := s.incoming()
	c.ctx = ctx
	if err := packfile.UpdateObjectStorage(c, ctxReader{ctx, r}); err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if errors.Is(err, gitstore.ErrInvalidBundle) {
			return err
		}
		return fmt.Errorf("%w: pack: %w", gitstore.ErrInvalidBundle, err)
	}
	s.Storage().Reindex()
	return nil
}

// Limits of incoming objects, besides the artifact's file limit: blobs of
// refs/memfs/meta (keys, meta.json) and of refs/memfs/erasures (the
// marker list), trees and commits.
const (
	maxMetaBlob     = 64 << 10
	maxErasuresBlob = 16 << 20
	maxTreeObject   = 1 << 20
	maxCommitObject = 1 << 20
)

// packLimits bound every entry of an incoming pack: a blob may be an
// artifact file or the marker list, whichever limit is larger.
func (s *store) packLimits() objfile.PackLimits {
	return objfile.PackLimits{Blob: max(s.Limits().MaxFileBytes, maxErasuresBlob),
		Tree: maxTreeObject, Commit: maxCommitObject, Tag: maxCommitObject}
}

// incoming is the quarantine's storage as a pack arriving from a bundle
// or a fetch meets it: the pack is spooled to a file in the quarantine
// and checked (objfile.CheckPack: declared sizes within the limits,
// inflated no further than declared) before go-git indexes it, so no
// object is ever inflated whole beyond its limit.
func (s *store) incoming() *checkedStorage {
	return &checkedStorage{Storage: s.Storage(), dir: s.Path(), limits: s.packLimits()}
}

type checkedStorage struct {
	*filesystem.Storage
	dir    string
	limits objfile.PackLimits
	// ctx, when set, stops the check and the indexing of the spooled
	// pack (go-git's fetches give none).
	ctx context.Context
}

// ctxReader fails its reads once ctx is done, so that a loop reading a
// large pack (go-git's parser, the pack check) stops within one read.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c ctxReader) Read(p []byte) (int, error) {
	if c.ctx != nil {
		if err := c.ctx.Err(); err != nil {
			return 0, err
		}
	}
	return c.r.Read(p)
}

// PackfileWriter spools the pack; its Close checks it, then hands it to
// go-git.
func (c *checkedStorage) PackfileWriter() (io.WriteCloser, error) {
	f, err := os.CreateTemp(c.dir, "incoming-*.pack")
	if err != nil {
		return nil, fmt.Errorf("spool pack: %w", err)
	}
	return &checkedPack{f: f, c: c}, nil
}

type checkedPack struct {
	f *os.File
	n int64
	c *checkedStorage
}

func (p *checkedPack) Write(b []byte) (int, error) {
	n, err := p.f.Write(b)
	p.n += int64(n)
	return n, err
}

func (p *checkedPack) Close() (err error) {
	defer os.Remove(p.f.Name())
	defer p.f.Close()
	if p.n == 0 {
		return nil
	}
	if _, err := p.f.Seek(0, io.SeekStart); err != nil {
		return err
	}
	if _, err := objfile.CheckPack(ctxReader{p.c.ctx, p.f}, p.n, p.c.limits); err != nil {
		if p.c.ctx != nil && p.c.ctx.Err() != nil {
			return p.c.ctx.Err()
		}
		var tl *objfile.TooLargeError
		if errors.As(err, &tl) {
			return fmt.Errorf("%w: %w: %w", gitstore.ErrInvalidBundle, gitstore.ErrTooLarge, err)
		}
		return fmt.Errorf("%w: pack: %w", gitstore.ErrInvalidBundle, err)
	}
	if _, err := p.f.Seek(0, io.SeekStart); err != nil {
		return err
	}
	w, err := p.c.Storage.PackfileWriter()
	if err != nil {
		return err
	}
	defer func() {
		if cerr := w.Close(); err == nil && cerr != nil {
			err = fmt.Errorf("%w: pack: %w", gitstore.ErrInvalidBundle, cerr)
		}
	}()
	_, err = io.Copy(w, ctxReader{p.c.ctx, p.f})
	return err
}

// checkIncoming refuses, whole, incoming refs whose history leaves the
// artifact layout or misses objects: every tree of every commit is walked
// once (memoized by id), every path classified, every file checked for
// type, encoding and size.
func (q *quarantine) checkIncoming(ctx context.Context, refs map[string]gitstore.ID, limits int64) error {
	s := q.s
	commits := map[gitstore.ID]bool{}
	for name, head := range refs {
		if !strings.HasPrefix(name, branchPrefix) {
			continue
		}
		anc, err := s.ancestors(ctx, head)
		if err != nil {
			return fmt.Errorf("%w: %s: %w", gitstore.ErrInvalidBundle, name, err)
		}
		for h := range anc {
			commits[h] = true
		}
	}
	s.Lock()
	defer s.Unlock()
	seenTree := map[gitstore.ID]bool{}
	seenBlob := map[gitstore.ID]bool{}
	var walk func(prefix string, h gitstore.ID, depth int) error
	walk = func(prefix string, h gitstore.ID, depth int) error {
		if seenTree[h] {
			return nil
		}
		seenTree[h] = true
		if depth > 3 {
			return fmt.Errorf("%w: tree nested deeper than the artifact layout", gitstore.ErrInvalidBundle)
		}
		if n, err := s.objectSizeLocked(h); err != nil || n > maxTreeObject {
			return fmt.Errorf("%w: %w: tree %s over %d bytes, or missing", gitstore.ErrInvalidBundle, gitstore.ErrTooLarge, gitstore.ShortID(h), maxTreeObject)
		}
		typ, content, err := s.RawObjectLocked(h)
		if err != nil || typ != plumbing.TreeObject {
			return fmt.Errorf("%w: missing or wrong tree %s", gitstore.ErrInvalidBundle, gitstore.ShortID(h))
		}
		if err := fsckTree(content); err != nil {
			return fmt.Errorf("%w: tree %s: %w", gitstore.ErrInvalidBundle, gitstore.ShortID(h), err)
		}
		entries, err := q.s.ParseTree(content)
		if err != nil {
			return fmt.Errorf("%w: tree %s: %w", gitstore.ErrInvalidBundle, gitstore.ShortID(h), err)
		}
		names := map[string]bool{}
		for _, e := range entries {
			p := e.Name
			if prefix != "" {
				p = prefix + "/" + e.Name
			}
			if names[e.Name] {
				return fmt.Errorf("%w: %s: duplicate path", gitstore.ErrInvalidBundle, p)
			}
			names[e.Name] = true
			isDir := e.Mode == filemode.Dir
			if _, err := wiki.ClassifyPath(p, isDir); err != nil {
				return fmt.Errorf("%w: %s: path outside the artifact layout", gitstore.ErrInvalidBundle, p)
			}
			if isDir {
				if err := walk(p, gitstore.ID(e.Hash), depth+1); err != nil {
					return err
				}
				continue
			}
			if e.Mode != filemode.Regular && e.Mode != filemode.Executable {
				return fmt.Errorf("%w: %s: not a regular file", gitstore.ErrInvalidBundle, p)
			}
			if seenBlob[gitstore.ID(e.Hash)] {
				continue
			}
			seenBlob[gitstore.ID(e.Hash)] = true
			if n, err := s.objectSizeLocked(gitstore.ID(e.Hash)); err != nil || n > limits {
				return fmt.Errorf("%w: %w: %s: over %d bytes, or missing", gitstore.ErrInvalidBundle, gitstore.ErrTooLarge, p, limits)
			}
			typ, b, err := s.RawObjectLocked(gitstore.ID(e.Hash))
			if err != nil || typ != plumbing.BlobObject {
				return fmt.Errorf("%w: %s: missing blob", gitstore.ErrInvalidBundle, p)
			}
			if bytes.IndexByte(b, 0) >= 0 || !utf8.Valid(b) {
				return fmt.Errorf("%w: %s: not UTF-8 text", gitstore.ErrInvalidBundle, p)
			}
		}
		return nil
	}
	for h := range commits {
		if err := ctx.Err(); err != nil {
			return err
		}
		c, err := s.canonicalCommitLocked(h)
		if err != nil {
			return fmt.Errorf("%w: %w", gitstore.ErrInvalidBundle, err)
		}
		if err := walk("", gitstore.ID(c.TreeHash), 0); err != nil {
			return err
		}
	}
	return nil
}

// objectSizeLocked returns an object's size from its header, without
// inflating its content. Lock must be held.
func (s *store) objectSizeLocked(h gitstore.ID) (int64, error) {
	var n int64
	err := s.Retry(func() (err error) { n, err = s.Storage().EncodedObjectSize(plumbing.Hash(h)); return err })
	return n, err
}

// canonicalCommitLocked reads an incoming commit, no larger than the
// commit limit and canonical by git's fsck rules. Lock must be held.
func (s *store) canonicalCommitLocked(h gitstore.ID) (*object.Commit, error) {
	if n, err := s.objectSizeLocked(h); err != nil || n > maxCommitObject {
		return nil, fmt.Errorf("%w: commit %s over %d bytes, or missing", gitstore.ErrTooLarge, gitstore.ShortID(h), maxCommitObject)
	}
	typ, raw, err := s.RawObjectLocked(h)
	if err != nil || typ != plumbing.CommitObject {
		return nil, fmt.Errorf("missing or wrong commit %s", gitstore.ShortID(h))
	}
	if err := fsckCommit(raw); err != nil {
		return nil, fmt.Errorf("commit %s: %w", gitstore.ShortID(h), err)
	}
	return s.CommitLocked(h)
}

// checkSmall checks, before anything reads them, the sizes of a meta or
// marker commit, its trees and its blobs (at most blobLimit each).
func (s *store) checkSmall(commit gitstore.ID, blobLimit int64) error {
	s.Lock()
	defer s.Unlock()
	c, err := s.canonicalCommitLocked(commit)
	if err != nil {
		return err
	}
	var walk func(tree gitstore.ID, depth int) error
	walk = func(tree gitstore.ID, depth int) error {
		if n, err := s.objectSizeLocked(tree); err != nil || n > maxTreeObject || depth > 2 {
			return fmt.Errorf("%w: tree %s over %d bytes, too deep, or missing", gitstore.ErrTooLarge, gitstore.ShortID(tree), maxTreeObject)
		}
		typ, content, err := s.RawObjectLocked(tree)
		if err != nil || typ != plumbing.TreeObject {
			return fmt.Errorf("missing or wrong tree %s", gitstore.ShortID(tree))
		}
		if err := fsckTree(content); err != nil {
			return fmt.Errorf("tree %s: %w", gitstore.ShortID(tree), err)
		}
		entries, err := s.ParseTree(content)
		if err != nil {
			return err
		}
		for _, e := range entries {
			if e.Mode == filemode.Dir {
				if err := walk(gitstore.ID(e.Hash), depth+1); err != nil {
					return err
				}
				continue
			}
			if n, err := s.objectSizeLocked(gitstore.ID(e.Hash)); err != nil || n > blobLimit {
				return fmt.Errorf("%w: %s over %d bytes, or missing", gitstore.ErrTooLarge, e.Name, blobLimit)
			}
		}
		return nil
	}
	return walk(gitstore.ID(c.TreeHash), 0)
}

// incomingMarkers reads the markers that came with an import. An
// incoming meta ref is checked for size only: keys never arrive with
// history (a meta commit of the earlier format holds some; they are not
// read), so only keys the user imported check markers here.
func (q *quarantine) incomingMarkers(ctx context.Context, refs map[string]gitstore.ID) ([]erasure.Marker, error) {
	var markers []erasure.Marker
	if h, ok := refs[gitstore.ErasuresRef]; ok {
		if err := q.s.checkSmall(h, maxErasuresBlob); err != nil {
			return nil, fmt.Errorf("%w: erasure markers: %w", gitstore.ErrInvalidBundle, err)
		}
		snap, err := q.s.Snapshot(ctx, h)
		if err != nil {
			return nil, fmt.Errorf("%w: erasure markers: %w", gitstore.ErrInvalidBundle, err)
		}
		b, err := snap.ReadFile(erasuresFile)
		if err != nil {
			return nil, fmt.Errorf("%w: erasure markers: %w", gitstore.ErrInvalidBundle, err)
		}
		if markers, err = erasure.ParseMarkers(b); err != nil {
			return nil, fmt.Errorf("%w: %w", gitstore.ErrInvalidBundle, err)
		}
	}
	if h, ok := refs[gitstore.MetaRef]; ok {
		if err := q.s.checkSmall(h, maxMetaBlob); err != nil {
			return nil, fmt.Errorf("%w: store meta: %w", gitstore.ErrInvalidBundle, err)
		}
	}
	return markers, ctx.Err()
}

// copyObjects stores in s every object reachable from refs in q that s
// lacks, as one pack.
func (s *store) copyObjects(ctx context.Context, q *store, refs map[string]gitstore.ID) (int, error) {
	q.Lock()
	reach, err := q.ReachableLocked(ctx, refs, nil)
	if err != nil {
		q.Unlock()
		return 0, err
	}
	var objs []objfile.Object
	s.Lock()
	for id := range reach {
		if err := ctx.Err(); err != nil {
			s.Unlock()
			q.Unlock()
			return 0, err
		}
		if s.HasObject(id) {
			continue
		}
		typ, content, err := q.RawObjectLocked(id)
		if err != nil {
			s.Unlock()
			q.Unlock()
			return 0, err
		}
		objs = append(objs, objfile.Object{ID: id, Type: objfile.Type(typ), Content: content})
	}
	q.Unlock()
	defer s.Unlock()
	if len(objs) == 0 {
		return 0, nil
	}
	if err := s.WritePack(objs); err != nil {
		return 0, err
	}
	s.Storage().Reindex()
	return len(objs), nil
}

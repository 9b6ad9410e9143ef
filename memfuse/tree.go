package memfuse

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"path"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/wiki"
)

// Inode kinds, hashed into inode numbers so that numbers of different
// kinds never meet.
const (
	kindDir      = 'd'
	kindFile     = 'f'
	kindSupplied = 's'
	kindRoot     = 'r'
	kindSalt     = 'o'
	kindHistory  = 'h'
)

// inoOf derives a stable inode number from a view namespace, a kind, an
// artifact path and an object id (or any identifying bytes). The result is
// below 2^63 and never 0, 1 (the root) or ^0 (reserved by go-fuse).
func inoOf(ns string, kind byte, path string, id []byte) uint64 {
	h := sha256.New()
	h.Write([]byte(ns))
	h.Write([]byte{0, kind, 0})
	h.Write([]byte(path))
	h.Write([]byte{0})
	h.Write(id)
	var sum [sha256.Size]byte
	ino := binary.LittleEndian.Uint64(h.Sum(sum[:0])) >> 1
	if ino < 2 {
		ino += 2
	}
	return ino
}

// Directory offsets are salt<<offBits | position, so that positions of
// different listings of one directory never look alike.
const (
	offBits  = 20
	offMask  = 1<<offBits - 1
	saltMask = 1<<40 - 1
)

// node is one served entry of a revision. A node never changes once built,
// except for the file size learnt on first use; it is shared by every later
// revision of the same view in which its subtree (a directory) or its blob
// (a file) is unchanged.
type node struct {
	name  string
	path  string      // artifact path; "." for the root
	id    gitstore.ID // tree or blob id; zero when synthesized or supplied
	ino   uint64
	mtime time.Time
	dir   bool

	// Directories.
	children []*node // sorted by name
	byName   map[string]*node
	nlink    uint32
	salt     uint64 // tags the offsets of this listing

	// readahead is set once the directory's files were scheduled for
	// pushing into the kernel's page cache; pushing is their progress
	// while files are left to push.
	readahead atomic.Bool
	pushing   atomic.Pointer[pushDir]

	// Files.
	data []byte       // supplied content; nil means the blob's content
	size atomic.Int64 // size + 1; 0 until known
	// pushed is set once the kernel was given the content, by a read or a
	// readahead push.
	pushed atomic.Bool
	// erased is set when a forget removed the file's content from the
	// store: reads through descriptors still open answer EIO.
	erased atomic.Bool
}

func (n *node) child(name string) *node {
	if n == nil || !n.dir {
		return nil
	}
	return n.byName[name]
}

// tree is one revision as a view serves it.
type tree struct {
	commit gitstore.CommitInfo
	root   *node
}

// dirAt returns the directory at an artifact path, or nil.
func (t *tree) dirAt(p string) *node {
	n := t.root
	if p == "." {
		return n
	}
	for _, seg := range strings.Split(p, "/") {
		n = n.child(seg)
		if n == nil || !n.dir {
			return nil
		}
	}
	return n
}

// after returns the folder a depth-first walk (grep -r, find) enters
// after the folder at p: its first subfolder, else the next folder beside
// it or beside one of its parents; nil at the end.
func (t *tree) after(p string) *node {
	d := t.dirAt(p)
	if d == nil {
		return nil
	}
	for _, c := range d.children {
		if c.dir {
			return c
		}
	}
	for p != "." {
		parent := t.dirAt(path.Dir(p))
		if parent == nil {
			return nil
		}
		i, _ := slices.BinarySearchFunc(parent.children, path.Base(p), func(c *node, name string) int { return strings.Compare(c.name, name) })
		for _, c := range parent.children[min(i+1, len(parent.children)):] {
			if c.dir {
				return c
			}
		}
		p = path.Dir(p)
	}
	return nil
}

// builder turns a snapshot into a tree, applying the structural read-mode
// rules and reusing the nodes of the previous revision of the same view.
type builder struct {
	ns      string
	rootIno uint64
	sizer   sizer
	maxFile int64
	mtime   time.Time
	refused int // entries left out
}

func (b *builder) build(ctx context.Context, snap *gitstore.Snapshot, prev *tree) (*tree, error) {
	var prevRoot *node
	if prev != nil {
		prevRoot = prev.root
		if prevRoot.id == snap.Root.ID {
			return &tree{commit: snap.Commit, root: prevRoot}, nil
		}
	}
	root := b.newDir(".", ".", snap.Root.ID, b.rootIno, prevRoot)
	var summary, index, pages *node
	for _, c := range uniqueChildren(snap.Root, &b.refused) {
		switch {
		case c.Name == wiki.SummaryFile && c.Mode.IsRegular():
			summary = b.file(c, prevRoot.child(c.Name))
		case c.Name == wiki.IndexFile && c.Mode.IsRegular():
			index = b.file(c, prevRoot.child(c.Name))
		case c.Name == wiki.PagesDir && c.IsDir():
			d, err := b.dir(ctx, c, prevRoot.child(c.Name))
			if err != nil {
				return nil, err
			}
			pages = d
		default:
			b.refused++
		}
	}
	for _, f := range []**node{&summary, &index} {
		if *f == nil {
			continue
		}
		ok, err := fits(b.sizer, *f, b.maxFile)
		if err != nil {
			return nil, err
		}
		if !ok {
			*f = nil
			b.refused++
		}
	}
	if pages == nil {
		pages = b.newDir(wiki.PagesDir, wiki.PagesDir, gitstore.ID{}, inoOf(b.ns, kindDir, wiki.PagesDir, nil), prevRoot.child(wiki.PagesDir))
		pages.finish()
	}
	if summary == nil {
		summary = b.supplied(wiki.SummaryFile, []byte{}, prevRoot.child(wiki.SummaryFile))
	}
	if index == nil {
		var paths []string
		walkFiles(pages, func(n *node) { paths = append(paths, n.path) })
		index = b.supplied(wiki.IndexFile, wiki.DefaultIndex(paths), prevRoot.child(wiki.IndexFile))
	}
	root.children = []*node{summary, index, pages}
	root.finish()
	return &tree{commit: snap.Commit, root: root}, nil
}

func (b *builder) newDir(name, p string, id gitstore.ID, ino uint64, prev *node) *node {
	d := &node{name: name, path: p, id: id, ino: ino, dir: true, mtime: b.mtime}
	// A changed directory gets a strictly newer mtime, even within one
	// commit-time second: the kernel revalidates its cached listing by it.
	if prev != nil && !d.mtime.After(prev.mtime) {
		d.mtime = prev.mtime.Add(time.Nanosecond)
	}
	d.salt = inoOf(b.ns, kindSalt, p, id[:])%saltMask + 1
	return d
}

func (b *builder) dir(ctx context.Context, sn *gitstore.Node, prev *node) (*node, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if prev != nil && prev.dir && prev.id == sn.ID {
		return prev, nil
	}
	d := b.newDir(sn.Name, sn.Path, sn.ID, inoOf(b.ns, kindDir, sn.Path, nil), prev)
	for _, c := range uniqueChildren(sn, &b.refused) {
		if _, err := wiki.ClassifyPath(c.Path, c.IsDir()); err != nil {
			b.refused++
			continue
		}
		switch {
		case c.IsDir():
			sub, err := b.dir(ctx, c, prev.child(c.Name))
			if err != nil {
				return nil, err
			}
			d.children = append(d.children, sub)
		case c.Mode.IsRegular():
			d.children = append(d.children, b.file(c, prev.child(c.Name)))
		default:
			b.refused++
		}
	}
	d.finish()
	return d, nil
}

func (b *builder) file(sn *gitstore.Node, prev *node) *node {
	if prev != nil && !prev.dir && prev.data == nil && prev.id == sn.ID {
		return prev
	}
	return &node{name: sn.Name, path: sn.Path, id: sn.ID, ino: inoOf(b.ns, kindFile, sn.Path, sn.ID[:]), mtime: b.mtime}
}

func (b *builder) supplied(p string, data []byte, prev *node) *node {
	if prev != nil && !prev.dir && prev.data != nil && bytes.Equal(prev.data, data) {
		return prev
	}
	sum := sha256.Sum256(data)
	n := &node{name: p, path: p, ino: inoOf(b.ns, kindSupplied, p, sum[:]), mtime: b.mtime, data: data}
	n.size.Store(int64(len(data)) + 1)
	return n
}

// finish sorts a directory's children and indexes them.
func (n *node) finish() {
	slices.SortFunc(n.children, func(a, b *node) int { return strings.Compare(a.name, b.name) })
	n.byName = make(map[string]*node, len(n.children))
	n.nlink = 2
	for _, c := range n.children {
		n.byName[c.name] = c
		if c.dir {
			n.nlink++
		}
	}
}

// uniqueChildren returns a snapshot directory's entries whose names occur
// once; a malformed tree's duplicated names are refused altogether.
func uniqueChildren(d *gitstore.Node, refused *int) []*gitstore.Node {
	out := make([]*gitstore.Node, 0, len(d.Children))
	for i, c := range d.Children {
		dupPrev := i > 0 && d.Children[i-1].Name == c.Name
		dupNext := i+1 < len(d.Children) && d.Children[i+1].Name == c.Name
		if dupPrev || dupNext {
			*refused++
			continue
		}
		out = append(out, c)
	}
	return out
}

func walkFiles(n *node, fn func(*node)) {
	for _, c := range n.children {
		if c.dir {
			walkFiles(c, fn)
		} else {
			fn(c)
		}
	}
}

// sizer tells blob sizes from object headers.
type sizer interface {
	Size(gitstore.ID) (int64, error)
}

// fileSize returns a file node's size, reading only the object header the
// first time.
func fileSize(s sizer, n *node) (int64, error) {
	if v := n.size.Load(); v > 0 {
		return v - 1, nil
	}
	sz, err := s.Size(n.id)
	if err != nil {
		return 0, fmt.Errorf("%s: %w", n.path, err)
	}
	n.size.Store(sz + 1)
	return sz, nil
}

// fits reports whether a node is within the per-file limit; directories
// and supplied files always are.
func fits(s sizer, n *node, maxFile int64) (bool, error) {
	if n.dir || n.data != nil {
		return true, nil
	}
	sz, err := fileSize(s, n)
	if err != nil {
		return false, err
	}
	return sz <= maxFile, nil
}

// diffTrees reports what a swap from old to new changes, as the kernel sees
// it: entry(dir inode, name) for every name whose node differs (added,
// removed, or a different inode) and dir(inode) for every directory whose
// listing differs. Unchanged subtrees are skipped without being walked.
func diffTrees(old, new *node, entry func(parent uint64, name string), dir func(ino uint64)) {
	if old == new || old == nil || new == nil {
		return
	}
	names := make([]string, 0, len(old.children)+len(new.children))
	for _, c := range old.children {
		names = append(names, c.name)
	}
	for _, c := range new.children {
		if old.byName[c.name] == nil {
			names = append(names, c.name)
		}
	}
	for _, name := range names {
		o, n := old.byName[name], new.byName[name]
		switch {
		case o != nil && n != nil && o.dir && n.dir:
			diffTrees(o, n, entry, dir)
		case o != nil && n != nil && !o.dir && !n.dir && o.ino == n.ino:
		default:
			entry(new.ino, name)
		}
	}
	dir(new.ino)
}

// blobIDs lists a tree's blob ids in path order, once each.
func blobIDs(root *node) []gitstore.ID {
	seen := map[gitstore.ID]bool{}
	var ids []gitstore.ID
	walkFiles(root, func(n *node) {
		if n.data == nil && !seen[n.id] {
			seen[n.id] = true
			ids = append(ids, n.id)
		}
	})
	return ids
}

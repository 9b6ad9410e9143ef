package gitstore

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"io/fs"
	"path"
	"sort"
	"strings"
	"sync/atomic"
	"time"

	"github.com/go-git/go-git/v5/plumbing/filemode"

	"github.com/memfs/memfs/validate"
)

// Node is one entry of a snapshot's tree. Nodes are immutable.
type Node struct {
	Name string
	Path string // artifact path, "." for the root
	ID   ID     // blob or tree id
	// Mode is the entry's type as an fs.FileMode: a directory, a regular
	// file, a symlink, or ModeIrregular for a submodule.
	Mode fs.FileMode
	// Children holds a directory's entries in name order, duplicates kept.
	Children []*Node

	snap   *Snapshot
	byName map[string]*Node
	size   atomic.Int64 // blob size + 1; 0 means not yet known
}

// IsDir reports whether the node is a directory.
func (n *Node) IsDir() bool { return n.Mode.IsDir() }

// Child returns the directory entry called name, or nil.
func (n *Node) Child(name string) *Node { return n.byName[name] }

// Size returns a file's size, reading the object header once.
func (n *Node) Size() (int64, error) {
	if n.IsDir() {
		return 0, nil
	}
	if v := n.size.Load(); v > 0 {
		return v - 1, nil
	}
	sz, err := n.snap.store.BlobSize(n.ID)
	if err != nil {
		return 0, err
	}
	n.size.Store(sz + 1)
	return sz, nil
}

// Content returns a file's bytes. The slice is shared: do not modify it.
func (n *Node) Content() ([]byte, error) {
	if n.IsDir() {
		return nil, fmt.Errorf("%s: is a directory", n.Path)
	}
	b, err := n.snap.store.ReadBlob(n.ID)
	if err == nil {
		n.size.Store(int64(len(b)) + 1)
	}
	return b, err
}

// CommitInfo describes one commit.
type CommitInfo struct {
	ID       ID
	Tree     ID
	Parents  []ID
	Author   string
	Time     time.Time
	Message  string            // without trailers
	Trailers map[string]string // the last paragraph's "Key: value" lines
}

// Subject is the first line of the message.
func (c *CommitInfo) Subject() string {
	s, _, _ := strings.Cut(c.Message, "\n")
	return s
}

// Snapshot is an immutable view of one commit's tree. It implements fs.FS,
// fs.ReadDirFS, fs.ReadFileFS, fs.StatFS and fs.ReadLinkFS, and is safe for
// concurrent use.
type Snapshot struct {
	Commit CommitInfo
	Root   *Node
	store  *Store
}

// Interface checks for Snapshot.
var (
	_ fs.ReadDirFS  = (*Snapshot)(nil)
	_ fs.ReadFileFS = (*Snapshot)(nil)
	_ fs.StatFS     = (*Snapshot)(nil)
	_ fs.ReadLinkFS = (*Snapshot)(nil)
)

// Snapshot loads the tree of a commit. Only tree objects are read; blob
// contents and sizes are read on first use.
func (s *Store) Snapshot(ctx context.Context, commit ID) (*Snapshot, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	info, err := s.commitInfoLocked(commit)
	if err != nil {
		return nil, err
	}
	snap := &Snapshot{Commit: info, store: s}
	snap.Root = &Node{Name: ".", Path: ".", ID: info.Tree, Mode: fs.ModeDir | 0o555, snap: snap}
	if err := s.loadTreeLocked(ctx, snap, snap.Root, 0); err != nil {
		return nil, err
	}
	return snap, nil
}

// maxTreeDepth stops a malicious tree from recursing without bound.
const maxTreeDepth = 32

func (s *Store) loadTreeLocked(ctx context.Context, snap *Snapshot, dir *Node, depth int) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if depth > maxTreeDepth {
		return fmt.Errorf("tree %s: nested deeper than %d levels", dir.ID, maxTreeDepth)
	}
	entries, err := s.treeEntriesLocked(dir.ID)
	if err != nil {
		return err
	}
	dir.byName = make(map[string]*Node, len(entries))
	dir.Children = make([]*Node, 0, len(entries))
	for _, e := range entries {
		p := e.Name
		if dir.Path != "." {
			p = dir.Path + "/" + e.Name
		}
		n := &Node{Name: e.Name, Path: p, ID: ID(e.Hash), Mode: fileMode(e.Mode), snap: snap}
		dir.Children = append(dir.Children, n)
		if _, dup := dir.byName[e.Name]; !dup {
			dir.byName[e.Name] = n
		}
		if n.IsDir() {
			if err := s.loadTreeLocked(ctx, snap, n, depth+1); err != nil {
				return err
			}
		}
	}
	sort.SliceStable(dir.Children, func(i, j int) bool { return dir.Children[i].Name < dir.Children[j].Name })
	return nil
}

func fileMode(m filemode.FileMode) fs.FileMode {
	switch m {
	case filemode.Dir:
		return fs.ModeDir | 0o555
	case filemode.Regular, filemode.Deprecated:
		return 0o444
	case filemode.Executable:
		return 0o555
	case filemode.Symlink:
		return fs.ModeSymlink | 0o777
	}
	return fs.ModeIrregular
}

func (s *Store) commitInfoLocked(h ID) (CommitInfo, error) {
	c, err := s.commitLocked(h)
	if err != nil {
		return CommitInfo{}, fmt.Errorf("commit %s: %w: %w", short(h), ErrUnknownRevision, err)
	}
	msg, trailers := splitTrailers(c.Message)
	return CommitInfo{ID: ID(c.Hash), Tree: ID(c.TreeHash), Parents: ids(c.ParentHashes),
		Author: c.Author.Name + " <" + c.Author.Email + ">", Time: c.Committer.When,
		Message: msg, Trailers: trailers}, nil
}

// splitTrailers separates a message's final "Key: value" paragraph.
func splitTrailers(msg string) (string, map[string]string) {
	body := strings.TrimRight(msg, "\n")
	i := strings.LastIndex(body, "\n\n")
	if i < 0 {
		return msg, nil
	}
	trailers := map[string]string{}
	for _, line := range strings.Split(body[i+2:], "\n") {
		k, v, ok := strings.Cut(line, ": ")
		if !ok || k == "" || strings.ContainsAny(k, " \t") {
			return msg, nil
		}
		trailers[k] = v
	}
	return body[:i] + "\n", trailers
}

// ArtifactVersion returns the commit's Memfs-Artifact trailer and whether
// it has one.
func (c *CommitInfo) ArtifactVersion() (string, bool) {
	v, ok := c.Trailers[validate.TrailerArtifact]
	return v, ok
}

// Sources returns the session ids of the Memfs-Sources trailer.
func (c *CommitInfo) Sources() []string { return strings.Fields(c.Trailers[validate.TrailerSources]) }

// Lookup returns the node at an artifact path, or nil.
func (snap *Snapshot) Lookup(name string) *Node {
	if name == "." || name == "" {
		return snap.Root
	}
	n := snap.Root
	for _, seg := range strings.Split(name, "/") {
		if n == nil || !n.IsDir() {
			return nil
		}
		n = n.Child(seg)
	}
	return n
}

// Walk calls fn for every file (non-directory) node in path order.
func (snap *Snapshot) Walk(fn func(*Node) error) error {
	var walk func(*Node) error
	walk = func(d *Node) error {
		for _, c := range d.Children {
			if c.IsDir() {
				if err := walk(c); err != nil {
					return err
				}
				continue
			}
			if err := fn(c); err != nil {
				return err
			}
		}
		return nil
	}
	return walk(snap.Root)
}

func (snap *Snapshot) node(op, name string) (*Node, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: op, Path: name, Err: fs.ErrInvalid}
	}
	n := snap.Lookup(name)
	if n == nil {
		return nil, &fs.PathError{Op: op, Path: name, Err: fs.ErrNotExist}
	}
	return n, nil
}

// Open implements fs.FS.
func (snap *Snapshot) Open(name string) (fs.File, error) {
	n, err := snap.node("open", name)
	if err != nil {
		return nil, err
	}
	if n.IsDir() {
		return &snapDir{n: n}, nil
	}
	b, err := n.Content()
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: name, Err: err}
	}
	return &snapFile{n: n, r: bytes.NewReader(b)}, nil
}

// ReadFile implements fs.ReadFileFS. The result is a fresh copy.
func (snap *Snapshot) ReadFile(name string) ([]byte, error) {
	n, err := snap.node("read", name)
	if err != nil {
		return nil, err
	}
	if n.IsDir() {
		return nil, &fs.PathError{Op: "read", Path: name, Err: fmt.Errorf("is a directory")}
	}
	b, err := n.Content()
	if err != nil {
		return nil, &fs.PathError{Op: "read", Path: name, Err: err}
	}
	return bytes.Clone(b), nil
}

// ReadDir implements fs.ReadDirFS. Duplicate names of a malformed tree are
// kept, so validation can see them.
func (snap *Snapshot) ReadDir(name string) ([]fs.DirEntry, error) {
	n, err := snap.node("readdir", name)
	if err != nil {
		return nil, err
	}
	if !n.IsDir() {
		return nil, &fs.PathError{Op: "readdir", Path: name, Err: fmt.Errorf("not a directory")}
	}
	out := make([]fs.DirEntry, len(n.Children))
	for i, c := range n.Children {
		out[i] = nodeInfo{c}
	}
	return out, nil
}

// Stat implements fs.StatFS. Symlinks are not followed.
func (snap *Snapshot) Stat(name string) (fs.FileInfo, error) {
	n, err := snap.node("stat", name)
	if err != nil {
		return nil, err
	}
	return nodeInfo{n}, nil
}

// Lstat implements fs.ReadLinkFS.
func (snap *Snapshot) Lstat(name string) (fs.FileInfo, error) { return snap.Stat(name) }

// ReadLink implements fs.ReadLinkFS.
func (snap *Snapshot) ReadLink(name string) (string, error) {
	n, err := snap.node("readlink", name)
	if err != nil {
		return "", err
	}
	if n.Mode&fs.ModeSymlink == 0 {
		return "", &fs.PathError{Op: "readlink", Path: name, Err: fs.ErrInvalid}
	}
	b, err := n.Content()
	return string(b), err
}

// nodeInfo is both the fs.FileInfo and the fs.DirEntry of a node.
type nodeInfo struct{ n *Node }

func (i nodeInfo) Name() string { return path.Base(i.n.Name) }
func (i nodeInfo) Size() int64 {
	sz, _ := i.n.Size()
	return sz
}
func (i nodeInfo) Mode() fs.FileMode          { return i.n.Mode }
func (i nodeInfo) ModTime() time.Time         { return i.n.snap.Commit.Time }
func (i nodeInfo) IsDir() bool                { return i.n.IsDir() }
func (i nodeInfo) Sys() any                   { return i.n }
func (i nodeInfo) Type() fs.FileMode          { return i.n.Mode.Type() }
func (i nodeInfo) Info() (fs.FileInfo, error) { return i, nil }

type snapFile struct {
	n *Node
	r *bytes.Reader
}

func (f *snapFile) Stat() (fs.FileInfo, error) { return nodeInfo{f.n}, nil }
func (f *snapFile) Read(b []byte) (int, error) { return f.r.Read(b) }
func (f *snapFile) Close() error               { return nil }
func (f *snapFile) ReadAt(b []byte, off int64) (int, error) {
	return f.r.ReadAt(b, off)
}
func (f *snapFile) Seek(off int64, whence int) (int64, error) { return f.r.Seek(off, whence) }

type snapDir struct {
	n   *Node
	pos int
}

func (d *snapDir) Stat() (fs.FileInfo, error) { return nodeInfo{d.n}, nil }
func (d *snapDir) Read([]byte) (int, error) {
	return 0, &fs.PathError{Op: "read", Path: d.n.Path, Err: fmt.Errorf("is a directory")}
}
func (d *snapDir) Close() error { return nil }
func (d *snapDir) ReadDir(count int) ([]fs.DirEntry, error) {
	rest := d.n.Children[d.pos:]
	if count > 0 && len(rest) > count {
		rest = rest[:count]
	}
	if count > 0 && len(rest) == 0 {
		return nil, io.EOF
	}
	out := make([]fs.DirEntry, len(rest))
	for i, c := range rest {
		out[i] = nodeInfo{c}
	}
	d.pos += len(rest)
	return out, nil
}

// Check validates a commit's artifact in the given mode, with its
// Memfs-Artifact trailer.
func (s *Store) Check(ctx context.Context, snap *Snapshot, mode validate.Mode) (*validate.Report, error) {
	v, _ := snap.Commit.ArtifactVersion()
	return validate.Validate(ctx, snap, validate.Options{Mode: mode, Limits: s.opts.Limits, ArtifactVersion: &v})
}

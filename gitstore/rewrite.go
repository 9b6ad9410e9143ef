package gitstore

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"path"
	"path/filepath"
	"slices"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/object"

	"github.com/memfs/memfs/gitstore/internal/objfile"
	"github.com/memfs/memfs/gitstore/internal/parallel"
)

// History rewriting. A forget rewrites every ref that reaches forgotten
// content, oldest commit first. Each distinct old tree and blob is
// rewritten once (memoized by id, path and the revision's plan), commits
// keep their authors, committers, dates and messages (except where the
// message itself is edited), and commits that become empty through the
// rewrite are dropped. The old→new maps live only in memory for the
// duration of the call: a kept map of old object ids would confirm a
// guessed secret.

// TreeFile is one file of a revision.
type TreeFile struct {
	Path string
	ID   ID
}

// Edit says how a rewrite changes history. Every function is optional.
type Edit struct {
	// Plan is called once per distinct root tree with its files. It
	// returns the paths to drop and a key naming the plan: revisions
	// whose plans share a key edit equal (path, blob) pairs alike, so
	// File is called once per (path, blob, key).
	Plan func(files []TreeFile) (key string, drop map[string]bool, err error)
	// File returns the new content of a kept file; changed false keeps
	// the blob as it is.
	File func(path string, id ID, key string) (content []byte, changed bool, err error)
	// Message returns a commit's new message; changed false keeps it.
	Message func(msg string) (string, bool)
	// Author returns the new name and email of a commit's author or
	// committer; changed false keeps them (dates are always kept).
	Author func(name, email string) (newName, newEmail string, changed bool)
	// Rename returns the new name of the file or folder at old path p;
	// ok false keeps it. It must depend on p only.
	Rename func(p string, isDir bool) (name string, ok bool)
	// Progress is told how many commits of the total are done.
	Progress func(done, total int)
	// Prescan, when set, is given every blob read in bulk before the walk,
	// to answer path-independent questions on all cores.
	// It stops, with ctx's error, once ctx is done.
	Prescan func(ctx context.Context, ids []ID, content func(ID) []byte) error
	// PlanNames, when set, says that Plan decides nothing unless some
	// file or folder name makes it true: when no entry of any tree in the
	// store does, Plan is not called (nor the revisions' files listed).
	PlanNames func(name string, isDir bool) bool
}

// RevisionEdit is what a rewrite changes in one commit.
// It is the one record of a changed commit: a forget's preview shows it,
// and a rewrite's plan file stores it, in this JSON form.
type RevisionEdit struct {
	Commit ID `json:"commit"` // the old commit
	// Paths lists the files dropped, changed or renamed in its tree, by
	// their new paths (a renamed name held forgotten content), sorted. A
	// renamed file's old name is never shown.
	Paths []string `json:"paths,omitempty"`
	// Renamed lists the new paths of the files renamed, sorted.
	Renamed []string `json:"renamed,omitempty"`
	Message bool     `json:"message,omitempty"` // the message was edited
	Author  bool     `json:"author,omitempty"`  // the author or committer was replaced
	Dropped bool     `json:"dropped,omitempty"` // the commit became empty and was dropped
}

// RefUpdate moves a ref. New zero deletes it.
type RefUpdate struct {
	Name string
	Old  ID
	New  ID
}

// RewriteResult reports a rewrite.
type RewriteResult struct {
	// Refs lists the refs whose value changes, by name.
	Refs []RefUpdate
	// Revisions lists the commits the rewrite changes, oldest first.
	Revisions []RevisionEdit
	// Rewritten counts commits given a new id; Dropped those removed.
	Rewritten, Dropped int
	// Objects counts the new objects the rewrite needs; WriteObjects
	// stores them.
	Objects int
	// Length gives, for each ref in Refs, the length of its first-parent
	// history before and after.
	Length map[string][2]int
	// Commits maps old commit ids to new ones for the caller to fix its
	// own references in memory. Never persist it.
	Commits map[ID]ID

	batch *objectBatch
	// planPack names a kept plan's pack (LoadPlan) to install instead of
	// writing the batch; planEntries are the batch's entries when
	// SavePlan deflated them already.
	planPack    string
	planEntries []objfile.Entry
}

type rewriter struct {
	s     *Store
	tx    *Tx
	edit  Edit
	batch objectBatch

	commits  map[ID]ID     // old commit → new (zero: dropped, resolve to parent)
	parentOf map[ID][]ID   // dropped commit → its rewritten parents
	trees    map[string]ID // key(prefix, tree, plan) → new tree (zero: empty)
	blobs    map[string]blobResult
	under    map[string][2][]string // key(prefix, tree, plan) → changed and renamed paths below it
	paths    []string               // changed paths of the commit being rewritten (new names)
	renamed  []string               // renamed paths of the commit being rewritten (new names)
}

type blobResult struct {
	id      ID
	changed bool
}

// Rewrite applies edit to the history of every content ref (all refs
// except refs/memfs/meta and refs/memfs/erasures) in memory and returns
// what would change; nothing is written. WriteObjects then stores the new
// objects and SwitchRefs moves the refs. The caller holds the store lock
// (Exclusive).
func (tx *Tx) Rewrite(ctx context.Context, edit Edit) (*RewriteResult, error) {
	s := tx.s
	s.mu.Lock()
	refs, err := s.refsLocked()
	// Every object, read once for the whole exclusive operation (the
	// rewrite, its check and the purge); Exclusive drops it.
	if s.bulk == nil || !s.bulkAll {
		s.bulk, s.bulkAll = objfile.LoadBulk(s.objDir(), true), true
	}
	if edit.Plan != nil && edit.PlanNames != nil && !s.bulkNamesMatch(edit.PlanNames) {
		edit.Plan = nil
	}
	var blobs []ID
	if edit.Prescan != nil {
		for _, id := range s.bulk.Blobs() {
			blobs = append(blobs, id)
		}
	}
	s.mu.Unlock()
	if err != nil {
		return nil, err
	}
	names := make([]string, 0, len(refs))
	for n := range refs {
		if contentRef(n) {
			names = append(names, n)
		}
	}
	slices.Sort(names)
	order, infos, err := s.topoCommits(ctx, names, refs)
	if err != nil {
		return nil, err
	}
	if edit.Prescan != nil && len(blobs) > 0 {
		s.mu.Lock()
		bulk := s.bulk
		s.mu.Unlock()
		if err := edit.Prescan(ctx, blobs, func(id ID) []byte { return bulk.Content(id) }); err != nil {
			return nil, err
		}
	}
	if tx.commits == nil {
		tx.commits = map[ID]*object.Commit{}
	}
	for h, c := range infos {
		tx.commits[h] = c
	}
	rw := &rewriter{s: s, tx: tx, edit: edit, commits: map[ID]ID{}, parentOf: map[ID][]ID{},
		trees: map[string]ID{}, blobs: map[string]blobResult{}, under: map[string][2][]string{}}
	res := &RewriteResult{Commits: map[ID]ID{}, Length: map[string][2]int{}}
	for i, h := range order {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if edit.Progress != nil && (i%64 == 0 || i == len(order)-1) {
			edit.Progress(i+1, len(order))
		}
		rev, err := rw.commit(ctx, h, infos[h])
		if err != nil {
			return nil, err
		}
		if rev != nil {
			res.Revisions = append(res.Revisions, *rev)
			if rev.Dropped {
				res.Dropped++
			}
		}
		if n := rw.commits[h]; n != h && !n.IsZero() {
			res.Rewritten++
			res.Commits[h] = n
		}
	}
	for _, n := range names {
		old := refs[n]
		if _, isCommit := infos[old]; !isCommit {
			continue
		}
		nw := rw.resolve(old)
		if len(nw) > 1 {
			return nil, fmt.Errorf("rewrite %s: its head became an empty merge", n)
		}
		var target ID
		if len(nw) == 1 {
			target = nw[0]
		}
		if target != old {
			res.Refs = append(res.Refs, RefUpdate{Name: n, Old: old, New: target})
			res.Length[n] = [2]int{tx.firstParentLen(old), tx.firstParentLen(target)}
		}
	}
	res.batch = &rw.batch
	res.Objects = len(rw.batch.objs)
	return res, nil
}

// bulkNamesMatch reports whether an entry name of a tree in the bulk read
// makes match true, or the bulk does not hold every tree. s.mu must be
// held.
func (s *Store) bulkNamesMatch(match func(name string, isDir bool) bool) bool {
	trees, complete := s.bulk.Inflated(objfile.Tree)
	if !complete {
		return true
	}
	hit := make([]bool, len(trees))
	_ = parallel.Run(len(trees), func() func(int) error {
		return func(i int) error {
			entries, err := parseTree(trees[i])
			if err != nil {
				hit[i] = true
				return nil
			}
			for _, e := range entries {
				if e.Mode != filemode.Submodule && match(e.Name, e.Mode == filemode.Dir) {
					hit[i] = true
					break
				}
			}
			return nil
		}
	})
	return slices.Contains(hit, true)
}

// WriteObjects stores the new objects of a rewrite, as one pack. Until
// SwitchRefs they are unreachable.
// The pack's entries stay in memory for the purge, which copies them.
func (tx *Tx) WriteObjects(ctx context.Context, res *RewriteResult) error {
	s := tx.s
	s.mu.Lock()
	defer s.mu.Unlock()
	var entries []objfile.Entry
	switch {
	case res.planPack != "":
		if err := s.installPlanPack(res.planPack); err != nil {
			return err
		}
		var err error
		if entries, err = objfile.ReadPackEntries(filepath.Join(s.objDir(), "pack", filepath.Base(res.planPack))); err != nil {
			entries = nil // the purge reads them from disk
		}
	case res.batch != nil && len(res.batch.objs) > 0:
		// One pack, not merged with the small ones: the purge that follows
		// repacks everything anyway.
		entries = res.planEntries
		if entries == nil {
			var err error
			if entries, err = objfile.Deflate(res.batch.objs); err != nil {
				return fmt.Errorf("rewrite: %w", err)
			}
		}
		pack, idx, sum := objfile.EncodePack(entries)
		if _, err := objfile.InstallPack(s.objDir(), pack, idx, sum, s.writeOptions(true)); err != nil {
			return fmt.Errorf("rewrite: %w", err)
		}
	default:
		return nil
	}
	if tx.written == nil {
		tx.written = map[ID][]byte{}
	}
	for _, e := range entries {
		tx.written[e.ID] = e.Raw
	}
	s.st.Reindex()
	return ctx.Err()
}

// resolve returns what an old commit became: itself rewritten, or for a
// dropped commit, what its parents became.
func (rw *rewriter) resolve(old ID) []ID {
	if n, ok := rw.commits[old]; ok && !n.IsZero() {
		return []ID{n}
	}
	return rw.parentOf[old]
}

// topoCommits lists every commit reachable from the refs, parents before
// children, and decodes each once.
func (s *Store) topoCommits(ctx context.Context, names []string, refs map[string]ID) ([]ID, map[ID]*object.Commit, error) {
	infos := map[ID]*object.Commit{}
	var order []ID
	state := map[ID]uint8{} // 1 visiting, 2 done
	type frame struct {
		id   ID
		next int
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, n := range names {
		start := refs[n]
		if state[start] != 0 {
			continue
		}
		typ, err := s.objectTypeLocked(start)
		if err != nil {
			return nil, nil, fmt.Errorf("rewrite %s: %w", n, err)
		}
		if typ != plumbing.CommitObject {
			return nil, nil, fmt.Errorf("rewrite %s: points at a %s, not a commit", n, typ)
		}
		stack := []frame{{id: start}}
		state[start] = 1
		for len(stack) > 0 {
			if err := ctx.Err(); err != nil {
				return nil, nil, err
			}
			top := &stack[len(stack)-1]
			c := infos[top.id]
			if c == nil {
				var err error
				if c, err = s.commitLocked(top.id); err != nil {
					return nil, nil, fmt.Errorf("read commit %s: %w", short(top.id), err)
				}
				infos[top.id] = c
			}
			if top.next < len(c.ParentHashes) {
				p := c.ParentHashes[top.next]
				top.next++
				switch state[ID(p)] {
				case 0:
					state[ID(p)] = 1
					stack = append(stack, frame{id: ID(p)})
				case 1:
					return nil, nil, fmt.Errorf("commit %s: history has a cycle", short(ID(p)))
				}
				continue
			}
			state[top.id] = 2
			order = append(order, top.id)
			stack = stack[:len(stack)-1]
		}
	}
	return order, infos, nil
}

func (rw *rewriter) commit(ctx context.Context, h ID, c *object.Commit) (*RevisionEdit, error) {
	var parents []ID
	for _, p := range c.ParentHashes {
		for _, np := range rw.resolve(ID(p)) {
			if !slices.Contains(parents, np) {
				parents = append(parents, np)
			}
		}
	}
	key, drop := "", map[string]bool(nil)
	if rw.edit.Plan != nil {
		files, err := rw.s.listFiles(ID(c.TreeHash))
		if err != nil {
			return nil, err
		}
		if key, drop, err = rw.edit.Plan(files); err != nil {
			return nil, err
		}
	}
	rw.paths, rw.renamed = rw.paths[:0], rw.renamed[:0]
	tree, err := rw.tree(ctx, "", "", ID(c.TreeHash), key, drop)
	if err != nil {
		return nil, err
	}
	msg, msgChanged := c.Message, false
	if rw.edit.Message != nil {
		msg, msgChanged = rw.edit.Message(c.Message)
	}
	author, committer, sigChanged := c.Author, c.Committer, false
	if rw.edit.Author != nil {
		var a, b bool
		author.Name, author.Email, a = rw.edit.Author(author.Name, author.Email)
		committer.Name, committer.Email, b = rw.edit.Author(committer.Name, committer.Email)
		sigChanged = a || b
	}
	rev := &RevisionEdit{Commit: h, Paths: sortedSet(rw.paths), Renamed: sortedSet(rw.renamed), Message: msgChanged, Author: sigChanged}
	if tree.IsZero() {
		tree = rw.emptyTree()
	}
	if tree == ID(c.TreeHash) && !msgChanged && !sigChanged && slices.Equal(parents, ids(c.ParentHashes)) {
		rw.commits[h] = h
		return nil, nil
	}
	// A commit that changed its tree but changes nothing after the rewrite
	// existed only for forgotten content: drop it.
	if len(rev.Paths) > 0 && len(parents) == 1 {
		oldParentTree, newParentTree, err := rw.parentTrees(c, parents[0])
		if err != nil {
			return nil, err
		}
		if oldParentTree != ID(c.TreeHash) && newParentTree == tree {
			rw.commits[h] = ID{}
			rw.parentOf[h] = parents
			rev.Dropped = true
			return rev, nil
		}
	}
	nc := *c
	nc.TreeHash = tree.hash()
	nc.ParentHashes = hashes(parents)
	nc.Message = msg
	nc.Author, nc.Committer = author, committer
	nc.PGPSignature = ""
	nc.MergeTag = ""
	obj := &plumbing.MemoryObject{}
	if err := nc.Encode(obj); err != nil {
		return nil, fmt.Errorf("encode commit: %w", err)
	}
	b, err := encodedBytes(obj)
	if err != nil {
		return nil, err
	}
	rw.commits[h] = rw.batch.add(plumbing.CommitObject, b)
	nc.Hash = rw.commits[h].hash()
	rw.tx.commits[ID(nc.Hash)] = &nc
	if len(rev.Paths) == 0 && !msgChanged && !sigChanged {
		return nil, nil // only its ancestry changed
	}
	return rev, nil
}

// sortedSet returns the distinct strings of ss, sorted, in a new slice.
func sortedSet(ss []string) []string {
	out := slices.Clone(ss)
	slices.Sort(out)
	return slices.Compact(out)
}

// parentTrees returns the tree of a single-parent commit's old parent and
// of what that parent became.
func (rw *rewriter) parentTrees(c *object.Commit, newParent ID) (oldTree, newTree ID, err error) {
	if len(c.ParentHashes) != 1 {
		return ID{}, ID{}, nil
	}
	old, nw := rw.tx.commits[ID(c.ParentHashes[0])], rw.tx.commits[newParent]
	if old == nil || nw == nil {
		return ID{}, ID{}, fmt.Errorf("commit %s: parent not decoded", short(ID(c.Hash)))
	}
	return ID(old.TreeHash), ID(nw.TreeHash), nil
}

func (rw *rewriter) emptyTree() ID {
	return rw.batch.add(plumbing.TreeObject, nil)
}

// tree rewrites the tree at old path prefix, called newPrefix after the
// rewrite; it returns zero when nothing is left.
func (rw *rewriter) tree(ctx context.Context, prefix, newPrefix string, h ID, key string, drop map[string]bool) (ID, error) {
	mk := prefix + "\x00" + h.String() + "\x00" + key
	if n, ok := rw.trees[mk]; ok {
		u := rw.under[mk]
		rw.paths = append(rw.paths, u[0]...)
		rw.renamed = append(rw.renamed, u[1]...)
		return n, nil
	}
	rw.s.mu.Lock()
	entries, err := rw.s.treeEntriesLocked(h)
	rw.s.mu.Unlock()
	if err != nil {
		return ID{}, err
	}
	before, beforeRenamed := len(rw.paths), len(rw.renamed)
	out := make([]object.TreeEntry, 0, len(entries))
	changed := false
	for _, e := range entries {
		p := path.Join(prefix, e.Name)
		name := e.Name
		if rw.edit.Rename != nil && e.Mode != filemode.Submodule {
			if n, ok := rw.edit.Rename(p, e.Mode == filemode.Dir); ok && n != name {
				name, changed = n, true
			}
		}
		np := path.Join(newPrefix, name)
		renamed := name != e.Name
		switch {
		case e.Mode == filemode.Dir:
			n, err := rw.tree(ctx, p, np, ID(e.Hash), key, drop)
			if err != nil {
				return ID{}, err
			}
			if n != ID(e.Hash) {
				changed = true
			}
			if !n.IsZero() {
				out = append(out, object.TreeEntry{Name: name, Mode: e.Mode, Hash: n.hash()})
			}
		case e.Mode == filemode.Submodule:
			out = append(out, e)
		case drop[p]:
			changed = true
			rw.paths = append(rw.paths, np)
		default:
			n, err := rw.blob(p, ID(e.Hash), key)
			if err != nil {
				return ID{}, err
			}
			moved := renamed || newPrefix != prefix
			if n != ID(e.Hash) {
				changed = true
			}
			if n != ID(e.Hash) || moved {
				rw.paths = append(rw.paths, np)
			}
			if moved {
				rw.renamed = append(rw.renamed, np)
			}
			out = append(out, object.TreeEntry{Name: name, Mode: e.Mode, Hash: n.hash()})
		}
	}
	var n ID
	switch {
	case !changed:
		n = h
	case len(out) == 0:
		n = ID{}
	default:
		sortTreeEntries(out)
		var b bytes.Buffer
		t := &object.Tree{Entries: out}
		obj := &plumbing.MemoryObject{}
		if err := t.Encode(obj); err != nil {
			return ID{}, fmt.Errorf("encode tree: %w", err)
		}
		r, _ := obj.Reader()
		b.ReadFrom(r)
		n = rw.batch.add(plumbing.TreeObject, b.Bytes())
		rw.s.mu.Lock()
		rw.s.rememberTreeLocked(n, out)
		rw.s.mu.Unlock()
	}
	rw.trees[mk] = n
	if len(rw.paths) > before || len(rw.renamed) > beforeRenamed {
		rw.under[mk] = [2][]string{slices.Clone(rw.paths[before:]), slices.Clone(rw.renamed[beforeRenamed:])}
	}
	return n, nil
}

func (rw *rewriter) blob(p string, h ID, key string) (ID, error) {
	if rw.edit.File == nil {
		return h, nil
	}
	mk := p + "\x00" + h.String() + "\x00" + key
	if r, ok := rw.blobs[mk]; ok {
		return r.id, nil
	}
	content, changed, err := rw.edit.File(p, h, key)
	if err != nil {
		return ID{}, fmt.Errorf("rewrite %s: %w", p, err)
	}
	r := blobResult{id: h}
	if changed {
		r = blobResult{id: rw.batch.add(plumbing.BlobObject, content), changed: true}
	}
	rw.blobs[mk] = r
	return r.id, nil
}

// listFiles flattens a tree into its files, in path order.
func (s *Store) listFiles(tree ID) ([]TreeFile, error) {
	var out []TreeFile
	entries := func(h ID) ([]object.TreeEntry, error) {
		s.mu.Lock()
		defer s.mu.Unlock()
		return s.treeEntriesLocked(h)
	}
	err := walkTreeFiles(tree, entries, func(p string, e object.TreeEntry) error {
		if e.Mode != filemode.Submodule {
			out = append(out, TreeFile{Path: p, ID: ID(e.Hash)})
		}
		return nil
	})
	return out, err
}

// walkTreeFiles calls visit, depth first in entry order, for every entry
// below tree that is not a directory (submodules included), with its
// slash-separated path. entries lists one tree; a tree nested more than
// 64 directories deep is refused.
func walkTreeFiles(tree ID, entries func(ID) ([]object.TreeEntry, error), visit func(p string, e object.TreeEntry) error) error {
	var walk func(prefix string, h ID, depth int) error
	walk = func(prefix string, h ID, depth int) error {
		if depth > 64 {
			return errors.New("tree nested too deeply")
		}
		es, err := entries(h)
		if err != nil {
			return err
		}
		for _, e := range es {
			p := path.Join(prefix, e.Name)
			if e.Mode == filemode.Dir {
				if err := walk(p, ID(e.Hash), depth+1); err != nil {
					return err
				}
				continue
			}
			if err := visit(p, e); err != nil {
				return err
			}
		}
		return nil
	}
	return walk("", tree, 0)
}

// firstParentLen counts the commits along first parents from h, through
// the commits a rewrite decoded or made.
func (tx *Tx) firstParentLen(h ID) int {
	n := 0
	for !h.IsZero() {
		c := tx.commits[h]
		if c == nil {
			break
		}
		n++
		if len(c.ParentHashes) == 0 {
			break
		}
		h = ID(c.ParentHashes[0])
	}
	return n
}

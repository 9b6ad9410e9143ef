package replica

import (
	"bytes"
	"context"
	"fmt"
	"maps"
	"path"
	"slices"
	"strings"
	"testing/fstest"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/object"

	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/validate"
	"github.com/memfs/memfs/wiki"
)

// Merging diverged scope branches. When an import finds that both the
// local head and the incoming head moved since their merge base, it
// merges them file by file instead of setting the local commits aside:
//
//   - a file changed on one side only takes that side's version (a file
//     added, changed or removed);
//   - a file changed identically on both sides takes that version;
//   - index.md, pages/<area>/index.md and summary.md changed on both sides
//     are merged line-wise (wiki.MergeIndexFile): each side's added lines are
//     kept, each side's removed lines go, and the generated lines (area
//     counts, the summary's count line) are recomputed for the merged
//     pages; link lines to pages the merge does not hold are dropped;
//   - any other file changed on both sides differently is a conflict.
//
// A merge without conflicts is validated like any publication (publish
// mode and the erasure guard; a problem that neither head had refuses it)
// and committed as a merge commit whose first parent is the incoming head
// and second the local head: first-parent history follows the shared
// line, the local commits stay reachable with their trailers, and a push
// of the result is a fast-forward. With a conflict, the incoming head
// wins and the local commits are kept aside under refs/memfs/diverged/, as
// before merging existed.

// BranchMerged is the outcome of a scope branch whose local and incoming
// changes were merged.
const BranchMerged = "merged"

// treeFiles lists a commit's files by path with their blob ids; zero
// commit: none.
func (s *store) treeFiles(ctx context.Context, commit gitstore.ID) (map[string]gitstore.ID, error) {
	out := map[string]gitstore.ID{}
	if commit.IsZero() {
		return out, nil
	}
	snap, err := s.Snapshot(ctx, commit)
	if err != nil {
		return nil, err
	}
	err = snap.Walk(func(n *gitstore.Node) error {
		if !n.IsDir() {
			out[n.Path] = n.ID
		}
		return nil
	})
	return out, err
}

// mergeBase returns the best common ancestor of two heads given the
// commits each reaches (a common ancestor no other common ancestor
// descends from; of several, the latest), zero when there is none.
func (s *store) mergeBase(ctx context.Context, inA, inB map[gitstore.ID]bool) (gitstore.ID, error) {
	common := map[gitstore.ID]bool{}
	for h := range inA {
		if inB[h] {
			common[h] = true
		}
	}
	dominated := map[gitstore.ID]bool{}
	var stack []gitstore.ID
	s.Lock()
	for h := range common {
		c, err := s.CommitLocked(h)
		if err != nil {
			s.Unlock()
			return gitstore.ID{}, err
		}
		stack = append(stack, ids(c.ParentHashes)...)
	}
	for len(stack) > 0 {
		h := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if dominated[h] {
			continue
		}
		dominated[h] = true
		c, err := s.CommitLocked(h)
		if err != nil {
			s.Unlock()
			return gitstore.ID{}, err
		}
		stack = append(stack, ids(c.ParentHashes)...)
	}
	var best gitstore.ID
	var bestTime int64
	for h := range common {
		if dominated[h] {
			continue
		}
		c, err := s.CommitLocked(h)
		if err != nil {
			s.Unlock()
			return gitstore.ID{}, err
		}
		t := c.Committer.When.Unix()
		if best.IsZero() || t > bestTime || (t == bestTime && bytes.Compare(h[:], best[:]) < 0) {
			best, bestTime = h, t
		}
	}
	s.Unlock()
	return best, ctx.Err()
}

// isIndexFile reports whether p is merged line-wise.
func isIndexFile(p string) bool {
	return p == wiki.IndexFile || p == wiki.SummaryFile || (strings.HasPrefix(p, "pages/") && path.Base(p) == "index.md")
}

// mergeOutcome is a three-way merge of two heads.
type mergeOutcome struct {
	commit    gitstore.ID // the merge commit; zero with conflicts
	conflicts []string    // paths changed on both sides differently
	refused   string      // why a merge without conflicts was not valid
	local     int         // files taken from the local side
}

// mergeHeads merges the local head mine into the incoming head remote
// against their merge base. It writes the merged objects and the merge
// commit; no ref moves.
func (s *store) mergeHeads(ctx context.Context, scope string, mine, remote gitstore.ID, inMine, inRemote map[gitstore.ID]bool) (*mergeOutcome, error) {
	base, err := s.mergeBase(ctx, inMine, inRemote)
	if err != nil {
		return nil, err
	}
	var sides [3]map[string]gitstore.ID // base, local, remote: path → blob
	for i, h := range []gitstore.ID{base, mine, remote} {
		if sides[i], err = s.treeFiles(ctx, h); err != nil {
			return nil, err
		}
	}
	out := &mergeOutcome{}
	plan := planFileMerge(sides, out)
	if len(out.conflicts) > 0 {
		return out, nil
	}
	contents, err := s.mergedContents(sides, plan, out)
	if err != nil {
		return nil, err
	}
	if reason, err := s.checkMerged(ctx, contents, mine, remote); err != nil || reason != "" {
		out.refused = reason
		return out, err
	}
	tree, err := s.writeFiles(contents)
	if err != nil {
		return nil, err
	}
	msg := fmt.Sprintf("Merge memory of %s: %d local change(s) onto the incoming head\n\n%s: %s\n",
		scope, out.local, validate.TrailerArtifact, validate.SupportedArtifactVersion)
	s.Lock()
	out.commit, err = s.WriteCommit(tree, []gitstore.ID{remote, mine}, msg)
	s.Unlock()
	return out, err
}

// fileMerge is what a three-way merge does with each path.
type fileMerge struct {
	paths    map[string]bool        // every path of the three trees
	merged   map[string]gitstore.ID // paths one side's blob settles; absent: deleted
	lineWise []string               // index files changed on both sides
}

// planFileMerge decides each path of the three trees (base, local,
// remote): a path one side left as it was takes the other side's blob, an
// index file changed on both sides is merged line-wise, and any other
// path changed on both sides differently is a conflict (in out, with the
// files taken from the local side).
func planFileMerge(sides [3]map[string]gitstore.ID, out *mergeOutcome) fileMerge {
	bf, lf, rf := sides[0], sides[1], sides[2]
	fm := fileMerge{paths: map[string]bool{}, merged: map[string]gitstore.ID{}}
	for _, m := range sides {
		for p := range m {
			fm.paths[p] = true
		}
	}
	for _, p := range slices.Sorted(maps.Keys(fm.paths)) {
		b, l, r := bf[p], lf[p], rf[p]
		switch {
		case l == r:
			if !l.IsZero() {
				fm.merged[p] = l
			}
		case l == b:
			if !r.IsZero() {
				fm.merged[p] = r
			}
		case r == b:
			out.local++
			if !l.IsZero() {
				fm.merged[p] = l
			}
		case isIndexFile(p):
			fm.lineWise = append(fm.lineWise, p)
		default:
			out.conflicts = append(out.conflicts, p)
		}
	}
	return fm
}

// mergedContents reads the merged files, merges the index files changed
// on both sides line-wise, and brings every index file in line with the
// merged pages.
func (s *store) mergedContents(sides [3]map[string]gitstore.ID, fm fileMerge, out *mergeOutcome) (map[string][]byte, error) {
	read := func(id gitstore.ID) ([]byte, error) {
		if id.IsZero() {
			return nil, nil
		}
		return s.ReadBlob(id)
	}
	contents := map[string][]byte{}
	for p, id := range fm.merged {
		b, err := read(id)
		if err != nil {
			return nil, err
		}
		contents[p] = b
	}
	pages := map[string]bool{}
	for p := range fm.paths {
		if _, ok := fm.merged[p]; ok && !isIndexFile(p) {
			pages[p] = true
		}
	}
	localPages := map[string]bool{}
	for p := range sides[1] {
		if !isIndexFile(p) {
			localPages[p] = true
		}
	}
	for _, p := range fm.lineWise {
		var three [3][]byte
		for i, side := range sides {
			var err error
			if three[i], err = read(side[p]); err != nil {
				return nil, err
			}
		}
		out.local++
		contents[p] = wiki.MergeIndexFile(p, three[0], three[1], three[2], pages, localPages)
	}
	// Line-merged or not, every index file must agree with the merged
	// pages: links to pages the merge lost go, generated counts follow.
	for p, b := range contents {
		if isIndexFile(p) {
			contents[p] = wiki.FixIndexFile(p, b, pages)
		}
	}
	return contents, nil
}

// checkMerged validates the merged files in publish mode with the
// store's guard; a problem (path and code) that neither head has is the
// reason the merge is refused.
func (s *store) checkMerged(ctx context.Context, files map[string][]byte, mine, remote gitstore.ID) (string, error) {
	fsys := fstest.MapFS{}
	for p, b := range files {
		fsys[p] = &fstest.MapFile{Data: b, Mode: 0o644}
	}
	opts := validate.Options{Mode: validate.ModePublish, Limits: s.Limits()}
	g, err := s.Guard(ctx)
	if err != nil {
		return "", err
	}
	if !g.Empty() {
		opts.Guard = g
	}
	rep, err := validate.Validate(ctx, fsys, opts)
	if err != nil {
		return "", err
	}
	var had map[string]bool
	for _, p := range rep.Errors() {
		if had == nil {
			had = map[string]bool{}
			for _, h := range []gitstore.ID{mine, remote} {
				ps, err := s.publishProblems(ctx, h)
				if err != nil {
					return "", err
				}
				maps.Copy(had, ps)
			}
		}
		if k := p.Path + ": " + p.Code; !had[k] {
			return k, nil
		}
	}
	return "", nil
}

// writeFiles writes an artifact's files as blobs and trees and returns
// the root tree.
func (s *store) writeFiles(files map[string][]byte) (gitstore.ID, error) {
	s.Lock()
	defer s.Unlock()
	dirs := map[string][]object.TreeEntry{}
	for _, p := range slices.Sorted(maps.Keys(files)) {
		id, err := s.WriteBlob(files[p])
		if err != nil {
			return gitstore.ID{}, err
		}
		dir, name := path.Split(p)
		dir = strings.TrimSuffix(dir, "/")
		dirs[dir] = append(dirs[dir], object.TreeEntry{Name: name, Mode: filemode.Regular, Hash: plumbing.Hash(id)})
		for dir != "" {
			parent, _ := path.Split(dir)
			parent = strings.TrimSuffix(parent, "/")
			if _, ok := dirs[parent]; !ok {
				dirs[parent] = nil
			}
			dir = parent
		}
	}
	// Deepest directories first, so each parent finds its children.
	names := slices.Collect(maps.Keys(dirs))
	slices.SortFunc(names, func(a, b string) int {
		return strings.Count(b, "/") - strings.Count(a, "/") + boolInt(a == "") - boolInt(b == "")
	})
	ids := map[string]gitstore.ID{}
	for _, d := range names {
		entries := dirs[d]
		for sub, id := range ids {
			parent, name := path.Split(sub)
			if strings.TrimSuffix(parent, "/") == d && sub != "" {
				entries = append(entries, object.TreeEntry{Name: name, Mode: filemode.Dir, Hash: plumbing.Hash(id)})
			}
		}
		id, err := s.WriteTree(entries)
		if err != nil {
			return gitstore.ID{}, err
		}
		ids[d] = id
	}
	return ids[""], nil
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

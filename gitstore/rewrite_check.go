package gitstore

import (
	"context"
	"fmt"
	"io/fs"
	"maps"
	"slices"
	"testing/fstest"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/object"

	"github.com/memfs/memfs/validate"
	"github.com/memfs/memfs/wiki"
)

// SchemaBreak is a revision that a rewrite would leave invalid: publish
// mode validation of its new tree finds errors its old tree did not have.
type SchemaBreak struct {
	// Commit is the old commit.
	Commit ID
	// Codes lists the validation codes that newly appear, sorted.
	Codes []string
	// Paths lists the paths (new names) of the new problems, sorted.
	Paths []string
}

// CheckRewrite validates, in publish mode, the tree of every revision the
// rewrite changes, before anything is written, and returns the revisions
// left with errors of a kind (a code at a path) their old tree did not
// have. Problems a revision had already do not count: a forget never
// has to repair history, only not to break it. Each distinct tree is
// validated once.
func (tx *Tx) CheckRewrite(ctx context.Context, res *RewriteResult) ([]SchemaBreak, error) {
	s := tx.s
	// A report depends on the tree and on the message's Memfs-Artifact
	// trailer: a rewrite that strips only the trailer keeps the tree, and
	// must not reuse the old commit's clean report.
	type reportKey struct {
		tree    ID
		version string
	}
	reports := map[reportKey]map[string]bool{}
	// What validation learns of a file depends on its kind and content
	// only: each distinct blob is analysed once for all revisions, and read
	// once.
	facts := blobFacts{}
	blobs := map[ID][]byte{}
	problems := func(c ID) (map[string]bool, error) {
		info := tx.commits[c]
		if info == nil {
			return nil, fmt.Errorf("check rewrite: commit %s not decoded", short(c))
		}
		_, trailers := splitTrailers(info.Message)
		v := trailers[validate.TrailerArtifact]
		key := reportKey{ID(info.TreeHash), v}
		if r, ok := reports[key]; ok {
			return r, nil
		}
		fsys, err := tx.treeFS(res, ID(info.TreeHash), blobs)
		if err != nil {
			return nil, err
		}
		rep, err := validate.Validate(ctx, fsys, validate.Options{Mode: validate.ModePublish, Limits: s.opts.Limits, ArtifactVersion: &v, Facts: facts})
		if err != nil {
			return nil, err
		}
		for _, f := range rep.Files {
			if id, ok := f.Info.Sys().(ID); ok {
				facts[blobFactKey{f.Kind, id}] = f.Facts
			}
		}
		r := map[string]bool{}
		for _, p := range rep.Errors() {
			r[p.Code+"\x00"+p.Path] = true
		}
		reports[key] = r
		return r, nil
	}
	fc := &fileCheck{tx: tx, res: res, blobs: blobs, trees: map[ID][]object.TreeEntry{}, errs: map[string]map[string]bool{}}
	var out []SchemaBreak
	// Commits the rewrite changed only in ancestry keep their tree and
	// message, so their validity.
	for _, rev := range res.Revisions {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		old := rev.Commit
		nw, ok := res.Commits[old]
		if rev.Dropped || !ok {
			continue
		}
		oc, nc := tx.commits[old], tx.commits[nw]
		if oc == nil || nc == nil {
			return nil, fmt.Errorf("check rewrite: commit %s not decoded", short(old))
		}
		// A revision whose files are only edited in place: its edited
		// files decide (rewrite_check_files.go).
		fresh, ok, err := fc.inPlace(ctx, rev, oc, nc)
		if err != nil {
			return nil, err
		}
		if !ok {
			if fresh, err = tx.wholeTreeErrors(problems, old, nw); err != nil {
				return nil, err
			}
		}
		codes, paths := map[string]bool{}, map[string]bool{}
		for k := range fresh {
			code, p, _ := cut0(k)
			codes[code], paths[p] = true, true
		}
		if len(codes) > 0 {
			out = append(out, SchemaBreak{Commit: old, Codes: slices.Sorted(maps.Keys(codes)), Paths: slices.Sorted(maps.Keys(paths))})
		}
	}
	return out, nil
}

// wholeTreeErrors returns the errors of the new commit's whole tree that
// the old one's did not have, as "code NUL path" keys.
func (tx *Tx) wholeTreeErrors(problems func(ID) (map[string]bool, error), old, nw ID) (map[string]bool, error) {
	after, err := problems(nw)
	if err != nil || len(after) == 0 {
		return nil, err
	}
	before, err := problems(old)
	if err != nil {
		return nil, err
	}
	fresh := map[string]bool{}
	for k := range after {
		if !before[k] {
			fresh[k] = true
		}
	}
	return fresh, nil
}

func cut0(s string) (string, string, bool) {
	for i := 0; i < len(s); i++ {
		if s[i] == 0 {
			return s[:i], s[i+1:], true
		}
	}
	return s, "", false
}

// blobFacts caches validation facts by file kind and blob id; the files
// of treeFS carry their blob id as Sys.
type blobFacts map[blobFactKey]validate.Facts

type blobFactKey struct {
	kind wiki.Kind
	id   ID
}

func (c blobFacts) Lookup(p string, info fs.FileInfo) (validate.Facts, bool) {
	id, ok := info.Sys().(ID)
	if !ok {
		return validate.Facts{}, false
	}
	k, err := wiki.ClassifyPath(p, false)
	if err != nil {
		return validate.Facts{}, false
	}
	f, ok := c[blobFactKey{k, id}]
	return f, ok
}

// treeFS returns the files of a tree, read from the rewrite's new objects
// or the store; blobs memoizes the blobs read across calls. Each file
// carries its blob id as Sys.
func (tx *Tx) treeFS(res *RewriteResult, tree ID, blobs map[ID][]byte) (fstest.MapFS, error) {
	s := tx.s
	read := func(id ID, want plumbing.ObjectType) ([]byte, error) {
		if res.batch != nil {
			if i := res.batch.seen[id]; i > 0 {
				return res.batch.objs[i-1].Content, nil
			}
		}
		if b, ok := blobs[id]; ok {
			return b, nil
		}
		_, b, err := s.readObject(id, want, false)
		if err == nil && want == plumbing.BlobObject {
			blobs[id] = b
		}
		return b, err
	}
	fsys := fstest.MapFS{}
	entries := func(id ID) ([]object.TreeEntry, error) {
		b, err := read(id, plumbing.TreeObject)
		if err != nil {
			return nil, err
		}
		return parseTree(b)
	}
	err := walkTreeFiles(tree, entries, func(p string, e object.TreeEntry) error {
		if e.Mode == filemode.Submodule {
			fsys[p] = &fstest.MapFile{Mode: fileMode(e.Mode)}
			return nil
		}
		c, err := read(ID(e.Hash), plumbing.BlobObject)
		if err != nil {
			return err
		}
		fsys[p] = &fstest.MapFile{Data: c, Mode: fileMode(e.Mode), Sys: e.Hash}
		return nil
	})
	return fsys, err
}

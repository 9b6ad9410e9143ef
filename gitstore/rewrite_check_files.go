package gitstore

import (
	"context"
	"path"
	"strings"
	"testing/fstest"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/object"

	"github.com/memfs/memfs/validate"
)

// The schema check of a revision whose rewrite only edits files in place
// (no file dropped, renamed or added, no byte added in all, the same
// Memfs-Artifact trailer) needs no validation of its whole tree: every
// error of publish mode is either about one file, from its path, mode and
// content alone (path, size, encoding, sources), or about the whole tree,
// from its paths, count and total size, which such an edit keeps or
// shrinks. Its new errors are then those of its edited files that the
// same path with its old content did not have. Each (path, blob) is
// validated once, alone. A revision whose tree did not change at all
// (only its message or author did) keeps its trailer's validity too.

// fileCheck holds what the per-file check of a CheckRewrite memoizes.
type fileCheck struct {
	tx    *Tx
	res   *RewriteResult
	blobs map[ID][]byte
	trees map[ID][]object.TreeEntry
	errs  map[string]map[string]bool // path NUL blob → codes
}

// read returns an object of the rewrite's batch or of the store.
func (fc *fileCheck) read(id ID, want plumbing.ObjectType) ([]byte, error) {
	if fc.res.batch != nil {
		if i := fc.res.batch.seen[id]; i > 0 {
			return fc.res.batch.objs[i-1].Content, nil
		}
	}
	if b, ok := fc.blobs[id]; ok {
		return b, nil
	}
	_, b, err := fc.tx.s.readObject(id, want, false)
	if err == nil && want == plumbing.BlobObject {
		fc.blobs[id] = b
	}
	return b, err
}

// entryAt returns the tree entry at path p under root.
func (fc *fileCheck) entryAt(root ID, p string) (object.TreeEntry, bool, error) {
	h := root
	segs := strings.Split(p, "/")
	for i, seg := range segs {
		entries, ok := fc.trees[h]
		if !ok {
			b, err := fc.read(h, plumbing.TreeObject)
			if err != nil {
				return object.TreeEntry{}, false, err
			}
			if entries, err = parseTree(b); err != nil {
				return object.TreeEntry{}, false, err
			}
			fc.trees[h] = entries
		}
		found := false
		for _, e := range entries {
			if e.Name != seg {
				continue
			}
			if i == len(segs)-1 {
				return e, e.Mode != filemode.Dir, nil
			}
			if e.Mode != filemode.Dir {
				return object.TreeEntry{}, false, nil
			}
			h, found = ID(e.Hash), true
			break
		}
		if !found {
			return object.TreeEntry{}, false, nil
		}
	}
	return object.TreeEntry{}, false, nil
}

// fileErrors validates one file alone and returns the error codes at its
// path.
func (fc *fileCheck) fileErrors(ctx context.Context, p string, e object.TreeEntry) (map[string]bool, error) {
	key := p + "\x00" + e.Hash.String() + "\x00" + e.Mode.String()
	if r, ok := fc.errs[key]; ok {
		return r, nil
	}
	b, err := fc.read(ID(e.Hash), plumbing.BlobObject)
	if err != nil {
		return nil, err
	}
	fsys := fstest.MapFS{p: &fstest.MapFile{Data: b, Mode: fileMode(e.Mode)}}
	rep, err := validate.Validate(ctx, fsys, validate.Options{Mode: validate.ModePublish, Limits: fc.tx.s.opts.Limits})
	if err != nil {
		return nil, err
	}
	r := map[string]bool{}
	for _, pr := range rep.Errors() {
		if pr.Path == p {
			r[pr.Code] = true
		}
	}
	fc.errs[key] = r
	return r, nil
}

// inPlace returns the new errors of a revision whose rewrite only edits
// files in place (ok false otherwise: the whole tree must be validated),
// as "code NUL path" keys.
func (fc *fileCheck) inPlace(ctx context.Context, rev RevisionEdit, oldC, newC *object.Commit) (map[string]bool, bool, error) {
	if len(rev.Renamed) > 0 {
		return nil, false, nil
	}
	_, ot := splitTrailers(oldC.Message)
	_, nt := splitTrailers(newC.Message)
	if ot[validate.TrailerArtifact] != nt[validate.TrailerArtifact] {
		return nil, false, nil
	}
	if len(rev.Paths) == 0 && oldC.TreeHash == newC.TreeHash {
		return nil, true, nil // the same tree, the same trailer
	}
	fresh := map[string]bool{}
	grown := 0
	for _, p := range rev.Paths {
		oe, ok1, err := fc.entryAt(ID(oldC.TreeHash), p)
		if err != nil {
			return nil, false, err
		}
		ne, ok2, err := fc.entryAt(ID(newC.TreeHash), p)
		if err != nil {
			return nil, false, err
		}
		if !ok1 || !ok2 || oe.Mode != ne.Mode || path.Clean(p) != p {
			return nil, false, nil // dropped or added: the whole tree
		}
		ob, err := fc.read(ID(oe.Hash), plumbing.BlobObject)
		if err != nil {
			return nil, false, err
		}
		nb, err := fc.read(ID(ne.Hash), plumbing.BlobObject)
		if err != nil {
			return nil, false, err
		}
		grown += len(nb) - len(ob)
		before, err := fc.fileErrors(ctx, p, oe)
		if err != nil {
			return nil, false, err
		}
		after, err := fc.fileErrors(ctx, p, ne)
		if err != nil {
			return nil, false, err
		}
		for code := range after {
			if !before[code] {
				fresh[code+"\x00"+p] = true
			}
		}
	}
	if grown > 0 {
		return nil, false, nil // the total may cross its limit: the whole tree
	}
	return fresh, true, nil
}

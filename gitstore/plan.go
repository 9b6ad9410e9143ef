package gitstore

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"strings"

	"github.com/memfs/memfs/gitstore/internal/objfile"
	"github.com/memfs/memfs/internal/fsutil"
	"github.com/memfs/memfs/validate"
)

// A rewrite plan keeps a rewrite computed under the store lock (a forget's
// preview) for the next exclusive operation (its apply), so that it is
// not computed twice. It lives in store.git/memfs-plan/, one at a time:
// plan.json holds ids and names only — the heads it was computed from,
// the ref updates, the old→new commit ids, the revisions by commit id
// with the new paths they change — and never content, old paths or
// targets; the rewrite's new objects wait beside it in a pack, which
// holds what the store keeps after the rewrite and nothing it removes.
// A plan holds only while every content ref still has the head it was
// computed from (and the limits and plan format are the same); a purge
// deletes it.

const planDirName = "memfs-plan"

// planVersion changes whenever what a rewrite computes changes.
const planVersion = 1

type planFile struct {
	Version   int               `json:"version"`
	Key       string            `json:"key"`
	Limits    validate.Limits   `json:"limits"`
	Heads     map[string]string `json:"heads"`
	Refs      []planRef         `json:"refs"`
	Revisions []RevisionEdit    `json:"revisions"`
	Rewritten int               `json:"rewritten"`
	Dropped   int               `json:"dropped"`
	Objects   int               `json:"objects"`
	Length    map[string][2]int `json:"length"`
	Commits   map[string]string `json:"commits"`
	Pack      string            `json:"pack,omitempty"` // pack-<sum>, in memfs-plan/ until written
}

type planRef struct {
	Name string `json:"name"`
	Old  string `json:"old"`
	New  string `json:"new"`
}

// contentHeads returns the heads of the content refs, as strings.
func contentHeads(refs map[string]ID) map[string]string {
	heads := map[string]string{}
	for n, h := range refs {
		if contentRef(n) {
			heads[n] = h.String()
		}
	}
	return heads
}

func (s *Store) planDir() string { return filepath.Join(s.opts.Path, planDirName) }

// SavePlan keeps res, computed under this lock, for LoadPlan with the
// same key (a forget's scope token). It replaces any earlier plan.
func (tx *Tx) SavePlan(ctx context.Context, key string, res *RewriteResult) error {
	s := tx.s
	if err := tx.DropPlan(); err != nil {
		return err
	}
	s.mu.Lock()
	refs, err := s.refsLocked()
	s.mu.Unlock()
	if err != nil {
		return err
	}
	pf := planFile{Version: planVersion, Key: key, Limits: s.opts.Limits, Heads: contentHeads(refs),
		Rewritten: res.Rewritten, Dropped: res.Dropped, Objects: res.Objects, Length: res.Length, Commits: map[string]string{}}
	for _, u := range res.Refs {
		pf.Refs = append(pf.Refs, planRef{Name: u.Name, Old: u.Old.String(), New: u.New.String()})
	}
	pf.Revisions = res.Revisions
	for o, n := range res.Commits {
		pf.Commits[o.String()] = n.String()
	}
	dir := s.planDir()
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("save plan: %w", err)
	}
	if res.batch != nil && len(res.batch.objs) > 0 {
		entries, err := objfile.Deflate(res.batch.objs)
		if err != nil {
			return fmt.Errorf("save plan: %w", err)
		}
		pack, idx, sum := objfile.EncodePack(entries)
		pf.Pack = fmt.Sprintf("pack-%x", sum)
		if err := os.WriteFile(filepath.Join(dir, pf.Pack+".idx"), idx, 0o444); err != nil {
			return fmt.Errorf("save plan: %w", err)
		}
		if err := os.WriteFile(filepath.Join(dir, pf.Pack+".pack"), pack, 0o444); err != nil {
			return fmt.Errorf("save plan: %w", err)
		}
		res.planEntries = entries
	}
	b, err := json.Marshal(pf)
	if err != nil {
		return err
	}
	// The plan file goes in last: a plan without it is none.
	if err := fsutil.WriteFile(filepath.Join(dir, "plan.json"), b, 0o600, s.writeOptions(true)); err != nil {
		return fmt.Errorf("save plan: %w", err)
	}
	return ctx.Err()
}

// LoadPlan returns the plan kept under key when it still holds: every
// content ref has the head it was computed from. ok is false otherwise
// (no plan, another key, heads moved); the caller computes the rewrite
// again. A plan's result has no decoded commits: WriteObjects installs
// its pack.
func (tx *Tx) LoadPlan(ctx context.Context, key string) (res *RewriteResult, ok bool, err error) {
	s := tx.s
	b, err := os.ReadFile(filepath.Join(s.planDir(), "plan.json"))
	if errors.Is(err, os.ErrNotExist) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	var pf planFile
	if err := json.Unmarshal(b, &pf); err != nil || pf.Version != planVersion || pf.Key != key || pf.Limits != s.opts.Limits {
		return nil, false, nil
	}
	s.mu.Lock()
	refs, err := s.refsLocked()
	s.mu.Unlock()
	if err != nil {
		return nil, false, err
	}
	if !maps.Equal(contentHeads(refs), pf.Heads) {
		return nil, false, nil
	}
	res = &RewriteResult{Rewritten: pf.Rewritten, Dropped: pf.Dropped, Objects: pf.Objects, Length: pf.Length, Commits: map[ID]ID{}}
	if res.Length == nil {
		res.Length = map[string][2]int{}
	}
	bad := false
	id := func(s string) ID {
		h, ok := ParseID(s)
		bad = bad || !ok
		return h
	}
	for _, u := range pf.Refs {
		res.Refs = append(res.Refs, RefUpdate{Name: u.Name, Old: id(u.Old), New: id(u.New)})
	}
	res.Revisions = pf.Revisions
	for o, n := range pf.Commits {
		res.Commits[id(o)] = id(n)
	}
	if bad {
		return nil, false, nil
	}
	if pf.Pack != "" {
		// The pack waits in the plan's folder, or was installed already, or
		// half (its index) by an apply killed between the two renames:
		// WriteObjects installs what is left.
		switch installed, waiting := s.planPackState(pf.Pack); {
		case waiting:
			res.planPack = filepath.Join(s.planDir(), pf.Pack)
		case !installed:
			return nil, false, nil
		}
	}
	return res, true, ctx.Err()
}

// DropPlan deletes the kept plan, if any. A plan pack half installed by
// an apply killed between its two renames is installed whole first, so
// objects/pack never keeps an index without its pack; its objects are
// unreachable and go with the next purge.
func (tx *Tx) DropPlan() error {
	s := tx.s
	for _, ext := range []string{".idx", ".pack"} {
		other := map[string]string{".idx": ".pack", ".pack": ".idx"}[ext]
		waiting, _ := filepath.Glob(filepath.Join(s.planDir(), "pack-*"+ext))
		for _, p := range waiting {
			name := strings.TrimSuffix(filepath.Base(p), ext)
			if _, err := os.Stat(filepath.Join(s.objDir(), "pack", name+other)); err == nil {
				if err := s.installPlanPack(strings.TrimSuffix(p, ext)); err != nil {
					return fmt.Errorf("drop plan: %w", err)
				}
			}
		}
	}
	if err := os.RemoveAll(s.planDir()); err != nil {
		return fmt.Errorf("drop plan: %w", err)
	}
	return nil
}

// planPackState says where a plan's pack is: installed (both files in
// objects/pack), or waiting (a file still in the plan's folder, the other
// there or already in objects/pack).
func (s *Store) planPackState(name string) (installed, waiting bool) {
	inPlan, inStore := 0, 0
	for _, ext := range []string{".idx", ".pack"} {
		if _, err := os.Stat(filepath.Join(s.planDir(), name+ext)); err == nil {
			inPlan++
		} else if _, err := os.Stat(filepath.Join(s.objDir(), "pack", name+ext)); err == nil {
			inStore++
		}
	}
	return inStore == 2, inPlan > 0 && inPlan+inStore == 2
}

// installPlanPack moves a plan's pack into objects/pack, index first (an
// index without its pack is ignored by every reader, see
// objfile.InstallPack). It finishes an install that a killed process
// left half done: a file already in objects/pack stays as it is, so a
// rerun after a kill between the two renames completes the install
// instead of failing on the index that moved.
func (s *Store) installPlanPack(src string) error {
	dst := filepath.Join(s.objDir(), "pack", filepath.Base(src))
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	for _, ext := range []string{".idx", ".pack"} {
		if _, err := os.Stat(src + ext); errors.Is(err, os.ErrNotExist) {
			if _, err := os.Stat(dst + ext); err == nil {
				continue
			}
		}
		if err := s.rename(src+ext, dst+ext); err != nil {
			return fmt.Errorf("install plan pack: %w", err)
		}
	}
	return nil
}

package gitstore

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/object"

	"github.com/memfs/memfs/validate"
	"github.com/memfs/memfs/wiki"
)

// PublishOptions describe one publication.
type PublishOptions struct {
	Scope   string
	Message string
	// Sources, when non-nil, is the allow-list of sessions the publication
	// may newly cite (sessions already cited at the head stay citable). It
	// is recorded in the Memfs-Sources trailer.
	Sources []string
	// NoRequireSources lets pages go without a Sources section.
	NoRequireSources bool
	// Run is recorded in the Memfs-Run trailer when set.
	Run string
	// ExpectedHead, when set, makes the publication a compare-and-swap
	// against that head (plumbing.ZeroHash: the scope must not exist yet).
	ExpectedHead *ID
	// Guard is the erasure guard; nil until forget is in use.
	Guard validate.Guard
}

// PublishResult reports a publication.
type PublishResult struct {
	Commit  ID
	Parent  ID // zero for a scope's first publication
	Changes []Change
	// Unchanged is true when the directory equals the head: no commit was
	// made and Commit is the head.
	Unchanged bool
	Report    *validate.Report
}

// Publish validates dir in publish mode and commits it as the scope's new
// head. A rejected artifact returns a *validate.Error (errors.Is
// validate.ErrRejected) together with the result's report, and changes
// nothing.
func (s *Store) Publish(ctx context.Context, dir string, opts PublishOptions) (*PublishResult, error) {
	if err := checkScope(opts.Scope); err != nil {
		return nil, err
	}
	if strings.ContainsRune(opts.Message, 0) {
		return nil, errors.New("commit message contains a NUL byte")
	}
	for _, id := range opts.Sources {
		if !wiki.ValidSessionID(id) {
			return nil, fmt.Errorf("source session %q: not a legal session id", id)
		}
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	d, err := validate.OpenDir(abs)
	if err != nil {
		return nil, err
	}
	defer d.Close()

	unlock, err := s.lock(ctx)
	if err != nil {
		return nil, err
	}
	defer unlock()

	head, err := s.Head(ctx, opts.Scope)
	if err != nil && !errors.Is(err, ErrNoScope) {
		return nil, err
	}
	if opts.ExpectedHead != nil && *opts.ExpectedHead != head {
		return nil, fmt.Errorf("scope %s: expected head %s, found %s: %w", opts.Scope, short(*opts.ExpectedHead), short(head), ErrConflict)
	}

	var allow map[string]bool
	if opts.Sources != nil {
		allow = map[string]bool{}
		for _, id := range opts.Sources {
			allow[id] = true
		}
		cited, err := s.citedAt(ctx, opts.Scope, head)
		if err != nil {
			return nil, err
		}
		for _, id := range cited {
			allow[id] = true
		}
	}

	cache := s.loadStatCache(abs)
	scanStart := time.Now()
	rep, err := validate.Validate(ctx, d, validate.Options{
		Mode: validate.ModePublish, Limits: s.opts.Limits, NoRequireSources: opts.NoRequireSources,
		AllowedSessions: allow, Guard: opts.Guard, Facts: cache,
	})
	if err != nil {
		return nil, err
	}
	res := &PublishResult{Parent: head, Report: rep}
	if err := rep.AsError(); err != nil {
		return res, err
	}

	var oldTree ID
	if !head.IsZero() {
		s.mu.Lock()
		info, err := s.commitInfoLocked(head)
		s.mu.Unlock()
		if err != nil {
			return nil, err
		}
		oldTree = info.Tree
	}
	ids, tree, err := s.writeArtifact(ctx, rep.Files, cache.hits, oldTree)
	if err != nil {
		return nil, err
	}
	saveCache := func() {
		if err := cache.save(abs, scanStart, rep.Files, ids); err != nil {
			s.log.Warn("publish cache not saved", "dir", abs, "err", err)
		}
	}
	if tree == oldTree {
		saveCache()
		res.Commit, res.Unchanged = head, true
		return res, nil
	}
	changes, err := s.Diff(ctx, oldTree, tree)
	if err != nil {
		return nil, err
	}
	res.Changes = changes

	msg := commitMessage(opts, changes)
	var parents []plumbing.Hash
	if !head.IsZero() {
		parents = []plumbing.Hash{head}
	}
	s.mu.Lock()
	commit, err := s.writeCommit(tree, parents, msg)
	s.mu.Unlock()
	if err != nil {
		return nil, err
	}
	if err := s.casRef(BranchRef(opts.Scope), head, commit); err != nil {
		return nil, err
	}
	res.Commit = commit
	saveCache()
	s.saveCited(opts.Scope, commit, rep.Files)
	s.log.Info("published", "scope", opts.Scope, "commit", commit.String(), "changes", len(changes))
	return res, nil
}

func commitMessage(opts PublishOptions, changes []Change) string {
	subject := strings.TrimSpace(opts.Message)
	if subject == "" {
		subject = fmt.Sprintf("Publish memory: %d file(s) changed", len(changes))
	}
	var b strings.Builder
	b.WriteString(subject)
	b.WriteString("\n\n")
	fmt.Fprintf(&b, "%s: %s\n", TrailerArtifact, validate.SupportedArtifactVersion)
	if opts.Run != "" {
		fmt.Fprintf(&b, "%s: %s\n", TrailerRun, opts.Run)
	}
	if len(opts.Sources) > 0 {
		src := slices.Clone(opts.Sources)
		slices.Sort(src)
		fmt.Fprintf(&b, "%s: %s\n", TrailerSources, strings.Join(slices.Compact(src), " "))
	}
	return b.String()
}

// writeArtifact stores the blobs and trees of validated files and returns
// each file's blob id and the root tree id. Files served from the stat
// cache (cached) are not read again; their blobs are checked to exist
// whenever they land in a tree the store did not have.
func (s *Store) writeArtifact(ctx context.Context, files []validate.File, cached map[string]ID, oldTree ID) (map[string]ID, ID, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ids := make(map[string]ID, len(files))
	type dir struct {
		entries []object.TreeEntry
		cached  []ID
		subdirs map[string]*dir
	}
	newDir := func() *dir { return &dir{subdirs: map[string]*dir{}} }
	root := newDir()
	for _, f := range files {
		if err := ctx.Err(); err != nil {
			return nil, ID{}, err
		}
		var id ID
		if f.Content != nil {
			h, err := s.writeBlob(f.Content)
			if err != nil {
				return nil, ID{}, err
			}
			id = h
		} else {
			id = cached[f.Path]
		}
		ids[f.Path] = id
		segs := strings.Split(f.Path, "/")
		d := root
		for _, seg := range segs[:len(segs)-1] {
			sub, ok := d.subdirs[seg]
			if !ok {
				sub = newDir()
				d.subdirs[seg] = sub
			}
			d = sub
		}
		d.entries = append(d.entries, object.TreeEntry{Name: segs[len(segs)-1], Mode: filemode.Regular, Hash: id})
		if f.Content == nil {
			d.cached = append(d.cached, id)
		}
	}
	var write func(d *dir, old ID) (ID, error)
	write = func(d *dir, old ID) (ID, error) {
		// The previous head's tree for this directory vouches for the
		// blobs it holds; only cached blobs it lacks are looked up.
		prev := map[string]object.TreeEntry{}
		if !old.IsZero() {
			entries, err := s.treeEntriesLocked(old)
			if err != nil {
				return ID{}, err
			}
			for _, e := range entries {
				prev[e.Name] = e
			}
		}
		entries := d.entries
		for name, sub := range d.subdirs {
			var subOld ID
			if e, ok := prev[name]; ok && e.Mode == filemode.Dir {
				subOld = e.Hash
			}
			h, err := write(sub, subOld)
			if err != nil {
				return ID{}, err
			}
			entries = append(entries, object.TreeEntry{Name: name, Mode: filemode.Dir, Hash: h})
		}
		obj, err := s.encodeTree(entries)
		if err != nil {
			return ID{}, err
		}
		h := obj.Hash()
		if h == old || s.hasLoose(h) {
			return h, nil
		}
		known := make(map[ID]bool, len(prev))
		for _, e := range prev {
			known[e.Hash] = true
		}
		for _, id := range d.cached {
			if !known[id] && !s.hasObject(id) {
				return ID{}, fmt.Errorf("publish cache names blob %s, which the store lacks; remove %s and retry",
					short(id), s.opts.CacheDir)
			}
		}
		return s.storeEncoded(obj)
	}
	tree, err := write(root, oldTree)
	return ids, tree, err
}

// citedAt returns the sessions cited by the pages of commit (none for the
// zero commit), from a per-scope cache when it describes that commit.
func (s *Store) citedAt(ctx context.Context, scope string, commit ID) ([]string, error) {
	if commit.IsZero() {
		return nil, nil
	}
	var disk citedDisk
	if f := s.citedFile(scope); f != "" {
		if b, err := os.ReadFile(f); err == nil && json.Unmarshal(b, &disk) == nil && disk.Commit == commit.String() {
			return disk.Sessions, nil
		}
	}
	snap, err := s.Snapshot(ctx, commit)
	if err != nil {
		return nil, err
	}
	parser := wiki.NewParser()
	seen := map[string]bool{}
	var out []string
	err = snap.Walk(func(n *Node) error {
		if k, err := wiki.ClassifyPath(n.Path, false); err != nil || k != wiki.KindPage || !n.Mode.IsRegular() {
			return nil
		}
		b, err := n.Content()
		if err != nil {
			return err
		}
		for _, id := range validate.Analyze(parser, wiki.KindPage, b).Sources {
			if !seen[id] {
				seen[id] = true
				out = append(out, id)
			}
		}
		return ctx.Err()
	})
	return out, err
}

type citedDisk struct {
	Commit   string   `json:"commit"`
	Sessions []string `json:"sessions"`
}

func (s *Store) citedFile(scope string) string {
	if s.opts.CacheDir == "" {
		return ""
	}
	return filepath.Join(s.opts.CacheDir, "cited", scope+".json")
}

func (s *Store) saveCited(scope string, commit ID, files []validate.File) {
	f := s.citedFile(scope)
	if f == "" {
		return
	}
	seen := map[string]bool{}
	disk := citedDisk{Commit: commit.String(), Sessions: []string{}}
	for _, file := range files {
		if file.Kind != wiki.KindPage {
			continue
		}
		for _, id := range file.Facts.Sources {
			if !seen[id] {
				seen[id] = true
				disk.Sessions = append(disk.Sessions, id)
			}
		}
	}
	b, _ := json.Marshal(disk)
	if err := os.MkdirAll(filepath.Dir(f), 0o700); err == nil {
		_ = writeFileAtomic(f, b, 0o600)
	}
}

package gitstore

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/object"

	"github.com/memfs/memfs/gitstore/erasure"
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
	// against that head (the zero ID: the scope must not exist yet).
	ExpectedHead *ID
	// Guard is the erasure guard; nil means the store's own (its markers
	// under every key of its keyring).
	Guard validate.Guard
	// CacheAs, when set, names the folder whose stat cache the
	// publication uses and keeps, instead of dir: a folder that moves
	// between publications (a dream run's memory, kept from one run to
	// the next) keeps its cache, as a rename keeps its files' stat
	// signatures. See FolderCache.
	CacheAs string
	// Cache, when set, is the stat cache of the folder the publication
	// caches as (CacheAs, else dir) as the caller loaded it (FolderCache):
	// the publication takes it rather than read the cache file again,
	// when the file still holds what it was loaded from. A publication
	// that succeeds records its files in it; load the cache anew to ask
	// it of them.
	Cache *FolderCache
	// Proposal, when set, publishes for review: the commit (its parent the
	// scope head) goes to refs/memfs/proposals/<scope>/<Proposal>, which
	// must not exist yet, and the scope branch does not move.
	Proposal string
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
	if err := checkPublishOptions(opts); err != nil {
		return nil, err
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

	t0 := time.Now()
	unlock, err := s.lock(ctx)
	if err != nil {
		return nil, err
	}
	defer unlock()
	head, err := s.publishHead(ctx, &opts)
	if err != nil {
		return nil, err
	}

	tLock := time.Now()
	cacheDir := abs
	if opts.CacheAs != "" {
		if cacheDir, err = filepath.Abs(opts.CacheAs); err != nil {
			return nil, err
		}
	}
	cache := s.publishCache(cacheDir, opts.Cache)
	defer cache.close()
	tCache := time.Now()
	allow, err := s.allowedSessions(ctx, opts, head, cache)
	if err != nil {
		return nil, err
	}
	scanStart := scanClock()
	rep, err := validate.Validate(ctx, d, validate.Options{
		Mode: validate.ModePublish, Limits: s.opts.Limits, NoRequireSources: opts.NoRequireSources,
		AllowedSessions: allow, Guard: opts.Guard, Facts: cache, Known: s,
	})
	if err != nil {
		return nil, err
	}
	s.guardChannels(opts, rep)
	res := &PublishResult{Parent: head, Report: rep}
	if err := rep.AsError(); err != nil {
		return res, err
	}

	trust, oldTree, err := s.baseTree(head, cache)
	if err != nil {
		return nil, err
	}
	tValid := time.Now()
	b, err := s.writeArtifact(ctx, rep.Files, cache, trust, oldTree)
	if err != nil {
		return nil, err
	}
	for i, f := range rep.Files {
		s.facts.put(b.ids[i], f.Kind, f.Facts)
	}
	saveCache := func(commit ID) {
		if err := cache.save(commit, scanStart, rep.Files, b); err != nil {
			s.log.Warn("publish cache not saved", "dir", abs, "err", err)
		}
	}
	if b.root == oldTree {
		saveCache(head)
		res.Commit, res.Unchanged = head, true
		return res, nil
	}
	tWrite := time.Now()
	var changes []Change
	if trust {
		changes = changesFromCache(cache, rep.Files, b.ids)
	}
	commit, changes, err := s.commitBuild(ctx, opts, b, head, oldTree, trust, changes)
	if err != nil {
		return nil, err
	}
	res.Changes = changes
	target, old := BranchRef(opts.Scope), head
	if opts.Proposal != "" {
		target, old = ProposalRef(opts.Scope, opts.Proposal), ID{}
	}
	tObjects := time.Now()
	if err := s.casRef(target, old, commit); err != nil {
		return nil, err
	}
	tRef := time.Now()
	res.Commit = commit
	saveCache(commit)
	s.log.Info("published", "scope", opts.Scope, "commit", commit.String(), "changes", len(changes))
	s.log.Debug("publish timings", "lock", tLock.Sub(t0), "cache_load", tCache.Sub(tLock),
		"validate", tValid.Sub(tCache), "trees", tWrite.Sub(tValid), "objects", tObjects.Sub(tWrite),
		"ref", tRef.Sub(tObjects), "cache_save", time.Since(tRef))
	return res, nil
}

// guardChannels runs the erasure guard over what a publication carries
// besides file contents: its paths, its commit message (the subject and
// trailers it will have; a generated subject holds only a count) and its
// signature, and the name of the scope it goes to. What it finds joins
// the report as erased_content.
func (s *Store) guardChannels(opts PublishOptions, rep *validate.Report) {
	if opts.Guard == nil {
		return
	}
	paths := make([]string, len(rep.Files))
	for i, f := range rep.Files {
		paths[i] = f.Path
	}
	if opts.Guard.ErasedContent([]byte(opts.Scope)) {
		rep.Problems = append(rep.Problems, validate.Problem{Path: ".", Code: validate.CodeErasedContent,
			Severity: validate.SevError, Message: "the scope's name holds text that was forgotten (the forget renamed the scope)"})
	}
	for _, msg := range erasure.ChannelProblems(opts.Guard, paths, commitMessage(opts, nil), s.opts.AuthorName, s.opts.AuthorEmail) {
		rep.Problems = append(rep.Problems, validate.Problem{Path: ".", Code: validate.CodeErasedContent,
			Severity: validate.SevError, Message: msg})
	}
}

// checkPublishOptions refuses options no publication may have.
func checkPublishOptions(opts PublishOptions) error {
	if err := checkScope(opts.Scope); err != nil {
		return err
	}
	if opts.Proposal != "" && !validProposalName(opts.Proposal) {
		return fmt.Errorf("proposal %q: not a legal run id", opts.Proposal)
	}
	if at := validate.ControlAt(opts.Message); at >= 0 {
		// A rejection like a page's: git log and memfs log would print
		// it to a terminal. The offset, never the message.
		return &validate.Error{Problems: []validate.Problem{{Path: ".", Code: validate.CodeInvalidEncoding, Severity: validate.SevError,
			Message: fmt.Sprintf("commit message contains a control character at byte offset %d (only tab, newline and carriage return are allowed)", at)}}}
	}
	for _, id := range opts.Sources {
		if !wiki.ValidSessionID(id) {
			return fmt.Errorf("source session %q: not a legal session id", id)
		}
	}
	return nil
}

// publishHead returns the scope head a publication builds on, checked
// against opts.ExpectedHead, and sets opts.Guard to the store's own guard
// when the caller gave none: the store enforces its own invariant,
// nothing forgotten comes back, whoever publishes. The caller holds the
// store lock.
func (s *Store) publishHead(ctx context.Context, opts *PublishOptions) (ID, error) {
	head, err := s.Head(ctx, opts.Scope)
	if err != nil && !errors.Is(err, ErrNoScope) {
		return ID{}, err
	}
	if opts.ExpectedHead != nil && *opts.ExpectedHead != head {
		return ID{}, fmt.Errorf("scope %s: expected head %s, found %s: %w", opts.Scope, short(*opts.ExpectedHead), short(head), ErrConflict)
	}
	if opts.Guard == nil {
		g, err := s.Guard(ctx)
		if err != nil {
			return ID{}, err
		}
		// An empty guard refuses nothing; validation without one keeps
		// trusting facts cached before any forget.
		if !g.Empty() {
			opts.Guard = g
		}
	}
	return head, nil
}

// allowedSessions returns the sessions a publication may cite: those of
// opts.Sources and those the head cites already; nil (any) when
// opts.Sources is nil.
func (s *Store) allowedSessions(ctx context.Context, opts PublishOptions, head ID, cache *statCache) (map[string]bool, error) {
	if opts.Sources == nil {
		return nil, nil
	}
	allow := map[string]bool{}
	for _, id := range opts.Sources {
		allow[id] = true
	}
	cited, err := s.citedAt(ctx, head, cache)
	if err != nil {
		return nil, err
	}
	for _, id := range cited {
		allow[id] = true
	}
	return allow, nil
}

// baseTree returns the head's tree and whether the stat cache describes
// the head (trust): it does when the last publication came from the same
// directory, and then no tree of the head needs reading.
func (s *Store) baseTree(head ID, cache *statCache) (trust bool, tree ID, err error) {
	if head.IsZero() {
		return false, ID{}, nil
	}
	if cache.commit == head {
		if t, _, ok := cache.dirTree(""); ok {
			return true, t.ID, nil
		}
	}
	s.mu.Lock()
	info, err := s.commitInfoLocked(head)
	s.mu.Unlock()
	if err != nil {
		return false, ID{}, err
	}
	return false, info.Tree, nil
}

// commitBuild writes a build's objects and its commit on head, and
// returns the commit and the changes it makes (changes as given when the
// stat cache is trusted, else a diff of the trees). The commit joins the
// artifact's new objects, so a publication usually creates one pack and no
// loose object; whatever happens, the objects are written before the ref
// moves.
func (s *Store) commitBuild(ctx context.Context, opts PublishOptions, b *build, head, oldTree ID, trust bool, changes []Change) (ID, []Change, error) {
	flushed := false
	flush := func() error {
		if flushed {
			return nil
		}
		flushed = true
		s.mu.Lock()
		defer s.mu.Unlock()
		return s.flush(ctx, &b.batch)
	}
	if !trust {
		// The new trees are in the tree memo; should one have been
		// evicted, diff against the written objects instead.
		var err error
		if changes, err = s.Diff(ctx, oldTree, b.root); err != nil {
			if ferr := flush(); ferr != nil {
				return ID{}, nil, ferr
			}
			if changes, err = s.Diff(ctx, oldTree, b.root); err != nil {
				return ID{}, nil, err
			}
		}
	}
	msg := commitMessage(opts, changes)
	var parents []ID
	if !head.IsZero() {
		parents = []ID{head}
	}
	if flushed {
		s.mu.Lock()
		defer s.mu.Unlock()
		commit, err := s.writeCommit(b.root, parents, msg)
		return commit, changes, err
	}
	raw, err := s.encodeCommit(b.root, parents, msg)
	if err != nil {
		return ID{}, nil, err
	}
	commit := b.batch.add(plumbing.CommitObject, raw)
	return commit, changes, flush()
}

func commitMessage(opts PublishOptions, changes []Change) string {
	subject := strings.TrimSpace(opts.Message)
	if subject == "" {
		subject = fmt.Sprintf("Publish memory: %d file(s) changed", len(changes))
	}
	var b strings.Builder
	b.WriteString(subject)
	b.WriteString("\n\n")
	fmt.Fprintf(&b, "%s: %s\n", validate.TrailerArtifact, validate.SupportedArtifactVersion)
	if opts.Run != "" {
		fmt.Fprintf(&b, "%s: %s\n", validate.TrailerRun, opts.Run)
	}
	if len(opts.Sources) > 0 {
		src := slices.Clone(opts.Sources)
		slices.Sort(src)
		fmt.Fprintf(&b, "%s: %s\n", validate.TrailerSources, strings.Join(slices.Compact(src), " "))
	}
	return b.String()
}

// build is the result of writing an artifact's objects.
type build struct {
	ids   []ID                // blob id of each file, in the order of the files
	trees map[string]statTree // directory path ("" for the root) → tree
	// reused holds the directories whose tree the stat cache supplied;
	// those below them were not visited.
	reused map[string]bool
	root   ID
	// batch holds the new objects, written with the commit.
	batch objectBatch
}

// writeArtifact stores the blobs and trees of validated files. Files served
// from the stat cache are not read again. When the cache describes the
// current head (trust), a directory whose files are all unchanged cache
// hits keeps its recorded tree id without being encoded, and cached blobs
// are known to exist; git's index does the same with its cache-tree.
// Otherwise the previous head's trees vouch for cached blobs, and blobs
// they lack are looked up.
func (s *Store) writeArtifact(ctx context.Context, files []validate.File, cache *statCache, trust bool, oldTree ID) (*build, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	b := &build{ids: make([]ID, len(files)), trees: map[string]statTree{}, reused: map[string]bool{}}
	root, err := b.layout(ctx, files, cache)
	if err != nil {
		return nil, err
	}
	w := &treeWriter{s: s, b: b, cache: cache, trust: trust}
	if b.root, err = w.write(root, oldTree); err != nil {
		return nil, err
	}
	return b, nil
}

// artifactDir is one directory of an artifact being built.
type artifactDir struct {
	path    string
	parent  *artifactDir
	entries []object.TreeEntry
	cached  []ID
	subdirs map[string]*artifactDir
	nfiles  int  // files in the subtree
	dirty   bool // a file in the subtree was read
}

func newArtifactDir(p string, parent *artifactDir) *artifactDir {
	return &artifactDir{path: p, parent: parent, subdirs: map[string]*artifactDir{}}
}

// layout adds the blobs of files that were read to the batch and returns
// the directory tree of files. Files come grouped by directory, so the
// directory of the previous file is tried first.
func (b *build) layout(ctx context.Context, files []validate.File, cache *statCache) (*artifactDir, error) {
	root := newArtifactDir("", nil)
	last := root
	for i, f := range files {
		if i%256 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		var id ID
		if f.Content != nil {
			id = b.batch.add(plumbing.BlobObject, f.Content)
		} else {
			var ok bool
			if id, ok = cache.cachedID(f.Path); !ok {
				return nil, fmt.Errorf("publish: %s was neither read nor served from the cache", f.Path)
			}
		}
		b.ids[i] = id
		slash := strings.LastIndexByte(f.Path, '/')
		dirPath, name := "", f.Path
		if slash >= 0 {
			dirPath, name = f.Path[:slash], f.Path[slash+1:]
		}
		d := last
		if d.path != dirPath {
			d = root
			for rest := dirPath; rest != ""; {
				seg := rest
				if j := strings.IndexByte(rest, '/'); j >= 0 {
					seg, rest = rest[:j], rest[j+1:]
				} else {
					rest = ""
				}
				sub, ok := d.subdirs[seg]
				if !ok {
					p := seg
					if d.path != "" {
						p = d.path + "/" + seg
					}
					sub = newArtifactDir(p, d)
					d.subdirs[seg] = sub
				}
				d = sub
			}
			last = d
		}
		for a := d; a != nil; a = a.parent {
			a.nfiles++
			a.dirty = a.dirty || f.Content != nil
		}
		d.entries = append(d.entries, object.TreeEntry{Name: name, Mode: filemode.Regular, Hash: id.hash()})
		if f.Content == nil {
			d.cached = append(d.cached, id)
		}
	}
	return root, nil
}

// treeWriter encodes the trees of a build. s.mu is held.
type treeWriter struct {
	s     *Store
	b     *build
	cache *statCache
	trust bool
}

// write returns the tree id of d, whose previous version (zero: none) was
// old, adding the trees that are new to the batch.
func (w *treeWriter) write(d *artifactDir, old ID) (ID, error) {
	if w.trust && !d.dirty {
		if t, _, ok := w.cache.dirTree(d.path); ok && t.Files == d.nfiles {
			w.b.trees[d.path] = t
			w.b.reused[d.path] = true
			return t.ID, nil
		}
	}
	// Without a trusted cache, the previous head's tree tells the old ids
	// of subdirectories and vouches for the blobs it holds; it is read
	// only when one of those is needed.
	var prev []object.TreeEntry
	readPrev := func() error {
		if w.trust || prev != nil || old.IsZero() {
			return nil
		}
		var err error
		prev, err = w.s.treeEntriesLocked(old)
		return err
	}
	entries := slices.Clone(d.entries)
	if len(d.subdirs) > 0 {
		if err := readPrev(); err != nil {
			return ID{}, err
		}
	}
	for name, sub := range d.subdirs {
		var subOld ID
		for _, e := range prev {
			if e.Name == name && e.Mode == filemode.Dir {
				subOld = ID(e.Hash)
			}
		}
		h, err := w.write(sub, subOld)
		if err != nil {
			return ID{}, err
		}
		entries = append(entries, object.TreeEntry{Name: name, Mode: filemode.Dir, Hash: h.hash()})
	}
	content, h, err := encodeTreeContent(entries)
	if err != nil {
		return ID{}, err
	}
	w.b.trees[d.path] = statTree{ID: h, Files: d.nfiles}
	if h == old {
		return h, nil
	}
	w.s.rememberTreeLocked(h, entries)
	if w.s.hasLoose(h) {
		return h, nil
	}
	if !w.trust && len(d.cached) > 0 {
		if err := readPrev(); err != nil {
			return ID{}, err
		}
		if err := w.vouch(d.cached, prev); err != nil {
			return ID{}, err
		}
	}
	w.b.batch.addHashed(h, plumbing.TreeObject, content)
	return h, nil
}

// vouch checks that the store holds the cached blobs of a directory that
// its previous tree prev does not name.
func (w *treeWriter) vouch(cached []ID, prev []object.TreeEntry) error {
	known := make(map[ID]bool, len(prev))
	for _, e := range prev {
		known[ID(e.Hash)] = true
	}
	for _, id := range cached {
		if !known[id] && !w.s.hasObject(id) {
			return fmt.Errorf("publish cache names blob %s, which the store lacks; remove %s and retry",
				short(id), w.s.opts.CacheDir)
		}
	}
	return nil
}

// changesFromCache lists what a build changes relative to the commit the
// cache describes, without reading any tree. ids are the files' blob ids.
func changesFromCache(cache *statCache, files []validate.File, ids []ID) []Change {
	var out []Change
	seen := make([]bool, cache.n)
	nseen := 0
	for i, f := range files {
		r, ok := cache.find(f.Path)
		if !ok {
			out = append(out, Change{Path: f.Path, Kind: Added, New: ids[i]})
			continue
		}
		if !seen[r] {
			seen[r] = true
			nseen++
		}
		if old := cache.id(r); old != ids[i] {
			out = append(out, Change{Path: f.Path, Kind: Modified, Old: old, New: ids[i]})
		}
	}
	for r := 0; nseen < cache.n && r < cache.n; r++ {
		if !seen[r] {
			out = append(out, Change{Path: string(cache.path(r)), Kind: Deleted, Old: cache.id(r)})
		}
	}
	slices.SortFunc(out, func(a, b Change) int { return strings.Compare(a.Path, b.Path) })
	return out
}

// citedAt returns the sessions cited by the pages of commit (none for the
// zero commit). The stat cache of the last publication from the same
// directory answers without reading pages when it describes that commit.
func (s *Store) citedAt(ctx context.Context, commit ID, cache *statCache) ([]string, error) {
	if commit.IsZero() {
		return nil, nil
	}
	seen := map[string]bool{}
	var out []string
	add := func(ids []string) {
		for _, id := range ids {
			if !seen[id] {
				seen[id] = true
				out = append(out, id)
			}
		}
	}
	if cache.commit == commit {
		for i := range cache.n {
			if k, err := wiki.ClassifyPath(string(cache.path(i)), false); err == nil && k == wiki.KindPage {
				add(cache.facts(i).Sources)
			}
		}
		return out, nil
	}
	if err := s.pageSources(ctx, commit, add); err != nil {
		return nil, err
	}
	return out, nil
}

// pageSources calls add with the sessions each page of commit cites, in
// walk order. Both the diverged-ref pruning and the publish allow-list
// read citations this way, so they agree on what a page cites.
func (s *Store) pageSources(ctx context.Context, commit ID, add func(ids []string)) error {
	snap, err := s.Snapshot(ctx, commit)
	if err != nil {
		return err
	}
	parser := wiki.NewParser()
	return snap.Walk(func(n *Node) error {
		if k, err := wiki.ClassifyPath(n.Path, false); err != nil || k != wiki.KindPage || !n.Mode.IsRegular() {
			return nil
		}
		// What a page cites depends on its content only: the facts
		// memo answers for the pages a publication of this process
		// validated or this walk read before.
		if f, ok := s.facts.get(n.ID, wiki.KindPage); ok {
			add(f.Sources)
			return ctx.Err()
		}
		b, err := n.Content()
		if err != nil {
			return err
		}
		f := validate.Analyze(parser, wiki.KindPage, b)
		s.facts.put(n.ID, wiki.KindPage, f)
		add(f.Sources)
		return ctx.Err()
	})
}

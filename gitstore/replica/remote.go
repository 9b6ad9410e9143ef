package replica

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/go-git/go-git/v5/config"

	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/internal/fsutil"
)

// Remotes. A store syncs with any git remote through the git binary
// (transport.go), with the user's own ssh and credential setup; memfs
// keeps its refs under refs/memfs/ there (layout.go). Remotes live in the
// repository's own config, as stock git keeps them, and never with a
// credential: a URL holding a password or a token is refused (the user's
// credential helper supplies it), and every URL memfs prints has its
// credentials stripped. MEMFS_REMOTE_USERNAME/MEMFS_REMOTE_PASSWORD, when
// set, answer git's credential requests from the environment. What a
// remote's refs were at the last pull or push is kept in
// memfs-remotes/<name>.json, by local ref name: the lease for forced
// pushes after a forget.

// Remote is a configured remote.
type Remote struct {
	Name string `json:"name"`
	URL  string `json:"url"`
	// TrustErasures applies the erasure markers a pull brings without a
	// consent token (remote.<name>.memfsTrustErasures in the config).
	TrustErasures bool `json:"trust_erasures"`
}

// RemoteOptions are what a remote is added with.
type RemoteOptions struct {
	TrustErasures bool
}

// trustOption is the config key, under the remote's section, that keeps
// RemoteOptions.TrustErasures beside the remote's url.
const trustOption = "memfsTrustErasures"

// reRemoteName is what a remote may be called: git's usual names
// (origin, upstream, my-server, github.com), nothing that reads as an
// option or a path.
var reRemoteName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$`)

func validRemoteName(n string) bool {
	return reRemoteName.MatchString(n) && !strings.Contains(n, "..") && !strings.HasSuffix(n, ".lock")
}

// ErrCredentialInURL means a remote URL holds a password or a token.
var ErrCredentialInURL = errors.New("the url holds a password or token, which memfs never stores")

// checkRemoteURL refuses what git could take for an option, control
// characters, and credentials in the URL (with the remedy).
func checkRemoteURL(raw string) error {
	switch {
	case raw == "":
		return errors.New("remote url is empty")
	case strings.HasPrefix(raw, "-"):
		return errors.New("remote url starts with '-'")
	case strings.ContainsFunc(raw, func(r rune) bool { return r < 0x20 || r == 0x7f }):
		return errors.New("remote url holds control characters")
	}
	if StripCredentials(raw) != raw {
		return fmt.Errorf("%w: add it as %s and let git's credential helper supply the secret "+
			"(git config --global credential.helper store, cache or your platform's manager; git credential approve stores one), "+
			"or set MEMFS_REMOTE_USERNAME and MEMFS_REMOTE_PASSWORD for memfs's git", ErrCredentialInURL,
			strings.Replace(StripCredentials(raw), "://***@", "://", 1))
	}
	return nil
}

// Remotes lists the configured remotes, by name.
func Remotes(st *gitstore.Store) ([]Remote, error) {
	s := wrap(st)
	s.Lock()
	cfg, err := s.Storage().Config()
	s.Unlock()
	if err != nil {
		return nil, fmt.Errorf("read config: %w", err)
	}
	var out []Remote
	for name, r := range cfg.Remotes {
		if len(r.URLs) > 0 {
			trust := cfg.Raw.Section("remote").Subsection(name).Option(trustOption) == "true"
			out = append(out, Remote{Name: name, URL: StripCredentials(r.URLs[0]), TrustErasures: trust})
		}
	}
	slices.SortFunc(out, func(a, b Remote) int { return strings.Compare(a.Name, b.Name) })
	return out, nil
}

// AddRemote configures a remote.
func AddRemote(st *gitstore.Store, name, rawURL string, opts RemoteOptions) error {
	s := wrap(st)
	if !validRemoteName(name) {
		return fmt.Errorf("remote name %q: use letters, digits, '.', '-' and '_'", name)
	}
	if err := checkRemoteURL(rawURL); err != nil {
		return err
	}
	s.Lock()
	defer s.Unlock()
	cfg, err := s.Storage().Config()
	if err != nil {
		return fmt.Errorf("read config: %w", err)
	}
	if _, ok := cfg.Remotes[name]; ok {
		return fmt.Errorf("remote %s already exists", name)
	}
	rc := &config.RemoteConfig{Name: name, URLs: []string{rawURL}, Fetch: []config.RefSpec{"+refs/heads/*:refs/memfs/remotes/" + config.RefSpec(name) + "/*"}}
	if err := rc.Validate(); err != nil {
		return err
	}
	cfg.Remotes[name] = rc
	if err := s.Storage().SetConfig(cfg); err != nil {
		return err
	}
	if !opts.TrustErasures {
		return nil
	}
	// Read back, the remote's section is the one go-git keeps and writes
	// again with the option added.
	if cfg, err = s.Storage().Config(); err != nil {
		return fmt.Errorf("read config: %w", err)
	}
	cfg.Raw.Section("remote").Subsection(name).SetOption(trustOption, "true")
	return s.Storage().SetConfig(cfg)
}

// RemoveRemote deletes a remote's configuration and what memfs remembers
// of it.
func RemoveRemote(st *gitstore.Store, name string) error {
	s := wrap(st)
	s.Lock()
	defer s.Unlock()
	cfg, err := s.Storage().Config()
	if err != nil {
		return fmt.Errorf("read config: %w", err)
	}
	if _, ok := cfg.Remotes[name]; !ok {
		return fmt.Errorf("%s: %w", name, gitstore.ErrNoRemote)
	}
	delete(cfg.Remotes, name)
	if err := s.Storage().SetConfig(cfg); err != nil {
		return err
	}
	os.Remove(s.seenPath(name))
	return nil
}

// Remote returns the remote called name.
func LookupRemote(st *gitstore.Store, name string) (Remote, error) {
	s := wrap(st)
	rs, err := Remotes(s.Store)
	if err != nil {
		return Remote{}, err
	}
	for _, r := range rs {
		if r.Name == name {
			return r, nil
		}
	}
	return Remote{}, fmt.Errorf("%s: %w", name, gitstore.ErrNoRemote)
}

// remoteURL is the remote's URL as configured (a URL an earlier memfs
// stored with a credential is used as it is, never printed).
func (s *store) remoteURL(name string) (string, error) {
	s.Lock()
	cfg, err := s.Storage().Config()
	s.Unlock()
	if err != nil {
		return "", fmt.Errorf("read config: %w", err)
	}
	if r, ok := cfg.Remotes[name]; ok && len(r.URLs) > 0 {
		return r.URLs[0], nil
	}
	return "", fmt.Errorf("%s: %w", name, gitstore.ErrNoRemote)
}

// transport prepares git for the remote called name.
func (s *store) transport(ctx context.Context, name string, progress io.Writer) (*gitTransport, error) {
	u, err := s.remoteURL(name)
	if err != nil {
		return nil, err
	}
	return newTransport(ctx, s.Path(), name, u, progress, s.packLimits().Blob), nil
}

// RemoteFetcher fetches a remote's scope branches, markers and meta commit
// (layout.go) into the quarantine, nothing else of the remote. The
// server's progress messages go to progress when it is not nil.
func RemoteFetcher(st *gitstore.Store, name string, progress io.Writer) (Fetcher, error) {
	s := wrap(st)
	if _, err := s.remoteURL(name); err != nil {
		return nil, err
	}
	return func(ctx context.Context, qs *gitstore.Store) (map[string]gitstore.ID, error) {
		q := &quarantine{dir: qs.Path(), s: wrap(qs)}
		t, err := s.transport(ctx, name, progress)
		if err != nil {
			return nil, err
		}
		v, err := t.view(ctx, s.Path())
		if err != nil {
			return nil, err
		}
		if err := t.fetch(ctx, q, v.fetchSpecs()); err != nil {
			return nil, err
		}
		q.s.Lock()
		got, err := q.s.RefsLocked()
		q.s.Unlock()
		if err != nil {
			return nil, err
		}
		refs := map[string]gitstore.ID{}
		for n := range v.refs {
			if h, ok := got[n]; ok {
				refs[n] = h
			}
		}
		for n := range v.legacy {
			h, ok := got[legacyPrefix+strings.TrimPrefix(n, branchPrefix)]
			if !ok {
				continue
			}
			if !q.isMemfsCommit(h) {
				s.Logger().Info("remote branch left alone: not a memfs scope", "remote", name, "ref", n)
				continue
			}
			refs[n] = h
		}
		if err := s.writeSeen(name, refs); err != nil {
			return nil, err
		}
		return refs, nil
	}, nil
}

func (s *store) seenPath(name string) string {
	return filepath.Join(s.Path(), "memfs-remotes", name+".json")
}

func (s *store) readSeen(name string) map[string]gitstore.ID {
	out := map[string]gitstore.ID{}
	b, err := os.ReadFile(s.seenPath(name))
	if err != nil {
		return out
	}
	var m map[string]string
	if json.Unmarshal(b, &m) != nil {
		return out
	}
	for k, v := range m {
		if id, ok := gitstore.ParseID(v); ok {
			out[k] = id
		}
	}
	return out
}

// writeSeen records what the remote's refs were.
func (s *store) writeSeen(name string, refs map[string]gitstore.ID) error {
	m := map[string]string{}
	for k, v := range refs {
		m[k] = v.String()
	}
	b, _ := json.MarshalIndent(m, "", "  ")
	if err := os.MkdirAll(filepath.Dir(s.seenPath(name)), 0o700); err != nil {
		return err
	}
	return fsutil.WriteFileAtomic(s.seenPath(name), b, 0o600)
}

// PushResult reports a push.
type PushResult struct {
	// Pushed lists scope branches sent as fast-forwards or new branches.
	Pushed []string `json:"pushed"`
	// Forced lists scope branches rewritten by a forget here, replaced on
	// the remote under a lease on what this store last saw there.
	Forced []string `json:"forced"`
	// Metadata lists the metadata refs sent: the union of this store's
	// keyring or markers and the remote's (never fewer than it held).
	Metadata []string `json:"metadata"`
	UpToDate []string `json:"up_to_date"`
	// Refused lists scope branches not sent, each with its reason in
	// Reasons; everything else was sent.
	Refused []string          `json:"refused,omitempty"`
	Reasons map[string]string `json:"reasons,omitempty"`
	// RemoteAhead lists metadata refs where the remote holds markers
	// this store lacks: a pull brings them (with consent).
	RemoteAhead []string `json:"remote_ahead,omitempty"`
	// DivergedRemoved lists the diverged refs removed before the push
	// (PruneDiverged); they are never pushed.
	DivergedRemoved []string `json:"diverged_removed,omitempty"`
}

// pushAttempts bounds the retries of a push whose metadata lease another
// replica's push overtook.
const pushAttempts = 4

// Push sends the scope branches, the markers and the keyless meta commit
// to a remote, under memfs's own refs there (layout.go); never a key. A
// store holding markers it cannot check sends nothing
// (gitstore.ErrMarkerKeysMissing).
//
// A scope branch the remote holds is sent as a fast-forward when it is
// one; a branch rewritten by a forget here replaces the remote's only if
// the remote still holds what this store last pulled there (a lease),
// else it is refused (named in Refused, with its reason) while every
// other ref is still sent, and Push returns gitstore.ErrRemoteMoved. The
// marker set is sent as the union of this store's and the remote's, a
// canonical commit that replaces the remote's under a lease on it (the
// meta commit replaces a remote's of the earlier format, which held
// keys), so two replicas never refuse each other
// over metadata; when another push overtakes a lease, Push reads the
// remote again and retries. The server's progress messages go to
// progress when it is not nil. The caller holds the store lock.
func Push(ctx context.Context, gtx *gitstore.Tx, name string, progress io.Writer) (*PushResult, error) {
	tx := wrapTx(gtx)
	s := tx.s
	t, err := s.transport(ctx, name, progress)
	if err != nil {
		return nil, err
	}
	if err := tx.Canonicalize(ctx); err != nil {
		return nil, err
	}
	if err := s.CheckMarkerKeys(ctx); err != nil {
		return nil, err
	}
	pruned, err := PruneDiverged(ctx, tx.Tx, s.Now())
	if err != nil {
		return nil, err
	}
	for attempt := 1; ; attempt++ {
		res, err := tx.pushOnce(ctx, name, t)
		if res != nil {
			res.DivergedRemoved = pruned
		}
		if err == nil || !errors.Is(err, errLeaseLost) || attempt == pushAttempts {
			return res, err
		}
		s.Logger().Info("push raced another replica's; reading the remote again", "remote", name, "attempt", attempt)
	}
}

// errLeaseLost is a push whose leases another push overtook.
var errLeaseLost = errors.New("a lease was overtaken")

// pushOnce lists the remote, plans every ref and pushes once.
func (tx *txn) pushOnce(ctx context.Context, name string, t *gitTransport) (*PushResult, error) {
	s := tx.s
	view, err := t.view(ctx, s.Path())
	if err != nil {
		return nil, err
	}
	remote := view.refs
	local, err := BundleRefs(ctx, s.Store, nil)
	if err != nil {
		return nil, err
	}
	seen := s.readSeen(name)
	res := &PushResult{Pushed: []string{}, Forced: []string{}, Metadata: []string{}, UpToDate: []string{}}
	var refs []pushRef
	sent := map[string]gitstore.ID{}
	send := func(n string, v gitstore.ID, force bool, lease gitstore.ID) {
		refs = append(refs, pushRef{id: v, remote: remoteName(n), force: force, lease: lease})
		sent[n] = v
	}
	if err := tx.planMetadata(ctx, t, local, remote, res, send); err != nil {
		return nil, err
	}
	for _, n := range slices.Sorted(maps.Keys(local)) {
		if n == gitstore.MetaRef || n == gitstore.ErasuresRef {
			continue
		}
		if err := tx.planBranch(ctx, n, local[n], remote[n], view.legacy[n], seen[n], res, send); err != nil {
			return nil, err
		}
	}
	after := copyRefs(remote)
	serverRefused := 0
	if len(refs) > 0 {
		outcomes, err := t.push(ctx, s.Path(), refs)
		if err != nil {
			return nil, err
		}
		lost := false
		for n, v := range sent {
			o, ok := outcomes[remoteName(n)]
			switch {
			case !ok || o.ok:
				after[n] = v
			case strings.Contains(o.reason, "stale info") || strings.Contains(o.reason, "fetch first") || strings.Contains(o.reason, "non-fast-forward"):
				lost = true
			default:
				res.drop(n)
				res.refuse(n, "the remote refused it: "+lastLines(StripCredentials(o.reason), 1))
				serverRefused++
			}
		}
		if lost {
			if err := s.writeSeen(name, mergeSeen(seen, after, sent)); err != nil {
				return nil, err
			}
			return nil, fmt.Errorf("push %s: %w", name, errLeaseLost)
		}
	}
	if err := s.writeSeen(name, after); err != nil {
		return nil, err
	}
	if len(res.Refused) > 0 {
		var parts []string
		for _, n := range res.Refused {
			parts = append(parts, n+" ("+res.Reasons[n]+")")
		}
		why := gitstore.ErrRemoteMoved
		if serverRefused == len(res.Refused) {
			why = gitstore.ErrRemoteFailed // the server's own refusal: a pull would not help
		}
		return res, fmt.Errorf("push %s: %s: %w", name, strings.Join(parts, "; "), why)
	}
	return res, nil
}

// mergeSeen is what a push that lost a race knows of the remote: what it
// sent and the remote took, and otherwise what it knew before.
func mergeSeen(seen, after, sent map[string]gitstore.ID) map[string]gitstore.ID {
	out := copyRefs(seen)
	for n := range sent {
		if v, ok := after[n]; ok && v == sent[n] {
			out[n] = v
		}
	}
	return out
}

// planBranch decides one scope branch n: up to date, sent as a new
// branch or a fast-forward, sent forced under a lease (a forget's rewrite
// of what this store last pulled), or refused. rv is the remote's head
// (zero: none), legacy its branch of the earlier layout, last what this
// store last pulled or pushed there.
func (tx *txn) planBranch(ctx context.Context, n string, lv, rv, legacy, last gitstore.ID, res *PushResult,
	send func(n string, v gitstore.ID, force bool, lease gitstore.ID)) error {
	s := tx.s
	contains := func(h gitstore.ID) (bool, error) {
		if !s.HasCommit(h) {
			return false, nil
		}
		anc, err := s.ancestors(ctx, lv)
		return anc[h], err
	}
	switch {
	case rv == lv:
		res.UpToDate = append(res.UpToDate, n)
		return nil
	case rv.IsZero() && !legacy.IsZero():
		// The earlier layout: write the new one if it holds the
		// earlier branch, or what this store last pulled of it.
		ok, err := contains(legacy)
		if err != nil {
			return err
		}
		if !ok && last != legacy {
			res.refuse(n, fmt.Sprintf("the remote's %s (earlier layout) is at %s, which this store has not pulled; pull first",
				n, gitstore.ShortID(legacy)))
			return nil
		}
		res.Pushed = append(res.Pushed, n)
		send(n, lv, false, gitstore.ID{})
		return nil
	case rv.IsZero():
		res.Pushed = append(res.Pushed, n)
		send(n, lv, false, gitstore.ID{})
		return nil
	}
	ok, err := contains(rv)
	if err != nil {
		return err
	}
	switch {
	case ok:
		res.Pushed = append(res.Pushed, n)
		send(n, lv, false, rv)
	case last == rv:
		res.Forced = append(res.Forced, n)
		send(n, lv, true, rv)
	case last.IsZero():
		res.refuse(n, fmt.Sprintf("not a fast-forward: the remote's %s is at %s and this store never pulled it; pull first",
			remoteName(n), gitstore.ShortID(rv)))
	default:
		res.refuse(n, fmt.Sprintf("not a fast-forward: the remote moved since this store last pulled (%s is at %s, last pulled at %s); pull first",
			remoteName(n), gitstore.ShortID(rv), gitstore.ShortID(last)))
	}
	return nil
}

// refuse records a scope branch push refused, and why.
func (res *PushResult) refuse(n, reason string) {
	if res.Reasons == nil {
		res.Reasons = map[string]string{}
	}
	res.Refused = append(res.Refused, n)
	res.Reasons[n] = reason
}

// drop takes n out of the lists of what was sent.
func (res *PushResult) drop(n string) {
	del := func(l []string) []string { return slices.DeleteFunc(l, func(x string) bool { return x == n }) }
	res.Pushed, res.Forced, res.Metadata = del(res.Pushed), del(res.Forced), del(res.Metadata)
}

// planMetadata decides the meta commit (this store's keyless one) and the
// marker set (the union of this store's and the remote's, unless the
// remote's already holds this store's).
func (tx *txn) planMetadata(ctx context.Context, t *gitTransport, local, remote map[string]gitstore.ID, res *PushResult,
	send func(n string, v gitstore.ID, force bool, lease gitstore.ID)) error {
	s := tx.s
	var missing []string
	for _, n := range []string{gitstore.MetaRef, gitstore.ErasuresRef} {
		if rv := remote[n]; !rv.IsZero() && local[n] != rv && !s.HasCommit(rv) {
			missing = append(missing, n)
		}
	}
	if len(missing) > 0 {
		if err := s.fetchMetadata(ctx, t, missing); err != nil {
			return err
		}
	}
	for _, n := range []string{gitstore.MetaRef, gitstore.ErasuresRef} {
		lv, rv := local[n], remote[n]
		switch {
		case lv.IsZero():
			continue
		case rv == lv:
			res.UpToDate = append(res.UpToDate, n)
			continue
		case rv.IsZero():
			res.Metadata = append(res.Metadata, n)
			send(n, lv, false, gitstore.ID{})
			continue
		}
		union, ahead, err := s.metadataUnion(ctx, n, lv, rv)
		if err != nil {
			return fmt.Errorf("%s on %s: %w", n, t.name, err)
		}
		if ahead {
			res.RemoteAhead = append(res.RemoteAhead, n)
		}
		if union == rv {
			res.UpToDate = append(res.UpToDate, n)
			continue
		}
		res.Metadata = append(res.Metadata, n)
		send(n, union, true, rv)
	}
	return nil
}

// metadataUnion returns the canonical commit of the union of a metadata
// ref's local set (at lv) and the remote's (at rv, present here), and
// whether the remote's holds entries the local one lacks. The union's
// objects are written; no ref moves.
func (s *store) metadataUnion(ctx context.Context, n string, lv, rv gitstore.ID) (gitstore.ID, bool, error) {
	if n == gitstore.MetaRef {
		// The meta commit is the same keyless commit everywhere: it
		// replaces a remote's of the earlier format, which held keys.
		return lv, false, nil
	}
	lm, err := s.MarkersAt(ctx, lv)
	if err != nil {
		return gitstore.ID{}, false, err
	}
	rm, err := s.MarkersAt(ctx, rv)
	if err != nil {
		return gitstore.ID{}, false, err
	}
	if s.SubsetMarkers(lm, rm) {
		return rv, !s.SubsetMarkers(rm, lm), nil
	}
	c, err := s.MarkersCommitOf(lm, rm)
	return c, !s.SubsetMarkers(rm, lm), err
}

// fetchMetadata brings a remote's metadata refs (the meta commit and the
// marker set, nothing else) through a quarantine, checked as an import
// checks them, and keeps their objects (no ref moves).
func (s *store) fetchMetadata(ctx context.Context, t *gitTransport, refs []string) error {
	q, err := s.newQuarantine()
	if err != nil {
		return err
	}
	defer q.remove()
	var specs []string
	for _, n := range refs {
		specs = append(specs, "+"+n+":"+n)
	}
	if err := t.fetch(ctx, q, specs); err != nil {
		return err
	}
	q.s.Lock()
	got, err := q.s.RefsLocked()
	q.s.Unlock()
	if err != nil {
		return err
	}
	got = metadataRefs(got)
	if _, err := q.incomingMarkers(ctx, got); err != nil {
		return err
	}
	_, err = s.copyObjects(ctx, q.s, got)
	return err
}

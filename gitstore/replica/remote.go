package replica

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	git "github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/config"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/transport"
	githttp "github.com/go-git/go-git/v5/plumbing/transport/http"

	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/internal/fsutil"
	"github.com/memfs/memfs/wiki"
)

// Remotes. A store syncs with any git server through go-git's transports
// (file, git, ssh, http(s)). Remotes live in the repository's own config,
// as stock git keeps them. Credentials are never stored by memfs: ssh uses
// the ssh agent; http(s) uses MEMFS_REMOTE_USERNAME/MEMFS_REMOTE_PASSWORD
// when set, else asks `git credential fill` (the user's credential
// helpers). What a remote's refs were at the last pull or push is kept in
// memfs-remotes/<name>.json: the lease for forced pushes after a forget.

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

func validRemoteName(n string) bool { return wiki.ValidSegment(n) }

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
			out = append(out, Remote{Name: name, URL: r.URLs[0], TrustErasures: trust})
		}
	}
	slices.SortFunc(out, func(a, b Remote) int { return strings.Compare(a.Name, b.Name) })
	return out, nil
}

// AddRemote configures a remote.
func AddRemote(st *gitstore.Store, name, rawURL string, opts RemoteOptions) error {
	s := wrap(st)
	if !validRemoteName(name) {
		return fmt.Errorf("remote name %q: use lowercase letters, digits, - and _", name)
	}
	if _, err := transport.NewEndpoint(rawURL); err != nil {
		return fmt.Errorf("remote url: %w", err)
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

func (s *store) remoteURL(name string) (string, error) {
	r, err := LookupRemote(s.Store, name)
	return r.URL, err
}

// syncRefSpecs are what memfs exchanges: scope branches, markers, meta.
// (Import keeps only those; a remote without markers yet is fine.)
var syncRefSpecs = []config.RefSpec{
	"+refs/heads/*:refs/heads/*",
	"+refs/memfs/*:refs/memfs/*",
}

// auth finds credentials for an http(s) url, never storing them.
func auth(rawURL string) transport.AuthMethod {
	u, err := url.Parse(rawURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") {
		return nil
	}
	if user := os.Getenv("MEMFS_REMOTE_USERNAME"); user != "" {
		return &githttp.BasicAuth{Username: user, Password: os.Getenv("MEMFS_REMOTE_PASSWORD")}
	}
	if u.User != nil {
		p, _ := u.User.Password()
		return &githttp.BasicAuth{Username: u.User.Username(), Password: p}
	}
	if _, err := exec.LookPath("git"); err != nil {
		return nil
	}
	cmd := exec.Command("git", "credential", "fill")
	cmd.Stdin = strings.NewReader(fmt.Sprintf("protocol=%s\nhost=%s\npath=%s\n\n", u.Scheme, u.Host, strings.TrimPrefix(u.Path, "/")))
	cmd.Env = append(os.Environ(), "GIT_TERMINAL_PROMPT=0")
	out, err := cmd.Output()
	if err != nil {
		return nil
	}
	var user, pass string
	for _, l := range strings.Split(string(out), "\n") {
		if v, ok := strings.CutPrefix(l, "username="); ok {
			user = v
		}
		if v, ok := strings.CutPrefix(l, "password="); ok {
			pass = v
		}
	}
	if user == "" && pass == "" {
		return nil
	}
	return &githttp.BasicAuth{Username: user, Password: pass}
}

// RemoteFetcher fetches a remote's scope branches, markers and meta into
// the quarantine. The server's progress messages go to progress when it
// is not nil.
func RemoteFetcher(st *gitstore.Store, name string, progress io.Writer) (Fetcher, error) {
	s := wrap(st)
	u, err := s.remoteURL(name)
	if err != nil {
		return nil, err
	}
	return func(ctx context.Context, qs *gitstore.Store) (map[string]gitstore.ID, error) {
		q := wrap(qs)
		r := git.NewRemote(q.incoming(), &config.RemoteConfig{Name: name, URLs: []string{u}})
		err := r.FetchContext(ctx, &git.FetchOptions{RefSpecs: syncRefSpecs, Auth: auth(u), Tags: git.NoTags, Progress: progress})
		if errors.Is(err, gitstore.ErrInvalidBundle) {
			return nil, fmt.Errorf("fetch %s: %w", name, err)
		}
		if err != nil && !errors.Is(err, git.NoErrAlreadyUpToDate) && !errors.Is(err, transport.ErrEmptyRemoteRepository) {
			return nil, fmt.Errorf("fetch %s: %w", name, err)
		}
		q.Lock()
		refs, err := q.RefsLocked()
		q.Unlock()
		if err != nil {
			return nil, err
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
	// RemoteAhead lists metadata refs where the remote holds keys or
	// markers this store lacks: a pull brings them (with consent for
	// markers).
	RemoteAhead []string `json:"remote_ahead,omitempty"`
	// DivergedRemoved lists the diverged refs removed before the push
	// (PruneDiverged); they are never pushed.
	DivergedRemoved []string `json:"diverged_removed,omitempty"`
}

// Reasons a scope branch is not pushed.
const (
	reasonMoved   = "not a fast-forward: the remote moved since this store last saw it; pull first"
	reasonUnknown = "not a fast-forward: the remote holds commits this store lacks; pull first"
)

// pushAttempts bounds the retries of a push whose metadata lease another
// replica's push overtook.
const pushAttempts = 4

// Push sends the scope branches, markers and keyring to a remote.
//
// A scope branch the remote holds is sent as a fast-forward when it is
// one; a branch rewritten by a forget here replaces the remote's only if
// the remote still holds what this store last saw there (a lease), else
// it is refused (named in Refused, with its reason) while every other ref
// is still sent, and Push returns gitstore.ErrRemoteMoved. The metadata refs are
// sets: each is sent as the union of this store's set and the remote's,
// a canonical commit (meta.go) that replaces the remote's under a lease on
// it, so two replicas never refuse each other over metadata; when
// another push overtakes the lease, Push reads the remote again and
// retries. The server's progress messages go to progress when it is not
// nil. The caller holds the store lock.
func Push(ctx context.Context, gtx *gitstore.Tx, name string, progress io.Writer) (*PushResult, error) {
	tx := wrapTx(gtx)
	s := tx.s
	u, err := s.remoteURL(name)
	if err != nil {
		return nil, err
	}
	if err := tx.Canonicalize(ctx); err != nil {
		return nil, err
	}
	pruned, err := PruneDiverged(ctx, tx.Tx, s.Now())
	if err != nil {
		return nil, err
	}
	for attempt := 1; ; attempt++ {
		res, err := tx.pushOnce(ctx, name, u, progress)
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
func (tx *txn) pushOnce(ctx context.Context, name, u string, progress io.Writer) (*PushResult, error) {
	s := tx.s
	r := git.NewRemote(s.Storage(), &config.RemoteConfig{Name: name, URLs: []string{u}})
	remote := map[string]gitstore.ID{}
	list, err := r.ListContext(ctx, &git.ListOptions{Auth: auth(u)})
	if err != nil && !errors.Is(err, transport.ErrEmptyRemoteRepository) {
		return nil, fmt.Errorf("list %s: %w", name, err)
	}
	for _, ref := range list {
		if ref.Type() == plumbing.HashReference {
			remote[ref.Name().String()] = gitstore.ID(ref.Hash())
		}
	}
	local, err := BundleRefs(ctx, s.Store, nil)
	if err != nil {
		return nil, err
	}
	seen := s.readSeen(name)
	res := &PushResult{Pushed: []string{}, Forced: []string{}, Metadata: []string{}, UpToDate: []string{}}
	var specs, leases []config.RefSpec
	after := copyRefs(remote)
	send := func(n string, v gitstore.ID, force bool, lease gitstore.ID) {
		spec := v.String() + ":" + n
		if force {
			spec = "+" + spec
		}
		specs = append(specs, config.RefSpec(spec))
		if !lease.IsZero() {
			leases = append(leases, config.RefSpec(lease.String()+":"+n))
		}
		after[n] = v
	}
	if err := tx.planMetadata(ctx, name, u, local, remote, res, send); err != nil {
		return nil, err
	}
	for _, n := range slices.Sorted(maps.Keys(local)) {
		if n == gitstore.MetaRef || n == gitstore.ErasuresRef {
			continue
		}
		lv, rv := local[n], remote[n]
		switch {
		case rv == lv:
			res.UpToDate = append(res.UpToDate, n)
			continue
		case rv.IsZero():
			res.Pushed = append(res.Pushed, n)
			send(n, lv, false, gitstore.ID{})
			continue
		}
		if s.HasCommit(rv) {
			anc, err := s.ancestors(ctx, lv)
			if err != nil {
				return nil, err
			}
			if anc[rv] {
				res.Pushed = append(res.Pushed, n)
				send(n, lv, false, rv)
				continue
			}
		}
		if seen[n] != rv {
			res.refuse(n, s.HasCommit(rv))
			continue
		}
		res.Forced = append(res.Forced, n)
		send(n, lv, true, rv)
	}
	if len(specs) > 0 {
		err = r.PushContext(ctx, &git.PushOptions{RefSpecs: specs, RequireRemoteRefs: leases, Auth: auth(u), Progress: progress})
		if err != nil && strings.Contains(err.Error(), "required to be") {
			return nil, fmt.Errorf("push %s: %w: %w", name, errLeaseLost, err)
		}
		if err != nil && !errors.Is(err, git.NoErrAlreadyUpToDate) {
			return nil, fmt.Errorf("push %s: %w", name, err)
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
		return res, fmt.Errorf("%s: %s: %w", name, strings.Join(parts, "; "), gitstore.ErrRemoteMoved)
	}
	return res, nil
}

// refuse records a scope branch push refused.
func (res *PushResult) refuse(n string, known bool) {
	if res.Reasons == nil {
		res.Reasons = map[string]string{}
	}
	res.Refused = append(res.Refused, n)
	res.Reasons[n] = reasonUnknown
	if known {
		res.Reasons[n] = reasonMoved
	}
}

// planMetadata decides the keyring and the marker set: each is sent as
// the union of this store's and the remote's, unless the remote's
// already holds this store's.
func (tx *txn) planMetadata(ctx context.Context, name, u string, local, remote map[string]gitstore.ID, res *PushResult,
	send func(n string, v gitstore.ID, force bool, lease gitstore.ID)) error {
	s := tx.s
	var missing []string
	for _, n := range []string{gitstore.MetaRef, gitstore.ErasuresRef} {
		if rv := remote[n]; !rv.IsZero() && local[n] != rv && !s.HasCommit(rv) {
			missing = append(missing, n)
		}
	}
	if len(missing) > 0 {
		if err := s.fetchMetadata(ctx, name, u, missing); err != nil {
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
			return fmt.Errorf("%s on %s: %w", n, name, err)
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
		lk, err := s.KeyringAt(ctx, lv)
		if err != nil {
			return gitstore.ID{}, false, err
		}
		rk, err := s.KeyringAt(ctx, rv)
		if err != nil {
			return gitstore.ID{}, false, err
		}
		union, err := unionKeys(lk, rk)
		if err != nil {
			return gitstore.ID{}, false, err
		}
		if subsetKeys(lk, rk) {
			// The remote's holds ours: keep its commit as it is.
			return rv, !subsetKeys(rk, lk), nil
		}
		c, err := s.KeyringCommit(union)
		return c, !subsetKeys(rk, lk), err
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

// fetchMetadata brings a remote's metadata refs (the keyring and the
// marker set, nothing else) through a quarantine, checked as an import
// checks them, and keeps their objects (no ref moves).
func (s *store) fetchMetadata(ctx context.Context, name, u string, refs []string) error {
	q, err := s.newQuarantine()
	if err != nil {
		return err
	}
	defer q.remove()
	var specs []config.RefSpec
	for _, n := range refs {
		specs = append(specs, config.RefSpec("+"+n+":"+n))
	}
	r := git.NewRemote(q.s.incoming(), &config.RemoteConfig{Name: name, URLs: []string{u}})
	err = r.FetchContext(ctx, &git.FetchOptions{RefSpecs: specs, Auth: auth(u), Tags: git.NoTags})
	if err != nil && !errors.Is(err, git.NoErrAlreadyUpToDate) {
		return fmt.Errorf("fetch metadata of %s: %w", name, err)
	}
	q.s.Lock()
	got, err := q.s.RefsLocked()
	q.s.Unlock()
	if err != nil {
		return err
	}
	got = metadataRefs(got)
	if _, _, err := q.incomingMarkers(ctx, got); err != nil {
		return err
	}
	_, err = s.copyObjects(ctx, q.s, got)
	return err
}

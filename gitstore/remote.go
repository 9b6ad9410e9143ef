package gitstore

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
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
func (s *Store) Remotes() ([]Remote, error) {
	s.mu.Lock()
	cfg, err := s.st.Config()
	s.mu.Unlock()
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
func (s *Store) AddRemote(name, rawURL string, opts RemoteOptions) error {
	if !validRemoteName(name) {
		return fmt.Errorf("remote name %q: use lowercase letters, digits, - and _", name)
	}
	if _, err := transport.NewEndpoint(rawURL); err != nil {
		return fmt.Errorf("remote url: %w", err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	cfg, err := s.st.Config()
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
	if err := s.st.SetConfig(cfg); err != nil {
		return err
	}
	if !opts.TrustErasures {
		return nil
	}
	// Read back, the remote's section is the one go-git keeps and writes
	// again with the option added.
	if cfg, err = s.st.Config(); err != nil {
		return fmt.Errorf("read config: %w", err)
	}
	cfg.Raw.Section("remote").Subsection(name).SetOption(trustOption, "true")
	return s.st.SetConfig(cfg)
}

// RemoveRemote deletes a remote's configuration and what memfs remembers
// of it.
func (s *Store) RemoveRemote(name string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	cfg, err := s.st.Config()
	if err != nil {
		return fmt.Errorf("read config: %w", err)
	}
	if _, ok := cfg.Remotes[name]; !ok {
		return fmt.Errorf("%s: %w", name, ErrNoRemote)
	}
	delete(cfg.Remotes, name)
	if err := s.st.SetConfig(cfg); err != nil {
		return err
	}
	os.Remove(s.seenPath(name))
	return nil
}

// Remote returns the remote called name.
func (s *Store) Remote(name string) (Remote, error) {
	rs, err := s.Remotes()
	if err != nil {
		return Remote{}, err
	}
	for _, r := range rs {
		if r.Name == name {
			return r, nil
		}
	}
	return Remote{}, fmt.Errorf("%s: %w", name, ErrNoRemote)
}

func (s *Store) remoteURL(name string) (string, error) {
	r, err := s.Remote(name)
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
func (s *Store) RemoteFetcher(name string, progress io.Writer) (Fetcher, error) {
	u, err := s.remoteURL(name)
	if err != nil {
		return nil, err
	}
	return func(ctx context.Context, q *Store) (map[string]ID, error) {
		r := git.NewRemote(q.incoming(), &config.RemoteConfig{Name: name, URLs: []string{u}})
		err := r.FetchContext(ctx, &git.FetchOptions{RefSpecs: syncRefSpecs, Auth: auth(u), Tags: git.NoTags, Progress: progress})
		if errors.Is(err, ErrInvalidBundle) {
			return nil, fmt.Errorf("fetch %s: %w", name, err)
		}
		if err != nil && !errors.Is(err, git.NoErrAlreadyUpToDate) && !errors.Is(err, transport.ErrEmptyRemoteRepository) {
			return nil, fmt.Errorf("fetch %s: %w", name, err)
		}
		q.mu.Lock()
		refs, err := q.refsLocked()
		q.mu.Unlock()
		if err != nil {
			return nil, err
		}
		if err := s.writeSeen(name, refs); err != nil {
			return nil, err
		}
		return refs, nil
	}, nil
}

func (s *Store) seenPath(name string) string {
	return filepath.Join(s.opts.Path, "memfs-remotes", name+".json")
}

func (s *Store) readSeen(name string) map[string]ID {
	out := map[string]ID{}
	b, err := os.ReadFile(s.seenPath(name))
	if err != nil {
		return out
	}
	var m map[string]string
	if json.Unmarshal(b, &m) != nil {
		return out
	}
	for k, v := range m {
		if id, ok := ParseID(v); ok {
			out[k] = id
		}
	}
	return out
}

// writeSeen records what the remote's refs were.
func (s *Store) writeSeen(name string, refs map[string]ID) error {
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
	// Pushed lists refs sent as fast-forwards or new refs; Forced those
	// replaced (after a local forget or a merge of markers), each under a
	// lease on what this store last saw.
	Pushed   []string `json:"pushed"`
	Forced   []string `json:"forced"`
	UpToDate []string `json:"up_to_date"`
	Refused  []string `json:"refused,omitempty"`
}

// Push sends the scope branches, markers and meta to a remote. A ref the
// remote holds is sent as a fast-forward when possible; otherwise it is
// replaced only if the remote still holds what this store last saw there
// (a lease), else ErrRemoteMoved. The server's progress messages go to
// progress when it is not nil. The caller holds the store lock.
func (tx *Tx) Push(ctx context.Context, name string, progress io.Writer) (*PushResult, error) {
	s := tx.s
	u, err := s.remoteURL(name)
	if err != nil {
		return nil, err
	}
	r := git.NewRemote(s.st, &config.RemoteConfig{Name: name, URLs: []string{u}})
	remote := map[string]ID{}
	list, err := r.ListContext(ctx, &git.ListOptions{Auth: auth(u)})
	if err != nil && !errors.Is(err, transport.ErrEmptyRemoteRepository) {
		return nil, fmt.Errorf("list %s: %w", name, err)
	}
	for _, ref := range list {
		if ref.Type() == plumbing.HashReference {
			remote[ref.Name().String()] = ref.Hash()
		}
	}
	local, err := s.BundleRefs(ctx, nil)
	if err != nil {
		return nil, err
	}
	seen := s.readSeen(name)
	res := &PushResult{Pushed: []string{}, Forced: []string{}, UpToDate: []string{}}
	var specs, leases []config.RefSpec
	names := make([]string, 0, len(local))
	for n := range local {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		lv, rv := local[n], remote[n]
		switch {
		case rv == lv:
			res.UpToDate = append(res.UpToDate, n)
			continue
		case rv.IsZero():
			res.Pushed = append(res.Pushed, n)
			specs = append(specs, config.RefSpec(lv.String()+":"+n))
			continue
		}
		if s.HasCommit(rv) {
			anc, err := s.ancestors(ctx, lv)
			if err != nil {
				return nil, err
			}
			if anc[rv] {
				res.Pushed = append(res.Pushed, n)
				specs = append(specs, config.RefSpec(lv.String()+":"+n))
				leases = append(leases, config.RefSpec(rv.String()+":"+n))
				continue
			}
		}
		if seen[n] != rv {
			res.Refused = append(res.Refused, n)
			continue
		}
		res.Forced = append(res.Forced, n)
		specs = append(specs, config.RefSpec("+"+lv.String()+":"+n))
		leases = append(leases, config.RefSpec(rv.String()+":"+n))
	}
	if len(res.Refused) > 0 {
		return res, fmt.Errorf("%s: %s: %w", name, strings.Join(res.Refused, ", "), ErrRemoteMoved)
	}
	if len(specs) == 0 {
		return res, nil
	}
	err = r.PushContext(ctx, &git.PushOptions{RefSpecs: specs, RequireRemoteRefs: leases, Auth: auth(u), Progress: progress})
	if err != nil && !errors.Is(err, git.NoErrAlreadyUpToDate) {
		return nil, fmt.Errorf("push %s: %w", name, err)
	}
	return res, s.writeSeen(name, local)
}

package replica

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/gitstore/internal/objfile"
)

// Transport. memfs reaches a remote through the git binary, run with the
// user's environment, so that whatever makes `git fetch URL` work on this
// machine makes a pull work: ~/.ssh/config (User, IdentityFile, Port,
// ProxyJump, known-hosts policy), keys with or without an agent,
// credential helpers, url.<base>.insteadOf, http.sslCAInfo, proxies.
//
// Nothing ever prompts: stdin is closed, the child has no controlling
// terminal (its own session), GIT_TERMINAL_PROMPT=0, and ssh runs with
// BatchMode=yes unless the user chose the ssh command themselves
// (GIT_SSH_COMMAND, GIT_SSH or core.sshCommand). A cancelled context
// kills git and everything it started (ssh, remote helpers, index-pack).
//
// Incoming objects land in the quarantine as packs (unpackLimit=1), each
// checked by objfile.CheckPack (declared sizes within the limits, inflated
// no further than declared) before anything of memfs reads an object;
// checkIncoming then checks the history as it checks a bundle's.

// gitTimeoutGrace is how long a killed git may take to let go of its
// output pipes.
const gitTimeoutGrace = 5 * time.Second

// stderrTail bounds what of git's stderr an error quotes.
const stderrTail = 4 << 10

// gitTransport runs git against one remote.
type gitTransport struct {
	name, url string
	// progress hears git's progress messages; nil: silent.
	progress io.Writer
	// blobLimit is the largest blob a fetch may bring.
	blobLimit int64
	env       []string
}

// newTransport prepares git's environment for the remote name at url;
// store is the repository whose config git reads for core.sshCommand.
func newTransport(ctx context.Context, store, name, url string, progress io.Writer, blobLimit int64) *gitTransport {
	return &gitTransport{name: name, url: url, progress: progress, blobLimit: blobLimit, env: gitEnv(ctx, store)}
}

// gitEnv is the user's environment for a git child, minus what would point
// git at another repository, plus what keeps it from prompting.
func gitEnv(ctx context.Context, store string) []string {
	var env []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		switch k {
		case "GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY", "GIT_ALTERNATE_OBJECT_DIRECTORIES",
			"GIT_NAMESPACE", "GIT_COMMON_DIR", "GIT_QUARANTINE_PATH", "GIT_PREFIX", "GIT_TERMINAL_PROMPT", "GCM_INTERACTIVE":
			continue
		}
		env = append(env, kv)
	}
	env = append(env, "GIT_TERMINAL_PROMPT=0", "GCM_INTERACTIVE=never")
	if os.Getenv("GIT_SSH_COMMAND") == "" && os.Getenv("GIT_SSH") == "" && !sshCommandConfigured(ctx, store, env) {
		env = append(env, "GIT_SSH_COMMAND=ssh -o BatchMode=yes")
	}
	return env
}

// sshCommandConfigured reports whether the user's git config names an ssh
// command (core.sshCommand), which memfs then leaves as it is.
func sshCommandConfigured(ctx context.Context, store string, env []string) bool {
	cmd := exec.CommandContext(ctx, "git", "--git-dir="+store, "config", "--get", "core.sshCommand")
	cmd.Env = env
	out, err := cmd.Output()
	return err == nil && strings.TrimSpace(string(out)) != ""
}

// baseConfig is what every git run of memfs sets: no hooks of the user's
// run in memfs's repositories, and MEMFS_REMOTE_USERNAME/PASSWORD, when
// set, answer git's credential requests before any helper (the values
// stay in the environment, never on a command line).
func baseConfig() []string {
	c := []string{"-c", "core.hooksPath=" + os.DevNull}
	if os.Getenv("MEMFS_REMOTE_USERNAME") != "" {
		c = append(c, "-c", "credential.helper=",
			"-c", `credential.helper=!f() { test "$1" = get && printf 'username=%s\npassword=%s\n' "$MEMFS_REMOTE_USERNAME" "$MEMFS_REMOTE_PASSWORD"; }; f`)
	}
	return c
}

// run runs git in the repository gitDir with args (options first; the URL
// and refspecs after --end-of-options), its stdout to stdout. op names the
// step in errors.
func (t *gitTransport) run(ctx context.Context, op, gitDir string, stdout io.Writer, args ...string) error {
	full := append([]string{"--git-dir=" + gitDir}, baseConfig()...)
	cmd := exec.CommandContext(ctx, "git", append(full, args...)...)
	cmd.Env = t.env
	cmd.Stdin = nil
	cmd.Stdout = stdout
	tail := &tailWriter{max: stderrTail}
	cmd.Stderr = tail
	if t.progress != nil {
		cmd.Stderr = io.MultiWriter(tail, t.progress)
	}
	// Its own session: no controlling terminal to prompt on, and one
	// process group to kill with everything git started.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = gitTimeoutGrace
	err := cmd.Run()
	if cerr := ctx.Err(); cerr != nil {
		return fmt.Errorf("%s %s: %w", op, t.name, cerr)
	}
	if err != nil {
		return t.failure(op, tail.String(), err)
	}
	return nil
}

// failure turns a failed git run into an error: authentication refused
// (gitstore.ErrRemoteAuth), else the remote unusable
// (gitstore.ErrRemoteFailed), with the last lines git printed, any
// credential removed.
func (t *gitTransport) failure(op, stderr string, err error) error {
	detail := lastLines(StripCredentials(stderr), 4)
	if detail == "" {
		detail = err.Error()
	}
	low := strings.ToLower(stderr)
	switch {
	case strings.Contains(low, "host key verification failed"):
		return fmt.Errorf("%s %s: %w: the server's ssh host key is not known here (connect once with ssh to check and accept it, or set StrictHostKeyChecking accept-new for that host in ~/.ssh/config): %s",
			op, t.name, gitstore.ErrRemoteAuth, detail)
	case authFailed(low):
		return fmt.Errorf("%s %s: %w: git found no credential the server accepts (ssh: a key in ~/.ssh or the agent; https: a credential helper, see git help credentials); memfs never prompts: %s",
			op, t.name, gitstore.ErrRemoteAuth, detail)
	}
	return fmt.Errorf("%s %s: %w: %s", op, t.name, gitstore.ErrRemoteFailed, detail)
}

// authMarkers are what git, ssh and common servers print when a
// credential is missing or refused.
var authMarkers = []string{
	"permission denied (publickey", "permission denied, please try again", "authentication failed",
	"could not read username", "could not read password", "terminal prompts disabled",
	"invalid username or password", "access denied", "returned error: 401", "returned error: 403",
	"http basic: access denied", "too many authentication failures",
}

func authFailed(low string) bool {
	for _, m := range authMarkers {
		if strings.Contains(low, m) {
			return true
		}
	}
	return false
}

// reUserinfo finds the user information of URLs in text.
var reUserinfo = regexp.MustCompile(`([A-Za-z][A-Za-z0-9+.-]*://)([^/@\s'"]*)@`)

// StripCredentials removes the password (or a token in the user name's
// place) from every URL in text: scheme://user:secret@host becomes
// scheme://user@host, scheme://token@host becomes scheme://***@host when
// the user name looks like a token. Text without URLs is returned as is.
func StripCredentials(text string) string {
	return reUserinfo.ReplaceAllStringFunc(text, func(m string) string {
		sub := reUserinfo.FindStringSubmatch(m)
		user, _, hasPass := strings.Cut(sub[2], ":")
		if hasPass || looksLikeToken(user) {
			if hasPass && !looksLikeToken(user) {
				return sub[1] + user + "@"
			}
			return sub[1] + "***@"
		}
		return m
	})
}

// tokenPrefixes start the access tokens of common hostings.
var tokenPrefixes = []string{"ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_", "glpat-", "gldt-", "glptt-", "x-token-auth"}

// looksLikeToken reports whether a URL's user name is a token rather than
// a login: a known token prefix, or 32 characters or more.
func looksLikeToken(user string) bool {
	for _, p := range tokenPrefixes {
		if strings.HasPrefix(user, p) {
			return true
		}
	}
	return len(user) >= 32
}

// lastLines returns the last n non-empty lines of s (progress redraws
// split at carriage returns), without terminal controls.
func lastLines(s string, n int) string {
	var lines []string
	for _, l := range strings.FieldsFunc(s, func(r rune) bool { return r == '\n' || r == '\r' }) {
		l = strings.Map(func(r rune) rune {
			if r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) {
				return -1
			}
			return r
		}, l)
		if l = strings.TrimSpace(l); l != "" {
			lines = append(lines, l)
		}
	}
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "; ")
}

// tailWriter keeps the last max bytes written to it.
type tailWriter struct {
	max int
	b   []byte
}

func (w *tailWriter) Write(p []byte) (int, error) {
	w.b = append(w.b, p...)
	if len(w.b) > w.max {
		w.b = w.b[len(w.b)-w.max:]
	}
	return len(p), nil
}

func (w *tailWriter) String() string { return string(w.b) }

// listRemote returns every ref the remote holds under the prefixes, by
// name (peeled tags and symbolic refs aside).
func (t *gitTransport) listRemote(ctx context.Context, gitDir string, prefixes ...string) (map[string]gitstore.ID, error) {
	var out bytes.Buffer
	args := []string{"ls-remote", "--refs", "--end-of-options", t.url}
	for _, p := range prefixes {
		args = append(args, p+"*")
	}
	if err := t.run(ctx, "list", gitDir, &out, args...); err != nil {
		return nil, err
	}
	refs := map[string]gitstore.ID{}
	sc := bufio.NewScanner(&out)
	for sc.Scan() {
		id, name, ok := strings.Cut(sc.Text(), "\t")
		h, okID := gitstore.ParseID(id)
		if !ok || !okID {
			continue
		}
		for _, p := range prefixes {
			if strings.HasPrefix(name, p) {
				refs[name] = h
				break
			}
		}
	}
	return refs, sc.Err()
}

// fetch brings the refspecs' objects into the quarantine q (its refs set
// as the refspecs say), each pack checked (checkPacks) before anything
// reads it.
func (t *gitTransport) fetch(ctx context.Context, q *quarantine, specs []string) error {
	if len(specs) == 0 {
		return nil
	}
	args := []string{
		// Keep what arrives as packs, so that each is checked whole, and
		// have git stream, not hold, any blob over the limit.
		"-c", "fetch.unpackLimit=1", "-c", "transfer.unpackLimit=1",
		"-c", "core.bigFileThreshold=" + strconv.FormatInt(max(t.blobLimit, 1<<20), 10),
		"-c", "fetch.writeCommitGraph=false", "-c", "gc.auto=0", "-c", "maintenance.auto=false",
		"-c", "fetch.prune=false", "-c", "fetch.recurseSubmodules=false",
		"fetch", "--no-tags", "--no-write-fetch-head", "--no-auto-gc", "--quiet",
	}
	if t.progress != nil {
		args = append(args, "--progress")
	}
	args = append(args, "--end-of-options", t.url)
	args = append(args, specs...)
	if err := t.run(ctx, "pull", q.dir, io.Discard, args...); err != nil {
		return err
	}
	return q.checkPacks()
}

// checkPacks checks every pack git wrote into the quarantine with
// objfile.CheckPack, then has go-git index them.
func (q *quarantine) checkPacks() error {
	packs, err := filepath.Glob(filepath.Join(q.dir, "objects", "pack", "*.pack"))
	if err != nil {
		return err
	}
	limits := q.s.packLimits()
	for _, p := range packs {
		if err := checkPackFile(p, limits); err != nil {
			return err
		}
	}
	q.s.Lock()
	q.s.Storage().Reindex()
	q.s.Unlock()
	return nil
}

func checkPackFile(path string, limits objfile.PackLimits) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return err
	}
	if _, err := objfile.CheckPack(f, st.Size(), limits); err != nil {
		var tl *objfile.TooLargeError
		if errors.As(err, &tl) {
			return fmt.Errorf("%w: %w: %w", gitstore.ErrInvalidBundle, gitstore.ErrTooLarge, err)
		}
		return fmt.Errorf("%w: pack: %w", gitstore.ErrInvalidBundle, err)
	}
	return nil
}

// pushRef is one ref a push sends: the local commit, the remote ref, and
// the lease (what the remote ref must hold for the push to take effect;
// zero: it must not exist).
type pushRef struct {
	id     gitstore.ID
	remote string
	force  bool
	lease  gitstore.ID
}

// pushOutcome is what git push said of one ref.
type pushOutcome struct {
	ok     bool
	reason string
}

// push sends refs from the store at gitDir, each under its lease, and
// returns git's verdict on each remote ref. A ref git rejected is not an
// error here: the caller reads the outcomes.
func (t *gitTransport) push(ctx context.Context, gitDir string, refs []pushRef) (map[string]pushOutcome, error) {
	args := []string{
		"-c", "push.gpgSign=false", "-c", "push.followTags=false", "-c", "push.recurseSubmodules=no",
		"push", "--porcelain", "--no-verify", "--quiet",
	}
	if t.progress != nil {
		args = append(args, "--progress")
	}
	for _, r := range refs {
		lease := ""
		if !r.lease.IsZero() {
			lease = r.lease.String()
		}
		args = append(args, "--force-with-lease="+r.remote+":"+lease)
	}
	args = append(args, "--end-of-options", t.url)
	for _, r := range refs {
		spec := r.id.String() + ":" + r.remote
		if r.force {
			spec = "+" + spec
		}
		args = append(args, spec)
	}
	var out bytes.Buffer
	err := t.run(ctx, "push", gitDir, &out, args...)
	res := parsePorcelain(out.String())
	if err != nil && len(res) == 0 {
		return nil, err
	}
	return res, nil
}

// parsePorcelain reads git push --porcelain: "<flag>\t<from>:<to>\t<summary>".
func parsePorcelain(out string) map[string]pushOutcome {
	res := map[string]pushOutcome{}
	for _, l := range strings.Split(out, "\n") {
		parts := strings.SplitN(l, "\t", 3)
		if len(parts) < 2 || len(parts[0]) != 1 {
			continue
		}
		_, to, ok := strings.Cut(parts[1], ":")
		if !ok {
			continue
		}
		summary := ""
		if len(parts) == 3 {
			summary = parts[2]
		}
		res[to] = pushOutcome{ok: parts[0] != "!", reason: summary}
	}
	return res
}

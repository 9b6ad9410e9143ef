package main

import (
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/cgi"
	"net/http/httptest"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/memfs/memfs/internal/storetest"
)

// The transport tests run memfs against real servers on 127.0.0.1, with
// a fresh HOME set up the way people set up git and ssh, after checking
// each setup with stock git.

// freshHome points HOME (and git's global config) at a new folder and
// returns it; no agent, no system config.
func freshHome(t *testing.T) string {
	t.Helper()
	h := t.TempDir()
	t.Setenv("HOME", h)
	t.Setenv("GIT_CONFIG_GLOBAL", filepath.Join(h, ".gitconfig"))
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	t.Setenv("SSH_AUTH_SOCK", "")
	os.Unsetenv("SSH_AUTH_SOCK")
	for _, k := range []string{"GIT_SSH_COMMAND", "GIT_SSH", "GIT_SSL_CAINFO", "GIT_SSL_CAPATH", "GIT_SSL_NO_VERIFY", "MEMFS_REMOTE_USERNAME", "MEMFS_REMOTE_PASSWORD", "GIT_ASKPASS", "SSH_ASKPASS"} {
		t.Setenv(k, "")
		os.Unsetenv(k)
	}
	return h
}

// failCode runs a memfs command expected to fail and returns its JSON
// error code; the command must not take a prompt's time.
func (c *cli) failCode(args ...string) (string, string) {
	c.t.Helper()
	code, out, errs := c.run(append([]string{"--json"}, args...)...)
	var doc struct {
		Error struct{ Code, Message string }
	}
	if code == 0 || json.Unmarshal([]byte(out), &doc) != nil {
		c.t.Fatalf("memfs %v: exit %d, want a failure\n%s%s", args, code, out, errs)
	}
	return doc.Error.Code, out + errs
}

// Ensure that push and pull run over ssh as the user's git does: a key in
// ~/.ssh with no agent, User, Port, HostName and IdentityFile from the ssh
// config, an ssh://host/~/repo.git URL, a first contact accepted by
// StrictHostKeyChecking accept-new; and that a key the server refuses
// fails at once with remote_auth_failed rather than prompting.
func TestSyncThroughSSH(t *testing.T) {
	sshd := findSSHD(t)
	home := freshHome(t)
	sshDir := filepath.Join(home, ".ssh")
	os.MkdirAll(sshDir, 0o700)
	keygen(t, filepath.Join(sshDir, "id_ed25519"))
	keygen(t, filepath.Join(sshDir, "stranger"))
	srv := startSSHD(t, sshd, filepath.Join(sshDir, "id_ed25519.pub"))
	useSSHConfig(t, home, fmt.Sprintf(`Host memory-host
  HostName 127.0.0.1
  Port %d
  User %s
  IdentityFile %s/id_ed25519
  IdentitiesOnly yes
  StrictHostKeyChecking accept-new
  UserKnownHostsFile %s/known_hosts
Host stranger-host
  HostName 127.0.0.1
  Port %d
  User %s
  IdentityFile %s/stranger
  IdentitiesOnly yes
  StrictHostKeyChecking accept-new
  UserKnownHostsFile %s/known_hosts
`, srv.port, srv.user, sshDir, sshDir, srv.port, srv.user, sshDir, sshDir))

	url := "ssh://memory-host/~/memory.git"
	// Stock git first, then forget the host so memfs makes first contact.
	srv.stockGit(t, url)
	os.Remove(filepath.Join(sshDir, "known_hosts"))
	srv.pushPull(t, url)

	c := newCLI(t)
	c.mustRun("remote", "add", "origin", "ssh://stranger-host/~/memory.git")
	if code, out := c.failCode("pull"); code != "remote_auth_failed" || !strings.Contains(out, "credential") {
		t.Errorf("pull with a key the server refuses: %s\n%s", code, out)
	}
}

// Ensure that push and pull run over ssh with the key held only by an
// ssh-agent (SSH_AUTH_SOCK): no key file and no IdentityFile, so without
// the agent the server refuses.
func TestSyncThroughSSHAgent(t *testing.T) {
	sshd := findSSHD(t)
	agent, err := exec.LookPath("ssh-agent")
	if err != nil {
		if os.Getenv("MEMFS_REQUIRE_SSHD") == "1" {
			t.Fatal("ssh-agent not found and MEMFS_REQUIRE_SSHD=1 (install openssh-client)")
		}
		t.Skip("ssh-agent not found: install openssh-client to run the ssh agent test")
	}
	home := freshHome(t)
	sshDir := filepath.Join(home, ".ssh")
	os.MkdirAll(sshDir, 0o700)
	key := filepath.Join(sshDir, "id_ed25519")
	keygen(t, key)
	srv := startSSHD(t, sshd, key+".pub")

	sock := filepath.Join(t.TempDir(), "agent.sock")
	a := exec.Command(agent, "-D", "-a", sock)
	a.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := a.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		syscall.Kill(-a.Process.Pid, syscall.SIGKILL)
		a.Wait()
	})
	t.Setenv("SSH_AUTH_SOCK", sock)
	// ssh-add -l exits 1 for an empty agent, 2 when it cannot reach one.
	storetest.Eventually(t, "ssh-agent listening", func() bool {
		err := exec.Command("ssh-add", "-l").Run()
		var exit *exec.ExitError
		return err == nil || errors.As(err, &exit) && exit.ExitCode() == 1
	})
	if out, err := exec.Command("ssh-add", key).CombinedOutput(); err != nil {
		t.Fatalf("ssh-add: %v\n%s", err, out)
	}
	// Only the agent holds the key now.
	os.Remove(key)
	os.Remove(key + ".pub")
	useSSHConfig(t, home, fmt.Sprintf(`Host memory-host
  HostName 127.0.0.1
  Port %d
  User %s
  StrictHostKeyChecking accept-new
  UserKnownHostsFile %s/known_hosts
`, srv.port, srv.user, sshDir))

	url := "ssh://memory-host/~/memory.git"
	// Without the agent stock git is refused: the test runs through it.
	noAgent := exec.Command("git", "ls-remote", url)
	noAgent.Env = append(os.Environ(), "SSH_AUTH_SOCK=", "GIT_SSH_COMMAND=ssh -o BatchMode=yes")
	if out, err := noAgent.CombinedOutput(); err == nil {
		t.Fatalf("stock git over ssh authenticated without the agent:\n%s", out)
	}
	srv.stockGit(t, url)
	os.Remove(filepath.Join(sshDir, "known_hosts"))
	srv.pushPull(t, url)
}

// sshServer is an sshd on 127.0.0.1 whose key-only login serves the bare
// repository memory.git in its home folder.
type sshServer struct {
	dir  string // the server side's HOME, holding memory.git
	port int
	user string // the local user, whom the server lets in
	log  *strings.Builder
}

// startSSHD starts sshd with its own config and host key, letting in the
// public key at authorized; it is killed in t.Cleanup.
func startSSHD(t *testing.T, sshd, authorized string) *sshServer {
	t.Helper()
	srv := t.TempDir()
	// The server side's "~" (git expands it from HOME, which sshd sets).
	gitOut(t, "init", "-q", "--bare", filepath.Join(srv, "memory.git"))
	keygen(t, filepath.Join(srv, "host_key"))
	pub, err := os.ReadFile(authorized)
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(srv, "authorized_keys"), pub, 0o600)
	port := freePort(t)
	me, err := user.Current()
	if err != nil {
		t.Fatal(err)
	}
	conf := fmt.Sprintf(`Port %d
ListenAddress 127.0.0.1
HostKey %s/host_key
AuthorizedKeysFile %s/authorized_keys
PasswordAuthentication no
KbdInteractiveAuthentication no
PubkeyAuthentication yes
PermitRootLogin prohibit-password
StrictModes no
UsePAM no
PidFile none
SetEnv HOME=%s
`, port, srv, srv, srv)
	os.WriteFile(filepath.Join(srv, "sshd_config"), []byte(conf), 0o600)
	if os.Getuid() == 0 {
		os.MkdirAll("/run/sshd", 0o755) // sshd's privilege separation folder
	}
	d := exec.Command(sshd, "-D", "-e", "-f", filepath.Join(srv, "sshd_config"))
	log := &strings.Builder{}
	d.Stderr = log
	d.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := d.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		syscall.Kill(-d.Process.Pid, syscall.SIGKILL)
		d.Wait()
		if t.Failed() {
			t.Logf("sshd log:\n%s", log.String())
		}
	})
	storetest.Eventually(t, "sshd listening", func() bool {
		c, err := net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", port))
		if err == nil {
			c.Close()
		}
		return err == nil
	})
	return &sshServer{dir: srv, port: port, user: me.Username, log: log}
}

// useSSHConfig writes config as home's ~/.ssh/config and puts first on
// PATH an ssh that reads it.
func useSSHConfig(t *testing.T, home, config string) {
	t.Helper()
	os.WriteFile(filepath.Join(home, ".ssh", "config"), []byte(config), 0o600)
	// OpenSSH reads ~/.ssh/config from the passwd entry's home, not from
	// HOME; this stand-in for ssh makes it read the fresh HOME's, as it
	// would on a machine set up that way. memfs still runs "ssh".
	realSSH, err := exec.LookPath("ssh")
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(home, "bin")
	os.MkdirAll(bin, 0o755)
	os.WriteFile(filepath.Join(bin, "ssh"), fmt.Appendf(nil, "#!/bin/sh\nexec %s -F \"$HOME/.ssh/config\" \"$@\"\n", realSSH), 0o755)
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
}

// stockGit checks that git itself reaches url.
func (s *sshServer) stockGit(t *testing.T, url string) {
	t.Helper()
	if out, err := exec.Command("git", "ls-remote", url).CombinedOutput(); err != nil {
		t.Fatalf("stock git over ssh: %v\n%s\n%s", err, out, s.log.String())
	}
}

// pushPull publishes on one memfs home, pushes it to url and pulls it
// into another, and checks both hold the same tree and the server the
// namespaced scope ref.
func (s *sshServer) pushPull(t *testing.T, url string) {
	t.Helper()
	a, b := newCLI(t), newCLI(t)
	a.mustRun("remote", "add", "origin", url)
	b.mustRun("remote", "add", "origin", url)
	a.publishFiles(phoneArtifact(), "first")
	a.mustRun("push")
	b.mustRun("pull")
	if gitOut(t, "-C", a.repo(), "rev-parse", "default^{tree}") != gitOut(t, "-C", b.repo(), "rev-parse", "default^{tree}") {
		t.Error("trees differ after push and pull over ssh")
	}
	if refs := gitOut(t, "-C", filepath.Join(s.dir, "memory.git"), "for-each-ref", "--format=%(refname)"); !strings.Contains(refs, "refs/memfs/scopes/default") {
		t.Errorf("server refs:\n%s", refs)
	}
}

// findSSHD returns sshd's path, or skips (fails with MEMFS_REQUIRE_SSHD=1,
// as CI sets it).
func findSSHD(t *testing.T) string {
	t.Helper()
	for _, p := range []string{"sshd", "/usr/sbin/sshd", "/usr/local/sbin/sshd"} {
		if path, err := exec.LookPath(p); err == nil {
			return path
		}
	}
	if os.Getenv("MEMFS_REQUIRE_SSHD") == "1" {
		t.Fatal("sshd not found and MEMFS_REQUIRE_SSHD=1 (install openssh-server)")
	}
	t.Skip("sshd not found: install openssh-server to run the ssh transport test")
	return ""
}

func keygen(t *testing.T, path string) {
	t.Helper()
	if out, err := exec.Command("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "memfs-test", "-f", path).CombinedOutput(); err != nil {
		t.Fatalf("ssh-keygen: %v\n%s", err, out)
	}
}

func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// Ensure that push and pull run over git's smart HTTP behind TLS and
// basic authentication as the user's git does: the server's CA from
// http.sslCAInfo, the credential from the helper in ~/.gitconfig, the URL
// through url.<base>.insteadOf; that the password is nowhere memfs writes
// or prints; and that a refused credential fails at once with
// remote_auth_failed.
func TestSyncThroughSmartHTTP(t *testing.T) {
	home := freshHome(t)
	backend := filepath.Join(strings.TrimSpace(gitOut(t, "--exec-path")), "git-http-backend")
	base := t.TempDir()
	repo := filepath.Join(base, "memory.git")
	gitOut(t, "init", "-q", "--bare", repo)
	gitOut(t, "-C", repo, "config", "http.receivepack", "true")
	const password = "s3cret-Pa55"
	cgiHandler := &cgi.Handler{Path: backend, Env: []string{"GIT_PROJECT_ROOT=" + base, "GIT_HTTP_EXPORT_ALL=1"}}
	var authed atomic.Int64
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if u, p, ok := r.BasicAuth(); !ok || u != "alice" || p != password {
			w.Header().Set("WWW-Authenticate", `Basic realm="memory"`)
			http.Error(w, "authentication required", http.StatusUnauthorized)
			return
		}
		authed.Add(1)
		cgiHandler.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	ca := filepath.Join(home, "ca.pem")
	os.WriteFile(ca, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: srv.Certificate().Raw}), 0o600)
	creds := filepath.Join(home, ".git-credentials")
	os.WriteFile(creds, []byte(strings.Replace(srv.URL, "https://", "https://alice:"+password+"@", 1)+"\n"), 0o600)
	os.WriteFile(filepath.Join(home, ".gitconfig"), fmt.Appendf(nil, `[http]
	sslCAInfo = %s
[credential]
	helper = store --file %s
[url "%s/"]
	insteadOf = team:
`, ca, creds, srv.URL), 0o600)

	url := "team:memory.git"
	if out, err := exec.Command("git", "ls-remote", url).CombinedOutput(); err != nil {
		t.Fatalf("stock git over https: %v\n%s", err, out)
	}
	a, b := newCLI(t), newCLI(t)
	a.mustRun("remote", "add", "origin", url)
	b.mustRun("remote", "add", "origin", url)
	a.publishFiles(phoneArtifact(), "first")
	var printed strings.Builder
	printed.WriteString(a.mustRun("push"))
	printed.WriteString(b.mustRun("pull"))
	printed.WriteString(b.mustRun("remote", "list"))
	if gitOut(t, "-C", a.repo(), "rev-parse", "default^{tree}") != gitOut(t, "-C", b.repo(), "rev-parse", "default^{tree}") {
		t.Error("trees differ after push and pull over https")
	}
	if authed.Load() == 0 {
		t.Error("no request carried the helper's credential")
	}
	if strings.Contains(printed.String(), password) {
		t.Errorf("memfs printed the password:\n%s", printed.String())
	}
	for _, x := range []*cli{a, b} {
		filepath.WalkDir(x.home, func(p string, d os.DirEntry, err error) error {
			if err == nil && d.Type().IsRegular() {
				if b, _ := os.ReadFile(p); strings.Contains(string(b), password) {
					t.Errorf("%s holds the password", p)
				}
			}
			return nil
		})
	}

	// A credential the server refuses: a clear code, no prompt.
	os.WriteFile(creds, []byte(strings.Replace(srv.URL, "https://", "https://alice:wrong@", 1)+"\n"), 0o600)
	start := time.Now()
	if code, out := b.failCode("pull"); code != "remote_auth_failed" || strings.Contains(out, "wrong") {
		t.Errorf("pull with a refused credential: %s\n%s", code, out)
	}
	t.Logf("refused pull took %v", time.Since(start))
}

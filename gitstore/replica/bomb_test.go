package replica

import (
	"bytes"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/internal/errcode"
	"github.com/memfs/memfs/internal/gittest"
	"github.com/memfs/memfs/validate"
)

// gitIn runs stock git in dir with stdin, returning its trimmed output.
func gitIn(t *testing.T, dir, stdin string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-C", dir}, args...)...)
	cmd.Stdin = strings.NewReader(stdin)
	cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=x", "GIT_AUTHOR_EMAIL=x@x", "GIT_COMMITTER_NAME=x", "GIT_COMMITTER_EMAIL=x@x")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return strings.TrimSpace(string(out))
}

// zeroBlob stores an all-zero blob of size bytes in repo with stock git,
// streamed from a sparse file (git streams blobs over its big-file
// threshold), and returns its id.
func zeroBlob(t *testing.T, repo string, size int64) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "zeros")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(size); err != nil {
		t.Fatal(err)
	}
	f.Close()
	return gitIn(t, repo, "", "-c", "core.bigFileThreshold=1m", "hash-object", "-w", p)
}

// bundleOfTree commits a tree holding entries ("<mode> <type> <id>\t<name>"
// lines) under ref and writes a bundle of ref.
func bundleOfTree(t *testing.T, repo, ref string, entries ...string) string {
	t.Helper()
	tree := gitIn(t, repo, strings.Join(entries, "\n")+"\n", "mktree")
	commit := gitIn(t, repo, "", "commit-tree", tree, "-m", "bomb")
	gitIn(t, repo, "", "update-ref", ref, commit)
	out := filepath.Join(t.TempDir(), "bomb.bundle")
	gitIn(t, repo, "", "-c", "core.bigFileThreshold=1m", "bundle", "create", "-q", out, ref)
	return out
}

// Ensure that a bundle holding a blob that inflates far beyond the limits
// is refused before it is inflated: the import allocates a small fraction
// of the blob's size, whatever the blob's size.
func TestImportBombRefusedBeforeInflating(t *testing.T) {
	repo := filepath.Join(t.TempDir(), "bomb.git")
	gitIn(t, "", "", "init", "-q", "--bare", repo)
	const size = 256 << 20
	blob := zeroBlob(t, repo, size)
	bundle := bundleOfTree(t, repo, "refs/heads/default", "100644 blob "+blob+"\tsummary.md")
	if st, _ := os.Stat(bundle); st.Size() > 2<<20 {
		t.Fatalf("setup: the bomb bundle is %d bytes", st.Size())
	}

	// A pull takes the scope from memfs's own refs on the remote.
	gitIn(t, repo, "", "update-ref", RemoteScopePrefix+"default", "refs/heads/default")
	url := gitDaemon(t, filepath.Dir(repo))
	for name, fetch := range map[string]func(s *gitstore.Store) Fetcher{
		"bundle": func(*gitstore.Store) Fetcher {
			f, err := os.Open(bundle)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { f.Close() })
			return BundleFetcher(f)
		},
		"pull": func(s *gitstore.Store) Fetcher {
			if err := AddRemote(s, "origin", url+"/"+filepath.Base(repo), RemoteOptions{}); err != nil {
				t.Fatal(err)
			}
			f, err := RemoteFetcher(s, "origin", nil)
			if err != nil {
				t.Fatal(err)
			}
			return f
		},
	} {
		t.Run(name, func(t *testing.T) {
			s := newTestStore(t, validate.DefaultLimits())
			fetch := fetch(s)
			runtime.GC()
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			err := s.Exclusive(t.Context(), func(tx *gitstore.Tx) error {
				_, err := Import(t.Context(), tx, fetch, ImportOptions{})
				return err
			})
			runtime.ReadMemStats(&after)
			t.Logf("%s: %v (%d KiB allocated)", name, err, (after.TotalAlloc-before.TotalAlloc)>>10)
			if !errors.Is(err, gitstore.ErrInvalidBundle) || !errors.Is(err, gitstore.ErrTooLarge) || errcode.Of(err) != "invalid_bundle" || !strings.Contains(err.Error(), "file_too_large") {
				t.Fatalf("bomb import: %v", err)
			}
			// Everything the import allocated, added up, stays far below
			// the blob.
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 32<<20 {
				t.Errorf("the refused import allocated %d MiB for a %d MiB blob", alloc>>20, size>>20)
			}
			if refs := gittest.Git(t, s.Path(), "for-each-ref", "refs/heads"); refs != "" {
				t.Errorf("a refused import left refs:\n%s", refs)
			}
		})
	}
}

// gitDaemon serves the repositories under base with stock git on
// 127.0.0.1 and returns its git:// url; services are extra daemon flags
// (--enable=receive-pack to accept pushes too).
func gitDaemon(t *testing.T, base string, services ...string) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	args := append([]string{"daemon", "--reuseaddr", "--export-all"}, services...)
	args = append(args, "--base-path="+base, "--listen=127.0.0.1", fmt.Sprintf("--port=%d", port), base)
	daemon := exec.Command("git", args...)
	// Its own process group: git runs git-daemon as a child, which a
	// kill of git alone would leave serving after the test.
	daemon.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := daemon.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { syscall.Kill(-daemon.Process.Pid, syscall.SIGKILL); daemon.Wait() })
	// Wait until it listens (storetest.Eventually cannot be imported
	// here: it imports gitstore).
	deadline := time.Now().Add(10 * time.Second)
	tick := time.NewTicker(2 * time.Millisecond)
	defer tick.Stop()
	for {
		conn, err := net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", port))
		if err == nil {
			conn.Close()
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("git daemon not listening: %v", err)
		}
		<-tick.C
	}
	return fmt.Sprintf("git://127.0.0.1:%d", port)
}

// Ensure that the blobs of refs/memfs/meta are held to their own small
// limit, below the limit of the pack as a whole.
func TestImportOversizedMetaRefused(t *testing.T) {
	repo := t.TempDir()
	gitIn(t, repo, "", "init", "-q", "--bare")
	key := gitIn(t, repo, strings.Repeat(hex.EncodeToString(bytes.Repeat([]byte{7}, 32)), 4096)+"\n", "hash-object", "-w", "--stdin")
	keys := gitIn(t, repo, "100644 blob "+key+"\tf0f0f0f0f0f0f0f0\n", "mktree")
	meta := gitIn(t, repo, `{"version":1,"store_id":"x","key_id":"f0f0f0f0f0f0f0f0"}`+"\n", "hash-object", "-w", "--stdin")
	bundle := bundleOfTree(t, repo, gitstore.MetaRef, "040000 tree "+keys+"\tkeys", "100644 blob "+meta+"\tmeta.json")

	s := newTestStore(t, validate.DefaultLimits())
	_, err := importFile(t, s, bundle, ImportOptions{})
	if !errors.Is(err, gitstore.ErrInvalidBundle) || !errors.Is(err, gitstore.ErrTooLarge) {
		t.Fatalf("oversized meta key: %v", err)
	}
	if keys, _, _ := s.Keyring(t.Context()); len(keys) != 1 {
		t.Errorf("keyring holds %d keys after a refused import", len(keys))
	}
}

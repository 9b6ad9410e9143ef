package replica

import (
	"context"
	"errors"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/internal/gittest"
	"github.com/memfs/memfs/validate"
)

// Ensure that credentials are stripped from every URL in a text, and
// only credentials.
func TestStripCredentials(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"https://alice:tok3n@host/x.git", "https://alice@host/x.git"},
		{"fatal: unable to access 'https://ghp_abcdefghijklmnopqrstuvwxyz0123@github.com/a/b/'", "fatal: unable to access 'https://***@github.com/a/b/'"},
		{"https://x-access-token:ghs_secret@github.com/a/b", "https://x-access-token@github.com/a/b"},
		{"https://alice@host/x.git", "https://alice@host/x.git"},
		{"ssh://git@host/~/x.git", "ssh://git@host/~/x.git"},
		{"git@github.com:a/b.git", "git@github.com:a/b.git"},
		{"/srv/memory.git", "/srv/memory.git"},
	} {
		if got := StripCredentials(tc.in); got != tc.want {
			t.Errorf("StripCredentials(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// Ensure that git push --porcelain is read per ref.
func TestParsePorcelain(t *testing.T) {
	out := "To /srv/x.git\n" +
		"*\tabc:refs/memfs/scopes/a\t[new reference]\n" +
		"!\tdef:refs/memfs/scopes/b\t[rejected] (stale info)\n" +
		"!\t0123:refs/memfs/meta\t[remote rejected] (hook declined)\n" +
		"Done\n"
	got := parsePorcelain(out)
	if len(got) != 3 || !got["refs/memfs/scopes/a"].ok || got["refs/memfs/scopes/b"].ok ||
		!strings.Contains(got["refs/memfs/scopes/b"].reason, "stale info") || !strings.Contains(got["refs/memfs/meta"].reason, "hook declined") {
		t.Errorf("parsePorcelain = %+v", got)
	}
}

// Ensure that a pull from a server that never answers ends when its
// context does: git and what it started are killed, and the error is the
// cancellation.
func TestFetchCancelledKillsGit(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			defer c.Close() // hold the connection, say nothing
		}
	}()
	s := newTestStore(t, validate.Limits{})
	if err := AddRemote(s, "silent", "git://"+l.Addr().String()+"/memory.git", RemoteOptions{}); err != nil {
		t.Fatal(err)
	}
	f, err := RemoteFetcher(s, "silent", nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(t.Context(), 500*time.Millisecond)
	defer cancel()
	start := time.Now()
	err = s.Exclusive(ctx, func(tx *gitstore.Tx) error {
		_, err := Import(ctx, tx, f, ImportOptions{})
		return err
	})
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("pull from a silent server: %v", err)
	}
	if d := time.Since(start); d > gitTimeoutGrace {
		t.Errorf("the cancelled pull took %v", d)
	}
}

// Ensure that a ref the server's own hook declines is refused with the
// server's reason and remote_failed, not remote_moved (a pull would not
// help).
func TestPushDeclinedByServerHook(t *testing.T) {
	server := filepath.Join(t.TempDir(), "server.git")
	gittest.Git(t, filepath.Dir(server), "init", "-q", "--bare", server)
	hook := filepath.Join(server, "hooks", "pre-receive")
	if err := os.WriteFile(hook, []byte("#!/bin/sh\necho no memory here >&2\nexit 1\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	s := newTestStore(t, validate.Limits{})
	if err := AddRemote(s, "origin", server, RemoteOptions{}); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	gittest.WriteArtifact(t, dir, []string{"a"}, nil)
	mustPublish(t, s, dir, gitstore.PublishOptions{})
	var res *PushResult
	err := s.Exclusive(t.Context(), func(tx *gitstore.Tx) (err error) {
		res, err = Push(t.Context(), tx, "origin", nil)
		return err
	})
	if !errors.Is(err, gitstore.ErrRemoteFailed) || errors.Is(err, gitstore.ErrRemoteMoved) || res == nil ||
		!slices.Contains(res.Refused, gitstore.BranchRef("default")) || !strings.Contains(res.Reasons[gitstore.BranchRef("default")], "remote refused") {
		t.Fatalf("push the server declines: %v (%+v)", err, res)
	}
}

package scope

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memfs/memfs/wiki"
)

func hash8(p string) string {
	sum := sha256.Sum256([]byte(p))
	return hex.EncodeToString(sum[:4])
}

func mkdir(t *testing.T, p string) string {
	t.Helper()
	if err := os.MkdirAll(p, 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

// Ensure that a working directory maps to the scope of its git top-level's
// real path, or of itself.
func TestFromDir(t *testing.T) {
	tmp, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	repo := mkdir(t, filepath.Join(tmp, "My Repo"))
	mkdir(t, filepath.Join(repo, ".git"))
	sub := mkdir(t, filepath.Join(repo, "cmd", "tool"))
	worktree := mkdir(t, filepath.Join(tmp, "wt"))
	if err := os.WriteFile(filepath.Join(worktree, ".git"), []byte("gitdir: /elsewhere\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	plain := mkdir(t, filepath.Join(tmp, "scratch"))
	link := filepath.Join(tmp, "link-to-sub")
	if err := os.Symlink(sub, link); err != nil {
		t.Fatal(err)
	}
	long := strings.Repeat("a", 100)
	cases := []struct {
		name, dir, want string
	}{
		{"repo root", repo, "my-repo-" + hash8(repo)},
		{"repo subdir", sub, "my-repo-" + hash8(repo)},
		{"unclean path", repo + "/cmd/../cmd/tool/", "my-repo-" + hash8(repo)},
		{"symlink into the repo", link, "my-repo-" + hash8(repo)},
		{"worktree .git file", worktree, "wt-" + hash8(worktree)},
		{"no git", plain, "scratch-" + hash8(plain)},
		{"not on this machine", "/nonexistent-memfs/alice/Proj.X", "proj-x-" + hash8("/nonexistent-memfs/alice/Proj.X")},
		{"missing dir path is cleaned", "/nonexistent-memfs/a/../b", "b-" + hash8("/nonexistent-memfs/b")},
		{"cyrillic name", "/nonexistent-memfs/Проект", hash8("/nonexistent-memfs/Проект")},
		{"accented name", "/nonexistent-memfs/Café", "caf--" + hash8("/nonexistent-memfs/Café")},
		{"emoji name", "/nonexistent-memfs/🚀rocket", "rocket-" + hash8("/nonexistent-memfs/🚀rocket")},
		{"dot name", "/nonexistent-memfs/.dotfiles", "dotfiles-" + hash8("/nonexistent-memfs/.dotfiles")},
		{"underscore kept inside", "/nonexistent-memfs/_my_app", "my_app-" + hash8("/nonexistent-memfs/_my_app")},
		{"long name", "/nonexistent-memfs/" + long, strings.Repeat("a", 55) + "-" + hash8("/nonexistent-memfs/"+long)},
		{"filesystem root", "/", hash8("/")},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := FromDir(tc.dir)
			if got != tc.want {
				t.Errorf("FromDir(%q) = %q, want %q", tc.dir, got, tc.want)
			}
			if !wiki.ValidScope(got) {
				t.Errorf("FromDir(%q) = %q is not a valid scope", tc.dir, got)
			}
		})
	}
}

// Ensure that --scope wins, single mode and unknown directories give
// default, and project mode derives.
func TestResolve(t *testing.T) {
	cases := []struct {
		explicit, mode, cwd, want string
		err                       error
	}{
		{"team", ModeProject, "/nonexistent-memfs/p", "team", nil},
		{"team", ModeSingle, "/nonexistent-memfs/p", "team", nil},
		{"Bad/Scope", ModeProject, "", "", ErrInvalid},
		{"", ModeSingle, "/nonexistent-memfs/p", Default, nil},
		{"", ModeProject, "", Default, nil},
		{"", ModeProject, "/nonexistent-memfs/p", "p-" + hash8("/nonexistent-memfs/p"), nil},
		{"", "", "/nonexistent-memfs/p", "p-" + hash8("/nonexistent-memfs/p"), nil},
	}
	for _, tc := range cases {
		got, err := Resolve(tc.explicit, tc.mode, tc.cwd)
		if got != tc.want || !errors.Is(err, tc.err) {
			t.Errorf("Resolve(%q, %q, %q) = %q, %v; want %q, %v", tc.explicit, tc.mode, tc.cwd, got, err, tc.want, tc.err)
		}
	}
}

// Ensure that every path gives a valid, stable scope name.
func FuzzName(f *testing.F) {
	for _, s := range []string{"/", "/home/a/proj", "/x/Проект", "/x/.-_", "/x/" + strings.Repeat("é", 80), "rel", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, p string) {
		got := Name(p)
		if !wiki.ValidScope(got) {
			t.Fatalf("Name(%q) = %q is not a valid scope", p, got)
		}
		if Name(p) != got {
			t.Fatalf("Name(%q) is not stable", p)
		}
	})
}

// Ensure that the forms of one repository's URL normalise to one key and
// different repositories to different keys.
func TestNormalizeURL(t *testing.T) {
	same := []string{
		"git@github.com:Acme/Widget.git",
		"ssh://git@github.com/acme/widget.git",
		"ssh://git@github.com:22/acme/widget",
		"https://github.com/acme/widget",
		"https://alice@github.com/acme/widget.git/",
		"git://github.com/acme/widget.git",
		"github.com:acme/widget",
	}
	for _, u := range same {
		if got := NormalizeURL(u); got != "github.com/acme/widget" {
			t.Errorf("NormalizeURL(%q) = %q", u, got)
		}
	}
	for _, tc := range []struct{ in, want string }{
		{"ssh://host/~/repo.git", "host/repo"},
		{"ssh://host:2222/~/repo.git", "host/repo"},
		{"/srv/Memory.git", "/srv/memory"},
		{"file:///srv/memory.git", "/srv/memory"},
		{"https://github.com/acme/gadget", "github.com/acme/gadget"},
		{"", ""},
	} {
		if got := NormalizeURL(tc.in); got != tc.want {
			t.Errorf("NormalizeURL(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// gitIn runs stock git in dir with a fixed identity.
func gitIn(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-C", dir, "-c", "user.name=t", "-c", "user.email=t@x"}, args...)...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
	return strings.TrimSpace(string(out))
}

// Ensure that two clones of one repository at different paths, with its
// origin written as ssh or https, are one scope; that a repository
// without remotes is named by its root commit, the same in every clone;
// and that a folder outside any repository keeps its path-derived name.
func TestIdentify(t *testing.T) {
	tmp, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	origin := mkdir(t, filepath.Join(tmp, "origin"))
	gitIn(t, origin, "init", "-q")
	gitIn(t, origin, "commit", "-q", "--allow-empty", "-m", "root")
	one := filepath.Join(tmp, "alice", "widget")
	two := filepath.Join(tmp, "bob", "work", "widget-fork")
	gitIn(t, tmp, "clone", "-q", origin, one)
	gitIn(t, tmp, "clone", "-q", origin, two)
	gitIn(t, one, "remote", "set-url", "origin", "git@github.com:Acme/Widget.git")
	gitIn(t, two, "remote", "set-url", "origin", "https://github.com/acme/widget")
	a, b := Identify(filepath.Join(one)), Identify(mkdir(t, filepath.Join(two, "sub")))
	if a.Name != b.Name || a.Source != SourceOrigin || a.Name != "widget-"+hash8("github.com/acme/widget") {
		t.Errorf("two clones: %+v and %+v", a, b)
	}
	if a.Legacy != Name(one) || b.Legacy != Name(two) || a.Root != one {
		t.Errorf("legacy names: %+v and %+v", a, b)
	}
	// Without remotes: the root commit.
	gitIn(t, one, "remote", "remove", "origin")
	gitIn(t, two, "remote", "remove", "origin")
	a, b = Identify(one), Identify(two)
	if a.Name != b.Name || a.Source != SourceRootCommit || !strings.HasPrefix(a.Name, "repo-") {
		t.Errorf("two clones without remotes: %+v and %+v", a, b)
	}
	// No commit yet: the path.
	empty := mkdir(t, filepath.Join(tmp, "empty"))
	gitIn(t, empty, "init", "-q")
	if id := Identify(empty); id.Source != SourcePath || id.Name != Name(empty) {
		t.Errorf("empty repository: %+v", id)
	}
	if id := Identify("/nonexistent-memfs/x"); id.Source != SourcePath || id.Name != Name("/nonexistent-memfs/x") {
		t.Errorf("missing folder: %+v", id)
	}
}

package objfile

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// gitRepo builds a repository whose files grow commit by commit, so that
// `git repack -ad` stores most of them as deltas, and repacks it with
// the given config ("repack.useDeltaBaseOffset=false" for REFDelta
// entries). It returns the objects folder.
func gitRepo(t *testing.T, config ...string) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	dir := t.TempDir()
	git := func(args ...string) string {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-C", dir, "-c", "user.name=t", "-c", "user.email=t@t"}, args...)...)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	git("init", "-q")
	for i := range 40 {
		for f := range 6 {
			var b strings.Builder
			for l := 0; l <= i; l++ {
				fmt.Fprintf(&b, "line %d of file %d: some text that repeats so deltas pay\n", l, f)
			}
			if i%7 == f {
				b.WriteString(strings.Repeat("x", 70000)) // a copy instruction of 0x10000 bytes
			}
			os.MkdirAll(filepath.Join(dir, fmt.Sprintf("d%d", f%2)), 0o755)
			os.WriteFile(filepath.Join(dir, fmt.Sprintf("d%d/f%d.md", f%2, f)), []byte(b.String()), 0o644)
		}
		git("add", "-A")
		git("commit", "-q", "-m", fmt.Sprintf("commit %d", i))
	}
	args := []string{"repack", "-adq", "--depth=50", "--window=50"}
	for _, c := range config {
		args = append([]string{"-c", c}, args...)
	}
	git(args...)
	return filepath.Join(dir, ".git", "objects")
}

// catAll returns every object of the repository as stock git reads it.
func catAll(t *testing.T, objDir string) map[ID]Object {
	t.Helper()
	out, err := exec.Command("git", "--git-dir", filepath.Dir(objDir), "cat-file", "--batch-all-objects", "--batch").Output()
	if err != nil {
		t.Fatal(err)
	}
	objs := map[ID]Object{}
	r := bufio.NewReader(bytes.NewReader(out))
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			break
		}
		f := strings.Fields(line)
		size, _ := strconv.Atoi(f[2])
		content := make([]byte, size+1)
		if _, err := io.ReadFull(r, content); err != nil {
			t.Fatal(err)
		}
		var id ID
		hex.Decode(id[:], []byte(f[0]))
		typ, _ := parseType(f[1])
		objs[id] = Object{ID: id, Type: typ, Content: content[:size]}
	}
	return objs
}

// Ensure that every object of a pack stock git wrote with deltas (offset
// and id bases, chains up to 50) reads through the Reader, its sizes
// through BlobSize, and the bulk read, exactly as `git cat-file` gives it.
func TestDeltaPacksMatchGit(t *testing.T) {
	for _, tc := range []struct {
		name   string
		config []string
	}{
		{"ofs-delta", nil},
		{"ref-delta", []string{"repack.useDeltaBaseOffset=false"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			objDir := gitRepo(t, tc.config...)
			want := catAll(t, objDir)
			if len(want) < 200 {
				t.Fatalf("only %d objects", len(want))
			}
			deltas := 0
			packs, _ := filepath.Glob(filepath.Join(objDir, "pack", "*.pack"))
			for _, p := range packs {
				entries, err := splitPack(strings.TrimSuffix(p, ".pack"), true)
				if err != nil {
					t.Fatal(err)
				}
				for _, e := range entries {
					if typ := Type((e.Raw[0] >> 4) & 7); typ == OFSDelta || typ == REFDelta {
						deltas++
					}
				}
			}
			if deltas < len(want)/4 {
				t.Fatalf("only %d of %d objects are deltas", deltas, len(want))
			}
			r := NewReader(objDir)
			defer r.Close()
			bulk := LoadBulk(objDir, true)
			for id, o := range want {
				typ, b, err := r.ReadAny(id)
				if err != nil || typ != o.Type || !bytes.Equal(b, o.Content) {
					t.Fatalf("ReadAny(%x) = %v, %d bytes, %v; git: %v, %d bytes", id, typ, len(b), err, o.Type, len(o.Content))
				}
				if o.Type == Blob {
					if n, err := r.BlobSize(id); err != nil || n != int64(len(o.Content)) {
						t.Fatalf("BlobSize(%x) = %d, %v; git: %d", id, n, err, len(o.Content))
					}
					if b, err := r.ReadBlob(id, nil); err != nil || !bytes.Equal(b, o.Content) {
						t.Fatalf("ReadBlob(%x): %d bytes, %v", id, len(b), err)
					}
				}
				e := bulk.Get(id)
				if e == nil {
					t.Fatalf("bulk lacks %x", id)
				}
				typ, b, err = e.Object()
				if err != nil || typ != o.Type || !bytes.Equal(b, o.Content) {
					t.Fatalf("bulk %x = %v, %d bytes, %v", id, typ, len(b), err)
				}
			}
		})
	}
}

// Ensure that deltas apply as git defines them, and that malformed ones
// are refused rather than read past their ends.
func TestApplyDelta(t *testing.T) {
	base := []byte("0123456789abcdef")
	tests := []struct {
		name  string
		delta []byte
		want  string
		ok    bool
	}{
		{"copy and insert", []byte{16, 7, 0x91, 2, 4, 3, 'x', 'y', 'z'}, "2345xyz", true},
		{"wrong base size", []byte{15, 1, 1, 'x'}, "", false},
		{"copy past the base", []byte{16, 4, 0x91, 14, 4}, "", false},
		{"insert past the end", []byte{16, 3, 5, 'a'}, "", false},
		{"result size mismatch", []byte{16, 5, 1, 'a'}, "", false},
		{"reserved opcode", []byte{16, 1, 0}, "", false},
	}
	for _, tt := range tests {
		got, err := applyDelta(base, tt.delta)
		if (err == nil) != tt.ok || string(got) != tt.want {
			t.Errorf("%s: got %q, %v", tt.name, got, err)
		}
	}
}

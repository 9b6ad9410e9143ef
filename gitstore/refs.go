package gitstore

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/memfs/memfs/internal/fsutil"
)

// Refs. A ref update writes the new value outside refs/ (memfs-tmp/) and
// renames it over the ref; a switch of many refs at once replaces
// packed-refs by one rename (Tx.SwitchRefs). A <ref>.lock that stock git
// holds is respected everywhere.

// readRef resolves a ref (loose or packed) to the object it names.
func (s *Store) readRef(name string) (ID, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	r, err := s.st.Reference(plumbing.ReferenceName(name))
	if err != nil {
		return ID{}, fmt.Errorf("read %s: %w", name, err)
	}
	if r.Type() != plumbing.HashReference {
		return ID{}, fmt.Errorf("read %s: symbolic ref not expected", name)
	}
	return ID(r.Hash()), nil
}

// casRef moves ref name from old to new (old zero: the ref must not exist).
// The caller holds the store lock, which serializes memfs writers. The new
// value is written to a private temporary file outside refs/ and renamed
// over the ref, so readers see the old or the new value and a process
// killed half way leaves nothing under refs/ (a stale <ref>.lock would
// block every later update and break go-git's listing). A <ref>.lock that
// stock git holds is respected.
func (s *Store) casRef(name string, old, new ID) error {
	if !strings.HasPrefix(name, "refs/") || slices.Contains(strings.Split(name, "/"), "..") {
		return fmt.Errorf("refuse to write ref %q", name)
	}
	check := func() error {
		cur, err := s.readRef(name)
		if errors.Is(err, plumbing.ErrReferenceNotFound) {
			cur, err = ID{}, nil
		}
		if err != nil {
			return err
		}
		if cur != old {
			return fmt.Errorf("%s: expected %s, found %s: %w", name, short(old), short(cur), ErrConflict)
		}
		return nil
	}
	if err := check(); err != nil {
		return err
	}
	p := filepath.Join(s.opts.Path, filepath.FromSlash(name))
	if _, err := os.Lstat(p + ".lock"); err == nil {
		return fmt.Errorf("%s: %w", name, ErrRefLocked)
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
		return fmt.Errorf("update %s: %w", name, err)
	}
	tmp, err := s.tempFile("ref-", []byte(new.String()+"\n"))
	if err != nil {
		return fmt.Errorf("update %s: %w", name, err)
	}
	defer os.Remove(tmp)
	// Stock git may have moved the ref meanwhile.
	if err := check(); err != nil {
		return err
	}
	if err := s.rename(tmp, p); err != nil {
		return fmt.Errorf("update %s: %w", name, err)
	}
	return nil
}

// tmpDirName holds memfs's temporary files inside the repository: on the
// same filesystem as refs/, but outside it, so git and go-git never read a
// half-written file. Anything in it is stale once the store lock is taken.
const tmpDirName = "memfs-tmp"

func (s *Store) tempFile(prefix string, data []byte) (string, error) {
	dir := filepath.Join(s.opts.Path, tmpDirName)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", err
	}
	f, err := os.CreateTemp(dir, prefix)
	if err != nil {
		return "", err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(f.Name())
		return "", err
	}
	return f.Name(), nil
}

// clearTemp removes what a killed memfs process left in the temporary
// folder. The caller holds the store lock.
func (s *Store) clearTemp() {
	// The folder itself stays: making it again on every publication costs
	// a directory creation, as dear as a file's.
	dir := filepath.Join(s.opts.Path, tmpDirName)
	if names, err := os.ReadDir(dir); err == nil {
		for _, n := range names {
			os.RemoveAll(filepath.Join(dir, n.Name()))
		}
	}
	// Quarantines of imports that a killed process left behind.
	stale, _ := filepath.Glob(filepath.Join(s.opts.Path, "memfs-quarantine-*"))
	for _, d := range stale {
		os.RemoveAll(d)
	}
}

// contentRefs are refs that carry no memory content and are never
// rewritten.
func contentRef(name string) bool {
	return name != MetaRef && name != ErasuresRef && strings.HasPrefix(name, "refs/")
}

// refsLocked lists the store's refs that point at objects (loose or
// packed). s.mu must be held.
func (s *Store) refsLocked() (map[string]ID, error) {
	iter, err := s.st.IterReferences()
	if err != nil {
		return nil, fmt.Errorf("list refs: %w", err)
	}
	out := map[string]ID{}
	err = iter.ForEach(func(r *plumbing.Reference) error {
		if r.Type() == plumbing.HashReference && strings.HasPrefix(r.Name().String(), "refs/") {
			out[r.Name().String()] = ID(r.Hash())
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("list refs: %w", err)
	}
	return out, nil
}

// Refs lists every ref of the store and the commit it names.
func (s *Store) Refs(ctx context.Context) (map[string]ID, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	refs, err := s.refsLocked()
	if err != nil {
		return nil, err
	}
	return refs, ctx.Err()
}

// writePackedRefs replaces packed-refs with refs, by rename.
func (s *Store) writePackedRefs(refs map[string]ID) error {
	names := make([]string, 0, len(refs))
	for n := range refs {
		names = append(names, n)
	}
	slices.Sort(names)
	var b bytes.Buffer
	b.WriteString("# pack-refs with: sorted \n")
	for _, n := range names {
		fmt.Fprintf(&b, "%s %s\n", refs[n], n)
	}
	tmp, err := s.tempFile("packed-refs-", b.Bytes())
	if err != nil {
		return fmt.Errorf("write packed-refs: %w", err)
	}
	defer os.Remove(tmp)
	if f, err := os.Open(tmp); err == nil {
		f.Sync()
		f.Close()
	}
	if err := s.rename(tmp, filepath.Join(s.opts.Path, "packed-refs")); err != nil {
		return fmt.Errorf("write packed-refs: %w", err)
	}
	return nil
}

// copyRefs returns a copy of a ref map.
func copyRefs(m map[string]ID) map[string]ID {
	out := make(map[string]ID, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// deleteRef removes a ref that points at old, loose or packed. The caller
// holds the store lock; a <ref>.lock of stock git is respected.
func (s *Store) deleteRef(name string, old ID) error {
	cur, err := s.readRef(name)
	if err != nil {
		return fmt.Errorf("delete %s: %w", name, ErrNoProposal)
	}
	if cur != old {
		return fmt.Errorf("delete %s: %w", name, ErrConflict)
	}
	p := filepath.Join(s.opts.Path, filepath.FromSlash(name))
	if _, err := os.Lstat(p + ".lock"); err == nil {
		return fmt.Errorf("%s: %w", name, ErrRefLocked)
	}
	if err := os.Remove(p); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	return s.dropPacked(name)
}

// dropPacked removes name from packed-refs, if it is there, by renaming a
// rewritten copy over it (unless stock git holds packed-refs.lock).
func (s *Store) dropPacked(name string) error {
	packed := filepath.Join(s.opts.Path, "packed-refs")
	b, err := os.ReadFile(packed)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	var out bytes.Buffer
	found, skipPeel := false, false
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		line := sc.Text()
		if skipPeel && strings.HasPrefix(line, "^") {
			continue
		}
		skipPeel = false
		if f := strings.Fields(line); len(f) == 2 && f[1] == name {
			found, skipPeel = true, true
			continue
		}
		out.WriteString(line + "\n")
	}
	if !found {
		return nil
	}
	if _, err := os.Lstat(packed + ".lock"); err == nil {
		return fmt.Errorf("packed-refs: %w", ErrRefLocked)
	}
	tmp, err := s.tempFile("packed-refs-", out.Bytes())
	if err != nil {
		return err
	}
	defer os.Remove(tmp)
	return s.rename(tmp, packed)
}

// rename renames old to new, telling Options.BeforeRename first.
func (s *Store) rename(old, new string) error {
	if s.opts.BeforeRename != nil {
		s.opts.BeforeRename(new)
	}
	return os.Rename(old, new)
}

// writeOptions are the options of the files the store replaces: durable
// or not, and Options.BeforeRename.
func (s *Store) writeOptions(durable bool) fsutil.WriteOptions {
	return fsutil.WriteOptions{Durable: durable, BeforeRename: s.opts.BeforeRename}
}

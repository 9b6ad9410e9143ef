// Package fsutil holds the file operations several memfs packages need
// done the same careful way: replacing a file atomically (durably, or
// not), and removing a tree that was made read-only.
package fsutil

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// WriteFileAtomic replaces path with data through a temporary file in the
// same directory and a rename, so readers see the old or the new content,
// never a mix. The file and then its directory are synced, so the new
// content survives a crash once it returns. An existing regular file
// keeps its mode; a new one, or one replacing a symbolic link or anything
// else, gets perm. Missing parent directories are created 0700.
func WriteFileAtomic(path string, data []byte, perm fs.FileMode) error {
	return WriteFile(path, data, perm, WriteOptions{Durable: true})
}

// ReplaceFile replaces path with data as WriteFileAtomic does, atomically,
// but syncs nothing, as git writes its index and loose objects by
// default: readers never see a mix, and a crash of the process loses
// nothing, but a power failure may leave the old content, or none.
// Callers use it for what they can lose: caches they check when they
// read them, objects a later durable write does not depend on.
func ReplaceFile(path string, data []byte, perm fs.FileMode) error {
	return WriteFile(path, data, perm, WriteOptions{})
}

// WriteOptions say how WriteFile replaces a file.
type WriteOptions struct {
	// Durable syncs the file and its directory (WriteFileAtomic).
	Durable bool
	// BeforeRename, when set, is called with path just before the rename
	// that makes the new content visible. Crash tests stop a process
	// there; nothing outside tests sets it.
	BeforeRename func(path string)
}

// WriteFile replaces path with data as WriteFileAtomic (o.Durable) or
// ReplaceFile do.
func WriteFile(path string, data []byte, perm fs.FileMode, o WriteOptions) error {
	durable := o.Durable
	// The mode kept is the file's own: a symbolic link planted at path is
	// replaced by the rename, and its target's mode (a world-readable
	// file's, say) says nothing of what the new file may show.
	if fi, err := os.Lstat(path); err == nil && fi.Mode().IsRegular() {
		perm = fi.Mode().Perm()
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".memfs-*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	defer os.Remove(tmp) // after a successful rename there is nothing to remove
	_, err = f.Write(data)
	if err == nil {
		err = f.Chmod(perm)
	}
	if err == nil && durable {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		if o.BeforeRename != nil {
			o.BeforeRename(path)
		}
		err = os.Rename(tmp, path)
	}
	if err == nil && durable {
		err = syncDir(dir)
	}
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}

// syncDir makes a rename in dir durable. Filesystems that cannot sync a
// directory (EINVAL) are left as they are.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	err = d.Sync()
	if errors.Is(err, syscall.EINVAL) {
		err = nil
	}
	if cerr := d.Close(); err == nil {
		err = cerr
	}
	return err
}

// RemoveTree removes path and everything below it, first giving every
// directory owner write permission so that read-only trees (staged runs,
// snapshots) can go. A missing path is not an error.
func RemoveTree(path string) error {
	_ = filepath.WalkDir(path, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.IsDir() {
			_ = os.Chmod(p, 0o700)
		}
		return nil
	})
	return os.RemoveAll(path)
}

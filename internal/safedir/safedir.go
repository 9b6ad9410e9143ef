// Package safedir opens the folders memfs creates things in on the user's
// behalf (a checkout's target and its folder of snapshots, a mount point)
// so that no other local user can steer them: a folder is opened without
// following a symbolic link at its last element, its owner and mode are
// read from the opened handle (never from a second look at the path), and
// everything after that is done relative to that handle through os.Root.
//
// # Rules
//
// The parent, the folder that holds the target, must be owned by the
// caller or by root, and, when others may write to it, carry the sticky
// bit (as /tmp does), so that nobody else can rename or remove what memfs
// makes there. What memfs makes or reuses inside it (the target and the
// sibling folder of snapshots) must be the caller's own: never a symbolic
// link memfs did not make, never another user's folder, not even root's
// when the caller is not root. A refusal is an *Error, code unsafe_path,
// that names the path and the reason and nothing else.
package safedir

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"

	"golang.org/x/sys/unix"
)

// Code is the stable code of every refusal.
const Code = "unsafe_path"

// Error is a path memfs refuses to work in.
type Error struct {
	Path   string
	Reason string
}

func (e *Error) Error() string { return e.Path + ": " + e.Reason }

// Code returns unsafe_path.
func (e *Error) Code() string { return Code }

// Dir is an opened folder that passed the rules. Root confines every
// operation under it; Path is the path it was opened by, for messages.
type Dir struct {
	Root *os.Root
	Path string
	st   *syscall.Stat_t
}

// Close releases the folder.
func (d *Dir) Close() error { return d.Root.Close() }

// Dev returns the device of the folder, as the opened handle saw it.
func (d *Dir) Dev() uint64 { return d.st.Dev }

// OpenParent opens the folder that holds the absolute path p and checks
// it against the parent rules.
func OpenParent(p string) (*Dir, error) { return openParent(p, nil) }

// openParent is OpenParent; between, when set, runs after the parent was
// opened without following links and before it is opened as a Root, so
// that tests can swap the path in that window.
func openParent(p string, between func()) (*Dir, error) {
	if !filepath.IsAbs(p) {
		return nil, fmt.Errorf("safedir: %s is not absolute", p)
	}
	parent := filepath.Dir(filepath.Clean(p))
	fd, err := unix.Open(parent, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
	switch {
	case errors.Is(err, unix.ELOOP):
		return nil, &Error{parent, "is a symbolic link; memfs works only in folders reached without one at their last element"}
	case errors.Is(err, unix.ENOTDIR):
		return nil, &Error{parent, "is not a folder"}
	case err != nil:
		return nil, &fs.PathError{Op: "open", Path: parent, Err: err}
	}
	var st unix.Stat_t
	err = unix.Fstat(fd, &st)
	unix.Close(fd)
	if err != nil {
		return nil, &fs.PathError{Op: "fstat", Path: parent, Err: err}
	}
	if err := parentRules(parent, st.Uid, st.Gid, st.Mode); err != nil {
		return nil, err
	}
	if between != nil {
		between()
	}
	root, err := os.OpenRoot(parent)
	if err != nil {
		return nil, err
	}
	rst, err := stat(root)
	if err != nil {
		root.Close()
		return nil, err
	}
	if rst.Dev != st.Dev || rst.Ino != st.Ino {
		root.Close()
		return nil, &Error{parent, "changed while memfs opened it"}
	}
	return &Dir{Root: root, Path: parent, st: rst}, nil
}

// parentRules: owned by the caller or root; writable by others only with
// the sticky bit (writable by its group when the group is the caller's).
func parentRules(p string, uid, gid, mode uint32) error {
	me := uint32(os.Geteuid())
	if uid != me && uid != 0 {
		return &Error{p, fmt.Sprintf("is owned by uid %d, another user", uid)}
	}
	if mode&unix.S_ISVTX != 0 {
		return nil
	}
	if mode&0o002 != 0 {
		return &Error{p, "is writable by every user and has no sticky bit"}
	}
	if mode&0o020 != 0 && gid != uint32(os.Getegid()) {
		return &Error{p, fmt.Sprintf("is writable by group %d and has no sticky bit", gid)}
	}
	return nil
}

// Own opens the folder name inside d, which must be the caller's own: not
// a symbolic link, not another user's. With create it is made with perm
// first when missing; a missing folder is fs.ErrNotExist otherwise. When
// perm is not zero, a folder with a wider mode is narrowed to perm,
// through the opened handle.
func (d *Dir) Own(name string, perm fs.FileMode, create bool) (*Dir, error) {
	return d.own(name, perm, create, nil)
}

func (d *Dir) own(name string, perm fs.FileMode, create bool, between func()) (*Dir, error) {
	p := filepath.Join(d.Path, name)
	if create {
		if err := d.Root.Mkdir(name, perm); err != nil && !errors.Is(err, fs.ErrExist) {
			return nil, err
		}
	}
	fi, err := d.Root.Lstat(name)
	if err != nil {
		return nil, err
	}
	if err := Owned(p, fi); err != nil {
		return nil, err
	}
	if !fi.IsDir() {
		return nil, &Error{p, "is not a folder"}
	}
	if between != nil {
		between()
	}
	// OpenRoot would follow a link planted since the Lstat, but only
	// within d; the identity check below refuses it either way.
	sub, err := d.Root.OpenRoot(name)
	if err != nil {
		return nil, err
	}
	st, err := stat(sub)
	if err == nil {
		lst := fi.Sys().(*syscall.Stat_t)
		if st.Dev != lst.Dev || st.Ino != lst.Ino {
			err = &Error{p, "changed while memfs opened it"}
		} else if st.Uid != uint32(os.Geteuid()) {
			err = &Error{p, fmt.Sprintf("is owned by uid %d, not by you", st.Uid)}
		}
	}
	if err == nil && perm != 0 && fs.FileMode(st.Mode)&fs.ModePerm&^perm != 0 {
		err = sub.Chmod(".", perm)
	}
	if err != nil {
		sub.Close()
		return nil, err
	}
	return &Dir{Root: sub, Path: p, st: st}, nil
}

// Owned refuses what fi (from an Lstat of p) describes unless the caller
// owns it and it is no symbolic link. Callers use it for entries they are
// about to reuse or replace: their own links, their own empty folders.
func Owned(p string, fi fs.FileInfo) error {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return fmt.Errorf("safedir: no owner for %s", p)
	}
	if st.Uid != uint32(os.Geteuid()) {
		return &Error{p, fmt.Sprintf("is owned by uid %d, not by you", st.Uid)}
	}
	if fi.Mode()&fs.ModeSymlink != 0 {
		return &Error{p, "is a symbolic link memfs did not make"}
	}
	return nil
}

// OwnedLink refuses what fi (from an Lstat of p) describes unless it is a
// symbolic link the caller owns.
func OwnedLink(p string, fi fs.FileInfo) error {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return fmt.Errorf("safedir: no owner for %s", p)
	}
	if st.Uid != uint32(os.Geteuid()) {
		return &Error{p, fmt.Sprintf("is owned by uid %d, not by you", st.Uid)}
	}
	if fi.Mode()&fs.ModeSymlink == 0 {
		return &Error{p, "is not a symbolic link"}
	}
	return nil
}

// stat is fstat of the opened root.
func stat(r *os.Root) (*syscall.Stat_t, error) {
	fi, err := r.Stat(".")
	if err != nil {
		return nil, err
	}
	return fi.Sys().(*syscall.Stat_t), nil
}

// RemoveTree removes name inside d and everything below it, first giving
// every folder of it owner write permission so that read-only trees go
// too. Nothing outside d is reached: links are removed, not followed. A
// missing name is not an error.
func (d *Dir) RemoveTree(name string) error {
	_ = fs.WalkDir(d.Root.FS(), name, func(p string, e fs.DirEntry, err error) error {
		if err == nil && e.IsDir() {
			_ = d.Root.Chmod(p, 0o700)
		}
		return nil
	})
	return d.Root.RemoveAll(name)
}

package validate

import (
	"fmt"
	"io/fs"
	"os"
	"syscall"
)

// DirFS is a staged directory opened for validation and publication. Unlike
// os.DirFS it never follows a symlink, never blocks opening a FIFO that was
// swapped in after the listing, and cannot escape the directory.
type DirFS struct {
	root *os.Root
	fsys fs.FS
}

// Interface checks for DirFS.
var (
	_ fs.ReadDirFS  = (*DirFS)(nil)
	_ fs.ReadLinkFS = (*DirFS)(nil)
	_ fs.StatFS     = (*DirFS)(nil)
)

// OpenDir opens dir for validation. Close it when done.
func OpenDir(dir string) (*DirFS, error) {
	fi, err := os.Stat(dir)
	if err != nil {
		return nil, fmt.Errorf("open artifact directory: %w", err)
	}
	if !fi.IsDir() {
		return nil, fmt.Errorf("open artifact directory %s: not a directory", dir)
	}
	r, err := os.OpenRoot(dir)
	if err != nil {
		return nil, fmt.Errorf("open artifact directory: %w", err)
	}
	return &DirFS{root: r, fsys: r.FS()}, nil
}

// Name returns the directory's path as given to OpenDir.
func (d *DirFS) Name() string { return d.root.Name() }

// Close releases the directory handle.
func (d *DirFS) Close() error { return d.root.Close() }

// Open opens a file for reading without following a final symlink and
// without blocking on FIFOs.
func (d *DirFS) Open(name string) (fs.File, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	// os.Root resolves symlinks that stay inside the root even when
	// O_NOFOLLOW is given, so refuse them here: no component may be a
	// symlink, and the opened file must be the entry lstat saw (an entry
	// swapped for a symlink in between resolves to some other file).
	var before fs.FileInfo
	for i := 0; i <= len(name); i++ {
		if i < len(name) && name[i] != '/' {
			continue
		}
		fi, err := d.root.Lstat(name[:i])
		if err != nil {
			return nil, err
		}
		if fi.Mode()&fs.ModeSymlink != 0 {
			return nil, &fs.PathError{Op: "open", Path: name, Err: syscall.ELOOP}
		}
		before = fi
	}
	f, err := d.root.OpenFile(name, os.O_RDONLY|syscall.O_NOFOLLOW|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	after, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if !os.SameFile(before, after) {
		f.Close()
		return nil, &fs.PathError{Op: "open", Path: name, Err: syscall.ELOOP}
	}
	return f, nil
}

// ReadDir lists a directory in name order.
func (d *DirFS) ReadDir(name string) ([]fs.DirEntry, error) { return fs.ReadDir(d.fsys, name) }

// Stat follows symlinks inside the directory.
func (d *DirFS) Stat(name string) (fs.FileInfo, error) { return fs.Stat(d.fsys, name) }

// Lstat describes the entry itself.
func (d *DirFS) Lstat(name string) (fs.FileInfo, error) { return d.root.Lstat(name) }

// ReadLink returns a symlink's target.
func (d *DirFS) ReadLink(name string) (string, error) { return d.root.Readlink(name) }

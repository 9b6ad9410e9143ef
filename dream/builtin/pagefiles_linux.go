//go:build linux

package builtin

import (
	"errors"
	"io/fs"
	"os"
	"syscall"
)

// areaDir is an area's folder, open as a root (which lists it and lstats
// its files) and as a file, whose descriptor its pages are opened from
// by name: openat, fstat-free reading into a buffer of the size the
// listing gave, and close make three or four system calls a page, where
// os.Root's ReadFile makes twice as many; a run reads every page.
type areaDir struct {
	root *os.Root
	dir  *os.File
}

// openArea opens the folder p of root.
func openArea(root *os.Root, p string) (*areaDir, error) {
	r, err := root.OpenRoot(p)
	if err != nil {
		return nil, err
	}
	d, err := root.Open(p)
	if err != nil {
		r.Close()
		return nil, err
	}
	return &areaDir{root: r, dir: d}, nil
}

// readFile reads the file name of the folder, whose listing gave its
// size. name is one entry of the folder: it names no other folder, and a
// symbolic link put in its place is not followed (O_NOFOLLOW), nor a
// FIFO waited on (O_NONBLOCK). A file longer than size is read whole.
func (a *areaDir) readFile(name string, size int64) ([]byte, error) {
	fd, err := retryIntr(func() (int, error) {
		return syscall.Openat(int(a.dir.Fd()), name, syscall.O_RDONLY|syscall.O_CLOEXEC|syscall.O_NOFOLLOW|syscall.O_NONBLOCK, 0)
	})
	if err != nil {
		return nil, &fs.PathError{Op: "openat", Path: name, Err: err}
	}
	defer syscall.Close(fd)
	b := make([]byte, 0, max(size, 0)+1)
	for {
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)]
		}
		n, err := retryIntr(func() (int, error) { return syscall.Read(fd, b[len(b):cap(b)]) })
		if err != nil {
			return nil, &fs.PathError{Op: "read", Path: name, Err: err}
		}
		if n == 0 {
			return b, nil
		}
		b = b[:len(b)+n]
	}
}

// retryIntr calls f again while it is interrupted by a signal.
func retryIntr(f func() (int, error)) (int, error) {
	for {
		n, err := f()
		if !errors.Is(err, syscall.EINTR) {
			return n, err
		}
	}
}

// close closes the folder.
func (a *areaDir) close() error {
	return errors.Join(a.dir.Close(), a.root.Close())
}

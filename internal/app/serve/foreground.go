package serve

import (
	"context"

	"github.com/memfs/memfs/memfuse"
)

// MountEvents tell the caller of Foreground what happened; nil fields
// are not called.
type MountEvents struct {
	// Cleared: a dead memfs mount left at the mountpoint was cleared.
	Cleared func()
	// Ready: the mount serves.
	Ready func(*memfuse.Mount)
	// Lazy: readers still held files open at the end, so the mount was
	// detached lazily; open files keep working until closed.
	Lazy func(*memfuse.Mount)
}

// Foreground is memfs mount: it clears a dead memfs mount at dir, mounts
// o there, and serves until ctx ends, then unmounts. A mount unmounted
// from outside (fusermount3 -u, umount) ends it too, without error.
func Foreground(ctx context.Context, dir string, o memfuse.Options, ev MountEvents) error {
	if cleared, err := memfuse.ClearStale(dir); err != nil {
		return err
	} else if cleared && ev.Cleared != nil {
		ev.Cleared()
	}
	memfuse.TuneMemory()
	m, err := memfuse.New(ctx, dir, o)
	if err != nil {
		return err
	}
	ended := make(chan struct{})
	go func() {
		m.Wait()
		close(ended)
	}()
	if ev.Ready != nil {
		ev.Ready(m)
	}
	select {
	case <-ctx.Done():
	case <-ended:
		return nil
	}
	if err := m.Unmount(); err != nil {
		return err
	}
	if m.Lazy() && ev.Lazy != nil {
		ev.Lazy(m)
	}
	return nil
}

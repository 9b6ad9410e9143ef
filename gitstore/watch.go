package gitstore

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"
)

// DefaultWatchPoll is the fallback poll interval of WatchRefs: a ref move
// that inotify does not report (an unsupported filesystem, a replaced
// refs directory) is still noticed within this time.
const DefaultWatchPoll = 500 * time.Millisecond

// WatchRefs reports possible changes of the scope branches, made by this
// process or any other (memfs, stock git, git pack-refs). A value arrives
// on the returned channel soon after a branch ref is created, moved or
// deleted, and at least every poll interval (DefaultWatchPoll when poll
// ≤ 0) in any case, so a missed event delays a change by at most poll.
// Values coalesce: the channel holds at most one. A value means "look
// again", not that something changed: receivers re-read the heads they
// follow.
//
// The watcher never takes the store's mutex. Its goroutine exits when ctx
// is done and then closes the channel, so a receiver that ranges over the
// channel waits for it.
func (s *Store) WatchRefs(ctx context.Context, poll time.Duration) <-chan struct{} {
	if poll <= 0 {
		poll = DefaultWatchPoll
	}
	out := make(chan struct{}, 1)
	signal := func() {
		select {
		case out <- struct{}{}:
		default:
		}
	}
	f, err := s.inotifyRefs()
	if err != nil {
		s.log.Debug("ref watch: inotify unavailable, polling", "err", err)
		go func() {
			defer close(out)
			t := time.NewTicker(poll)
			defer t.Stop()
			for {
				select {
				case <-ctx.Done():
					return
				case <-t.C:
					signal()
				}
			}
		}()
		return out
	}
	go func() {
		defer close(out)
		defer f.Close()
		// Wake the blocked Read when ctx ends.
		stop := context.AfterFunc(ctx, func() { _ = f.SetReadDeadline(time.Now()) })
		defer stop()
		buf := make([]byte, 64*(unix.SizeofInotifyEvent+unix.NAME_MAX+1))
		for ctx.Err() == nil {
			_ = f.SetReadDeadline(time.Now().Add(poll))
			n, err := f.Read(buf)
			if ctx.Err() != nil {
				return
			}
			switch {
			case errors.Is(err, os.ErrDeadlineExceeded):
				signal()
			case err != nil:
				s.log.Warn("ref watch: inotify read failed, polling", "err", err)
				t := time.NewTicker(poll)
				defer t.Stop()
				for {
					select {
					case <-ctx.Done():
						return
					case <-t.C:
						signal()
					}
				}
			case refEventsMatter(buf[:n]):
				signal()
			}
		}
	}()
	return out
}

// inotifyRefs opens an inotify descriptor watching refs/heads (loose
// branch refs) and the repository directory (packed-refs). The descriptor
// is non-blocking, so the returned file uses the runtime's poller and
// honours read deadlines.
func (s *Store) inotifyRefs() (*os.File, error) {
	fd, err := unix.InotifyInit1(unix.IN_NONBLOCK | unix.IN_CLOEXEC)
	if err != nil {
		return nil, err
	}
	const mask = unix.IN_CREATE | unix.IN_MOVED_TO | unix.IN_MOVED_FROM | unix.IN_DELETE |
		unix.IN_CLOSE_WRITE | unix.IN_DELETE_SELF | unix.IN_MOVE_SELF
	for _, dir := range []string{filepath.Join(s.opts.Path, "refs", "heads"), s.opts.Path} {
		if _, err := unix.InotifyAddWatch(fd, dir, mask); err != nil {
			unix.Close(fd)
			return nil, err
		}
	}
	return os.NewFile(uintptr(fd), "inotify:"+s.opts.Path), nil
}

// refEventsMatter reports whether a batch of inotify events may concern a
// ref: anything but lock files and unrelated files of the repository root
// (only packed-refs matters there; refs/heads names have no dot-suffix
// other than .lock).
func refEventsMatter(buf []byte) bool {
	for len(buf) >= unix.SizeofInotifyEvent {
		ev := (*unix.InotifyEvent)(unsafe.Pointer(&buf[0]))
		end := unix.SizeofInotifyEvent + int(ev.Len)
		if end > len(buf) {
			return true
		}
		name := strings.TrimRight(string(buf[unix.SizeofInotifyEvent:end]), "\x00")
		buf = buf[end:]
		switch {
		case ev.Mask&(unix.IN_Q_OVERFLOW|unix.IN_IGNORED|unix.IN_DELETE_SELF|unix.IN_MOVE_SELF) != 0:
			return true
		case name == "" || strings.HasSuffix(name, ".lock"):
		case name == "packed-refs" || ev.Mask&unix.IN_ISDIR == 0 && !strings.ContainsAny(name, "."):
			return true
		}
	}
	return false
}

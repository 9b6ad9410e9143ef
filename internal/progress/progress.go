// Package progress draws one self-updating status line on a terminal
// while a long command works (forget, import, export, push, pull). It
// draws nothing at all when its writer is not a terminal, so logs, pipes
// and --json output never see it. A nil *Line is valid and silent.
package progress

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"

	"golang.org/x/sys/unix"
)

// Line is a status line redrawn in place with carriage returns.
type Line struct {
	mu   sync.Mutex // guards w and drew
	w    io.Writer
	drew bool
}

// IsTerminal reports whether w is a terminal (a TCGETS ioctl succeeds).
func IsTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	_, err := unix.IoctlGetTermios(int(f.Fd()), unix.TCGETS)
	return err == nil
}

// New returns a Line drawing on w, or nil (silent) when w is not a
// terminal or quiet is set.
func New(w io.Writer, quiet bool) *Line {
	if quiet || !IsTerminal(w) {
		return nil
	}
	return &Line{w: w}
}

// Phase shows the name of what is being done now, such as "purging".
func (l *Line) Phase(name string) { l.Count(name, 0, 0) }

// Count shows a stage with a bar when total is known.
func (l *Line) Count(stage string, done, total int) {
	if l == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.drew = true
	if total <= 0 {
		fmt.Fprintf(l.w, "\r\033[K%s…", stage)
		return
	}
	const width = 30
	n := min(max(done, 0), total) * width / total
	fmt.Fprintf(l.w, "\r\033[K%-10s [%s%s] %d/%d", stage, strings.Repeat("#", n), strings.Repeat(".", width-n), done, total)
}

// Counter returns Count as a progress callback, or nil when silent, so a
// callee can skip the work of counting.
func (l *Line) Counter() func(stage string, done, total int) {
	if l == nil {
		return nil
	}
	return l.Count
}

// Writer returns a writer for a git server's progress messages (which
// redraw themselves with carriage returns), or nil when silent.
func (l *Line) Writer() io.Writer {
	if l == nil {
		return nil
	}
	return writerFunc(func(p []byte) (int, error) {
		l.mu.Lock()
		defer l.mu.Unlock()
		l.drew = true
		return l.w.Write(p)
	})
}

// Done clears the line, if anything was drawn.
func (l *Line) Done() {
	if l == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.drew {
		fmt.Fprint(l.w, "\r\033[K")
		l.drew = false
	}
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }

package objfile

import (
	"fmt"
	"sync"
)

// Reads that walk a pack in order are served from windows: runs of the
// pack's bytes read at once. memfs writes a tree's blobs in the order a
// walk visits them, so a mount listing a folder (one header per file) and
// pushing its files (one entry per file) reads the pack front to back;
// one positioned read of a window then replaces a few hundred small
// ones. Reads elsewhere in the pack read only what they need.

// windowBytes is the size of a window; windowsKept how many a pack keeps.
// A read of more than windowBytes/4 never goes through a window.
const (
	windowBytes = 256 << 10
	windowsKept = 4
)

// window is a run of a pack's bytes starting at off. refs counts its
// users, the pack's list of windows included; its buffer is reused once
// none is left.
type window struct {
	off  int64
	buf  []byte
	refs int
}

// windows are a pack's windows, and where its last read ended.
type windows struct {
	mu      sync.Mutex
	ws      [windowsKept]*window
	next    int
	lastEnd int64
	free    [][]byte
}

// sequential tells whether a read at off follows the reads before it
// closely enough to be worth a window: it starts near where one of them
// ended (two readers taking turns on one run of entries stay near).
func (w *windows) sequential(off int64) bool {
	d := off - w.lastEnd
	return d > -windowBytes/4 && d < windowBytes/4
}

// bytesAt returns the pack's bytes [off, off+n) from a window, loading one
// when the reads go in order; the window must be released once the bytes
// are no longer used. It returns nil when the bytes are to be read
// directly.
func (p *packFile) bytesAt(off, n int64) ([]byte, *window, error) {
	w := &p.win
	if n <= 0 || n > windowBytes/4 || off < 0 || off+n > p.size {
		return nil, nil, nil
	}
	w.mu.Lock()
	for _, win := range w.ws {
		if win != nil && off >= win.off && off+n <= win.off+int64(len(win.buf)) {
			win.refs++
			w.lastEnd = max(w.lastEnd, off+n)
			w.mu.Unlock()
			return win.buf[off-win.off : off-win.off+n], win, nil
		}
	}
	seq := w.sequential(off)
	w.lastEnd = max(w.lastEnd, off+n)
	if !seq {
		w.lastEnd = off + n
		w.mu.Unlock()
		return nil, nil, nil
	}
	var buf []byte
	if k := len(w.free); k > 0 {
		buf, w.free = w.free[k-1], w.free[:k-1]
	}
	w.mu.Unlock()
	if buf == nil {
		buf = make([]byte, windowBytes)
	}
	k, err := p.f.ReadAt(buf[:min(int64(windowBytes), p.size-off)], off)
	if int64(k) < n {
		w.mu.Lock()
		w.put(buf)
		w.mu.Unlock()
		return nil, nil, fmt.Errorf("read pack at %d: %w", off, err)
	}
	win := &window{off: off, buf: buf[:k], refs: 2}
	w.mu.Lock()
	if old := w.ws[w.next]; old != nil {
		w.release(old)
	}
	w.ws[w.next] = win
	w.next = (w.next + 1) % windowsKept
	w.mu.Unlock()
	return win.buf[:n], win, nil
}

// done releases a window bytesAt returned; nil is ignored.
func (p *packFile) done(win *window) {
	if win == nil {
		return
	}
	p.win.mu.Lock()
	p.win.release(win)
	p.win.mu.Unlock()
}

// release drops a reference to win. w.mu must be held.
func (w *windows) release(win *window) {
	if win.refs--; win.refs == 0 {
		w.put(win.buf[:cap(win.buf)])
		win.buf = nil
	}
}

// put keeps a buffer for the next window. w.mu must be held.
func (w *windows) put(buf []byte) {
	if len(w.free) < 2 {
		w.free = append(w.free, buf)
	}
}

// drop forgets the windows, so that the pack's bytes do not outlive its
// closing (a purged pack's content must not stay in memory); buffers in
// use are freed when released.
func (w *windows) drop() {
	w.mu.Lock()
	for i, win := range w.ws {
		if win != nil {
			w.release(win)
			w.ws[i] = nil
		}
	}
	w.free = nil
	w.mu.Unlock()
}

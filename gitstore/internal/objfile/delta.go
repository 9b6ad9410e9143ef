package objfile

import (
	"container/list"
	"errors"
	"fmt"
	"sync"
)

// Deltas. A pack entry of type OFSDelta or REFDelta holds, deflated, the
// instructions that make its object from a base object: the base's size
// and the result's size (7-bit varints, low bits first), then copy
// instructions (high bit set: up to 4 offset bytes and 3 size bytes into
// the base, flagged by the low 7 bits) and insert instructions (1-127
// literal bytes follow). An OFSDelta names its base by a distance back
// from its own offset in the same pack, a REFDelta by object id. The base
// may itself be a delta: a chain ends at a whole object, whose type is
// every link's.

// maxDeltaChain bounds the chains followed; git's own limit when packing
// is 50 by default and 4095 at most.
const maxDeltaChain = 10000

// ErrDelta is a delta that does not apply to its base.
var ErrDelta = errors.New("malformed delta")

// deltaHeader reads the base and result sizes at the start of a delta.
func deltaHeader(d []byte) (baseSize, resultSize int64, n int, err error) {
	read := func() (int64, error) {
		var v int64
		for shift := 0; shift < 63; shift += 7 {
			if n >= len(d) {
				return 0, fmt.Errorf("%w: truncated header", ErrDelta)
			}
			b := d[n]
			n++
			v |= int64(b&0x7f) << shift
			if b&0x80 == 0 {
				return v, nil
			}
		}
		return 0, fmt.Errorf("%w: size too long", ErrDelta)
	}
	if baseSize, err = read(); err != nil {
		return 0, 0, 0, err
	}
	if resultSize, err = read(); err != nil {
		return 0, 0, 0, err
	}
	return baseSize, resultSize, n, nil
}

// applyDelta makes the object a delta describes from its base, into a new
// slice.
func applyDelta(base, d []byte) ([]byte, error) {
	baseSize, size, n, err := deltaHeader(d)
	if err != nil {
		return nil, err
	}
	if baseSize != int64(len(base)) {
		return nil, fmt.Errorf("%w: base is %d bytes, the delta expects %d", ErrDelta, len(base), baseSize)
	}
	out := make([]byte, 0, size)
	d = d[n:]
	for len(d) > 0 {
		op := d[0]
		d = d[1:]
		if op&0x80 == 0 {
			if op == 0 || int(op) > len(d) {
				return nil, fmt.Errorf("%w: bad insert", ErrDelta)
			}
			out = append(out, d[:op]...)
			d = d[op:]
			continue
		}
		var off, cnt uint64
		for i := range 4 {
			if op&(1<<i) != 0 {
				if len(d) == 0 {
					return nil, fmt.Errorf("%w: truncated copy", ErrDelta)
				}
				off |= uint64(d[0]) << (8 * i)
				d = d[1:]
			}
		}
		for i := range 3 {
			if op&(0x10<<i) != 0 {
				if len(d) == 0 {
					return nil, fmt.Errorf("%w: truncated copy", ErrDelta)
				}
				cnt |= uint64(d[0]) << (8 * i)
				d = d[1:]
			}
		}
		if cnt == 0 {
			cnt = 0x10000
		}
		if off+cnt > uint64(len(base)) || int64(len(out))+int64(cnt) > size {
			return nil, fmt.Errorf("%w: copy out of range", ErrDelta)
		}
		out = append(out, base[off:off+cnt]...)
	}
	if int64(len(out)) != size {
		return nil, fmt.Errorf("%w: made %d bytes, declared %d", ErrDelta, len(out), size)
	}
	return out, nil
}

// parseOFS reads an OFSDelta's distance back to its base: 7 bits per
// byte, high bits first, each continuation adding one.
func parseOFS(b []byte) (dist int64, n int, err error) {
	if len(b) == 0 {
		return 0, 0, fmt.Errorf("%w: truncated base offset", ErrDelta)
	}
	c := b[0]
	dist = int64(c & 0x7f)
	n = 1
	for c&0x80 != 0 {
		if n >= len(b) || n > 9 {
			return 0, 0, fmt.Errorf("%w: bad base offset", ErrDelta)
		}
		c = b[n]
		n++
		dist = (dist+1)<<7 | int64(c&0x7f)
	}
	return dist, n, nil
}

// baseCache keeps recently made delta bases, by pack and offset, within a
// byte budget, least recently used first out: the idea of git's
// delta_base_cache. Reading the objects of one chain one after another
// then applies one delta each instead of the whole chain. Safe for
// parallel use. Cached slices are never handed out: callers get copies.
type baseCache struct {
	mu    sync.Mutex
	limit int
	used  int
	lru   *list.List // of *cached, most recent at the front
	m     map[baseKey]*list.Element
}

type baseKey struct {
	p   *packFile
	off int64
}

type cached struct {
	key baseKey
	typ Type
	b   []byte
}

func newBaseCache(limit int) *baseCache {
	return &baseCache{limit: limit, lru: list.New(), m: map[baseKey]*list.Element{}}
}

func (c *baseCache) get(p *packFile, off int64) (Type, []byte, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.m[baseKey{p, off}]
	if !ok {
		return Invalid, nil, false
	}
	c.lru.MoveToFront(e)
	v := e.Value.(*cached)
	return v.typ, v.b, true
}

// put keeps b, which the caller must not modify afterwards.
func (c *baseCache) put(p *packFile, off int64, typ Type, b []byte) {
	if len(b) > c.limit/4 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	k := baseKey{p, off}
	if _, ok := c.m[k]; ok {
		return
	}
	c.m[k] = c.lru.PushFront(&cached{key: k, typ: typ, b: b})
	c.used += len(b)
	for c.used > c.limit {
		c.remove(c.lru.Back())
	}
}

func (c *baseCache) remove(e *list.Element) {
	v := e.Value.(*cached)
	c.lru.Remove(e)
	delete(c.m, v.key)
	c.used -= len(v.b)
}

// dropPack forgets every base of a pack, or every base when p is nil.
func (c *baseCache) dropPack(p *packFile) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for e := c.lru.Front(); e != nil; {
		next := e.Next()
		if p == nil || e.Value.(*cached).key.p == p {
			c.remove(e)
		}
		e = next
	}
}

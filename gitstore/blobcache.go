package gitstore

import (
	"container/list"
	"sync"
)

// blobCache keeps decompressed blobs by object id, bounded by total bytes.
// A blob id names immutable content, so entries never go stale; eviction is
// least recently used.
type blobCache struct {
	max int64

	// mu guards everything below.
	mu    sync.Mutex
	size  int64
	order *list.List // of *blobEntry, most recent first
	byID  map[ID]*list.Element
}

type blobEntry struct {
	id   ID
	data []byte
}

func newBlobCache(max int64) *blobCache {
	return &blobCache{max: max, order: list.New(), byID: map[ID]*list.Element{}}
}

func (c *blobCache) get(id ID) ([]byte, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.byID[id]; ok {
		c.order.MoveToFront(e)
		return e.Value.(*blobEntry).data, true
	}
	return nil, false
}

func (c *blobCache) put(id ID, data []byte) {
	n := int64(len(data))
	if n > c.max/4 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.byID[id]; ok {
		return
	}
	c.byID[id] = c.order.PushFront(&blobEntry{id: id, data: data})
	c.size += n
	for c.size > c.max {
		last := c.order.Back()
		be := last.Value.(*blobEntry)
		c.order.Remove(last)
		delete(c.byID, be.id)
		c.size -= int64(len(be.data))
	}
}

// drop forgets every cached blob.
func (c *blobCache) drop() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.order.Init()
	c.byID = map[ID]*list.Element{}
	c.size = 0
}

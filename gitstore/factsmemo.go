package gitstore

import (
	"sync"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/memfs/memfs/validate"
	"github.com/memfs/memfs/wiki"
)

// maxMemoFacts bounds the facts memo: a few scopes at the default
// max_files, with room for the versions a run of publications leaves.
const maxMemoFacts = 8192

// factsMemo remembers, for the process's lifetime, the validation facts
// of contents by blob id and kind (validate.Analyze's answer depends on
// both), so that a publication whose files mostly equal its base does not
// parse them again: a dream run stages its memory in a new folder each
// time, where the stat cache, keyed by folder, never helps.
//
// What invalidates an entry: nothing about its content, which its blob id
// names; but the facts' GuardEpoch says under which marker set the content
// was found clean, and validation accepts remembered facts under a guard
// only when that epoch is the guard's current one (validate.Options.Known),
// so a marker added since re-reads and re-checks the content. DropCaches
// (every forget, every import) empties the memo; when full it is emptied
// too. Safe for concurrent use.
type factsMemo struct {
	mu sync.Mutex
	m  map[factsKey]validate.Facts
}

type factsKey struct {
	id   ID
	kind wiki.Kind
}

func newFactsMemo() *factsMemo { return &factsMemo{m: map[factsKey]validate.Facts{}} }

func (c *factsMemo) get(id ID, kind wiki.Kind) (validate.Facts, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	f, ok := c.m[factsKey{id, kind}]
	return f, ok
}

// put remembers facts. Facts no guard checked do not replace facts a
// guard found clean: both describe the same content, and the guard's
// epoch is what lets validation skip the content.
func (c *factsMemo) put(id ID, kind wiki.Kind, f validate.Facts) {
	c.mu.Lock()
	defer c.mu.Unlock()
	k := factsKey{id, kind}
	if old, ok := c.m[k]; ok && f.GuardEpoch == "" && old.GuardEpoch != "" {
		return
	}
	if _, ok := c.m[k]; !ok && len(c.m) >= maxMemoFacts {
		clear(c.m)
	}
	c.m[k] = f
}

func (c *factsMemo) drop() {
	c.mu.Lock()
	defer c.mu.Unlock()
	clear(c.m)
}

// BlobID is the git blob id of content.
func BlobID(content []byte) ID { return ID(plumbing.ComputeHash(plumbing.BlobObject, content)) }

// KnownFacts returns the validation facts the store remembers for content
// of kind (validate.Analyze's, with the GuardEpoch under which the content
// was found clean, if any), as validate.Options.Known asks. Only what
// this process validated or read is known; see factsMemo.
func (s *Store) KnownFacts(kind wiki.Kind, content []byte) (validate.Facts, bool) {
	return s.facts.get(BlobID(content), kind)
}

package transcript

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/memfs/memfs/internal/jsonscan"
)

// MaxLineBytes is the longest transcript line that is read. Longer lines (a
// pasted multi-megabyte image, say) are skipped and reported in the notes;
// they are never held in memory.
const MaxLineBytes = 16 << 20

// node is one indexed transcript line: where it is, what it links to, and a
// hash to verify it when it is read again. It holds no transcript text.
type node struct {
	off    int64  // offset of the line in the file
	key    uint64 // hash of the entry id (tree formats), 0 if none
	parKey uint64 // hash of the parent id (or logical parent), 0 if null
	sum    uint32 // CRC-32C of the line bytes
	n      int32  // length of the line without its terminator
	ln     int32  // 1-based line number
	kind   uint8  // format-specific kind
	flags  uint8
	aux    uint16 // format-specific (Codex: turns rolled back)
}

const (
	// flagLinear: this node's parent is the previous live node in file order.
	flagLinear uint8 = 1 << iota
	// flagLogical: parKey is a logical parent across a compaction boundary.
	flagLogical
	// flagSkip: never evidence (harness line, mirror of another line).
	flagSkip
)

const chunkBits = 13

// index is what one streaming pass over a transcript leaves behind: an array
// of nodes, an id table, and the session's metadata.
type index struct {
	indexer indexer // the format's own side of the pass
	path    string
	chunks  [][]node
	n       int32
	ids     idTable

	bytes    int64 // end of the last complete line read
	lines    int32 // complete lines read
	invalid  int   // lines that are not JSON objects of the format
	oversize int   // lines longer than MaxLineBytes
	overLine int32 // the first of them, 1-based; 0 if none
	orphan   int32 // line of the branch's first entry, whose parent is missing (Pi); 0 if none

	session    string
	cwd        string
	forkedFrom string
	root       bool

	leaf int32 // default cursor node, -1 if none
}

// indexer is the indexing side of one transcript format: what its lines
// mean to the index, whether a pass found a transcript of the format, and
// how its active branch runs. newIndexer returns a fresh one for each
// pass, so it keeps the format's own state across the lines of that pass
// (a header seen, a version, compactions to apply). It also makes the
// format's projector, the projection side.
//
// add runs once per line: it must not allocate for a line it does not
// keep, and the state it keeps is per pass, never per line.
type indexer interface {
	// add indexes one complete, non-empty line of at most MaxLineBytes
	// that starts at off and is numbered ln (1-based).
	add(ix *index, line []byte, off int64, ln int32)
	// oversize is told of a line over MaxLineBytes, which is skipped.
	oversize(ix *index)
	// finish runs after the last line: it settles ix.leaf, or says the
	// file was not a transcript of the format (an *Error).
	finish(ix *index) error
	// synthetic reports whether entry ids are made up by this package
	// ("line:N", see lineID) because the format has none.
	synthetic() bool
	// idMember names the member of a line that holds its entry id.
	idMember() string
	// branch returns the node indices from the root to leaf (>= 0), in
	// order; it may set ix.orphan.
	branch(ix *index, leaf int32) []int32
	// projector returns a projector of the format for a new pass.
	projector() projector
}

func (ix *index) node(i int32) *node {
	return &ix.chunks[i>>chunkBits][i&(1<<chunkBits-1)]
}

func (ix *index) push(nd node) int32 {
	c := int(ix.n >> chunkBits)
	if c == len(ix.chunks) {
		ix.chunks = append(ix.chunks, make([]node, 0, 1<<chunkBits))
	}
	ix.chunks[c] = append(ix.chunks[c], nd)
	ix.n++
	return ix.n - 1
}

// hashIDString hashes an entry id with FNV-1a (64 bits, never 0). Ids come
// from the agents (uuids, random hex), not from what users type; a fixed
// hash keeps every pass, and every fuzz run, deterministic.
func (ix *index) hashIDString(id string) uint64 { return fnv64(id) }

// idKey hashes a string id value, 0 if it is not one (or is empty). An id
// written without escapes in valid UTF-8 decodes to its own bytes, so those
// are hashed in place: indexing runs once per line and would otherwise
// copy every id, parent id and session id into a string only to hash it.
func (ix *index) idKey(v []byte) uint64 {
	if raw, ok := jsonscan.RawString(v); ok && v[len(v)-1] == '"' && utf8.Valid(raw) {
		if len(raw) == 0 {
			return 0
		}
		return fnv64(raw)
	}
	if id := jsonscan.String(v); id != "" {
		return ix.hashIDString(id)
	}
	return 0
}

// setString sets *dst to the string value v decodes to, unless v is not a
// non-empty string or already says *dst (checked without a copy).
func setString(dst *string, v []byte) {
	if raw, ok := jsonscan.RawString(v); ok && string(raw) == *dst {
		return
	}
	if s := jsonscan.String(v); s != "" {
		*dst = s
	}
}

func fnv64[T ~string | ~[]byte](s T) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	if h == 0 {
		h = 1
	}
	return h
}

// live reports whether node i is the occurrence its id resolves to (a later
// line with the same id replaces an earlier one, as the agents' own loaders
// do).
func (ix *index) live(i int32) bool {
	nd := ix.node(i)
	if nd.key == 0 {
		return true
	}
	return ix.id(nd.key) == i
}

func (ix *index) prevLive(i int32) int32 {
	for j := i - 1; j >= 0; j-- {
		if ix.live(j) {
			return j
		}
	}
	return -1
}

// idTable maps id hashes to node indices with open addressing. A slot holds
// a node index plus one (0 marks an empty slot), and the hash it stands for
// is that node's key: the keys are not stored twice, so the table costs four
// bytes a slot, a third of a table of keys and values.
type idTable struct {
	slots []int32
	used  int
}

// id returns the node whose key is k, -1 if none.
func (ix *index) id(k uint64) int32 {
	t := &ix.ids
	if len(t.slots) == 0 {
		return -1
	}
	mask := uint64(len(t.slots) - 1)
	for i := k & mask; ; i = (i + 1) & mask {
		v := t.slots[i]
		if v == 0 {
			return -1
		}
		if ix.node(v-1).key == k {
			return v - 1
		}
	}
}

// setID makes node v the one of its key, and reports whether another
// node had that key.
func (ix *index) setID(v int32) bool {
	t := &ix.ids
	if (t.used+1)*4 >= len(t.slots)*3 {
		ix.growIDs()
	}
	k := ix.node(v).key
	mask := uint64(len(t.slots) - 1)
	for i := k & mask; ; i = (i + 1) & mask {
		switch w := t.slots[i]; {
		case w == 0:
			t.slots[i] = v + 1
			t.used++
			return false
		case ix.node(w-1).key == k:
			t.slots[i] = v + 1
			return true
		}
	}
}

func (ix *index) growIDs() {
	t := &ix.ids
	size := 1024
	if len(t.slots) > 0 {
		size = len(t.slots) * 2
	}
	old := t.slots
	t.slots, t.used = make([]int32, size), 0
	mask := uint64(size - 1)
	for _, v := range old {
		if v == 0 {
			continue
		}
		i := ix.node(v-1).key & mask
		for t.slots[i] != 0 {
			i = (i + 1) & mask
		}
		t.slots[i] = v
		t.used++
	}
}

// lineScanner reads complete lines with a bounded buffer. A final line
// without a newline is not returned: the agent may still be writing it.
type lineScanner struct {
	r   *bufio.Reader
	off int64
	ln  int32
	buf []byte
}

// scanBufBytes is the line scanner's buffer for a reader of unknown size.
const scanBufBytes = 1 << 20

// newLineScanner sizes its buffer to r when r tells its size (an
// io.SectionReader does), so a short transcript does not cost a 1 MiB
// buffer per pass; the fuzzers run thousands of such passes a second.
func newLineScanner(r io.Reader) *lineScanner {
	n := scanBufBytes
	if s, ok := r.(interface{ Size() int64 }); ok && s.Size() < int64(n) {
		n = int(s.Size()) + 1
	}
	return &lineScanner{r: bufio.NewReaderSize(r, n)}
}

// next returns the next complete line without its terminator (and without a
// trailing CR). over is true for a line longer than MaxLineBytes, which is
// consumed but not returned. At the end it returns io.EOF, leaving off at the
// end of the last complete line.
func (s *lineScanner) next() (line []byte, start int64, over bool, err error) {
	start = s.off
	s.buf = s.buf[:0]
	for {
		chunk, rerr := s.r.ReadSlice('\n')
		s.off += int64(len(chunk))
		switch {
		case over:
		case len(s.buf)+len(chunk) > MaxLineBytes+1:
			over = true
			s.buf = s.buf[:0]
			line = nil
		case rerr == nil && len(s.buf) == 0:
			line = chunk
		default:
			s.buf = append(s.buf, chunk...)
			line = s.buf
		}
		if errors.Is(rerr, bufio.ErrBufferFull) {
			continue
		}
		if rerr != nil {
			s.off = start
			if errors.Is(rerr, io.EOF) {
				return nil, start, false, io.EOF
			}
			return nil, start, false, rerr
		}
		s.ln++
		if over {
			return nil, start, true, nil
		}
		line = line[:len(line)-1]
		if len(line) > 0 && line[len(line)-1] == '\r' {
			line = line[:len(line)-1]
		}
		return line, start, false, nil
	}
}

// buildIndex makes one pass over r (the whole transcript, or its first
// checkpointed bytes) and indexes it as format f.
func buildIndex(ctx context.Context, path string, r io.Reader, f Format) (*index, error) {
	fi, ok := newIndexer(f)
	if !ok {
		return nil, newErr(CodeInvalidSource, path, fmt.Sprintf("unknown format %q", string(f)), nil)
	}
	ix := &index{indexer: fi, path: path, leaf: -1, root: true}
	sc := newLineScanner(r)
	for {
		if sc.ln&1023 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, fmt.Errorf("evidence: %s: %w", path, err)
			}
		}
		line, off, over, err := sc.next()
		if err != nil {
			if errors.Is(err, io.EOF) {
				break
			}
			return nil, newErr(CodeSourceUnavailable, path, "read failed", err)
		}
		ix.bytes = sc.off
		ix.lines = sc.ln
		if over {
			ix.oversize++
			if ix.overLine == 0 {
				ix.overLine = sc.ln
			}
			fi.oversize(ix)
			continue
		}
		if len(line) == 0 {
			continue
		}
		fi.add(ix, line, off, sc.ln)
	}
	return ix, fi.finish(ix)
}

// overErr reports a transcript left without entries because a line was
// over MaxLineBytes, naming that line and the limit.
func (ix *index) overErr(then string) error {
	return newErr(CodeInvalidSource, ix.path, fmt.Sprintf("line %d is longer than the %d-byte line limit and was skipped; %s", ix.overLine, MaxLineBytes, then), nil)
}

// lineID is the synthetic entry id of the line numbered ln, for formats
// without ids: what a cursor names and what items carry.
func lineID(ln int32) string { return "line:" + strconv.Itoa(int(ln)) }

// synthetic reports whether entry ids are made up by this package (formats
// without ids: Pi v1 and Codex).
func (ix *index) synthetic() bool { return ix.indexer.synthetic() }

// lookup resolves a cursor to a node.
func (ix *index) lookup(cursor string) int32 {
	if ix.synthetic() {
		var ln int32
		if _, err := fmt.Sscanf(cursor, "line:%d", &ln); err != nil || lineID(ln) != cursor {
			return -1
		}
		lo, hi := int32(0), ix.n
		for lo < hi {
			m := lo + (hi-lo)/2
			if ix.node(m).ln < ln {
				lo = m + 1
			} else {
				hi = m
			}
		}
		if lo < ix.n && ix.node(lo).ln == ln {
			return lo
		}
		return -1
	}
	if cursor == "" {
		return -1
	}
	return ix.id(ix.hashIDString(cursor))
}

// branch returns the node indices from the root to node leaf, in order.
func (ix *index) branch(leaf int32) []int32 {
	if leaf < 0 {
		return nil
	}
	ix.orphan = 0
	return ix.indexer.branch(ix, leaf)
}

// keep narrows the index to the nodes of br that want accepts (a
// projector's wants), in br's order, and returns their positions (0, 1, …)
// in br's array. Once a branch is chosen a pass reads only the nodes it
// projects, so the rest (progress lines, side chains, dead branches) and
// the id table need not stay in memory while the branch is projected; a
// walk skips the nodes its projector does not want, so it sees the same
// items either way. An old chunk is dropped as soon as the copy is past
// its last node on the branch, so the old and the new nodes are never all
// held at once. After keep, ids are unknown (lookup finds nothing) and
// leaf is the last node kept.
func (ix *index) keep(br []int32, want func(*node) bool) []int32 {
	last := make([]int, len(ix.chunks)) // 1 + position in br of each chunk's last node on the branch
	for pos, i := range br {
		last[i>>chunkBits] = pos + 1
	}
	old := ix.chunks
	for c := range old {
		if last[c] == 0 {
			old[c] = nil // no node of the branch
		}
	}
	ix.chunks, ix.n, ix.ids = nil, 0, idTable{}
	out := br[:0]
	for pos, i := range br {
		c := i >> chunkBits
		if nd := &old[c][i&(1<<chunkBits-1)]; want(nd) {
			out = append(out, ix.push(*nd))
		}
		if last[c] == pos+1 {
			old[c] = nil
		}
	}
	ix.leaf = ix.n - 1
	return out
}

// chain returns the nodes from the root to leaf of a tree format, in
// order: parent leads from a node to its parent (-1 at a root). A node met
// twice (a Claude cycle; Pi refuses them) ends the walk.
func (ix *index) chain(leaf int32, parent func(int32) int32) []int32 {
	seen := make([]uint64, (ix.n+63)/64)
	var out []int32
	for cur := leaf; cur >= 0; cur = parent(cur) {
		if seen[cur>>6]&(1<<(cur&63)) != 0 {
			break
		}
		seen[cur>>6] |= 1 << (cur & 63)
		out = append(out, cur)
	}
	slices.Reverse(out)
	return out
}

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// sum checksums a whole line (CRC-32C, hardware-assisted), to verify it when
// it is read again.
func (ix *index) sum(line []byte) uint32 { return crc32.Checksum(line, castagnoli) }

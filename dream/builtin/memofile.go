package builtin

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"io"
	"maps"
	"os"
	"slices"
	"strings"
	"syscall"

	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/internal/fsutil"
)

// Keeping the memo between processes. Each memfs dream process starts
// with an empty PageMemo, so its run would read and scan every page: the
// largest part of a run's cost once memory holds thousands of facts. The
// dream runner names a file beside the scope's kept folder (the memo
// file, dream.MemoAware): a run's memo starts from what it holds, and
// once the run published, the runner has the memo write there the scans
// of the pages the run met. With the runner's stat cache (Dreamer.Known)
// a run then reads only the pages that changed since the last one.
//
// The file holds memory content, as the kept folder does, and goes with
// it: a forget and the settling of markers an import brought remove both.
// It is stamped with the erasure guard's epoch, and a memo of another
// epoch takes nothing from it, so a file a forget missed (written by a
// run it did not cancel) brings nothing forgotten back. What it holds is
// checked as a cache is: every record carries its length and a CRC-32C,
// and a record that does not decode is a scan not made, so a torn or
// stray file costs a scan and changes no memory.
//
// Layout: memoMagic, the rules version (rulesVersion, uvarint: a scan
// reads what those rules wrote, and ranks by them), the epoch (uvarint
// length, bytes), then records:
// the payload's length (uint32, little endian), its CRC-32C, the payload.
// A payload is a page's blob id, its scan (memoEncode) and what the memo
// remembers of it (page.until, page.dated). A later record of an id
// replaces an earlier one. A run appends the records of what changed;
// when the records no page holds outweigh the others the file is
// written anew (fsutil.ReplaceFile).

// memoMagic opens a memo file; its number changes with the layout, or
// with what a scan reads of a page.
const memoMagic = "memfs builtin memo 1\n"

// maxMemoFile bounds the memo file read: larger is not the builtin's.
const maxMemoFile = 1 << 30

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// memoFile is what a PageMemo knows of its file: the records read from
// it or written to it, by blob id, their payloads while not decoded.
type memoFile struct {
	path  string
	epoch string
	// size is the file's size as last read or written, -1 when it must
	// be written anew; records is each id's record size in it; unread
	// holds the payloads not decoded yet.
	size    int64
	records map[gitstore.ID]int
	unread  map[gitstore.ID]string
	// changed are the ids whose record no longer says what the memo
	// remembers of the page (until, dated).
	changed map[gitstore.ID]bool
}

// openMemoFile makes the memo of mo's epoch start from path (its
// records are decoded as the run meets their pages): a missing or
// foreign file starts nothing, a torn one the records before the tear;
// either is written anew. Called with mo.mu held.
func (mo *PageMemo) openMemoFile(path string) {
	if path == "" || mo.file != nil && mo.file.path == path && mo.file.epoch == mo.epoch {
		return
	}
	f := &memoFile{path: path, epoch: mo.epoch, size: -1, records: map[gitstore.ID]int{}, unread: map[gitstore.ID]string{}, changed: map[gitstore.ID]bool{}}
	mo.file = f
	b, err := readMemoFile(path)
	if err != nil {
		return
	}
	rest, ok := bytes.CutPrefix(b, []byte(memoMagic))
	if !ok {
		return
	}
	v, k := binary.Uvarint(rest)
	if k <= 0 || v != rulesVersion {
		return // written by other rules
	}
	rest = rest[k:]
	n, k := binary.Uvarint(rest)
	if k <= 0 || n > uint64(len(rest)-k) || string(rest[k:k+int(n)]) != mo.epoch {
		return
	}
	rest = rest[k+int(n):]
	// The records are checked on the bytes read, then their payloads
	// made parts of one string.
	type span struct {
		id       gitstore.ID
		off, end int
	}
	var spans []span
	torn := false
	for len(rest) > 0 {
		payload, next, ok := memoRecord(rest)
		if !ok {
			// A record torn or damaged, and what follows it, are
			// scans not made; the file is written anew.
			torn = true
			break
		}
		off := len(b) - len(rest) + 8
		spans = append(spans, span{gitstore.ID(payload[:len(gitstore.ID{})]), off, off + len(payload)})
		rest = next
	}
	content := string(b)
	for _, sp := range spans {
		f.records[sp.id] = sp.end - sp.off + 8
		if _, have := mo.pages[sp.id]; !have {
			f.unread[sp.id] = content[sp.off:sp.end]
		}
	}
	if !torn {
		f.size = int64(len(b))
	}
}

// readMemoFile reads the file at path: no symbolic link, nothing but a
// regular file.
func readMemoFile(path string) ([]byte, error) {
	fd, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NOFOLLOW|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	defer fd.Close()
	fi, err := fd.Stat()
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() || fi.Size() > maxMemoFile {
		return nil, errors.New("not a memo file")
	}
	b := make([]byte, fi.Size())
	n, err := io.ReadFull(fd, b)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) {
		return nil, err
	}
	return b[:n], nil
}

// memoRecord splits the record heading s from what follows it; ok is
// false for a record torn or damaged.
func memoRecord(s []byte) (payload, rest []byte, ok bool) {
	if len(s) < 8 {
		return nil, nil, false
	}
	n := uint64(binary.LittleEndian.Uint32(s[:4]))
	sum := binary.LittleEndian.Uint32(s[4:8])
	if n < uint64(len(gitstore.ID{})) || n > uint64(len(s)-8) {
		return nil, nil, false
	}
	payload = s[8 : 8+n]
	if crc32.Update(0, castagnoli, payload) != sum {
		return nil, nil, false
	}
	return payload, s[8+n:], true
}

// fromFile returns the scan of blob id the memo file holds, decoding it
// now; called with mo.mu held.
func (mo *PageMemo) fromFile(id gitstore.ID) (page, bool) {
	if mo.file == nil {
		return page{}, false
	}
	payload, ok := mo.file.unread[id]
	if !ok {
		return page{}, false
	}
	delete(mo.file.unread, id)
	pg, ok := memoDecode(payload)
	if !ok {
		delete(mo.file.records, id) // written again with the page's next scan
		return page{}, false
	}
	mo.pages[id] = pg
	return pg, true
}

// SaveFile writes to path the scans of the pages the last run met, with
// what the memo remembers of them: appended to the file the memo started
// from, or the file written anew when it is another, of another epoch,
// torn, or mostly records no page holds. It is what the dream runner
// calls once the run published (dream.MemoAware).
func (mo *PageMemo) SaveFile(path string) error {
	if mo == nil || path == "" {
		return nil
	}
	mo.mu.Lock()
	defer mo.mu.Unlock()
	f := mo.file
	if f == nil || f.path != path || f.epoch != mo.epoch || f.size < 0 {
		return mo.rewriteMemoFile(path)
	}
	live := 0
	var add []gitstore.ID
	for id := range mo.pages {
		n, ok := f.records[id]
		live += n
		if !ok || f.changed[id] {
			add = append(add, id)
		}
	}
	if dead := int(f.size) - len(memoHeader(mo.epoch)) - live; dead > live && dead > 1<<16 {
		return mo.rewriteMemoFile(path)
	}
	if len(add) == 0 {
		return nil
	}
	slices.SortFunc(add, func(a, b gitstore.ID) int { return strings.Compare(string(a[:]), string(b[:])) })
	var buf []byte
	sizes := make([]int, len(add))
	for i, id := range add {
		n := len(buf)
		buf = appendMemoRecord(buf, id, mo.pages[id])
		sizes[i] = len(buf) - n
	}
	fd, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|syscall.O_NOFOLLOW|syscall.O_NONBLOCK, 0)
	if err != nil {
		return mo.rewriteMemoFile(path)
	}
	defer fd.Close()
	if fi, err := fd.Stat(); err != nil || !fi.Mode().IsRegular() || fi.Size() != f.size {
		// Changed since it was read: written anew.
		return mo.rewriteMemoFile(path)
	}
	if _, err := fd.Write(buf); err != nil {
		f.size = -1
		return err
	}
	f.size += int64(len(buf))
	for i, id := range add {
		f.records[id] = sizes[i]
		delete(f.changed, id)
	}
	return nil
}

// memoHeader is the file's start for epoch.
func memoHeader(epoch string) []byte {
	b := binary.AppendUvarint([]byte(memoMagic), rulesVersion)
	b = binary.AppendUvarint(b, uint64(len(epoch)))
	return append(b, epoch...)
}

// rewriteMemoFile writes path anew with the memo's pages; called with
// mo.mu held.
func (mo *PageMemo) rewriteMemoFile(path string) error {
	ids := slices.SortedFunc(maps.Keys(mo.pages), func(a, b gitstore.ID) int { return strings.Compare(string(a[:]), string(b[:])) })
	buf := memoHeader(mo.epoch)
	f := &memoFile{path: path, epoch: mo.epoch, size: -1, records: make(map[gitstore.ID]int, len(ids)), unread: map[gitstore.ID]string{}, changed: map[gitstore.ID]bool{}}
	mo.file = f
	for _, id := range ids {
		n := len(buf)
		buf = appendMemoRecord(buf, id, mo.pages[id])
		f.records[id] = len(buf) - n
	}
	if err := fsutil.ReplaceFile(path, buf, 0o600); err != nil {
		return err
	}
	f.size = int64(len(buf))
	return nil
}

// appendMemoRecord appends the record of page pg, of blob id id.
func appendMemoRecord(buf []byte, id gitstore.ID, pg page) []byte {
	start := len(buf)
	buf = append(buf, 0, 0, 0, 0, 0, 0, 0, 0)
	buf = append(buf, id[:]...)
	buf = memoEncode(buf, pg)
	payload := buf[start+8:]
	binary.LittleEndian.PutUint32(buf[start:], uint32(len(payload)))
	binary.LittleEndian.PutUint32(buf[start+4:], crc32.Update(0, castagnoli, payload))
	return buf
}

// Page flags of a record.
const (
	memoStale = 1 << iota
	memoSubjectless
)

// memoEncode appends what scanPage read of a page, and what the memo
// remembers of it. The page's content is not kept (page.unread): a run
// reads it from the page's file when it needs it, for the few pages it
// parses in full. A string equal to another the record holds before it
// (a claim's index line, its text) is written as a reference to it.
func memoEncode(buf []byte, pg page) []byte {
	var flags byte
	if pg.stale {
		flags |= memoStale
	}
	if pg.subjectless {
		flags |= memoSubjectless
	}
	buf = append(buf, flags, byte(pg.until), byte(pg.dated))
	buf = binary.AppendVarint(buf, int64(pg.rules))
	buf = binary.AppendVarint(buf, pg.size)
	buf = appendMemoRef(buf, "", pg.area)
	buf = appendMemoRef(buf, "", pg.topic)
	buf = appendMemoRef(buf, "", pg.blob)
	buf = binary.AppendUvarint(buf, uint64(len(pg.stubs)))
	for _, s := range pg.stubs {
		buf = appendMemoRef(buf, "", s.text)
		buf = appendMemoRef(buf, pg.area, s.area)
		buf = appendMemoRef(buf, "", s.kind)
		buf = appendMemoRef(buf, "", s.sources)
		buf = appendMemoRef(buf, s.text, s.line)
		buf = binary.AppendVarint(buf, int64(s.seen))
		buf = binary.AppendVarint(buf, int64(s.since))
		buf = binary.AppendVarint(buf, int64(s.key))
		cur := byte(0)
		if s.current {
			cur = 1
		}
		buf = append(buf, cur)
	}
	return buf
}

// appendMemoRef appends s: 1 when it is prev (not empty), else its
// length doubled and its bytes.
func appendMemoRef(buf []byte, prev, s string) []byte {
	if s != "" && s == prev {
		return append(buf, 1)
	}
	buf = binary.AppendUvarint(buf, uint64(len(s))<<1)
	return append(buf, s...)
}

// memoDecoder reads a record's payload; a read past its end sets bad.
type memoDecoder struct {
	s   string
	bad bool
}

func (d *memoDecoder) byte() byte {
	if len(d.s) == 0 {
		d.bad = true
		return 0
	}
	b := d.s[0]
	d.s = d.s[1:]
	return b
}

func (d *memoDecoder) uvarint() uint64 {
	v, n := binary.Uvarint([]byte(d.s[:min(len(d.s), binary.MaxVarintLen64)]))
	if n <= 0 {
		d.bad = true
		return 0
	}
	d.s = d.s[n:]
	return v
}

// varint reads what binary.AppendVarint wrote: a uvarint, zig-zag
// encoded.
func (d *memoDecoder) varint() int64 {
	ux := d.uvarint()
	x := int64(ux >> 1)
	if ux&1 != 0 {
		x = ^x
	}
	return x
}

func (d *memoDecoder) int() int {
	v := d.varint()
	if v != int64(int(v)) {
		d.bad = true
	}
	return int(v)
}

// ref reads what appendMemoRef wrote, prev the string it may refer to.
func (d *memoDecoder) ref(prev string) string {
	v := d.uvarint()
	if v&1 == 1 {
		if v != 1 || prev == "" {
			d.bad = true
		}
		return prev
	}
	n := v >> 1
	if n > uint64(len(d.s)) {
		d.bad = true
		return ""
	}
	t := d.s[:n]
	d.s = d.s[n:]
	return t
}

// memoDecode reads back a record's payload (its blob id first) as
// memoEncode wrote it; ok is false for one that does not decode.
func memoDecode(payload string) (pg page, ok bool) {
	d := &memoDecoder{s: payload[len(gitstore.ID{}):]}
	flags := d.byte()
	pg.stale, pg.subjectless = flags&memoStale != 0, flags&memoSubjectless != 0
	pg.until, pg.dated = int8(d.byte()), int8(d.byte())
	pg.rules = d.int()
	pg.size = d.varint()
	pg.area = d.ref("")
	pg.topic = d.ref("")
	pg.blob = d.ref("")
	n := d.uvarint()
	if d.bad || n > uint64(len(d.s)) || pg.size < 0 {
		return page{}, false
	}
	pg.stubs = make([]stub, n)
	for i := range pg.stubs {
		s := &pg.stubs[i]
		s.text = d.ref("")
		s.area = d.ref(pg.area)
		s.kind = d.ref("")
		s.sources = d.ref("")
		s.line = d.ref(s.text)
		s.seen, s.since, s.key = d.int(), d.int(), d.int()
		s.current = d.byte() == 1
	}
	if d.bad || len(d.s) != 0 || pg.until < 0 || pg.until > 2 || pg.dated < 0 || pg.dated > 2 {
		return page{}, false
	}
	pg.unread = true
	return pg, true
}

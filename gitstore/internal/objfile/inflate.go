package objfile

import (
	"encoding/binary"
	"errors"
	"hash/adler32"
	"math/bits"
	"sync"
)

// A whole-buffer zlib decoder for pack entries: the compressed stream is
// in memory and the object's size is known from its header, so the output
// is decoded straight into a buffer of exactly that size, which is also
// the deflate window. A streaming decoder (compress/flate) decodes into a
// window of its own and copies out of it, reads its input a byte at a
// time through an interface, and keeps a 32-bit bit buffer; here the bit
// buffer is 64 bits wide, refilled eight bytes at once, and one refill
// covers a whole length/distance pair. The stream's adler32 is verified,
// as git does when it inflates an object (it requires Z_STREAM_END, which
// zlib reports only after the checksum matched).

// errCorrupt reports a zlib stream that is malformed, or that does not
// hold exactly the object's size.
var errCorrupt = errors.New("corrupt zlib stream")

// Table entries, one uint32 each: bits 0-7 are the bits the symbol takes,
// its code and the extra bits that follow it together, bits 8-11 the
// code's own length (for a subtable pointer, the subtable's index bits),
// bits 16-31 the value (a literal byte, a base length or distance, a
// subtable's start); the flags say what it is. One shift then consumes a
// length or a distance whole, and the extra bits are taken from the bits
// before it. The entries of symbols (litEntries, distEntries) hold their
// extra bits' count in bits 8-11 until a table is built from them.
const (
	eLiteral = 1 << 15
	eSub     = 1 << 14
	eEnd     = 1 << 13 // end of block
	eBad     = 1 << 12 // a symbol the format does not define, or no code
)

// Primary table index bits: codes longer than these go through a
// subtable. The literal/length table is rebuilt for each dynamic block,
// so its size is a trade between build and lookup cost.
const (
	litBits  = 10
	distBits = 8
	preBits  = 7
)

// Table sizes: the primary table and, for each code longer than the
// primary bits, at most one subtable of 2^(15-bits) entries.
const (
	litTableLen  = 1<<litBits + 288<<(15-litBits)
	distTableLen = 1<<distBits + 32<<(15-distBits)
)

var (
	lengthBase  = [29]uint16{3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258}
	lengthExtra = [29]uint8{0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0}
	distBase    = [30]uint16{1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577}
	distExtra   = [30]uint8{0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13}
	// preOrder is the order of the code length code's lengths.
	preOrder = [19]uint8{16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15}
)

// The table entries of each alphabet's symbols, never changed once made:
// literal/length, distance, and code length code (the symbol itself).
var (
	litEntries = func() (t [288]uint32) {
		for sym := range t {
			switch {
			case sym < 256:
				t[sym] = uint32(sym)<<16 | eLiteral
			case sym == 256:
				t[sym] = eEnd
			case sym < 286:
				i := sym - 257
				t[sym] = uint32(lengthBase[i])<<16 | uint32(lengthExtra[i])<<8
			default:
				t[sym] = eBad
			}
		}
		return t
	}()
	distEntries = func() (t [32]uint32) {
		for sym := range t {
			t[sym] = eBad
			if sym < 30 {
				t[sym] = uint32(distBase[sym])<<16 | uint32(distExtra[sym])<<8
			}
		}
		return t
	}()
	preEntries = func() (t [19]uint32) {
		for sym := range t {
			t[sym] = uint32(sym) << 16
		}
		return t
	}()
)

// buildTable fills table with the canonical Huffman code of lens (0: no
// code), symbol i's entry being entries[i], primary index bits tb. It fails on an
// over-subscribed code, and on an incomplete one unless it is a single
// code of one bit or no code at all (zlib's rule), whose missing codes
// decode as eBad.
func buildTable(table []uint32, lens []uint8, tb uint, entries []uint32) error {
	entries = entries[:len(lens)]
	var count [16]uint16
	for _, l := range lens {
		count[l]++
	}
	count[0] = 0
	left, maxLen := 1, 0
	for l := 1; l <= 15; l++ {
		left = left<<1 - int(count[l])
		if left < 0 {
			return errCorrupt
		}
		if count[l] != 0 {
			maxLen = l
		}
	}
	if left > 0 && maxLen > 1 {
		return errCorrupt
	}
	primary := table[:1<<tb]
	if left > 0 {
		for i := range primary {
			primary[i] = eBad
		}
	} else if fillShort(primary, lens, &count, tb, entries) {
		return nil
	}
	var next [16]uint16
	code := uint16(0)
	for l := 1; l <= 15; l++ {
		code = (code + count[l-1]) << 1
		next[l] = code
	}
	subBits := uint(0)
	if uint(maxLen) > tb {
		subBits = uint(maxLen) - tb
	}
	subNext := uint32(1) << tb
	// made marks the primary entries that lead to a subtable made here
	// (the others may be left from an earlier code); tb ≤ 10.
	var made [1 << 10 / 64]uint64
	for sym, l := range lens {
		if l == 0 {
			continue
		}
		rev := uint32(bits.Reverse16(next[l]) >> (16 - l))
		next[l]++
		e := entries[sym]
		x := (e >> 8) & 0xf
		if uint(l) <= tb {
			if left == 0 {
				continue // placed by fillShort
			}
			e = e&^0xf00 | uint32(l)<<8 | (uint32(l) + x)
			for i := rev; i < 1<<tb; i += 1 << l {
				primary[i] = e
			}
			continue
		}
		// A long code: its first tb bits lead to a subtable, indexed by
		// the remaining bits.
		p := rev & (1<<tb - 1)
		if made[p/64]&(1<<(p%64)) == 0 {
			made[p/64] |= 1 << (p % 64)
			if int(subNext)+1<<subBits > len(table) {
				return errCorrupt
			}
			primary[p] = subNext<<16 | uint32(subBits)<<8 | eSub | uint32(tb)
			subNext += 1 << subBits
		}
		sub := table[primary[p]>>16 : (primary[p]>>16)+1<<subBits]
		sl := uint32(uint(l) - tb)
		e = e&^0xf00 | sl<<8 | (sl + x)
		for i := rev >> tb; i < 1<<subBits; i += 1 << sl {
			sub[i] = e
		}
	}
	return nil
}

// fillShort places the codes of a complete code that fit the primary
// table (lengths up to tb) and tells whether that was every code. The
// codes are taken in canonical order with their bit-reversed codeword
// incremented in place; the table grows from 2 entries by doubling
// (copying its first half), which replicates each short code over the
// indexes whose low bits are its codeword, in one copy rather than one
// store per index.
func fillShort(primary []uint32, lens []uint8, count *[16]uint16, tb uint, entries []uint32) bool {
	// The symbols in canonical order: by length, then by symbol.
	var offs [16]uint16
	for l := 2; l <= int(tb); l++ {
		offs[l] = offs[l-1] + count[l-1]
	}
	var sorted [288]uint16
	for sym, l := range lens {
		if l != 0 && uint(l) <= tb {
			sorted[offs[l]] = uint16(sym)
			offs[l]++
		}
	}
	i := 0
	rev, end := uint32(0), uint32(2)
	for l := uint32(1); l <= uint32(tb); l++ {
		for c := count[l]; c > 0; c-- {
			e := entries[sorted[i]]
			i++
			primary[rev] = e&^0xf00 | l<<8 | (l + (e>>8)&0xf)
			if rev == end-1 {
				// The last codeword of a complete code: every index
				// below end is placed.
				for ; end < 1<<tb; end <<= 1 {
					copy(primary[end:2*end], primary[:end])
				}
				return true
			}
			// The next codeword, reversed: set the highest clear bit
			// and clear the bits above it.
			bit := uint32(1) << (bits.Len32(rev^(end-1)) - 1)
			rev = rev&(bit-1) | bit
		}
		if l < uint32(tb) {
			copy(primary[end:2*end], primary[:end])
			end <<= 1
		}
	}
	return false
}

// fixedTables are the tables of the fixed Huffman code (block type 1).
type fixedTables struct {
	lit  [litTableLen]uint32
	dist [distTableLen]uint32
}

var fixed = sync.OnceValue(func() *fixedTables {
	t := &fixedTables{}
	var lens [288]uint8
	for i := range lens {
		switch {
		case i < 144:
			lens[i] = 8
		case i < 256:
			lens[i] = 9
		case i < 280:
			lens[i] = 7
		default:
			lens[i] = 8
		}
	}
	if err := buildTable(t.lit[:], lens[:], litBits, litEntries[:]); err != nil {
		panic(err)
	}
	var dlens [32]uint8
	for i := range dlens {
		dlens[i] = 5
	}
	if err := buildTable(t.dist[:], dlens[:], distBits, distEntries[:]); err != nil {
		panic(err)
	}
	return t
})

// decoder holds a dynamic block's tables, reused through a pool.
type decoder struct {
	lit  [litTableLen]uint32
	dist [distTableLen]uint32
	pre  [1 << preBits]uint32
	lens [288 + 32]uint8
}

var decoders = sync.Pool{New: func() any { return new(decoder) }}

// bitReader reads a deflate stream's bits, least significant first, from
// in. bits holds nbits valid bits at its bottom; pos counts the bytes
// loaded, past the end of in too (as zeros), so a stream that runs out is
// known by where it ends.
type bitReader struct {
	in    []byte
	pos   int
	bits  uint64
	nbits uint
}

// refill makes at least 56 bits available.
func (br *bitReader) refill() {
	if br.pos+8 <= len(br.in) {
		// Load eight bytes; those that do not fit whole are loaded again
		// next time (at the same bit position, so the overlap agrees).
		br.bits |= binary.LittleEndian.Uint64(br.in[br.pos:]) << br.nbits
		br.pos += int(63-br.nbits) >> 3
		br.nbits |= 56
		return
	}
	for br.nbits <= 56 {
		if br.pos < len(br.in) {
			br.bits |= uint64(br.in[br.pos]) << br.nbits
		} else {
			// Zeros past the end, and no garbage above: the bits beyond
			// nbits must be the stream's or zero.
			br.bits &= 1<<br.nbits - 1
		}
		br.pos++
		br.nbits += 8
	}
}

// take consumes and returns n bits (n ≤ nbits).
func (br *bitReader) take(n uint) uint32 {
	v := uint32(br.bits & (1<<n - 1))
	br.bits >>= n
	br.nbits -= n
	return v
}

// bytePos drops the bits up to the next byte boundary and returns the
// position in in of the next unread byte, clearing the bit buffer.
func (br *bitReader) bytePos() int {
	br.take(br.nbits & 7)
	p := br.pos - int(br.nbits>>3)
	br.bits, br.nbits = 0, 0
	return p
}

// inflateZlib decodes the zlib stream at the start of in, which must hold
// exactly size bytes, into dst's storage when it is large enough; bytes of
// in after the stream are ignored. Nothing past dst[:size] is written.
func inflateZlib(in []byte, size int64, dst []byte) ([]byte, error) {
	if len(in) < 2 {
		return nil, errCorrupt
	}
	cmf, flg := in[0], in[1]
	if cmf&0x0f != 8 || cmf>>4 > 7 || (uint(cmf)<<8|uint(flg))%31 != 0 || flg&0x20 != 0 {
		return nil, errCorrupt
	}
	out := dst[:0]
	if int64(cap(out)) < size {
		out = make([]byte, size)
	}
	out = out[:size]
	br := bitReader{in: in, pos: 2}
	if err := inflateBlocks(&br, out); err != nil {
		return nil, err
	}
	p := br.bytePos()
	if p+4 > len(in) || binary.BigEndian.Uint32(in[p:]) != adler32.Checksum(out) {
		return nil, errCorrupt
	}
	return out, nil
}

// inflateBlocks decodes deflate blocks into out until the final one, which
// must end exactly at out's end.
func inflateBlocks(br *bitReader, out []byte) error {
	o := 0
	var d *decoder
	defer func() {
		if d != nil {
			decoders.Put(d)
		}
	}()
	for {
		br.refill()
		final := br.take(1)
		switch br.take(2) {
		case 0:
			p := br.bytePos()
			if p+4 > len(br.in) {
				return errCorrupt
			}
			n := int(binary.LittleEndian.Uint16(br.in[p:]))
			if binary.LittleEndian.Uint16(br.in[p+2:]) != ^uint16(n) || p+4+n > len(br.in) || o+n > len(out) {
				return errCorrupt
			}
			copy(out[o:], br.in[p+4:p+4+n])
			o += n
			br.pos = p + 4 + n
		case 1:
			f := fixed()
			var err error
			if o, err = inflateHuffman(br, out, o, &f.lit, &f.dist); err != nil {
				return err
			}
		case 2:
			if d == nil {
				d = decoders.Get().(*decoder)
			}
			if err := d.readTables(br); err != nil {
				return err
			}
			var err error
			if o, err = inflateHuffman(br, out, o, &d.lit, &d.dist); err != nil {
				return err
			}
		default:
			return errCorrupt
		}
		if br.pos > len(br.in)+8 {
			return errCorrupt
		}
		if final == 1 {
			if o != len(out) {
				return errCorrupt
			}
			return nil
		}
	}
}

// readTables reads a dynamic block's code lengths and builds its tables.
func (d *decoder) readTables(br *bitReader) error {
	br.refill()
	nlit := int(br.take(5)) + 257
	ndist := int(br.take(5)) + 1
	npre := int(br.take(4)) + 4
	if nlit > 286 || ndist > 30 {
		return errCorrupt
	}
	var plens [19]uint8
	for i := range npre {
		if br.nbits < 3 {
			br.refill()
		}
		plens[preOrder[i]] = uint8(br.take(3))
	}
	if err := buildTable(d.pre[:], plens[:], preBits, preEntries[:]); err != nil {
		return err
	}
	lens := d.lens[:nlit+ndist]
	for i := 0; i < len(lens); {
		if br.nbits < 14 {
			br.refill()
		}
		e := d.pre[br.bits&(1<<preBits-1)]
		if e&eBad != 0 {
			return errCorrupt
		}
		br.take(uint(e & 0xff))
		sym := e >> 16
		if sym < 16 {
			lens[i] = uint8(sym)
			i++
			continue
		}
		var n int
		var v uint8
		switch sym {
		case 16:
			if i == 0 {
				return errCorrupt
			}
			n, v = 3+int(br.take(2)), lens[i-1]
		case 17:
			n = 3 + int(br.take(3))
		default:
			n = 11 + int(br.take(7))
		}
		if i+n > len(lens) {
			return errCorrupt
		}
		for ; n > 0; n-- {
			lens[i] = v
			i++
		}
	}
	if lens[256] == 0 {
		return errCorrupt
	}
	if err := buildTable(d.lit[:], lens[:nlit], litBits, litEntries[:]); err != nil {
		return err
	}
	return buildTable(d.dist[:], lens[nlit:], distBits, distEntries[:])
}

// inflateHuffman decodes one Huffman-coded block into out from o, and
// returns where it ended. The bit buffer is kept in locals, so that it
// stays in registers.
func inflateHuffman(br *bitReader, out []byte, o int, lit *[litTableLen]uint32, dist *[distTableLen]uint32) (int, error) {
	in, pos, bitbuf, nbits := br.in, br.pos, br.bits, br.nbits
	defer func() { br.pos, br.bits, br.nbits = pos, bitbuf, nbits }()
	for {
		// 48 bits cover a length code (15), its extra bits (5), a
		// distance code (15) and its extra bits (13).
		if nbits < 48 {
			if pos+8 <= len(in) {
				bitbuf |= binary.LittleEndian.Uint64(in[pos:]) << nbits
				pos += int(63-nbits) >> 3
				nbits |= 56
			} else {
				br.pos, br.bits, br.nbits = pos, bitbuf, nbits
				br.refill()
				pos, bitbuf, nbits = br.pos, br.bits, br.nbits
				if pos > len(in)+8 {
					return o, errCorrupt
				}
			}
		}
		e := lit[bitbuf&(1<<litBits-1)]
		if e&eSub != 0 {
			bitbuf >>= litBits
			nbits -= litBits
			e = lit[(e>>16+uint32(bitbuf&(1<<((e>>8)&0xf)-1)))%litTableLen]
		}
		saved := bitbuf
		bitbuf >>= e & 0xff
		nbits -= uint(e & 0xff)
		if e&eLiteral != 0 {
			if o >= len(out) {
				return o, errCorrupt
			}
			out[o] = byte(e >> 16)
			o++
			// Literals come in runs: at least 33 bits are left, enough
			// for another (a code of up to litBits bits).
			if e = lit[bitbuf&(1<<litBits-1)]; e&eLiteral != 0 {
				bitbuf >>= e & 0xff
				nbits -= uint(e & 0xff)
				if o >= len(out) {
					return o, errCorrupt
				}
				out[o] = byte(e >> 16)
				o++
			}
			continue
		}
		if e&(eEnd|eBad) != 0 {
			if e&eBad != 0 {
				return o, errCorrupt
			}
			return o, nil
		}
		length := int(e>>16) + int((saved&(1<<(e&0xff)-1))>>((e>>8)&0xf))
		e = dist[bitbuf&(1<<distBits-1)]
		if e&eSub != 0 {
			bitbuf >>= distBits
			nbits -= distBits
			e = dist[(e>>16+uint32(bitbuf&(1<<((e>>8)&0xf)-1)))%distTableLen]
		}
		if e&eBad != 0 {
			return o, errCorrupt
		}
		saved = bitbuf
		bitbuf >>= e & 0xff
		nbits -= uint(e & 0xff)
		d := int(e>>16) + int((saved&(1<<(e&0xff)-1))>>((e>>8)&0xf))
		if d > o || length > len(out)-o {
			return o, errCorrupt
		}
		s := o - d
		if d >= 8 && o+24 <= len(out) && length <= 16 {
			// Most matches are short: two words, without a loop whose
			// exit the processor would mispredict.
			binary.LittleEndian.PutUint64(out[o:], binary.LittleEndian.Uint64(out[s:]))
			binary.LittleEndian.PutUint64(out[o+8:], binary.LittleEndian.Uint64(out[s+8:]))
			o += length
			continue
		}
		if d >= 8 && o+length+8 <= len(out) {
			// Whole words, each read before it is overwritten (d ≥ 8);
			// up to 7 bytes past the match are written, inside out,
			// where later output overwrites them.
			end := o + length
			for w := o; w < end; w, s = w+8, s+8 {
				binary.LittleEndian.PutUint64(out[w:], binary.LittleEndian.Uint64(out[s:]))
			}
			o = end
			continue
		}
		for end := o + length; o < end; o, s = o+1, s+1 {
			out[o] = out[s]
		}
	}
}

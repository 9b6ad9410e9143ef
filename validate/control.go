package validate

// ForbiddenControl reports whether r is a control character no page and
// no commit message may hold: a C0 control other than tab, newline and
// carriage return, DEL, or a C1 control. They drive terminals (escape
// sequences, cursor moves, \x9b CSI) and carry no meaning in Markdown.
func ForbiddenControl(r rune) bool {
	return (r < 0x20 && r != '\t' && r != '\n' && r != '\r') || r == 0x7f || (r >= 0x80 && r <= 0x9f)
}

// ControlAt returns the byte offset of the first forbidden control
// character (ForbiddenControl) in b, or -1 when there is none. b is read
// as UTF-8: a C1 control is the two bytes C2 80 to C2 9F; bytes that are
// not valid UTF-8 are invalid_encoding's business, not this one's.
func ControlAt[T string | []byte](b T) int {
	for i := 0; i < len(b); i++ {
		c := b[i]
		switch {
		case c < 0x20 && c != '\t' && c != '\n' && c != '\r', c == 0x7f:
			return i
		case c == 0xc2 && i+1 < len(b) && b[i+1] >= 0x80 && b[i+1] <= 0x9f:
			return i
		}
	}
	return -1
}

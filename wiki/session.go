package wiki

// MaxSessionID is the longest legal session id, in bytes.
const MaxSessionID = 128

// ValidSessionID reports whether id matches ^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$.
func ValidSessionID(id string) bool {
	if len(id) == 0 || len(id) > MaxSessionID {
		return false
	}
	for i := 0; i < len(id); i++ {
		c := id[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		case (c == '.' || c == '_' || c == ':' || c == '-') && i > 0:
		default:
			return false
		}
	}
	return true
}

package ledger

// Processed is what a dream consumed of a session, enough to tell whether a
// later branch extends it: a cursor id, a digest and a count, never text.
// It mirrors dream/evidence.Processed field by field (the ledger sits below
// dream and cannot import it).
type Processed struct {
	Cursor string `json:"cursor"`
	// Digest is the checkpoint digest of the consumed branch.
	Digest string `json:"digest"`
	// Entries is the number of evidence entries that digest covers.
	Entries int `json:"entries"`
}

// covers reports whether this processed state is exactly the checkpoint's.
func (p Processed) covers(cp Checkpoint) bool {
	return p.Cursor == cp.Cursor && p.Digest == cp.Digest
}

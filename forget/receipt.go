package forget

import (
	"time"

	"github.com/memfs/memfs/gitstore"
)

// ReceiptTarget names a target in a receipt without its text: a literal
// is named by the id of its marker.
type ReceiptTarget struct {
	Kind   string `json:"kind"`
	Value  string `json:"value,omitempty"`
	Marker string `json:"marker,omitempty"`
}

// Affected counts what a forget changed. Paths are named as they are
// after the forget: a name that held targeted text appears only renamed.
type Affected struct {
	Revisions int      `json:"revisions"`
	Paths     []string `json:"paths"`
	// Renamed counts the files renamed because a name held targeted text.
	Renamed        int `json:"renamed"`
	CommitMessages int `json:"commit_messages"`
	// Authors counts commits whose author or committer was replaced.
	Authors        int `json:"authors"`
	DroppedCommits int `json:"dropped_commits"`
	Evidence       int `json:"evidence"`
	Checkpoints    int `json:"checkpoints"`
	StagedRuns     int `json:"staged_runs"`
	// ContentMarkers counts the fingerprints of forgotten sessions'
	// messages the forget wrote (erasure.MarkContent); Markers lists one
	// marker per target.
	ContentMarkers int `json:"content_markers,omitempty"`
	// Scopes counts the scopes renamed because their name held targeted
	// text.
	Scopes int `json:"scopes,omitempty"`
}

// RefState is one ref before or after a forget. Before records only the
// commit count: an old commit id fingerprints the forgotten content.
type RefState struct {
	Head    string `json:"head,omitempty"`
	Commits int    `json:"commits"`
}

// Cleanup reports what the purge and the ledger compaction freed.
type Cleanup struct {
	gitstore.PurgeResult
	LedgerBytesBefore int64 `json:"ledger_bytes_before"`
	LedgerBytesAfter  int64 `json:"ledger_bytes_after"`
	CachesDropped     bool  `json:"caches_dropped"`
	Verified          bool  `json:"verified"`
}

// Receipt is the record of an applied forget. It holds no forgotten
// content and no old object id.
type Receipt struct {
	ReceiptID        string              `json:"receipt_id"`
	CommandID        string              `json:"command_id,omitempty"`
	Targets          []ReceiptTarget     `json:"targets"`
	Affected         Affected            `json:"affected"`
	RewrittenCommits int                 `json:"rewritten_commits"`
	Before           map[string]RefState `json:"before"`
	After            map[string]RefState `json:"after"`
	Markers          []string            `json:"markers"`
	StorageCleanup   Cleanup             `json:"storage_cleanup"`
	CompletedAt      time.Time           `json:"completed_at"`
	// Replayed is set when the receipt is returned again for a repeated
	// command id (not stored).
	Replayed bool `json:"replayed,omitempty"`
}

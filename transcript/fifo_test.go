package transcript_test

import (
	"context"
	"errors"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/memfs/memfs/transcript"
)

// Ensure that a FIFO named as a transcript is refused as invalid_source
// at once, by format detection and by the scan alike: opening one for
// reading used to block until a writer came, which hung a hook for ever.
func TestFIFOTranscriptRefused(t *testing.T) {
	path := filepath.Join(t.TempDir(), "session.jsonl")
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Skipf("cannot make a FIFO here: %v", err)
	}
	if _, err := transcript.DetectFile(path); !errors.Is(err, transcript.ErrInvalidSource) {
		t.Errorf("DetectFile of a FIFO: %v, want invalid_source", err)
	}
	for _, f := range []transcript.Format{transcript.FormatClaude, transcript.FormatPi, transcript.FormatCodex} {
		if _, err := transcript.Scan(context.Background(), path, f, "", ""); !errors.Is(err, transcript.ErrInvalidSource) {
			t.Errorf("Scan(%s) of a FIFO: %v, want invalid_source", f, err)
		}
	}
}

package replica

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"os"
	"testing"
	"time"

	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/gitstore/erasure"
	"github.com/memfs/memfs/validate"
)

// fortyThousand marks 40,000 distinct literals of every length up to
// erasure.MaxRunBytes, and the session s2.
func fortyThousand(keyID string, key []byte) []erasure.Marker {
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	ms := []erasure.Marker{erasure.MarkSession(keyID, key, "s2", now)}
	for i := range 40000 {
		m, _ := erasure.MarkText(keyID, key, bulkLiteral(i), now)
		ms = append(ms, m)
	}
	return ms
}

// bulkLiteral is the i-th literal of fortyThousand: its lengths run
// through every size up to erasure.MaxRunBytes.
func bulkLiteral(i int) string {
	lit := fmt.Sprintf("q%dz", i)
	for len(lit) < 1+i%erasure.MaxRunBytes {
		lit += fmt.Sprintf(" w%d", len(lit))
	}
	return lit
}

// Ensure that a stranger's bundle of 40,000 markers is summarised, not
// listed, that its import with consent goes through (one pass per token
// whatever their number: it takes seconds, not minutes), and that an
// import cancelled meanwhile stops with the context's error and changes
// nothing.
func TestImportFortyThousandMarkers(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 40,000 markers")
	}
	bundle := foreignMarkerBundle(t, fortyThousand)
	s := newTestStore(t, validate.DefaultLimits())
	holdForeignKey(t, s)
	publishCommon(t, s)
	before, _ := s.Refs(t.Context())

	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if _, err := importFileCtx(ctx, t, s, bundle, ImportOptions{TrustErasures: true}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled import: %v", err)
	}
	if after, _ := s.Refs(t.Context()); !maps.Equal(after, before) {
		t.Errorf("a cancelled import moved refs: %v → %v", before, after)
	}

	_, err := importFile(t, s, bundle, ImportOptions{})
	var ce *ConsentError
	if !errors.As(err, &ce) || ce.Consent.Markers != 40001 || len(ce.Consent.Summary()) > 5+maxSummaryRefs {
		t.Fatalf("import without consent: %v", err)
	}
	res, err := importFile(t, s, bundle, ImportOptions{Token: ce.Consent.Token})
	if err != nil || res.NewMarkers != 40001 || res.LocalErasure == nil || res.LocalErasure.DroppedCommits != 1 {
		t.Fatalf("import with consent: %+v, %v", res, err)
	}
	g, err := s.Guard(t.Context())
	if err != nil || !g.ErasedContent([]byte("say "+bulkLiteral(39999)+" and more")) || g.ErasedContent([]byte("say "+bulkLiteral(40000))) {
		t.Errorf("the guard of 40,001 markers: %v", err)
	}
}

func importFileCtx(ctx context.Context, t *testing.T, s *gitstore.Store, path string, opts ImportOptions) (*ImportResult, error) {
	t.Helper()
	var res *ImportResult
	err := s.Exclusive(ctx, func(tx *gitstore.Tx) error {
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		res, err = Import(ctx, tx, BundleFetcher(f), opts)
		return err
	})
	return res, err
}

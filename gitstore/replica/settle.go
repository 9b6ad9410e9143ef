package replica

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/internal/fsutil"
)

// Settling after an import. When markers arrive, what lies outside the
// store (the ledger, staged runs) must be brought in line with them by the
// caller after the import. A content-free record, written before the refs
// switch and removed by the caller once it settled, makes that survive a
// crash: the next import finds the record, purges again and tells its
// caller to settle, even when it brings no new markers.

const settleFile = "memfs-settle-pending"

func (s *store) settlePath() string { return filepath.Join(s.Path(), settleFile) }

// SettlePending returns the record of markers received but not yet
// settled by the caller ("" when there is none).
func SettlePending(st *gitstore.Store) (string, error) {
	s := wrap(st)
	b, err := os.ReadFile(s.settlePath())
	if errors.Is(err, os.ErrNotExist) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("settle record: %w", err)
	}
	return strings.TrimSpace(string(b)), nil
}

// SettleDone removes the record once the caller settled it, unless an
// import wrote a newer one since it was read.
func SettleDone(st *gitstore.Store, record string) error {
	s := wrap(st)
	cur, err := SettlePending(s.Store)
	if err != nil || cur == "" || cur != record {
		return err
	}
	if err := os.Remove(s.settlePath()); err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("settle record: %w", err)
	}
	return nil
}

// markSettlePending records that markers arrived with the erasure chain
// at head: the record names the chain's head commit, nothing else.
func (s *store) markSettlePending(head gitstore.ID) error {
	if err := fsutil.WriteFileAtomic(s.settlePath(), []byte("erasures "+head.String()+"\n"), 0o600); err != nil {
		return fmt.Errorf("settle record: %w", err)
	}
	return nil
}

// ApplyMarkers rewrites the store's own history by every marker it can
// check now, switches the refs, and purges. A store runs it once it holds
// keys it lacked (memfs key import): the markers made under them were
// kept unchecked and are honoured from then on. They were consented to
// when they arrived, so no consent is asked. Like an import that brought
// markers, it leaves a settle record (Settle is set) for the caller. The
// caller holds the store lock.
func ApplyMarkers(ctx context.Context, gtx *gitstore.Tx) (*ImportResult, error) {
	tx := wrapTx(gtx)
	s := tx.s
	res := &ImportResult{}
	g, err := s.Guard(ctx)
	if err != nil || g.Empty() {
		return res, err
	}
	spec := gitstore.EraseSpec{Text: g, Session: g.ErasedSession, Page: g.ErasedPage}
	current, err := s.Refs(ctx)
	if err != nil {
		return nil, err
	}
	lres, err := tx.Rewrite(ctx, s.NewEraser(spec).Edit())
	if err != nil {
		return nil, err
	}
	final, _, err := tx.rewriteLocal(ctx, lres, current, res)
	if err != nil {
		return nil, err
	}
	var updates []gitstore.RefUpdate
	for _, u := range final {
		if u.New != u.Old {
			updates = append(updates, u)
		}
	}
	if err := s.markSettlePending(current[gitstore.ErasuresRef]); err != nil {
		return nil, err
	}
	if err := tx.SwitchRefs(ctx, updates); err != nil {
		return nil, err
	}
	res.Settle = true
	if res.Purge, err = tx.Purge(ctx, s.NewEraser(spec).Check); err != nil {
		return nil, err
	}
	return res, s.DropCaches()
}

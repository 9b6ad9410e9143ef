package forget

import (
	"context"

	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/gitstore/replica"
)

// Imported is what AfterImport did: the store's import result and how many
// sessions went back to pending.
type Imported struct {
	Result   *replica.ImportResult
	Requeued int
}

// AfterImport imports what fetch brings into opts.Store (consent to
// incoming erasure markers as in replica.ImportOptions), then brings the
// ledger and the staged runs in line with it: the sessions of local
// commits an import set aside go back to pending, and, when erasure
// markers arrived (now, or with an earlier import that crashed before
// settling), Settle removes what they cover.
//
// The order is what keeps a crash safe. The import is complete and
// durable before the ledger changes, so the ledger never runs ahead of the
// store. Settle comes last, after the requeue, so that a session both set
// aside and forgotten ends scrubbed, not pending again. The store keeps
// a record of markers not yet settled until Settle is done, so a crash
// in between is settled by the next import.
func AfterImport(ctx context.Context, opts Options, fetch replica.Fetcher, iopts replica.ImportOptions) (*Imported, error) {
	var res *replica.ImportResult
	var record string
	err := opts.Store.Exclusive(ctx, func(tx *gitstore.Tx) (err error) {
		if res, err = replica.Import(ctx, tx, fetch, iopts); err != nil {
			return err
		}
		record, err = replica.SettlePending(opts.Store)
		return err
	})
	if err != nil {
		return nil, err
	}
	out := &Imported{Result: res}
	for _, b := range res.Branches {
		if len(b.Sessions) > 0 {
			n, err := opts.Ledger.Requeue(ctx, b.Sessions)
			if err != nil {
				return nil, err
			}
			out.Requeued += n
		}
	}
	if res.Settle || record != "" {
		if err := New(opts).Settle(ctx); err != nil {
			return nil, err
		}
		if err := replica.SettleDone(opts.Store, record); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// AfterKeyImport brings the store, the ledger and the staged runs in line
// with markers that became checkable because the store now holds their
// keys (memfs key import): replica.ApplyMarkers, then Settle, with the
// same crash-safe record as AfterImport.
func AfterKeyImport(ctx context.Context, opts Options) (*replica.ImportResult, error) {
	var res *replica.ImportResult
	var record string
	err := opts.Store.Exclusive(ctx, func(tx *gitstore.Tx) (err error) {
		if res, err = replica.ApplyMarkers(ctx, tx); err != nil {
			return err
		}
		record, err = replica.SettlePending(opts.Store)
		return err
	})
	if err != nil {
		return nil, err
	}
	if res.Settle || record != "" {
		if err := New(opts).Settle(ctx); err != nil {
			return nil, err
		}
		if err := replica.SettleDone(opts.Store, record); err != nil {
			return nil, err
		}
	}
	return res, nil
}

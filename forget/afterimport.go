package forget

import (
	"context"

	"github.com/memfs/memfs/gitstore"
)

// Imported is what AfterImport did: the store's import result and how many
// sessions went back to pending.
type Imported struct {
	Result   *gitstore.ImportResult
	Requeued int
}

// AfterImport imports what fetch brings into opts.Store (consent to
// incoming erasure markers as in gitstore.ImportOptions), then brings the
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
func AfterImport(ctx context.Context, opts Options, fetch gitstore.Fetcher, iopts gitstore.ImportOptions) (*Imported, error) {
	var res *gitstore.ImportResult
	var record string
	err := opts.Store.Exclusive(ctx, func(tx *gitstore.Tx) (err error) {
		if res, err = tx.Import(ctx, fetch, iopts); err != nil {
			return err
		}
		record, err = opts.Store.SettlePending()
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
		if err := opts.Store.SettleDone(record); err != nil {
			return nil, err
		}
	}
	return out, nil
}

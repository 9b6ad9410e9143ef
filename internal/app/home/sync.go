package home

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/memfs/memfs/forget"
	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/gitstore/replica"
)

// Export writes a git bundle of the scopes (nil: every scope) with the
// erasure markers and metadata to path. The bundle is written beside its
// destination and renamed into place, so a failed export leaves no
// partial bundle. It returns how many refs and objects the bundle holds.
func Export(ctx context.Context, s *gitstore.Store, path string, scopes []string) (refs, objects int, err error) {
	rs, err := replica.BundleRefs(ctx, s, scopes)
	if err != nil {
		return 0, 0, err
	}
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return 0, 0, err
	}
	w := bufio.NewWriterSize(f, 1<<20)
	n, err := replica.WriteBundle(ctx, s, w, rs)
	if err == nil {
		err = w.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		os.Remove(f.Name())
		return 0, 0, err
	}
	return len(rs), n, nil
}

// Import brings in what fetch brings (forget.AfterImport): the store is
// updated, then the ledger and the staged runs are settled. progress,
// when set, hears where a long import is.
func (h *Home) Import(ctx context.Context, s *gitstore.Store, fetch replica.Fetcher, o replica.ImportOptions,
	progress func(stage string, done, total int)) (*forget.Imported, error) {
	l, err := h.Ledger()
	if err != nil {
		return nil, err
	}
	return forget.AfterImport(ctx, forget.Options{Home: h.Dir, Store: s, Ledger: l, Logger: h.Logger, Progress: progress}, fetch, o)
}

// Pushed is what Push did: the push, and the pull it made first when the
// remote had moved (nil when it did not need one).
type Pushed struct {
	Result *replica.PushResult
	Pulled *forget.Imported
}

// Push sends the store to the remote called name. When a scope branch is
// refused because the remote moved since the last pull (another replica
// pushed, a forget rewrote the branch here), Push pulls the remote as
// memfs pull does (its history rewritten by this store's markers and
// merged, the ledger settled) and pushes once more, so that a forget
// reaches the remote with one push. A pull that stops for consent to
// incoming markers stops the push with its *replica.ConsentError.
// progress, when set, hears the servers; counter, where a long pull is.
func (h *Home) Push(ctx context.Context, s *gitstore.Store, name string, progress io.Writer,
	counter func(stage string, done, total int)) (*Pushed, error) {
	push := func() (res *replica.PushResult, err error) {
		err = s.Exclusive(ctx, func(tx *gitstore.Tx) (err error) {
			res, err = replica.Push(ctx, tx, name, progress)
			return err
		})
		return res, err
	}
	res, err := push()
	if !errors.Is(err, gitstore.ErrRemoteMoved) {
		return &Pushed{Result: res}, err
	}
	h.Logger.Info("the remote moved since the last pull: pulling before pushing again", "remote", name)
	r, err := replica.LookupRemote(s, name)
	if err != nil {
		return nil, err
	}
	fetch, err := replica.RemoteFetcher(s, name, progress)
	if err != nil {
		return nil, err
	}
	imp, err := h.Import(ctx, s, fetch, replica.ImportOptions{TrustErasures: r.TrustErasures, Source: "remote " + name}, counter)
	if err != nil {
		return &Pushed{Result: res}, fmt.Errorf("push %s: the remote moved since the last pull, and the pull before pushing again stopped: %w", name, err)
	}
	res, err = push()
	return &Pushed{Result: res, Pulled: imp}, err
}

// ApplyKeys brings the store, the ledger and the staged runs in line with
// the markers the store can check now that it holds more keys
// (forget.AfterKeyImport).
func (h *Home) ApplyKeys(ctx context.Context, s *gitstore.Store) (*replica.ImportResult, error) {
	l, err := h.Ledger()
	if err != nil {
		return nil, err
	}
	return forget.AfterKeyImport(ctx, forget.Options{Home: h.Dir, Store: s, Ledger: l, Logger: h.Logger})
}

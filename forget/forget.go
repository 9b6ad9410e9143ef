package forget

import (
	"context"
	"log/slog"
	"time"

	"github.com/memfs/memfs/dream"
	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/ledger"
)

// Options configure a Forgetter.
type Options struct {
	// Home is $MEMFS_HOME: staged runs live under Home/runs, the record of
	// an interrupted apply at Home/forget-pending.json.
	Home   string
	Store  *gitstore.Store
	Ledger *ledger.Ledger
	Now    func() time.Time
	Logger *slog.Logger
	// Progress, when set, is told where a long command is: the stage, and
	// for the rewrite the commits done of the total.
	Progress func(stage string, done, total int)
	// Stage, when set, is called as Apply passes each of its stages
	// ("rewritten", "pending", "switched", "cleaned", "purged"); tests use
	// it to kill a process at a known point.
	Stage func(name string)
	// Recomputed, when set, is called each time an apply computes the
	// rewrite again instead of using the plan its preview kept; tests
	// count it.
	Recomputed func()
	// RenameHomeScopes, when set, renames what the home keeps under a
	// scope's name ($MEMFS_HOME/scopes) for each scope rename renames: a
	// forget whose text a scope name holds renames the scope (scopes.go).
	RenameHomeScopes func(rename func(scope string) (string, bool)) error
}

// Forgetter previews and applies forget commands.
type Forgetter struct {
	opts Options
	log  *slog.Logger
}

// New returns a Forgetter.
func New(opts Options) *Forgetter {
	if opts.Now == nil {
		opts.Now = time.Now
	}
	log := opts.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Forgetter{opts: opts, log: log}
}

// Settle brings staged runs and the ledger in line with the store's
// erasure markers after markers arrived from another store (an import or
// a pull): staged runs holding erased content are deleted (runs in
// progress are left to fail at publication, which the guard refuses),
// erased sessions leave the ledger, the ledger is compacted and the
// caches dropped. The store itself was already rewritten and purged.
func (f *Forgetter) Settle(ctx context.Context) error {
	s, l := f.opts.Store, f.opts.Ledger
	guard, err := s.Guard(ctx)
	if err != nil || guard.Empty() {
		return err
	}
	erased := guard.ErasedSession
	if _, err := f.dropStagedRuns(ctx, guardMatch(s, guard), false); err != nil {
		return err
	}
	if _, err := l.Scrub(ctx, erased, func(id string) string {
		if h, ok := gitstore.ParseID(id); ok && s.HasCommit(h) {
			return id
		}
		return ""
	}); err != nil {
		return err
	}
	if _, err := l.Compact(ctx); err != nil {
		return err
	}
	if err := dream.DropKept(f.opts.Home); err != nil {
		return err
	}
	return s.DropCaches()
}

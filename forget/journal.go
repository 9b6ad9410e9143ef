package forget

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"

	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/internal/fsutil"
)

// The journal of an apply is one file, Home/forget-pending.json, written
// just before the ref switch and removed when the apply is finished. Its
// presence at the next apply means the last one was interrupted: recover
// finishes it or, if the switch never happened, discards it.

// pending is the record of an apply between its ref switch and its end,
// at Home/forget-pending.json. It is content-free.
type pending struct {
	RequestHash string `json:"request_hash"`
	// Switch holds the new value of every ref the apply moves: the switch
	// happened when they all hold them.
	Switch map[string]string `json:"switch"`
	// Settle holds the values of the refs a repair moves after the
	// switch (see repair): once they hold them, the switch happened too.
	Settle  map[string]string `json:"settle,omitempty"`
	Pages   []string          `json:"pages,omitempty"`
	Receipt Receipt           `json:"receipt"`
}

// pendingPath is the journal file.
func (f *Forgetter) pendingPath() string { return filepath.Join(f.opts.Home, "forget-pending.json") }

// writePending records p durably, replacing any earlier journal.
func (f *Forgetter) writePending(p pending) error {
	b, err := json.MarshalIndent(p, "", "  ")
	if err != nil {
		return err
	}
	if err := fsutil.WriteFileAtomic(f.pendingPath(), b, 0o600); err != nil {
		return fmt.Errorf("record forget: %w", err)
	}
	return nil
}

// readPending returns the journal; ok is false when there is none.
func (f *Forgetter) readPending() (p pending, ok bool, err error) {
	b, err := os.ReadFile(f.pendingPath())
	if errors.Is(err, fs.ErrNotExist) {
		return p, false, nil
	}
	if err != nil {
		return p, false, err
	}
	if err := json.Unmarshal(b, &p); err != nil {
		return p, false, fmt.Errorf("read %s: %w", f.pendingPath(), err)
	}
	return p, true, nil
}

// removePending deletes the journal once its apply is finished.
func (f *Forgetter) removePending() error {
	if err := os.Remove(f.pendingPath()); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

// recover finishes an apply that was interrupted after its ref switch. It
// returns that apply's receipt when the current request is the same one.
func (f *Forgetter) recover(ctx context.Context, tx *gitstore.Tx, reqHash string, opts ApplyOptions) (*Receipt, error) {
	pend, ok, err := f.readPending()
	if err != nil || !ok {
		return nil, err
	}
	refs, err := f.opts.Store.Refs(ctx)
	if err != nil {
		return nil, err
	}
	holds := func(want map[string]string) bool {
		for name, nw := range want {
			cur, ok := refs[name]
			if nw == (gitstore.ID{}).String() {
				if ok {
					return false
				}
			} else if !ok || cur.String() != nw {
				return false
			}
		}
		return true
	}
	settled := map[string]string{}
	maps.Copy(settled, pend.Switch)
	maps.Copy(settled, pend.Settle)
	switched := holds(pend.Switch) || (len(pend.Settle) > 0 && holds(settled))
	if !switched {
		// Killed before the switch: nothing became visible; the objects it
		// wrote are unreachable and go with the next purge.
		f.log.Info("discarding a forget interrupted before its switch")
		return nil, os.Remove(f.pendingPath())
	}
	f.log.Info("finishing a forget interrupted after its switch")
	var check func(gitstore.ObjectType, []byte) error
	if pend.RequestHash == reqHash {
		keys, keyID, err := f.opts.Store.Keyring(ctx)
		if err != nil {
			return nil, err
		}
		check = ed2check(newEditor(f.opts.Store, keys[keyID], opts.Targets))
	}
	rc, err := f.finish(ctx, tx, pend, check, opts.CancelRuns, nil)
	if err != nil {
		return nil, err
	}
	if pend.RequestHash == reqHash {
		return rc, nil
	}
	return nil, nil
}

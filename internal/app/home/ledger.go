package home

import (
	"context"
	"os"
	"path/filepath"
	"time"

	"github.com/memfs/memfs/internal/errcode"
	"github.com/memfs/memfs/ledger"
)

// LedgerHealth is what memfs doctor reports of a home's ledger.
type LedgerHealth struct {
	// OK is true for a sound ledger or none at all.
	OK bool `json:"ok"`
	// Exists is false while nothing has created the ledger yet.
	Exists bool   `json:"exists"`
	Path   string `json:"path"`
	// Code is the ledger error's code (ledger_corrupt, ledger_locked) when
	// the check failed.
	Code string `json:"code,omitempty"`
	// Error says what is wrong and the way out; never a stored value.
	Error string `json:"error,omitempty"`
}

// LedgerLost names what a rebuilt ledger no longer holds.
var LedgerLost = []string{"checkpoint cursors", "processed sessions", "runs", "retry state", "forget receipts"}

// LedgerPath is the home's ledger file.
func LedgerPath(dir string) string { return filepath.Join(dir, ledger.FileName) }

// CheckLedger checks the ledger of the home at dir (ledger.Check) without
// loading the home's configuration, so that doctor reports on a home
// whose config.toml is broken too.
func CheckLedger(ctx context.Context, dir string) LedgerHealth {
	p := LedgerPath(dir)
	hl := LedgerHealth{OK: true, Path: p}
	if _, err := os.Lstat(p); err == nil {
		hl.Exists = true
	}
	if err := ledger.Check(ctx, p); err != nil {
		hl.OK, hl.Error, hl.Code = false, err.Error(), errcode.Of(err)
		if hl.Code == "" {
			hl.Code = "ledger_unreadable"
		}
	}
	return hl
}

// RebuildLedger sets the home's damaged ledger aside and starts an empty
// one (ledger.Rebuild); it returns where the damaged file went. A sound
// ledger, or none, is refused with ledger.ErrNotCorrupt.
func (h *Home) RebuildLedger(ctx context.Context, now time.Time) (aside string, err error) {
	return ledger.Rebuild(ctx, LedgerPath(h.Dir), now)
}

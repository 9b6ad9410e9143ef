package replica

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"

	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/gitstore/erasure"
	"github.com/memfs/memfs/validate"
)

// Consent to incoming erasure markers. Markers that arrive with an import
// or a pull and would rewrite this store's own history remove local
// memory, irreversibly: a foreign store (or a compromised remote) could
// send a marker for a common word. Such an import stops before anything
// becomes visible and reports what the markers would erase here, with a
// token binding the store, every local ref head and the incoming markers;
// the same import given that token applies them. A remote added with
// --trust-erasures applies them without a token. Markers that only
// rewrite the incoming history (an old bundle meeting a newer forget
// here) need no consent.

// ImportOptions say how an import treats incoming erasure markers.
type ImportOptions struct {
	// Token is the erasure_consent token a stopped import of the same
	// markers into the same local heads reported.
	Token string
	// TrustErasures applies incoming markers without a token.
	TrustErasures bool
	// Source names where the history comes from (a bundle's path, a
	// remote's name), for the consent summary.
	Source string
}

// RefErasure is what incoming markers would change in one local ref.
type RefErasure struct {
	Ref   string `json:"ref"`
	Scope string `json:"scope,omitempty"`
	// Commits counts the ref's commits that change; Dropped those that
	// become empty and go; Pages the distinct paths changed or dropped;
	// Messages the commit messages edited.
	Commits  int  `json:"commits"`
	Dropped  int  `json:"dropped"`
	Pages    int  `json:"pages"`
	Messages int  `json:"messages"`
	Deleted  bool `json:"deleted,omitempty"` // the whole ref would go
}

// ErasureConsent is what incoming markers would erase here, and the token
// that consents to it.
type ErasureConsent struct {
	Token  string `json:"erasure_consent"`
	Source string `json:"source,omitempty"`
	// Markers counts the markers this store did not have; Kinds counts
	// them by kind. Unchecked counts those under keys this store does
	// not hold (UncheckedKeys keys): it cannot check them, and stops
	// pushing and exporting until their keys are imported.
	Markers       int            `json:"markers"`
	Kinds         map[string]int `json:"kinds"`
	Unchecked     int            `json:"unchecked"`
	UncheckedKeys int            `json:"unchecked_keys"`
	// Refs lists, by ref, what the markers change in local history.
	Refs             []RefErasure `json:"refs"`
	RewrittenCommits int          `json:"rewritten_commits"`
	DroppedCommits   int          `json:"dropped_commits"`
}

// ConsentError stops an import whose incoming markers would remove local
// content: Err is gitstore.ErrErasureConsentRequired or gitstore.ErrErasureConsentChanged.
type ConsentError struct {
	Err     error
	Consent *ErasureConsent
}

func (e *ConsentError) Error() string {
	return fmt.Sprintf("%v: %d incoming markers would rewrite %d local commits in %d refs",
		e.Err, e.Consent.Markers, e.Consent.RewrittenCommits, len(e.Consent.Refs))
}

// Unwrap returns the sentinel.
func (e *ConsentError) Unwrap() error { return e.Err }

// localErasure describes what rewriting local history by the union of
// markers changes, and binds it in a token.
func (s *store) localErasure(ctx context.Context, res *gitstore.RewriteResult, current map[string]gitstore.ID, arrived []erasure.Marker, keys map[string][]byte) (*ErasureConsent, error) {
	meta, err := s.Meta(ctx)
	if err != nil {
		return nil, err
	}
	c := &ErasureConsent{Markers: len(arrived), Kinds: map[string]int{}, Refs: []RefErasure{},
		RewrittenCommits: res.Rewritten, DroppedCommits: res.Dropped}
	missing := map[string]bool{}
	for _, mk := range arrived {
		c.Kinds[mk.Kind]++
		if _, ok := keys[mk.KeyID]; !ok {
			c.Unchecked++
			missing[mk.KeyID] = true
		}
	}
	c.UncheckedKeys = len(missing)
	for _, u := range res.Refs {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		anc, err := s.ancestors(ctx, u.Old)
		if err != nil {
			return nil, err
		}
		re := RefErasure{Ref: u.Name, Deleted: u.New.IsZero()}
		if sc, ok := strings.CutPrefix(u.Name, branchPrefix); ok {
			re.Scope = sc
		}
		pages := map[string]bool{}
		for _, r := range res.Revisions {
			if !anc[r.Commit] {
				continue
			}
			re.Commits++
			if r.Dropped {
				re.Dropped++
			}
			if r.Message {
				re.Messages++
			}
			for _, p := range r.Paths {
				pages[p] = true
			}
		}
		re.Pages = len(pages)
		c.Refs = append(c.Refs, re)
	}
	slices.SortFunc(c.Refs, func(a, b RefErasure) int { return strings.Compare(a.Ref, b.Ref) })
	c.Token = consentToken(meta.StoreID, current, arrived)
	return c, nil
}

// consentToken binds the store, every local ref head and the incoming
// markers (by kind, key and fingerprint, never by content).
func consentToken(storeID string, refs map[string]gitstore.ID, arrived []erasure.Marker) string {
	h := sha256.New()
	fmt.Fprintf(h, "memfs erasure consent v1\x00store %s\x00", storeID)
	names := make([]string, 0, len(refs))
	for n := range refs {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		fmt.Fprintf(h, "head %s %s\x00", n, refs[n])
	}
	ms := make([]string, 0, len(arrived))
	for _, mk := range arrived {
		ms = append(ms, fmt.Sprintf("marker %s %s %s %d %d %d", mk.Kind, mk.KeyID, mk.HMAC, mk.Version, mk.NTokens, mk.Length))
	}
	slices.Sort(ms)
	for _, m := range ms {
		fmt.Fprintf(h, "%s\x00", m)
	}
	return "ec1-" + hex.EncodeToString(h.Sum(nil))[:40]
}

// consent decides whether incoming markers may take effect: when the
// caller trusts their source, else only with the matching token, whether
// they rewrite local history now (res) or not.
func (s *store) consent(ctx context.Context, res *gitstore.RewriteResult, current map[string]gitstore.ID, arrived []erasure.Marker, keys map[string][]byte, opts ImportOptions) (*ErasureConsent, error) {
	if len(arrived) == 0 {
		return nil, nil
	}
	c, err := s.localErasure(ctx, res, current, arrived, keys)
	if err != nil {
		return nil, err
	}
	c.Source = opts.Source
	switch {
	case opts.TrustErasures, opts.Token == c.Token:
		return c, nil
	case opts.Token == "":
		return nil, &ConsentError{Err: gitstore.ErrErasureConsentRequired, Consent: c}
	default:
		return nil, &ConsentError{Err: gitstore.ErrErasureConsentChanged, Consent: c}
	}
}

// checkErasedHeads refuses a local rewrite that leaves a scope head
// invalid in publish mode where it was not: each rewritten head is
// validated and compared with its old self, problem by problem.
func (s *store) checkErasedHeads(ctx context.Context, res *gitstore.RewriteResult) error {
	for _, u := range res.Refs {
		if !strings.HasPrefix(u.Name, branchPrefix) || u.New.IsZero() {
			continue
		}
		before, err := s.publishProblems(ctx, u.Old)
		if err != nil {
			return err
		}
		after, err := s.publishProblems(ctx, u.New)
		if err != nil {
			return err
		}
		for p := range after {
			if !before[p] {
				return fmt.Errorf("%w: %s: %s", gitstore.ErrErasureBreaksSchema, strings.TrimPrefix(u.Name, branchPrefix), p)
			}
		}
	}
	return nil
}

// publishProblems lists a commit's publish-mode errors as "path: code".
func (s *store) publishProblems(ctx context.Context, commit gitstore.ID) (map[string]bool, error) {
	snap, err := s.Snapshot(ctx, commit)
	if err != nil {
		return nil, err
	}
	rep, err := s.Check(ctx, snap, validate.ModePublish)
	if err != nil {
		return nil, err
	}
	out := map[string]bool{}
	for _, p := range rep.Errors() {
		out[p.Path+": "+p.Code] = true
	}
	return out, nil
}

package forget

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/memfs/memfs/internal/errcode"
	"github.com/memfs/memfs/ledger"
)

// CodeTokenMalformed refuses a forget_scope token that preview could not
// have printed (a usage error: nothing is looked at).
const CodeTokenMalformed = "forget_token_malformed"

// tokenPrefix and tokenHexLen are the form of scopeToken's tokens.
const (
	tokenPrefix = "fs1-"
	tokenHexLen = 40
)

// tokenKey is where the ledger keeps the receipt of an applied token.
func tokenKey(token string) string { return "token:" + token }

// CheckToken refuses a token that is not of the form preview prints.
// An empty token passes: Apply answers it with forget_scope_required.
func CheckToken(token string) error {
	if token == "" {
		return nil
	}
	h, ok := strings.CutPrefix(token, tokenPrefix)
	if _, err := hex.DecodeString(h); !ok || err != nil || len(h) != tokenHexLen {
		return &Error{code: CodeTokenMalformed, Msg: fmt.Sprintf("a forget_scope token is %s followed by %d hex digits, as memfs forget preview prints it", tokenPrefix, tokenHexLen)}
	}
	return nil
}

// ApplyToken is Apply for a token from a preview: a malformed token is
// refused before any work, the receipt of a successful apply is kept under
// its token, and applying a token again with the same targets returns that
// receipt (Replayed set) instead of forget_scope_changed.
func (f *Forgetter) ApplyToken(ctx context.Context, opts ApplyOptions) (*Receipt, error) {
	if err := CheckToken(opts.Token); err != nil {
		return nil, err
	}
	rc, err := f.Apply(ctx, opts)
	if opts.Token == "" || (err != nil && errcode.Of(err) != CodeScopeChanged) || (rc != nil && rc.Replayed) {
		return rc, err
	}
	keys, keyID, kerr := f.opts.Store.Keyring(ctx)
	if kerr != nil {
		return rc, errors.Join(err, kerr)
	}
	reqHash := requestHash(keys[keyID], opts.Targets)
	if err == nil {
		if body, merr := json.Marshal(rc); merr == nil {
			r := ledger.Receipt{CommandID: tokenKey(opts.Token), RequestHash: reqHash, Body: body, Completed: rc.CompletedAt}
			if perr := f.opts.Ledger.PutReceipt(ctx, r); perr != nil {
				f.log.Warn("forget: the token's receipt was not kept", "err", perr)
			}
		}
		return rc, nil
	}
	stored, ok, lerr := f.opts.Ledger.Receipt(ctx, tokenKey(opts.Token))
	if lerr != nil || !ok || stored.RequestHash != reqHash {
		return rc, err
	}
	var done Receipt
	if uerr := json.Unmarshal(stored.Body, &done); uerr != nil {
		return rc, errors.Join(err, uerr)
	}
	done.Replayed = true
	return &done, nil
}

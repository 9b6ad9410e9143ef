package gitstore

import (
	"bufio"
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/memfs/memfs/gitstore/erasure"
	"github.com/memfs/memfs/internal/fsutil"
)

// The marker keys. A marker is checkable only with the key it was made
// under, and whoever holds that key can test guesses against it, so the
// keys stay with the user's own replicas: in store.git/memfs-keyring
// (0600), a file git never transfers, not in any ref. refs/memfs/meta
// holds no key (metaCommit). A second replica of the same user gets them
// as a key file (EncodeKeyFile, written by memfs key export, read by
// memfs key import), which the user copies as they would an ssh key.
//
// Stores made before kept the keyring in refs/memfs/meta, so every
// bundle and every remote held it beside the markers. The first open
// moves those keys into the keyring file (they keep checking the markers
// made under them), gives the store a new key for the markers it makes
// from then on (the old ones were exposed), and replaces the meta ref by
// the keyless commit.

// keyringFile is the local keyring, inside store.git.
const keyringFile = "memfs-keyring"

// keyFileHeader opens a keyring or key file.
const keyFileHeader = "# memfs marker keys: secret; keep them with your own replicas (memfs key import)\n"

// EncodeKeyFile returns the text of a key file: a "key <id> <hex>" line
// per key, sorted by id, and "own <id>" naming the key the store marks
// with (none when own is empty).
func EncodeKeyFile(keys map[string][]byte, own string) []byte {
	var b bytes.Buffer
	b.WriteString(keyFileHeader)
	for _, id := range slices.Sorted(maps.Keys(keys)) {
		fmt.Fprintf(&b, "key %s %s\n", id, hex.EncodeToString(keys[id]))
	}
	if own != "" {
		fmt.Fprintf(&b, "own %s\n", own)
	}
	return b.Bytes()
}

// DecodeKeyFile reads a key file (EncodeKeyFile). An "own" line must name
// one of its keys. Errors name the line, never a key.
func DecodeKeyFile(b []byte) (keys map[string][]byte, own string, err error) {
	keys = map[string][]byte{}
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(make([]byte, 4096), 4096)
	for n := 1; sc.Scan(); n++ {
		f := strings.Fields(sc.Text())
		switch {
		case len(f) == 0 || strings.HasPrefix(f[0], "#"):
		case f[0] == "key" && len(f) == 3:
			k, err := hex.DecodeString(f[2])
			if err != nil || len(k) < 16 || len(k) > 64 || !erasure.ValidKeyID(f[1]) {
				return nil, "", fmt.Errorf("%w: line %d: malformed key", ErrInvalidKeyFile, n)
			}
			if have, ok := keys[f[1]]; ok && !bytes.Equal(have, k) {
				return nil, "", fmt.Errorf("%w: line %d: key id given twice", ErrInvalidKeyFile, n)
			}
			keys[f[1]] = k
		case f[0] == "own" && len(f) == 2 && own == "":
			own = f[1]
		default:
			return nil, "", fmt.Errorf("%w: line %d", ErrInvalidKeyFile, n)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, "", fmt.Errorf("%w: %w", ErrInvalidKeyFile, err)
	}
	if _, ok := keys[own]; own != "" && !ok {
		return nil, "", fmt.Errorf("%w: the own key is not in the file", ErrInvalidKeyFile)
	}
	return keys, own, nil
}

func (s *Store) keyringPath() string { return filepath.Join(s.opts.Path, keyringFile) }

// readLocalKeys reads the keyring file; none yet is an empty keyring.
func (s *Store) readLocalKeys() (map[string][]byte, error) {
	b, err := os.ReadFile(s.keyringPath())
	if errors.Is(err, fs.ErrNotExist) {
		return map[string][]byte{}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read keyring: %w", err)
	}
	keys, _, err := DecodeKeyFile(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", keyringFile, err)
	}
	return keys, nil
}

// writeLocalKeys replaces the keyring file, owner-only, atomically.
func (s *Store) writeLocalKeys(keys map[string][]byte) error {
	if err := fsutil.WriteFileAtomic(s.keyringPath(), EncodeKeyFile(keys, ""), 0o600); err != nil {
		return fmt.Errorf("write keyring: %w", err)
	}
	return nil
}

// Keyring returns every marker key the store holds (its own and those
// the user imported from their other replicas) by key id, and the id of
// the key the store marks with.
func (s *Store) Keyring(ctx context.Context) (map[string][]byte, string, error) {
	keys, err := s.readLocalKeys()
	if err != nil {
		return nil, "", err
	}
	meta, err := s.Meta(ctx)
	if err != nil {
		return nil, "", err
	}
	return keys, meta.KeyID, ctx.Err()
}

// ImportKeys adds the keys of a key file to the keyring, under the store
// lock. With adopt, the file's own key becomes the key this store marks
// with from now on, so the replicas that share it check each other's
// new markers. It returns how many keys were new.
func (s *Store) ImportKeys(ctx context.Context, keys map[string][]byte, own string, adopt bool) (int, error) {
	unlock, err := s.lock(ctx)
	if err != nil {
		return 0, err
	}
	defer unlock()
	have, err := s.readLocalKeys()
	if err != nil {
		return 0, err
	}
	added := 0
	for id, k := range keys {
		if old, ok := have[id]; ok {
			if !bytes.Equal(old, k) {
				return 0, fmt.Errorf("%w: key %s differs from the one this store holds", ErrInvalidKeyFile, id)
			}
			continue
		}
		have[id] = k
		added++
	}
	if added > 0 {
		if err := s.writeLocalKeys(have); err != nil {
			return 0, err
		}
	}
	if adopt && own != "" {
		m, err := s.Meta(ctx)
		if err != nil {
			return 0, err
		}
		if m.KeyID != own {
			m.KeyID = own
			if err := s.writeIdentity(m); err != nil {
				return 0, err
			}
		}
	}
	return added, nil
}

// ownKeyReady reports whether the identity is in the config and the
// keyring holds its key: nothing to migrate.
func (s *Store) ownKeyReady() (bool, error) {
	m, ok, err := s.readIdentity()
	if err != nil || !ok {
		return false, err
	}
	keys, err := s.readLocalKeys()
	if err != nil {
		return false, err
	}
	_, ok = keys[m.KeyID]
	return ok, nil
}

// ensureKeys makes sure the store has its identity in the config, its
// keys in the keyring file and a keyless meta ref: it migrates a store
// of an earlier format (see above) and gives a store that has no key of
// its own a new one. The caller holds the store lock.
func (s *Store) ensureKeys(ctx context.Context) error {
	m, idOK, err := s.readIdentity()
	if err != nil {
		return err
	}
	was := m
	local, err := s.readLocalKeys()
	if err != nil {
		return err
	}
	h, err := s.readRef(MetaRef)
	if err != nil {
		return err
	}
	snap, err := s.Snapshot(ctx, h)
	if err != nil {
		return err
	}
	exposed := map[string][]byte{}
	if snap.Lookup("keys") != nil {
		if exposed, err = keysOf(snap); err != nil {
			return err
		}
	}
	if !idOK && snap.Lookup(legacyMetaFile) != nil {
		if lm, err := parseMeta(snap); err == nil && lm.StoreID != "" {
			m.StoreID = lm.StoreID
		}
	}
	if m.StoreID == "" {
		if m, err = newStoreID(); err != nil {
			return err
		}
	}
	changed := false
	for id, k := range exposed {
		if _, ok := local[id]; !ok {
			local[id], changed = k, true
		}
	}
	_, ownExposed := exposed[m.KeyID]
	if _, ok := local[m.KeyID]; !ok || ownExposed || !erasure.ValidKeyID(m.KeyID) {
		// No key of its own, or one that travelled in the meta ref: a
		// new key marks from now on.
		id, key, err := newKey()
		if err != nil {
			return err
		}
		local[id], m.KeyID, changed = key, id, true
	}
	if changed {
		if err := s.writeLocalKeys(local); err != nil {
			return err
		}
	}
	if m != was || !idOK {
		if err := s.writeIdentity(m); err != nil {
			return err
		}
	}
	c, err := s.metaCommit()
	if err != nil || c == h {
		return err
	}
	return s.casRef(MetaRef, h, c)
}

// newStoreID makes an identity with a random store id and no key yet.
func newStoreID() (Meta, error) {
	id := make([]byte, 16)
	if _, err := rand.Read(id); err != nil {
		return Meta{}, fmt.Errorf("store identity: %w", err)
	}
	return Meta{Version: metaVersion, StoreID: hex.EncodeToString(id)}, nil
}

// newKey makes a random marker key and its id.
func newKey() (string, []byte, error) {
	key, id := make([]byte, 32), make([]byte, 8)
	for _, b := range [][]byte{key, id} {
		if _, err := rand.Read(b); err != nil {
			return "", nil, fmt.Errorf("marker key: %w", err)
		}
	}
	return hex.EncodeToString(id), key, nil
}

package gitstore

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/object"
	"github.com/memfs/memfs/gitstore/erasure"
)

// Store metadata that converges. What identifies a store (its id and the
// id of the key it marks with) is local: it lives in store.git/config,
// section [memfs], and never travels. What must travel, the keyring
// (refs/memfs/meta) and the marker set (refs/memfs/erasures), is a set
// that only grows and merges by union; each is stored as a canonical
// commit built from its content alone: sorted content, no parents, the
// neutral signature, a date derived from the content. Two stores holding
// the same union hold the identical commit, so pushing metadata is never
// refused because another replica pushed the same union, and a different
// union is merged, never overwritten (see replica.Push).
//
// Stores made before keep meta.json (store id and key id) in the meta
// commit and a marker chain with parents; the first open copies the
// identity into the config, and the first pull, push or forget replaces
// both refs by their canonical commits (same keys, same markers).

// Config keys of the local identity, in section [memfs].
const (
	identitySection = "memfs"
	identityStoreID = "storeId"
	identityKeyID   = "keyId"
	metaVersion     = 2
)

// legacyMetaFile is the identity file of meta commits made before the
// identity became local.
const legacyMetaFile = "meta.json"

// readIdentity returns the identity kept in the config; ok is false when
// there is none yet.
func (s *Store) readIdentity() (m Meta, ok bool, err error) {
	s.mu.Lock()
	cfg, err := s.st.Config()
	s.mu.Unlock()
	if err != nil {
		return m, false, fmt.Errorf("read config: %w", err)
	}
	sec := cfg.Raw.Section(identitySection)
	m = Meta{Version: metaVersion, StoreID: sec.Option(identityStoreID), KeyID: sec.Option(identityKeyID)}
	return m, m.StoreID != "" && erasure.ValidKeyID(m.KeyID), nil
}

// writeIdentity keeps the identity in the config.
func (s *Store) writeIdentity(m Meta) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	cfg, err := s.st.Config()
	if err != nil {
		return fmt.Errorf("read config: %w", err)
	}
	sec := cfg.Raw.Section(identitySection)
	sec.SetOption(identityStoreID, m.StoreID)
	sec.SetOption(identityKeyID, m.KeyID)
	if err := s.st.SetConfig(cfg); err != nil {
		return fmt.Errorf("write config: %w", err)
	}
	return nil
}

// ensureIdentity makes sure the config holds the store's identity: from a
// meta commit of the earlier format when there is one, else a new identity
// with a new key added to the keyring. The caller holds the store lock.
func (s *Store) ensureIdentity(ctx context.Context) error {
	if _, ok, err := s.readIdentity(); ok || err != nil {
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
	if snap.Lookup(legacyMetaFile) != nil {
		m, err := parseMeta(snap)
		if err != nil {
			return err
		}
		keys, err := keysOf(snap)
		if err != nil {
			return err
		}
		if _, ok := keys[m.KeyID]; ok && m.StoreID != "" {
			return s.writeIdentity(m)
		}
	}
	// No identity to recover (a meta ref that arrived without one): this
	// store starts a new identity and key.
	keys, err := keysOf(snap)
	if err != nil {
		keys = map[string][]byte{}
	}
	m, key, err := newIdentity()
	if err != nil {
		return err
	}
	keys[m.KeyID] = key
	c, err := s.keyringCommit(keys)
	if err != nil {
		return err
	}
	if err := s.writeIdentity(m); err != nil {
		return err
	}
	return s.casRef(MetaRef, h, c)
}

// newIdentity makes a random store id, key id and key.
func newIdentity() (Meta, []byte, error) {
	id, key, keyID := make([]byte, 16), make([]byte, 32), make([]byte, 8)
	for _, b := range [][]byte{id, key, keyID} {
		if _, err := rand.Read(b); err != nil {
			return Meta{}, nil, fmt.Errorf("store identity: %w", err)
		}
	}
	return Meta{Version: metaVersion, StoreID: hex.EncodeToString(id), KeyID: hex.EncodeToString(keyID)}, key, nil
}

// canonicalSig signs metadata commits: the neutral signature at when.
func canonicalSig(when time.Time) object.Signature {
	return object.Signature{Name: erasure.NeutralName, Email: erasure.NeutralEmail, When: when.UTC()}
}

// writeCanonicalCommit writes a parentless commit of tree with the
// neutral signature at when. s.mu must be held.
func (s *Store) writeCanonicalCommitLocked(tree ID, when time.Time, msg string) (ID, error) {
	sig := canonicalSig(when)
	c := &object.Commit{Author: sig, Committer: sig, Message: msg, TreeHash: tree.hash()}
	obj := &plumbing.MemoryObject{}
	if err := c.Encode(obj); err != nil {
		return ID{}, fmt.Errorf("encode commit: %w", err)
	}
	b, err := encodedBytes(obj)
	if err != nil {
		return ID{}, err
	}
	return s.writeLoose(plumbing.CommitObject, b)
}

// keyringCommit writes the canonical commit of a keyring: keys/<key id>
// holding the key in hex, nothing else, dated the epoch.
func (s *Store) keyringCommit(keys map[string][]byte) (ID, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var entries []object.TreeEntry
	for _, id := range slices.Sorted(maps.Keys(keys)) {
		b, err := s.writeBlob([]byte(hex.EncodeToString(keys[id]) + "\n"))
		if err != nil {
			return ID{}, err
		}
		entries = append(entries, object.TreeEntry{Name: id, Mode: filemode.Regular, Hash: b.hash()})
	}
	kt, err := s.writeTree(entries)
	if err != nil {
		return ID{}, err
	}
	root, err := s.writeTree([]object.TreeEntry{{Name: "keys", Mode: filemode.Dir, Hash: kt.hash()}})
	if err != nil {
		return ID{}, err
	}
	return s.writeCanonicalCommitLocked(root, time.Unix(0, 0), fmt.Sprintf("memfs keyring: %d keys\n", len(keys)))
}

// canonicalMarkers returns the union of sets as the canonical
// erasures.jsonl: one line per marker identity (of equal identities the
// smallest line), sorted by identity, and the latest creation time.
func canonicalMarkers(sets ...[]erasure.Marker) (content []byte, n int, latest time.Time) {
	lines := map[string][]byte{}
	for _, set := range sets {
		for _, m := range set {
			line, _ := json.Marshal(m)
			k := m.Identity()
			if have, ok := lines[k]; !ok || bytes.Compare(line, have) < 0 {
				lines[k] = line
			}
			if m.Created.After(latest) {
				latest = m.Created
			}
		}
	}
	var buf bytes.Buffer
	for _, k := range slices.Sorted(maps.Keys(lines)) {
		buf.Write(lines[k])
		buf.WriteByte('\n')
	}
	return buf.Bytes(), len(lines), latest.Truncate(time.Second)
}

// markersCommitOf writes the canonical commit of the union of sets, dated
// by the latest marker's creation.
func (s *Store) markersCommitOf(sets ...[]erasure.Marker) (ID, error) {
	content, n, latest := canonicalMarkers(sets...)
	if latest.IsZero() {
		latest = time.Unix(0, 0)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	blob, err := s.writeBlob(content)
	if err != nil {
		return ID{}, err
	}
	tree, err := s.writeTree([]object.TreeEntry{{Name: erasuresFile, Mode: filemode.Regular, Hash: blob.hash()}})
	if err != nil {
		return ID{}, err
	}
	return s.writeCanonicalCommitLocked(tree, latest, fmt.Sprintf("memfs erasure markers: %d\n", n))
}

// keyringAt reads the keyring of a meta commit.
func (s *Store) keyringAt(ctx context.Context, h ID) (map[string][]byte, error) {
	snap, err := s.Snapshot(ctx, h)
	if err != nil {
		return nil, err
	}
	return keysOf(snap)
}

// markersAt reads the markers of an erasures commit.
func (s *Store) markersAt(ctx context.Context, h ID) ([]erasure.Marker, error) {
	snap, err := s.Snapshot(ctx, h)
	if err != nil {
		return nil, err
	}
	b, err := snap.ReadFile(erasuresFile)
	if err != nil {
		return nil, fmt.Errorf("read erasure markers: %w", err)
	}
	return erasure.ParseMarkers(b)
}

// canonicalUpdates returns the ref updates that replace the meta and
// marker refs by their canonical commits when they are not canonical yet
// (stores made before, or a ref that arrived from a stock-git bundle). The
// caller holds the store lock.
func (tx *Tx) canonicalUpdates(ctx context.Context) ([]RefUpdate, error) {
	s := tx.s
	if err := s.ensureIdentity(ctx); err != nil {
		return nil, err
	}
	var out []RefUpdate
	if h, err := s.readRef(MetaRef); err == nil {
		keys, err := s.keyringAt(ctx, h)
		if err != nil {
			return nil, err
		}
		c, err := s.keyringCommit(keys)
		if err != nil {
			return nil, err
		}
		if c != h {
			out = append(out, RefUpdate{Name: MetaRef, Old: h, New: c})
		}
	}
	h, err := s.readRef(ErasuresRef)
	if errors.Is(err, plumbing.ErrReferenceNotFound) {
		return out, nil
	}
	if err != nil {
		return nil, err
	}
	ms, err := s.markersAt(ctx, h)
	if err != nil {
		return nil, err
	}
	c, err := s.markersCommitOf(ms)
	if err != nil {
		return nil, err
	}
	if c != h {
		out = append(out, RefUpdate{Name: ErasuresRef, Old: h, New: c})
	}
	return out, nil
}

// Canonicalize replaces the meta and marker refs by their canonical
// commits when they are in an earlier format; it changes no key and no
// marker. The caller holds the store lock.
func (tx *Tx) Canonicalize(ctx context.Context) error {
	ups, err := tx.canonicalUpdates(ctx)
	if err != nil {
		return err
	}
	return tx.SwitchRefs(ctx, ups)
}

// subsetMarkers reports whether every marker of a is in b.
func subsetMarkers(a, b []erasure.Marker) bool {
	have := map[string]bool{}
	for _, m := range b {
		have[m.Identity()] = true
	}
	for _, m := range a {
		if !have[m.Identity()] {
			return false
		}
	}
	return true
}

// metaSummary names what a metadata ref holds, for messages.
func metaSummary(name string) string {
	switch name {
	case MetaRef:
		return "keyring"
	case ErasuresRef:
		return "erasure markers"
	}
	return strings.TrimPrefix(name, "refs/")
}

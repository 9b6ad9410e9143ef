package gitstore

import (
	"bytes"
	"context"
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
// section [memfs], and never travels; so do the marker keys (keyring.go).
// What travels is the marker set (refs/memfs/erasures), a set that only
// grows and merges by union, stored as a canonical commit built from its
// content alone: sorted content, no parents, the neutral signature, a
// date derived from the content. Two stores holding the same union hold
// the identical commit, so pushing markers is never refused because
// another replica pushed the same union, and a different union is merged,
// never overwritten (see replica.Push). refs/memfs/meta is one keyless
// commit, the same in every store (metaCommit).
//
// Stores made before keep meta.json (store id and key id) and the keys in
// the meta commit, and a marker chain with parents; the first open moves
// the identity into the config and the keys into the keyring file, and
// the first pull, push or forget replaces the marker chain by its
// canonical commit (same markers).

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

// metaReadme is the one file of the meta commit.
const metaReadme = "README"

// metaReadmeText says what the meta ref is for, and what it never holds.
const metaReadmeText = "memfs store metadata, format 3.\n" +
	"The keys that make erasure markers checkable are kept by each of the\n" +
	"user's replicas (memfs key export, memfs key import), never in a ref.\n"

// metaCommit writes the canonical commit of refs/memfs/meta: the same
// keyless commit in every store, dated the epoch, so replicas never
// differ over it. A store is initialized when it has this ref.
func (s *Store) metaCommit() (ID, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	b, err := s.writeBlob([]byte(metaReadmeText))
	if err != nil {
		return ID{}, err
	}
	root, err := s.writeTree([]object.TreeEntry{{Name: metaReadme, Mode: filemode.Regular, Hash: b.hash()}})
	if err != nil {
		return ID{}, err
	}
	return s.writeCanonicalCommitLocked(root, time.Unix(0, 0), "memfs meta 3\n")
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
	if err := s.ensureKeys(ctx); err != nil {
		return nil, err
	}
	var out []RefUpdate
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

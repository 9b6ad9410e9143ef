package gitstore

import (
	"compress/zlib"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"syscall"
	"time"

	"github.com/go-git/go-billy/v5/osfs"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/cache"
	"github.com/go-git/go-git/v5/plumbing/object"
	"github.com/go-git/go-git/v5/storage/filesystem"

	"github.com/memfs/memfs/gitstore/internal/objfile"
	"github.com/memfs/memfs/internal/fsutil"
	"github.com/memfs/memfs/validate"
	"github.com/memfs/memfs/wiki"
)

// Ref names used by the store.
const (
	MetaRef      = "refs/memfs/meta"
	ErasuresRef  = "refs/memfs/erasures"
	ProposalsRef = "refs/memfs/proposals/"
	branchPrefix = "refs/heads/"
	lockFileName = "memfs.lock"
)

// Options configure a Store.
type Options struct {
	// Path is the bare repository, usually $MEMFS_HOME/store.git.
	Path string
	// CacheDir holds the publish stat caches. Empty disables them (the
	// in-memory caches, of blobs and of facts by blob id, stay).
	CacheDir string
	Limits   validate.Limits
	// AuthorName and AuthorEmail sign commits; defaults "memfs" and
	// "memfs@localhost".
	AuthorName  string
	AuthorEmail string
	// Now returns the commit time; time.Now when nil.
	Now func() time.Time
	// BlobCacheBytes bounds the decompressed blob cache; 64 MiB when zero.
	BlobCacheBytes int64
	Logger         *slog.Logger
	// BeforeRename, when set, is called with the destination of every
	// rename that installs a pack, a ref, packed-refs or a rewrite plan,
	// just before it. Crash tests stop a process there (forget's
	// TestKilledApplyAtRename); the CLI never sets it, and no flag or
	// environment variable does.
	BeforeRename func(path string)
}

// Store is an open canonical store. Its methods are safe for concurrent use.
type Store struct {
	opts Options
	log  *slog.Logger

	// mu guards st, go-git's storage, which is not safe for concurrent
	// use; zw, the deflate state reused across loose-object writes
	// (allocating it costs more than compressing a small page); and trees.
	mu    sync.Mutex
	st    *filesystem.Storage
	zw    *zlib.Writer
	trees map[ID][]object.TreeEntry // memoized tree entries, see treeEntriesLocked

	blobs *blobCache
	// facts remembers validation facts by blob id (factsmemo.go).
	facts *factsMemo
	// fast reads objects from packs (deltas resolved) and loose files
	// without go-git, the second step of readObject.
	fast *objfile.Reader
	// bulk, while an exclusive operation reads every object, holds every
	// object of the packs, read once (guarded by mu; nil otherwise), the
	// first step of readObject. bulkAll says it holds every object
	// inflated (a rewrite's), not only raw entries (a purge's).
	bulk    *objfile.Bulk
	bulkAll bool
}

// Meta is the store's identity: local to the store, never pushed.
type Meta struct {
	Version int    `json:"version"`
	StoreID string `json:"store_id"`
	KeyID   string `json:"key_id"`
}

// Init creates the store at opts.Path if it does not exist and returns it
// opened. created is false when a store was already there.
func Init(ctx context.Context, opts Options) (s *Store, created bool, err error) {
	if err := os.MkdirAll(filepath.Dir(opts.Path), 0o700); err != nil {
		return nil, false, fmt.Errorf("create store parent: %w", err)
	}
	if _, err := os.Stat(filepath.Join(opts.Path, "HEAD")); errors.Is(err, os.ErrNotExist) {
		if err := initBare(opts.Path); err != nil {
			return nil, false, err
		}
	}
	s, err = open(opts)
	if err != nil {
		return nil, false, err
	}
	unlock, err := s.lock(ctx)
	if err != nil {
		return nil, false, err
	}
	defer unlock()
	if _, err := s.readRef(MetaRef); err == nil {
		if err := s.ensureKeys(ctx); err != nil {
			return nil, false, err
		}
		return s, false, nil
	}
	if err := s.writeMeta(); err != nil {
		return nil, false, err
	}
	return s, true, nil
}

// Open opens an existing store.
func Open(ctx context.Context, opts Options) (*Store, error) {
	if _, err := os.Stat(filepath.Join(opts.Path, "HEAD")); err != nil {
		return nil, fmt.Errorf("%s: %w", opts.Path, ErrNotInitialized)
	}
	s, err := open(opts)
	if err != nil {
		return nil, err
	}
	if _, err := s.readRef(MetaRef); err != nil {
		return nil, fmt.Errorf("%s: %w", opts.Path, ErrNotInitialized)
	}
	if ok, err := s.ownKeyReady(); err != nil {
		return nil, err
	} else if !ok {
		// A store made before the identity and the keys became local:
		// move them once, under the store lock (keyring.go).
		unlock, err := s.lock(ctx)
		if err != nil {
			return nil, err
		}
		err = s.ensureKeys(ctx)
		unlock()
		if err != nil {
			return nil, err
		}
	}
	return s, ctx.Err()
}

func open(opts Options) (*Store, error) {
	if opts.Limits == (validate.Limits{}) {
		opts.Limits = validate.DefaultLimits()
	}
	if opts.Limits.MaxBundleScopes <= 0 {
		opts.Limits.MaxBundleScopes = validate.DefaultMaxBundleScopes
	}
	if opts.AuthorName == "" {
		opts.AuthorName = "memfs"
	}
	if opts.AuthorEmail == "" {
		opts.AuthorEmail = "memfs@localhost"
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.BlobCacheBytes == 0 {
		opts.BlobCacheBytes = 64 << 20
	}
	log := opts.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	s := &Store{opts: opts, log: log, blobs: newBlobCache(opts.BlobCacheBytes), facts: newFactsMemo()}
	s.st = newStorage(opts.Path)
	s.fast = objfile.NewReader(s.objDir())
	return s, nil
}

func newStorage(path string) *filesystem.Storage {
	return filesystem.NewStorageWithOptions(osfs.New(path),
		cache.NewObjectLRU(16<<20), filesystem.Options{})
}

// initBare lays out an empty bare repository the way `git init --bare`
// does, so stock git accepts it without complaint.
func initBare(path string) error {
	for _, d := range []string{"objects/info", "objects/pack", "refs/heads", "refs/tags", "info"} {
		if err := os.MkdirAll(filepath.Join(path, d), 0o700); err != nil {
			return fmt.Errorf("init store: %w", err)
		}
	}
	files := map[string]string{
		"HEAD":        "ref: refs/heads/default\n",
		"config":      "[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n\tbare = true\n",
		"description": "memfs canonical memory store; one branch per scope\n",
	}
	for name, content := range files {
		if err := fsutil.WriteFileAtomic(filepath.Join(path, name), []byte(content), 0o600); err != nil {
			return fmt.Errorf("init store: %w", err)
		}
	}
	return nil
}

// Path returns the repository directory.
func (s *Store) Path() string { return s.opts.Path }

// Limits returns the artifact limits the store enforces.
func (s *Store) Limits() validate.Limits { return s.opts.Limits }

// Close releases the store's resources.
func (s *Store) Close() error {
	s.fast.Close()
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.st.Close()
}

// lock takes the store-wide lock shared by every memfs process. It returns
// the function that releases it.
func (s *Store) lock(ctx context.Context) (func(), error) {
	f, err := os.OpenFile(filepath.Join(s.opts.Path, lockFileName), os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("store lock: %w", err)
	}
	delay := time.Millisecond
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if err == nil {
			break
		}
		if !errors.Is(err, syscall.EWOULDBLOCK) && !errors.Is(err, syscall.EINTR) {
			f.Close()
			return nil, fmt.Errorf("store lock: %w", err)
		}
		t := time.NewTimer(delay)
		select {
		case <-ctx.Done():
			t.Stop()
			f.Close()
			return nil, fmt.Errorf("store lock: %w", ctx.Err())
		case <-t.C:
		}
		delay = min(delay*2, 20*time.Millisecond)
	}
	s.clearTemp()
	return func() {
		_ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		f.Close()
	}, nil
}

// Meta reads the store identity: its id and the id of the key it marks
// with, kept in the store's config (never pushed). A store whose identity
// was not copied there yet answers from its meta commit.
func (s *Store) Meta(ctx context.Context) (Meta, error) {
	m, ok, err := s.readIdentity()
	if err != nil || ok {
		return m, err
	}
	h, err := s.readRef(MetaRef)
	if err != nil {
		return m, err
	}
	snap, err := s.Snapshot(ctx, h)
	if err != nil {
		return m, err
	}
	return parseMeta(snap)
}

// parseMeta reads meta.json, the identity file of the earlier format.
func parseMeta(snap *Snapshot) (Meta, error) {
	var m Meta
	b, err := snap.ReadFile(legacyMetaFile)
	if err != nil {
		return m, fmt.Errorf("read store meta: %w", err)
	}
	if err := json.Unmarshal(b, &m); err != nil {
		return m, fmt.Errorf("read store meta: %w", err)
	}
	return m, nil
}

// writeMeta gives a new store its identity (in the config), its keyring
// of one key (the keyring file) and the meta ref (keyless, canonical).
func (s *Store) writeMeta() error {
	m, err := newStoreID()
	if err != nil {
		return err
	}
	id, key, err := newKey()
	if err != nil {
		return err
	}
	m.KeyID = id
	if err := s.writeLocalKeys(map[string][]byte{id: key}); err != nil {
		return err
	}
	c, err := s.metaCommit()
	if err != nil {
		return err
	}
	if err := s.writeIdentity(m); err != nil {
		return err
	}
	return s.casRef(MetaRef, ID{}, c)
}

// BranchRef returns the ref name of a scope's branch.
func BranchRef(scope string) string { return branchPrefix + scope }

func checkScope(scope string) error {
	if !wiki.ValidScope(scope) {
		return fmt.Errorf("%q: %w", scope, ErrInvalidScope)
	}
	return nil
}

// Head returns the commit a scope's branch points at, or ErrNoScope.
func (s *Store) Head(ctx context.Context, scope string) (ID, error) {
	if err := checkScope(scope); err != nil {
		return ID{}, err
	}
	h, err := s.readRef(BranchRef(scope))
	if errors.Is(err, plumbing.ErrReferenceNotFound) {
		return ID{}, fmt.Errorf("scope %s: %w", scope, ErrNoScope)
	}
	return h, err
}

// Scopes lists the scopes that have a branch, sorted.
func (s *Store) Scopes(ctx context.Context) ([]string, error) {
	s.mu.Lock()
	iter, err := s.st.IterReferences()
	if err != nil {
		s.mu.Unlock()
		return nil, fmt.Errorf("list scopes: %w", err)
	}
	var scopes []string
	err = iter.ForEach(func(r *plumbing.Reference) error {
		name := r.Name().String()
		if len(name) > len(branchPrefix) && name[:len(branchPrefix)] == branchPrefix {
			if sc := name[len(branchPrefix):]; wiki.ValidScope(sc) {
				scopes = append(scopes, sc)
			}
		}
		return nil
	})
	s.mu.Unlock()
	if err != nil {
		return nil, fmt.Errorf("list scopes: %w", err)
	}
	slices.Sort(scopes)
	return scopes, ctx.Err()
}

package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/spf13/cobra"

	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/internal/app/home"
)

// maxKeyFile bounds a key file read by memfs key import.
const maxKeyFile = 64 << 10

func newKeyCommand(g *globalOptions) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "key export|import FILE",
		Short: "Copy the erasure marker keys between your own replicas",
		Long: `Erasure markers are checkable only with the key they were made under, and
that key never leaves your replicas: it is not in any ref, bundle or remote.
A second machine of yours gets it as a key file: run memfs key export FILE
on the first, copy FILE as you would an ssh key, run memfs key import FILE on
the second. The second then checks the first's markers (the ones it held
unchecked are applied to its history, which is rewritten and purged), and
from then on both mark with the same key. Until it holds the key, a store
that received markers it cannot check refuses to push or export
(marker_keys_missing).`,
	}
	export := &cobra.Command{
		Use:   "export FILE",
		Short: "Write this store's marker keys to a new file (owner-only)",
		Args:  exactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return g.withStore(cmd.Context(), func(_ *home.Home, s *gitstore.Store) error {
				keys, own, err := s.Keyring(cmd.Context())
				if err != nil {
					return err
				}
				f, err := os.OpenFile(args[0], os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
				if errors.Is(err, fs.ErrExist) {
					return usagef("%s exists; give a new file", args[0])
				}
				if err != nil {
					return err
				}
				_, err = f.Write(gitstore.EncodeKeyFile(keys, own))
				if cerr := f.Close(); err == nil {
					err = cerr
				}
				if err != nil {
					os.Remove(args[0])
					return err
				}
				return g.output(keyExportOut{OK: true, File: args[0], Keys: len(keys)}, func(w io.Writer) {
					fmt.Fprintf(w, "wrote %d keys to %s; it is secret: copy it only to your own replicas, then delete it\n", len(keys), args[0])
				})
			})
		},
	}
	var keepOwn bool
	imp := &cobra.Command{
		Use:   "import FILE [--keep-own]",
		Short: "Add the marker keys of a file written by memfs key export, and apply their markers",
		Args:  exactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			b, err := readBounded(args[0], maxKeyFile)
			if err != nil {
				return err
			}
			keys, own, err := gitstore.DecodeKeyFile(b)
			if err != nil {
				return err
			}
			return g.withStore(ctx, func(h *home.Home, s *gitstore.Store) error {
				added, err := s.ImportKeys(ctx, keys, own, !keepOwn)
				if err != nil {
					return err
				}
				res, err := h.ApplyKeys(ctx, s)
				if err != nil {
					return err
				}
				guard, err := s.Guard(ctx)
				if err != nil {
					return err
				}
				unchecked, _ := guard.Unchecked()
				out := keyImportOut{OK: true, Added: added, RewrittenLocal: res.RewrittenLocal, Unchecked: unchecked}
				return g.output(out, func(w io.Writer) {
					fmt.Fprintf(w, "added %d keys; %d local commits rewritten by the markers they check\n", added, res.RewrittenLocal)
					if unchecked > 0 {
						fmt.Fprintf(w, "%d markers are still under keys this store does not hold\n", unchecked)
					}
				})
			})
		},
	}
	imp.Flags().BoolVar(&keepOwn, "keep-own", false, "keep marking with this store's own key instead of the file's")
	cmd.AddCommand(export, imp)
	return needCommand(cmd)
}

// readBounded reads a file of at most limit bytes.
func readBounded(path string, limit int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > limit {
		return nil, usagef("%s is over %d bytes: not a key file", path, limit)
	}
	return b, nil
}

package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"

	"github.com/memfs/memfs/gitstore"
	"github.com/memfs/memfs/gitstore/replica"
	"github.com/memfs/memfs/internal/app/home"
)

func newExportCommand(g *globalOptions) *cobra.Command {
	return &cobra.Command{
		Use:   "export FILE [--scope S ...]",
		Short: "Write a standard git bundle of the memory (every scope, or those named)",
		Long: `Export writes a standard git bundle (version 2) holding the scope branches,
the erasure markers and the store metadata, never a marker key. Stock git
reads it: git bundle verify FILE, git clone -b SCOPE FILE DIR. Give --scope
several times to export only some scopes. A store holding markers it cannot
check (marker_keys_missing) exports nothing until memfs key import brings
their key.`,
		Args: exactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return g.withStore(cmd.Context(), func(_ *home.Home, s *gitstore.Store) error {
				var scopes []string
				if g.changed("scope") {
					scopes = g.Scopes
				}
				line := g.progress()
				line.Phase("writing " + args[0])
				refs, n, err := home.Export(cmd.Context(), s, args[0], scopes)
				line.Done()
				if err != nil {
					return err
				}
				return g.output(exportOut{OK: true, File: args[0], Refs: refs, Objects: n}, func(w io.Writer) {
					fmt.Fprintf(w, "wrote %s: %d refs, %d objects\n", args[0], refs, n)
				})
			})
		},
	}
}

func newImportCommand(g *globalOptions) *cobra.Command {
	var token string
	cmd := &cobra.Command{
		Use:   "import FILE",
		Short: "Bring in a git bundle made by memfs or by stock git",
		Long: `Import reads a git bundle into a quarantine, refuses it whole if any revision
leaves the artifact layout, rewrites it by the erasure markers of both
sides before any of it becomes visible, then updates the scope branches:
fast-forward; when both sides moved, a merge of the two (file by file,
indexes and summary line by line, validated as a publication); only when
a page changed on both sides differently, the bundle's head with the
local commits kept under refs/memfs/diverged/ and their sessions put back
to pending. Erasure markers that arrive and that this store did not have
stop the import (exit 4, erasure_consent_required), also when they match
nothing yet (they would refuse later memory), with a summary of what they
would erase here and a token; import again with --token to apply them,
which rewrites and purges this store's history too. Markers under a key
this store does not hold cannot be checked here (see memfs key).`,
		Args: exactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			f, err := os.Open(args[0])
			if err != nil {
				return err
			}
			defer f.Close()
			// A read blocked on a pipe or a slow disk ends with the command.
			defer context.AfterFunc(cmd.Context(), func() { f.Close() })()
			return g.runImport(cmd.Context(), func(*gitstore.Store) (replica.Fetcher, replica.ImportOptions, error) {
				return replica.BundleFetcher(f), replica.ImportOptions{Token: token, Source: "bundle " + args[0]}, nil
			})
		},
	}
	cmd.Flags().StringVar(&token, "token", "", "erasure_consent token from a stopped import: apply the incoming erasure markers")
	return cmd
}

// runImport imports what fetcher brings, then settles the ledger and the
// staged runs.
func (g *globalOptions) runImport(ctx context.Context, fetcher func(*gitstore.Store) (replica.Fetcher, replica.ImportOptions, error)) error {
	return g.withNewStore(ctx, func(h *home.Home, s *gitstore.Store) error {
		fetch, iopts, err := fetcher(s)
		if err != nil {
			return err
		}
		line := g.progress()
		defer line.Done()
		imp, err := h.Import(ctx, s, fetch, iopts, line.Counter())
		var ce *replica.ConsentError
		if errors.As(err, &ce) {
			// What the incoming markers would erase here, and the token that applies them.
			return g.fail(exitForgetScope, consentOut{Error: errJSON(ce), ErasureConsent: ce.Consent}, func(w io.Writer) {
				fmt.Fprintf(g.stderr, "memfs: %v\n", ce.Err)
				printLines(w, ce.Consent.Summary())
				fmt.Fprintf(w, "run the same command with --token %s to apply them\n", ce.Consent.Token)
			})
		}
		if err != nil {
			return err
		}
		return g.output(importOut{OK: true, Result: imp.Result, Requeued: imp.Requeued}, func(w io.Writer) { printLines(w, imp.Result.Summary()) })
	})
}

func newRemoteCommand(g *globalOptions) *cobra.Command {
	cmd := &cobra.Command{Use: "remote add|remove|list", Short: "Configure git remotes to sync memory through"}
	var trust bool
	add := &cobra.Command{
		Use:   "add NAME URL [--trust-erasures]",
		Short: "Add a remote (file, git, ssh or http(s) url)",
		Long: `Add a remote. With --trust-erasures, erasure markers a pull brings from it
are applied without a consent token, even where they rewrite this store's
own history; without it a pull that brings markers stops and asks for one.
Trust only a remote that only your own replicas push to.`,
		Args: exactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			return g.withNewStore(cmd.Context(), func(_ *home.Home, s *gitstore.Store) error {
				if err := replica.AddRemote(s, args[0], args[1], replica.RemoteOptions{TrustErasures: trust}); err != nil {
					return usageError{err}
				}
				shown := replica.StripCredentials(args[1])
				return g.output(remoteAddOut{OK: true, Name: args[0], URL: shown, TrustErasures: trust}, func(w io.Writer) {
					fmt.Fprintf(w, "remote %s added: %s\n", args[0], shown)
					if trust {
						fmt.Fprintln(w, "erasures pulled from it are applied without a consent token (--trust-erasures)")
					} else {
						fmt.Fprintln(w, "erasure markers pulled from it wait for a consent token (add it with --trust-erasures to trust it)")
					}
				})
			})
		},
	}
	add.Flags().BoolVar(&trust, "trust-erasures", false, "apply the erasure markers pulled from this remote without a consent token")
	remove := &cobra.Command{
		Use:   "remove NAME",
		Short: "Remove a remote",
		Args:  exactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return g.withNewStore(cmd.Context(), func(_ *home.Home, s *gitstore.Store) error { return replica.RemoveRemote(s, args[0]) })
		},
	}
	list := &cobra.Command{
		Use:   "list",
		Short: "List remotes",
		Args:  exactArgs(0),
		RunE: func(cmd *cobra.Command, args []string) error {
			return g.withNewStore(cmd.Context(), func(_ *home.Home, s *gitstore.Store) error {
				rs, err := replica.Remotes(s)
				if err != nil {
					return err
				}
				return g.output(nonNil(rs), func(w io.Writer) {
					for _, r := range rs {
						fmt.Fprintf(w, "%s\t%s%s\n", r.Name, r.URL, map[bool]string{true: "\ttrust-erasures"}[r.TrustErasures])
					}
				})
			})
		},
	}
	cmd.AddCommand(add, remove, list)
	return needCommand(cmd)
}

// remoteName picks the remote: the one named, else the only one.
func remoteName(s *gitstore.Store, args []string) (string, error) {
	if len(args) == 1 {
		return args[0], nil
	}
	rs, err := replica.Remotes(s)
	if err != nil {
		return "", err
	}
	if len(rs) != 1 {
		return "", usagef("name the remote (%d configured)", len(rs))
	}
	return rs[0].Name, nil
}

func newPullCommand(g *globalOptions) *cobra.Command {
	var token string
	cmd := &cobra.Command{
		Use:   "pull [NAME] [--token T]",
		Short: "Fetch a remote's memory and import it (see memfs import)",
		Long: `Pull fetches a remote's memory and imports it as memfs import does. Erasure
markers this store did not have stop the pull with a summary and a token
(pull again with --token), unless the remote was added with
--trust-erasures.`,
		Args: rangeArgs(0, 1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return g.runImport(cmd.Context(), func(s *gitstore.Store) (replica.Fetcher, replica.ImportOptions, error) {
				opts := replica.ImportOptions{Token: token}
				name, err := remoteName(s, args)
				if err != nil {
					return nil, opts, err
				}
				opts.Source = "remote " + name
				r, err := replica.LookupRemote(s, name)
				if err != nil {
					return nil, opts, err
				}
				opts.TrustErasures = r.TrustErasures
				f, err := replica.RemoteFetcher(s, name, g.progress().Writer())
				return f, opts, err
			})
		},
	}
	cmd.Flags().StringVar(&token, "token", "", "erasure_consent token from a stopped pull: apply the incoming erasure markers")
	return cmd
}

func newPushCommand(g *globalOptions) *cobra.Command {
	return &cobra.Command{
		Use:   "push [NAME]",
		Short: "Send the scope branches, erasure markers and metadata to a remote",
		Long: `Push sends every scope branch and the erasure markers, never a key,
under memfs's own refs on the remote (refs/memfs/); nothing else there is
touched. A branch is sent as a fast-forward when it can be; a branch
rewritten by a forget here replaces the remote's under a lease on what
this store last pulled there. When the remote moved since the last pull,
push pulls first (as memfs pull does: rewritten by this store's markers,
merged) and pushes again, so a forget travels with one push; a pull that
needs consent to incoming markers stops it (pull --token T, then push).
The markers are a set, sent as the union of this store's and the remote's.
Other replicas purge forgotten content on their next pull. A store holding
markers it cannot check (marker_keys_missing) pushes nothing until memfs
key import brings their key.`,
		Args: rangeArgs(0, 1),
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			return g.withNewStore(ctx, func(h *home.Home, s *gitstore.Store) error {
				name, err := remoteName(s, args)
				if err != nil {
					return err
				}
				line := g.progress()
				defer line.Done()
				p, err := h.Push(ctx, s, name, line.Writer(), line.Counter())
				var ce *replica.ConsentError
				if errors.As(err, &ce) {
					return g.fail(exitForgetScope, consentOut{Error: errJSON(ce), ErasureConsent: ce.Consent}, func(w io.Writer) {
						fmt.Fprintf(g.stderr, "memfs: %v\n", err)
						printLines(w, ce.Consent.Summary())
						fmt.Fprintf(w, "run memfs pull %s --token %s to apply them, then push again\n", name, ce.Consent.Token)
					})
				}
				if p == nil || p.Result == nil {
					return err
				}
				var pulled *importOut
				if p.Pulled != nil {
					pulled = &importOut{OK: true, Result: p.Pulled.Result, Requeued: p.Pulled.Requeued}
				}
				if g.JSON && err != nil {
					return g.fail(exitCode(err), pushFailedOut{Result: p.Result, Pulled: pulled, Error: errJSON(err)}, nil)
				}
				g.output(pushOut{OK: true, Result: p.Result, Pulled: pulled}, func(w io.Writer) {
					if pulled != nil {
						fmt.Fprintf(w, "the remote moved since the last pull: pulled %s first\n", name)
						printLines(w, pulled.Result.Summary())
					}
					printLines(w, p.Result.Summary())
				})
				return err
			})
		},
	}
}

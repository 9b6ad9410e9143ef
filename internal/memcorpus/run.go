package memcorpus

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// Scope is the memory scope Run checkpoints every session into.
const Scope = "corpus"

// Memfs runs one memfs command line against the home the caller chose and
// returns what it printed on stdout; a non-zero exit is an error.
type Memfs func(ctx context.Context, args ...string) (string, error)

// Command returns a Memfs that runs the memfs binary bin against home;
// what it printed on stderr is in the error of a failed run.
func Command(bin, home string) Memfs {
	return func(ctx context.Context, args ...string) (string, error) {
		var out, errb bytes.Buffer
		cmd := exec.CommandContext(ctx, bin, append([]string{"--home", home}, args...)...)
		cmd.Stdout, cmd.Stderr = &out, &errb
		if err := cmd.Run(); err != nil {
			return out.String(), fmt.Errorf("memfs %s: %w: %s", strings.Join(args, " "), err, bytes.TrimSpace(errb.Bytes()))
		}
		return out.String(), nil
	}
}

// Run feeds the half through memfs the way a user's sessions reach it, with
// the default dreamer and configuration: init, then round by round every
// session's checkpoint into Scope and dream runs until nothing is pending;
// after the last round it reads `memfs context` and every file of the
// scope's head (through a checkout under workDir) and scores them.
func Run(ctx context.Context, c *Corpus, memfs Memfs, workDir string) (Report, error) {
	if _, err := memfs(ctx, "init"); err != nil {
		return Report{}, fmt.Errorf("memcorpus: init: %w", err)
	}
	for i, round := range c.Rounds() {
		for _, s := range round {
			if _, err := memfs(ctx, "checkpoint", "--scope", Scope, "--transcript", c.Path(s)); err != nil {
				return Report{}, fmt.Errorf("memcorpus: checkpoint %s: %w", s.Name(), err)
			}
		}
		if err := dreamAll(ctx, memfs, len(round)); err != nil {
			return Report{}, fmt.Errorf("memcorpus: round %d: %w", i+1, err)
		}
	}
	return ScoreHome(ctx, c, memfs, workDir)
}

// ScoreHome scores the memory a home already holds for the half: it reads
// `memfs context` and every file of Scope's head (through a checkout under
// workDir) and scores them, without checkpointing or dreaming. Run ends
// with it; on its own it re-scores a home Run kept, so that a change to
// what the context shows is measured without building the memory again.
func ScoreHome(ctx context.Context, c *Corpus, memfs Memfs, workDir string) (Report, error) {
	memory, err := memfs(ctx, "--scope", Scope, "context")
	if err != nil {
		return Report{}, fmt.Errorf("memcorpus: context: %w", err)
	}
	files, err := headFiles(ctx, memfs, filepath.Join(workDir, "head"))
	if err != nil {
		return Report{}, err
	}
	return Score(c, memory, files), nil
}

// dreamAll runs dream until Scope has no pending session; a run takes a
// batch of sessions, so a round of n sessions takes about n/8 runs. A run
// that leaves as many sessions pending as before is an error, not a loop.
func dreamAll(ctx context.Context, memfs Memfs, n int) error {
	last := -1
	for range n + 1 {
		p, err := pending(ctx, memfs)
		if err != nil {
			return err
		}
		if p == 0 {
			return nil
		}
		if p == last {
			return fmt.Errorf("a dream run left %d sessions pending", p)
		}
		last = p
		if _, err := memfs(ctx, "--scope", Scope, "dream", "--now"); err != nil {
			return fmt.Errorf("dream: %w", err)
		}
	}
	return fmt.Errorf("sessions still pending after %d dream runs", n+1)
}

func pending(ctx context.Context, memfs Memfs) (int, error) {
	out, err := memfs(ctx, "--json", "status")
	if err != nil {
		return 0, fmt.Errorf("status: %w", err)
	}
	var st struct {
		Scopes []struct {
			Name    string `json:"name"`
			Pending int    `json:"pending"`
		} `json:"scopes"`
	}
	if err := json.Unmarshal([]byte(out), &st); err != nil {
		return 0, fmt.Errorf("status --json: %w", err)
	}
	for _, s := range st.Scopes {
		if s.Name == Scope {
			return s.Pending, nil
		}
	}
	return 0, nil
}

// headFiles checks the scope's head out at dir and reads every file of it,
// keyed by slash-separated path.
func headFiles(ctx context.Context, memfs Memfs, dir string) (map[string]string, error) {
	if _, err := memfs(ctx, "--scope", Scope, "checkout", dir); err != nil {
		return nil, fmt.Errorf("memcorpus: checkout: %w", err)
	}
	root, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return nil, fmt.Errorf("memcorpus: checkout: %w", err)
	}
	files := map[string]string{}
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		files[filepath.ToSlash(rel)] = string(b)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("memcorpus: read checkout: %w", err)
	}
	return files, nil
}

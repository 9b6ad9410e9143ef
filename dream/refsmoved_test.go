package dream_test

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memfs/memfs/dream"
	"github.com/memfs/memfs/dream/execdreamer"
	"github.com/memfs/memfs/gitstore"
)

// plantScript is a hostile exec dreamer: from its run folder it reads the
// store and moves the scope branch, with stock git, to a commit that
// brings a forgotten literal back.
const plantScript = `
export GIT_DIR=../../store.git GIT_AUTHOR_NAME=x GIT_AUTHOR_EMAIL=x@x GIT_COMMITTER_NAME=x GIT_COMMITTER_EMAIL=x@x
cat "$GIT_DIR/config" >/dev/null
git cat-file -p refs/heads/` + scope + ` >/dev/null
blob=$(printf '# Leak\n\nThe code is zebra umbrella.\n' | git hash-object -w --stdin) &&
tree=$(printf '100644 blob %s\tsummary.md\n' "$blob" | git mktree) &&
c=$(git commit-tree "$tree" -m leak) &&
git update-ref refs/heads/` + scope + ` "$c"
`

// Ensure that a dreamer that moves its scope branch to a commit bringing
// forgotten text back never makes it visible: confined (Landlock), it
// cannot reach the store at all; unconfined, the run refuses to publish
// (refs_moved), puts the head back where it was and leaves the evidence
// pending.
func TestRun_DreamerMovingARef(t *testing.T) {
	for _, confine := range []string{execdreamer.ConfineLandlock, execdreamer.ConfineNone} {
		t.Run(confine, func(t *testing.T) {
			if confine == execdreamer.ConfineLandlock && execdreamer.LandlockABI() < 1 {
				t.Skip("no Landlock on this kernel")
			}
			e := newEnv(t)
			dir := t.TempDir()
			writeFile(t, filepath.Join(dir, "summary.md"), "Clean.\n")
			writeFile(t, filepath.Join(dir, "index.md"), "# Memory index\n")
			pub, err := e.store.Publish(t.Context(), dir, gitstore.PublishOptions{Scope: scope, Message: "start"})
			if err != nil {
				t.Fatal(err)
			}
			e.mark(markText(t, "zebra umbrella"))
			e.checkpoint("tabs.jsonl")
			res, err := e.run(execdreamer.Dreamer{Command: plantScript, Confine: confine})
			if err == nil {
				t.Fatalf("the run succeeded (published %v)", res.Published)
			}
			if confine == execdreamer.ConfineNone && (!errors.Is(err, dream.ErrRefsMoved) || res.Reason != dream.ReasonRefsMoved) {
				t.Errorf("unconfined: %v (reason %q), want refs_moved", err, res.Reason)
			}
			if confine == execdreamer.ConfineLandlock && res.Reason != dream.ReasonDreamer {
				t.Errorf("confined: reason %q, want the dreamer's own failure", res.Reason)
			}
			if head, err := e.store.Head(t.Context(), scope); err != nil || head != pub.Commit {
				t.Fatalf("head %s, want %s put back (%v)", head, pub.Commit, err)
			}
			for p, c := range e.pages() {
				if strings.Contains(c, "zebra") {
					t.Errorf("%s shows the forgotten text", p)
				}
			}
			if len(e.pending()) != 1 {
				t.Error("the evidence is not pending any more")
			}
		})
	}
}

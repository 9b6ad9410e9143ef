package main

import (
	"regexp"
	"strings"
	"testing"
)

// Issue 22: forgetting a session strips only the claims resting on it.
// The page shared with another session's claim stays with that claim;
// at every rewritten revision index.md, the area indexes and summary.md
// list only what the pages hold; and the next dream brings nothing back.
func TestForgetSessionKeepsOtherClaims(t *testing.T) {
	c := newCLI(t)
	c.mustRun("init")
	c.mustRun("checkpoint", "--scope", "default", "--transcript", advTranscript(t, "sess-a", "Remember that the build image is node:22."))
	c.mustRun("dream")
	c.mustRun("checkpoint", "--scope", "default", "--transcript", advTranscript(t, "sess-b", "Remember that the build timeout is 30 minutes."))
	c.mustRun("dream")
	head := c.mustRun("--scope", "default", "cat", "index.md")
	page := pageOf(t, head, "node:22")
	if pageOf(t, head, "30 minutes") != page {
		t.Fatalf("setup: the two claims are not on one page:\n%s", head)
	}

	c.advForget("session:sess-a")
	advAssertGone(t, c, "sess-a", regexp.MustCompile(`sess-a`))
	advAssertGone(t, c, "the forgotten claim", regexp.MustCompile(`node:22`))
	repo := c.repo()
	revs := strings.Fields(gitOut(t, "-C", repo, "rev-list", "default"))
	if len(revs) != 2 {
		t.Fatalf("%d revisions, want 2", len(revs))
	}
	for _, rev := range revs {
		checkWhole(t, repo, rev)
	}
	if p := gitOut(t, "-C", repo, "show", "default:"+page); !strings.Contains(p, "30 minutes") {
		t.Errorf("the other session's claim went with the page:\n%s", p)
	}

	c.mustRun("checkpoint", "--scope", "default", "--transcript", advTranscript(t, "sess-c", "Remember that the deploy window is Friday."))
	c.mustRun("dream")
	checkWhole(t, repo, "default")
	idx := gitOut(t, "-C", repo, "show", "default:index.md")
	if pageOf(t, idx, "30 minutes") != page || strings.Contains(idx, "node:22") {
		t.Errorf("index after the next dream:\n%s", idx)
	}
}

var mdLink = regexp.MustCompile(`\]\(([^)]+)\)`)

// pageOf is the page the index line stating claim links.
func pageOf(t *testing.T, index, claim string) string {
	t.Helper()
	for _, l := range strings.Split(index, "\n") {
		if strings.Contains(l, claim) {
			if m := mdLink.FindStringSubmatch(l); m != nil {
				return m[1]
			}
		}
	}
	t.Fatalf("no index line states %q:\n%s", claim, index)
	return ""
}

// checkWhole fails unless every line of index.md, the area indexes and
// summary.md at rev links a page of rev, and every claim a line of
// index.md or summary.md states is on the page it links.
func checkWhole(t *testing.T, repo, rev string) {
	t.Helper()
	files := strings.Fields(gitOut(t, "-C", repo, "ls-tree", "-r", "--name-only", rev))
	has := map[string]bool{}
	for _, f := range files {
		has[f] = true
	}
	for _, f := range files {
		if f != "index.md" && f != "summary.md" && !strings.HasSuffix(f, "/index.md") {
			continue
		}
		dir := ""
		if i := strings.LastIndex(f, "/"); i >= 0 {
			dir = f[:i+1]
		}
		for _, l := range strings.Split(gitOut(t, "-C", repo, "show", rev+":"+f), "\n") {
			for _, m := range mdLink.FindAllStringSubmatch(l, -1) {
				target := m[1]
				if !strings.HasPrefix(target, "pages/") {
					target = dir + target
				}
				if !has[target] {
					t.Errorf("%s at %.8s: a line links %s, which is not there", f, rev, target)
					continue
				}
				if dir != "" || !strings.HasSuffix(target, ".md") || strings.HasSuffix(target, "/index.md") {
					continue
				}
				claim := strings.TrimSpace(strings.TrimLeft(l, "- "))
				if strings.HasPrefix(claim, "[") {
					claim = claim[1:strings.Index(claim, "](")]
				} else {
					claim = strings.TrimSpace(claim[:strings.Index(claim, "([")])
				}
				if p := gitOut(t, "-C", repo, "show", rev+":"+target); !strings.Contains(p, claim) {
					t.Errorf("%s at %.8s lists a claim its page %s does not hold", f, rev, target)
				}
			}
		}
	}
}

package builtin

import (
	"slices"
	"testing"

	"github.com/memfs/memfs/gitstore"
)

// FuzzScanPage holds scanPage, which a run reads every page with, to
// parsePage, which reads a page in full: on any content, neither panics,
// both take the same pages as the builtin's, and the claims the scan
// counts current are, in order, those parsing gives a current value
// (parsing drops an empty one).
func FuzzScanPage(f *testing.F) {
	f.Add("# Billing\n\n<!-- memfs-builtin page area=conventions topic=billing rules=43 -->\n\n" +
		"- The user said: “billing never sees uploads.” <!-- memfs-builtin claim area=conventions subject= lang=en kind=rule seen=5 since=5 -->\n" +
		"  - User said: “billing never sees uploads.”\n  - Sources: session:019d1545-0ca0-73b2-8477-99d653c909f5 entry:line:30\n\n" +
		"## Sources\n\n- session:019d1545-0ca0-73b2-8477-99d653c909f5\n")
	f.Add("- Withdrawn: Always rebase. <!-- memfs-builtin claim area=conventions subject=rebase kind=rule seen=3 since=1 state=withdrawn -->\n" +
		"- The build image is node:22. <!-- memfs-builtin claim subject=build%20image kind=fact -->\n  - Before: The build image is node:20.\n    - Sources: session:s1\n")
	f.Add("- x <!-- memfs-builtin claim -->\r\n- <!-- memfs-builtin claim state=replaced -->")
	f.Fuzz(func(t *testing.T, text string) {
		pg, ok := scanPage([]byte(text))
		pp, pok := parsePage(text)
		if ok != pok {
			t.Fatalf("scanPage takes the page: %v, parsePage: %v", ok, pok)
		}
		if !ok {
			return
		}
		var scanned, parsed []string
		for _, s := range pg.stubs {
			if s.current && s.text != "" {
				scanned = append(scanned, s.text)
			}
		}
		for _, c := range pp.claims {
			if c.current() {
				parsed = append(parsed, c.cur.text)
			}
		}
		if !slices.Equal(scanned, parsed) {
			t.Errorf("current claims scanned %q, parsed %q", scanned, parsed)
		}
	})
}

// FuzzMemoDecode holds memoDecode, which reads back a record of the memo
// file (a file on disk, which a stray writer or a torn write may have
// changed), to its encoding: on any payload it does not panic, and what
// it decodes encodes to a payload that decodes to the same scan.
func FuzzMemoDecode(f *testing.F) {
	for _, content := range []string{
		"# Billing\n\n<!-- memfs-builtin page area=conventions topic=billing rules=43 -->\n\n" +
			"- Billing never sees uploads. <!-- memfs-builtin claim area=conventions subject=billing kind=rule seen=5 since=5 -->\n" +
			"  - Sources: session:s1 entry:line:30\n\n## Sources\n\n- session:s1\n",
		"- Withdrawn: Always rebase. <!-- memfs-builtin claim subject=rebase kind=rule seen=3 since=1 state=withdrawn -->\n",
	} {
		pg, ok := scanPage([]byte(content))
		if !ok {
			f.Fatalf("seed page not scanned")
		}
		id := gitstore.BlobID([]byte(content))
		f.Add(string(memoEncode(id[:], pg)))
	}
	f.Fuzz(func(t *testing.T, payload string) {
		if len(payload) < len(gitstore.ID{}) {
			return
		}
		pg, ok := memoDecode(payload)
		if !ok {
			return
		}
		again, ok := memoDecode(string(memoEncode([]byte(payload[:len(gitstore.ID{})]), pg)))
		if !ok || !samePage(again, pg) {
			t.Fatalf("decoded %+v, encoded and decoded again %+v (%v)", pg, again, ok)
		}
	})
}

package builtin

import (
	"fmt"
	"maps"
	"slices"
	"testing"

	"github.com/memfs/memfs/dream/builtin/hear"
	"github.com/memfs/memfs/internal/synthmem"
	"github.com/memfs/memfs/validate"
)

// Ensure that a dream is a function of its input: fresh dreamers given
// the same sessions, batch after batch, write the same memory byte for
// byte (pages, indexes, summary), with a page memo or without. The
// updates each name a unit that many claims of their service hold
// ("777 seconds"), so they replace several claims at once, and which
// claim states the new value must not follow the order of a Go map.
func TestDream_SameInputSameMemory(t *testing.T) {
	all := synthmem.Generate(48, 160, 3)
	subjects := slices.Sorted(maps.Keys(synthmem.Current(all[:8])))
	updates := map[int][]string{
		8:  {"Actually, the " + subjects[5] + " is 777 seconds now.", "Actually, the " + subjects[15] + " is 12 seconds now."},
		9:  {"The " + subjects[20] + " is 31 seconds now."},
		10: {"Actually, the " + subjects[25] + " is 45 seconds now."},
	}
	const plain = 3
	runs := make([]*batchRun, plain+1)
	for i := range runs {
		runs[i] = newBatchRun(t)
	}
	memo := New() // the last run's dreamer, as memfs serve's
	for i := 0; i < len(all); i += 4 {
		batch := slices.Clone(all[i:min(i+4, len(all))])
		for j, text := range updates[i/4] {
			batch = append(batch, synthmem.Session{ID: fmt.Sprintf("c4a9%04x-%04x-4000-8000-000000000000", i, j),
				Records: []synthmem.Record{{Role: "user", ID: "u1", Text: text}, {Role: "assistant", ID: "a1", Text: "Noted."}}})
		}
		for k, r := range runs {
			r.stage(t, batch)
			if k < plain {
				r.dream(t, t.Context())
			} else if _, err := memo.Dream(t.Context(), r.dir); err != nil {
				t.Fatal(err)
			}
		}
		want := runs[0].files(t)
		for k, r := range runs[1:] {
			got := r.files(t)
			for _, p := range slices.Sorted(maps.Keys(want)) {
				if got[p] != want[p] {
					t.Errorf("after session %d, dreamer %d wrote %s otherwise than dreamer 0", i, k+1, p)
				}
			}
			if len(got) != len(want) {
				t.Errorf("after session %d, dreamer %d wrote %d files, dreamer 0 %d", i, k+1, len(got), len(want))
			}
		}
		if t.Failed() {
			t.FailNow()
		}
	}
}

// Ensure that an update replacing several claims at once (every claim of
// the service in seconds) states its value on the claim of its own
// subject, whichever of them memory met first.
func TestUpdateOfManyStatesItsOwnSubject(t *testing.T) {
	first := []hear.Statement{
		fact("kakakax cache ttl", "The kakakax cache ttl is 229 seconds."),
		fact("kakakax sla target", "The kakakax sla target is 867 seconds."),
		fact("kakakax session timeout", "The kakakax session timeout is 359 seconds."),
	}
	update := replacing(fact("kakakax session timeout", "The kakakax session timeout is 777 seconds now."),
		"seconds kakakax", "seconds session", "seconds timeout")
	m := run(t, t.TempDir(), map[string]hear.Heard{"s1": heard(first...)}, map[string]hear.Heard{"s2": heard(update)})
	found := false
	for _, c := range m.claims {
		if c.current() && c.cur.text == update.Claim {
			found = true
			if c.subject != update.Subject {
				t.Errorf("the update is stated on the claim of %q, want %q", c.subject, update.Subject)
			}
		}
	}
	if !found {
		t.Fatalf("the update is not current: %q", currentTexts(m))
	}
}

// Ensure that subjectMatch prefers the one current claim of a subject to
// withdrawn ones of the same words, however many, in any order.
func TestSubjectMatchPrefersCurrent(t *testing.T) {
	mk := func(cur bool) *claim {
		c := &claim{area: "project", subject: "deploy window", lang: "en"}
		v := value{text: "The deploy window is Tuesday.", cites: []cite{{session: "s1"}}}
		if cur {
			c.cur = &v
		} else {
			v.end = endWithdrawn
			c.past = []value{v}
		}
		c.reterm()
		return c
	}
	for _, order := range [][]bool{{true, false, false}, {false, true, false}, {false, false, true}} {
		m := newMemory(validate.Limits{}, nil)
		var want *claim
		for _, cur := range order {
			c := mk(cur)
			m.join(c)
			m.index(c)
			if cur {
				want = c
			}
		}
		if got := m.subjectMatch(terms("deploy window")); got != want {
			t.Errorf("order %v: matched %p, want the current claim %p", order, got, want)
		}
	}
}

// Ensure that the pages a statement's terms open join memory in the
// order they were read, not the pages map's: their claims are memory's
// order, which breaks ties between claims.
func TestOpenHaving_PageOrder(t *testing.T) {
	var sts []hear.Statement
	for _, name := range []string{"alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel"} {
		sts = append(sts, fact(name+" gateway", "The "+name+" gateway listens on port 8443."))
	}
	dir := t.TempDir()
	run(t, dir, map[string]hear.Heard{"s1": heard(sts...)})
	for range 5 {
		m, _ := loadMemory(t, dir)
		m.openHaving([]string{"gateway"}, 1)
		var pages []string
		for _, c := range m.claims {
			if !slices.Contains(pages, c.page.path) {
				pages = append(pages, c.page.path)
			}
		}
		if len(pages) != len(sts) || !slices.IsSorted(pages) {
			t.Fatalf("pages opened in the order %q, want all %d by path", pages, len(sts))
		}
	}
}

// Ensure that candidates lists claims in memory order, whatever order
// their terms file them in (a claim changed later is filed again, last).
func TestCandidates_MemoryOrder(t *testing.T) {
	m := newMemory(validate.Limits{}, nil)
	var cs []*claim
	for _, s := range []string{"api gateway port", "web gateway port", "edge gateway port"} {
		c := &claim{area: "project", subject: s, lang: "en", cur: &value{text: "The " + s + " is 8443.", cites: []cite{{session: "s1"}}}}
		c.reterm()
		m.join(c)
		cs = append(cs, c)
	}
	for _, i := range []int{2, 0, 1} {
		m.index(cs[i])
	}
	m.index(cs[0]) // changed again: filed last
	if got := m.candidates([]string{"gateway", "port"}); !slices.Equal(got, cs) {
		t.Errorf("candidates in the order %v, want memory's", subjectsOf(got))
	}
}

func subjectsOf(cs []*claim) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.subject)
	}
	return out
}

// Ensure that the listing's order is total: claims of one page alike in
// rank, age and text keep their order on the page, whatever order the
// entries come in.
func TestRankOrder_Total(t *testing.T) {
	p := &page{path: "pages/project/a.md"}
	var es []entry
	for i := range 6 {
		es = append(es, entry{text: "The same thing.", key: 4, seen: 2, since: 1, page: p, pos: int32(i), cites: []cite{{session: fmt.Sprint("s", i)}}})
	}
	for _, perm := range [][]int{{5, 4, 3, 2, 1, 0}, {2, 0, 5, 1, 4, 3}} {
		in := make([]entry, len(es))
		for i, j := range perm {
			in[i] = es[j]
		}
		permute(in, rankOrder(in))
		for i := range in {
			if in[i].pos != int32(i) {
				t.Fatalf("input %v: position %d holds the claim at %d on its page", perm, i, in[i].pos)
			}
		}
	}
}

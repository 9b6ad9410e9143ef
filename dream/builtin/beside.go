package builtin

import (
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/memfs/memfs/dream/builtin/hear"
)

// A change often names what it replaces only in passing, in a clause of
// its own and in no form a rule of change reads: "we moved the texts over
// to ClickSend last week, Textlocal kept failing", "los pagos ya van por
// Stripe, Redsys daba demasiados errores", "pour les tests on passe à
// Vitest, Jest ramait trop". Whatever the clause says of it, the statement names two things of
// a kind (two names, two hosts): one no claim holds, which is new, and one
// a claim holds, which the new one replaces in that claim. The words of
// the two statements around their values must meet, so a name said for
// another reason ("…, ask Priya for access") changes nothing.

// besideKinds are the kinds of value a change names in passing: a thing
// by its name, host, address or id. A count, a time or a day are of too
// many things to tell which claim held one.
var besideKinds = map[string]string{
	vkName: "name", vkTool: "name", vkRegion: "name", vkNamed: "name",
	vkHost: "place", vkURL: "place", vkID: "place",
}

// reStillHeld is a clause saying a thing stays as it was: "billing moved
// to Stripe, invoices still go through Xero" replaces nothing of Xero.
var reStillHeld = regexp.MustCompile(`(?i)\b(?:still|remains?|stays?|same as|as before|immer noch|noch immer|weiterhin|bleibt|todavía|sigue|siguen|aún|encore|toujours|reste|restent)\b|还是|仍然|依然|照旧|まだ|引き続き|そのまま`)

// maxBeside bounds the values a statement namedBeside reads may name:
// each is looked up in memory, and a sentence naming more (a pasted list,
// a hostile transcript) tells no one change.
const maxBeside = 16

// namedBeside returns the value a change statement names in passing
// beside a new value of its kind, and the claim holding it, or nil. Only
// a statement telling a change is read; a claim of a person or of who
// does what (whose names are people's), a claim only the statement's own
// session made, or a value several claims hold is left alone.
func (m *memory) namedBeside(st hear.Statement, session string) *passing {
	if !saysChange(st) || st.Kind == hear.Person || st.Area == "people" {
		return nil
	}
	quote := strings.TrimSpace(st.Quote)
	if quote == "" {
		quote = st.Claim
	}
	vs := valueOf(quote)
	if len(vs) > maxBeside {
		return nil
	}
	var held, fresh, other []valueTok
	var c *claim
	for _, v := range vs {
		if besideKinds[v.kind] == "" || utf8.RuneCountInString(v.text) < 3 {
			other = append(other, v)
			continue
		}
		if v.kind == vkName && st.Lang == "de" {
			continue // German writes every noun as a name
		}
		hs := m.holders(v)
		switch {
		case len(hs) == 0:
			fresh = append(fresh, v)
		case len(hs) > 1 || c != nil && hs[0] != c:
			return nil // a value of several claims: which one changes is unsaid
		default:
			c = hs[0]
			held = append(held, v)
		}
	}
	if c == nil || len(fresh) == 0 || c.cur.kind == string(hear.Person) || c.cur.kind == string(hear.Team) || c.area == "people" || !slices.ContainsFunc(c.cur.cites, func(ct cite) bool { return ct.session != session }) {
		return nil
	}
	// A count, a time or a day the claim does not hold is new too ("moved
	// to 22:00 UTC"), though it tells no claim.
	for _, v := range other {
		if !slices.ContainsFunc(c.valueToks(), func(o valueTok) bool { return strings.EqualFold(o.text, v.text) }) {
			fresh = append(fresh, v)
		}
	}
	// The value that went is said in a clause of its own ("…, Textlocal
	// kept failing"); one said beside a new value ("Jonas moved it to
	// the second hetzner box") is what the new one is of.
	clauses := clausesOf(quote)
	old := ""
	for _, h := range held {
		cl := ""
		if i := clauseIndex(clauses, h.text); i >= 0 {
			cl = clauses[i]
		}
		if besideNew(cl, fresh) {
			continue
		}
		if reStillHeld.MatchString(cl) {
			return nil // "invoices still go through Xero"
		}
		if old != "" && !strings.EqualFold(old, h.text) {
			return nil
		}
		old = h.text
	}
	if old == "" {
		return nil
	}
	if opens(unframed(c.cur.text), old) {
		// "Priya owns the deploy pipeline": a claim about what the
		// statement names, not of it; "…, Priya set it up" leaves it.
		return nil
	}
	kind := ""
	for _, h := range held {
		if strings.EqualFold(h.text, old) {
			kind = besideKinds[h.kind]
		}
	}
	// The new value of its kind is said as a change ("we moved the texts
	// over to ClickSend"; "moved it to the second box, `staging-02`"),
	// not as who said so ("la Fundación dice …").
	if !slices.ContainsFunc(fresh, func(v valueTok) bool {
		if besideKinds[v.kind] != kind {
			return false
		}
		i := clauseIndex(clauses, v.text)
		return i >= 0 && (changed(clauses[i]) || i > 0 && changed(clauses[i-1]))
	}) {
		return nil
	}
	// What the two say around their values meets.
	words := minus(terms(unframed(quote)), valueTerms(vs))
	around := minus(union(c.sterms, terms(unframed(c.cur.text))), valueTerms(c.valueToks()))
	words = slices.DeleteFunc(words, func(t string) bool { return commonWord[t] || whenTerms[t] || glueTerms[t] || changeCue.MatchString(t) })
	shared := 0
	for _, t := range words {
		if slices.ContainsFunc(around, func(x string) bool { return akin(t, x) }) {
			shared++
		}
	}
	if shared == 0 {
		return nil
	}
	return &passing{of: c, old: old, fresh: fresh, shared: shared}
}

// passing is a value a change statement names in passing (namedBeside).
type passing struct {
	of     *claim     // the claim holding it
	old    string     // the value, as the statement spells it
	fresh  []valueTok // the statement's new values
	shared int        // words the claim and the statement share besides their values
}

// holders are the current claims holding value v, its spelling aside.
func (m *memory) holders(v valueTok) []*claim {
	vt := terms(v.text)
	if len(vt) == 0 {
		return nil
	}
	m.openHaving(vt, len(vt))
	var out []*claim
	for _, c := range m.candidates(vt) {
		if c.current() && slices.ContainsFunc(c.valueToks(), func(o valueTok) bool { return strings.EqualFold(o.text, v.text) }) {
			out = append(out, c)
		}
	}
	return out
}

// opens reports whether w is the first word of text, past its quote
// marks.
func opens(text, w string) bool {
	t := strings.TrimLeft(text, " “\"'")
	if len(t) < len(w) || !strings.EqualFold(t[:len(w)], w) {
		return false
	}
	after, _ := utf8.DecodeRuneInString(t[len(w):])
	return len(t) == len(w) || !wordRune(after)
}

// clausesOf are the clauses of s (reBesideBreak).
func clausesOf(s string) []string {
	starts, ends := clauseSpans(reBesideBreak.FindAllStringIndex(s, -1), len(s))
	out := make([]string, len(starts))
	for i := range starts {
		out[i] = s[starts[i]:ends[i]]
	}
	return out
}

// clauseIndex is the index of the first of clauses naming w, or -1.
func clauseIndex(clauses []string, w string) int {
	return slices.IndexFunc(clauses, func(cl string) bool { return wordIn(cl, w) })
}

// reBesideBreak ends a clause: a comma, a semicolon, a dash, a
// sentence's end, as Latin or CJK text writes them.
var reBesideBreak = regexp.MustCompile(`\s*(?:[,;，；、。]|[.!?](?:\s|$)|\s[—–-]\s)\s*`)

// withoutNamedClauses drops from a claim's words (its last quote, or
// the whole when it quotes none) the clauses naming old, the value a
// change named in passing, marking the cut: "we moved the texts over to
// ClickSend last week … same sender name". The claim stays as it is when
// every clause names old. A clause holding a new value (fresh) stays.
func withoutNamedClauses(text, old string, fresh []valueTok) string {
	from, end, quote, ok := lastQuote(text)
	if ok {
		from += len("“")
	} else {
		from, end, quote = 0, len(text), text
	}
	starts, ends := clauseSpans(reBesideBreak.FindAllStringIndex(quote, -1), len(quote))
	keep := make([]bool, len(starts))
	kept := 0
	for i := range starts {
		cl := quote[starts[i]:ends[i]]
		keep[i] = !wordIn(cl, old) || besideNew(cl, fresh)
		if keep[i] && strings.TrimSpace(cl) != "" {
			kept++
		}
	}
	if kept == 0 || !slices.Contains(keep, false) {
		return text
	}
	var b strings.Builder
	cut := false
	for i := range starts {
		if !keep[i] {
			cut = true
			continue
		}
		if cut {
			b.WriteString(" … ")
			cut = false
		} else if i > 0 {
			b.WriteString(quote[ends[i-1]:starts[i]])
		}
		b.WriteString(quote[starts[i]:ends[i]])
	}
	if cut {
		b.WriteString(" …")
	}
	return text[:from] + strings.Join(strings.Fields(b.String()), " ") + text[end:]
}

// wordIn reports whether text holds w, case aside, as a word of its own
// (wordStart), or anywhere in CJK text.
func wordIn(text, w string) bool {
	if cjkWord(text) {
		return strings.Contains(strings.ToLower(text), strings.ToLower(w))
	}
	return wordStart(text, w, func(lt, _ string, end int) bool {
		after, _ := utf8.DecodeRuneInString(lt[end:])
		return end == len(lt) || !wordRune(after)
	})
}

// besideNew reports whether clause cl holds a value of fresh.
func besideNew(cl string, fresh []valueTok) bool {
	return slices.ContainsFunc(fresh, func(v valueTok) bool { return wordIn(cl, v.text) })
}

// stillSaid reports whether quote names values of claim c (names,
// hosts, ids) only in clauses saying they stay as they are ("refunds are
// still booked in Xero"), and names one at least; or says a release the
// claim gives stays ("the LSP server moves to GHC 9.10, the compiler
// stays on 9.8" leaves "we're on GHC 9.8").
func stillSaid(quote string, c *claim) bool {
	if !reStillHeld.MatchString(quote) {
		return false
	}
	clauses := clausesOf(quote)
	for _, cl := range clauses {
		if reStillHeld.MatchString(cl) && slices.ContainsFunc(c.valueToks(), func(v valueTok) bool {
			release := v.kind == vkVersion || v.kind == vkCount && slices.ContainsFunc(v.units, func(u string) bool { return strings.HasPrefix(u, "@") })
			if !release || !strings.ContainsAny(v.text, "0123456789") || !wordIn(cl, v.text) {
				return false
			}
			// "9.8" says which release by itself; "20" only with its
			// product ("stays on Node 20").
			return utf8.RuneCountInString(v.text) >= 3 || slices.ContainsFunc(v.units, func(u string) bool {
				p, ok := strings.CutPrefix(u, "@")
				return ok && wordIn(strings.ToLower(cl), p)
			})
		}) {
			return true
		}
	}
	still := false
	for _, cl := range clauses {
		if !slices.ContainsFunc(c.valueToks(), func(v valueTok) bool {
			return besideKinds[v.kind] != "" && utf8.RuneCountInString(v.text) >= 3 && wordIn(cl, v.text)
		}) {
			continue
		}
		if !reStillHeld.MatchString(cl) {
			return false
		}
		still = true
	}
	return still
}

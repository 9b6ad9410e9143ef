package hear

import (
	"slices"
	"strings"
)

// Session reads one session's records in order and returns what the user
// durably said in it: statements said outright, agreed proposals and
// memory notes the user's words support, and forget requests. A statement
// the session itself later asks to forget is left out.
func Session(recs []Record) Heard {
	var kept []Record
	for _, r := range recs {
		if r.typed() || r.Role == "assistant" {
			kept = append(kept, r)
		}
	}
	var h Heard
	add := func(st Statement) {
		if emptyAfterRedaction(st.Claim) || emptyAfterRedaction(st.Quote) && st.Via == "" {
			return
		}
		h.Statements = append(h.Statements, st)
	}
	ts := turns(kept)
	for i, t := range ts {
		if t.user.typed() {
			ex := extract(t.user.Text)
			for _, target := range ex.Forgets {
				// What this session said before and now forgets goes.
				h.Statements = slices.DeleteFunc(h.Statements, func(st Statement) bool {
					return Mentions(target, st.Claim, st.Quote)
				})
				h.Forgets = append(h.Forgets, target)
			}
			for _, st := range ex.Statements {
				add(statementOf(st, "", "", entries(t.user)))
			}
			// A "yes" to the proposal of the turn just before.
			if i > 0 && affirmative(t.user.Text) {
				if vp, from, ok := proposal(ts[i-1].assistant); ok {
					if st, ok := confirmed(vp); ok {
						st.Quote = strings.TrimSpace(t.user.Text)
						add(statementOf(st, "confirm", proposalSentence(from.Text, vp), entries(t.user, from)))
					}
				}
			}
		}
		// Memory notes in this turn's answer point to the user's words in
		// this turn or the one before.
		var support []string
		var supportRecs []Record
		for _, k := range []int{i, i - 1} {
			if k >= 0 && ts[k].user.typed() {
				support = append(support, ts[k].user.Text)
				supportRecs = append(supportRecs, ts[k].user)
			}
		}
		for _, a := range t.assistant {
			for _, n := range notes(a.Text) {
				sent := supportingSentence(n, support)
				if sent == "" {
					continue // a note alone is never evidence
				}
				var from Record
				for _, r := range supportRecs {
					if strings.Contains(r.Text, sent) {
						from = r
						break
					}
				}
				if from.Text != "" && len(extract(from.Text).Forgets) > 0 {
					continue
				}
				add(statementOf(noteStatement(n, sent), "note", n, entries(from, a)))
			}
		}
	}
	return h
}

// entries are the ids of records that have one, in order.
func entries(rs ...Record) []string {
	var out []string
	for _, r := range rs {
		if r.ID != "" && !slices.Contains(out, r.ID) {
			out = append(out, r.ID)
		}
	}
	return out
}

// noteStatement is the statement of a supported memory note: the user's
// own sentence when the rules read it as one, else the note's words.
func noteStatement(note, sent string) said {
	if ex := extract(sent); len(ex.Statements) > 0 {
		st := ex.Statements[0]
		st.Quote = sent
		return st
	}
	st := said{Kind: kindRemember, Quote: sent, Text: capitalize(note)}
	st.Area = areaOf(note, areaFacts)
	st.Subject = subjectOf(note)
	return st
}

// proposalSentence is the sentence of an assistant's text that holds a
// proposal.
func proposalSentence(text, vp string) string {
	for _, sent := range sentences(text) {
		if strings.Contains(sent, vp) {
			return sent
		}
	}
	return vp
}

// statementOf states what the rules found as a Statement of the contract.
func statementOf(st said, via, pointer string, ids []string) Statement {
	out := Statement{
		Lang:    "en",
		Area:    areas[st.Area],
		Quote:   st.Quote,
		Via:     via,
		Pointer: pointer,
		Entries: ids,
	}
	if out.Area == "" {
		out.Area = "project"
	}
	switch st.Kind {
	case kindPreference:
		out.Kind = Preference
	case kindDecision:
		out.Kind = Decision
	case kindConvention:
		out.Kind = Rule
	case kindPerson:
		out.Kind = Person
	default:
		out.Kind = Fact
	}
	switch out.Area {
	case "conventions":
		out.Kind = Rule
	case "people":
		out.Kind = Person
	case "decisions":
		out.Kind = Decision
	}
	if via == "confirm" {
		out.Claim = confirmClaim(st)
	} else {
		out.Claim = claimText(st)
	}
	out.Subject = subjectName(st)
	return out
}

// areas maps the rules' areas onto the contract's.
var areas = map[string]string{
	areaPreferences: "preferences",
	areaDecisions:   "decisions",
	areaConventions: "conventions",
	areaPeople:      "people",
	areaTools:       "tools",
	areaFacts:       "project",
}

// subjectName is what a statement is about, as words ("on-call channel",
// "package-manager:python"), or "" when the rules cannot tell.
func subjectName(st said) string {
	key, name := identity(st)
	if strings.HasPrefix(key, "text:") {
		return ""
	}
	return strings.Join(name, " ")
}

// Mentions reports whether a target (of a forget request or a retraction)
// names what texts say: most of its content words occur in them.
func Mentions(target string, texts ...string) bool {
	return matchesForget(target, said{Text: strings.Join(texts, " ")})
}

package builtin

import (
	"regexp"
	"slices"
	"strings"

	"github.com/memfs/memfs/dream/builtin/hear"
)

// reAdded says a practice is added to what holds or comes back: "also",
// "auch", "también", "de nouveau", "から…も".
var reAdded = regexp.MustCompile(`(?i)\b(?:also|too|as well|again|from now on|auch|wieder|ab sofort|también|de nuevo|otra vez|aussi|désormais|dorénavant|de nouveau)\b|も|也|又`)

// reRuledOut is a negation or a closure: what a claim rules out ("no hay
// clases", "kein Termin", "closed on Mondays", "pas le lundi", "月曜は休み").
var reRuledOut = regexp.MustCompile(`(?i)\b(?:no|not|never|nobody|nothing|kein(?:e[nmrs]?)?|nicht|nie|niemals|pas|jamais|aucune?|nunca|nada|closed|shut|geschlossen|fermée?s?|cerrad[oa]s?)\b|ない|ません|禁止|不|没有|休み|定休|休业|休息`)

// dayTerms are the terms of the days of the week, in every language (terms
// names a day by its English name).
var dayTerms = setOf("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")

// reopen ends the claims that rule out on a day what a statement now adds
// on that day: "desde noviembre abrimos también los lunes en Zarautz" ends
// "Los lunes no hay clases en Zarautz"; "Wir nehmen ab November auch
// freitags Stimmtermine" ends "Im Kalender darf kein Termin auf einen
// Freitag fallen". The statement names the day with a word of addition and
// no negation; the claim names the same day with a negation, and the two
// share another word (a compound's head counts: "Stimmtermine" is a
// "Termin"). It returns how many claims it ended.
func (m *memory) reopen(session string, st hear.Statement) int {
	q := st.Quote
	if q == "" || st.Question != "" || !reAdded.MatchString(q) || reRuledOut.MatchString(q) {
		return 0
	}
	tt := terms(q)
	var days []string
	for _, t := range tt {
		if dayTerms[t] {
			days = append(days, t)
		}
	}
	if len(days) == 0 {
		return 0
	}
	rest := slices.DeleteFunc(contentTerms(minus(tt, days)), func(t string) bool {
		return glueTerms[t] || whenTerms[t] || len([]rune(t)) < 4
	})
	if len(rest) == 0 {
		return 0
	}
	m.openHaving(days, 1)
	n := 0
	for _, c := range m.candidates(days) {
		if !c.current() || overlap(days, c.vterms) == 0 || !reRuledOut.MatchString(unframed(c.cur.text)) {
			continue
		}
		if !slices.ContainsFunc(rest, func(t string) bool {
			return slices.ContainsFunc(c.vterms, func(x string) bool { return !dayTerms[x] && (akin(t, x) || compoundOf(t, x)) })
		}) {
			continue
		}
		m.end(c, endWithdrawn, cite{session: session, entries: slices.Clone(st.Entries)})
		n++
	}
	return n
}

// compoundOf reports two terms one of which is a compound ending in the
// other, of five letters or more ("stimmtermin" and "termin").
func compoundOf(a, b string) bool {
	if len(a) < len(b) {
		a, b = b, a
	}
	return len([]rune(b)) >= 5 && len(a) > len(b) && strings.HasSuffix(a, b)
}

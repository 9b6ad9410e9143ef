package hear

import (
	"regexp"
	"strconv"
	"strings"
	"time"
)

// A rule may hold until a day ("no ducks, geese or swans admitted until 30
// September", "hasta el 31 de julio no aceptamos encargos", "9月末までは
// 本番デプロイは週1回"). Nobody says such a rule is over when the day has
// passed: it is over because it has. The day is read here, in the year the
// time the user said it makes it fall in, so that memory can end the rule
// once a session comes after it.

// dayLayout is how Statement.Until and Heard.At name a day.
const dayLayout = "2006-01-02"

// monthNumbers are the months by name in the four languages written with
// spaces, lower case, with their common short forms.
var monthNumbers = map[string]int{
	"january": 1, "jan": 1, "february": 2, "feb": 2, "march": 3, "mar": 3, "april": 4, "apr": 4, "may": 5, "june": 6, "jun": 6,
	"july": 7, "jul": 7, "august": 8, "aug": 8, "september": 9, "sep": 9, "sept": 9, "october": 10, "oct": 10,
	"november": 11, "nov": 11, "december": 12, "dec": 12,
	"januar": 1, "jänner": 1, "februar": 2, "märz": 3, "mai": 5, "juni": 6, "juli": 7, "oktober": 10, "dezember": 12,
	"enero": 1, "febrero": 2, "marzo": 3, "abril": 4, "mayo": 5, "junio": 6, "julio": 7, "agosto": 8,
	"septiembre": 9, "setiembre": 9, "octubre": 10, "noviembre": 11, "diciembre": 12,
	"janvier": 1, "février": 2, "fevrier": 2, "mars": 3, "avril": 4, "juin": 6, "juillet": 7, "août": 8, "aout": 8,
	"septembre": 9, "octobre": 10, "novembre": 11, "décembre": 12, "decembre": 12,
}

const monthAlt = `january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec|` +
	`januar|jänner|februar|märz|mai|juni|juli|oktober|dezember|` +
	`enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|noviembre|diciembre|` +
	`janvier|février|fevrier|mars|avril|juin|juillet|août|aout|septembre|octobre|novembre|décembre|decembre`

// reUntilDay is a day a statement holds until, one alternative per
// shape; the groups name the day (d), the month by name (m) or number (n),
// and an end of month (e). Only a day said after a word for "until"
// counts: "the report covers 30 September" names no end.
var reUntilDay = regexp.MustCompile(`(?i)(?:` +
	// until 30 September, till the 30th of Sept, through September 30th, until the end of September
	`\b(?:until|till|til|through|thru|up to)\s+(?:the\s+)?(?:(?P<e1>end\s+of\s+)(?P<m1>` + monthAlt + `)\b|(?P<d2>\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<m2>` + monthAlt + `)\b|(?P<m3>` + monthAlt + `)\s+(?P<d3>\d{1,2})(?:st|nd|rd|th)?\b)` +
	// bis 31. Juli, bis zum 31. Juli, bis Ende Juli
	`|\bbis\s+(?:zum\s+|einschließlich\s+)?(?:(?P<e4>ende\s+)(?P<m4>` + monthAlt + `)\b|(?P<d5>\d{1,2})\.\s*(?P<m5>` + monthAlt + `)\b|(?P<d6>\d{1,2})\.(?P<n6>\d{1,2})\.)` +
	// hasta el 31 de julio, hasta finales de julio
	`|\bhasta\s+(?:el\s+)?(?:(?P<e7>(?:finales|fin(?:al)?)\s+de\s+)(?P<m7>` + monthAlt + `)\b|(?P<d8>\d{1,2})\s+de\s+(?P<m8>` + monthAlt + `)\b)` +
	// jusqu'au 31 mars, jusqu'à fin mars, jusqu'à la fin de mars
	`|\bjusqu['’](?:au|à)\s+(?:(?P<e9>(?:la\s+)?fin\s+(?:de\s+|d['’])?)(?P<m9>` + monthAlt + `)\b|(?P<d10>\d{1,2})(?:er)?\s+(?P<m10>` + monthAlt + `)\b)` +
	// 到8月底, 至9月30日, 9月30日前, 8月底之前, 9月末まで, 9月30日まで
	`|(?:到|至|截至)(?P<n11>\d{1,2})月(?:(?P<d11>\d{1,2})[日号]|(?P<e11>底|末))` +
	`|(?P<n12>\d{1,2})月(?:(?P<d12>\d{1,2})[日号]|(?P<e12>底|末))(?:之前|以前|前|为止|まで)` +
	// till the fire inspection on the 14th, until the audit on 3 May,
	// jusqu'à la révision du 14 mai, hasta la revisión del 14 de mayo, bis
	// zur Abnahme am 14. Mai: until an event on a day (of the month it is
	// said in, or the next, when no month is named).
	`|\b(?:until|till|til)\s+(?:the\s+|our\s+|their\s+)?[\pL'’ -]{3,40}?\s+on\s+(?:the\s+)?(?:(?P<d13>\d{1,2})(?:st|nd|rd|th)?(?:\s+(?:of\s+)?(?P<m13>` + monthAlt + `))?\b|(?P<m14>` + monthAlt + `)\s+(?P<d14>\d{1,2})(?:st|nd|rd|th)?\b)` +
	`|\bjusqu['’](?:à|au)\s+(?:la\s+|le\s+|l['’])?[\pL'’ -]{3,40}?\s+du\s+(?P<d15>\d{1,2})(?:er)?(?:\s+(?P<m15>` + monthAlt + `))?\b` +
	`|\bhasta\s+(?:la\s+|el\s+)?[\pL ]{3,40}?\s+del\s+(?P<d16>\d{1,2})(?:\s+de\s+(?P<m16>` + monthAlt + `))?\b` +
	`|\bbis\s+zu[rm]\s+[\pL -]{3,40}?\s+am\s+(?P<d17>\d{1,2})\.(?:\s*(?P<m17>` + monthAlt + `))?` +
	// 21 July to 7 September, July 21 to September 7, del 21 de julio al 7
	// de septiembre, du 21 juillet au 7 septembre, vom 21. Juli bis 7.
	// September: a period from one day to another holds until the second.
	`|\b\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:` + monthAlt + `)\s*(?:to|until|till|through|-|–)\s*(?P<d18>\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<m18>` + monthAlt + `)\b` +
	`|\b(?:` + monthAlt + `)\s+\d{1,2}(?:st|nd|rd|th)?\s*(?:to|until|till|through|-|–)\s*(?P<m19>` + monthAlt + `)\s+(?P<d19>\d{1,2})(?:st|nd|rd|th)?\b` +
	`|\bdel\s+\d{1,2}\s+(?:de\s+(?:` + monthAlt + `)\s+)?al\s+(?P<d20>\d{1,2})\s+de\s+(?P<m20>` + monthAlt + `)\b` +
	`|\bdu\s+\d{1,2}(?:er)?\s+(?:(?:` + monthAlt + `)\s+)?au\s+(?P<d21>\d{1,2})(?:er)?\s+(?P<m21>` + monthAlt + `)\b` +
	`)`)

// untilDay is the last day text says it holds (reUntilDay), in the year
// that puts it on or after the day it was said; "" when text names none.
func untilDay(text string, said time.Time) string {
	m := reUntilDay.FindStringSubmatch(text)
	if m == nil {
		return ""
	}
	month, day, monthEnd := 0, 0, false
	for i, name := range reUntilDay.SubexpNames() {
		if m[i] == "" || name == "" {
			continue
		}
		switch name[0] {
		case 'm':
			month = monthNumbers[strings.ToLower(m[i])]
		case 'n':
			month, _ = strconv.Atoi(m[i])
		case 'd':
			day, _ = strconv.Atoi(m[i])
		case 'e':
			monthEnd = true
		}
	}
	said = said.UTC()
	if month == 0 && day >= 1 && day <= 31 {
		// "till the fire inspection on the 14th": in the month it is
		// said in, or the next once that day has passed.
		month = int(said.Month())
		if day < said.Day() {
			month++
		}
		if month > 12 {
			month = 1
		}
	}
	if month < 1 || month > 12 || !monthEnd && (day < 1 || day > 31) {
		return ""
	}
	on := func(year int) time.Time {
		if monthEnd {
			// The day before the first of the next month.
			return time.Date(year, time.Month(month)+1, 0, 0, 0, 0, 0, time.UTC)
		}
		return time.Date(year, time.Month(month), day, 0, 0, 0, 0, time.UTC)
	}
	t := on(said.Year())
	if t.Day() != day && !monthEnd {
		return "" // "31 April"
	}
	if t.Before(time.Date(said.Year(), said.Month(), said.Day(), 0, 0, 0, 0, time.UTC)) {
		// Said after the day in its year: the day of the next.
		t = on(said.Year() + 1)
	}
	return t.Format(dayLayout)
}

// dated sets, for each statement, the day it holds until (untilDay of its
// quote, said when its first entry was written), and returns the day of
// the last record the user wrote and that record's entry id, "" when the
// records say no time.
func dated(sts []Statement, recs []Record) (day, entry string) {
	at := map[string]time.Time{}
	var last time.Time
	for _, r := range recs {
		if r.At == "" || r.ID == "" || r.Role != "user" {
			continue
		}
		t, err := time.Parse(time.RFC3339, r.At)
		if err != nil {
			continue
		}
		at[r.ID] = t
		if !t.Before(last) {
			last, entry = t, r.ID
		}
	}
	if len(at) == 0 {
		return "", ""
	}
	for i := range sts {
		st := &sts[i]
		if len(st.Entries) == 0 {
			continue
		}
		said, ok := at[st.Entries[0]]
		if !ok {
			continue
		}
		text := st.Quote
		if text == "" {
			text = st.Claim
		}
		st.Until = untilDay(text, said)
	}
	return last.UTC().Format(dayLayout), entry
}

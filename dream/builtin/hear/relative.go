package hear

import (
	"regexp"
	"strconv"
	"strings"
)

// A Relative is a value said to change by an amount, its new value left
// unsaid ("follow-ups go up by four pounds", "锅的容量比以前多 3 公斤",
// "deux nageurs de plus par ligne", "運賃を50円値上げ"). Hear cannot tell
// what the value was; the dreamer finds the claim that holds it and
// works the new value out.
type Relative struct {
	Lang  string
	Quote string // the clause that says the change
	// Delta is the amount added (negative: taken away); Factor, when not
	// zero, multiplies instead ("halved": 0.5).
	Delta, Factor float64
	// Unit is the word or sign the amount is said in ("pounds", "公斤",
	// "nageurs", "%"), "" when none.
	Unit string
	// Amount is the amount as written ("1,50", "four").
	Amount  string
	Entries []string
}

// relPattern is one shape of a relative change: group "n" the amount,
// group "u" its unit, sign the direction (0: read from group "down"'s
// presence), factor a multiplication instead.
type relPattern struct {
	re       *regexp.Regexp
	sign     int
	factor   float64
	needUnit bool // "two more robots": no shape without what it counts ("one more thing")
}

const relNum = `(?P<n>\d+(?:[.,]\d+)?|a quarter of an?|three quarters of an?|half an?|one|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty|fifty|hundred|zwei|drei|vier|fünf|sechs|zehn|zwanzig|dos|tres|cuatro|cinco|seis|diez|veinte|deux|trois|quatre|cinq|six|dix|vingt)`

// relCur is a currency sign before an amount ("up by £250"): its unit.
const relCur = `(?:(?P<u0>[£$€¥])\s?)?`

// relativePatterns are the shapes of a relative change in each language.
var relativePatterns = map[string][]relPattern{
	En: {
		{re: regexp.MustCompile(`(?i)\b(?:(?P<down>down|lower(?:ed)?|decrease[sd]?|reduce[sd]?|cut|drop(?:ped|s)?|shorten(?:ed)?)|up|raise[sd]?|increase[sd]?|bump(?:ed|s)?(?: \w+)?(?: up)?|extend(?:ed|s)?)\b[^.,;:!?]{0,30}?\bby (?:an? )?(?:extra |another )?` + relCur + relNum + `(?:\s?(?P<u>%|[\pL]+))?`)},
		// "two weeks longer than before", "five pounds cheaper" (a time
		// of day moved earlier or later is a shift, not a count).
		{re: regexp.MustCompile(`(?i)\b` + relNum + ` (?P<u>[\pL]+) (?:(?P<down>shorter|cheaper|lower|less)|longer|dearer|higher|more)\b`), needUnit: true},
		// "lairage is going up fifty pence a head", "the fee went down 2%".
		{re: regexp.MustCompile(`(?i)\b(?:go(?:es|ing)?|went|gone|is|are|was|were)\s+(?:(?P<down>down)|up)\s+` + relCur + relNum + `(?:\s?(?P<u>%|[\pL]+))?`), needUnit: true},
		{re: regexp.MustCompile(`(?i)\b` + relNum + ` (?:(?P<down>fewer|less)|more|extra) (?P<u>[\pL]+)`), needUnit: true},
		{re: regexp.MustCompile(`(?i)\b(?:an? extra|another) ` + relNum + `\s?(?P<u>%|[\pL]+)`), sign: 1},
		{re: regexp.MustCompile(`(?i)\b(?:doubled|double it|double that|double (?:the|our) [\w-]+)\b`), factor: 2},
		{re: regexp.MustCompile(`(?i)\b(?:tripled|triple it|triple that|triple (?:the|our) [\w-]+)\b`), factor: 3},
		{re: regexp.MustCompile(`(?i)\b(?:halved|halve it|halve that|halve (?:the|our) [\w-]+|cut (?:it |that )?in half)\b`), factor: 0.5},
	},
	De: {
		{re: regexp.MustCompile(`(?i)\bum ` + relNum + `(?:\s?(?P<u>%|€|[\pL]+))? (?:(?P<down>gesenkt|senken|reduziert|reduzieren|runter|weniger|verkürzt|verkürzen|gekürzt|kürzen)|erhöht|erhöhen|angehoben|anheben|hoch|rauf|mehr|verlängert|verlängern)\b`)},
		{re: regexp.MustCompile(`(?i)\b` + relNum + `(?: (?P<u>[\pL]+))? (?:(?P<down>weniger)|mehr)\b`)},
		{re: regexp.MustCompile(`(?i)\b(?:halbiert|halbieren)\b`), factor: 0.5},
		{re: regexp.MustCompile(`(?i)\b(?:verdoppelt|verdoppeln)\b`), factor: 2},
	},
	Es: {
		{re: regexp.MustCompile(`(?i)\b(?:(?P<down>baj(?:a|an|amos|ar|ó|aron)|reduc(?:e|en|imos|ir)|redujimos|redujo|rest(?:a|an|amos|ar))|sub(?:e|en|imos|ir|ió|ieron)|aument(?:a|an|amos|ar|ó|aron)|sum(?:a|an|amos|ar)|añad(?:e|en|imos|ir))(?: (?:en|otros?|otras?))? ` + relNum + `(?:\s?(?P<u>%|€|[\pL]+))?`)},
		{re: regexp.MustCompile(`(?i)\b` + relNum + `(?: (?P<u>[\pL]+))? (?:(?P<down>menos)|más)\b`)},
		{re: regexp.MustCompile(`(?i)\bel doble\b`), factor: 2},
		{re: regexp.MustCompile(`(?i)\b(?:a )?la mitad\b`), factor: 0.5},
	},
	Fr: {
		{re: regexp.MustCompile(`(?i)\b` + relNum + `(?: (?P<u>[\pL]+))? de (?:(?P<down>moins)|plus)\b`)},
		{re: regexp.MustCompile(`(?i)\b(?:(?P<down>baiss\pL*|diminu\pL*|rédui\pL*|descend\pL*)|augment\pL*|monte\pL*|relève\pL*|rehauss\pL*) de ` + relNum + `(?:\s?(?P<u>%|€|[\pL]+))?`)},
		{re: regexp.MustCompile(`(?i)\bde moitié` + EndsWord), factor: 0.5},
		{re: regexp.MustCompile(`(?i)\ble double\b`), factor: 2},
	},
	Zh: {
		{re: regexp.MustCompile(`(?:^|[^最至更不])(?:(?P<down>少|减少|减|降低|降|下调|往下调|调低|砍)|多|涨|增加|加|提高|上调|往上调|调高|升)了?\s*(?P<n>\d+(?:\.\d+)?)\s*(?P<u>个点|%|[\p{Han}]{1,2})?`)},
		{re: regexp.MustCompile(`翻倍|翻一倍`), factor: 2},
		{re: regexp.MustCompile(`减半`), factor: 0.5},
	},
	Ja: {
		{re: regexp.MustCompile(`(?P<n>\d+(?:[.,]\d+)?)\s*(?P<u>[\p{Han}\p{Katakana}ー]{1,4}?)?の?(?:(?P<down>減|ダウン|値下げ|引き下げ|下げ|短縮|削減)|追加|増|アップ|値上げ|引き上げ|上げ|延長)`)},
		{re: regexp.MustCompile(`半分に`), factor: 0.5},
	},
}

// relativeFiller are words a unit group may catch that are no unit ("suben
// 1,50 la botella", "up by 64 from monday").
var relativeFiller = set("the", "a", "an", "from", "for", "per", "on", "in", "at", "to", "starting", "la", "el", "los", "las", "un", "una",
	"le", "les", "de", "du", "des", "à", "au", "par", "pour", "der", "die", "das", "den", "ab", "pro", "für", "por", "para", "desde", "a",
	"thing", "things", "question", "questions", "time", "times", "bit", "one", "thought", "request")

// relativeIn returns the relative change a clause says, and true; the
// first one read in its language's shapes.
func relativeIn(c, lang string) (Relative, bool) {
	for _, p := range relativePatterns[lang] {
		m := p.re.FindStringSubmatch(c)
		if m == nil {
			continue
		}
		r := Relative{Lang: lang, Quote: c}
		if p.factor != 0 {
			r.Factor = p.factor
			return r, true
		}
		r.Amount = group(p.re, m, "n")
		n, ok := Amount(r.Amount)
		if !ok || n == 0 {
			continue
		}
		if p.sign < 0 || p.sign == 0 && group(p.re, m, "down") != "" {
			n = -n
		}
		r.Delta = n
		if u := strings.ToLower(strings.TrimSpace(group(p.re, m, "u"))); !relativeFiller[u] {
			r.Unit = u
		} else if p.needUnit {
			continue
		}
		return r, true
	}
	return Relative{}, false
}

// relNumbers are the amounts spelled in words that relNum reads.
var relNumbers = map[string]float64{"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
	"ten": 10, "twelve": 12, "fifteen": 15, "twenty": 20, "fifty": 50, "hundred": 100, "zwei": 2, "drei": 3, "vier": 4, "fünf": 5,
	"sechs": 6, "zehn": 10, "zwanzig": 20, "dos": 2, "tres": 3, "cuatro": 4, "cinco": 5, "seis": 6, "diez": 10, "veinte": 20,
	"deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "dix": 10, "vingt": 20,
	"eleven": 11, "thirteen": 13, "fourteen": 14, "sixteen": 16, "eighteen": 18, "thirty": 30, "forty": 40, "sixty": 60, "ninety": 90,
	"elf": 11, "zwölf": 12, "vierzehn": 14, "fünfzehn": 15, "dreißig": 30, "catorce": 14, "quince": 15, "treinta": 30,
	"quatorze": 14, "quinze": 15, "trente": 30,
	"a quarter of a": 0.25, "a quarter of an": 0.25, "three quarters of a": 0.75, "three quarters of an": 0.75, "half a": 0.5, "half an": 0.5}

// Amount reads an amount written in digits (a comma as the decimal mark
// too) or spelled in words.
func Amount(s string) (float64, bool) {
	if v, ok := relNumbers[strings.ToLower(s)]; ok {
		return v, true
	}
	v, err := strconv.ParseFloat(strings.Replace(s, ",", ".", 1), 64)
	return v, err == nil
}

// reRelClause separates the clauses of a sentence, but not the digits of
// an amount ("suben 1,50 la botella").
var reRelClause = regexp.MustCompile(`,\s+|[，、；;]`)

// relativeParts are the relative changes one sentence says: none for a
// sentence that asks, muses, limits itself to the day, or says what
// another group does or what nobody decided.
func relativeParts(text, lang string) []Relative {
	lx := lexes[lang]
	if !plainSaid(text, lx) || matches(lx.oneOff, text) || reNotOurs.MatchString(text) || reUndecided.MatchString(text) {
		return nil
	}
	var out []Relative
	for _, p := range reRelClause.Split(text, -1) {
		if r, ok := relativeIn(strings.TrimSpace(strings.TrimRight(p, " .!。！")), lang); ok {
			out = append(out, r)
		}
	}
	return out
}

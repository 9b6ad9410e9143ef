package builtin

import (
	"regexp"
	"strconv"
	"strings"
)

// Times of day said in words rather than digits and a colon: "half past
// three", "halb vier", "las tres y media", "trois heures et demie",
// "七点半", "早上 7 点", "midday". spokenTimes reads them as the hour and
// minute they name, so that a time said one way and changed another
// ("the backup is at 04:00 now") is a value of one kind.

// spokenHours are hours said as words, in the six languages.
var spokenHours = map[string]int{
	"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
	"eleven": 11, "twelve": 12,
	"eins": 1, "zwei": 2, "drei": 3, "vier": 4, "fünf": 5, "sechs": 6, "sieben": 7, "acht": 8, "neun": 9, "zehn": 10,
	"elf": 11, "zwölf": 12,
	"una": 1, "dos": 2, "tres": 3, "cuatro": 4, "cinco": 5, "seis": 6, "siete": 7, "ocho": 8, "nueve": 9, "diez": 10,
	"once": 11, "doce": 12,
	"une": 1, "deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "sept": 7, "huit": 8, "neuf": 9, "dix": 10, "onze": 11,
	"douze": 12,
}

const hourWord = `(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|eins|zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn|elf|zwölf|una|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|once|doce|une|deux|trois|quatre|cinq|six|sept|huit|neuf|dix|onze|douze)`

// spokenTime is one way of saying a time of day: the pattern, and the hour
// and minute of its match.
type spokenTime struct {
	re *regexp.Regexp
	at func(m []string) (h, min int, ok bool)
}

func hourOf(w string) (int, bool) {
	if n, err := strconv.Atoi(w); err == nil {
		return n, n >= 0 && n <= 24
	}
	n, ok := spokenHours[strings.ToLower(w)]
	return n, ok
}

// cjkDigits are the Chinese numerals below ten.
var cjkDigits = map[rune]int{'零': 0, '一': 1, '二': 2, '两': 2, '三': 3, '四': 4, '五': 5, '六': 6, '七': 7, '八': 8, '九': 9}

// cjkHour reads an hour written in digits or Chinese numerals up to 24.
func cjkHour(w string) (int, bool) {
	if n, err := strconv.Atoi(w); err == nil {
		return n, n >= 0 && n <= 24
	}
	n, tens := 0, false
	for _, r := range w {
		switch {
		case r == '十':
			if n == 0 {
				n = 1
			}
			n, tens = n*10, true
		default:
			d, ok := cjkDigits[r]
			if !ok {
				return 0, false
			}
			if tens {
				n += d
			} else {
				n = n*10 + d
			}
		}
	}
	return n, n <= 24
}

var spokenTimes = []spokenTime{
	// "half past three", "quarter past 7", "quarter to eight"
	{regexp.MustCompile(`(?i)\b(half|quarter) (past|to) ` + hourWord + `\b`), func(m []string) (int, int, bool) {
		h, ok := hourOf(m[3])
		min := 30
		if strings.EqualFold(m[1], "quarter") {
			min = 15
		}
		if strings.EqualFold(m[2], "to") {
			h, min = h-1, 60-min
		}
		return h, min, ok
	}},
	// "halb vier" (3:30), "viertel nach sieben", "viertel vor acht"
	{regexp.MustCompile(`(?i)(?:^|[^\pL])(halb|viertel nach|viertel vor) ` + hourWord + `(?:[^\pL]|$)`), func(m []string) (int, int, bool) {
		h, ok := hourOf(m[2])
		switch strings.ToLower(m[1]) {
		case "halb":
			return h - 1, 30, ok
		case "viertel nach":
			return h, 15, ok
		}
		return h - 1, 45, ok
	}},
	// "las tres y media", "a las siete y cuarto"
	{regexp.MustCompile(`(?i)\blas? ` + hourWord + ` y (media|cuarto)\b`), func(m []string) (int, int, bool) {
		h, ok := hourOf(m[1])
		if strings.EqualFold(m[2], "cuarto") {
			return h, 15, ok
		}
		return h, 30, ok
	}},
	// "trois heures et demie", "7 heures et quart"
	{regexp.MustCompile(`(?i)(?:^|[^\pL])` + hourWord + ` heures? et (demie|quart)(?:[^\pL]|$)`), func(m []string) (int, int, bool) {
		h, ok := hourOf(m[1])
		if strings.EqualFold(m[2], "quart") {
			return h, 15, ok
		}
		return h, 30, ok
	}},
	// "七点半", "早上 7 点", "下午三点一刻", "晚上 8 点 30 分"
	{regexp.MustCompile(`(早上|上午|中午|下午|晚上|凌晨)?\s*(\d{1,2}|[零一二两三四五六七八九十]{1,3})\s*点\s*(半|一刻|三刻|(\d{1,2})\s*分)?`), func(m []string) (int, int, bool) {
		h, ok := cjkHour(m[2])
		if !ok || m[1] == "" && m[3] == "" && !isDigits(m[2]) {
			// "快一点", "三点建议": a numeral before 点 alone is no hour.
			return 0, 0, false
		}
		if (m[1] == "下午" || m[1] == "晚上") && h < 12 {
			h += 12
		}
		min := 0
		switch {
		case m[3] == "半":
			min = 30
		case m[3] == "一刻":
			min = 15
		case m[3] == "三刻":
			min = 45
		case m[4] != "":
			min, _ = strconv.Atoi(m[4])
		}
		return h, min, true
	}},
	// "midday", "noon", "Mittag", "mediodía", "midi", "正午"
	{regexp.MustCompile(`(?i)\b(?:midday|noon|mittags?|mediodía)\b|(?:^|[^\pL])midi(?:[^\pL]|$)|正午|中午十二点`), func([]string) (int, int, bool) {
		return 12, 0, true
	}},
}

// spokenTimesOf returns the times of day text says in words, as "H:MM".
func spokenTimesOf(text string) []valueTok {
	var out []valueTok
	for _, st := range spokenTimes {
		for _, m := range st.re.FindAllStringSubmatch(text, 4) {
			h, min, ok := st.at(m)
			if !ok || h < 0 || h > 24 || min < 0 || min > 59 {
				continue
			}
			out = append(out, valueTok{kind: vkTime, text: strconv.Itoa(h) + ":" + twoDigits(min)})
		}
	}
	return out
}

func twoDigits(n int) string {
	if n < 10 {
		return "0" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

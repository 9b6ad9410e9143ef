package hear

import (
	"regexp"
	"strings"
)

// A period is how often something happens: "every quarter", "monthly",
// "alle zwei Wochen", "une fois par an", "cada 30 minutos", "每两周",
// "月1回". A period said with a word of change is a value that changed,
// as a number is ("Marta exports the ledger monthly now").

// periodUnits are what a period counts in, in the six languages, with
// the weekdays ("every second thursday", "chaque lundi").
const periodUnits = `(?:` + spanUnits + `|` +
	`mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|saturdays?|sundays?|lundis?|mardis?|mercredis?|jeudis?|vendredis?|samedis?|dimanches?|` +
	`lunes|martes|mi[ée]rcoles|jueves|viernes|s[áa]bados?|domingos?|montags?|dienstags?|mittwochs?|donnerstags?|freitags?|samstags?|sonntags?)`

// spanUnits are the units a span of time is counted in, in the six
// languages: "minutes", "Stunden", "jours", "semanas", "years".
const spanUnits = `min(?:ute)?s?|minut(?:e|o|os|en)?|h(?:ou)?rs?|hours?|heures?|horas?|stunden?|days?|nights?|jours?|nuits?|d[ií]as?|noches?|tage?n?|n[aä]chte?|weeks?|semaines?|semanas?|wochen?|months?|mois|mes(?:es)?|monate?n?|quarters?|trimestres?|quartale?n?|years?|ans?|ann[ée]es?|años?|jahre?n?|sprints?`

// reSpelledSpan is a span of time with its count spelled out: "thirty
// days", "zwei Jahre", "deux ans", "dos años", "两年", "三个月". It is a
// value as "30 days" is. "一" is left out: "一天" is as often "some day".
var reSpelledSpan = regexp.MustCompile(`(?i)\b(?:` + spelledCounts + `)(?:[\s-]+(?:` + spelledCounts + `))?\s+(?:` + spanUnits + `)\b|` +
	`[两二三四五六七八九十半]+\s*(?:个)?(?:秒钟|分钟|小时|天|周|星期|月|年)|[二三四五六七八九十]+\s*(?:時間|日間|週間|か月|ヶ月|カ月|年間?)`)

// spelledSpanIn reports a span of time with its count spelled out in s
// (reSpelledSpan), not a weekday's number read as one: "周二周四" holds
// "二周", "星期三天气" holds "三天".
func spelledSpanIn(s string) bool {
	for _, m := range reSpelledSpan.FindAllStringIndex(s, -1) {
		before := s[:m[0]]
		if !strings.HasSuffix(before, "周") && !strings.HasSuffix(before, "星期") && !strings.HasSuffix(before, "礼拜") && !strings.HasSuffix(before, "週") {
			return true
		}
	}
	return false
}

// spelledCounts are the counts a span may be spelled with.
const spelledCounts = `two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|eighteen|twenty|thirty|forty|fifty|sixty|ninety|a couple of|a few|` +
	`zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn|elf|zwölf|fünfzehn|zwanzig|dreißig|vierzig|sechzig|` +
	`deux|trois|quatre|cinq|six|sept|huit|neuf|dix|douze|quinze|vingt|trente|quarante|soixante|` +
	`dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|doce|quince|veinte|treinta|cuarenta|sesenta`

// periodCount is how many units a period spans ("every 6 months", "alle
// zwei Wochen", "every other day").
const periodCount = `(?:\d+|other|second|third|two|three|four|five|six|ten|twelve|fifteen|twenty|thirty|few|couple of|zwei|drei|vier|fünf|sechs|zehn|zwölf|fünfzehn|zwanzig|dreißig|deux|trois|quatre|cinq|six|dix|douze|quinze|vingt|trente|dos|tres|cuatro|cinco|seis|diez|doce|quince|veinte|treinta)`

// rePeriod is a period in a Latin-script language: "every quarter", "each
// sprint", "once a week", "twice per month", "monthly", "alle 2 Wochen",
// "einmal pro Woche", "täglich", "tous les 15 jours", "chaque lundi", "une
// fois par an", "mensuel", "cada 30 minutos", "una vez al mes", "semanal".
var rePeriod = regexp.MustCompile(`(?i)\b(?:` +
	`(?:every|each|alle|jede[nrs]?|cada|chaque|tous les|toutes les)\s+(?:` + periodCount + `\s+)?` + periodUnits +
	`|(?:once|twice|thrice|\d+\s*(?:x|times)|einmal|zweimal|\d+\s*mal|une fois|deux fois|\d+\s*fois|una vez|dos veces|\d+\s*veces)\s+(?:a|an|per|every|each|pro|im|in der|je|par|al|a la|por)\s+` + periodUnits +
	`|hourly|daily|nightly|weekly|biweekly|bi-weekly|fortnightly|monthly|bimonthly|bi-monthly|quarterly|yearly|annually|semi-annually|half-yearly` +
	`|st[üu]ndlich|t[äa]glich|n[äa]chtlich|w[öo]chentlich|zweiw[öo]chentlich|monatlich|quartalsweise|viertelj[äa]hrlich|halbj[äa]hrlich|j[äa]hrlich` +
	`|quotidien(?:ne)?s?|hebdomadaires?|bimensuel(?:le)?s?|mensuel(?:le)?s?|trimestriel(?:le)?s?|annuel(?:le)?s?` +
	`|diari[oa]s?|semanal(?:es)?|quincenal(?:es)?|mensual(?:es)?|trimestral(?:es)?|anual(?:es)?` +
	`)\b`)

// reCJKPeriod is a period in Chinese or Japanese: "每周六", "每两周",
// "每15分钟", "隔周", "毎月", "月1回", "週2回", "3日ごと".
var reCJKPeriod = regexp.MustCompile(`每(?:隔)?[一二两三四五六七八九十半\d]*个?(?:秒钟?|分钟|小时|天|日|晚|周[一二三四五六日天]?|星期[一二三四五六日天]?|礼拜[一二三四五六日天]?|月|季度|年)` +
	`|隔(?:周|天|日|月)|双周|毎(?:日|晩|朝|週|月|年|時間|四半期)|隔(?:週|月)|[日週月年]\s*\d+\s*回|\d+\s*(?:秒|分|時間|日|週間?|か月|ヶ月|カ月|年)(?:ごと|おき|毎)`)

// periodIn reports whether s gives a period.
func periodIn(s string) bool { return rePeriod.MatchString(s) || reCJKPeriod.MatchString(s) }

// Periods are the periods s gives, each the phrase as said, lower-cased,
// its spaces collapsed.
func Periods(s string) []string {
	var out []string
	for _, re := range []*regexp.Regexp{rePeriod, reCJKPeriod} {
		for _, m := range re.FindAllString(s, -1) {
			out = append(out, strings.Join(strings.Fields(strings.ToLower(m)), " "))
		}
	}
	return out
}

// reFault names a fault or an outage: a thing broken, out, under repair,
// closed for works or out of stock, in the six languages ("the lift's
// out", "Kaminofen defekt", "en obras", "en panne", "二楼在装修",
// "窯が壊れて"). A rule said beside one holds while it lasts.
var reFault = regexp.MustCompile(`(?i)\b(?:broken|broke|out of order|out of stock|under repair|being repaired|in for repair|shortage|not working|(?:doesn't|does not|isn't|is not|don't|aren't) work(?:ing)?|unavailable|faulty|busted|flooded|leaking|(?:is|are|'s|'re|was|were) (?:still |currently )?(?:out|down|dead|closed|offline)` +
	`|repair shop|in the shop for|quarantined|in quarantine|bug|bugs|bogue|en quarantaine|en cuarentena|in quarantäne|at the garage|in der werkstatt|en el taller|au garage|chez le réparateur|kaputt|defekt|ausgefallen|außer betrieb|reparatur|gesperrt|lieferengpass|nicht lieferbar|baustelle|umbau|sanierung` +
	`|rot[oa]s?|averiad[oa]s?|estropead[oa]s?|en obras|en reparación|no funciona|sin stock|agotad[oa]s?|desabastecimiento|mientras (?:l[oa]s? )?(?:arreglan|reparan)|being fixed|getting fixed|while (?:they|we|someone) (?:fix|repair)|repariert wird|pendant qu'on (?:l[ae] |les )?répare|en cours de réparation` +
	`|en panne|cassée?s?|en travaux|en réparation|hors service|rupture de stock|pénurie|ne (?:marche|fonctionne) (?:plus|pas))\b` +
	`|坏|装修|维修|修理|送修|在修|隔离|故障|停用|没货|缺货|断货|施工|不能用|用不了|壊れ|工事|改装|欠品|品切れ|使えな|止まって|停止中|入荷待ち`)

// FaultSpans are where text names a fault or an outage (reFault), as
// byte spans.
func FaultSpans(text string) [][]int { return reFault.FindAllStringIndex(text, -1) }

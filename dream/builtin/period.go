package builtin

import "github.com/memfs/memfs/dream/builtin/hear"

// How often something happens. "Ciarán pulls DATRAS monthly now" changes
// "Ciarán pulls them every quarter", "on passe la rotation DKIM à une fois
// par an" changes "DKIM keys rotate every 6 months", "ahora va cada 30
// minutos" changes "the schedule runs hourly": a period replaces a period,
// whatever the language and however it is spelled. A period is read as a
// whole phrase (hear.Periods: "every second thursday", "tous les 15
// jours", "月1回"), beside the counts and days its words also give, so
// that "every 5 min" still meets "10 minutes".

// periodsOf are the periods a text gives, as value tokens.
func periodsOf(text string) []valueTok {
	var out []valueTok
	for _, p := range hear.Periods(text) {
		out = append(out, valueTok{kind: vkPeriod, text: p})
	}
	return out
}

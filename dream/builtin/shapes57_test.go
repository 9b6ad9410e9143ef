package builtin

import (
	"testing"

	"github.com/memfs/memfs/dream/builtin/hear"
)

// Ensure that a subject of generic words alone ("el servidor", "the
// server") is found again in a later run, when its page is read lazily:
// the later value replaces the earlier one.
func TestGenericSubjectAcrossRuns(t *testing.T) {
	tests := []struct {
		name, first, second, gone, kept string
	}{
		{"Spanish", "Ojo, la zona horaria tiene que ser siempre Europe/Lisbon, aunque el servidor esté en Frankfurt.", "El servidor ya está en Madrid, Joost lo movió.", "Frankfurt", "Madrid"},
		{"English", "The server is in Frankfurt.", "The server is in Madrid now, Joost moved it.", "Frankfurt", "Madrid"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			run(t, dir, said("s1", tc.first, "The booking site runs Rails 7.1."))
			m := run(t, dir, said("s2", tc.second))
			checkCurrent(t, m, []string{tc.gone}, []string{tc.kept, "Rails 7.1"})
		})
	}
}

// Ensure that a value checked back as it moves ("5,800円 → 6,600円ですね"),
// agreed to, leaves no old value in memory: not in the claim it replaced,
// and not in its own words, whichever claim held the old value.
func TestCheckedBackMoveAcrossRuns(t *testing.T) {
	tests := []struct {
		name, first string
		second      []string // "A:" opens the assistant's
		gone, kept  string
	}{
		{"Japanese", "日本向けスタンダードは送料込み 5,800円。",
			[]string{"A:5,800円 → 6,600円ですね。10月発送分からでいいですか？", "はい、6,600円で、10月から。"}, "5,800", "6,600円"},
		{"Japanese after a change said first", "日本向けスタンダードは送料込み 5,800円。",
			[]string{"日本向けの送料、フェリー運賃の改定で800円上げることになりました。", "A:5,800円 → 6,600円ですね。10月発送分からでいいですか？", "はい、6,600円で、10月から。"}, "5,800", "6,600円"},
		{"English", "The basic kit is KES 50 a day and the grace period is 3 days.",
			[]string{"A:So the grace period goes from 3 to 5 days. Apply it from today?", "yes, from today"}, "3 days", "5 days"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			run(t, dir, said("s1", tc.first))
			m := run(t, dir, said("s2", tc.second...))
			checkCurrent(t, m, []string{tc.gone}, []string{tc.kept})
		})
	}
}

// Ensure that a count a statement replaces in digits ("2 costumes") finds
// the claim that said it in words ("max two costumes per member").
func TestCountInWordsReplaced(t *testing.T) {
	dir := t.TempDir()
	run(t, dir, said("s1", "A member borrows costumes for the season, max two costumes per member, and €20 deposit per costume."))
	m := run(t, dir, map[string]hear.Heard{"s2": {Statements: []hear.Statement{{
		Kind: hear.Answer, Lang: "en", Area: "project", Subject: "costume limit",
		Claim:    "Asked “The lending code allows 2 costumes per member per season. Is that still the limit?”, the user answered: “three costumes now”",
		Quote:    "three costumes now",
		Replaces: []string{"2 costumes"}, Entries: []string{"e1"},
	}}}})
	checkCurrent(t, m, []string{"two costumes"}, []string{"three costumes", "€20 deposit"})
}

// Ensure that a departure withdrawn by its time ("So I'll drop the 17:20
// departure, right?" — "yes") leaves the others of the list it was in.
func TestTimeOfAListWithdrawn(t *testing.T) {
	dir := t.TempDir()
	run(t, dir, said("s1", "Tours leave at 10:15, 13:45 and 17:20 from the tram stop."))
	m := run(t, dir, said("s2", "Carris has no driver for the last tour any more.",
		"A:So I'll drop the 17:20 departure and keep 10:15 and 13:45, right?", "yes"))
	checkCurrent(t, m, []string{"17:20"}, []string{"10:15", "13:45"})
}

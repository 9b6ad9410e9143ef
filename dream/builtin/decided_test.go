package builtin

import "testing"

// Ensure that a value relayed as settled by a meeting changes the claim of
// the same thing: a threshold of bare numbers whose other part says the
// old value again (which goes too), a count of one unit said in the
// claim's words around it, a count spelled out.
func TestDecidedValueReplaces(t *testing.T) {
	runTwoSessionsHeld(t, []twoSessions{
		{"Chinese, a bare threshold said twice",
			[]string{"质检的 pH 下限是 6.5，低于 6.5 的批次要复检。"},
			[]string{"pH 下限组会上定了，6.2"},
			[]string{"6.5"}, []string{"6.2"}},
		{"Japanese, days before",
			[]string{"会員証の更新案内は期限の 30 日前から送ります。"},
			[]string{"更新案内、役員会で期限の 45 日前からに決まりました"},
			[]string{"30 日前"}, []string{"45 日前"}},
		{"English, a count spelled out (guard)",
			[]string{"free accounts get 3 exports a month, the counter resets on the 1st."},
			[]string{"management met on Friday, free accounts get five exports a month going forward."},
			[]string{"3 exports"}, []string{"five exports", "resets on the 1st"}},
	})
}

// Ensure that a value settled for another thing changes nothing: a
// threshold of another measure, a count of days before of another notice
// said in words the claim shares around its count.
func TestDecidedValueOfAnotherThing(t *testing.T) {
	runTwoSessions(t, []twoSessions{
		{"another threshold",
			[]string{"质检的 pH 下限是 6.5，低于 6.5 的批次要复检。"},
			[]string{"温度上限组会上定了，8.5"},
			nil, []string{"6.5", "8.5"}},
		{"another notice's days before",
			[]string{"会員証の更新案内は期限の 30 日前から送ります。"},
			[]string{"解約の受付は、役員会で期限の 10 日前までに決まりました"},
			nil, []string{"30 日前", "10 日前"}},
	})
}

// Ensure that a version moved to, told beside the trouble it caused, is
// heard and replaces the version memory held.
func TestVersionMovedBesideTrouble(t *testing.T) {
	runTwoSessionsHeld(t, []twoSessions{
		{"English",
			[]string{"the API runs on Rails 7.1, don't add gems without asking."},
			[]string{"staging got bumped to Rails 7.2 last night and the system specs are failing, can you look?"},
			[]string{"Rails 7.1"}, []string{"Rails 7.2", "without asking"}},
		{"German (guard: heard before)",
			[]string{"wir sind auf Spring Boot 3.2, bitte nichts Neueres."},
			[]string{"Spring Boot wurde gestern auf 3.3 gehoben und jetzt schlagen die Integrationstests fehl, kannst du schauen?"},
			[]string{"3.2"}, []string{"3.3"}},
	})
}

// Ensure that a count of one unit set for a thing named by the same id as
// a claim's changes that claim, though the two share no other word.
func TestCountOfSameID(t *testing.T) {
	runTwoSessionsHeld(t, []twoSessions{
		{"Japanese",
			[]string{"K3 倉庫の上限は 200 パレットです。"},
			[]string{"K3 を拡張したので上限を 260 パレットに変えて。"},
			[]string{"200 パレット"}, []string{"260 パレット"}},
		{"English (guard: changed before)",
			[]string{"Dock D7 takes 12 trailers a night, D8 takes 10."},
			[]string{"D7 got extended, bump its limit to 16 trailers."},
			[]string{"12 trailers"}, []string{"16 trailers", "D8 takes 10"}},
	})
}

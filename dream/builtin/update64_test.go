package builtin

import (
	"slices"
	"testing"
)

// Ensure that a change reaches the claim it changes when the amount has
// its thousands marked before a currency sign ("185.000 €"), when a rate
// is said per period in other words ("40 requests per second", "60 a
// second"), and when the old date is denied after a preposition ("nicht im
// Mai"), which then leaves the claim whole.
func TestChangeOfAmountRateAndDate(t *testing.T) {
	runTwoSessions(t, []twoSessions{
		{"thousands before a currency sign",
			[]string{"Gesamtbudget für den Umbau sind 185.000 €, das soll oben im Bericht stehen."},
			[]string{"Wir haben den KfW-Kredit bekommen, deshalb ist das Gesamtbudget jetzt 210.000 €."},
			[]string{"185.000"}, []string{"210.000 €"}},
		{"a rate per period",
			[]string{"ChannelBridge throttles us at 40 requests per second per property, the scheduler must never burst above that"},
			[]string{"ChannelBridge raised our quota, up by 20 — so 60 a second per property now."},
			[]string{"40 requests"}, []string{"60 a second"}},
		{"a date denied after a preposition",
			[]string{"Der Dachdecker, Kessler Bedachungen, fängt am 12. Mai an."},
			[]string{"der Dachdecker verschiebt, Kessler fängt erst am 2. Juni an, nicht im Mai"},
			[]string{"12. Mai", "nicht im"}, []string{"2. Juni an …"}},
	})
}

// Ensure that a change claim leaves out a clause saying only why the old
// value went or who left ("…, Mailchimp's free plan shrank", "Frau
// Lindner ist in Rente gegangen, …"), marking the cut, and keeps a clause
// that names what the change is of or that the rest points back to.
func TestChangeWithoutWhyTheOldWent(t *testing.T) {
	tests := []struct{ said, want string }{
		{"the newsletter moved to Buttondown, Mailchimp's free plan shrank.", "The user said: “the newsletter moved to Buttondown …”"},
		{"mail's on amazon SES now, postmark got too pricey for a nonprofit.", "The user said: “mail's on amazon SES now …”"},
		{"告警现在改发 #data-oncall 了，#data-alerts 那个频道归档了。", "The user said: “告警现在改发 #data-oncall 了 …”"},
		{"Frau Lindner ist außerdem in Rente gegangen, neuer Ansprechpartner ist Herr Adomeit.", "The user said: “… neuer Ansprechpartner ist Herr Adomeit.”"},
		{"清掃リーダーの佐藤さんが9月で辞めて、今は鈴木さんがリーダーです。", "The user said: “… 今は鈴木さんがリーダーです。”"},
		// Kept whole: the first clause names what 6% is of; the rest
		// points back at who left; a move of a thing, not a person.
		{"the 3% paging was way too noisy, the retro settled on 6%.", "The user said: “the 3% paging was way too noisy, the retro settled on 6%.”"},
		{"Katrin went on parental leave, Tobias took over the fronius parks from her.", "The user said: “Katrin went on parental leave, Tobias took over the fronius parks from her.”"},
		{"we moved to Postgres 16 last week, the schema is the same now.", "The user said: “we moved to Postgres 16 last week, the schema is the same now.”"},
	}
	for _, tc := range tests {
		m := run(t, t.TempDir(), said("s1", tc.said))
		if got := currentTexts(m); !slices.Contains(got, tc.want) {
			t.Errorf("%q: current %q, want %q", tc.said, got, tc.want)
		}
	}
}

// Ensure that a requirement lifted ("… can go out without a finance
// review now") ends the rule that required it, that a Japanese
// restriction lifted ("UTC 縛りはもうなし") ends the rule it named, and
// that the other claims stay.
func TestRequirementAndRestrictionLifted(t *testing.T) {
	runTwoSessionsHeld(t, []twoSessions{
		{"can go out without",
			[]string{"finance dashboards need hugo's sign-off before we publish them.", "Deploys go through ArgoCD."},
			[]string{"finance dashboards can go out without a finance review now, hugo's fine with that."},
			[]string{"hugo's sign-off"}, []string{"ArgoCD"}},
		{"a restriction no more",
			[]string{"数字は全部 UTC 基準、JST に変換しないでね。", "本番は東京リージョンです。"},
			[]string{"あと UTC 縛りはもうなしで、ダッシュボードは各自のタイムゾーン表示でOKになりました。"},
			[]string{"UTC 基準"}, []string{"東京リージョン"}},
	})
}

// Ensure that a duty taken over under its hyphenated name ("on-call
// rotated, Farid has it now") ends the claim giving it, said in words
// ("Lena is on call"), and that a claim of another duty stays.
func TestDutyTakenUnderHyphenatedName(t *testing.T) {
	runTwoSessionsHeld(t, []twoSessions{
		{"on-call",
			[]string{"Lena is on call for this service this month if anything looks off after deploy.", "Remember: logs go to Loki."},
			[]string{"on-call rotated, Farid has it now"},
			[]string{"Lena"}, []string{"Farid", "Loki"}},
	})
}

// Ensure that a price said beside another that changes stays when the
// change says it stays the same ("…, das Studiomodell bleibt gleich").
func TestValueSaidToStayIsKept(t *testing.T) {
	runTwoSessions(t, []twoSessions{
		{"German, stays as it was",
			[]string{"Das Konzertmodell kostet 6800 Euro, das Studiomodell 2900 Euro."},
			[]string{"ab Januar kostet das Konzertmodell jetzt 7200 Euro, das Studiomodell bleibt gleich."},
			[]string{"6800"}, []string{"7200 Euro", "2900 Euro"}},
		{"English, stays as it is",
			[]string{"The concert model costs $6,800 and the studio model $2,900."},
			[]string{"from January the concert model goes to $7,200 now, the studio one stays the same."},
			[]string{"6,800"}, []string{"7,200", "2,900"}},
	})
}

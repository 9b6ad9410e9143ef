package builtin

import (
	"testing"

	"github.com/memfs/memfs/dream/builtin/hear"
)

// Ensure that a Japanese change of day or hour replaces the claim whose
// subject holds the first word of the statement's (a label before a
// colon aside), and only that one: "本番デプロイ" opens with "本番", which
// a staging claim does not say.
func TestJapaneseDayOfHeadWord(t *testing.T) {
	runTwoSessionsHeld(t, []twoSessions{
		{"katakana head word",
			[]string{"ステージングへのデプロイは毎週水曜です。"},
			[]string{"ステージングの反映日は金曜日に変わりました。"},
			[]string{"水曜"}, []string{"金曜"}},
		{"after a label and its colon",
			[]string{"本番リリースは毎週木曜の午後です。"},
			[]string{"お知らせ：リリース日は火曜日に変わりました。"},
			[]string{"木曜"}, []string{"火曜"}},
		{"hour of the head word",
			[]string{"バックアップの開始は毎晩 2:00 です。"},
			[]string{"バックアップのジョブは 3:30 に変わりました。"},
			[]string{"2:00"}, []string{"3:30"}},
	})
	runTwoSessions(t, []twoSessions{
		{"another thing's day",
			[]string{"ステージングのデプロイは毎週水曜です。"},
			[]string{"本番デプロイは金曜日に変わりました。"},
			nil, []string{"水曜", "金曜"}},
	})
}

// Ensure that an address whose path names a version replaces the claim
// holding the same address at another version, with or without a word
// of change, and that two addresses apart in another part of the path
// (two rooms) do not replace each other.
func TestVersionedAddress(t *testing.T) {
	runTwoSessionsHeld(t, []twoSessions{
		{"German, no word of change",
			[]string{"neue Endpunkte bitte immer unter /api/v2 anlegen, v1 ist abgekündigt."},
			[]string{"seit dem Release ist v2 auch abgekündigt, neue Endpunkte kommen unter /api/v3."},
			[]string{"/api/v2"}, []string{"/api/v3"}},
		{"English, a full address",
			[]string{"the partner webhook posts to https://hooks.example.com/partner/v1/events."},
			[]string{"the partner webhook posts to https://hooks.example.com/partner/v2/events since Monday."},
			[]string{"/v1/"}, []string{"/v2/"}},
	})
	runTwoSessions(t, []twoSessions{
		{"two rooms",
			[]string{"the big meeting room's calendar is https://cal.example.com/rooms/204."},
			[]string{"the small meeting room's calendar is https://cal.example.com/rooms/310."},
			nil, []string{"rooms/204", "rooms/310"}},
	})
}

// Ensure that a change of a count, an hour or a day replaces an answer
// whose question names what the statement changes ("bump the cart
// reservation to 20 minutes" of "How long should a cart stay reserved
// …?" — "10 minutes"), and not one whose question names the thing only
// as a point in time ("… minutes before the event …") or by the value's
// unit.
func TestChangeOfWhatWasAsked(t *testing.T) {
	tests := []struct {
		name, question, answer, later string
		gone, kept                    []string
	}{
		{"a count in the answer's unit",
			"How long should a cart stay reserved while the customer pays?", "10 minutes",
			"bump the cart reservation to 20 minutes, mobile users kept timing out",
			[]string{"10 minutes"}, []string{"20 minutes"}},
		{"a thing named by when only",
			"How many minutes before the event should the reminder go out?", "30 minutes",
			"raise the event length to 90 minutes",
			nil, []string{"30 minutes"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			asked := map[string]hear.Heard{"s1": hear.Session([]hear.Record{
				{Role: "assistant", ID: "a1", Text: tc.question}, {Role: "user", ID: "u1", Text: tc.answer}})}
			later := map[string]hear.Heard{"s2": hear.Session([]hear.Record{{Role: "user", ID: "u2", Text: tc.later}})}
			checkCurrent(t, run(t, t.TempDir(), asked, later), tc.gone, tc.kept)
		})
	}
}

// Ensure that a withdrawal naming a freeze ends the rule saying what is
// frozen: English "frozen" is no stem of "freeze".
func TestFreezeWithdrawnByItsNoun(t *testing.T) {
	runTwoSessionsHeld(t, []twoSessions{
		{"frozen, then the freeze dropped",
			[]string{"the app's strings are frozen two days before each release."},
			[]string{"the release manager dropped the string freeze, translations can land any time now."},
			[]string{"two days before"}, nil},
	})
}

// Ensure that a value the user settles on, the English way ("let's go to
// every five minutes"), replaces the claim holding one of its kind.
func TestSettledValueReplaces(t *testing.T) {
	runTwoSessionsHeld(t, []twoSessions{
		{"let's go to",
			[]string{"the partner poller is a beat task, it runs every 15 minutes."},
			[]string{"Let's go to every five minutes."},
			[]string{"every 15 minutes"}, []string{"every five minutes"}},
	})
}

// Ensure that where a claim says two things, the part holding the value
// a change says is gone goes, whatever words the change shares with the
// other part.
func TestGoneValueNamesThePartThatGoes(t *testing.T) {
	runTwoSessionsHeld(t, []twoSessions{
		{"the other part shares more words",
			[]string{"the docs site is on netlify.app, the API runs on fly.io, deployed with flyctl"},
			[]string{"also the docs site isn't on netlify.app anymore — Mia moved it to fly.io too, `docs-02`, deploys with flyctl like the API"},
			[]string{"netlify.app"}, []string{"the API runs on fly.io", "docs-02"}},
	})
}

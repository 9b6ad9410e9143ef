package builtin

import "testing"

// Ensure that a claim held until something happens ends when a later
// session says it happened, in words of its own ("the vendor shipped the
// new driver" of "until the vendor ships the new driver"), in each
// language, with a verb conjugated otherwise and the subject said instead
// of the doer, and that the rest of what the claim says stays.
func TestConditionMet(t *testing.T) {
	runTwoSessionsHeld(t, []twoSessions{
		{"English",
			[]string{"We don't run the GPU suite on the arm64 runners until the vendor ships the new driver."},
			[]string{"good news, the vendor shipped the new driver on Monday."},
			[]string{"run the GPU suite on the arm64"}, nil},
		{"English, the rest of the claim stays",
			[]string{"Tomás runs the Friday deploys. Until the vendor ships the new driver, don't run the GPU suite on the arm64 runners."},
			[]string{"fyi the vendor shipped the new driver on Monday."},
			[]string{"run the GPU suite on the arm64"}, []string{"Tomás runs the Friday deploys"}},
		{"English, a verb whose stem ends in e",
			[]string{"Saturday nights the archive share is read-only, until the lab moves the backup job to their new NAS."},
			[]string{"the lab moved their backup job to the new NAS yesterday."},
			[]string{"archive share is read-only"}, nil},
		{"German",
			[]string{"Bis der Rahmenvertrag unterschrieben ist, bestellen wir Toner immer nur bei Lyreco."},
			[]string{"Der Rahmenvertrag wurde gestern unterschrieben."},
			[]string{"nur bei Lyreco"}, nil},
		{"Spanish, the subject said and the verb conjugated otherwise",
			[]string{"El local de Getafe no acepta pedidos online hasta que el banco active el TPV virtual."},
			[]string{"Getafe ya activó el TPV virtual, por cierto."},
			[]string{"no acepta pedidos"}, nil},
		{"French",
			[]string{"Jusqu'à ce que la fibre soit installée, les visios passent par le partage 4G."},
			[]string{"Bonne nouvelle : la fibre est installée depuis lundi."},
			[]string{"partage 4G"}, nil},
		{"French, what held said again beside the event",
			[]string{"Tant que le contrat de droits n'est pas réglé, on exclut la rubrique Cinéma des recommandations."},
			[]string{"Bonne nouvelle : le contrat de droits est renégocié, la rubrique revient dans les recommandations."},
			[]string{"exclut la rubrique"}, nil},
		{"Japanese",
			[]string{"新しいプリンタが届くまでは、出荷ラベルは手書きでお願いします。"},
			[]string{"新しいプリンタが届きました。"},
			[]string{"手書き"}, nil},
		{"Chinese, a word put between",
			[]string{"合同签完之前，新客户的订单一律走人工审核。"},
			[]string{"合同已经签完了。"},
			[]string{"人工审核"}, nil},
	})
}

// Ensure that what does not say the condition happened ends nothing: a
// denial, a plan, a question, a fault of the awaited thing, a date passed
// that was no event, and the rule said again.
func TestConditionNotMet(t *testing.T) {
	runTwoSessionsHeld(t, []twoSessions{
		{"English, not yet",
			[]string{"We don't run the GPU suite on the arm64 runners until the vendor ships the new driver."},
			[]string{"the vendor hasn't shipped the new driver yet."},
			nil, []string{"run the GPU suite on the arm64"}},
		{"English, a plan",
			[]string{"We don't run the GPU suite on the arm64 runners until the vendor ships the new driver."},
			[]string{"the vendor will ship the new driver next week."},
			nil, []string{"run the GPU suite on the arm64"}},
		{"English, a question",
			[]string{"We don't run the GPU suite on the arm64 runners until the vendor ships the new driver."},
			[]string{"did the vendor ship the new driver already?"},
			nil, []string{"run the GPU suite on the arm64"}},
		{"English, the awaited thing broken",
			[]string{"We don't run the GPU suite on the arm64 runners until the vendor ships the new driver."},
			[]string{"the vendor's new driver is broken on arm64."},
			nil, []string{"run the GPU suite on the arm64"}},
		{"Japanese, the awaited printer broken",
			[]string{"新しいプリンタが届くまでは、出荷ラベルは手書きでお願いします。"},
			[]string{"古いプリンタが壊れた。"},
			nil, []string{"手書き"}},
		{"Chinese, not yet",
			[]string{"合同签完之前，新客户的订单一律走人工审核。"},
			[]string{"合同还没签完。"},
			nil, []string{"人工审核"}},
		{"German, the rule said again",
			[]string{"Bis der Rahmenvertrag unterschrieben ist, bestellen wir Toner immer nur bei Lyreco."},
			[]string{"Nochmal: bis der Rahmenvertrag unterschrieben ist, bestellen wir Toner immer nur bei Lyreco."},
			nil, []string{"nur bei Lyreco"}},
		{"English, a month is no event",
			[]string{"The legacy export endpoint must stay up until the end of March for the Nordics partners."},
			[]string{"The end of March was rough for the Nordics partners."},
			nil, []string{"legacy export endpoint"}},
	})
}

// Ensure that a rule held until a thing arrives ends when the thing is
// said to be in or here, whenever it was to come, and not when it is
// only expected.
func TestArrivalConditionMet(t *testing.T) {
	runTwoSessionsHeld(t, []twoSessions{
		{"English, in",
			[]string{"Until the new label printer arrives in spring, we always print the shipping labels on A4 sheets."},
			[]string{"the new label printer's in, Sam set it up on Friday."},
			[]string{"A4 sheets"}, nil},
		{"German, da",
			[]string{"Bis die neue Waage kommt, wiegen wir die Pakete immer in der Poststelle."},
			[]string{"Die neue Waage ist endlich da."},
			[]string{"in der Poststelle"}, nil},
	})
	runTwoSessions(t, []twoSessions{
		{"English, only expected",
			[]string{"Until the new label printer arrives in spring, we always print the shipping labels on A4 sheets."},
			[]string{"the new label printer should arrive next month."},
			nil, []string{"A4 sheets"}},
	})
}

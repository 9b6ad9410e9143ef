package builtin

import "testing"

// Ensure that a value said to change by an amount, its new value left
// unsaid, replaces the one claim holding the value with the user's words
// and the value they make, written as the old one was (its unit, sign and
// decimal mark), in each language and for a doubling.
func TestRelativeChange(t *testing.T) {
	runTwoSessionsHeld(t, []twoSessions{
		{"English, up by",
			[]string{"The nightly export keeps at most 40 files per tenant, that's a hard limit."},
			[]string{"the nightly export limit goes up by 20 files per tenant."},
			[]string{"40 files"}, []string{"60 files"}},
		{"Chinese, added",
			[]string{"批量导入每次最多 500 条，这是硬限制。"},
			[]string{"批量导入的上限再加 200 条。"},
			[]string{"500 条"}, []string{"700 条"}},
		{"Japanese, a price raised",
			[]string{"配送料は全国一律 800円です。"},
			[]string{"来月から配送料を100円値上げします。"},
			[]string{"800円"}, []string{"900円"}},
		{"Spanish, a decimal comma",
			[]string{"La cuota de mantenimiento es 12,50 € al mes."},
			[]string{"La cuota de mantenimiento sube 1,25 a partir de enero."},
			[]string{"12,50"}, []string{"13,75 €"}},
		{"French, two more",
			[]string{"Chaque classe a 24 élèves au maximum, c'est la règle."},
			[]string{"On passe à deux élèves de plus par classe."},
			[]string{"24 élèves"}, []string{"26 élèves"}},
		{"German, doubled",
			[]string{"Der Build-Cache auf dem NAS hat 800 GB, der ist oft voll."},
			[]string{"Wir haben den Build-Cache verdoppelt."},
			[]string{"800 GB"}, []string{"1600 GB"}},
	})
}

// Ensure that a relative change that is no change of memory's, or names
// no one value, changes nothing: a question, another team's, and two
// values alike that nothing tells apart.
func TestRelativeChangeNotApplied(t *testing.T) {
	runTwoSessionsHeld(t, []twoSessions{
		{"a question",
			[]string{"The nightly export keeps at most 40 files per tenant, that's a hard limit."},
			[]string{"could the nightly export limit go up by 20 files per tenant?"},
			nil, []string{"40 files"}},
		{"another team's",
			[]string{"批量导入每次最多 500 条，这是硬限制。"},
			[]string{"隔壁组把批量导入的上限加了 200 条，跟我们没关系。"},
			nil, []string{"500 条"}},
		{"two values alike",
			[]string{"The nightly export keeps at most 40 files per tenant, that's a hard limit. The weekly archive keeps at most 40 files per tenant as well, never more."},
			[]string{"bump it by 20 files."},
			nil, []string{"40 files"}},
	})
}

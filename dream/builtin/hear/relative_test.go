package hear

import "testing"

// Ensure that relative changes are read with their amount, direction and
// unit in each language, and that shapes alike that change nothing are
// not: "one more thing", "最多 12 公斤" (at most), a question.
func TestRelativeParts(t *testing.T) {
	tests := []struct {
		name, text, lang string
		ok               bool
		delta, factor    float64
		unit             string
	}{
		{"English, up by", "follow-ups go up by four pounds from November.", En, true, 4, 0, "pounds"},
		{"English, fewer", "we run two fewer robots on the night shift.", En, true, -2, 0, "robots"},
		{"English, one more thing", "one more thing, the staging box is gone.", En, false, 0, 0, ""},
		{"English, a question", "can we go up by 20 files?", En, false, 0, 0, ""},
		{"German, um … erhöht", "Das Limit wird um 20 % erhöht.", De, true, 20, 0, "%"},
		{"German, halved", "Der Vorstand hat den Nachttarif halbiert.", De, true, 0, 0.5, ""},
		{"Spanish, a decimal comma", "Los distribuidores suben 1,50 la botella.", Es, true, 1.5, 0, ""},
		{"French, de plus", "On passe à deux nageurs de plus par ligne.", Fr, true, 2, 0, "nageurs"},
		{"French, baisse de", "Le forfait parking baisse de 3 € en janvier.", Fr, true, -3, 0, "€"},
		{"French, a reduced rate is no change", "Adulte 12 €, tarif réduit 8 € pour les étudiants.", Fr, false, 0, 0, ""},
		{"Chinese, points", "目标整体往上调 2 个点。", Zh, true, 2, 0, "个点"},
		{"Chinese, at most", "单锅生豆最多放 12 公斤。", Zh, false, 0, 0, ""},
		{"Japanese, a price raised", "運賃を50円値上げします。", Ja, true, 50, 0, "円"},
		{"English, going up without by", "the room hire is going up fifty pounds from May.", En, true, 50, 0, "pounds"},
		{"English, a span longer", "delivery takes two weeks longer over the summer.", En, true, 2, 0, "weeks"},
		{"English, a quarter of a percent", "the levy goes up by a quarter of a percent in July.", En, true, 0.25, 0, "percent"},
		{"Japanese, raised with 上げる", "来月から送料を300円上げることになりました。", Ja, true, 300, 0, "円"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rs := relativeParts(tc.text, tc.lang)
			if !tc.ok {
				if len(rs) > 0 {
					t.Fatalf("relativeParts(%q) = %+v, want none", tc.text, rs)
				}
				return
			}
			if len(rs) != 1 || rs[0].Delta != tc.delta || rs[0].Factor != tc.factor || rs[0].Unit != tc.unit {
				t.Fatalf("relativeParts(%q) = %+v, want delta %v factor %v unit %q", tc.text, rs, tc.delta, tc.factor, tc.unit)
			}
		})
	}
}

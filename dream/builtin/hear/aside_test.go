package hear

import (
	"strings"
	"testing"
)

// Ensure that an aside kept out of notes keeps out only itself: a marker
// a colon follows a few words later, or one opening its sentence with more
// said after it, covers what follows it and not the sentence before; and
// what follows stays out only until a sentence turns back to the work
// ("Anyway", a colleague addressed by name, a label and a colon, "あと").
// Guards: an aside with nothing turning back covers the rest of the
// message, and a marker that closes its sentence reaches back.
func TestNoNotesAsideEnds(t *testing.T) {
	for _, tc := range []struct {
		text  string
		kept  []string
		never []string
	}{
		{"Off the record and not for your notes: I've applied for the lead role at the 111 service. Anyway - the reporting team reads from the replica kc-replica-01 through Metabase.",
			[]string{"kc-replica-01"}, []string{"lead role"}},
		{"Unter uns, nicht notieren: der Chef überlegt, die Firma zu verkaufen. Zum Testen: die Lager-Handys sind Zebra TC22.",
			[]string{"TC22"}, []string{"verkaufen"}},
		{"Complaints about quality go to calidad@example.coop, not to the sales address. (Y esto no lo apuntes en ningún sitio: su jefe quiere cambiar de proveedor.)",
			[]string{"calidad@example.coop"}, []string{"proveedor"}},
		{"これは記録しないでほしいんですが、森田さんは来月で退職されるみたいです。あとテスト用の作品は HK000001 を使ってください。",
			[]string{"HK000001"}, []string{"退職"}},
		{"大促冻结早就结束了，现在都按正常窗口发布。别记下来啊，听说明年可能要上 SAP ME，还没影的事。Arun, one more for you: Penang's lines are named pg-smt1 to pg-smt4, always lower case.",
			[]string{"pg-smt4"}, []string{"SAP ME"}},
		// A second aside after the work was turned back to covers what
		// follows it as the first did.
		{"Off the record: I've applied for the lead role. Anyway, the replica is kc-replica-01. Don't write this down: the board wants to sell. The buyer is Nordhafen Capital.",
			[]string{"kc-replica-01"}, []string{"lead role", "sell", "Nordhafen"}},
		// Guards.
		{"Off the record: the CFO is leaving. The board hasn't announced it yet.",
			nil, []string{"CFO", "board"}},
		{"Our CI runs on Buildkite. Don't note this, it's a one-off.",
			nil, []string{"Buildkite"}},
		{"Route the approvals to the deputy head. don't write that down anywhere, it's a stopgap until the HR sync is fixed.",
			nil, []string{"deputy head"}},
	} {
		h := Session(conv(tc.text))
		var got []string
		for _, st := range h.Statements {
			got = append(got, st.Quote)
		}
		all := strings.Join(got, "\n")
		for _, k := range tc.kept {
			if !strings.Contains(all, k) {
				t.Errorf("%q: statements %q, want %q kept", tc.text, got, k)
			}
		}
		for _, n := range tc.never {
			if strings.Contains(all, n) {
				t.Errorf("%q: statements %q, want %q kept out", tc.text, got, n)
			}
		}
	}
	// The withdrawal before an aside opening its sentence is heard.
	h := Session(conv("大促冻结早就结束了，现在都按正常窗口发布。别记下来啊，听说明年可能要上 SAP ME，还没影的事。"))
	if len(h.Retractions) == 0 {
		t.Error("the withdrawal before the aside was not heard")
	}
}

package hear

import (
	"testing"
	"time"
)

// Ensure that a day a rule holds until is read in the six languages, in
// the year that puts it on or after the day it was said, and that a day
// said without a word for "until" is no end.
func TestUntilDay(t *testing.T) {
	june := time.Date(2025, 6, 17, 9, 0, 0, 0, time.UTC)
	tests := []struct {
		text string
		said time.Time
		want string
	}{
		{"so no ducks, geese or swans admitted until 30 September.", june, "2025-09-30"},
		{"till the 3rd of Sept, nothing goes out on Fridays", june, "2025-09-03"},
		{"the banner stays up through August 15th", june, "2025-08-15"},
		{"until the end of August every meal gets a free soup", june, "2025-08-31"},
		{"until May 3rd the old tariff applies", june, "2026-05-03"},
		{"Bis Ende Juli keine Updates am Server.", june, "2025-07-31"},
		{"bis zum 31. Juli nur lesen", june, "2025-07-31"},
		{"bis 15.8. bitte keine Deploys", june, "2025-08-15"},
		{"Hasta el 31 de julio no aceptamos encargos nuevos.", june, "2025-07-31"},
		{"hasta finales de febrero el horario es de invierno", june, "2026-02-28"},
		{"l'alambic n°2 est en révision jusqu'à fin mars", june, "2026-03-31"},
		{"jusqu'au 1er juin, pas de livraison le samedi", june, "2026-06-01"},
		{"到8月底每餐免费送一份绿豆汤。", june, "2025-08-31"},
		{"9月30日前不接新的出口订单。", june, "2025-09-30"},
		{"9月末までは本番デプロイは週1回、水曜だけにします。", june, "2025-09-30"},
		{"until 17 June, the old form", june, "2025-06-17"},
		{"till the fire inspection on the 14th, the fog machine stays off", june, "2025-07-14"},
		{"till the fire inspection on the 20th, the fog machine stays off", june, "2025-06-20"},
		{"until the audit on 3 September nobody touches prod", june, "2025-09-03"},
		{"la voile rouge est interdite jusqu'à la révision du 14 mai", june, "2026-05-14"},
		{"hasta la revisión del 14 de julio no se usa el kayak rojo", june, "2025-07-14"},
		{"bis zur Abnahme am 14. Juli bleibt die Halle zu", june, "2025-07-14"},
		{"through the school summer holidays we open seven days, 21 July to 7 September", june, "2025-09-07"},
		{"del 21 de julio al 7 de septiembre abrimos todos los días", june, "2025-09-07"},
		{"du 21 juillet au 7 septembre on ouvre tous les jours", june, "2025-09-07"},
		{"the report covers 30 September", june, ""},
		{"we meet on the 14th", june, ""},
		{"the season runs from July", june, ""},
		{"until 31 April", june, ""},
		{"until the new printer arrives", june, ""},
		{"平日の12時〜13時の間だけ", june, ""},
	}
	for _, tc := range tests {
		if got := untilDay(tc.text, tc.said); got != tc.want {
			t.Errorf("untilDay(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}

// Ensure that a session's statements carry the day they hold until, read
// with the time their user's entry was written, and that the session
// says the day and entry of the user's last record.
func TestSessionDates(t *testing.T) {
	h := Session([]Record{
		{Role: "user", ID: "u1", At: "2025-06-17T09:00:00Z", Text: "Bird flu: no ducks, geese or swans admitted until 30 September."},
		{Role: "assistant", ID: "a1", At: "2025-06-17T09:01:00Z", Text: "Done, waterfowl intake blocked."},
		{Role: "user", ID: "u2", At: "2025-06-18T10:00:00Z", Text: "The ward runs on Django 5.0."},
	})
	if h.At != "2025-06-18" || h.AtEntry != "u2" {
		t.Errorf("session day %q entry %q, want 2025-06-18 u2", h.At, h.AtEntry)
	}
	until := map[string]string{}
	for _, st := range h.Statements {
		until[st.Quote] = st.Until
	}
	found := false
	for q, u := range until {
		switch {
		case u == "2025-09-30":
			found = true
		case u != "":
			t.Errorf("%q held until %q", q, u)
		}
	}
	if !found {
		t.Errorf("no statement held until 2025-09-30: %v", until)
	}
	if h := Session([]Record{{Role: "user", ID: "u1", Text: "no ducks admitted until 30 September."}}); h.At != "" || len(h.Statements) > 0 && h.Statements[0].Until != "" {
		t.Errorf("records without times gave a day: %q", h.At)
	}
}

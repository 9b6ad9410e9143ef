package hear

import (
	"slices"
	"testing"
)

// Ensure that a period is read whole in each language, and that words
// near one ("every change", "once we move", "des semaines") are not.
func TestPeriods(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"Ciarán pulls them every quarter", []string{"every quarter"}},
		{"release branch is cut every second Thursday", []string{"every second thursday"}},
		{"we meet twice a week", []string{"twice a week"}},
		{"the export runs monthly now", []string{"monthly"}},
		{"das Backup läuft alle 2 Wochen", []string{"alle 2 wochen"}},
		{"einmal pro Monat, sonst täglich", []string{"einmal pro monat", "täglich"}},
		{"on passe à une fois par an", []string{"une fois par an"}},
		{"le flux est publié tous les jours", []string{"tous les jours"}},
		{"ahora va cada 30 minutos", []string{"cada 30 minutos"}},
		{"informe semanal", []string{"semanal"}},
		{"以后每两周发一次", []string{"每两周"}},
		{"每周六晚上发版", []string{"每周六"}},
		{"Spack は毎月リビルド、バックアップは週2回", []string{"毎月", "週2回"}},
		{"every change goes through a PR", nil},
		{"once we move to SQS", nil},
		{"ça prend des semaines", nil},
	}
	for _, tc := range tests {
		if got := Periods(tc.in); !slices.Equal(got, tc.want) {
			t.Errorf("Periods(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

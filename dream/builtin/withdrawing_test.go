package builtin

import "testing"

// Ensure that a supplier said to have gone out of business withdraws what
// memory held of it, and that the news which ended a claim (the event
// that met its condition, the supplier's end) is not kept as a claim of
// its own: memory keeps the end, not the news.
func TestWithdrawingNewsNotKept(t *testing.T) {
	runTwoSessionsHeld(t, []twoSessions{
		{"English, a supplier gone under",
			[]string{"our weather widget pulls from SkyFeed, the API key is in Vault."},
			[]string{"SkyFeed went under last month, so the widget reads Open-Meteo now."},
			[]string{"SkyFeed"}, []string{"Open-Meteo"}},
		{"French, a supplier bankrupt",
			[]string{"Les traductions passent par l'agence Lexis, on leur envoie les XLIFF le lundi."},
			[]string{"Lexis a fait faillite, on traduit en interne maintenant."},
			[]string{"Lexis"}, nil},
		{"Spanish, a supplier bankrupt",
			[]string{"el catálogo de fotos lo aloja FotoNube, nada de subirlas al servidor."},
			[]string{"FotoNube quebró, las fotos van al bucket de S3 ahora."},
			[]string{"FotoNube"}, []string{"S3"}},
		{"French, the event that met a condition (guard: not kept before)",
			[]string{"pas de livraison le samedi tant que le quai B est en travaux"},
			[]string{"le quai B est rouvert, les livraisons du samedi reprennent"},
			[]string{"quai B"}, nil},
		{"Spanish, the event that met a condition",
			[]string{"los martes no hay venta de pan integral, solo blanco, mientras dure la obra del horno 2"},
			[]string{"el horno 2 ya está terminado, los martes vuelve el pan integral"},
			[]string{"horno 2"}, nil},
		{"English, the event that met a condition (guard: not kept before)",
			[]string{"no Friday deploys until the new load balancer is live, that's the rule"},
			[]string{"the new load balancer is live since this morning"},
			[]string{"load balancer"}, nil},
	})
}

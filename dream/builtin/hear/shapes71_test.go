package hear

import (
	"strings"
	"testing"
)

// Ensure that a change told in passing, in the shapes people use for it,
// is heard as where things are now, and that the look-alikes beside each
// (a mention, a request, a narrative, a question) are not.
func TestChangesInPassing(t *testing.T) {
	tests := []struct {
		name, text, want string
	}{
		// A number said to be new, with what went before the colon.
		{"new number, old line gone", "Neue Festnetznummer, der alte Anschluss ist gekündigt: 030 5550 1234.", "030 5550 1234"},
		{"new number, two words before it", "New support hotline number, the old line is cancelled: 0160 91733205.", "0160 91733205"},
		{"new address after a comma", "Nueva dirección de facturación, la de antes ya no vale: facturas@ejemplo.org", "facturas@ejemplo.org"},
		// What we did, after a topic that opens like an instruction.
		{"zh topic, then what we did", "监控我们换成 Grafana Cloud 了", "Grafana Cloud"},
		// A setting raised to an amount with its unit.
		{"zh raised to", "重试间隔提到 30 秒，之前太频繁了。", "重试间隔提到 30 秒"},
		// A version moved to, then a problem it caused and a request.
		{"zh upgraded, then warnings", "升级到 Node 22 以后 lint 报了一堆错误，帮我看看。", "升级到 Node 22"},
		// Japanese "changed X to Y".
		{"ja changed to", "ログの保存先を S3 に変えました。", "S3 に変えました"},
		// A count spelled out after "to".
		{"en spelled count", "the minimum crew goes up to twelve for night shoots.", "goes up to twelve"},
		// Whatever the verb, a value we set it to; the reason after it
		// names the value that went.
		{"en any verb to a value", "we throttled it to 40 req/s last week, 60 was melting the database.", "throttled it to 40 req/s"},
		// A value given before said to be wrong, the right one after the
		// colon.
		{"en wrong value lead", "the port I gave you yesterday was wrong, wrong service: it's 5433.", "it's 5433"},
		{"de wrong value lead", "Die Kontonummer, die ich dir geschickt habe, war falsch: richtig ist 0044 1234 5678.", "richtig ist 0044 1234 5678"},
		// German "hab ich auf … verschoben".
		{"de moved to a time", "Den Export hab ich auf sechs Uhr früh verschoben.", "verschoben"},
		// Spanish moves and routes.
		{"es moved to a day", "Las guardias se pasaron a los jueves, misma franja.", "se pasaron a los jueves"},
		{"es everything goes through", "Ahora van todos por Brevo, sin excepciones.", "Brevo"},
		// French migration done by someone.
		{"fr migration done", "Inès a fait la migration vers PHP 8.3 hier.", "PHP 8.3"},
		// A lead-in saying what was decided.
		{"fr decided lead", "en réunion on a décidé : les démos se font le vendredi.", "les démos se font le vendredi"},
		{"en decided lead", "we decided: releases go out on Tuesdays.", "releases go out on Tuesdays"},
		// A value said in place of another.
		{"fr instead of", "Les relevés partent le premier lundi du mois au lieu du 5.", "premier lundi du mois"},
		// An hour spelled out, since a day.
		{"es spelled hour", "desde el lunes el almacén cierra a las seis.", "a las seis"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := heardOne(tc.text)
			if _, ok := stating(h, tc.want); !ok {
				t.Errorf("no statement quoting %q: %+v", tc.want, h.Statements)
			}
		})
	}
}

// Ensure that the look-alikes of the shapes above state nothing.
func TestChangesInPassingLookAlikes(t *testing.T) {
	for _, text := range []string{
		"他刚才提到 3 个问题。",
		"we talked it to death yesterday.",
		"I talked to one of them about it.",
		"we decided: what do you think?",
		"I used vim instead of VS Code today.",
		"we could use Postgres instead of MySQL.",
		"se pasó a buscar las llaves.",
	} {
		t.Run(text, func(t *testing.T) {
			if h := heardOne(text); len(h.Statements) > 0 {
				t.Errorf("stated %+v", h.Statements)
			}
		})
	}
}

// Ensure that a number said to be new is one statement with what the
// lead-in says went, not a withdrawal of the old line: the old number is
// replaced by memory through the new one.
func TestNewContactNotWithdrawal(t *testing.T) {
	h := heardOne("Neue Handynummer, das alte Handy ist kaputt: 0151 2345 6789.")
	if len(h.Retractions) > 0 {
		t.Errorf("withdrew %+v", h.Retractions)
	}
	st, ok := stating(h, "0151 2345 6789")
	if !ok || !strings.Contains(st.Quote, "Neue Handynummer") {
		t.Errorf("the number is not stated with its lead-in: %+v", h.Statements)
	}
}

// Ensure that a duty handed on, said passive in Japanese, names its new
// holder.
func TestJapanesePassiveHandover(t *testing.T) {
	h := heardOne("請求書の発行は佐々木さんに引き継がれました。")
	for _, st := range h.Statements {
		if st.Kind == Team && st.Holder == "佐々木" {
			return
		}
	}
	t.Errorf("no handover to 佐々木: %+v", h.Statements)
}

// Ensure that "X's on Y now" hands a duty to X only where X is written as
// a name: a thing is on something too ("mail's on amazon SES now"), and
// a bare release after a statement stays with it.
func TestThingOnSomethingIsNoHandover(t *testing.T) {
	h := heardOne("heads up invoicing's on lexoffice now, the old tool got too pricey.")
	for _, st := range h.Statements {
		if st.Kind == Team {
			t.Errorf("a thing read as a holder: %+v", st)
		}
	}
	if _, ok := stating(h, "lexoffice"); !ok {
		t.Errorf("the change is not stated: %+v", h.Statements)
	}
	h = heardOne("Priya's on the gps ingest now.")
	if len(h.Statements) != 1 || h.Statements[0].Kind != Team || h.Statements[0].Holder != "Priya" {
		t.Errorf("the handover to Priya is lost: %+v", h.Statements)
	}
	h = heardOne("the linter is on v2.3 now, v2.3.1, Anna moved the rules over last week.")
	if _, ok := stating(h, "v2.3.1"); !ok {
		t.Errorf("the exact release left its statement: %+v", h.Statements)
	}
}

// Ensure that a thing said to matter no more, or to be had no more, is
// withdrawn ("the Friday rule doesn't matter anymore", "lo de X ya da
// igual", "X, on n'en a plus"), and that a service we retire is ("we're
// shutting down the status page"); closing a ticket withdraws nothing.
func TestMootOrHadNoMore(t *testing.T) {
	tests := []struct{ text, gone string }{
		{"the code freeze doesn't matter anymore, Ana merged the branch.", "code freeze"},
		{"Y lo de firmar cada commit ya da igual, el repo es privado.", "firmar cada commit"},
		{"la relecture par Marc, on n'en a plus : il a changé d'équipe.", "la relecture par Marc"},
		{"we're shutting down the status page, nobody looked at it.", "status page"},
	}
	for _, tc := range tests {
		t.Run(tc.text, func(t *testing.T) {
			if h := heardOne(tc.text); !withdrawing(h, tc.gone) {
				t.Errorf("no withdrawal of %q: %+v", tc.gone, h.Retractions)
			}
		})
	}
	if h := heardOne("we're closing the ticket now."); len(h.Retractions) > 0 {
		t.Errorf("closing a ticket withdrew %+v", h.Retractions)
	}
}

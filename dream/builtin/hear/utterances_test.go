package hear

import (
	"bufio"
	"os"
	"strings"
	"testing"
)

// tableRow is one utterance of testdata/utterances.tsv.
type tableRow struct{ want, lang, text string }

func readTable(t *testing.T) []tableRow {
	t.Helper()
	f, err := os.Open("testdata/utterances.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []tableRow
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		p := strings.SplitN(line, "\t", 3)
		if len(p) != 3 {
			t.Fatalf("malformed line %q", line)
		}
		out = append(out, tableRow{p[0], p[1], strings.ReplaceAll(p[2], `\n`, "\n")})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// got is what the rules hear in one utterance, as the table names it.
func got(text string) (string, []Statement) {
	m := hearMessage(text, false, false, false)
	switch {
	case len(m.retracts) > 0:
		return "retract", nil
	case len(m.forgets) > 0:
		return "forget", nil
	case len(m.statements) > 0:
		return string(m.statements[0].Kind), m.statements
	}
	return "-", nil
}

// Ensure that the rules keep the durable utterances of the tuning table,
// in every language, and nothing of its distractors; report recall by
// language and kind accuracy.
func TestUtteranceTable(t *testing.T) {
	rows := readTable(t)
	type tally struct{ durable, kept, distract, leaked, kindOK int }
	by := map[string]*tally{}
	for _, r := range rows {
		tl := by[r.lang]
		if tl == nil {
			tl = &tally{}
			by[r.lang] = tl
		}
		g, sts := got(r.text)
		if r.want == "-" {
			tl.distract++
			if g != "-" {
				tl.leaked++
				t.Errorf("kept a distractor (%s): %q → %q", g, r.text, claims(sts))
			}
			continue
		}
		tl.durable++
		if g == "-" {
			t.Logf("missed (%s, %s): %q", r.want, r.lang, r.text)
			continue
		}
		tl.kept++
		if r.want == "*" || g == r.want {
			tl.kindOK++
		} else {
			t.Logf("kind %s, want %s: %q", g, r.want, r.text)
		}
		if testing.Verbose() {
			t.Logf("%s %s: %q → %q", r.lang, g, r.text, claims(sts))
		}
	}
	total := &tally{}
	for _, l := range []string{En, De, Es, Fr, Zh, Ja} {
		tl := by[l]
		if tl == nil {
			continue
		}
		t.Logf("%s: %d/%d durable kept, %d/%d distractors kept, kind right %d", l, tl.kept, tl.durable, tl.leaked, tl.distract, tl.kindOK)
		total.durable += tl.durable
		total.kept += tl.kept
		total.leaked += tl.leaked
		total.distract += tl.distract
		if tl.durable > 0 && tl.kept*100 < tl.durable*75 {
			t.Errorf("%s: recall %d/%d, want at least 75%%", l, tl.kept, tl.durable)
		}
	}
	if total.kept*100 < total.durable*90 {
		t.Errorf("recall %d/%d, want at least 90%%", total.kept, total.durable)
	}
	if len(rows) < 100 {
		t.Errorf("table has %d rows, want at least 100", len(rows))
	}
}

func claims(sts []Statement) []string {
	var out []string
	for _, s := range sts {
		out = append(out, s.Claim+" [subject="+s.Subject+", rule "+s.why+"]")
	}
	return out
}

package hear

import (
	"bufio"
	"os"
	"strings"
	"testing"
)

// Ensure that the extractor keeps the durable statements of a labelled
// corpus and little else, and files them in the expected areas.
func TestCorpus(t *testing.T) {
	f, err := os.Open("testdata/corpus.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var tp, fp, fn, tn, areaOK, n int
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		parts := strings.SplitN(line, "\t", 3)
		if len(parts) != 3 {
			t.Fatalf("malformed corpus line %q", line)
		}
		label, area, utterance := parts[0], parts[1], parts[2]
		n++
		ex := extract(utterance)
		got := len(ex.Statements) > 0
		want := label == "durable"
		switch {
		case got && want:
			tp++
			if ex.Statements[0].Area == area {
				areaOK++
			} else {
				t.Logf("area: %q: got %s, want %s", utterance, ex.Statements[0].Area, area)
			}
		case got && !want:
			fp++
			t.Logf("false positive: %q (%s)", utterance, ex.Statements[0].Area)
		case !got && want:
			fn++
			t.Logf("missed: %q", utterance)
		default:
			tn++
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if n < 60 {
		t.Fatalf("corpus has %d utterances, want at least 60", n)
	}
	precision := float64(tp) / float64(max(tp+fp, 1))
	recall := float64(tp) / float64(max(tp+fn, 1))
	areaAcc := float64(areaOK) / float64(max(tp, 1))
	t.Logf("corpus: %d utterances (%d durable); precision %.3f, recall %.3f, area accuracy %.3f", n, tp+fn, precision, recall, areaAcc)
	if precision < 0.8 || recall < 0.8 || areaAcc < 0.8 {
		t.Errorf("precision %.3f, recall %.3f, area accuracy %.3f: want each at least 0.8", precision, recall, areaAcc)
	}
}

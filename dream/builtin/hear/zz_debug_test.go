package hear

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memfs/memfs/transcript"
)

func TestZZDebug(t *testing.T) {
	dir := os.Getenv("HEARDBG")
	if dir == "" {
		t.Skip()
	}
	files, _ := filepath.Glob(filepath.Join(dir, "sessions", "*.jsonl"))
	for _, f := range files {
		cp, err := transcript.Scan(context.Background(), f, "", "", "")
		if err != nil {
			t.Fatal(err)
		}
		ev, err := transcript.Materialize(context.Background(), *cp, nil)
		if err != nil {
			t.Fatal(err)
		}
		var recs []Record
		for _, line := range bytes.Split(ev.Transcript, []byte("\n")) {
			var r Record
			if json.Unmarshal(line, &r) == nil {
				recs = append(recs, r)
			}
		}
		h := Session(recs)
		name := strings.TrimSuffix(filepath.Base(f), ".jsonl")
		for _, s := range h.Statements {
			fmt.Printf("%s\t%s\t%s\t%s\t%s\t[%s]\n", name, s.why, s.Kind, s.Via, s.Claim, s.Subject)
		}
		for _, r := range h.Retractions {
			fmt.Printf("%s\tRETRACT\t%s\t[%s]\n", name, r.Target, r.Subject)
		}
	}
}

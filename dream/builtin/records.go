package builtin

import (
	"bufio"
	"encoding/json"
	"os"

	"github.com/memfs/memfs/dream/builtin/hear"
)

// readRecords reads a staged transcript, every role: what the user said
// is for package hear to tell.
func readRecords(name string) ([]hear.Record, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []hear.Record
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		var r hear.Record
		if json.Unmarshal(sc.Bytes(), &r) != nil {
			continue
		}
		out = append(out, r)
	}
	return out, sc.Err()
}

package archtest

import (
	"bufio"
	"bytes"
	"os/exec"
	"strings"
	"testing"
)

const module = "github.com/memfs/memfs"

// owners says which package alone may import a library.
var owners = map[string]string{
	"github.com/go-git/go-git/v5":  module + "/gitstore",
	"go.etcd.io/bbolt":             module + "/ledger",
	"github.com/hanwen/go-fuse/v2": module + "/fs",
	"github.com/yuin/goldmark":     module + "/wiki",
	"github.com/spf13/cobra":       module + "/cmd/memfs",
	"github.com/BurntSushi/toml":   module + "/internal/config",
}

// layers lists the domain packages from the bottom up; a package may import
// only packages listed before it.
var layers = []string{"wiki", "validate", "gitstore", "ledger", "dream", "forget", "fs"}

func layer(pkg string) int {
	rel := strings.TrimPrefix(pkg, module+"/")
	for i, l := range layers {
		if rel == l || strings.HasPrefix(rel, l+"/") {
			return i
		}
	}
	return -1
}

// Ensure that imports follow DESIGN §2.
func TestImports(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}} {{join .Imports \" \"}}", module+"/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	sc := bufio.NewScanner(bytes.NewReader(out))
	seen := 0
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		pkg, imports := f[0], f[1:]
		seen++
		for _, imp := range imports {
			for lib, owner := range owners {
				if (imp == lib || strings.HasPrefix(imp, lib+"/")) && pkg != owner && !strings.HasPrefix(pkg, owner+"/") {
					t.Errorf("%s imports %s; only %s may", pkg, imp, owner)
				}
			}
			if from, to := layer(pkg), layer(imp); from >= 0 && to >= 0 && to > from {
				t.Errorf("%s imports %s, which sits above it in DESIGN §2", pkg, imp)
			}
		}
	}
	if seen < 5 {
		t.Fatalf("go list saw only %d packages", seen)
	}
}

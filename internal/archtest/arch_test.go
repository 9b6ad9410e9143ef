package archtest

import (
	"bufio"
	"bytes"
	"os/exec"
	"sort"
	"strings"
	"testing"
)

const module = "github.com/memfs/memfs"

// owners says which package alone (with its subpackages) may import a
// library.
var owners = map[string]string{
	"github.com/go-git/go-git/v5":      "gitstore",
	"github.com/klauspost/compress":    "gitstore",
	"go.etcd.io/bbolt":                 "ledger",
	"github.com/hanwen/go-fuse/v2":     "memfuse",
	"github.com/yuin/goldmark":         "wiki",
	"github.com/spf13/cobra":           "cmd/memfs",
	"github.com/BurntSushi/toml":       "internal/config",
	"github.com/memfs/memfs/cmd/memfs": "",
}

// allowed is the partial order of the design document's package map: the
// memfs components each component may import. A component is a top-level
// folder; its subpackages share its row and may import each other, except
// a subpackage with a row of its own (transcript/redact), which is a
// component by itself.
// Packages under internal/ may be imported by anyone; scripts/ and cmd/ may
// import everything but cmd/.
var allowed = map[string][]string{
	"wiki":              {},
	"validate":          {"wiki"},
	"transcript/redact": {},
	"transcript":        {"transcript/redact", "wiki"},
	"ledger":            {"transcript"},
	"gitstore":          {"wiki", "validate"},
	"ingest":            {"transcript", "ledger", "gitstore", "validate", "wiki"},
	"dream":             {"transcript", "ledger", "gitstore", "validate", "wiki"},
	"forget":            {"dream", "gitstore", "ledger", "transcript", "validate", "wiki"},
	"agent":             {"ingest", "gitstore", "ledger", "transcript", "validate", "wiki"},
	"memfuse":           {"gitstore", "validate", "wiki"},
	"checkout":          {"gitstore", "validate", "wiki"},
}

// never restates the design's explicit prohibitions. The test checks that
// allowed grants none of them, so a later edit of allowed cannot quietly
// undo a rule.
var never = map[string][]string{
	"transcript/redact": {"transcript", "gitstore", "ledger", "dream", "validate", "ingest", "forget", "agent", "memfuse", "checkout"},
	"transcript":        {"gitstore", "ledger", "dream", "validate"},
	"ledger":            {"gitstore", "wiki", "dream"},
	"gitstore":          {"dream", "forget", "ledger", "transcript", "ingest", "agent"},
	"memfuse":           {"dream", "forget", "ledger", "transcript", "ingest"},
	"checkout":          {"dream", "forget", "ledger", "transcript", "ingest"},
	"ingest":            {"dream", "forget"},
	"agent":             {"dream", "forget"},
	"dream":             {"forget", "agent", "ingest"},
}

// component names the row of allowed that governs a package path relative
// to the module, or "" for the module's unconstrained folders.
func component(rel string) string {
	first, _, _ := strings.Cut(rel, "/")
	switch first {
	case "internal", "scripts", "cmd":
		return ""
	}
	own := ""
	for c := range allowed {
		if strings.Contains(c, "/") && (rel == c || strings.HasPrefix(rel, c+"/")) && len(c) > len(own) {
			own = c
		}
	}
	if own != "" {
		return own
	}
	return first
}

func TestNeverIsRespectedByAllowed(t *testing.T) {
	for from, tos := range never {
		for _, to := range tos {
			if contains(allowed[from], to) {
				t.Errorf("allowed lets %s import %s, which the design forbids", from, to)
			}
		}
	}
}

func TestEveryComponentHasARow(t *testing.T) {
	for _, p := range packages(t) {
		if c := component(p.path); c != "" {
			if _, ok := allowed[c]; !ok {
				t.Errorf("package %s belongs to no component of the package map; add a row to allowed and to the design document", p.path)
			}
		}
	}
}

// Ensure that imports follow the partial order and that third-party
// libraries stay with their owners.
func TestImports(t *testing.T) {
	pkgs := packages(t)
	if len(pkgs) < 10 {
		t.Fatalf("go list saw only %d packages", len(pkgs))
	}
	for _, p := range pkgs {
		from := component(p.path)
		for _, imp := range p.imports {
			for lib, owner := range owners {
				if imp != lib && !strings.HasPrefix(imp, lib+"/") {
					continue
				}
				if owner == "" || (p.path != owner && !strings.HasPrefix(p.path, owner+"/")) {
					t.Errorf("%s imports %s; only %q may", p.path, imp, owner)
				}
			}
			rel, ok := strings.CutPrefix(imp, module+"/")
			if !ok || from == "" {
				continue
			}
			to := component(rel)
			if to == "" {
				if strings.HasPrefix(rel, "cmd/") || strings.HasPrefix(rel, "scripts/") {
					t.Errorf("%s imports %s", p.path, rel)
				}
				continue
			}
			if to != from && !contains(allowed[from], to) {
				t.Errorf("%s imports %s: %s may import only %v", p.path, rel, from, allowed[from])
			}
		}
	}
}

type pkg struct {
	path    string // relative to the module
	imports []string
}

func packages(t *testing.T) []pkg {
	t.Helper()
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}} {{join .Imports \" \"}}", module+"/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	var pkgs []pkg
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
		}
		rel := strings.TrimPrefix(strings.TrimPrefix(f[0], module), "/")
		pkgs = append(pkgs, pkg{path: rel, imports: f[1:]})
	}
	sort.Slice(pkgs, func(i, j int) bool { return pkgs[i].path < pkgs[j].path })
	return pkgs
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

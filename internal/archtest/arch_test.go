package archtest

import (
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// Ensure that the rows grant nothing the design forbids, through any chain
// of them, and that every name in the map is a component with a row.
func TestRowsKeepTheNevers(t *testing.T) {
	known := func(c string) bool {
		_, ok := allowed[c]
		return ok || slices.Contains(unconstrained, c)
	}
	for from, tos := range never {
		reach := closure(from)
		for _, to := range tos {
			if slices.Contains(reach, to) {
				t.Errorf("the rows let %s reach %s, which the design forbids", from, to)
			}
		}
	}
	for from, tos := range allowed {
		for _, to := range tos {
			if !known(to) {
				t.Errorf("row %s names %s, which has no row", from, to)
			}
			if only, ok := onlyFrom[to]; ok && !slices.Contains(only, from) {
				t.Errorf("row %s allows %s, which only %v may reach", from, to, only)
			}
		}
	}
	var names []string
	for from, tos := range never {
		names = append(append(names, from), tos...)
	}
	for c, only := range onlyFrom {
		names = append(append(names, c), only...)
	}
	for _, own := range owners {
		names = append(names, own...)
	}
	names = append(names, leaves...)
	for _, c := range names {
		if !known(c) {
			t.Errorf("the package map names %s, which has no row", c)
		}
	}
}

// Ensure that the module's packages follow the package map.
func TestPackageMap(t *testing.T) {
	pkgs := loadModule(t, "")
	if len(pkgs) < 10 {
		t.Fatalf("go list saw only %d packages", len(pkgs))
	}
	for _, v := range check(pkgs) {
		t.Error(v)
	}
}

// Ensure that the checker applies each rule to direct imports and to what
// a package reaches.
func TestCheck(t *testing.T) {
	m := func(rel string) string { return module + "/" + rel }
	tests := []struct {
		name string
		pkgs []pkg
		want []violation // pkg, rule and to; chain when set
	}{{
		name: "allowed imports and leaves",
		pkgs: []pkg{
			{path: gitstore, imports: []string{m(wiki), m(scope), "github.com/go-git/go-git/v5"}, deps: []string{m(wiki), m(scope)}},
			{path: scope, imports: []string{m(wiki)}, deps: []string{m(wiki)}},
			{path: wiki},
			{path: cmd + "/memfs", imports: []string{m(app + "/home")}, deps: []string{m(app + "/home"), m(gitstore)}},
			{path: app + "/home", imports: []string{m(gitstore)}, deps: []string{m(gitstore)}},
		},
	}, {
		name: "a library outside its owner",
		pkgs: []pkg{{path: wiki, imports: []string{"go.etcd.io/bbolt/errors"}}},
		want: []violation{{pkg: wiki, rule: ruleOwner, to: "go.etcd.io/bbolt"}},
	}, {
		name: "a direct import outside the row",
		pkgs: []pkg{
			{path: validate, imports: []string{m(transcript)}, deps: []string{m(transcript)}},
			{path: transcript},
		},
		want: []violation{
			{pkg: validate, rule: ruleImport, to: transcript},
			{pkg: validate, rule: ruleReach, to: transcript, chain: []string{validate, transcript}},
		},
	}, {
		name: "a never reached through a leaf",
		pkgs: []pkg{
			{path: transcript, imports: []string{m(config)}, deps: []string{m(config), m(validate), m(wiki)}},
			{path: config, imports: []string{m(validate)}, deps: []string{m(validate), m(wiki)}},
			{path: validate, imports: []string{m(wiki)}, deps: []string{m(wiki)}},
			{path: wiki},
		},
		want: []violation{{pkg: transcript, rule: ruleNever, to: validate, chain: []string{transcript, config, validate}}},
	}, {
		name: "a leaf reaching above its row through another leaf",
		pkgs: []pkg{
			{path: scope, imports: []string{m(config)}, deps: []string{m(config), m(validate)}},
			{path: config, imports: []string{m(validate)}, deps: []string{m(validate)}},
			{path: validate},
		},
		want: []violation{{pkg: scope, rule: ruleReach, to: validate, chain: []string{scope, config, validate}}},
	}, {
		name: "the composition layer and test helpers reached from below",
		pkgs: []pkg{
			{path: checkout, imports: []string{m(storetest)}, deps: []string{m(storetest)}},
			{path: storetest},
			{path: scripts + "/bench/x", imports: []string{m(app + "/serve")}, deps: []string{m(app + "/serve")}},
			{path: app + "/serve"},
		},
		want: []violation{{pkg: checkout, rule: ruleOnlyFrom, to: storetest}},
	}, {
		name: "a subfolder with a row of its own",
		pkgs: []pkg{
			{path: transcript, imports: []string{m(redact), m(wiki)}, deps: []string{m(redact), m(wiki)}},
			{path: redact, imports: []string{m(wiki)}, deps: []string{m(wiki)}},
			{path: wiki},
		},
		want: []violation{
			{pkg: redact, rule: ruleImport, to: wiki},
			{pkg: redact, rule: ruleReach, to: wiki, chain: []string{redact, wiki}},
		},
	}, {
		name: "a command imported, a package without a row",
		pkgs: []pkg{
			{path: scripts + "/bench/x", imports: []string{m(cmd + "/memfs")}, deps: []string{m(cmd + "/memfs")}},
			{path: cmd + "/memfs"},
			{path: "newpkg"},
		},
		want: []violation{
			{pkg: "newpkg", rule: ruleRow, to: "newpkg"},
			{pkg: scripts + "/bench/x", rule: ruleCmd, to: cmd + "/memfs"},
		},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := check(tt.pkgs)
			if len(got) != len(tt.want) {
				t.Fatalf("check found %d violations, want %d: %v", len(got), len(tt.want), got)
			}
			for i, w := range tt.want {
				g := got[i]
				if g.pkg != w.pkg || g.rule != w.rule || g.to != w.to {
					t.Errorf("violation %d = %v, want %s: %s %s", i, g, w.pkg, w.rule, w.to)
				}
				if w.chain != nil && !slices.Equal(g.chain, w.chain) {
					t.Errorf("violation %d chain = %v, want %v", i, g.chain, w.chain)
				}
			}
		})
	}
}

// Ensure that a file in agent/ importing the composition layer fails the
// package map by name, although agent's own imports do not name dream or
// forget. The file exists only in a go list overlay.
func TestPlantedViolation(t *testing.T) {
	root, err := moduleRoot(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	pkgs := loadModule(t, "")
	i := slices.IndexFunc(pkgs, func(p pkg) bool { return p.path == agent })
	if i < 0 {
		t.Fatalf("go list saw no package %s", agent)
	}
	name := pkgs[i].name
	for _, v := range check(pkgs) {
		if v.pkg == agent {
			t.Fatalf("agent breaks the package map before the plant: %v", v)
		}
	}

	planted := filepath.Join(root, filepath.FromSlash(agent), "zz_planted.go")
	if _, err := os.Lstat(planted); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("%s exists in the tree (%v); the test plants it only in an overlay", planted, err)
	}
	dir := t.TempDir()
	src := filepath.Join(dir, "zz_planted.go")
	body := "package " + name + "\n\nimport _ \"" + module + "/" + app + "/demo\"\n"
	if err := os.WriteFile(src, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	overlay, err := json.Marshal(map[string]map[string]string{"Replace": {planted: src}})
	if err != nil {
		t.Fatal(err)
	}
	overlayFile := filepath.Join(dir, "overlay.json")
	if err := os.WriteFile(overlayFile, overlay, 0o644); err != nil {
		t.Fatal(err)
	}

	after := check(loadModule(t, overlayFile))
	for _, want := range []struct{ rule, to string }{
		{ruleImport, app + "/demo"},
		{ruleOnlyFrom, app},
		{ruleNever, dream},
		{ruleNever, forget},
	} {
		i := slices.IndexFunc(after, func(v violation) bool {
			return v.pkg == agent && v.rule == want.rule && v.to == want.to
		})
		if i < 0 {
			t.Errorf("the planted import breaks no %s rule toward %s; check found %v", want.rule, want.to, after)
			continue
		}
		v := after[i]
		if want.rule != ruleImport && (len(v.chain) < 2 || v.chain[1] != app+"/demo") {
			t.Errorf("%v: chain does not pass through the planted import", v)
		}
		if s := v.String(); !strings.Contains(s, agent) || !strings.Contains(s, want.to) {
			t.Errorf("%q does not name %s and %s", s, agent, want.to)
		}
	}
	if _, err := os.Lstat(planted); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("%s appeared in the tree (%v)", planted, err)
	}
}

func loadModule(t *testing.T, overlay string) []pkg {
	t.Helper()
	root, err := moduleRoot(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	pkgs, err := load(t.Context(), root, overlay)
	if err != nil {
		t.Fatal(err)
	}
	return pkgs
}

package archtest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
)

const module = "github.com/memfs/memfs"

// pkg is one package of the module as go list sees it (test files left
// out).
type pkg struct {
	path    string   // relative to the module
	name    string   // the package clause
	imports []string // full import paths
	deps    []string // full import paths of everything it reaches
}

// The rules a violation breaks.
const (
	ruleRow      = "row"      // a package of no component of the map
	ruleOwner    = "owner"    // a library imported outside its owner
	ruleImport   = "import"   // a direct import its row does not allow
	ruleCmd      = "cmd"      // an import of a package under cmd/
	ruleNever    = "never"    // reaches what the design forbids outright
	ruleOnlyFrom = "onlyFrom" // reaches a component reserved to others
	ruleReach    = "reach"    // reaches what no chain of its rows allows
)

// violation is one broken rule of the package map.
type violation struct {
	pkg   string   // the offending package, relative to the module
	rule  string   // one of the rule constants
	to    string   // the component, package or library it must not use
	chain []string // for reach rules: the import chain from pkg into to
	why   string
}

func (v violation) String() string {
	s := fmt.Sprintf("%s: %s %s: %s", v.pkg, v.rule, v.to, v.why)
	if len(v.chain) > 0 {
		s += " (" + strings.Join(v.chain, " → ") + ")"
	}
	return s
}

// load lists the module's packages with go list, run in the module root
// root. overlay, unless empty, names a go list -overlay file, which lets a
// test add files without touching the tree.
func load(ctx context.Context, root, overlay string) ([]pkg, error) {
	args := []string{"list", "-json=ImportPath,Name,Imports,Deps"}
	if overlay != "" {
		args = append(args, "-overlay", overlay)
	}
	c := exec.CommandContext(ctx, "go", append(args, "./...")...)
	c.Dir = root
	var stderr bytes.Buffer
	c.Stderr = &stderr
	out, err := c.Output()
	if err != nil {
		return nil, fmt.Errorf("go list: %w: %s", err, stderr.Bytes())
	}
	var pkgs []pkg
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p struct {
			ImportPath, Name string
			Imports, Deps    []string
		}
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			return nil, fmt.Errorf("go list output: %w", err)
		}
		rel, ok := relative(p.ImportPath)
		if !ok {
			continue
		}
		pkgs = append(pkgs, pkg{path: rel, name: p.Name, imports: p.Imports, deps: p.Deps})
	}
	sort.Slice(pkgs, func(i, j int) bool { return pkgs[i].path < pkgs[j].path })
	return pkgs, nil
}

// moduleRoot returns the folder of the module's go.mod.
func moduleRoot(ctx context.Context) (string, error) {
	out, err := exec.CommandContext(ctx, "go", "env", "GOMOD").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOMOD: %w", err)
	}
	gomod := strings.TrimSpace(string(out))
	if gomod == "" || gomod == "/dev/null" {
		return "", errors.New("go env GOMOD: not inside a module")
	}
	return filepath.Dir(gomod), nil
}

// relative returns an import path relative to the module, and whether it is
// in the module at all.
func relative(importPath string) (string, bool) {
	if importPath == module {
		return "", true
	}
	return strings.CutPrefix(importPath, module+"/")
}

// component names the row of the package map that governs a package path
// relative to the module: its top-level folder, or for a package under
// internal/ the folder directly under internal/, unless a deeper folder
// holding it has a row of its own.
func component(rel string) string {
	first, rest, _ := strings.Cut(rel, "/")
	c := first
	if first == "internal" {
		second, _, _ := strings.Cut(rest, "/")
		c = first + "/" + second
	}
	for row := range allowed {
		if len(row) > len(c) && (rel == row || strings.HasPrefix(rel, row+"/")) {
			c = row
		}
	}
	return c
}

// closure returns the components c may reach through chains of its rows,
// c included. Leaves are not followed: every row may import them, and what
// a package reaches through one is checked against this closure.
func closure(c string) []string {
	seen := []string{c}
	for i := 0; i < len(seen); i++ {
		for _, to := range allowed[seen[i]] {
			if !slices.Contains(seen, to) {
				seen = append(seen, to)
			}
		}
	}
	return seen
}

// check returns every rule of the package map that pkgs break, sorted.
// Direct imports are checked against owners and allowed; everything a
// package reaches against onlyFrom, never and the closure of its rows.
func check(pkgs []pkg) []violation {
	byPath := make(map[string]pkg, len(pkgs))
	for _, p := range pkgs {
		byPath[p.path] = p
	}
	var vs []violation
	for _, p := range pkgs {
		c := component(p.path)
		if _, ok := allowed[c]; !ok && !slices.Contains(unconstrained, c) {
			vs = append(vs, violation{pkg: p.path, rule: ruleRow, to: c,
				why: "add its row to the package map and to docs/design.md"})
		}
		vs = append(vs, checkImports(p)...)
		vs = append(vs, checkReach(p, byPath)...)
	}
	sort.SliceStable(vs, func(i, j int) bool {
		a, b := vs[i], vs[j]
		if a.pkg != b.pkg {
			return a.pkg < b.pkg
		}
		if a.rule != b.rule {
			return a.rule < b.rule
		}
		return a.to < b.to
	})
	return vs
}

func checkImports(p pkg) []violation {
	from := component(p.path)
	var vs []violation
	for _, imp := range p.imports {
		for lib, own := range owners {
			if (imp == lib || strings.HasPrefix(imp, lib+"/")) && !slices.Contains(own, from) {
				vs = append(vs, violation{pkg: p.path, rule: ruleOwner, to: lib,
					why: fmt.Sprintf("only %v may import it", own)})
			}
		}
		rel, ok := relative(imp)
		if !ok {
			continue
		}
		to := component(rel)
		switch {
		case to == cmd:
			vs = append(vs, violation{pkg: p.path, rule: ruleCmd, to: rel,
				why: "nothing imports a command"})
		case to == from || slices.Contains(unconstrained, from) || slices.Contains(leaves, to):
		case !slices.Contains(allowed[from], to):
			vs = append(vs, violation{pkg: p.path, rule: ruleImport, to: rel,
				why: fmt.Sprintf("%s may import only %v and the internal leaves", from, allowed[from])})
		}
	}
	return vs
}

// checkReach checks, for each component p reaches, the first rule it
// breaks: onlyFrom, then never, then the closure of p's rows.
func checkReach(p pkg, byPath map[string]pkg) []violation {
	from := component(p.path)
	var reached []string
	for _, dep := range p.deps {
		if rel, ok := relative(dep); ok {
			if to := component(rel); to != from && !slices.Contains(reached, to) {
				reached = append(reached, to)
			}
		}
	}
	var vs []violation
	for _, to := range reached {
		v := violation{pkg: p.path, to: to}
		if only, ok := onlyFrom[to]; ok && !slices.Contains(only, from) {
			v.rule, v.why = ruleOnlyFrom, fmt.Sprintf("only %v may reach it", only)
		} else if slices.Contains(never[from], to) {
			v.rule, v.why = ruleNever, fmt.Sprintf("the design forbids %s → %s", from, to)
		} else if _, ok := allowed[from]; ok && !slices.Contains(leaves, to) && !slices.Contains(closure(from), to) {
			v.rule, v.why = ruleReach, fmt.Sprintf("no chain of rows from %s allows it", from)
		} else {
			continue
		}
		v.chain = chain(p.path, to, byPath)
		vs = append(vs, v)
	}
	return vs
}

// chain returns the shortest import chain from the package at path to a
// package of component to.
func chain(path, to string, byPath map[string]pkg) []string {
	prev := map[string]string{path: ""}
	queue := []string{path}
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		if cur != path && component(cur) == to {
			c := []string{cur}
			for at := cur; at != path; {
				at = prev[at]
				c = append(c, at)
			}
			slices.Reverse(c)
			return c
		}
		for _, imp := range byPath[cur].imports {
			rel, ok := relative(imp)
			if _, seen := prev[rel]; ok && !seen {
				prev[rel] = cur
				queue = append(queue, rel)
			}
		}
	}
	return nil
}

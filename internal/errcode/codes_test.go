package errcode

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// Ensure that docs/design.md's table of codes (§4) names exactly the codes
// memfs's packages can produce: every coded sentinel (errcode.New), every
// Code or Reason constant, and every Code method that returns a literal.
func TestDesignCodeTable(t *testing.T) {
	root := filepath.Join("..", "..")
	produced := producedCodes(t, root)
	documented := documentedCodes(t, filepath.Join(root, "docs", "design.md"))
	for _, c := range produced {
		if !slices.Contains(documented, c) {
			t.Errorf("code %q is produced but not in docs/design.md §4", c)
		}
	}
	for _, c := range documented {
		if !slices.Contains(produced, c) {
			t.Errorf("docs/design.md §4 names code %q, which no package produces", c)
		}
	}
	if len(produced) < 40 {
		t.Fatalf("found only %d codes: the source walk is broken", len(produced))
	}
}

var reCode = regexp.MustCompile(`^[a-z][a-z0-9_]*(:[a-z][a-z0-9_]*)?$`)

// producedCodes walks the module's non-test Go files (scripts and
// testdata aside) for the codes they define.
func producedCodes(t *testing.T, root string) []string {
	t.Helper()
	var out []string
	add := func(lit *ast.BasicLit) {
		if lit == nil || lit.Kind != token.STRING {
			return
		}
		s, err := strconv.Unquote(lit.Value)
		if err == nil && reCode.MatchString(s) && !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch d.Name() {
			case "testdata", "scripts", ".git":
				return fs.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, 0)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.ValueSpec:
				for i, name := range n.Names {
					if (strings.HasPrefix(name.Name, "Code") || strings.HasPrefix(name.Name, "Reason")) && i < len(n.Values) {
						lit, _ := n.Values[i].(*ast.BasicLit)
						add(lit)
					}
				}
			case *ast.CallExpr:
				if sel, ok := n.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "New" && len(n.Args) == 2 {
					if x, ok := sel.X.(*ast.Ident); ok && x.Name == "errcode" {
						lit, _ := n.Args[0].(*ast.BasicLit)
						add(lit)
					}
				}
			case *ast.FuncDecl:
				if n.Name.Name == "Code" && n.Recv != nil && n.Body != nil && len(n.Body.List) == 1 {
					if r, ok := n.Body.List[0].(*ast.ReturnStmt); ok && len(r.Results) == 1 {
						lit, _ := r.Results[0].(*ast.BasicLit)
						add(lit)
					}
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// This package's own codes are constants too.
	for _, c := range []string{Usage, Cancelled, Failure} {
		if !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	slices.Sort(out)
	return out
}

var reTick = regexp.MustCompile("`([^`]+)`")

// documentedCodes reads the backquoted codes of the table rows in §4 of
// design.md.
func documentedCodes(t *testing.T, name string) []string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	start := strings.Index(doc, "\n## 4.")
	if start < 0 {
		t.Fatal("design.md has no §4")
	}
	sec := doc[start+1:]
	if end := strings.Index(sec, "\n## "); end >= 0 {
		sec = sec[:end]
	}
	var out []string
	for _, line := range strings.Split(sec, "\n") {
		if !strings.HasPrefix(line, "|") {
			continue
		}
		for _, m := range reTick.FindAllStringSubmatch(line, -1) {
			if reCode.MatchString(m[1]) && !slices.Contains(out, m[1]) {
				out = append(out, m[1])
			}
		}
	}
	slices.Sort(out)
	return out
}

package builtin

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"regexp/syntax"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// TestNoASCIIBoundaryBesideOtherLetters reads the rules' own source and
// fails on a \b written next to a letter outside ASCII. RE2's \b sees
// ASCII word characters only, so "dejó\b" or "\bél" can never match: such
// a pattern is dead without any test noticing. hear.OpensWord and
// hear.EndsWord are the boundaries to use there.
func TestNoASCIIBoundaryBesideOtherLetters(t *testing.T) {
	for _, dir := range []string{".", "hear"} {
		for _, bad := range deadBoundaries(t, dir) {
			t.Errorf("%s", bad)
		}
	}
}

// TestBuiltinBoundariesBesideOtherLetters: the dreamer's own patterns
// read words ending or starting with a letter outside ASCII. Each row
// fails with the \b the pattern had.
func TestBuiltinBoundariesBesideOtherLetters(t *testing.T) {
	tests := []struct {
		name string
		re   *regexp.Regexp
		text string
	}{
		{"move cue fr", reMoveCue, "on a migré vers Grafana"},
		{"adds fr", reAdds, "on garde également Sentry"},
		{"change cue fr", changeCue, "le build est passé sur Go 1.23"},
		{"points back fr", rePointsBack, "ça reste comme avant"},
		{"points back es", rePointsBack, "él lo decide"},
		{"person pronoun es", rePersonPronoun, "él se encarga"},
		{"condition fr", reCondition, "gel des déploiements jusqu'à la migration"},
		{"asked again de", reAskedAgain, "sollen wir das ändern?"},
		{"from now fr", reFromNow, "à partir de maintenant tout passe par Jenkins"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if !tt.re.MatchString(tt.text) {
				t.Errorf("%s: no match", tt.name)
			}
		})
	}
}

// deadBoundaries lists, for the regular expressions compiled from
// constant strings in dir's non-test files, each \b beside a literal
// letter outside ASCII.
func deadBoundaries(t *testing.T, dir string) []string {
	t.Helper()
	fset := token.NewFileSet()
	pkgs, err := parser.ParseDir(fset, dir, func(fi os.FileInfo) bool { return !strings.HasSuffix(fi.Name(), "_test.go") }, 0)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, p := range pkgs {
		consts := map[string]ast.Expr{}
		for _, f := range p.Files {
			for _, d := range f.Decls {
				g, ok := d.(*ast.GenDecl)
				if !ok || g.Tok != token.CONST {
					continue
				}
				for _, s := range g.Specs {
					vs := s.(*ast.ValueSpec)
					for i, n := range vs.Names {
						if i < len(vs.Values) {
							consts[n.Name] = vs.Values[i]
						}
					}
				}
			}
		}
		var eval func(e ast.Expr) (string, bool)
		eval = func(e ast.Expr) (string, bool) {
			switch x := e.(type) {
			case *ast.BasicLit:
				if x.Kind != token.STRING {
					return "", false
				}
				s, err := strconv.Unquote(x.Value)
				return s, err == nil
			case *ast.BinaryExpr:
				a, ok1 := eval(x.X)
				b, ok2 := eval(x.Y)
				return a + b, ok1 && ok2
			case *ast.ParenExpr:
				return eval(x.X)
			case *ast.Ident:
				if v, ok := consts[x.Name]; ok {
					return eval(v)
				}
			case *ast.SelectorExpr:
				// hear.EndsWord and hear.OpensWord hold no \b.
				return "", x.Sel.Name == "EndsWord" || x.Sel.Name == "OpensWord"
			}
			return "", false
		}
		for name, f := range p.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				c, ok := n.(*ast.CallExpr)
				if !ok || len(c.Args) != 1 {
					return true
				}
				if sel, ok := c.Fun.(*ast.SelectorExpr); !ok || sel.Sel.Name != "MustCompile" {
					return true
				}
				src, ok := eval(c.Args[0])
				if !ok {
					return true
				}
				re, err := syntax.Parse(src, syntax.Perl)
				if err != nil {
					t.Errorf("%s: %v", fset.Position(c.Pos()), err)
					return true
				}
				pos := filepath.Join(dir, filepath.Base(name)) + ":" + strconv.Itoa(fset.Position(c.Pos()).Line)
				walkBoundaries(re, func(side string, r rune) {
					out = append(out, pos+": \\b "+side+" "+strconv.QuoteRune(r))
				})
				return true
			})
		}
	}
	return out
}

// walkBoundaries calls bad for each \b in re beside a literal letter
// outside ASCII.
func walkBoundaries(re *syntax.Regexp, bad func(side string, r rune)) {
	if re.Op == syntax.OpConcat {
		for i, s := range re.Sub {
			if s.Op != syntax.OpWordBoundary {
				continue
			}
			if i > 0 {
				for _, r := range edgeRunes(re.Sub[i-1], true) {
					bad("after", r)
				}
			}
			if i+1 < len(re.Sub) {
				for _, r := range edgeRunes(re.Sub[i+1], false) {
					bad("before", r)
				}
			}
		}
	}
	for _, s := range re.Sub {
		walkBoundaries(s, bad)
	}
}

// edgeRunes returns the literal letters outside ASCII re may end with
// (last) or start with. Character classes are left out: "[\pL]+\b" can
// still end on an ASCII letter.
func edgeRunes(re *syntax.Regexp, last bool) []rune {
	switch re.Op {
	case syntax.OpLiteral:
		if len(re.Rune) == 0 {
			return nil
		}
		r := re.Rune[0]
		if last {
			r = re.Rune[len(re.Rune)-1]
		}
		// ſ and K are how (?i) folds s and k.
		if r > unicode.MaxASCII && unicode.IsLetter(r) && r != 'ſ' && r != 'K' {
			return []rune{r}
		}
	case syntax.OpCapture, syntax.OpPlus, syntax.OpStar, syntax.OpQuest, syntax.OpRepeat:
		return edgeRunes(re.Sub[0], last)
	case syntax.OpAlternate:
		var out []rune
		for _, s := range re.Sub {
			out = append(out, edgeRunes(s, last)...)
		}
		return out
	case syntax.OpConcat:
		if len(re.Sub) == 0 {
			return nil
		}
		if last {
			return edgeRunes(re.Sub[len(re.Sub)-1], last)
		}
		return edgeRunes(re.Sub[0], last)
	}
	return nil
}

package validate_test

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"maps"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/memfs/memfs/validate"
	"github.com/memfs/memfs/wiki"
)

var knownCodes = map[string]bool{
	validate.CodeUnsupportedVersion: true, validate.CodeInvalidFileType: true, validate.CodeInvalidPath: true,
	validate.CodeDuplicatePath: true, validate.CodeInvalidEncoding: true, validate.CodeFileTooLarge: true,
	validate.CodeTooManyFiles: true, validate.CodeTotalTooLarge: true, validate.CodeMissingRequiredFile: true,
	validate.CodeMissingSources: true, validate.CodeUnknownSource: true, validate.CodeErasedSource: true,
	validate.CodeErasedContent: true, validate.CodeBrokenLink: true, validate.CodeExternalLink: true,
	validate.CodeMalformedSource: true, validate.CodeUnreadable: true,
}

var (
	digitRun = regexp.MustCompile(`[0-9]+`)
	intVerb  = regexp.MustCompile(`%[-+# 0-9]*d`)
	strVerb  = regexp.MustCompile(`%[-+# 0-9.]*[a-zA-Z]`)
)

func normDigits(s string) string { return digitRun.ReplaceAllString(s, "0") }

// messageTemplates returns every text a problem message can be made of, with
// numbers normalized: the string literals of the code that writes messages
// (validate.go, and wiki/path.go for path reasons), each with %d turned into
// a number and each string verb filled in with every literal in turn (type
// names and path reasons are such literals).
func messageTemplates(tb testing.TB) []string {
	tb.Helper()
	var lits []string
	fset := token.NewFileSet()
	for _, file := range []string{"validate.go", "../wiki/path.go"} {
		f, err := parser.ParseFile(fset, file, nil, 0)
		if err != nil {
			tb.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				if s, err := strconv.Unquote(lit.Value); err == nil {
					lits = append(lits, intVerb.ReplaceAllString(s, "0"))
				}
			}
			return true
		})
	}
	if len(lits) < 20 {
		tb.Fatalf("found only %d string literals in the message sources", len(lits))
	}
	var out []string
	for _, l := range lits {
		if !strVerb.MatchString(l) {
			out = append(out, normDigits(l))
			continue
		}
		for _, arg := range lits {
			out = append(out, normDigits(strVerb.ReplaceAllLiteralString(l, arg)))
		}
	}
	return out
}

// underPath reports whether a problem at problemPath may speak of the file
// at p: a problem on the file itself, on a folder holding it, or on the
// whole tree.
func underPath(problemPath, p string) bool {
	return problemPath == "." || problemPath == p || strings.HasPrefix(p, problemPath+"/")
}

// openRecorder wraps a MapFS and records the names opened.
type openRecorder struct {
	fstest.MapFS
	opened map[string]bool
}

func (o *openRecorder) Open(name string) (fs.File, error) {
	o.opened[name] = true
	return o.MapFS.Open(name)
}

func FuzzValidate(f *testing.F) {
	f.Add("pages/a/x.md", []byte(page("s1")), uint8(0), "pages/a/index.md", []byte("# A\n\n- [x](x.md)\n"), false)
	f.Add("pages/a/x.md", []byte("# X\n\n## Sources\n- session:gone\n- session:s2\n- session:\n"), uint8(0), "notes.md", []byte("stray"), true)
	f.Add("pages/A/x.md", []byte("\xff\x00 the forgotten phrase"), uint8(1), "summary.md", []byte{}, false)
	f.Add("pages/a/pipe.md", []byte("never read"), uint8(2), "index.md", []byte("[broken](nowhere.md) <https://x.y>"), true)
	f.Add("summary.md", bytes.Repeat([]byte("a"), 513), uint8(0), "pages/a/b/c.md", []byte("x"), false)

	templates := messageTemplates(f)
	guard := &fakeGuard{epoch: "e1", sessions: map[string]bool{"gone": true}, phrases: []string{"forgotten phrase"}}
	limits := validate.Limits{MaxFiles: 6, MaxFileBytes: 512, MaxTotalBytes: 1200}

	f.Fuzz(func(t *testing.T, p1 string, c1 []byte, k1 uint8, p2 string, c2 []byte, read bool) {
		m := fstest.MapFS{
			"summary.md": {Data: []byte("Summary.\n")},
			"index.md":   {Data: []byte("# Index\n\n- [A](pages/a/index.md)\n")},
		}
		modes := []fs.FileMode{0, fs.ModeSymlink, fs.ModeNamedPipe, fs.ModeSocket, fs.ModeDevice | fs.ModeCharDevice}
		m[p2] = &fstest.MapFile{Data: c2}
		m[p1] = &fstest.MapFile{Data: c1, Mode: modes[int(k1)%len(modes)]}
		// A MapFS file keyed "." replaces the root folder itself, which no
		// tree can do; Validate rightly fails to list such a root.
		delete(m, ".")
		if m[p1] == nil {
			return
		}
		special := m[p1].Mode != 0

		mode := validate.ModePublish
		if read {
			mode = validate.ModeRead
		}
		opts := validate.Options{
			Mode:            mode,
			Limits:          limits,
			AllowedSessions: map[string]bool{"s1": true},
			Guard:           guard,
		}
		fsys := &openRecorder{MapFS: m, opened: map[string]bool{}}
		r, err := validate.Validate(t.Context(), fsys, opts)
		if err != nil {
			t.Fatalf("Validate: %v", err)
		}
		again, err := validate.Validate(t.Context(), m, opts)
		if err != nil {
			t.Fatalf("Validate again: %v", err)
		}
		if !reflect.DeepEqual(r.Problems, again.Problems) || !slices.Equal(filePaths(r), filePaths(again)) {
			t.Fatalf("Validate is not deterministic:\n%v\n%v", r.Problems, again.Problems)
		}
		if special && fsys.opened[p1] {
			t.Fatalf("special entry %q (mode %v) was opened", p1, m[p1].Mode)
		}

		for _, p := range r.Problems {
			if !knownCodes[p.Code] {
				t.Fatalf("unknown code in %v", p)
			}
			if p.Path == "" || p.Message == "" {
				t.Fatalf("problem without path or message: %#v", p)
			}
			if p.Severity != validate.SevError && p.Severity != validate.SevWarning {
				t.Fatalf("problem with severity %q", p.Severity)
			}
			if mode == validate.ModeRead && p.Severity == validate.SevError {
				switch p.Code {
				case validate.CodeMissingRequiredFile, validate.CodeMissingSources,
					validate.CodeUnknownSource, validate.CodeErasedSource:
					t.Fatalf("read mode refuses for provenance: %v", p)
				}
			}
		}
		have := map[string]bool{}
		for _, file := range r.Files {
			have[file.Path] = true
			kind, err := wiki.ClassifyPath(file.Path, false)
			if err != nil || kind != file.Kind {
				t.Fatalf("accepted file %q classifies as %v, %v; report says %v", file.Path, kind, err, file.Kind)
			}
			mf := m[file.Path]
			if mf == nil || mf.Mode != 0 {
				t.Fatalf("accepted file %q is not a regular file of the tree", file.Path)
			}
			if !bytes.Equal(file.Content, mf.Data) {
				t.Fatalf("content of %q differs from the tree", file.Path)
			}
		}
		for _, req := range []string{"summary.md", "index.md"} {
			_, supplied := r.Supplied[req]
			switch {
			case mode == validate.ModeRead && supplied == have[req]:
				t.Fatalf("read mode: %s present=%v supplied=%v", req, have[req], supplied)
			case mode == validate.ModePublish && (supplied || (r.OK() && !have[req])):
				t.Fatalf("publish mode: %s present=%v supplied=%v ok=%v", req, have[req], supplied, r.OK())
			}
		}

		// Messages never quote content. A problem about a file may name
		// session ids cited in it, but citing needs a line break, which no
		// message holds; so content found in a message about its own file
		// (or a folder above it, or the tree) is a leak, unless it is a path
		// or could be part of a message template.
		for p, mf := range m {
			if len(mf.Data) < 12 {
				continue
			}
			content := string(mf.Data)
			for _, prob := range r.Problems {
				if !underPath(prob.Path, p) || !strings.Contains(prob.Message, content) {
					continue
				}
				if slices.ContainsFunc(slices.Collect(maps.Keys(m)), func(key string) bool { return strings.Contains(key, content) }) {
					continue
				}
				norm := normDigits(content)
				if slices.ContainsFunc(templates, func(tmpl string) bool { return strings.Contains(tmpl, norm) }) {
					continue
				}
				t.Fatalf("message quotes the content of %q: %v", p, prob)
			}
		}
	})
}

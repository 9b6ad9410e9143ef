package validate_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/memfs/memfs/validate"
)

func TestParseMode(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   string
		want validate.Mode
		ok   bool
	}{
		{"publish", validate.ModePublish, true},
		{"", validate.ModePublish, true},
		{"read", validate.ModeRead, true},
		{"Read", validate.ModePublish, false},
		{"write", validate.ModePublish, false},
	}
	for _, tc := range tests {
		got, err := validate.ParseMode(tc.in)
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("ParseMode(%q) = %v, %v; want %v, ok=%v", tc.in, got, err, tc.want, tc.ok)
		}
		if err == nil && got.String() != strings.ToLower(tc.in) && tc.in != "" {
			t.Errorf("Mode(%q).String() = %q", tc.in, got.String())
		}
	}
	if validate.ModePublish.String() != "publish" || validate.ModeRead.String() != "read" {
		t.Errorf("Mode strings = %q, %q", validate.ModePublish, validate.ModeRead)
	}
}

func TestReportErrors(t *testing.T) {
	t.Parallel()
	warn := validate.Problem{Path: "pages/a/x.md", Code: validate.CodeBrokenLink, Severity: validate.SevWarning, Message: "1 link(s) point to no file of the artifact"}
	e1 := validate.Problem{Path: ".", Code: validate.CodeTooManyFiles, Severity: validate.SevError, Message: "300 files, limit 256"}
	e2 := validate.Problem{Path: "notes.md", Code: validate.CodeInvalidPath, Severity: validate.SevError, Message: "stray"}

	if got := warn.String(); got != "pages/a/x.md: broken_link: 1 link(s) point to no file of the artifact" {
		t.Errorf("Problem.String() = %q", got)
	}

	ok := &validate.Report{Problems: []validate.Problem{warn}}
	if !ok.OK() || ok.AsError() != nil || len(ok.Errors()) != 0 || len(ok.Warnings()) != 1 {
		t.Errorf("report with only a warning: OK=%v AsError=%v", ok.OK(), ok.AsError())
	}

	one := &validate.Report{Problems: []validate.Problem{warn, e1}}
	err := one.AsError()
	if one.OK() || err == nil {
		t.Fatalf("report with an error: OK=%v AsError=%v", one.OK(), err)
	}
	if !errors.Is(err, validate.ErrRejected) {
		t.Errorf("AsError() = %v, does not match ErrRejected", err)
	}
	var verr *validate.Error
	if !errors.As(err, &verr) || len(verr.Problems) != 1 || verr.Problems[0] != e1 {
		t.Errorf("AsError() problems = %+v, want only the error", verr)
	}
	if want := "artifact rejected: " + e1.String(); err.Error() != want {
		t.Errorf("Error() = %q, want %q", err.Error(), want)
	}

	two := &validate.Report{Problems: []validate.Problem{e1, warn, e2}}
	if msg := two.AsError().Error(); !strings.Contains(msg, "2 problems") || !strings.Contains(msg, e1.String()) {
		t.Errorf("Error() with two problems = %q", msg)
	}
	if errors.Is(errors.New("other"), validate.ErrRejected) {
		t.Error("an unrelated error matches ErrRejected")
	}
}

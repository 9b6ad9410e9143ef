package forget

import (
	"fmt"
	"strings"

	"github.com/memfs/memfs/gitstore/erasure"
	"github.com/memfs/memfs/wiki"
)

// Target kinds.
const (
	KindSession = "session"
	KindPage    = "page"
	KindText    = "text"
)

// MaxTargets bounds the targets of one command.
const MaxTargets = 32

// Target is one thing to forget.
type Target struct {
	Kind  string `json:"kind"`
	Value string `json:"value"`
}

func (t Target) String() string { return t.Kind + ":" + t.Value }

// ParseTarget reads "session:<id>", "page:<path>" or "text:<literal>".
func ParseTarget(s string) (Target, error) {
	kind, value, ok := strings.Cut(s, ":")
	if !ok {
		return Target{}, &Error{code: CodeInvalidTarget, Msg: "a target is KIND:VALUE with KIND session, page or text"}
	}
	t := Target{Kind: kind, Value: value}
	switch kind {
	case KindSession:
		if !wiki.ValidSessionID(value) {
			return Target{}, &Error{code: CodeInvalidTarget, Msg: "session target is not a valid session id"}
		}
	case KindPage:
		value = strings.TrimPrefix(strings.TrimPrefix(value, "/"), "./")
		if k, err := wiki.ClassifyPath(value, false); err != nil || k != wiki.KindPage {
			return Target{}, &Error{code: CodeInvalidTarget, Msg: fmt.Sprintf("page target %q is not a page path (pages/<area>/<slug>.md)", value)}
		}
		t.Value = value
	case KindText:
		if len(wiki.ReaderTokens(value)) == 0 {
			return Target{}, &Error{code: CodeInvalidTarget, Msg: "text target has no letters or digits to match"}
		}
	default:
		return Target{}, &Error{code: CodeInvalidTarget, Msg: fmt.Sprintf("unknown target kind %q (session, page or text)", kind)}
	}
	return t, nil
}

// ParseTargets parses and checks a command's targets.
func ParseTargets(ss []string) ([]Target, error) {
	if len(ss) == 0 {
		return nil, &Error{code: CodeInvalidTarget, Msg: "no target given"}
	}
	if len(ss) > MaxTargets {
		return nil, &Error{code: CodeInvalidTarget, Msg: fmt.Sprintf("%d targets given, at most %d per command", len(ss), MaxTargets)}
	}
	out := make([]Target, 0, len(ss))
	for _, s := range ss {
		t, err := ParseTarget(s)
		if err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, nil
}

// checkSchemaWords refuses a text target made only of memfs's own
// vocabulary (erasure.SchemaLiteral): trailer keys, the Sources heading,
// session items, the neutral author and subject are in every revision and
// every publication, so its marker would refuse every later publication
// and dream. Like any target whose removal breaks the artifact, it is
// forget_breaks_schema.
func checkSchemaWords(targets []Target) error {
	for _, t := range targets {
		if t.Kind == KindText && erasure.SchemaLiteral(t.Value) {
			return &Error{code: CodeBreaksSchema, Msg: "a text target is made only of memfs's own vocabulary (trailer keys, Sources, session, the neutral author and subject), which every revision needs; nothing changed"}
		}
	}
	return nil
}

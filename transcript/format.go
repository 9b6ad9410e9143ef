package transcript

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"

	"github.com/memfs/memfs/internal/jsonscan"
)

// Format names a transcript format.
type Format string

// The transcript formats read by this package.
const (
	FormatPi     Format = "pi"
	FormatClaude Format = "claude"
	FormatCodex  Format = "codex"
)

// newIndexer returns the indexing side of format f for one pass, and
// false for an unknown format. It is the one place that maps a format to
// its implementation (claude.go, codex.go, pi.go); detectLine is the one
// that tells formats apart.
func newIndexer(f Format) (indexer, bool) {
	switch f {
	case FormatPi:
		return &piIndex{}, true
	case FormatClaude:
		return &claudeIndex{}, true
	case FormatCodex:
		return &codexIndex{}, true
	}
	return nil, false
}

// ParseFormat accepts a format name as the CLI spells it ("auto" and ""
// mean auto-detection and return ""; "claude-code" is "claude").
func ParseFormat(s string) (Format, bool) {
	switch s {
	case "", "auto":
		return "", true
	case "claude-code":
		return FormatClaude, true
	}
	if _, ok := newIndexer(Format(s)); ok {
		return Format(s), true
	}
	return "", false
}

// detectLines and detectBytes bound how much of a file detection reads.
const (
	detectLines = 64
	detectBytes = 4 << 20
)

var (
	claudeTypes = map[string]bool{
		"user": true, "assistant": true, "system": true, "summary": true, "file-history-snapshot": true,
		"queue-operation": true, "progress": true, "attachment": true, "last-prompt": true,
		"custom-title": true, "ai-title": true, "permission-mode": true, "agent-name": true, "pr-link": true,
	}
	codexTypes = map[string]bool{
		"session_meta": true, "response_item": true, "event_msg": true, "turn_context": true, "compacted": true,
		"world_state": true, "token_usage_record": true,
	}
)

// DetectFormat reads the start of a transcript and says which format it is.
// It reads at most a few MiB. An unknown format is an *Error with
// CodeInvalidSource.
func DetectFormat(r io.Reader) (Format, error) {
	br := bufio.NewReaderSize(io.LimitReader(r, detectBytes), 64<<10)
	seen := 0
	var head []byte
	firstCut := false // the first line did not end within detectBytes
	for seen < detectLines {
		line, err := br.ReadBytes('\n')
		if head == nil {
			head = line[:min(len(line), 64<<10)]
			firstCut = len(line) == detectBytes && line[len(line)-1] != '\n'
		}
		if len(line) > 0 && (err == nil || errors.Is(err, io.EOF)) {
			if f, ok := detectLine(bytes.TrimSpace(line), seen == 0); ok {
				return f, nil
			}
			if len(bytes.TrimSpace(line)) > 0 {
				seen++
			}
		}
		if err != nil {
			if !errors.Is(err, io.EOF) {
				return "", newErr(CodeSourceUnavailable, "", "read failed", err)
			}
			break
		}
	}
	// A first line too long to read whole: Claude Code opens chain lines
	// with these members.
	if bytes.HasPrefix(head, []byte(`{"parentUuid":`)) || bytes.Contains(head, []byte(`"isSidechain":`)) {
		return FormatClaude, nil
	}
	if firstCut {
		return "", newErr(CodeInvalidSource, "", fmt.Sprintf("line 1 is longer than the %d bytes read to tell the format, and does not open as a Claude Code line", detectBytes), nil)
	}
	return "", newErr(CodeInvalidSource, "", "not a Pi, Claude Code or Codex transcript", nil)
}

// DetectFile detects the format of the transcript at path.
func DetectFile(path string) (Format, error) {
	f, _, err := openSource(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	ft, err := DetectFormat(f)
	var e *Error
	if errors.As(err, &e) {
		e.Path = path
	}
	return ft, err
}

func detectLine(line []byte, first bool) (Format, bool) {
	var typ, id, uuid, session, payload, ts, leaf, rec, parent []byte
	o := jsonscan.NewObject(line)
	for o.Next() {
		switch string(o.Key()) {
		case "type":
			typ = o.Value()
		case "id":
			id = o.Value()
		case "uuid":
			uuid = o.Value()
		case "sessionId":
			session = o.Value()
		case "payload":
			payload = o.Value()
		case "timestamp":
			ts = o.Value()
		case "leafUuid":
			leaf = o.Value()
		case "record_type":
			rec = o.Value()
		case "parentUuid":
			parent = o.Value()
		}
	}
	if o.Bad() {
		return "", false
	}
	t, _ := jsonscan.RawString(typ)
	switch {
	case first && string(t) == "session" && jsonscan.IsString(id):
		return FormatPi, true
	case codexTypes[string(t)] && payload != nil:
		return FormatCodex, true
	case first && len(t) == 0 && jsonscan.IsString(id) && jsonscan.IsString(ts) && rec == nil:
		return FormatCodex, true // the bare 2025 rollout header
	case claudeTypes[string(t)] && (jsonscan.IsString(uuid) || jsonscan.IsString(session) || jsonscan.IsString(leaf) || parent != nil):
		return FormatClaude, true
	case string(t) == "file-history-snapshot" || string(t) == "queue-operation":
		return FormatClaude, true
	}
	return "", false
}

package dream

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"time"

	"github.com/memfs/memfs/validate"
)

// Paths inside a run directory.
const (
	// DreamingDir holds what the dreamer reads; MemoryDir what it edits.
	DreamingDir = ".dreaming"
	MemoryDir   = ".memory"
	// ManifestPath, InstructionsPath and SessionsDir are relative to the
	// run directory.
	ManifestPath     = ".dreaming/input/manifest.json"
	InstructionsPath = ".dreaming/instructions.md"
	SessionsDir      = ".dreaming/input/sessions"
	// TranscriptName is the evidence file inside a session directory.
	TranscriptName = "transcript.jsonl"
)

// ManifestVersion is the layout of manifest.json this package writes.
const ManifestVersion = 1

// Manifest describes a staged run. It holds ids, cursors, digests and
// counts, never evidence or memory content.
type Manifest struct {
	Version int    `json:"version"`
	RunID   string `json:"run_id"`
	Scope   string `json:"scope"`
	// Base is the scope head the run started from; empty for a scope's
	// first publication.
	Base     string            `json:"base,omitempty"`
	Created  time.Time         `json:"created"`
	Sessions []ManifestSession `json:"sessions"`
	// Limits are the artifact limits the published memory must keep
	// (number of files, bytes per file, bytes in all).
	Limits validate.Limits `json:"limits"`
}

// ManifestSession is one session of the batch.
type ManifestSession struct {
	// Dir is the session's directory relative to the run directory; its
	// evidence is Dir/transcript.jsonl.
	Dir       string `json:"dir"`
	SessionID string `json:"session_id"`
	// Relation is how the evidence relates to what was processed before
	// ("initial", "unchanged", "appended", "diverged").
	Relation string `json:"relation"`
	Cursor   string `json:"cursor"`
	Digest   string `json:"digest"`
	Records  int    `json:"records"`
	Bytes    int    `json:"bytes"`
	// Redactions counts replaced secrets per rule; Truncations counts cuts.
	Redactions  map[string]int `json:"redactions"`
	Truncations int            `json:"truncations"`
	Notes       []string       `json:"notes,omitempty"`
}

// ReadManifest reads the manifest of a staged run directory.
func ReadManifest(runDir string) (*Manifest, error) {
	b, err := os.ReadFile(filepath.Join(runDir, filepath.FromSlash(ManifestPath)))
	if err != nil {
		return nil, err
	}
	var m Manifest
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("%s: %w", ManifestPath, err)
	}
	if m.Version != ManifestVersion {
		return nil, fmt.Errorf("%s: unsupported version %d", ManifestPath, m.Version)
	}
	return &m, nil
}

// stagedSession is one materialized session waiting to be staged.
type stagedSession struct {
	entry      ManifestSession
	transcript []byte
}

// sessionDirName names a session's directory: its position in the batch and
// a hash of its id, so that no id (whatever its characters) becomes a path.
func sessionDirName(n int, sessionID string) string {
	h := sha256.Sum256([]byte(sessionID))
	return fmt.Sprintf("%d-%s", n, hex.EncodeToString(h[:6]))
}

// stageInput writes the manifest, the evidence and the instructions.
func stageInput(runDir string, m *Manifest, sessions []stagedSession) error {
	if err := os.MkdirAll(filepath.Join(runDir, filepath.FromSlash(SessionsDir)), 0o700); err != nil {
		return err
	}
	m.Sessions = m.Sessions[:0]
	for i, s := range sessions {
		s.entry.Dir = path.Join(SessionsDir, sessionDirName(i+1, s.entry.SessionID))
		dir := filepath.Join(runDir, filepath.FromSlash(s.entry.Dir))
		if err := os.Mkdir(dir, 0o700); err != nil {
			return err
		}
		if err := writeFile(filepath.Join(dir, TranscriptName), s.transcript, 0o400); err != nil {
			return err
		}
		m.Sessions = append(m.Sessions, s.entry)
	}
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	if err := writeFile(filepath.Join(runDir, filepath.FromSlash(ManifestPath)), append(b, '\n'), 0o400); err != nil {
		return err
	}
	return writeFile(filepath.Join(runDir, filepath.FromSlash(InstructionsPath)), []byte(Instructions), 0o400)
}

// writeFile creates a new file with perm and writes b to it.
func writeFile(name string, b []byte, perm os.FileMode) error {
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return err
	}
	_, err = f.Write(b)
	return errors.Join(err, f.Close())
}

package main

import (
	"encoding/json"

	"github.com/memfs/memfs/dream"
	"github.com/memfs/memfs/forget"
	"github.com/memfs/memfs/gitstore/replica"
	"github.com/memfs/memfs/internal/app/home"
	"github.com/memfs/memfs/internal/version"
	"github.com/memfs/memfs/memfuse"
	"github.com/memfs/memfs/transcript"
	"github.com/memfs/memfs/validate"
)

// The documents --json prints, one type per document. They are the
// contract scripts read: output only ever gains fields (docs/reference.md), so a key
// is never renamed, dropped or retyped, and one that is always printed
// never becomes omitempty. Fields are declared in key order, as
// encoding/json printed the maps these documents were once built from;
// the documents that embed commitOut print its keys first.

// errorOut is the "error" object of every failure document.
type errorOut struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// errJSON is the "error" object of a JSON failure.
func errJSON(err error) errorOut { return errorOut{Code: errorCode(err), Message: err.Error()} }

// failureOut is printed by any command that fails with an error it did not
// report itself.
type failureOut struct {
	Error errorOut `json:"error"`
	OK    bool     `json:"ok"`
}

// versionOut is printed by memfs --version.
type versionOut struct {
	OK bool `json:"ok"`
	version.Info
}

// initOut is printed by memfs init.
type initOut struct {
	Created bool   `json:"created"`
	Home    string `json:"home"`
	OK      bool   `json:"ok"`
	Store   string `json:"store"`
	StoreID string `json:"store_id"`
}

// serveOut is the "serve" object of memfs status: pid only while serve
// runs.
type serveOut struct {
	PID     *int `json:"pid,omitempty"`
	Running bool `json:"running"`
}

// statusOut is printed by memfs status.
type statusOut struct {
	Diverged    int                     `json:"diverged"`
	Failed      []home.FailedCheckpoint `json:"failed"`
	Here        home.Here               `json:"here"`
	Initialized bool                    `json:"initialized"`
	Limits      validate.Limits         `json:"limits"`
	OK          bool                    `json:"ok"`
	Pending     int                     `json:"pending"`
	Scopes      []home.ScopeStatus      `json:"scopes"`
	Serve       serveOut                `json:"serve"`
	Settling    []home.SettlingSession  `json:"settling"`
	Store       string                  `json:"store"`
	StoreID     string                  `json:"store_id"`
	Waiting     []home.WaitingScope     `json:"waiting"`
	// UncheckedMarkers counts the erasure markers under keys this store
	// does not hold (MissingKeys): see memfs key import.
	UncheckedMarkers int      `json:"unchecked_markers"`
	MissingKeys      []string `json:"missing_keys,omitempty"`
}

// checkpointDropOut is printed by memfs checkpoint drop.
type checkpointDropOut struct {
	OK      bool   `json:"ok"`
	Scope   string `json:"scope"`
	Session string `json:"session"`
}

// remoteAddOut is printed by memfs remote add; URL has its user
// information masked.
type remoteAddOut struct {
	Name          string `json:"name"`
	OK            bool   `json:"ok"`
	TrustErasures bool   `json:"trust_erasures"`
	URL           string `json:"url"`
}

// forgetApplyOut is printed by memfs forget apply: the receipt, and the
// agents' own transcript files that may still hold what was forgotten.
type forgetApplyOut struct {
	*forget.Receipt
	AgentTranscripts agentTranscriptsOut `json:"agent_transcripts"`
}

// agentTranscriptsOut lists transcript paths (never their content).
type agentTranscriptsOut struct {
	Count int      `json:"count"`
	Paths []string `json:"paths"`
}

// publishOut is printed by memfs publish.
type publishOut struct {
	Changes   []changeOut        `json:"changes"`
	Commit    string             `json:"commit"`
	OK        bool               `json:"ok"`
	Parent    string             `json:"parent"`
	Scope     string             `json:"scope"`
	Unchanged bool               `json:"unchanged"`
	Warnings  []validate.Problem `json:"warnings"`
}

// rejectionOut is printed by memfs publish and memfs validate when
// validation rejects the artifact (exit 3).
type rejectionOut struct {
	Errors   []validate.Problem `json:"errors"`
	OK       bool               `json:"ok"`
	Warnings []validate.Problem `json:"warnings"`
}

// validateOut is printed by memfs validate when the artifact passes.
type validateOut struct {
	Errors   []validate.Problem `json:"errors"`
	Files    int                `json:"files"`
	Mode     string             `json:"mode"`
	OK       bool               `json:"ok"`
	Warnings []validate.Problem `json:"warnings"`
}

// commitOut is one commit: an element of memfs log's "commits", and the
// top of memfs show's and memfs review show's documents.
type commitOut struct {
	Author   string            `json:"author"`
	Commit   string            `json:"commit"`
	Message  string            `json:"message"`
	Parents  []string          `json:"parents"`
	Time     string            `json:"time"`
	Trailers map[string]string `json:"trailers"`
	Tree     string            `json:"tree"`
}

// changeOut is one changed file of memfs publish, memfs show and memfs
// review show.
type changeOut struct {
	Kind string `json:"kind"`
	Path string `json:"path"`
}

// logOut is printed by memfs log.
type logOut struct {
	Commits []commitOut `json:"commits"`
	OK      bool        `json:"ok"`
	Scope   string      `json:"scope"`
}

// showOut is printed by memfs show REV.
type showOut struct {
	commitOut
	Changes []changeOut `json:"changes"`
	OK      bool        `json:"ok"`
}

// catOut is printed by memfs cat and memfs show REV:PATH.
type catOut struct {
	Commit  string `json:"commit"`
	Content string `json:"content"`
	OK      bool   `json:"ok"`
	Path    string `json:"path"`
}

// mountOut is printed by memfs mount once the mount is ready.
type mountOut struct {
	All        bool   `json:"all"`
	Commit     string `json:"commit"`
	History    bool   `json:"history"`
	Method     string `json:"method"`
	Mountpoint string `json:"mountpoint"`
	OK         bool   `json:"ok"`
	PID        int    `json:"pid"`
	Scope      string `json:"scope"`
}

// checkoutOut is printed by memfs checkout, once per checkout with
// --watch.
type checkoutOut struct {
	Commit    string `json:"commit"`
	Dir       string `json:"dir"`
	Files     int    `json:"files"`
	OK        bool   `json:"ok"`
	Refused   int    `json:"refused"`
	Scope     string `json:"scope"`
	Snapshot  string `json:"snapshot"`
	Unchanged bool   `json:"unchanged"`
}

// doctorOut is printed by memfs doctor.
type doctorOut struct {
	FUSE       memfuse.Diagnosis `json:"fuse"`
	Ledger     home.LedgerHealth `json:"ledger"`
	MarkerKeys home.MarkerKeys   `json:"marker_keys"`
	// LandlockABI is the kernel's Landlock version, 0 without Landlock
	// (exec dreamers then refuse to run unless confine = "none").
	LandlockABI int  `json:"landlock_abi"`
	OK          bool `json:"ok"`
}

// ledgerRefusedOut is printed by memfs ledger rebuild when the ledger is
// sound.
type ledgerRefusedOut struct {
	Error errorOut `json:"error"`
	OK    bool     `json:"ok"`
	Path  string   `json:"path"`
}

// ledgerRebuildOut is printed by memfs ledger rebuild.
type ledgerRebuildOut struct {
	Aside string   `json:"aside"`
	Lost  []string `json:"lost"`
	OK    bool     `json:"ok"`
	Path  string   `json:"path"`
}

// checkpointOut is printed by memfs checkpoint.
type checkpointOut struct {
	Changed  bool   `json:"changed"`
	Cursor   string `json:"cursor"`
	Ignored  bool   `json:"ignored"`
	OK       bool   `json:"ok"`
	Pending  bool   `json:"pending"`
	Recorded bool   `json:"recorded"`
	Scope    string `json:"scope"`
	Session  string `json:"session"`
}

// evidenceEntryOut is printed by memfs evidence --entry.
type evidenceEntryOut struct {
	Entry   string          `json:"entry"`
	OK      bool            `json:"ok"`
	Record  json.RawMessage `json:"record"`
	Session string          `json:"session"`
}

// evidenceOut is printed by memfs evidence.
type evidenceOut struct {
	Cursor      string              `json:"cursor"`
	Notes       []string            `json:"notes"`
	OK          bool                `json:"ok"`
	Records     int                 `json:"records"`
	Redactions  map[string]int      `json:"redactions"`
	Relation    transcript.Relation `json:"relation"`
	Scope       string              `json:"scope"`
	Session     string              `json:"session"`
	Transcript  string              `json:"transcript"`
	Truncations int                 `json:"truncations"`
}

// dreamOut is printed by memfs dream.
type dreamOut struct {
	OK   bool                `json:"ok"`
	Runs []dream.ScopeReport `json:"runs"`
}

// contextOut is printed by memfs context.
type contextOut struct {
	Commit    string   `json:"commit"`
	Context   string   `json:"context"`
	Folder    string   `json:"folder"`
	OK        bool     `json:"ok"`
	Scope     string   `json:"scope"`
	Truncated []string `json:"truncated"`
}

// installOut is printed by memfs install.
type installOut struct {
	Agent   string `json:"agent"`
	Backup  string `json:"backup"`
	Changed bool   `json:"changed"`
	Command string `json:"command"`
	DryRun  bool   `json:"dry_run"`
	// DreamWith is the command that dreams with this agent's CLI
	// instead of the builtin rules: offered, never turned on.
	DreamWith string `json:"dream_with"`
	// DreamConfig is the config.toml table that makes it the default
	// dreamer ("[dreamer]\nuse = ..."): offered, never written.
	DreamConfig string   `json:"dream_config"`
	Events      []string `json:"events"`
	OK          bool     `json:"ok"`
	Settings    string   `json:"settings"`
	// Uninstall is set by install --uninstall; Events then are the hooks
	// removed.
	Uninstall bool `json:"uninstall,omitempty"`
}

// proposalsOut is printed by memfs review list.
type proposalsOut struct {
	OK        bool                    `json:"ok"`
	Proposals []dream.ProposalSummary `json:"proposals"`
}

// proposalOut is printed by memfs review show.
type proposalOut struct {
	commitOut
	Changes []changeOut `json:"changes"`
	OK      bool        `json:"ok"`
	Run     string      `json:"run"`
	Scope   string      `json:"scope"`
	Stale   bool        `json:"stale"`
}

// reviewOut is printed by memfs review approve and reject.
type reviewOut struct {
	Commit string `json:"commit"`
	OK     bool   `json:"ok"`
	Run    string `json:"run"`
	Scope  string `json:"scope"`
	State  string `json:"state"`
}

// staleProposalOut is printed by memfs review approve when the scope moved
// since the proposal was made.
type staleProposalOut struct {
	Error errorOut `json:"error"`
	OK    bool     `json:"ok"`
	Run   string   `json:"run"`
	State string   `json:"state"`
}

// exportOut is printed by memfs export.
type exportOut struct {
	File    string `json:"file"`
	Objects int    `json:"objects"`
	OK      bool   `json:"ok"`
	Refs    int    `json:"refs"`
}

// importOut is printed by memfs import and memfs pull.
type importOut struct {
	OK       bool                  `json:"ok"`
	Requeued int                   `json:"requeued"`
	Result   *replica.ImportResult `json:"result"`
}

// consentOut is printed by memfs import and memfs pull when incoming
// erasure markers need a consent token (exit 4).
type consentOut struct {
	ErasureConsent *replica.ErasureConsent `json:"erasure_consent"`
	Error          errorOut                `json:"error"`
	OK             bool                    `json:"ok"`
}

// pushOut is printed by memfs push; Pulled is the pull it made first when
// the remote had moved.
type pushOut struct {
	OK     bool                `json:"ok"`
	Pulled *importOut          `json:"pulled,omitempty"`
	Result *replica.PushResult `json:"result"`
}

// pushFailedOut is printed by memfs push when some refs were not pushed.
type pushFailedOut struct {
	Error  errorOut            `json:"error"`
	OK     bool                `json:"ok"`
	Pulled *importOut          `json:"pulled,omitempty"`
	Result *replica.PushResult `json:"result"`
}

type keyExportOut struct {
	File string `json:"file"`
	Keys int    `json:"keys"`
	OK   bool   `json:"ok"`
}

type keyImportOut struct {
	Added          int  `json:"added"`
	OK             bool `json:"ok"`
	RewrittenLocal int  `json:"rewritten_local"`
	Unchecked      int  `json:"unchecked_markers"`
}

type scopeAdoptOut struct {
	OK bool `json:"ok"`
	home.Adopted
}

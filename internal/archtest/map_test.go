package archtest

// The package map of docs/design.md as data. A component is a top-level
// folder of the module, a folder directly under internal/, or a deeper
// folder with a row of its own (transcript/redact, gitstore/erasure,
// gitstore/replica); its
// subpackages share its row and may import each other. Each component's name is spelled once,
// below, so that renaming a folder is a one-line change.
const (
	wiki       = "wiki"
	validate   = "validate"
	transcript = "transcript"
	redact     = "transcript/redact"
	ledger     = "ledger"
	gitstore   = "gitstore"
	erasure    = "gitstore/erasure"
	replica    = "gitstore/replica"
	ingest     = "ingest"
	dream      = "dream"
	forget     = "forget"
	agent      = "agent"
	fuse       = "memfuse" // the FUSE tree
	checkout   = "checkout"

	// The internal leaves, below every component that uses them.
	config    = "internal/config"
	errcode   = "internal/errcode"
	scope     = "internal/scope"
	fsutil    = "internal/fsutil"
	jsonscan  = "internal/jsonscan"
	version   = "internal/version"
	progress  = "internal/progress"
	safedir   = "internal/safedir"
	termsafe  = "internal/termsafe"
	storetest = "internal/storetest"
	gittest   = "internal/gittest"
	synthmem  = "internal/synthmem"
	memcorpus = "internal/memcorpus"
	archtest  = "internal/archtest"

	// The composition layer: a command's home, serve, demo.
	app = "internal/app"

	cmd     = "cmd"
	scripts = "scripts"
)

// owners says which components alone may import a library (or any of its
// packages).
var owners = map[string][]string{
	"github.com/go-git/go-git/v5":   {gitstore, replica},
	"github.com/klauspost/compress": {gitstore},
	"go.etcd.io/bbolt":              {ledger},
	"github.com/hanwen/go-fuse/v2":  {fuse},
	"github.com/yuin/goldmark":      {wiki},
	"github.com/spf13/cobra":        {cmd},
	"github.com/BurntSushi/toml":    {config},
}

// allowed is the partial order of the design's package map: the memfs
// components each component may import directly. The components in
// unconstrained have no row.
var allowed = map[string][]string{
	wiki:       {},
	validate:   {wiki},
	redact:     {},
	transcript: {redact, wiki},
	ledger:     {transcript},
	erasure:    {wiki, validate},
	gitstore:   {erasure, wiki, validate},
	replica:    {gitstore, erasure, validate, wiki},
	ingest:     {transcript, ledger, gitstore, validate, wiki},
	dream:      {transcript, ledger, gitstore, erasure, validate, wiki},
	forget:     {dream, gitstore, erasure, replica, ledger, transcript, validate, wiki},
	agent:      {ingest, gitstore, ledger, transcript, validate, wiki},
	fuse:       {gitstore, validate, wiki},
	checkout:   {gitstore, validate, wiki},

	config:    {validate},
	errcode:   {},
	scope:     {wiki},
	fsutil:    {},
	jsonscan:  {},
	version:   {},
	progress:  {},
	safedir:   {},
	termsafe:  {},
	storetest: {gitstore, validate, gittest},
	gittest:   {},
	synthmem:  {},
	memcorpus: {},
	archtest:  {},

	app: {dream, forget, fuse, gitstore, erasure, replica, ingest, ledger, transcript, validate, wiki},
}

// leaves may be imported by every component without a line in its row;
// what a package reaches through a leaf must still lie within its rows
// (checkReach).
var leaves = []string{config, errcode, scope, fsutil, jsonscan, version, progress, safedir, termsafe, storetest, gittest, synthmem, memcorpus}

// unconstrained components have no row: they may import every component,
// and only scripts may import scripts. No package imports cmd.
var unconstrained = []string{cmd, scripts}

// onlyFrom names, for a component, the only components that may reach it.
// An empty list means no package outside tests.
var onlyFrom = map[string][]string{
	app:       {cmd, scripts},
	storetest: {},
	gittest:   {storetest},
	synthmem:  {scripts},
	memcorpus: {scripts},
}

// never restates the design's explicit prohibitions. No package of the
// first component may reach one of the second, through any chain of
// imports. TestRowsKeepTheNevers checks that the rows grant none of them,
// so a later edit of allowed cannot quietly undo a rule.
var never = map[string][]string{
	redact:     {transcript, gitstore, ledger, dream, validate, ingest, forget, agent, fuse, checkout},
	transcript: {gitstore, ledger, dream, validate},
	ledger:     {gitstore, dream},
	gitstore:   {dream, forget, ledger, transcript, ingest, agent},
	erasure:    {dream, forget, ledger, transcript, ingest, agent},
	replica:    {dream, forget, ledger, transcript, ingest, agent},
	fuse:       {dream, forget, ledger, transcript, ingest},
	checkout:   {dream, forget, ledger, transcript, ingest},
	ingest:     {dream, forget},
	agent:      {dream, forget},
	dream:      {forget, agent, ingest},
}

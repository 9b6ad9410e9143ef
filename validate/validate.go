package validate

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"slices"
	"sort"
	"strings"
	"sync"
	"syscall"
	"unicode/utf8"

	"github.com/memfs/memfs/wiki"
)

// Mode selects publish or read rules.
type Mode int

// Validation modes.
const (
	ModePublish Mode = iota
	ModeRead
)

func (m Mode) String() string {
	if m == ModeRead {
		return "read"
	}
	return "publish"
}

// ParseMode turns "publish" or "read" into a Mode.
func ParseMode(s string) (Mode, error) {
	switch s {
	case "publish", "":
		return ModePublish, nil
	case "read":
		return ModeRead, nil
	}
	return ModePublish, fmt.Errorf("unknown validation mode %q (want publish or read)", s)
}

// Severity of a problem.
type Severity string

// Severities.
const (
	SevError   Severity = "error"
	SevWarning Severity = "warning"
)

// Problem is one finding. Path is the artifact path, or "." for findings
// about the whole tree.
type Problem struct {
	Path     string   `json:"path"`
	Code     string   `json:"code"`
	Severity Severity `json:"severity"`
	Message  string   `json:"message"`
}

func (p Problem) String() string { return fmt.Sprintf("%s: %s: %s", p.Path, p.Code, p.Message) }

// Limits bound the size of an artifact, and (MaxBundleScopes) what one
// import may bring: config.toml's [limits].
type Limits struct {
	MaxFiles      int   `toml:"max_files" json:"max_files"`
	MaxFileBytes  int64 `toml:"max_file_bytes" json:"max_file_bytes"`
	MaxTotalBytes int64 `toml:"max_total_bytes" json:"max_total_bytes"`
	// MaxBundleScopes bounds the scope branches one bundle or pull may
	// bring; one that brings more is refused whole. Validation does not
	// use it; zero means DefaultMaxBundleScopes.
	MaxBundleScopes int `toml:"max_bundle_scopes" json:"max_bundle_scopes"`
}

// DefaultMaxBundleScopes is the default of Limits.MaxBundleScopes.
const DefaultMaxBundleScopes = 256

// DefaultLimits returns the limits used when a store sets none.
func DefaultLimits() Limits {
	return Limits{MaxFiles: 256, MaxFileBytes: 262144, MaxTotalBytes: 4194304, MaxBundleScopes: DefaultMaxBundleScopes}
}

// Guard is the erasure guard: it knows which sessions and which content were
// forgotten. Epoch changes whenever the guard's knowledge changes, so cached
// facts checked under an older epoch are checked again.
type Guard interface {
	Epoch() string
	ErasedSession(id string) bool
	ErasedContent(content []byte) bool
	// ErasedPage reports whether a page path was forgotten.
	ErasedPage(path string) bool
}

// Facts is what validation learns from a file's content. It holds no
// content, only properties, so callers may cache it by content identity.
type Facts struct {
	ValidUTF8 bool `json:"utf8"`
	HasNUL    bool `json:"nul"`
	// HasControl: the content holds a forbidden control character
	// (ForbiddenControl), which publish mode refuses.
	HasControl        bool     `json:"control,omitempty"`
	HasSourcesSection bool     `json:"sources_section"`
	Sources           []string `json:"sources,omitempty"`
	BadSources        int      `json:"bad_sources,omitempty"`
	Links             []string `json:"links,omitempty"`
	// GuardEpoch is the guard epoch under which the content was found clean
	// of erased text; empty when no guard checked it.
	GuardEpoch string `json:"guard_epoch,omitempty"`
}

// FactCache supplies facts for files whose content the caller already knows,
// so validation does not read them again. Lookup must return ok=false unless
// the file at path with this info is known to have the cached content.
type FactCache interface {
	Lookup(path string, info fs.FileInfo) (Facts, bool)
}

// KnownFacts supplies facts for content validation has read, by the
// content's identity, so content seen before is not analysed again.
// KnownFacts must return Analyze's facts for kind and content, their
// GuardEpoch the epoch under which a guard found that content clean ("":
// none did); validation accepts them under a guard only when that epoch
// is the guard's current one, as it does FactCache's.
type KnownFacts interface {
	KnownFacts(kind wiki.Kind, content []byte) (Facts, bool)
}

// Options configure one validation.
type Options struct {
	Mode   Mode
	Limits Limits
	// NoRequireSources drops the rule that every page cites a session.
	NoRequireSources bool
	// AllowedSessions, when non-nil, is the allow-list of citable sessions.
	AllowedSessions map[string]bool
	// ArtifactVersion is the commit's Memfs-Artifact trailer when a commit
	// is validated; nil for a directory.
	ArtifactVersion *string
	Guard           Guard
	Facts           FactCache
	// Known, when set, supplies the facts of content read (KnownFacts).
	Known KnownFacts
}

// File is one regular file that passed the type, path and size checks.
type File struct {
	Path  string
	Kind  wiki.Kind
	Info  fs.FileInfo
	Facts Facts
	// Content holds the bytes validation read; nil when the facts came from
	// the cache.
	Content []byte
}

// Report is the result of one validation.
type Report struct {
	Mode     Mode
	Problems []Problem
	// Files lists the accepted regular files in path order.
	Files []File
	// Supplied holds the default files read mode provides for missing
	// required files.
	Supplied map[string][]byte
}

// OK reports whether no problem is an error.
func (r *Report) OK() bool { return len(r.Errors()) == 0 }

// Errors returns the problems of severity error.
func (r *Report) Errors() []Problem { return r.filter(SevError) }

// Warnings returns the problems of severity warning.
func (r *Report) Warnings() []Problem { return r.filter(SevWarning) }

func (r *Report) filter(s Severity) []Problem {
	var out []Problem
	for _, p := range r.Problems {
		if p.Severity == s {
			out = append(out, p)
		}
	}
	return out
}

// AsError returns the report's errors as an *Error, or nil when it is OK.
func (r *Report) AsError() error {
	if errs := r.Errors(); len(errs) > 0 {
		return &Error{Problems: errs}
	}
	return nil
}

// Analyze computes the facts of one file's content. Pages are parsed with p;
// other kinds only get encoding facts.
func Analyze(p *wiki.Parser, kind wiki.Kind, content []byte) Facts {
	f := Facts{ValidUTF8: utf8.Valid(content), HasNUL: bytes.IndexByte(content, 0) >= 0, HasControl: ControlAt(content) >= 0}
	if !f.ValidUTF8 || f.HasNUL || kind == wiki.KindSummary {
		return f
	}
	page := p.Parse(content)
	f.HasSourcesSection = page.HasSourcesSection
	f.Sources = page.SessionIDs()
	f.BadSources = page.BadSources
	for _, l := range page.Links {
		f.Links = append(f.Links, l.Dest)
	}
	return f
}

// Validate checks fsys against the artifact rules. The error result is only
// for failures to carry out the check (a cancelled context, an unreadable
// root); artifact defects are problems in the report.
func Validate(ctx context.Context, fsys fs.FS, opts Options) (*Report, error) {
	def := DefaultLimits()
	if opts.Limits.MaxFiles <= 0 {
		opts.Limits.MaxFiles = def.MaxFiles
	}
	if opts.Limits.MaxFileBytes <= 0 {
		opts.Limits.MaxFileBytes = def.MaxFileBytes
	}
	if opts.Limits.MaxTotalBytes <= 0 {
		opts.Limits.MaxTotalBytes = def.MaxTotalBytes
	}
	v := &validator{ctx: ctx, fsys: fsys, opts: opts, parser: wiki.NewParser(),
		report: &Report{Mode: opts.Mode}, sem: make(chan struct{}, 4)}
	if opts.ArtifactVersion != nil && *opts.ArtifactVersion != SupportedArtifactVersion {
		v.add(".", CodeUnsupportedVersion, SevError, "commit is not a supported artifact version (Memfs-Artifact must be 1)")
	}
	err := v.walk(".")
	v.wg.Wait()
	if err != nil {
		return nil, err
	}
	v.tree()
	if err := v.contents(); err != nil {
		return nil, err
	}
	sort.SliceStable(v.report.Problems, func(i, j int) bool {
		a, b := v.report.Problems[i], v.report.Problems[j]
		if a.Path != b.Path {
			return a.Path < b.Path
		}
		return a.Code < b.Code
	})
	return v.report, nil
}

type validator struct {
	ctx    context.Context
	fsys   fs.FS
	opts   Options
	parser *wiki.Parser
	report *Report

	nfiles int
	total  int64

	// wg tracks read-ahead goroutines; sem bounds how many run at once.
	wg  sync.WaitGroup
	sem chan struct{}
}

func (v *validator) add(p, code string, sev Severity, format string, args ...any) {
	v.report.Problems = append(v.report.Problems, Problem{Path: p, Code: code, Severity: sev, Message: fmt.Sprintf(format, args...)})
}

// provenance returns the severity of provenance problems in this mode.
func (v *validator) provenance() Severity {
	if v.opts.Mode == ModeRead {
		return SevWarning
	}
	return SevError
}

func join(dir, name string) string {
	if dir == "." {
		return name
	}
	return dir + "/" + name
}

// listing is a directory listing read ahead by a goroutine.
type listing struct {
	entries []fs.DirEntry
	err     error
	done    chan struct{}
}

// readAhead lists the legal subdirectories among entries concurrently:
// listing a directory costs one lstat per entry, and an artifact's areas
// are independent. The walk consumes the listings in order.
func (v *validator) readAhead(dir string, entries []fs.DirEntry) map[string]*listing {
	var m map[string]*listing
	for _, e := range entries {
		p := join(dir, e.Name())
		if !e.IsDir() || illegalName(e.Name()) {
			continue
		}
		if _, err := wiki.ClassifyPath(p, true); err != nil {
			continue
		}
		if m == nil {
			m = map[string]*listing{}
		}
		if _, dup := m[p]; dup {
			continue
		}
		l := &listing{done: make(chan struct{})}
		m[p] = l
		v.wg.Add(1)
		go func() {
			defer v.wg.Done()
			v.sem <- struct{}{}
			l.entries, l.err = readDirRaw(v.fsys, p)
			<-v.sem
			close(l.done)
		}()
	}
	return m
}

func (v *validator) walk(dir string) error {
	entries, err := readDirRaw(v.fsys, dir)
	return v.walkListing(dir, entries, err)
}

func (v *validator) walkListing(dir string, entries []fs.DirEntry, err error) error {
	if err := v.ctx.Err(); err != nil {
		return err
	}
	if err != nil {
		if dir == "." {
			return fmt.Errorf("read artifact root: %w", err)
		}
		v.add(dir, CodeUnreadable, SevError, "directory could not be listed")
		return nil
	}
	sort.SliceStable(entries, func(i, j int) bool { return entries[i].Name() < entries[j].Name() })
	ahead := v.readAhead(dir, entries)
	for i, e := range entries {
		name := e.Name()
		p := join(dir, name)
		if i > 0 && entries[i-1].Name() == name {
			if i < 2 || entries[i-2].Name() != name {
				v.add(p, CodeDuplicatePath, SevError, "path appears more than once")
			}
			continue
		}
		if illegalName(name) {
			v.add(path.Clean(dir+"/_"), CodeInvalidPath, SevError, "entry with an illegal name")
			continue
		}
		mode := e.Type()
		switch {
		case mode.IsDir():
			if _, err := wiki.ClassifyPath(p, true); err != nil {
				v.add(p, CodeInvalidPath, SevError, "%s", pathReason(err))
				v.countInvalid(p)
				continue
			}
			if v.opts.Mode == ModePublish && redactedSegment(path.Base(p)) {
				v.add(p, CodeInvalidPath, SevError, "a redaction marker in a folder name")
			}
			l := ahead[p]
			<-l.done
			if err := v.walkListing(p, l.entries, l.err); err != nil {
				return err
			}
		case mode.IsRegular():
			v.file(p, e)
		default:
			v.nfiles++
			v.add(p, CodeInvalidFileType, SevError, "%s is not a regular file", typeName(mode))
		}
	}
	return nil
}

// countInvalid counts the files below an illegal directory toward the file
// limit without judging them one by one: the directory is already refused.
func (v *validator) countInvalid(dir string) {
	_ = fs.WalkDir(v.fsys, dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && illegalName(d.Name()) {
			// A malformed tree's "." or ".." entry would make WalkDir
			// walk the same folder again, forever.
			if d.IsDir() {
				return fs.SkipDir
			}
		}
		if err == nil && !d.IsDir() {
			v.nfiles++
		}
		return nil
	})
}

// illegalName reports a directory entry name that no tree may hold: it
// would not name a distinct entry below its folder.
func illegalName(name string) bool {
	return name == "" || name == "." || name == ".." || strings.ContainsAny(name, "/\x00")
}

// file judges one regular entry. Its info comes from the directory entry
// (an lstat relative to the open directory, one syscall) rather than a
// fresh path walk.
func (v *validator) file(p string, e fs.DirEntry) {
	v.nfiles++
	info, err := e.Info()
	if err != nil {
		v.add(p, CodeUnreadable, SevError, "file could not be examined")
		return
	}
	if !info.Mode().IsRegular() {
		v.add(p, CodeInvalidFileType, SevError, "%s is not a regular file", typeName(info.Mode().Type()))
		return
	}
	if st, ok := info.Sys().(*syscall.Stat_t); ok && st.Nlink > 1 {
		v.add(p, CodeInvalidFileType, SevError, "file is a hard link (%d names)", st.Nlink)
		return
	}
	kind, perr := wiki.ClassifyPath(p, false)
	v.total += info.Size()
	if perr != nil {
		v.add(p, CodeInvalidPath, SevError, "%s", pathReason(perr))
		return
	}
	if v.opts.Mode == ModePublish && redactedSegment(path.Base(p)) {
		v.add(p, CodeInvalidPath, SevError, "a redaction marker in a file name")
	}
	if info.Size() > v.opts.Limits.MaxFileBytes {
		v.add(p, CodeFileTooLarge, SevError, "%d bytes, limit %d", info.Size(), v.opts.Limits.MaxFileBytes)
		return
	}
	v.report.Files = append(v.report.Files, File{Path: p, Kind: kind, Info: info})
}

func (v *validator) tree() {
	lim := v.opts.Limits
	if v.nfiles > lim.MaxFiles {
		v.add(".", CodeTooManyFiles, SevError, "%d files, limit %d", v.nfiles, lim.MaxFiles)
	}
	if v.total > lim.MaxTotalBytes {
		v.add(".", CodeTotalTooLarge, SevError, "%d bytes in all, limit %d", v.total, lim.MaxTotalBytes)
	}
	have := map[string]bool{}
	for _, f := range v.report.Files {
		have[f.Path] = true
	}
	for _, req := range []string{wiki.SummaryFile, wiki.IndexFile} {
		if have[req] {
			continue
		}
		if v.opts.Mode == ModeRead {
			if v.report.Supplied == nil {
				v.report.Supplied = map[string][]byte{}
			}
			if req == wiki.SummaryFile {
				v.report.Supplied[req] = []byte{}
			} else {
				paths := make([]string, 0, len(v.report.Files))
				for _, f := range v.report.Files {
					paths = append(paths, f.Path)
				}
				v.report.Supplied[req] = wiki.DefaultIndex(paths)
			}
			v.add(req, CodeMissingRequiredFile, SevWarning, "required file is missing; a default is supplied")
			continue
		}
		v.add(req, CodeMissingRequiredFile, SevError, "required file is missing")
	}
}

func (v *validator) contents() error {
	exists := make(map[string]bool, len(v.report.Files)+2)
	for _, f := range v.report.Files {
		exists[f.Path] = true
	}
	for name := range v.report.Supplied {
		exists[name] = true
	}
	epoch := ""
	if v.opts.Guard != nil {
		epoch = v.opts.Guard.Epoch()
	}
	for i := range v.report.Files {
		if err := v.ctx.Err(); err != nil {
			return err
		}
		f := &v.report.Files[i]
		if v.opts.Guard != nil && f.Kind == wiki.KindPage && v.opts.Guard.ErasedPage(f.Path) {
			v.add(f.Path, CodeErasedContent, SevError, "page path was forgotten")
		}
		cached := false
		if v.opts.Facts != nil {
			if facts, ok := v.opts.Facts.Lookup(f.Path, f.Info); ok && vouches(v.opts.Guard, epoch, facts) {
				f.Facts, cached = facts, true
			}
		}
		if !cached {
			content, err := readLimited(v.fsys, f.Path, f.Info, v.opts.Limits.MaxFileBytes)
			if err != nil {
				switch {
				case errors.Is(err, errTooLarge):
					v.add(f.Path, CodeFileTooLarge, SevError, "file grew past the limit of %d bytes while being read", v.opts.Limits.MaxFileBytes)
				case errors.Is(err, errNotRegular):
					v.add(f.Path, CodeInvalidFileType, SevError, "entry changed into a non-regular file")
				default:
					v.add(f.Path, CodeUnreadable, SevError, "file could not be read")
				}
				continue
			}
			f.Content = content
			v.analyze(f, epoch)
		}
		v.checkFacts(f, exists)
	}
	return nil
}

// analyze sets the facts of f from its content: those Known remembers
// when they stand for it (vouches), else Analyze's, checked by the guard,
// whose epoch is epoch.
func (v *validator) analyze(f *File, epoch string) {
	if v.opts.Known != nil {
		if facts, ok := v.opts.Known.KnownFacts(f.Kind, f.Content); ok && vouches(v.opts.Guard, epoch, facts) {
			f.Facts = facts
			return
		}
	}
	f.Facts = Analyze(v.parser, f.Kind, f.Content)
	if v.opts.Guard == nil {
		return
	}
	switch {
	case v.opts.Guard.ErasedContent(f.Content):
		v.add(f.Path, CodeErasedContent, SevError, "file contains text that was forgotten")
	case namesErased(v.opts.Guard, f.Content, f.Facts.Sources):
		v.add(f.Path, CodeErasedSource, v.provenance(), "file names a forgotten session outside its Sources")
	default:
		f.Facts.GuardEpoch = epoch
	}
}

// vouches reports whether remembered facts stand for their content under
// guard, whose epoch is epoch: always without a guard; under one, only
// when a guard of the same epoch found the content clean. An empty
// GuardEpoch means no guard found the content clean, so it never vouches,
// even under a guard whose epoch is empty.
func vouches(guard Guard, epoch string, facts Facts) bool {
	return guard == nil || (epoch != "" && facts.GuardEpoch == epoch)
}

// namesErased reports whether content names a session the guard says
// was forgotten anywhere (in any form wiki.SessionMentions finds), other
// than as one of the cited ids, which the Sources check reports.
func namesErased(g Guard, content []byte, cited []string) bool {
	return wiki.MentionsSession(string(content), func(id string) bool {
		return !slices.Contains(cited, id) && g.ErasedSession(id)
	})
}

func (v *validator) checkFacts(f *File, exists map[string]bool) {
	facts := f.Facts
	if !facts.ValidUTF8 || facts.HasNUL {
		what := "not valid UTF-8"
		if facts.ValidUTF8 {
			what = "contains a NUL byte"
		}
		v.add(f.Path, CodeInvalidEncoding, SevError, "%s", what)
		return
	}
	if facts.HasControl && v.opts.Mode == ModePublish {
		// The offset, never the character or its surroundings.
		if at := ControlAt(f.Content); at >= 0 {
			v.add(f.Path, CodeInvalidEncoding, SevError, "contains a control character at byte offset %d (only tab, newline and carriage return are allowed)", at)
		} else {
			v.add(f.Path, CodeInvalidEncoding, SevError, "contains a control character (only tab, newline and carriage return are allowed)")
		}
	}
	if f.Kind == wiki.KindPage && !v.opts.NoRequireSources && len(facts.Sources) == 0 {
		msg := "page has no \"## Sources\" section"
		if facts.HasSourcesSection {
			msg = "page's \"## Sources\" section has no \"- session:<id>\" item"
		}
		v.add(f.Path, CodeMissingSources, v.provenance(), "%s", msg)
	}
	if facts.BadSources > 0 {
		v.add(f.Path, CodeMalformedSource, SevWarning, "%d Sources item(s) start with session: but carry no legal session id", facts.BadSources)
	}
	for _, id := range facts.Sources {
		if v.opts.Guard != nil && v.opts.Guard.ErasedSession(id) {
			v.add(f.Path, CodeErasedSource, v.provenance(), "cites forgotten session %s", id)
			continue
		}
		if v.opts.AllowedSessions != nil && !v.opts.AllowedSessions[id] {
			v.add(f.Path, CodeUnknownSource, v.provenance(), "cites session %s, which is not in the allow-list", id)
		}
	}
	broken, external := 0, 0
	// An index links each page once per claim it lists: each destination
	// is resolved once.
	kinds := map[string]linkKind{}
	for _, dest := range facts.Links {
		k, ok := kinds[dest]
		if !ok {
			k = classifyLink(f.Path, dest, exists)
			kinds[dest] = k
		}
		switch k {
		case linkExternal:
			external++
		case linkBroken:
			broken++
		}
	}
	if broken > 0 {
		v.add(f.Path, CodeBrokenLink, SevWarning, "%d link(s) point to no file of the artifact", broken)
	}
	if external > 0 {
		v.add(f.Path, CodeExternalLink, SevWarning, "%d link(s) leave the artifact", external)
	}
}

// linkKind is where a link leads: a file of the artifact, no file of it,
// or out of it.
type linkKind int

const (
	linkOK linkKind = iota
	linkBroken
	linkExternal
)

// classifyLink says where link dest in the file at from leads, exists
// being the artifact's files.
func classifyLink(from, dest string, exists map[string]bool) linkKind {
	target, ext := wiki.LinkTarget(from, dest)
	switch {
	case ext:
		return linkExternal
	case !exists[target]:
		return linkBroken
	}
	return linkOK
}

func pathReason(err error) string {
	var pe *wiki.PathError
	if errors.As(err, &pe) {
		return pe.Reason
	}
	return "path outside the artifact layout"
}

func typeName(m fs.FileMode) string {
	switch {
	case m&fs.ModeSymlink != 0:
		return "symbolic link"
	case m&fs.ModeNamedPipe != 0:
		return "FIFO"
	case m&fs.ModeSocket != 0:
		return "socket"
	case m&fs.ModeCharDevice != 0:
		return "character device"
	case m&fs.ModeDevice != 0:
		return "block device"
	case m.IsDir():
		return "directory"
	}
	return "special entry"
}

// readDirRaw lists dir without fs.ReadDir's sorting and deduplication
// assumptions, so a malformed tree's duplicate names stay visible.
func readDirRaw(fsys fs.FS, dir string) ([]fs.DirEntry, error) {
	if rd, ok := fsys.(fs.ReadDirFS); ok {
		return rd.ReadDir(dir)
	}
	f, err := fsys.Open(dir)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	d, ok := f.(fs.ReadDirFile)
	if !ok {
		return nil, fmt.Errorf("%s: not a directory", dir)
	}
	return d.ReadDir(-1)
}

// readLimited reads at most limit bytes of a regular file. It refuses an
// entry that is no longer a regular file when opened.
func readLimited(fsys fs.FS, p string, want fs.FileInfo, limit int64) ([]byte, error) {
	f, err := fsys.Open(p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, errNotRegular
	}
	// Room for the whole file and the read that finds its end: a buffer
	// with less than bytes.MinRead free grows, copying what it holds.
	buf := bytes.NewBuffer(make([]byte, 0, min(info.Size(), limit)+1+bytes.MinRead))
	n, err := io.Copy(buf, io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if n > limit {
		return nil, errTooLarge
	}
	return buf.Bytes(), nil
}

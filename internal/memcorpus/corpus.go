package memcorpus

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// Languages are the languages a session or fact may be in.
var Languages = []string{"en", "zh", "ja", "de", "es", "fr"}

// FactCategories are the kinds of durable statement a fact may be.
var FactCategories = []string{"convention", "project", "person", "team", "answer", "answer-tool", "preference", "confirmation"}

// DistractorCategories are the kinds of text that must stay out of memory.
var DistractorCategories = []string{"question", "hypothetical", "one-off", "joke", "no-notes", "proposal", "assistant", "tool-output", "code", "log", "quoted-doc"}

// Halves are the corpus halves: dev is tuned on, test is not read while
// tuning.
var Halves = []string{"dev", "test"}

// ErrInvalid is wrapped by every error Load returns for a corpus that breaks
// the format (as opposed to one it cannot read).
var ErrInvalid = errors.New("invalid memory corpus")

// Corpus is one half of the memory corpus, loaded and checked.
type Corpus struct {
	// Dir is the half's directory.
	Dir         string       `json:"-"`
	Half        string       `json:"half"`
	Sessions    []Session    `json:"sessions"`
	Facts       []Fact       `json:"facts"`
	Distractors []Distractor `json:"distractors"`
	Updates     []Update     `json:"updates"`
	Retractions []Retraction `json:"retractions"`
}

// Session is one transcript of the corpus.
type Session struct {
	// File is the transcript's path relative to the half's directory.
	File  string `json:"file"`
	Round int    `json:"round"`
	Lang  string `json:"lang"`
}

// Name is the session's name: its file's base name without ".jsonl", as
// facts and distractors refer to it.
func (s Session) Name() string {
	return strings.TrimSuffix(filepath.Base(s.File), ".jsonl")
}

// Fact is a durable statement one session makes; any correct record of it
// contains every Must string.
type Fact struct {
	ID       string   `json:"id"`
	Session  string   `json:"session"`
	Lang     string   `json:"lang"`
	Category string   `json:"category"`
	Said     string   `json:"said"`
	Must     []string `json:"must"`
	// Superseded is set by Load for a fact that a later update or
	// retraction of the corpus changes or withdraws: its Must strings hold
	// an update's old value or a retraction's withdrawn one. It is scored
	// apart from the current facts.
	Superseded bool `json:"-"`
}

// Distractor is text in a session that must not reach memory: none of its
// Never strings may appear in any file of the memory.
type Distractor struct {
	ID       string   `json:"id"`
	Session  string   `json:"session"`
	Lang     string   `json:"lang"`
	Category string   `json:"category"`
	Never    []string `json:"never"`
}

// Update is a value stated in the first of Sessions and changed in the
// last: after the last round the context holds every New string and no Old
// one.
type Update struct {
	ID       string   `json:"id"`
	Lang     string   `json:"lang"`
	Sessions []string `json:"sessions"`
	Old      []string `json:"old"`
	New      []string `json:"new"`
}

// Retraction is a statement made in the first of Sessions and withdrawn in
// the last: after the last round the context holds no Gone string and every
// Keep string.
type Retraction struct {
	ID       string   `json:"id"`
	Lang     string   `json:"lang"`
	Sessions []string `json:"sessions"`
	Gone     []string `json:"gone"`
	Keep     []string `json:"keep"`
}

var sessionFile = regexp.MustCompile(`^sessions/(claude|codex|pi)-([a-z]{2})-[0-9]{2,}\.jsonl$`)

// Load reads and checks the half of the corpus in dir (dir/corpus.json and
// the session files it names). The checks: known half, languages and
// categories; unique ids and session names; every session file readable as
// JSONL and named <format>-<lang>-<nn>.jsonl with its lang; every must,
// never, old, new and gone string occurring in the session it refers to;
// every never string occurring in no other session file and no fact's must
// string; old strings absent from the must strings of facts of the update's
// last round or later. Errors name ids, fields and files, never the strings.
func Load(dir string) (*Corpus, error) {
	b, err := os.ReadFile(filepath.Join(dir, "corpus.json"))
	if err != nil {
		return nil, fmt.Errorf("memcorpus: %w", err)
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	c := &Corpus{Dir: dir}
	if err := dec.Decode(c); err != nil {
		return nil, fmt.Errorf("memcorpus: %s/corpus.json: %w: %w", dir, ErrInvalid, err)
	}
	if err := c.check(); err != nil {
		return nil, fmt.Errorf("memcorpus: %s: %w: %w", dir, ErrInvalid, err)
	}
	return c, nil
}

// Path is the absolute or dir-relative path of a session's transcript.
func (c *Corpus) Path(s Session) string {
	return filepath.Join(c.Dir, filepath.FromSlash(s.File))
}

// Rounds returns the sessions grouped by round, rounds ascending, each in
// corpus order.
func (c *Corpus) Rounds() [][]Session {
	var rounds []int
	for _, s := range c.Sessions {
		if !slices.Contains(rounds, s.Round) {
			rounds = append(rounds, s.Round)
		}
	}
	slices.Sort(rounds)
	out := make([][]Session, len(rounds))
	for i, r := range rounds {
		for _, s := range c.Sessions {
			if s.Round == r {
				out[i] = append(out[i], s)
			}
		}
	}
	return out
}

func (c *Corpus) check() error {
	var errs []error
	bad := func(format string, a ...any) { errs = append(errs, fmt.Errorf(format, a...)) }
	if !slices.Contains(Halves, c.Half) {
		bad("half is not one of %v", Halves)
	}
	if len(c.Sessions) == 0 {
		bad("no sessions")
	}
	texts := map[string]string{}
	rounds := map[string]int{}
	for i, s := range c.Sessions {
		m := sessionFile.FindStringSubmatch(s.File)
		switch {
		case m == nil:
			bad("sessions[%d]: file is not sessions/<claude|codex|pi>-<lang>-<nn>.jsonl", i)
			continue
		case m[2] != s.Lang:
			bad("sessions[%d] %s: lang %q differs from the file name's", i, s.Name(), s.Lang)
		}
		if !slices.Contains(Languages, s.Lang) {
			bad("sessions[%d] %s: unknown lang %q", i, s.Name(), s.Lang)
		}
		if s.Round < 1 {
			bad("sessions[%d] %s: round %d, want 1 or more", i, s.Name(), s.Round)
		}
		if _, dup := texts[s.Name()]; dup {
			bad("sessions[%d] %s: listed twice", i, s.Name())
			continue
		}
		t, err := sessionText(c.Path(s))
		if err != nil {
			bad("sessions[%d] %s: %w", i, s.Name(), err)
		}
		texts[s.Name()] = t
		rounds[s.Name()] = s.Round
	}
	ids := map[string]bool{}
	id := func(kind, v string, i int) {
		switch {
		case v == "":
			bad("%s[%d]: no id", kind, i)
		case ids[v]:
			bad("%s[%d]: id %s used twice", kind, i, v)
		}
		ids[v] = true
	}
	session := func(kind, fid, name string) (string, bool) {
		t, ok := texts[name]
		if !ok {
			bad("%s %s: session %q is not in sessions", kind, fid, name)
		}
		return t, ok
	}
	strs := func(kind, fid, field string, ss []string, lo, hi int, text string) {
		if len(ss) < lo || len(ss) > hi {
			bad("%s %s: %d %s strings, want %d to %d", kind, fid, len(ss), field, lo, hi)
		}
		for j, s := range ss {
			if Normalize(s) == "" {
				bad("%s %s: %s[%d] is empty", kind, fid, field, j)
			} else if text != "" && !contains(text, s) {
				bad("%s %s: %s[%d] does not occur in its session", kind, fid, field, j)
			}
		}
	}
	for i, f := range c.Facts {
		id("facts", f.ID, i)
		if !slices.Contains(Languages, f.Lang) {
			bad("fact %s: unknown lang %q", f.ID, f.Lang)
		}
		if !slices.Contains(FactCategories, f.Category) {
			bad("fact %s: unknown category %q", f.ID, f.Category)
		}
		t, _ := session("fact", f.ID, f.Session)
		strs("fact", f.ID, "must", f.Must, 1, 3, t)
	}
	for i, d := range c.Distractors {
		id("distractors", d.ID, i)
		if !slices.Contains(Languages, d.Lang) {
			bad("distractor %s: unknown lang %q", d.ID, d.Lang)
		}
		if !slices.Contains(DistractorCategories, d.Category) {
			bad("distractor %s: unknown category %q", d.ID, d.Category)
		}
		t, _ := session("distractor", d.ID, d.Session)
		strs("distractor", d.ID, "never", d.Never, 1, 2, t)
		for j, n := range d.Never {
			for _, s := range c.Sessions {
				if s.Name() != d.Session && contains(texts[s.Name()], n) {
					bad("distractor %s: never[%d] also occurs in session %s", d.ID, j, s.Name())
				}
			}
			for _, f := range c.Facts {
				for k, m := range f.Must {
					if contains(Normalize(m), n) {
						bad("distractor %s: never[%d] occurs in fact %s must[%d]", d.ID, j, f.ID, k)
					}
				}
			}
		}
	}
	change := func(kind, cid, lang string, sessions []string) (first, last string, lastRound int, ok bool) {
		if !slices.Contains(Languages, lang) {
			bad("%s %s: unknown lang %q", kind, cid, lang)
		}
		if len(sessions) < 2 {
			bad("%s %s: %d sessions, want the earlier and the later one", kind, cid, len(sessions))
			return "", "", 0, false
		}
		ok = true
		for _, s := range sessions {
			if _, in := session(kind, cid, s); !in {
				ok = false
			}
		}
		if !ok {
			return "", "", 0, false
		}
		first, last = texts[sessions[0]], texts[sessions[len(sessions)-1]]
		lastRound = rounds[sessions[len(sessions)-1]]
		if lastRound <= rounds[sessions[0]] {
			bad("%s %s: the later session is not in a later round", kind, cid)
		}
		return first, last, lastRound, true
	}
	for i, u := range c.Updates {
		id("updates", u.ID, i)
		first, last, lastRound, ok := change("update", u.ID, u.Lang, u.Sessions)
		strs("update", u.ID, "old", u.Old, 1, 10, first)
		strs("update", u.ID, "new", u.New, 1, 10, last)
		if !ok {
			continue
		}
		for j, o := range u.Old {
			for _, f := range c.Facts {
				later := rounds[f.Session] >= lastRound
				for k, m := range f.Must {
					if later && contains(Normalize(m), o) {
						bad("update %s: old[%d] occurs in must[%d] of fact %s, which is not earlier", u.ID, j, k, f.ID)
					}
				}
			}
		}
		c.supersede(u.Sessions, u.Old, rounds, lastRound)
	}
	for i, r := range c.Retractions {
		id("retractions", r.ID, i)
		first, last, lastRound, ok := change("retraction", r.ID, r.Lang, r.Sessions)
		strs("retraction", r.ID, "gone", r.Gone, 1, 10, first)
		for j, k := range r.Keep {
			if Normalize(k) == "" {
				bad("retraction %s: keep[%d] is empty", r.ID, j)
			} else if ok && !contains(first, k) && !contains(last, k) {
				bad("retraction %s: keep[%d] occurs in neither session", r.ID, j)
			}
		}
		if ok {
			c.supersede(r.Sessions, r.Gone, rounds, lastRound)
		}
	}
	return errors.Join(errs...)
}

// supersede marks the facts of rounds before lastRound whose must strings
// hold one of vals: the change makes them history.
func (c *Corpus) supersede(sessions, vals []string, rounds map[string]int, lastRound int) {
	for i := range c.Facts {
		f := &c.Facts[i]
		if rounds[f.Session] >= lastRound || !slices.Contains(sessions, f.Session) {
			continue
		}
		for _, m := range f.Must {
			for _, v := range vals {
				if contains(Normalize(m), v) {
					f.Superseded = true
				}
			}
		}
	}
}

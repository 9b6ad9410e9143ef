package memcorpus

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
)

// Count is how many of a group of facts reached the context and any file of
// the memory.
type Count struct {
	Total   int `json:"total"`
	Context int `json:"context"`
	Pages   int `json:"pages"`
}

// Tally is how many of a group of items came out right.
type Tally struct {
	Total int `json:"total"`
	Good  int `json:"good"`
}

// Report is the score of one run of a corpus half.
type Report struct {
	Half     string `json:"half"`
	Sessions int    `json:"sessions"`
	Rounds   int    `json:"rounds"`
	// Facts counts the current facts (not superseded by a later update or
	// retraction): Context when every must string is in the context, Pages
	// when some one file of the memory holds them all.
	Facts      Count            `json:"facts"`
	ByCategory map[string]Count `json:"by_category"`
	ByLang     map[string]Count `json:"by_lang"`
	// Answers counts the answer and answer-tool facts, Team the team facts.
	Answers Count `json:"answers"`
	Team    Count `json:"team"`
	// Superseded counts the facts a later update or retraction changes.
	Superseded Count `json:"superseded"`
	// KeptOut counts distractors none of whose never strings is in any file
	// of the memory or in the context.
	KeptOut           Tally            `json:"kept_out"`
	KeptOutByCategory map[string]Tally `json:"kept_out_by_category"`
	KeptOutByLang     map[string]Tally `json:"kept_out_by_lang"`
	// Updates counts updates with every new string and no old string in the
	// context; Retractions those with no gone string and every keep string
	// in it.
	Updates     Tally `json:"updates"`
	Retractions Tally `json:"retractions"`
	// Missed, Kept and Unresolved name a tuning half's missed current facts,
	// distractors found in memory, and unresolved updates and retractions.
	// They stay empty for the held-out half, whose contents must not reach
	// whoever tunes the recognizer.
	Missed     []string `json:"missed,omitempty"`
	Kept       []string `json:"kept,omitempty"`
	Unresolved []string `json:"unresolved,omitempty"`
	// Claims counts index.md's claim lines: Total all of them, Good those
	// that carry a must string of some fact of the half. The rest are noise:
	// lines that take the context's budget without recording a fact.
	// Noise lists them for a tuning half only.
	Claims Tally    `json:"claims"`
	Noise  []string `json:"noise,omitempty"`
	// ContextBytes is the context's size; IndexShown and IndexSize the
	// bytes of index.md it shows and holds, when it had to shorten it
	// (both 0 when index.md fit whole).
	ContextBytes int `json:"context_bytes"`
	// InIndex counts the current facts whose must strings are all in
	// index.md: a fact there but not in the context was cut for room.
	InIndex    int `json:"in_index"`
	IndexShown int `json:"index_shown,omitempty"`
	IndexSize  int `json:"index_size,omitempty"`
}

// reIndexCut is the context's note on a shortened index.md.
var reIndexCut = regexp.MustCompile(`\[index\.md shortened to fit this message: (\d+) of (\d+) bytes are shown`)

// reNote is a note memfs adds to the context on a file it shortened, or a
// line of the preamble that names the command reading memory, with the
// home the run used (a temporary directory whose random name may hold any
// string), or the commit the files are read at (whose hash may hold "d35"):
// no part of memory.
var reNote = regexp.MustCompile(`(?m)^\[[^\n]* shortened to fit this message: [^\n]*\]$|^Where: [^\n]*$|^Below are summary\.md and index\.md of scope [^\n]*$`)

// Score scores a memory against the corpus: context is what `memfs context`
// printed after the last round, files every file of the scope's head (path
// to content).
func Score(c *Corpus, context string, files map[string]string) Report {
	paths := make([]string, 0, len(files))
	for p := range files {
		paths = append(paths, p)
	}
	slices.Sort(paths)
	m := memory{context: Normalize(reNote.ReplaceAllString(context, "")), index: Normalize(files["index.md"]), texts: make([]string, len(paths))}
	for i, p := range paths {
		m.texts[i] = Normalize(files[p])
	}
	dev := !HeldOut(c.Half)
	r := Report{
		Half: c.Half, Sessions: len(c.Sessions), Rounds: len(c.Rounds()),
		ByCategory: map[string]Count{}, ByLang: map[string]Count{},
		KeptOutByCategory: map[string]Tally{}, KeptOutByLang: map[string]Tally{},
	}
	r.scoreFacts(c, m, dev)
	r.scoreDistractors(c, m, dev)
	for _, u := range c.Updates {
		ok := allIn(m.context, u.New) && !anyIn(m.context, u.Old)
		r.Updates.add(ok)
		if dev && !ok {
			r.Unresolved = append(r.Unresolved, u.ID)
		}
	}
	for _, x := range c.Retractions {
		ok := !anyIn(m.context, x.Gone) && allIn(m.context, x.Keep)
		r.Retractions.add(ok)
		if dev && !ok {
			r.Unresolved = append(r.Unresolved, x.ID)
		}
	}
	r.Claims, r.Noise = scoreClaims(c, files["index.md"], dev)
	r.ContextBytes = len(context)
	if m := reIndexCut.FindStringSubmatch(context); m != nil {
		r.IndexShown, _ = strconv.Atoi(m[1])
		r.IndexSize, _ = strconv.Atoi(m[2])
	}
	return r
}

// memory is a memory as Score reads it: the context, index.md and every
// file, normalized.
type memory struct {
	context, index string
	texts          []string
}

// inPages reports whether one file holds every string of ss.
func (m memory) inPages(ss []string) bool {
	return slices.ContainsFunc(m.texts, func(t string) bool { return allIn(t, ss) })
}

// scoreFacts counts the facts in the context, in pages and in index.md.
func (r *Report) scoreFacts(c *Corpus, m memory, dev bool) {
	for _, f := range c.Facts {
		inCtx, inPages := allIn(m.context, f.Must), m.inPages(f.Must)
		if f.Superseded {
			r.Superseded.add(inCtx, inPages)
			continue
		}
		r.Facts.add(inCtx, inPages)
		if allIn(m.index, f.Must) {
			r.InIndex++
		}
		cat, lang := r.ByCategory[f.Category], r.ByLang[f.Lang]
		cat.add(inCtx, inPages)
		lang.add(inCtx, inPages)
		r.ByCategory[f.Category], r.ByLang[f.Lang] = cat, lang
		switch f.Category {
		case "answer", "answer-tool":
			r.Answers.add(inCtx, inPages)
		case "team":
			r.Team.add(inCtx, inPages)
		}
		if dev && !inCtx {
			r.Missed = append(r.Missed, f.ID)
		}
	}
}

// scoreDistractors counts the distractors kept out of every file and the
// context.
func (r *Report) scoreDistractors(c *Corpus, m memory, dev bool) {
	for _, d := range c.Distractors {
		out := !anyIn(m.context, d.Never) && !slices.ContainsFunc(m.texts, func(t string) bool { return anyIn(t, d.Never) })
		r.KeptOut.add(out)
		cat, lang := r.KeptOutByCategory[d.Category], r.KeptOutByLang[d.Lang]
		cat.add(out)
		lang.add(out)
		r.KeptOutByCategory[d.Category], r.KeptOutByLang[d.Lang] = cat, lang
		if dev && !out {
			r.Kept = append(r.Kept, d.ID)
		}
	}
}

func (n *Count) add(inCtx, inPages bool) {
	n.Total++
	if inCtx {
		n.Context++
	}
	if inPages {
		n.Pages++
	}
}

func (t *Tally) add(good bool) {
	t.Total++
	if good {
		t.Good++
	}
}

// allIn reports whether text holds every string of ss, anyIn whether it
// holds one.
func allIn(text string, ss []string) bool {
	for _, s := range ss {
		if !contains(text, s) {
			return false
		}
	}
	return true
}

func anyIn(text string, ss []string) bool {
	for _, s := range ss {
		if contains(text, s) {
			return true
		}
	}
	return false
}

// scoreClaims sorts index.md's claim lines (list items linking a page) into
// those that name some fact of the corpus and noise.
func scoreClaims(c *Corpus, index string, list bool) (Tally, []string) {
	var musts []string
	for _, f := range c.Facts {
		musts = append(musts, f.Must...)
	}
	var t Tally
	var noise []string
	for _, line := range strings.Split(index, "\n") {
		if !strings.HasPrefix(line, "- ") || !strings.Contains(line, "](pages/") || strings.Contains(line, "/index.md)") {
			continue
		}
		n := Normalize(line)
		good := slices.ContainsFunc(musts, func(m string) bool { return contains(n, m) })
		t.Total++
		if good {
			t.Good++
		} else if list {
			noise = append(noise, line)
		}
	}
	return t, noise
}

// Ratio is n/total as a fraction, 1 for an empty group.
func Ratio(n, total int) float64 {
	if total == 0 {
		return 1
	}
	return float64(n) / float64(total)
}

func pct(n, total int) string {
	return fmt.Sprintf("%d/%d (%.0f%%)", n, total, 100*Ratio(n, total))
}

// String is the report as a table; for a tuning half it ends with the ids
// the tuner looks at.
func (r Report) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "memory corpus, %s half: %d sessions in %d rounds\n\n", r.Half, r.Sessions, r.Rounds)
	w := tabwriter.NewWriter(&b, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(w, "facts\tin context\tin pages\t")
	row := func(name string, n Count) {
		fmt.Fprintf(w, "%s\t%s\t%s\t\n", name, pct(n.Context, n.Total), pct(n.Pages, n.Total))
	}
	row("all", r.Facts)
	for _, k := range FactCategories {
		if n, ok := r.ByCategory[k]; ok {
			row(k, n)
		}
	}
	row("answers (both)", r.Answers)
	for _, k := range Languages {
		if n, ok := r.ByLang[k]; ok {
			row(k, n)
		}
	}
	if r.Superseded.Total > 0 {
		row("superseded", r.Superseded)
	}
	fmt.Fprintln(w, "\t\t\t")
	fmt.Fprintln(w, "distractors\tkept out\t\t")
	fmt.Fprintf(w, "all\t%s\t\t\n", pct(r.KeptOut.Good, r.KeptOut.Total))
	for _, k := range DistractorCategories {
		if t, ok := r.KeptOutByCategory[k]; ok {
			fmt.Fprintf(w, "%s\t%s\t\t\n", k, pct(t.Good, t.Total))
		}
	}
	for _, k := range Languages {
		if t, ok := r.KeptOutByLang[k]; ok {
			fmt.Fprintf(w, "%s\t%s\t\t\n", k, pct(t.Good, t.Total))
		}
	}
	fmt.Fprintln(w, "\t\t\t")
	fmt.Fprintf(w, "updates resolved\t%s\t\t\n", pct(r.Updates.Good, r.Updates.Total))
	fmt.Fprintf(w, "retractions resolved\t%s\t\t\n", pct(r.Retractions.Good, r.Retractions.Total))
	fmt.Fprintf(w, "index claims naming a fact\t%s\t\t\n", pct(r.Claims.Good, r.Claims.Total))
	ix := "whole"
	if r.IndexSize > 0 {
		ix = fmt.Sprintf("%d of %d bytes", r.IndexShown, r.IndexSize)
	}
	fmt.Fprintf(w, "context bytes\t%d (index.md %s)\t\t\n", r.ContextBytes, ix)
	fmt.Fprintf(w, "facts in index.md\t%s\t\t\n", pct(r.InIndex, r.Facts.Total))
	w.Flush()
	list := func(name string, ids []string) {
		if len(ids) > 0 {
			fmt.Fprintf(&b, "\n%s (%d): %s\n", name, len(ids), strings.Join(ids, " "))
		}
	}
	list("facts missing from the context", r.Missed)
	list("distractors in memory", r.Kept)
	list("unresolved updates and retractions", r.Unresolved)
	if len(r.Noise) > 0 {
		fmt.Fprintf(&b, "\nindex claims naming no fact (%d):\n", len(r.Noise))
		for _, l := range r.Noise {
			fmt.Fprintf(&b, "  %s\n", l)
		}
	}
	return b.String()
}

// Goals of issues 21 and 22 for a half: the share of current facts in the
// context overall and in every language, no distractor anywhere in memory,
// every update and retraction resolved.
const (
	GoalFacts    = 0.90
	GoalLanguage = 0.75
)

// Shortfalls lists, as counts only, every goal the report misses; empty
// when the half meets them all.
func (r Report) Shortfalls() []string {
	var out []string
	if Ratio(r.Facts.Context, r.Facts.Total) < GoalFacts {
		out = append(out, fmt.Sprintf("facts in the context %s, want at least %.0f%%", pct(r.Facts.Context, r.Facts.Total), 100*GoalFacts))
	}
	for _, k := range Languages {
		if n, ok := r.ByLang[k]; ok && Ratio(n.Context, n.Total) < GoalLanguage {
			out = append(out, fmt.Sprintf("%s facts in the context %s, want at least %.0f%%", k, pct(n.Context, n.Total), 100*GoalLanguage))
		}
	}
	if r.KeptOut.Good < r.KeptOut.Total {
		out = append(out, fmt.Sprintf("%d of %d distractors reached memory, want none", r.KeptOut.Total-r.KeptOut.Good, r.KeptOut.Total))
	}
	if r.Updates.Good < r.Updates.Total {
		out = append(out, fmt.Sprintf("updates resolved %s, want all", pct(r.Updates.Good, r.Updates.Total)))
	}
	if r.Retractions.Good < r.Retractions.Total {
		out = append(out, fmt.Sprintf("retractions resolved %s, want all", pct(r.Retractions.Good, r.Retractions.Total)))
	}
	return out
}

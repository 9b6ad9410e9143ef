package wiki

import (
	"maps"
	"path"
	"regexp"
	"slices"
	"strings"
)

// Line-wise merge of index.md, the area indexes and summary.md, for the
// store's merge of diverged scope branches. Each side's lines are matched
// against the merge base (the longest common subsequence); a base line
// stays when both sides kept it, and the lines each side added go where
// that side put them (the local side's first at the same place, the
// incoming side's lines the local side also added only once).
// Hand-written lines merge the same way: a line one side wrote and the
// other did not touch is kept; a line one side removed goes. The
// generated lines (generated.go) are known by their form and recomputed
// rather than merged:
//
//   - an area count line (AreaCountLine) in index.md: its count is the
//     number of pages the merged tree holds in the area; an area without
//     pages loses its line, one without a line gets one;
//   - the count line of summary.md (SummaryCountsLine): each area's local
//     count plus the pages the merge added to the area less those it took
//     away (relative to the local head; one page per claim, as the builtin
//     writes them), which holds whatever merge base was chosen;
//   - the "more" line of summary.md (MoreLine): the claims counted less
//     the claim lines listed.
//
// Link lines (list items) to a page the merged tree does not hold are
// dropped.

var mergeLinkTarget = regexp.MustCompile(`\]\(([^)\s]+)\)`)

// lineKey is what identifies a line across the three versions: generated
// lines by their kind (their numbers change), others by their text.
func lineKey(l string) string {
	switch {
	case IsSummaryCountsLine(l):
		return "\x00summary-counts"
	case IsMoreLine(l):
		return "\x00more"
	}
	if area, _, ok := ParseAreaCountLine(l); ok {
		return "\x00area:" + area
	}
	return l
}

// lineKeys returns the key of each line, computed once: lcsMatch compares
// every pair of lines, and lineKey runs regular expressions.
func lineKeys(ls []string) []string {
	keys := make([]string, len(ls))
	for i, l := range ls {
		keys[i] = lineKey(l)
	}
	return keys
}

func splitLines(b []byte) []string {
	if len(b) == 0 {
		return nil
	}
	return strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
}

// lcsMatch returns, for each line of base, the index of the line of x it
// is matched with in a longest common subsequence of keys, or -1.
func lcsMatch(base, x []string) []int {
	n, m := len(base), len(x)
	kb, kx := lineKeys(base), lineKeys(x)
	dp := make([][]int32, n+1)
	for i := range dp {
		dp[i] = make([]int32, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if kb[i] == kx[j] {
				dp[i][j] = dp[i+1][j+1] + 1
			} else {
				dp[i][j] = max(dp[i+1][j], dp[i][j+1])
			}
		}
	}
	match := make([]int, n)
	i, j := 0, 0
	for i < n {
		switch {
		case j < m && kb[i] == kx[j]:
			match[i] = j
			i++
			j++
		case j < m && dp[i][j+1] >= dp[i+1][j]:
			j++
		default:
			match[i] = -1
			i++
		}
	}
	return match
}

// insertions returns, for each base index i (and len(base) for the end),
// the lines of x inserted before base line i's match (lines after the
// previous matched base line).
func insertions(base, x []string, match []int) [][]string {
	out := make([][]string, len(base)+1)
	next := 0
	for i := 0; i <= len(base); i++ {
		if i < len(base) && match[i] < 0 {
			continue
		}
		end := len(x)
		if i < len(base) {
			end = match[i]
		}
		if end > next {
			out[i] = x[next:end]
		}
		next = end + 1
	}
	return out
}

// mergeLines is the three-way line union described above, before
// generated lines are recomputed. A base line stays when both sides kept
// it; a line changed on one side takes that side's text.
func mergeLines(base, local, remote []string) []string {
	ml, mr := lcsMatch(base, local), lcsMatch(base, remote)
	il, ir := insertions(base, local, ml), insertions(base, remote, mr)
	var out []string
	for i := 0; i <= len(base); i++ {
		out = append(out, unionSeq(il[i], ir[i])...)
		if i == len(base) || ml[i] < 0 || mr[i] < 0 {
			continue
		}
		// Kept by both: the side that changed the line (a generated line
		// with a new number) wins; recomputed later anyway.
		l, r := local[ml[i]], remote[mr[i]]
		switch {
		case l != base[i]:
			out = append(out, l)
		default:
			out = append(out, r)
		}
	}
	return out
}

// unionSeq merges two runs of lines inserted at the same place: the lines
// both hold (a longest common subsequence) once, each side's own lines at
// their place, the local side's first.
func unionSeq(a, b []string) []string {
	if len(b) == 0 {
		return a
	}
	match := lcsMatch(a, b)
	var out []string
	j := 0
	for i, l := range a {
		if match[i] >= 0 {
			out = append(out, b[j:match[i]]...)
			j = match[i] + 1
		}
		out = append(out, l)
	}
	return append(out, b[j:]...)
}

// MergeIndexFile merges one index file (index.md, an area's index.md,
// summary.md) changed on both sides, as described above. pages are the
// pages the merged tree holds, localPages those of the local head.
func MergeIndexFile(p string, base, local, remote []byte, pages, localPages map[string]bool) []byte {
	b, l, r := splitLines(base), splitLines(local), splitLines(remote)
	out := mergeLines(b, l, r)
	if p == SummaryFile {
		out = mergeSummaryCounts(out, l, r, pages, localPages)
	}
	return joinLines(out)
}

// pageArea returns the area of a page path, "" for other paths.
func pageArea(p string) string {
	if parts := strings.Split(p, "/"); len(parts) == 3 && parts[0] == "pages" && parts[2] != "index.md" {
		return parts[1]
	}
	return ""
}

func joinLines(ls []string) []byte {
	if len(ls) == 0 {
		return []byte{}
	}
	return []byte(strings.Join(ls, "\n") + "\n")
}

// summaryCounts reads the per-area counts of a summary's count line; ok
// is false when it has none.
func summaryCounts(lines []string) (map[string]int, bool) {
	for _, l := range lines {
		if !IsSummaryCountsLine(l) {
			continue
		}
		counts, ok := ParseSummaryCounts(l)
		if !ok {
			return nil, false
		}
		out := map[string]int{}
		for _, c := range counts {
			out[c.Area] = c.N
		}
		return out, true
	}
	return nil, false
}

// mergeSummaryCounts recomputes a merged summary's count line (the local
// count, or the incoming one when the local side has none, moved by the
// pages the merge added or removed per area) and its "more" line.
func mergeSummaryCounts(out, local, remote []string, pages, localPages map[string]bool) []string {
	total, ok := summaryCounts(local)
	from := localPages
	if !ok {
		if total, ok = summaryCounts(remote); !ok {
			return out
		}
		from = nil // recount from the merged pages below
		total = map[string]int{}
	}
	total = maps.Clone(total)
	for p := range pages {
		if a := pageArea(p); a != "" && (from == nil || !from[p]) {
			total[a]++
		}
	}
	for p := range from {
		if a := pageArea(p); a != "" && !pages[p] {
			total[a]--
		}
	}
	var counts []AreaCount
	sum := 0
	for _, a := range slices.Sorted(maps.Keys(total)) {
		if n := total[a]; n > 0 {
			counts = append(counts, AreaCount{Area: a, N: n})
			sum += n
		}
	}
	line := SummaryCountsLine(counts)
	listed := 0
	for _, l := range out {
		if strings.HasPrefix(l, "- ") && strings.Contains(l, "([page](") {
			listed++
		}
	}
	var res []string
	for _, l := range out {
		switch lineKey(l) {
		case "\x00summary-counts":
			res = append(res, line)
		case "\x00more":
			if more := sum - listed; more > 0 {
				res = append(res, MoreLine(more))
			} else if len(res) > 0 && res[len(res)-1] == "" {
				res = res[:len(res)-1] // the blank line that led to it
			}
		default:
			res = append(res, l)
		}
	}
	return res
}

// FixIndexFile brings an index file in line with the merged pages: link
// lines to pages it does not hold go, and index.md's area counts are
// recomputed (an area without pages loses its line; one without a line
// gets one after the others).
func FixIndexFile(p string, b []byte, pages map[string]bool) []byte {
	dir := path.Dir(p)
	perArea := map[string]int{}
	for pg := range pages {
		if parts := strings.Split(pg, "/"); len(parts) == 3 && parts[0] == "pages" {
			perArea[parts[1]]++
		}
	}
	var out []string
	lastArea := -1
	listedAreas := map[string]bool{}
	for _, l := range splitLines(b) {
		if p == IndexFile {
			if area, _, ok := ParseAreaCountLine(l); ok {
				if n := perArea[area]; n > 0 && !listedAreas[area] {
					listedAreas[area] = true
					out = append(out, AreaCountLine(area, n))
					lastArea = len(out) - 1
				}
				continue
			}
		}
		if strings.HasPrefix(strings.TrimLeft(l, " \t"), "- ") && linksMissing(dir, l, pages, perArea) {
			continue
		}
		out = append(out, l)
	}
	if p == IndexFile && lastArea >= 0 {
		var add []string
		for _, a := range slices.Sorted(maps.Keys(perArea)) {
			if !listedAreas[a] {
				add = append(add, AreaCountLine(a, perArea[a]))
			}
		}
		out = slices.Insert(out, lastArea+1, add...)
		out = slices.DeleteFunc(out, func(l string) bool { return l == NoPagesLine })
	}
	return joinLines(out)
}

// linksMissing reports whether a line links a page (or an area index)
// that the merged tree does not hold.
func linksMissing(dir, l string, pages map[string]bool, perArea map[string]int) bool {
	for _, m := range mergeLinkTarget.FindAllStringSubmatch(l, -1) {
		t := m[1]
		if strings.Contains(t, "://") || !strings.HasSuffix(t, ".md") {
			continue
		}
		full := path.Clean(path.Join(dir, t))
		parts := strings.Split(full, "/")
		if len(parts) != 3 || parts[0] != "pages" {
			continue
		}
		if parts[2] == "index.md" {
			if perArea[parts[1]] == 0 {
				return true
			}
			continue
		}
		if !pages[full] {
			return true
		}
	}
	return false
}

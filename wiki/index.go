package wiki

import (
	"fmt"
	"sort"
	"strings"
)

// DefaultIndex renders the standard index.md supplied when an artifact has
// none: a short note on how to use the memory, then a link to every area
// index and page among paths (artifact paths of files), sorted.
func DefaultIndex(paths []string) []byte {
	var b strings.Builder
	b.WriteString("# Memory index\n\n")
	b.WriteString("Read this map first, then the area index, then the pages it links.\n")
	b.WriteString("Cite page paths and the session ids in each page's Sources section.\n\n")
	b.WriteString("## Memory map\n\n")
	var listed []string
	for _, p := range paths {
		k, err := ClassifyPath(p, false)
		if err == nil && (k == KindAreaIndex || k == KindPage) {
			listed = append(listed, p)
		}
	}
	sort.Strings(listed)
	if len(listed) == 0 {
		b.WriteString(NoPagesLine + "\n")
	}
	for _, p := range listed {
		fmt.Fprintf(&b, "- [%s](%s)\n", p, p)
	}
	return []byte(b.String())
}

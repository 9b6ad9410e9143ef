package gitstore

import (
	"bytes"
	"path"
	"strings"

	"github.com/memfs/memfs/gitstore/erasure"
	"github.com/memfs/memfs/wiki"
)

// Names. A file or folder whose name holds forgotten text is renamed in
// every revision: a page's slug or an area's name is often made of its
// content ("wifi-password-hunter2.md"). The new name comes from
// EraseSpec.Name, a keyed hash of the old path, so it is the same in
// every store that applies the same markers. The fixed names of the
// layout (pages, index.md, summary.md) and files that are not Markdown
// are never renamed; a forget that would need to touch them breaks the
// artifact and is refused before it runs (forget_breaks_schema).

// nameHolds reports whether an entry name holds matched text: a folder's
// whole name, a Markdown file's name without ".md". Fixed names do not
// count.
func (e *Eraser) nameHolds(name string, file bool) bool {
	if e.spec.Text == nil {
		return false
	}
	base, ok := erasure.Renameable(name, file)
	return ok && wiki.ContainsMatch([]byte(base), e.spec.Text)
}

// rename is Edit.Rename: the new name of the entry at old path p. A
// folder is renamed when its name holds matched text; a file also when a
// match runs from its folder's name into its own (separators are word
// breaks, see erasure.NameEndsMatch), so the split literal leaves the path.
func (e *Eraser) rename(p string, isDir bool) (string, bool) {
	e.mu.Lock()
	n, ok := e.names[p]
	e.mu.Unlock()
	if !ok {
		if e.nameHolds(path.Base(p), !isDir) ||
			!isDir && e.spec.Text != nil && erasure.NameEndsMatch(e.spec.Text, strings.Split(p, "/"), strings.Count(p, "/")) {
			n = e.spec.Name(p)
			if !isDir {
				n += ".md"
			}
		}
		e.mu.Lock()
		e.names[p] = n
		e.mu.Unlock()
	}
	return n, n != ""
}

// renamePath returns what the file at old path p is called after the
// rewrite.
func (e *Eraser) renamePath(p string) string {
	if e.spec.Text == nil {
		return p
	}
	segs := strings.Split(p, "/")
	out := make([]string, len(segs))
	for i, s := range segs {
		out[i] = s
		if n, ok := e.rename(strings.Join(segs[:i+1], "/"), i < len(segs)-1); ok {
			out[i] = n
		}
	}
	return strings.Join(out, "/")
}

// renameLinks makes the links of the file at old path from follow the
// files they point to when those are renamed.
func (e *Eraser) renameLinks(from string, b []byte) []byte {
	newFrom := e.renamePath(from)
	done := map[string]bool{}
	for _, l := range e.parser.Parse(b).Links {
		dest := strings.TrimSpace(l.Dest)
		if done[dest] || strings.ContainsAny(dest, ":?%\\") {
			continue
		}
		done[dest] = true
		p, frag, _ := strings.Cut(dest, "#")
		if p == "" {
			continue
		}
		target, ext := wiki.LinkTarget(from, p)
		if ext {
			continue
		}
		nt := e.renamePath(target)
		if nt == target {
			continue
		}
		nd := "/" + nt
		if !strings.HasPrefix(p, "/") {
			nd = relPath(path.Dir(newFrom), nt)
		}
		if frag != "" || strings.HasSuffix(dest, "#") {
			nd += "#" + frag
		}
		for _, form := range [][2]string{{"](", ")"}, {"](", " "}, {"]: ", "\n"}, {"]: ", " "}, {"](<", ">"}} {
			b = bytes.ReplaceAll(b, []byte(form[0]+dest+form[1]), []byte(form[0]+nd+form[1]))
		}
	}
	return b
}

// relPath returns the relative link from folder dir to the file to.
func relPath(dir, to string) string {
	var ds []string
	if dir != "." && dir != "" {
		ds = strings.Split(dir, "/")
	}
	ts := strings.Split(to, "/")
	i := 0
	for i < len(ds) && i < len(ts)-1 && ds[i] == ts[i] {
		i++
	}
	parts := make([]string, 0, len(ds)-i+len(ts)-i)
	for range ds[i:] {
		parts = append(parts, "..")
	}
	return strings.Join(append(parts, ts[i:]...), "/")
}

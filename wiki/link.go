package wiki

import (
	"net/url"
	"path"
	"strings"
)

// LinkTarget classifies a link destination found in the file at from (an
// artifact path). It returns the artifact path the link points to when the
// link is internal, and external=true for links with a scheme or host.
// Fragment-only links resolve to from itself.
func LinkTarget(from, dest string) (target string, external bool) {
	dest = strings.TrimSpace(dest)
	if dest == "" {
		return from, false
	}
	// Most links are plain relative paths; resolve those without a URL
	// parse, which dominates validating a large area index.
	if !strings.ContainsAny(dest, ":?#%\\") && !strings.HasPrefix(dest, "//") {
		if strings.HasPrefix(dest, "/") {
			return path.Clean(dest[1:]), false
		}
		return path.Join(path.Dir(from), dest), false
	}
	u, err := url.Parse(dest)
	if err != nil {
		return "", true
	}
	if u.Scheme != "" || u.Host != "" {
		return "", true
	}
	p := u.Path
	if p == "" {
		return from, false
	}
	if strings.HasPrefix(p, "/") {
		return path.Clean(strings.TrimPrefix(p, "/")), false
	}
	return path.Clean(path.Join(path.Dir(from), p)), false
}

package validate

import "strings"

// redactedSegment reports whether a path segment holds the word
// "redacted". Evidence reaches a dreamer with each secret replaced by
// "[REDACTED:<rule>]", so a name made from it
// ("django-secretkey-redacted-secret-named-key-prod") was made from a
// sentence that held a secret. Publish refuses such a path, so that a
// secret's place never names a page or an area; read mode accepts a store
// that already holds one.
func redactedSegment(seg string) bool {
	return strings.Contains(strings.ToLower(seg), "redacted")
}

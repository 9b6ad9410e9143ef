// Package archtest holds no code: its tests enforce the package map of
// docs/design.md — the partial order in which memfs's components may import
// each other, the explicit prohibitions it states, and which single
// component may import each third-party library.
package archtest

// Package archtest holds no code: its test enforces the dependency rules of
// DESIGN.md §2 — imports point down the package list, only gitstore
// imports go-git, only ledger imports bbolt, only fs imports go-fuse.
package archtest

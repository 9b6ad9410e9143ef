// Package archtest holds no code: its tests enforce the package map of
// docs/design.md over what go list says each package imports and reaches
// (test files left out).
//
// A component is a top-level folder, a folder directly under internal/, or
// a deeper folder with a row of its own (transcript/redact,
// gitstore/erasure); its subpackages share its row. The internal leaves
// (config, errcode, scope, fsutil, jsonscan, version, progress, safedir,
// termsafe, storetest, gittest, synthmem, memcorpus) each have a row of their own and may be
// imported by any component; internal/app, the composition layer, may be
// reached only from cmd and scripts, storetest and gittest only from tests, and
// synthmem and memcorpus only from tests and scripts.
//
// The rules: each component imports directly only what its row allows;
// everything a package reaches, through any chain of imports and leaves,
// lies within the chains of its rows; no package reaches what the design's
// never list forbids; and each third-party library is imported by its one
// owner. The rows themselves are checked to grant no never.
//
// Files:
//
//   - map_test.go: the package map as data (components, rows, leaves,
//     nevers, owners); renaming a folder is a change of one name there.
//   - check_test.go: go list, and the checker that reports each broken rule
//     with the package, the rule, and the import chain.
//   - arch_test.go: the map itself, the module against it, the checker on
//     small graphs, and a planted violation in a go list overlay.
package archtest

// Package halves runs every half of the memory corpus (internal/memcorpus)
// through a freshly built memfs command and holds the floors each half has
// reached. It has no code outside its test: it is a package of its own so
// that the corpus, the longest test, runs beside the other packages' tests
// and has its own time limit.
package halves

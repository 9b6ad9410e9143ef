// Package jsonscan is a small JSON reader for lines that are mostly left
// unread: it walks the members of an object (or the elements of an array)
// and hands out each value as a raw span, skipping the values nobody asked
// for without decoding them. Strings are skipped with bytes.IndexByte, so
// a line that is mostly a large tool output costs little more than a
// memchr.
//
// Skipping is lax inside values nobody reads (bracket kinds are not
// matched); what is decoded (DecodeString, String, Rewrite) is decoded
// strictly. Nothing here panics on any input, and no error carries content:
// failures are reported as false or -1.
//
// It also writes JSON strings the way the readers expect to measure them:
// AppendString escapes only what JSON requires, so EncodedLen predicts its
// size.
package jsonscan

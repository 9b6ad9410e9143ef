// Package errcode gives memfs's errors their stable machine-readable
// codes: the codes of docs/design.md §4 that --json output carries and
// scripts branch on. Every coded error, in every package, answers one
// interface, Coder; the CLI reads a code with one errors.As (Of) and never
// spells one itself.
//
// A package declares its sentinels with New, so that errors.Is keeps
// working by identity and each sentinel carries its code; an error type
// that carries data implements Code itself.
package errcode

import (
	"context"
	"errors"
)

// The CLI's own codes: for a usage error, a cancelled command, and any
// failure that no package coded.
const (
	Usage     = "usage"
	Cancelled = "cancelled"
	Failure   = "failure"
)

// Coder is an error with a stable machine-readable code.
type Coder interface {
	error
	Code() string
}

// Error is a sentinel error with a code. Compare it with errors.Is.
type Error struct {
	code, msg string
}

// New returns a sentinel error whose message is msg and whose code is
// code (lowercase words joined by underscores).
func New(code, msg string) *Error { return &Error{code: code, msg: msg} }

func (e *Error) Error() string { return e.msg }

// Code returns e's stable code.
func (e *Error) Code() string { return e.code }

// Of returns the code of the first coded error in err's chain (the
// outermost, as errors.As finds it), or "" when none is coded.
func Of(err error) string {
	var c Coder
	if errors.As(err, &c) {
		return c.Code()
	}
	return ""
}

// Code returns err's code for a command's output: Of(err) when err is
// coded, Cancelled when it is a cancellation, else Failure.
func Code(err error) string {
	if c := Of(err); c != "" {
		return c
	}
	if errors.Is(err, context.Canceled) {
		return Cancelled
	}
	return Failure
}

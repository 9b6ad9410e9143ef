//go:build !linux

package execdreamer

import (
	"errors"
	"os/exec"
)

// Without Landlock there is no confinement in files: an exec dreamer runs
// only with Confine = ConfineNone.

var errNoLandlock = errors.New("confinement in files needs Linux Landlock")

// LandlockABI reports 0: this system has no Landlock.
func LandlockABI() int { return 0 }

type policy struct{}

type ruleset struct{}

func newPolicy(string, string, []string, []string) policy { return policy{} }
func (policy) build() (*ruleset, error)                   { return nil, errNoLandlock }
func (*ruleset) close()                                   {}
func startConfined(*exec.Cmd, *ruleset) error             { return errNoLandlock }

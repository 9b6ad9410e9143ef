//go:build !linux

package execdreamer

import "os/exec"

// containment is the process group alone where Linux's subreaper, pidfds
// and cgroups are missing.
type containment struct{}

func newContainment(bool) (*containment, error) { return &containment{}, nil }
func (c *containment) apply(*exec.Cmd)          {}
func (c *containment) dropCgroup() bool         { return false }
func (c *containment) close()                   {}
func (c *containment) started(int)              {}
func (c *containment) sweep()                   {}

package memfuse

import (
	"errors"

	"github.com/memfs/memfs/internal/errcode"
)

// Sentinel errors of the package. Callers branch on them with errors.Is.
var (
	// ErrStaleMount means the mount point is a FUSE mount whose server is
	// gone ("transport endpoint is not connected").
	ErrStaleMount = errors.New("stale FUSE mount (transport endpoint is not connected)")
	// ErrNoFUSE means the kernel's FUSE device is missing or unusable.
	ErrNoFUSE = errors.New("FUSE is not available")
	// ErrMountFailed means the kernel or the helper refused the mount.
	ErrMountFailed = errors.New("mount failed")
	// ErrUnsupportedArtifact means a revision's Memfs-Artifact trailer names
	// no artifact version this memfs can serve.
	ErrUnsupportedArtifact = errors.New("revision is not a supported memfs artifact")
	// ErrMountpointInUse means the mount point is already a mount point or
	// holds files: memfs neither stacks a mount on another nor hides a
	// folder's files.
	ErrMountpointInUse = errcode.New("mountpoint_in_use", "mount point in use")
)

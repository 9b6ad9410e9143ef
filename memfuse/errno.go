package memfuse

import (
	"context"
	"errors"
	iofs "io/fs"
	"log/slog"
	"syscall"

	"github.com/memfs/memfs/gitstore"
)

// errno maps an error to the errno a FUSE handler returns. go-fuse's own
// ToErrno compares with == and does not unwrap, so every handler goes
// through this function instead. Unexpected errors are logged and become
// EIO.
func errno(log *slog.Logger, err error) syscall.Errno {
	if err == nil {
		return 0
	}
	var e syscall.Errno
	switch {
	case errors.Is(err, iofs.ErrNotExist), errors.Is(err, gitstore.ErrNotFound),
		errors.Is(err, gitstore.ErrNoScope), errors.Is(err, gitstore.ErrUnknownRevision):
		return syscall.ENOENT
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return syscall.EINTR
	case errors.As(err, &e):
		return e
	}
	if log != nil {
		log.Error("fuse request failed", "err", err)
	}
	return syscall.EIO
}

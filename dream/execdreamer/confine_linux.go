package execdreamer

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"unsafe"

	"golang.org/x/sys/unix"
)

// Confinement in files: the command runs in a Landlock domain that lets it
// read and write its run directory and a scratch folder of its own
// ($TMPDIR), read (and execute) what a program needs — the system folders,
// /proc, /sys, $HOME — and nothing of the memfs home: not the store, the
// ledger, config.toml, other runs. Landlock is an allow-list, and a rule
// on a folder covers everything beneath it, so a readable root that
// contains the memfs home (the default home is under $HOME) is not
// allowed whole: its entries are allowed one by one, except the one on the
// way to the memfs home, which is split the same way ("carving"). A rule
// is checked on the real path it names, so a link to the memfs home is no
// way in either.
//
// The domain is entered by one OS thread just before it forks the
// command: the goroutine locks its thread, sets no_new_privs and
// landlock_restrict_self on it, starts the command, and exits without
// unlocking, which makes the Go runtime end that thread. Landlock applies
// to the calling thread and what it forks; the runtime never clones a new
// thread from a locked one (it asks its template thread), so memfs itself
// keeps its access. This needs no re-exec trampoline and no new
// dependency (go-landlock restricts every thread of the process, which
// would lock memfs out of its own store). Nothing that depends on the
// starting thread (Pdeathsig) may be used with it.

// landlockABI returns the kernel's Landlock ABI version, 0 without
// Landlock (an old kernel, or the LSM not enabled).
func landlockABI() int {
	v, _, errno := unix.Syscall(unix.SYS_LANDLOCK_CREATE_RULESET, 0, 0, unix.LANDLOCK_CREATE_RULESET_VERSION)
	if errno != 0 {
		return 0
	}
	return int(v)
}

// LandlockABI reports the Landlock ABI version this kernel offers, 0 when
// it has none (memfs doctor prints it).
func LandlockABI() int { return landlockABI() }

// Access rights, by the ABI that introduced them.
const (
	fsRead = unix.LANDLOCK_ACCESS_FS_EXECUTE | unix.LANDLOCK_ACCESS_FS_READ_FILE | unix.LANDLOCK_ACCESS_FS_READ_DIR
	fsABI1 = unix.LANDLOCK_ACCESS_FS_EXECUTE | unix.LANDLOCK_ACCESS_FS_WRITE_FILE | unix.LANDLOCK_ACCESS_FS_READ_FILE |
		unix.LANDLOCK_ACCESS_FS_READ_DIR | unix.LANDLOCK_ACCESS_FS_REMOVE_DIR | unix.LANDLOCK_ACCESS_FS_REMOVE_FILE |
		unix.LANDLOCK_ACCESS_FS_MAKE_CHAR | unix.LANDLOCK_ACCESS_FS_MAKE_DIR | unix.LANDLOCK_ACCESS_FS_MAKE_REG |
		unix.LANDLOCK_ACCESS_FS_MAKE_SOCK | unix.LANDLOCK_ACCESS_FS_MAKE_FIFO | unix.LANDLOCK_ACCESS_FS_MAKE_BLOCK |
		unix.LANDLOCK_ACCESS_FS_MAKE_SYM
	// fileRights are the rights a rule on a non-directory may carry.
	fileRights = unix.LANDLOCK_ACCESS_FS_EXECUTE | unix.LANDLOCK_ACCESS_FS_WRITE_FILE | unix.LANDLOCK_ACCESS_FS_READ_FILE |
		unix.LANDLOCK_ACCESS_FS_TRUNCATE | unix.LANDLOCK_ACCESS_FS_IOCTL_DEV
)

// handledFS is every file-system right the ABI knows: all of them are
// denied unless a rule allows them.
func handledFS(abi int) uint64 {
	h := uint64(fsABI1)
	if abi >= 2 {
		h |= unix.LANDLOCK_ACCESS_FS_REFER
	}
	if abi >= 3 {
		h |= unix.LANDLOCK_ACCESS_FS_TRUNCATE
	}
	if abi >= 5 {
		h |= unix.LANDLOCK_ACCESS_FS_IOCTL_DEV
	}
	return h
}

// systemRead are the folders a normal program reads: its binaries and
// libraries, the system's configuration, the kernel's views of processes
// and devices. /proc shows other processes, but Landlock denies a
// confined process the ptrace-mode access their environ, mem or fd links
// need, and a magic link (/proc/N/root, /proc/N/fd/M) is checked on the
// file it reaches.
var systemRead = []string{"/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc", "/opt", "/nix", "/snap", "/proc", "/sys", "/run/systemd/resolve"}

// systemDevices are the device files a program reads and writes.
var systemDevices = []string{"/dev/null", "/dev/zero", "/dev/full", "/dev/random", "/dev/urandom", "/dev/tty"}

// policy is what one run's command may reach.
type policy struct {
	// protect is the memfs home: nothing beneath it is reachable but
	// the run directory.
	protect string
	runDir  string
	// read and write are the readable and the writable roots.
	read, write []string
	devices     []string
}

// newPolicy is the policy of a run: runDir and scratch writable, the
// system, $HOME and extra readable, extraWrite writable, the memfs home
// (the folder holding the runs folder) protected.
func newPolicy(runDir, scratch string, extraRead, extraWrite []string) policy {
	p := policy{
		protect: filepath.Dir(filepath.Dir(runDir)),
		runDir:  runDir,
		write:   append([]string{runDir, scratch}, extraWrite...),
		devices: systemDevices,
	}
	p.read = append(p.read, systemRead...)
	if h, err := os.UserHomeDir(); err == nil && h != "" {
		p.read = append(p.read, h)
	}
	p.read = append(p.read, extraRead...)
	return p
}

// ruleset is a Landlock ruleset being built, as its file descriptor.
type ruleset struct {
	fd     int
	abi    int
	handle uint64
	// protect and runDir are real paths (links resolved).
	protect, runDir string
}

// errNoLandlock means the kernel cannot confine the command in files.
var errNoLandlock = errors.New("this kernel has no Landlock (Linux 5.13 or later with the landlock LSM enabled)")

// build creates the ruleset of p.
func (p policy) build() (*ruleset, error) {
	abi := landlockABI()
	if abi < 1 {
		return nil, errNoLandlock
	}
	rs := &ruleset{abi: abi, handle: handledFS(abi), protect: realPath(p.protect), runDir: realPath(p.runDir)}
	attr := unix.LandlockRulesetAttr{Access_fs: rs.handle}
	size := unsafe.Sizeof(attr)
	if abi >= 6 {
		// A confined command may not signal memfs or anything outside
		// its domain, nor reach abstract unix sockets outside it.
		attr.Scoped = unix.LANDLOCK_SCOPE_SIGNAL | unix.LANDLOCK_SCOPE_ABSTRACT_UNIX_SOCKET
	} else {
		size = unsafe.Offsetof(attr.Scoped)
		if abi < 4 {
			size = unsafe.Offsetof(attr.Access_net)
		}
	}
	fd, _, errno := unix.Syscall(unix.SYS_LANDLOCK_CREATE_RULESET, uintptr(unsafe.Pointer(&attr)), size, 0)
	runtime.KeepAlive(&attr)
	if errno != 0 {
		return nil, fmt.Errorf("landlock_create_ruleset: %w", errno)
	}
	rs.fd = int(fd)
	for _, d := range p.write {
		if err := rs.allow(d, rs.handle, 0); err != nil {
			rs.close()
			return nil, err
		}
	}
	for _, d := range p.read {
		if err := rs.allow(d, fsRead, 0); err != nil {
			rs.close()
			return nil, err
		}
	}
	for _, d := range p.devices {
		if err := rs.allow(d, fsRead|unix.LANDLOCK_ACCESS_FS_WRITE_FILE|unix.LANDLOCK_ACCESS_FS_TRUNCATE, 0); err != nil {
			rs.close()
			return nil, err
		}
	}
	return rs, nil
}

func (rs *ruleset) close() {
	if rs != nil && rs.fd >= 0 {
		unix.Close(rs.fd)
		rs.fd = -1
	}
}

// maxCarve bounds how deep a root is split on the way to the memfs home.
const maxCarve = 16

// allow adds a rule giving access beneath path. A path that does not
// exist is skipped; one whose real path is the memfs home or beneath it
// (the run directory aside) is skipped; one that holds the memfs home is
// carved: each of its entries is allowed instead, but the one on the way.
func (rs *ruleset) allow(path string, access uint64, depth int) error {
	fd, err := unix.Open(path, unix.O_PATH|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil // missing or unreachable: nothing to allow
	}
	defer unix.Close(fd)
	real, err := os.Readlink("/proc/self/fd/" + strconv.Itoa(fd))
	if err != nil {
		return fmt.Errorf("landlock: resolve %s: %w", path, err)
	}
	switch {
	case within(real, rs.runDir):
	case within(real, rs.protect):
		return nil
	case within(rs.protect, real):
		if depth >= maxCarve {
			return nil
		}
		ents, err := os.ReadDir(real)
		if err != nil {
			return nil
		}
		for _, e := range ents {
			if err := rs.allow(filepath.Join(real, e.Name()), access, depth+1); err != nil {
				return err
			}
		}
		return nil
	}
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err != nil {
		return fmt.Errorf("landlock: stat %s: %w", path, err)
	}
	access &= rs.handle
	if st.Mode&unix.S_IFMT != unix.S_IFDIR {
		access &= fileRights
	}
	attr := unix.LandlockPathBeneathAttr{Allowed_access: access, Parent_fd: int32(fd)}
	_, _, errno := unix.Syscall6(unix.SYS_LANDLOCK_ADD_RULE, uintptr(rs.fd), unix.LANDLOCK_RULE_PATH_BENEATH, uintptr(unsafe.Pointer(&attr)), 0, 0, 0)
	runtime.KeepAlive(&attr)
	if errno != 0 {
		return fmt.Errorf("landlock_add_rule %s: %w", path, errno)
	}
	return nil
}

// within reports whether p is dir or beneath it (both clean and absolute).
func within(p, dir string) bool {
	return p == dir || dir == "/" || strings.HasPrefix(p, dir+"/")
}

// realPath resolves links in p; p itself when it cannot.
func realPath(p string) string {
	if r, err := filepath.EvalSymlinks(p); err == nil {
		if a, err := filepath.Abs(r); err == nil {
			return a
		}
	}
	return filepath.Clean(p)
}

// startConfined starts cmd from a thread of its own that entered the
// ruleset's domain; that thread ends with the goroutine.
func startConfined(cmd *exec.Cmd, rs *ruleset) error {
	errc := make(chan error, 1)
	go func() {
		// Never unlocked: the thread is confined, and the runtime
		// ends a thread whose goroutine exits locked to it.
		runtime.LockOSThread()
		if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
			errc <- fmt.Errorf("no_new_privs: %w", err)
			return
		}
		if _, _, errno := unix.Syscall(unix.SYS_LANDLOCK_RESTRICT_SELF, uintptr(rs.fd), 0, 0); errno != 0 {
			errc <- fmt.Errorf("landlock_restrict_self: %w", errno)
			return
		}
		errc <- cmd.Start()
	}()
	return <-errc
}

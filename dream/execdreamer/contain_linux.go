package execdreamer

import (
	"bufio"
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// Containment: nothing a dreamer starts may outlive its run, not even a
// child that left the process group (setsid) or was orphaned on purpose
// (a double fork). Three things make that hold:
//
//   - memfs is a child subreaper while exec runs are under way, so an
//     orphaned descendant is re-parented to memfs rather than to init,
//     stays in memfs's process tree, and is reaped by memfs;
//   - where a cgroup v2 with cgroup.kill can be created (root, or a
//     delegated hierarchy), the command starts inside a cgroup of its own,
//     and cgroup.kill ends everything in it at once, fork races included;
//   - otherwise, and after cgroup.kill too, a sweep of /proc kills and
//     reaps every process of memfs's tree that belongs to the run: in its
//     cgroup, in its process group, below its leader, or carrying the
//     run's token in its environment.
//
// Only processes of the run are ever signalled or reaped: other children
// of memfs (other runs, other goroutines' commands) are left alone.

// tokenVar carries a run's containment token in the command's environment.
const tokenVar = "MEMFS_DREAM_CONTAIN"

// subreaper counts the exec runs under way in this process. The subreaper
// attribute is process-wide, so its count must be too: it is set by the
// first run and cleared when the last one ends.
var subreaper struct {
	sync.Mutex
	n int
}

func acquireSubreaper() {
	subreaper.Lock()
	defer subreaper.Unlock()
	if subreaper.n == 0 {
		_ = unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
	}
	subreaper.n++
}

func releaseSubreaper() {
	subreaper.Lock()
	defer subreaper.Unlock()
	subreaper.n--
	if subreaper.n == 0 {
		_ = unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 0, 0, 0, 0)
	}
}

// containment holds one run's means of finding what it started.
type containment struct {
	token  string
	cgroup string // the run's cgroup folder, "" without one
	cgfd   int
	leader int
}

// newContainment makes the run a subreaper holder and, where it can, a
// cgroup. useCgroup false skips the cgroup (tests of the sweep).
func newContainment(useCgroup bool) (*containment, error) {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return nil, err
	}
	c := &containment{token: hex.EncodeToString(b[:]), cgfd: -1}
	if useCgroup {
		c.makeCgroup()
	}
	acquireSubreaper()
	return c, nil
}

// apply prepares cmd: the token in its environment and, with a cgroup,
// the cgroup to start it in.
func (c *containment) apply(cmd *exec.Cmd) {
	cmd.Env = append(cmd.Env, tokenVar+"="+c.token)
	if c.cgfd >= 0 {
		cmd.SysProcAttr.UseCgroupFD = true
		cmd.SysProcAttr.CgroupFD = c.cgfd
	}
}

// dropCgroup gives up the cgroup (a start that failed with it).
func (c *containment) dropCgroup() bool {
	if c.cgroup == "" {
		return false
	}
	syscall.Close(c.cgfd)
	_ = os.Remove(c.cgroup)
	c.cgroup, c.cgfd = "", -1
	return true
}

// close ends the containment: the cgroup goes, the subreaper count drops.
func (c *containment) close() {
	c.dropCgroup()
	releaseSubreaper()
}

// makeCgroup creates a cgroup v2 for the run below memfs's own, when the
// hierarchy is writable and has cgroup.kill; otherwise it leaves none.
func (c *containment) makeCgroup() {
	base := ownCgroupDir()
	if base == "" {
		return
	}
	var b [4]byte
	_, _ = rand.Read(b[:])
	dir := filepath.Join(base, fmt.Sprintf("memfs-dream-%d-%s", os.Getpid(), hex.EncodeToString(b[:])))
	if err := os.Mkdir(dir, 0o700); err != nil {
		return
	}
	if _, err := os.Stat(filepath.Join(dir, "cgroup.kill")); err != nil {
		_ = os.Remove(dir)
		return
	}
	fd, err := syscall.Open(dir, syscall.O_RDONLY|syscall.O_DIRECTORY|syscall.O_CLOEXEC, 0)
	if err != nil {
		_ = os.Remove(dir)
		return
	}
	c.cgroup, c.cgfd = dir, fd
}

// ownCgroupDir is the folder of memfs's own cgroup v2, "" when there is no
// cgroup v2 mount that shows it.
func ownCgroupDir() string {
	b, err := os.ReadFile("/proc/self/cgroup")
	if err != nil {
		return ""
	}
	own, ok := "", false
	for _, l := range strings.Split(string(b), "\n") {
		if p, found := strings.CutPrefix(l, "0::"); found {
			own, ok = p, true
		}
	}
	if !ok {
		return ""
	}
	f, err := os.Open("/proc/self/mountinfo")
	if err != nil {
		return ""
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		// id parent major:minor root mountpoint options ... - fstype source superopts
		pre, post, ok := strings.Cut(sc.Text(), " - ")
		if !ok || !strings.HasPrefix(post, "cgroup2 ") {
			continue
		}
		fs := strings.Fields(pre)
		if len(fs) < 5 {
			continue
		}
		root, mnt := fs[3], fs[4]
		rel, ok := strings.CutPrefix(own, root)
		if !ok {
			continue
		}
		return filepath.Join(mnt, rel)
	}
	return ""
}

// started records the command's leader.
func (c *containment) started(pid int) { c.leader = pid }

// proc is one process of the /proc sweep.
type proc struct {
	pid, ppid, pgrp int
	zombie          bool
	start           string // start time, to tell a reused pid apart
}

// sweep kills and reaps everything the run started that is still there,
// once the leader is gone and its group was killed. It stops when a pass
// finds nothing of the run, or after a bounded time (a process stuck in
// the kernel cannot be reaped sooner).
func (c *containment) sweep() {
	if c.cgroup != "" {
		_ = os.WriteFile(filepath.Join(c.cgroup, "cgroup.kill"), []byte("1"), 0)
	}
	self := os.Getpid()
	killed := map[int]string{}
	deadline := time.Now().Add(5 * time.Second)
	for delay := time.Millisecond; ; delay = min(2*delay, 20*time.Millisecond) {
		procs := readProcs()
		found := false
		for _, p := range procs {
			if p.pid == c.leader || !c.ours(p, procs, self) {
				continue
			}
			found = true
			if !p.zombie && killed[p.pid] != p.start && killPid(p) {
				killed[p.pid] = p.start
			}
			if p.ppid == self && (p.zombie || killed[p.pid] == p.start) {
				// Re-parented to us and dead or dying: reap this pid.
				var ws unix.WaitStatus
				_, _ = unix.Wait4(p.pid, &ws, 0, nil)
			}
		}
		if !found || time.Now().After(deadline) {
			return
		}
		// What was killed has to finish dying, and its orphans have to be
		// re-parented, before the next pass can see them.
		time.Sleep(delay)
	}
}

// ours reports whether p belongs to the run: it is in memfs's tree and it
// is in the run's cgroup, its process group, below its leader, or carries
// its token.
func (c *containment) ours(p proc, procs map[int]proc, self int) bool {
	below := func(anc int) bool {
		seen := 0
		for q := p; seen < len(procs)+1; seen++ {
			if q.ppid == anc {
				return true
			}
			next, ok := procs[q.ppid]
			if !ok {
				return false
			}
			q = next
		}
		return false
	}
	if p.pid == self || !below(self) {
		return false
	}
	if c.leader > 0 && (p.pgrp == c.leader || below(c.leader)) {
		return true
	}
	if c.cgroup != "" && inCgroup(p.pid, c.cgroup) {
		return true
	}
	return hasToken(p.pid, c.token)
}

// readProcs reads every process's pid, parent, group, state and start.
func readProcs() map[int]proc {
	out := map[int]proc{}
	ents, err := os.ReadDir("/proc")
	if err != nil {
		return out
	}
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if p, ok := readProc(pid); ok {
			out[pid] = p
		}
	}
	return out
}

func readProc(pid int) (proc, bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return proc{}, false
	}
	// pid (comm) state ppid pgrp session ... starttime is field 22.
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return proc{}, false
	}
	f := strings.Fields(string(b[i+1:]))
	if len(f) < 20 {
		return proc{}, false
	}
	ppid, err1 := strconv.Atoi(f[1])
	pgrp, err2 := strconv.Atoi(f[2])
	if err1 != nil || err2 != nil {
		return proc{}, false
	}
	return proc{pid: pid, ppid: ppid, pgrp: pgrp, zombie: f[0] == "Z", start: f[19]}, true
}

// killPid sends SIGKILL to p through a pidfd, once the pidfd is known to
// name the process that was read (same start time), so a reused pid is
// never signalled.
func killPid(p proc) bool {
	fd, err := unix.PidfdOpen(p.pid, 0)
	if err != nil {
		return false
	}
	defer unix.Close(fd)
	if now, ok := readProc(p.pid); !ok || now.start != p.start {
		return false
	}
	return unix.PidfdSendSignal(fd, unix.SIGKILL, nil, 0) == nil
}

// inCgroup reports whether pid is in the cgroup folder dir.
func inCgroup(pid int, dir string) bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/cgroup")
	if err != nil {
		return false
	}
	name := "/" + filepath.Base(dir)
	for _, l := range strings.Split(string(b), "\n") {
		if p, ok := strings.CutPrefix(l, "0::"); ok && strings.HasSuffix(p, name) {
			return true
		}
	}
	return false
}

// hasToken reports whether pid's environment holds the run's token.
func hasToken(pid int, token string) bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/environ")
	if err != nil {
		return false
	}
	want := []byte(tokenVar + "=" + token)
	for _, kv := range bytes.Split(b, []byte{0}) {
		if bytes.Equal(kv, want) {
			return true
		}
	}
	return false
}

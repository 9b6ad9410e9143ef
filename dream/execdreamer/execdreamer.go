// Package execdreamer owns the exec dreamer: any command — a headless
// coding agent, a script — run with the staged run directory as its working
// directory. It runs `sh -c CMD` in a process group of its own and kills the
// whole group when the command exits or the run's context ends (timeout or
// cancel). Nothing it started outlives the run, not even what left the
// group (setsid) or was orphaned on purpose (a double fork): memfs is a
// child subreaper while the command runs, starts it in a cgroup v2 of its
// own where it can (and ends it with cgroup.kill), and sweeps /proc for
// what is left of the run, killing and reaping only that (contain_linux.go).
//
// It is confined in files too (confine_linux.go): a Landlock domain lets it
// read and write its run directory and a scratch folder of its own
// ($TMPDIR), and read what a program needs ($HOME included), but nothing
// of the memfs home: not the store, the ledger, config.toml or other runs.
// Where the kernel has no Landlock the dreamer refuses to run, unless
// Confine is ConfineNone (config.toml: [dreamer] confine = "none").
//
// The command sees MEMFS_RUN_DIR (the run directory), MEMFS_INPUT (the
// evidence folder, .dreaming/input), MEMFS_MEMORY (.memory, the only thing
// it may change) and MEMFS_INSTRUCTIONS (.dreaming/instructions.md). Its
// standard output, up to a bound, is the run's summary. Whatever it leaves
// in .memory is validated by the coordinator before anything is published.
package execdreamer

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/memfs/memfs/dream"
)

// Name is the dreamer's name on the command line.
const Name = "exec"

// Confinement settings (Dreamer.Confine).
const (
	// ConfineLandlock confines the command in files with Landlock, and
	// refuses to run it where the kernel cannot: the default.
	ConfineLandlock = "landlock"
	// ConfineNone runs the command without confinement in files.
	ConfineNone = "none"
)

// maxSummary bounds how much of the command's output is kept.
const maxSummary = 4096

// Dreamer runs a shell command as the dreamer.
type Dreamer struct {
	// Command is passed to sh -c.
	Command string
	// Env is added to the command's environment.
	Env []string
	// KillGrace is how long the group gets between SIGTERM and SIGKILL
	// once the run's context ends; 2 s when zero.
	KillGrace time.Duration
	// Confine is ConfineLandlock (also when empty) or ConfineNone.
	Confine string
	// Read and Write are extra paths the confined command may read, or
	// read and write (an agent's own config or cache folder). Nothing
	// beneath the memfs home is ever allowed but the run directory.
	Read, Write []string

	// noCgroup contains the command without a cgroup (tests of the
	// subreaper sweep).
	noCgroup bool
}

// Interface check for Dreamer.
var _ dream.Dreamer = Dreamer{}

// Dream runs the command in runDir and waits for it and its whole process
// group.
func (d Dreamer) Dream(ctx context.Context, runDir string) (string, error) {
	if strings.TrimSpace(d.Command) == "" {
		return "", errors.New("exec dreamer: no command given (--dreamer-cmd)")
	}
	grace := d.KillGrace
	if grace <= 0 {
		grace = 2 * time.Second
	}
	rs, scratch, err := d.confine(runDir)
	if err != nil {
		return "", err
	}
	defer rs.close()
	if scratch != "" {
		defer os.RemoveAll(scratch)
	}
	start := func(cmd *exec.Cmd) error {
		if rs != nil {
			return startConfined(cmd, rs)
		}
		return cmd.Start()
	}
	c, err := newContainment(!d.noCgroup)
	if err != nil {
		return "", fmt.Errorf("exec dreamer: %w", err)
	}
	defer c.close()
	var out bytes.Buffer
	cmd := d.command(runDir, scratch, &out, grace, c)
	if err := start(cmd); err != nil {
		if !c.dropCgroup() {
			return "", fmt.Errorf("exec dreamer: start: %w", err)
		}
		// Starting inside the cgroup failed (an old kernel, a hierarchy
		// that refuses it): contain without it.
		out.Reset()
		cmd = d.command(runDir, scratch, &out, grace, c)
		if err := start(cmd); err != nil {
			return "", fmt.Errorf("exec dreamer: start: %w", err)
		}
	}
	pgid := cmd.Process.Pid
	c.started(pgid)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		// The leader is gone; make sure nothing it started lingers.
		_ = syscall.Kill(-pgid, syscall.SIGKILL)
		c.sweep()
		if err != nil {
			return "", fmt.Errorf("exec dreamer: command failed: %w", err)
		}
		return strings.TrimSpace(out.String()), nil
	case <-ctx.Done():
		_ = syscall.Kill(-pgid, syscall.SIGTERM)
		t := time.NewTimer(grace)
		select {
		case <-done:
			t.Stop()
		case <-t.C:
		}
		_ = syscall.Kill(-pgid, syscall.SIGKILL)
		c.sweep()
		select {
		case <-done:
		case <-time.After(grace):
		}
		return "", fmt.Errorf("exec dreamer: %w", ctx.Err())
	}
}

// ErrUnconfined means the command could not be confined in files and
// was not run.
var ErrUnconfined = errors.New("exec dreamer: cannot confine the command in files")

// confine builds the run's Landlock ruleset and its scratch folder; both
// are nil and "" with ConfineNone.
func (d Dreamer) confine(runDir string) (*ruleset, string, error) {
	switch d.Confine {
	case ConfineNone:
		return nil, "", nil
	case "", ConfineLandlock:
	default:
		return nil, "", fmt.Errorf("exec dreamer: confine must be %q or %q", ConfineLandlock, ConfineNone)
	}
	abs, err := filepath.Abs(runDir)
	if err != nil {
		return nil, "", err
	}
	scratch, err := os.MkdirTemp("", "memfs-dream-")
	if err != nil {
		return nil, "", fmt.Errorf("exec dreamer: scratch folder: %w", err)
	}
	rs, err := newPolicy(abs, scratch, d.Read, d.Write).build()
	if err != nil {
		os.RemoveAll(scratch)
		return nil, "", fmt.Errorf("%w: %w (config.toml [dreamer] confine = %q runs it unconfined)", ErrUnconfined, err, ConfineNone)
	}
	return rs, scratch, nil
}

// command builds the command: sh -c in the run directory, the MEMFS_*
// variables (and TMPDIR, the scratch folder, when confined), its own
// process group, contained by c.
func (d Dreamer) command(runDir, scratch string, out *bytes.Buffer, grace time.Duration, c *containment) *exec.Cmd {
	cmd := exec.Command("sh", "-c", d.Command)
	cmd.Dir = runDir
	cmd.Env = append(os.Environ(), d.Env...)
	cmd.Env = append(cmd.Env,
		"MEMFS_RUN_DIR="+runDir,
		"MEMFS_INPUT="+filepath.Join(runDir, dream.DreamingDir, "input"),
		"MEMFS_MEMORY="+filepath.Join(runDir, dream.MemoryDir),
		"MEMFS_INSTRUCTIONS="+filepath.Join(runDir, filepath.FromSlash(dream.InstructionsPath)),
	)
	if scratch != "" {
		cmd.Env = append(cmd.Env, "TMPDIR="+scratch)
	}
	cmd.Stdout = &limitedWriter{w: out, n: maxSummary}
	cmd.Stderr = nil
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	// A background child that keeps stdout open must not hold Wait
	// forever once the command itself has exited.
	cmd.WaitDelay = grace
	c.apply(cmd)
	return cmd
}

// limitedWriter keeps the first n bytes and discards the rest.
type limitedWriter struct {
	w *bytes.Buffer
	n int
}

func (l *limitedWriter) Write(p []byte) (int, error) {
	if room := l.n - l.w.Len(); room > 0 {
		l.w.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}

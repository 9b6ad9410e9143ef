package memfuse

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// Diagnosis is what Diagnose found about FUSE on this machine.
type Diagnosis struct {
	// DevFuse reports whether /dev/fuse exists and opens read-write.
	DevFuse      bool   `json:"dev_fuse"`
	DevFuseError string `json:"dev_fuse_error,omitempty"`
	// Method is how a mount would be made, and MethodReason why.
	Method       Method `json:"method"`
	MethodReason string `json:"method_reason"`
	// Fusermount is the helper's path; FusermountError says why there is
	// none.
	Fusermount      string `json:"fusermount,omitempty"`
	FusermountError string `json:"fusermount_error,omitempty"`
	// Stale lists FUSE mounts whose server is gone.
	Stale []MountInfo `json:"stale_mounts"`
	// Mounts lists the live memfs mounts.
	Mounts []MountInfo `json:"memfs_mounts"`
	// Problems explains, one line each, what stops memfs from mounting or
	// needs cleaning up; empty when all is well.
	Problems []string `json:"problems"`
}

// MountInfo is one FUSE mount of /proc/self/mountinfo.
type MountInfo struct {
	Dir    string `json:"dir"`
	Type   string `json:"type"`
	Source string `json:"source"`
	// Clear is the command that removes a stale mount.
	Clear string `json:"clear,omitempty"`
}

// Diagnose checks the FUSE device, the mount method that will be used,
// and the FUSE mounts of this mount namespace.
func Diagnose() Diagnosis {
	d := Diagnosis{Stale: []MountInfo{}, Mounts: []MountInfo{}, Problems: []string{}}
	if err := checkDevFuse(); err != nil {
		d.DevFuseError = err.Error()
		d.Problems = append(d.Problems, "/dev/fuse: "+err.Error()+
			" (load the fuse module, or pass the device into the container: --device /dev/fuse)")
	} else {
		d.DevFuse = true
	}
	d.Method, d.MethodReason = ChooseMethod()
	if p, err := FusermountPath(); err != nil {
		d.FusermountError = "not installed (package fuse3)"
		if d.Method == MethodFusermount {
			d.Problems = append(d.Problems, "fusermount3 is missing: install the fuse3 package, or run memfs mount as root")
		} else {
			d.FusermountError += "; not needed: root mounts with mount(2)"
		}
	} else {
		d.Fusermount = p
	}
	mounts, err := fuseMounts()
	if err != nil {
		d.Problems = append(d.Problems, "cannot read the mount table: "+err.Error())
	}
	for _, m := range mounts {
		switch {
		case Stale(m.Dir):
			m.Clear = clearHint(m.Dir)
			d.Stale = append(d.Stale, m)
			d.Problems = append(d.Problems, "stale mount "+m.Dir+" (transport endpoint is not connected): clear it with: "+m.Clear)
		case m.Type == "fuse.memfs":
			d.Mounts = append(d.Mounts, m)
		}
	}
	return d
}

// Stale reports whether dir is a FUSE mount whose server is gone. It asks
// with statfs, which always reaches the FUSE connection (and fails with
// ENOTCONN when it is dead); a stat may still be answered from the
// kernel's attribute cache and look healthy.
func Stale(dir string) bool {
	var st syscall.Statfs_t
	return errors.Is(syscall.Statfs(dir, &st), syscall.ENOTCONN)
}

// ClearStale makes dir usable as a mount point again when a dead memfs
// mount is left there (a memfs mount killed with SIGKILL): it detaches it
// and reports true. A stale mount of another FUSE file system is left
// alone and refused with ErrStaleMount and the command that clears it.
func ClearStale(dir string) (bool, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return false, err
	}
	// A link is never followed to a mount to detach; New refuses it.
	if st, err := os.Lstat(abs); err == nil && st.Mode()&os.ModeSymlink != 0 || !Stale(abs) {
		return false, nil
	}
	mounts, err := fuseMounts()
	if err != nil {
		return false, err
	}
	typ := ""
	for _, m := range mounts {
		if m.Dir == abs {
			typ = m.Type
		}
	}
	if typ != "fuse.memfs" {
		return false, fmt.Errorf("mount point %s: %w; clear it with: %s", dir, ErrStaleMount, clearHint(abs))
	}
	if os.Geteuid() == 0 {
		err = syscall.Unmount(abs, syscall.MNT_DETACH)
	} else {
		var helper string
		if helper, err = FusermountPath(); err == nil {
			var out []byte
			if out, err = exec.Command(helper, "-u", "-z", abs).CombinedOutput(); err != nil {
				err = fmt.Errorf("%s -u -z: %w: %s", helper, err, strings.TrimSpace(string(out)))
			}
		}
	}
	if err != nil {
		return false, fmt.Errorf("clear the stale memfs mount at %s: %w; clear it with: %s", dir, err, clearHint(abs))
	}
	return true, nil
}

func checkDevFuse() error {
	st, err := os.Stat("/dev/fuse")
	if err != nil {
		return err
	}
	if st.Mode()&os.ModeCharDevice == 0 {
		return errors.New("not a character device")
	}
	f, err := os.OpenFile("/dev/fuse", os.O_RDWR, 0)
	if err != nil {
		return err
	}
	return f.Close()
}

// fuseMounts lists the FUSE mounts of /proc/self/mountinfo.
func fuseMounts() ([]MountInfo, error) {
	f, err := os.Open("/proc/self/mountinfo")
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []MountInfo
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		// id parent major:minor root mountpoint options [optional...] - type source superoptions
		fields := strings.Fields(sc.Text())
		sep := -1
		for i, fld := range fields {
			if fld == "-" {
				sep = i
				break
			}
		}
		if len(fields) < 5 || sep < 0 || sep+2 >= len(fields) {
			continue
		}
		typ := fields[sep+1]
		if typ != "fuse" && typ != "fuseblk" && !strings.HasPrefix(typ, "fuse.") {
			continue
		}
		out = append(out, MountInfo{Dir: unescapeMountinfo(fields[4]), Type: typ, Source: unescapeMountinfo(fields[sep+2])})
	}
	return out, sc.Err()
}

// unescapeMountinfo undoes the octal escapes (\040 for a space) of
// /proc/self/mountinfo.
func unescapeMountinfo(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+3 < len(s) {
			if v, err := strconv.ParseUint(s[i+1:i+4], 8, 8); err == nil {
				b.WriteByte(byte(v))
				i += 3
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

package main

import (
	"bytes"
	"compress/zlib"
	"crypto/sha1"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Ensure that SIGTERM and SIGINT stop a long import of a stranger's
// bundle: the real binary, fed a bundle of thousands of revisions through
// a pipe, is signalled once it has read the bundle (it is then checking
// and rewriting it, seconds of work). It exits with the cancelled status
// and code, leaves the store as it was (no scope, no quarantine) and git
// fsck --strict clean. The wait for the exit is bounded generously (a
// loaded machine is slow); how long it took is logged, not asserted.
func TestSignalStopsImport(t *testing.T) {
	bin := memfsBinary(t)
	bundle := bigBundle(t, 3000)
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGINT} {
		t.Run(sig.String(), func(t *testing.T) {
			home := filepath.Join(t.TempDir(), "home")
			if out, err := exec.Command(bin, "--home", home, "init").CombinedOutput(); err != nil {
				t.Fatalf("init: %v: %s", err, out)
			}
			store := filepath.Join(home, "store.git")
			before := gitOut(t, "-C", store, "for-each-ref")
			fifo := filepath.Join(t.TempDir(), "bundle")
			if err := syscall.Mkfifo(fifo, 0o600); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(bin, "--home", home, "--json", "import", fifo)
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			var waitErr error
			exited := make(chan struct{})
			go func() {
				waitErr = cmd.Wait()
				close(exited)
			}()
			t.Cleanup(func() {
				cmd.Process.Kill()
				<-exited
			})
			// The open blocks until the import opens the pipe; the writes
			// return once it has read all but the pipe's buffer.
			w, err := os.OpenFile(fifo, os.O_WRONLY, 0)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := w.Write(bundle); err != nil {
				t.Fatalf("the import stopped reading its bundle: %v\n%s", err, stderr.String())
			}
			w.Close()
			signalled := time.Now()
			if err := cmd.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			select {
			case <-exited:
				err = waitErr
			case <-time.After(2 * time.Minute):
				t.Fatalf("memfs import still runs 2 minutes after %v", sig)
			}
			t.Logf("exited %v after %v", sig, time.Since(signalled))
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.ExitCode() != exitCancelled {
				t.Fatalf("exit = %v, want status %d\nstdout: %s\nstderr: %s", err, exitCancelled, stdout.String(), stderr.String())
			}
			var out failureOut
			if err := json.Unmarshal(stdout.Bytes(), &out); err != nil || out.Error.Code != "cancelled" {
				t.Errorf("--json output %q, want the code cancelled", stdout.String())
			}
			if after := gitOut(t, "-C", store, "for-each-ref"); after != before {
				t.Errorf("refs changed by a cancelled import:\n%s\nwas:\n%s", after, before)
			}
			if left, _ := filepath.Glob(filepath.Join(store, "memfs-quarantine-*")); len(left) > 0 {
				t.Errorf("the cancelled import left its quarantine: %v", left)
			}
			gitOut(t, "-C", store, "fsck", "--strict", "--no-dangling")
		})
	}
}

// bigBundle returns a git bundle of one scope, default, whose history has
// n revisions of a 100-page artifact, each changing one page: a valid
// memory, only long to check and rewrite.
func bigBundle(t *testing.T, n int) []byte {
	t.Helper()
	var p packWriter
	const pages = 100
	blobs := make([][20]byte, pages)
	summary := p.add(objBlob, []byte("# Summary\n\nFacts about the thing.\n"))
	rootIndex := p.add(objBlob, []byte("# Index\n\n- [A](pages/a/index.md)\n"))
	var idx strings.Builder
	idx.WriteString("# A\n\n")
	for k := range pages {
		fmt.Fprintf(&idx, "- [P%d](p%03d.md)\n", k, k)
		blobs[k] = p.add(objBlob, []byte(fmt.Sprintf("# P%d\n\nFact %d.\n\n## Sources\n\n- session:s0\n", k, k)))
	}
	areaIndex := p.add(objBlob, []byte(idx.String()))
	var parent [20]byte
	for i := 1; i <= n; i++ {
		k := i % pages
		blobs[k] = p.add(objBlob, []byte(fmt.Sprintf("# P%d\n\nFact %d, revision %d, about the thing.\n\n## Sources\n\n- session:s%d\n", k, k, i, i)))
		var area bytes.Buffer
		treeEntry(&area, "100644", "index.md", areaIndex)
		for j := range pages {
			treeEntry(&area, "100644", fmt.Sprintf("p%03d.md", j), blobs[j])
		}
		a := p.add(objTree, area.Bytes())
		var pg bytes.Buffer
		treeEntry(&pg, "40000", "a", a)
		pt := p.add(objTree, pg.Bytes())
		var root bytes.Buffer
		treeEntry(&root, "100644", "index.md", rootIndex)
		treeEntry(&root, "40000", "pages", pt)
		treeEntry(&root, "100644", "summary.md", summary)
		rt := p.add(objTree, root.Bytes())
		var c bytes.Buffer
		fmt.Fprintf(&c, "tree %x\n", rt)
		if i > 1 {
			fmt.Fprintf(&c, "parent %x\n", parent)
		}
		when := 1700000000 + i
		fmt.Fprintf(&c, "author memfs <memfs@localhost> %d +0000\ncommitter memfs <memfs@localhost> %d +0000\n\n", when, when)
		fmt.Fprintf(&c, "revision %d\n\nMemfs-Artifact: 1\nMemfs-Sources: s%d\n", i, i)
		parent = p.add(objCommit, c.Bytes())
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "# v2 git bundle\n%x refs/heads/default\n\n", parent)
	b.Write(p.pack())
	return b.Bytes()
}

func treeEntry(b *bytes.Buffer, mode, name string, id [20]byte) {
	b.WriteString(mode + " " + name + "\x00")
	b.Write(id[:])
}

// Pack object types.
const (
	objCommit = 1
	objTree   = 2
	objBlob   = 3
)

// packWriter makes a delta-free version-2 pack of the objects added, each
// once.
type packWriter struct {
	body bytes.Buffer
	n    uint32
	seen map[[20]byte]bool
}

func (p *packWriter) add(typ int, content []byte) [20]byte {
	id := sha1.Sum(slices.Concat([]byte(fmt.Sprintf("%s %d\x00", [...]string{objCommit: "commit", objTree: "tree", objBlob: "blob"}[typ], len(content))), content))
	if p.seen == nil {
		p.seen = map[[20]byte]bool{}
	}
	if p.seen[id] {
		return id
	}
	p.seen[id] = true
	p.n++
	size := len(content)
	hdr := byte(typ<<4) | byte(size&0x0f)
	size >>= 4
	for size > 0 {
		p.body.WriteByte(hdr | 0x80)
		hdr = byte(size & 0x7f)
		size >>= 7
	}
	p.body.WriteByte(hdr)
	zw := zlib.NewWriter(&p.body)
	zw.Write(content)
	zw.Close()
	return id
}

func (p *packWriter) pack() []byte {
	var out bytes.Buffer
	out.WriteString("PACK")
	binary.Write(&out, binary.BigEndian, uint32(2))
	binary.Write(&out, binary.BigEndian, p.n)
	out.Write(p.body.Bytes())
	sum := sha1.Sum(out.Bytes())
	out.Write(sum[:])
	return out.Bytes()
}

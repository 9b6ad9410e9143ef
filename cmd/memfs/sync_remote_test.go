package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// Ensure that status and the sync commands work in a fresh home, creating
// the store as serve does, instead of asking for memfs init.
func TestSyncCommandsCreateTheStore(t *testing.T) {
	server := filepath.Join(t.TempDir(), "server.git")
	gitOut(t, "init", "-q", "--bare", server)
	a := newCLI(t)
	a.mustRun("init")
	a.publishFiles(goodArtifact(), "first")
	a.mustRun("remote", "add", "origin", server)
	a.mustRun("push")
	bundle := filepath.Join(t.TempDir(), "m.bundle")
	a.mustRun("export", bundle)

	for name, args := range map[string][][]string{
		"status":           {{"status"}},
		"remote add":       {{"remote", "add", "origin", server}, {"pull"}},
		"remote add, push": {{"remote", "add", "backup", server}, {"push", "backup"}},
		"import":           {{"import", bundle}},
	} {
		t.Run(name, func(t *testing.T) {
			c := newCLI(t)
			for _, a := range args {
				if code, out, errs := c.run(a...); code != 0 || strings.Contains(out+errs, "memfs init") {
					t.Fatalf("memfs %v in a fresh home: exit %d\n%s%s", a, code, out, errs)
				}
			}
			if out := c.mustRun("status"); !strings.Contains(out, "store: ") {
				t.Errorf("status after %s:\n%s", name, out)
			}
		})
	}
}

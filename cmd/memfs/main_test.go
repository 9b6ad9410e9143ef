package main

import (
	"os"
	"path/filepath"
	"testing"
)

// TestMain removes the memfs binary the subprocess tests built.
func TestMain(m *testing.M) {
	code := m.Run()
	if builtBin != "" {
		os.RemoveAll(filepath.Dir(builtBin))
	}
	os.Exit(code)
}

package erasure

import (
	"testing"
)

func TestSchemaLiteral(t *testing.T) {
	for lit, want := range map[string]bool{
		"Memfs-Sources": true, "memfs sources": true, "MEMFS_SOURCES": true, "Sources": true,
		"session": true, "memfs": true, "Memfs-Artifact": true, "memfs@localhost": true,
		"removed by forget": true, "page(s)": true,
		"hunter2": false, "memfs hunter2": false, "sources memfs": false, "my sources": false,
	} {
		if got := SchemaLiteral(lit); got != want {
			t.Errorf("SchemaLiteral(%q) = %v", lit, got)
		}
	}
}

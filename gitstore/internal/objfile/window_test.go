package objfile

import (
	"bytes"
	"math/rand/v2"
	"os"
	"sync"
	"testing"

	"github.com/memfs/memfs/internal/fsutil"
)

// Ensure that blobs read in pack order, out of order and by several
// readers at once (sizes and contents, as a mount's listings and pushes
// read them) come back whole, whether served from windows or not, and
// that a removed pack's windows are dropped on the rescan that closes it.
func TestWindowReads(t *testing.T) {
	objDir := t.TempDir()
	objs := benchPages(600, 3000) // about 3 windows of deflated entries
	base, err := WritePack(objDir, objs, fsutil.WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	r := NewReader(objDir)
	defer r.Close()
	shuffled := rand.New(rand.NewPCG(9, 10)).Perm(len(objs))
	inOrder := make([]int, len(objs))
	for i := range inOrder {
		inOrder[i] = i
	}
	tests := []struct {
		name    string
		order   []int
		readers int
	}{
		{"in pack order", inOrder, 1},
		{"shuffled", shuffled, 1},
		{"two readers taking turns", inOrder, 2},
		{"four readers, shuffled", shuffled, 4},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			batch, err := r.Batch()
			if err != nil {
				t.Fatal(err)
			}
			var next sync.Mutex
			k := 0
			var wg sync.WaitGroup
			for range tt.readers {
				wg.Go(func() {
					dst := make([]byte, 0, 8192)
					for {
						next.Lock()
						if k == len(tt.order) {
							next.Unlock()
							return
						}
						o := objs[tt.order[k]]
						k++
						next.Unlock()
						n, err := batch.BlobSize(o.ID)
						if err != nil || n != int64(len(o.Content)) {
							t.Errorf("BlobSize: %d, %v; want %d", n, err, len(o.Content))
							return
						}
						b, err := batch.ReadBlob(o.ID, dst)
						if err != nil || !bytes.Equal(b, o.Content) {
							t.Errorf("ReadBlob: %d bytes, %v; want %d", len(b), err, len(o.Content))
							return
						}
					}
				})
			}
			wg.Wait()
		})
	}
	p := r.packs[packName(base)]
	if p == nil {
		t.Fatal("pack not open")
	}
	if p.win.ws[0] == nil {
		t.Error("reads in pack order used no window")
	}
	for _, ext := range []string{".idx", ".pack"} {
		if err := os.Remove(base + ext); err != nil {
			t.Fatal(err)
		}
	}
	if err := r.Rescan(); err != nil {
		t.Fatal(err)
	}
	for _, w := range p.win.ws {
		if w != nil {
			t.Fatal("a removed pack kept a window")
		}
	}
}

// packName is the key of the pack at base in a Reader's packs.
func packName(base string) string { return base[len(base)-len("pack-")-40:] }

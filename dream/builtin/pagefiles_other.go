//go:build !linux

package builtin

import "os"

// areaDir is an area's folder, open as a root, which lists it, lstats
// its files and reads them.
type areaDir struct {
	root *os.Root
}

// openArea opens the folder p of root.
func openArea(root *os.Root, p string) (*areaDir, error) {
	r, err := root.OpenRoot(p)
	if err != nil {
		return nil, err
	}
	return &areaDir{root: r}, nil
}

// readFile reads the file name of the folder.
func (a *areaDir) readFile(name string, _ int64) ([]byte, error) {
	return a.root.ReadFile(name)
}

// close closes the folder.
func (a *areaDir) close() error { return a.root.Close() }

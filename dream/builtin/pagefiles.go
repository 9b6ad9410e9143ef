package builtin

import (
	"errors"
	"io/fs"
	"os"
	"path"
	"strings"
)

// pageFiles calls fn for each regular file "pages/<area>/<name>.md" of
// root but the areas' index.md, by area and name in lexical order, with
// the area's folder open as dir and the file's Lstat. Symbolic links,
// deeper folders and other files are passed over. Each area is opened
// once, so a file is opened by its name alone.
func pageFiles(root *os.Root, fn func(dir *areaDir, name, p string, info fs.FileInfo) error) error {
	areas, err := fs.ReadDir(root.FS(), "pages")
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	for _, a := range areas {
		if !a.IsDir() {
			continue
		}
		if err := areaFiles(root, a.Name(), fn); err != nil {
			return err
		}
	}
	return nil
}

// areaFiles is pageFiles for the files of one area.
func areaFiles(root *os.Root, area string, fn func(dir *areaDir, name, p string, info fs.FileInfo) error) error {
	dir, err := openArea(root, path.Join("pages", area))
	if err != nil {
		return err
	}
	defer dir.close()
	files, err := fs.ReadDir(dir.root.FS(), ".")
	if err != nil {
		return err
	}
	for _, f := range files {
		name := f.Name()
		if !f.Type().IsRegular() || name == "index.md" || !strings.HasSuffix(name, ".md") {
			continue
		}
		// Listing a folder of an os.Root lstats each entry: its Lstat
		// costs nothing more.
		info, err := f.Info()
		if err != nil {
			return err
		}
		if err := fn(dir, name, "pages/"+area+"/"+name, info); err != nil {
			return err
		}
	}
	return nil
}

// readPage reads the page p ("pages/<area>/<name>.md") of root as
// pageFiles' dir.readFile does: no symbolic link followed, no FIFO
// waited on.
func readPage(root *os.Root, p string) ([]byte, error) {
	dir, err := openArea(root, path.Dir(p))
	if err != nil {
		return nil, err
	}
	defer dir.close()
	return dir.readFile(path.Base(p), 0)
}

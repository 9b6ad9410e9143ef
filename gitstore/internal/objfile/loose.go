package objfile

import (
	"bytes"
	stdzlib "compress/zlib"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
)

// LoosePath returns where the loose copy of an object lives under objDir.
func LoosePath(objDir string, id ID) string {
	h := hex.EncodeToString(id[:])
	return filepath.Join(objDir, h[:2], h[2:])
}

// HasLoose reports whether a loose copy of the object exists.
func HasLoose(objDir string, id ID) bool {
	_, err := os.Lstat(LoosePath(objDir, id))
	return err == nil
}

// WriteLoose stores an object whose id the caller computed as a loose
// object unless a loose copy exists already, deflating with zw (not safe
// to share between goroutines). The file is written beside its place and
// renamed into it, read-only as git leaves loose objects.
func WriteLoose(objDir string, zw *stdzlib.Writer, id ID, typ Type, content []byte) error {
	p := LoosePath(objDir, id)
	if _, err := os.Lstat(p); err == nil {
		return nil
	}
	dir := filepath.Dir(p)
	var buf bytes.Buffer
	zw.Reset(&buf)
	zw.Write([]byte(typ.String() + " " + strconv.Itoa(len(content)) + "\x00"))
	zw.Write(content)
	if err := zw.Close(); err != nil {
		return fmt.Errorf("write object %s: %w", short(id), err)
	}
	if err := os.Mkdir(dir, 0o755); err != nil && !errors.Is(err, os.ErrExist) {
		return fmt.Errorf("write object %s: %w", short(id), err)
	}
	f, err := os.CreateTemp(dir, "tmp_obj_")
	if err != nil {
		return fmt.Errorf("write object %s: %w", short(id), err)
	}
	tmp := f.Name()
	_, err = f.Write(buf.Bytes())
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp, 0o444)
	}
	if err == nil {
		err = os.Rename(tmp, p)
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("write object %s: %w", short(id), err)
	}
	return nil
}

// ReadLoose reads a whole loose object file.
func ReadLoose(path string) (Type, []byte, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return Invalid, nil, err
	}
	zr, err := newInflater(bytes.NewReader(raw))
	if err != nil {
		return Invalid, nil, err
	}
	defer inflaters.Put(zr)
	name, size, err := parseLooseHeader(zr)
	if err != nil {
		return Invalid, nil, err
	}
	typ, err := parseType(name)
	if err != nil {
		return Invalid, nil, err
	}
	content, err := readExactly(zr, size, nil)
	return typ, content, err
}

// looseBlobSize reads the size of a loose blob from its header;
// ErrSlowPath when the object is not a blob.
func looseBlobSize(path string) (int64, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	var buf [512]byte
	n, err := io.ReadFull(f, buf[:])
	if n == 0 {
		return 0, err
	}
	zr, err := newInflater(bytes.NewReader(buf[:n]))
	if err != nil {
		return 0, fmt.Errorf("%s: %w", path, err)
	}
	defer inflaters.Put(zr)
	typ, size, err := parseLooseHeader(zr)
	if err == nil && typ != "blob" {
		err = ErrSlowPath
	}
	return size, err
}

// parseLooseHeader reads "<type> <size>\0".
func parseLooseHeader(r io.Reader) (string, int64, error) {
	var hdr [64]byte
	for i := 0; i < len(hdr); i++ {
		if _, err := io.ReadFull(r, hdr[i:i+1]); err != nil {
			return "", 0, err
		}
		if hdr[i] == 0 {
			typ, size, ok := bytes.Cut(hdr[:i], []byte(" "))
			n, err := strconv.ParseInt(string(size), 10, 64)
			if !ok || err != nil || n < 0 {
				break
			}
			return string(typ), n, nil
		}
	}
	return "", 0, errors.New("bad loose object header")
}

// LooseFile is a file in a loose-object fan-out folder.
type LooseFile struct {
	ID   ID
	OK   bool   // the name is an object id
	Name string // "xx/yyyy…"
	Path string
}

// LooseDirs lists the loose-object fan-out folders (objects/xx).
func LooseDirs(objDir string) []string {
	var out []string
	dirs, _ := os.ReadDir(objDir)
	for _, d := range dirs {
		if _, err := hex.DecodeString(d.Name()); len(d.Name()) == 2 && err == nil {
			out = append(out, filepath.Join(objDir, d.Name()))
		}
	}
	return out
}

// LooseFiles lists every file of the loose-object folders.
func LooseFiles(objDir string) []LooseFile {
	var out []LooseFile
	for _, dir := range LooseDirs(objDir) {
		files, _ := os.ReadDir(dir)
		for _, f := range files {
			name := filepath.Base(dir) + f.Name()
			var id ID
			b, err := hex.DecodeString(name)
			ok := err == nil && len(b) == len(id)
			if ok {
				copy(id[:], b)
			}
			out = append(out, LooseFile{ID: id, OK: ok, Name: filepath.Base(dir) + "/" + f.Name(), Path: filepath.Join(dir, f.Name())})
		}
	}
	return out
}

package pdb

import (
	"bufio"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc64"
	"io"
	"os"
	"path/filepath"
)

// The file format of a DB, all integers little-endian:
//
//	magic    "SLIDEPDB"
//	version  uint32 (fileVersion)
//	rows, cols, blank, patterns  uint32 each
//	for each pattern: tiles uint32, then its tiles, a byte each
//	format   uint32 (1: one byte an entry; 2: compact, 4 bits, see Table)
//	for each pattern: entry bytes uint64, then the entries
//	checksum uint64, CRC-64 (ECMA) of every byte before it
//
// A reader is told which Spec it expects and rejects a file whose header
// describes another, so no size is ever taken from the file.
const (
	fileMagic     = "SLIDEPDB"
	fileVersion   = 1
	formatByte    = 1
	formatCompact = 2
)

// ErrCorrupt is wrapped by the errors of files that are not a DB of the
// expected Spec: wrong magic, version, header or checksum, or short.
var ErrCorrupt = errors.New("pdb: corrupt or mismatched database file")

var crcTable = crc64.MakeTable(crc64.ECMA)

// WriteTo writes db in the file format above.
func (db *DB) WriteTo(w io.Writer) (int64, error) {
	h := crc64.New(crcTable)
	cw := &countWriter{w: io.MultiWriter(w, h)}
	put := func(x uint32) { binary.Write(cw, binary.LittleEndian, x) }
	io.WriteString(cw, fileMagic)
	put(fileVersion)
	sp := db.spec
	put(uint32(sp.Rows))
	put(uint32(sp.Cols))
	put(uint32(sp.Blank))
	put(uint32(len(sp.Patterns)))
	for _, p := range sp.Patterns {
		put(uint32(len(p)))
		cw.Write(p)
	}
	if db.Compact() {
		put(formatCompact)
	} else {
		put(formatByte)
	}
	for _, t := range db.tables {
		binary.Write(cw, binary.LittleEndian, uint64(len(t.data)))
		cw.Write(t.data)
	}
	binary.Write(cw, binary.LittleEndian, h.Sum64())
	return cw.n, cw.err
}

// countWriter counts bytes and keeps the first error, so that WriteTo
// checks once.
type countWriter struct {
	w   io.Writer
	n   int64
	err error
}

func (c *countWriter) Write(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(p)
	c.n += int64(n)
	c.err = err
	return n, err
}

// Read reads a DB of spec written by WriteTo. It fails with an error
// wrapping ErrCorrupt if the data are not exactly such a file.
func Read(r io.Reader, spec Spec) (*DB, error) {
	if err := spec.Validate(); err != nil {
		return nil, err
	}
	h := crc64.New(crcTable)
	tr := io.TeeReader(r, h)
	fail := func(what string, args ...any) (*DB, error) {
		return nil, fmt.Errorf("%w: %s", ErrCorrupt, fmt.Sprintf(what, args...))
	}
	var magic [8]byte
	if _, err := io.ReadFull(tr, magic[:]); err != nil || string(magic[:]) != fileMagic {
		return fail("no %q header", fileMagic)
	}
	get := func() (uint32, error) {
		var x uint32
		err := binary.Read(tr, binary.LittleEndian, &x)
		return x, err
	}
	want := []uint32{fileVersion, uint32(spec.Rows), uint32(spec.Cols), uint32(spec.Blank), uint32(len(spec.Patterns))}
	names := []string{"version", "rows", "cols", "blank", "patterns"}
	for i, w := range want {
		x, err := get()
		if err != nil {
			return fail("short header")
		}
		if x != w {
			return fail("%s is %d, want %d", names[i], x, w)
		}
	}
	for i, p := range spec.Patterns {
		k, err := get()
		if err != nil || int(k) != len(p) {
			return fail("pattern %d: size differs", i)
		}
		tiles := make([]byte, k)
		if _, err := io.ReadFull(tr, tiles); err != nil || string(tiles) != string(p) {
			return fail("pattern %d: tiles differ", i)
		}
	}
	format, err := get()
	if err != nil || format != formatByte && format != formatCompact {
		return fail("entry format %d, want %d or %d", format, formatByte, formatCompact)
	}
	db := &DB{spec: spec}
	for i, p := range spec.Patterns {
		rk, _ := newRanker(spec.Rows*spec.Cols, len(p))
		size := rk.size
		if format == formatCompact {
			size = (size + 1) / 2
		}
		var count uint64
		if err := binary.Read(tr, binary.LittleEndian, &count); err != nil || count != uint64(size) {
			return fail("pattern %d: entry count differs", i)
		}
		data := make([]byte, size)
		adviseHugePages(data)
		if _, err := io.ReadFull(tr, data); err != nil {
			return fail("pattern %d: %v", i, err)
		}
		db.tables = append(db.tables, &Table{tiles: append([]uint8(nil), p...), cols: spec.Cols, rk: rk,
			compact: format == formatCompact, data: data})
	}
	sum := h.Sum64()
	var stored uint64
	if err := binary.Read(r, binary.LittleEndian, &stored); err != nil {
		return fail("no checksum")
	}
	if stored != sum {
		return fail("checksum %016x, computed %016x", stored, sum)
	}
	if n, _ := r.Read(make([]byte, 1)); n != 0 {
		return fail("data after the checksum")
	}
	return db, nil
}

// DefaultCacheDir returns the directory where Open keeps databases:
// slide/pdb under os.UserCacheDir.
func DefaultCacheDir() (string, error) {
	dir, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "slide", "pdb"), nil
}

// OpenOptions tune Open.
type OpenOptions struct {
	// Dir is the cache directory; "" means DefaultCacheDir.
	Dir string
	// Build tunes the build, when there is one.
	Build BuildOptions
	// Logf, if not nil, hears of cache misses and of files that could not
	// be read or written (Open then builds, or keeps the built DB).
	Logf func(format string, args ...any)
}

// CachePath returns the file Open uses for spec in dir.
func CachePath(dir string, spec Spec) string {
	return filepath.Join(dir, spec.String()+".pdb")
}

// Open returns the DB of spec from the cache directory, or builds it and
// stores it there. A missing, corrupt or mismatched file is rebuilt; a
// cache that cannot be written costs only the rebuild next time.
func Open(ctx context.Context, spec Spec, opt OpenOptions) (*DB, error) {
	if err := spec.Validate(); err != nil {
		return nil, err
	}
	logf := opt.Logf
	if logf == nil {
		logf = func(string, ...any) {}
	}
	dir := opt.Dir
	if dir == "" {
		var err error
		if dir, err = DefaultCacheDir(); err != nil {
			logf("pdb: no cache directory: %v", err)
		}
	}
	path := CachePath(dir, spec)
	if dir != "" {
		db, err := readFile(path, spec)
		if err == nil {
			return db, nil
		}
		logf("pdb: building %s: %v", spec, err)
	}
	db, err := Build(ctx, spec, opt.Build)
	if err != nil {
		return nil, err
	}
	if dir != "" {
		if err := writeFile(path, db); err != nil {
			logf("pdb: cannot cache %s: %v", spec, err)
		}
	}
	return db, nil
}

func readFile(path string, spec Spec) (*DB, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return Read(bufio.NewReaderSize(f, 1<<20), spec)
}

// writeFile writes db to a temporary file beside path and renames it, so
// that readers never see a partial file.
func writeFile(path string, db *DB) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(f, 1<<20)
	_, err = db.WriteTo(w)
	if err == nil {
		err = w.Flush()
	}
	if err == nil {
		err = f.Sync()
	}
	if err == nil {
		err = f.Chmod(0o644)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		os.Remove(f.Name())
	}
	return err
}

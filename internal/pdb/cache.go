package pdb

import (
	"bufio"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc64"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
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
	n, _, err := db.writeTo(w)
	return n, err
}

// writeTo is WriteTo, returning the file's checksum too.
func (db *DB) writeTo(w io.Writer) (int64, uint64, error) {
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
	sum := h.Sum64()
	binary.Write(cw, binary.LittleEndian, sum)
	return cw.n, sum, cw.err
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
	format, err := readHeader(tr, spec)
	if err != nil {
		return nil, err
	}
	db := &DB{spec: spec}
	for i, p := range spec.Patterns {
		rk, _ := newRanker(spec.Rows*spec.Cols, len(p))
		size := entryBytes(rk.size, format)
		var count uint64
		if err := binary.Read(tr, binary.LittleEndian, &count); err != nil || count != uint64(size) {
			return nil, corrupt("pattern %d: entry count differs", i)
		}
		data := make([]byte, size)
		adviseHugePages(data)
		if _, err := io.ReadFull(tr, data); err != nil {
			return nil, corrupt("pattern %d: %v", i, err)
		}
		db.tables = append(db.tables, newTable(p, spec.Cols, rk, format == formatCompact, data))
	}
	sum := h.Sum64()
	var stored uint64
	if err := binary.Read(r, binary.LittleEndian, &stored); err != nil {
		return nil, corrupt("no checksum")
	}
	if stored != sum {
		return nil, corrupt("checksum %016x, computed %016x", stored, sum)
	}
	if n, _ := r.Read(make([]byte, 1)); n != 0 {
		return nil, corrupt("data after the checksum")
	}
	return db, nil
}

// corrupt returns an error wrapping ErrCorrupt with the detail given.
func corrupt(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrCorrupt, fmt.Sprintf(format, args...))
}

// readHeader reads the header of a file of spec, up to and including the
// entry format, which it returns.
func readHeader(r io.Reader, spec Spec) (uint32, error) {
	var magic [8]byte
	if _, err := io.ReadFull(r, magic[:]); err != nil || string(magic[:]) != fileMagic {
		return 0, corrupt("no %q header", fileMagic)
	}
	get := func() (uint32, error) {
		var x uint32
		err := binary.Read(r, binary.LittleEndian, &x)
		return x, err
	}
	want := []uint32{fileVersion, uint32(spec.Rows), uint32(spec.Cols), uint32(spec.Blank), uint32(len(spec.Patterns))}
	names := []string{"version", "rows", "cols", "blank", "patterns"}
	for i, w := range want {
		x, err := get()
		if err != nil {
			return 0, corrupt("short header")
		}
		if x != w {
			return 0, corrupt("%s is %d, want %d", names[i], x, w)
		}
	}
	for i, p := range spec.Patterns {
		k, err := get()
		if err != nil || int(k) != len(p) {
			return 0, corrupt("pattern %d: size differs", i)
		}
		tiles := make([]byte, k)
		if _, err := io.ReadFull(r, tiles); err != nil || string(tiles) != string(p) {
			return 0, corrupt("pattern %d: tiles differ", i)
		}
	}
	format, err := get()
	if err != nil || format != formatByte && format != formatCompact {
		return 0, corrupt("entry format %d, want %d or %d", format, formatByte, formatCompact)
	}
	return format, nil
}

// entryBytes returns the bytes of a table of entries entries in format.
func entryBytes(entries int64, format uint32) int64 {
	if format == formatCompact {
		return (entries + 1) / 2
	}
	return entries
}

// fileSize returns the size of the file of a DB of spec in format.
func fileSize(spec Spec, format uint32) int64 {
	size := int64(len(fileMagic)) + 4*6 + 8 // magic, version to patterns, format; checksum
	for _, p := range spec.Patterns {
		rk, _ := newRanker(spec.Rows*spec.Cols, len(p))
		size += 4 + int64(len(p)) + 8 + entryBytes(rk.size, format)
	}
	return size
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
// stores it there (see Load and Save). A missing, corrupt or mismatched
// file is rebuilt; a cache that cannot be written costs only the rebuild
// next time.
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
	if dir != "" {
		db, err := Load(dir, spec)
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
		if err := Save(dir, db); err != nil {
			logf("pdb: cannot cache %s: %v", spec, err)
		}
	}
	return db, nil
}

// A CacheError says why the cached file of a Spec cannot be used or
// written.
type CacheError struct {
	Path    string // the file
	Problem string // what is wrong, such as "is a directory"
	// Err is the cause: an error wrapping fs.ErrNotExist for a missing
	// file, ErrCorrupt for a file that is not a DB of the Spec, or the
	// error of the file system.
	Err error
}

// Error returns "pdb: Path Problem".
func (e *CacheError) Error() string { return "pdb: " + e.Path + " " + e.Problem }

// Unwrap returns the cause.
func (e *CacheError) Unwrap() error { return e.Err }

// Check reports, cheaply, whether dir holds a file for spec that Load can
// be expected to read: a regular file whose header describes spec and
// whose size is the one that header implies. It reads the header only, so
// a file damaged inside its entries passes (Load detects it by its
// checksum). The error is a *CacheError.
func Check(dir string, spec Spec) error {
	path := CachePath(dir, spec)
	f, size, err := openCached(path)
	if err != nil {
		return err
	}
	defer f.Close()
	format, err := readHeader(bufio.NewReaderSize(f, 4096), spec)
	if err != nil {
		return &CacheError{Path: path, Problem: "is not a table of this pattern database: " + detail(err), Err: err}
	}
	if want := fileSize(spec, format); size != want {
		return &CacheError{Path: path, Problem: fmt.Sprintf("is %d bytes, want %d: truncated or padded", size, want),
			Err: fmt.Errorf("%w: size %d, want %d", ErrCorrupt, size, want)}
	}
	return nil
}

// Load reads the DB of spec from its file in dir (see CachePath): where
// the system maps files, its tables are slices of a read-only mapping of
// the file, whose checksum is computed once per version of the file (see
// cache_map.go); elsewhere it reads the file into memory. The error is a
// *CacheError: no such file (wrapping fs.ErrNotExist), a directory or an
// empty file at the path, or a file that is not exactly the DB of spec
// (wrapping ErrCorrupt, with what differs).
func Load(dir string, spec Spec) (*DB, error) {
	return loadContext(context.Background(), dir, spec)
}

// loadContext is Load, stopping with ctx's error when ctx is done before
// the file is read: a large table takes longer to read than a short time
// budget may have left.
func loadContext(ctx context.Context, dir string, spec Spec) (*DB, error) {
	if err := spec.Validate(); err != nil {
		return nil, err
	}
	if err := Check(dir, spec); err != nil {
		return nil, err // a clearer reason than Read's
	}
	path := CachePath(dir, spec)
	f, _, err := openCached(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	err = errNoMapping
	var db *DB
	if canMap && mapTables {
		db, err = loadMapped(ctx, f, path, spec)
	}
	if err == errNoMapping {
		db, err = Read(bufio.NewReaderSize(ctxReader{ctx, f}, 1<<20), spec)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if err != nil {
		return nil, &CacheError{Path: path, Problem: "is corrupt: " + detail(err), Err: err}
	}
	return db, nil
}

// A ctxReader reads from r, at most 4 MiB at a time, until ctx is done,
// then fails with ctx's error.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(p[:min(len(p), 4<<20)])
}

// openCached opens the cached file at path for reading and returns its
// size, or a *CacheError for a missing file, a directory or an empty file.
func openCached(path string) (*os.File, int64, error) {
	f, err := os.Open(path)
	if err != nil {
		problem := "cannot be read: " + err.Error()
		if errors.Is(err, fs.ErrNotExist) {
			problem = "does not exist"
		}
		return nil, 0, &CacheError{Path: path, Problem: problem, Err: err}
	}
	st, err := f.Stat()
	var problem string
	switch {
	case err != nil:
		problem = "cannot be read: " + err.Error()
	case st.IsDir():
		problem, err = "is a directory", ErrCorrupt
	case !st.Mode().IsRegular():
		problem, err = "is not a regular file", ErrCorrupt
	case st.Size() == 0:
		problem, err = "is empty", ErrCorrupt
	}
	if problem != "" {
		f.Close()
		return nil, 0, &CacheError{Path: path, Problem: problem, Err: err}
	}
	return f, st.Size(), nil
}

// detail returns the text of an ErrCorrupt error without its prefix.
func detail(err error) string {
	return strings.TrimPrefix(err.Error(), ErrCorrupt.Error()+": ")
}

// Save writes db to its file in dir (see CachePath), creating dir if need
// be. It writes a temporary file beside the path and renames it, so that
// readers never see a partial file, holds a lock on the temporary while it
// writes it, and removes it on every error. It first removes the stale
// temporaries of earlier builds that were killed while writing (see
// CleanStale). The error is a *CacheError.
func Save(dir string, db *DB) error {
	path := CachePath(dir, db.spec)
	fail := func(err error) error {
		return &CacheError{Path: path, Problem: "cannot be written: " + err.Error(), Err: err}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fail(err)
	}
	CleanStale(dir, StaleAge)
	f, err := os.CreateTemp(dir, filepath.Base(path)+tempInfix+"*")
	if err != nil {
		return fail(err)
	}
	unlock := lockFile(f)
	w := bufio.NewWriterSize(f, 1<<20)
	_, sum, err := db.writeTo(w)
	if err == nil {
		err = w.Flush()
	}
	if err == nil {
		err = f.Sync()
	}
	if err == nil {
		err = f.Chmod(0o644)
	}
	var st os.FileInfo
	if err == nil {
		st, err = f.Stat()
	}
	unlock() // the file is young: CleanStale leaves it alone until renamed
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		os.Remove(f.Name())
		return fail(err)
	}
	recordSaved(path, st, sum)
	return nil
}

// tempInfix marks the temporary files of Save: NAME.pdb.tmpNNNN.
const tempInfix = ".tmp"

// StaleAge is the age past which Save takes an unlocked temporary file for
// the remains of a killed build: a live Save locks its file within moments
// of creating it and writes to it until it renames it.
const StaleAge = 10 * time.Second

// CleanStale removes from dir the temporary files of Save (NAME.pdb.tmp*,
// and NAME.pdb.sum.tmp* of the checksum records beside the tables) that no
// live Save holds: files not modified for olderThan whose lock it can take
// (on systems without file locks, files not modified for a day and
// olderThan). It returns the files removed.
func CleanStale(dir string, olderThan time.Duration) []string {
	var paths []string
	for _, f := range cleanStale(dir, olderThan) {
		paths = append(paths, f.Path)
	}
	return paths
}

// cleanStale is CleanStale, returning the files removed with their Spec
// and size.
func cleanStale(dir string, olderThan time.Duration) []File {
	if !canLock {
		olderThan = max(olderThan, 24*time.Hour)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var removed []File
	for _, e := range entries {
		name := e.Name()
		base, _, ok := strings.Cut(name, ".pdb"+tempInfix)
		if !ok {
			base, _, ok = strings.Cut(name, ".pdb"+recordSuffix+tempInfix)
		}
		if !ok || base == "" || !e.Type().IsRegular() {
			continue
		}
		info, err := e.Info()
		if err != nil || time.Since(info.ModTime()) < olderThan {
			continue
		}
		path := filepath.Join(dir, name)
		if removeUnlocked(path) {
			spec, _ := ParseSpec(base)
			removed = append(removed, File{Path: path, Spec: spec, Bytes: info.Size()})
		}
	}
	return removed
}

// removeUnlocked removes the file at path unless another process holds its
// lock, and reports whether it did.
func removeUnlocked(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	if !tryLock(f) {
		return false
	}
	return os.Remove(path) == nil
}

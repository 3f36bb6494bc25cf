package pdbcache

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/slidekit/slide/internal/pdb"
)

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
	Build pdb.BuildOptions
	// Logf, if not nil, hears of cache misses and of files that could not
	// be read or written (Open then builds, or keeps the built DB).
	Logf func(format string, args ...any)
}

// CachePath returns the file Open uses for spec in dir.
func CachePath(dir string, spec pdb.Spec) string {
	return filepath.Join(dir, spec.String()+".pdb")
}

// Open returns the DB of spec from the cache directory, or builds it and
// stores it there (see Load and Save). A missing, corrupt or mismatched
// file is rebuilt; a cache that cannot be written costs only the rebuild
// next time.
func Open(ctx context.Context, spec pdb.Spec, opt OpenOptions) (*pdb.DB, error) {
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
	db, err := pdb.Build(ctx, spec, opt.Build)
	if err != nil {
		return nil, err
	}
	if dir != "" {
		if err := Save(ctx, dir, db); err != nil {
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
func Check(dir string, spec pdb.Spec) error {
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
// map.go); elsewhere it reads the file into memory. The error is a
// *CacheError: no such file (wrapping fs.ErrNotExist), a directory or an
// empty file at the path, or a file that is not exactly the DB of spec
// (wrapping ErrCorrupt, with what differs).
func Load(dir string, spec pdb.Spec) (*pdb.DB, error) {
	return loadContext(context.Background(), dir, spec)
}

// loadContext is Load, stopping with ctx's error when ctx is done before
// the file is read: a large table takes longer to read than a short time
// budget may have left.
func loadContext(ctx context.Context, dir string, spec pdb.Spec) (*pdb.DB, error) {
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
	var db *pdb.DB
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

// openCached opens the cached file at path for reading, without blocking
// (see openFile), and returns its size, or a *CacheError for a missing
// file, a file that is not a regular one, or an empty file.
func openCached(path string) (*os.File, int64, error) {
	f, st, err := openFile(path, false)
	if err != nil {
		return nil, 0, err
	}
	if st.Size() == 0 {
		f.Close()
		return nil, 0, &CacheError{Path: path, Problem: "is empty", Err: ErrCorrupt}
	}
	return f, st.Size(), nil
}

// detail returns the text of an ErrCorrupt error without its prefix.
func detail(err error) string {
	return strings.TrimPrefix(err.Error(), ErrCorrupt.Error()+": ")
}

// Save writes db to its file in dir (see CachePath), creating dir if need
// be. It writes a temporary file beside the path and renames it, so that
// readers never see a partial file, holds a lock on the temporary from
// before its first byte until it is renamed, and removes it on every
// error; it stops writing, within a megabyte, once ctx is done, failing
// with ctx's error. It first removes the leftovers of writers that died
// (see CleanStale), and at the end reads the file back into the page
// cache in huge pages where the system allows (see rereadPages). The
// error is a *CacheError, or ctx's.
func Save(ctx context.Context, dir string, db *pdb.DB) error {
	path := CachePath(dir, db.Spec())
	if err := refuseDir(path); err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return saveError(path, err)
	}
	CleanStale(dir)
	f, err := createTemp(path)
	if err != nil {
		return saveError(path, err)
	}
	st, sum, err := writeTemp(ctx, f.File, db)
	err = f.commit(path, err)
	switch {
	case err != nil && ctx.Err() != nil:
		return ctx.Err()
	case err != nil:
		return saveError(path, err)
	}
	recordSaved(path, st, sum)
	rereadPages(path)
	return nil
}

// writeTemp writes db to the temporary file f, commits it to the disk and
// makes it readable by all, unless ctx is done first, and returns its
// status and checksum.
func writeTemp(ctx context.Context, f *os.File, db *pdb.DB) (os.FileInfo, uint64, error) {
	w := bufio.NewWriterSize(ctxWriter{ctx, f}, 1<<20)
	_, sum, err := write(w, db)
	if err == nil {
		err = w.Flush()
	}
	if err == nil {
		err = syncFile(ctx, f)
	}
	if err == nil {
		err = f.Chmod(0o644)
	}
	var st os.FileInfo
	if err == nil {
		st, err = f.Stat()
	}
	if err == nil {
		err = ctx.Err()
	}
	return st, sum, err
}

// refuseDir returns the *CacheError of a directory at path, where a
// table belongs, nil if there is none: a build replaces a file of any
// kind there, but never a directory, which may hold what its user keeps.
func refuseDir(path string) error {
	if st, err := os.Lstat(path); err == nil && st.IsDir() {
		return &CacheError{Path: path, Problem: "is a directory, which a build does not replace: remove it to cache the tables", Err: syscall.EISDIR}
	}
	return nil
}

// saveError returns the *CacheError of the file at path that could not be
// written.
func saveError(path string, err error) error {
	return &CacheError{Path: path, Problem: "cannot be written: " + err.Error(), Err: err}
}

// A ctxWriter writes to w, at most a megabyte at a time, until ctx is
// done, then fails with ctx's error.
type ctxWriter struct {
	ctx context.Context
	w   io.Writer
}

func (c ctxWriter) Write(p []byte) (int, error) {
	n := 0
	for len(p) > 0 {
		if err := c.ctx.Err(); err != nil {
			return n, err
		}
		k, err := c.w.Write(p[:min(len(p), 1<<20)])
		n += k
		if err != nil {
			return n, err
		}
		p = p[k:]
	}
	return n, nil
}

// syncFile commits f to the disk, or fails with ctx's error once ctx is
// done: the commit of a large file can take seconds, and goes on unheeded.
func syncFile(ctx context.Context, f *os.File) error {
	done := make(chan error, 1)
	go func() { done <- f.Sync() }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		return ctx.Err()
	}
}

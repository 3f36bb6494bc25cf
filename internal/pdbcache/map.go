package pdbcache

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"hash/crc64"
	"os"
	"sync"
	"sync/atomic"

	"github.com/slidekit/slide/internal/pdb"
)

// Cached files are used in place where the system can map them (see
// mapFile): the tables' data are slices of a read-only shared mapping of
// the file, so that loading a file copies nothing, and its pages are the
// page cache's, shared by every process that maps the file. Elsewhere,
// and where mapping fails, Read copies the file into memory.
//
// Mappings live for the process. A slice of a mapping does not keep the
// mapping reachable for the garbage collector, and the solvers keep such
// slices apart from their Table (a Solver's patterns, the evaluators of
// internal/near, Verify's comparison), so unmapping when a DB becomes
// unreachable would turn any reference missed, now or by a later change,
// into a fault in a running search. A mapping kept costs address space,
// not memory: its pages are clean file pages, which the kernel reclaims
// under pressure and reads again when touched. Each version of a file is
// mapped once a process (see mapped), however often it is loaded. The
// cache's writers never change a file in place (Save renames a new file
// over it, Remove unlinks it, and a mapping of the old file stays whole);
// a file truncated in place by someone else faults its readers.
//
// A mapped file's checksum is computed over the mapping, once per version
// of the file: a record beside the file (see record) says that the file
// of a given identity had its checksum verified, and a load that finds it
// matching skips the computation. Save writes the record of the file it
// wrote, Verify and the first load of a file write it when the directory
// is writable; in a read-only cache without records every load computes
// the checksum.

// mapTables chooses loading by mapping where mapFile can map; tests turn
// it off to run the reader that other systems use.
var mapTables = true

// checksums counts the checksums computed over mappings, for tests.
var checksums atomic.Int64

// mapped holds the mappings of this process, by the file they map: they
// are never unmapped once a DB is made of them.
var mapped struct {
	sync.Mutex
	byFile map[mapKey][]byte
}

// A mapKey names a file for as long as a mapping of it lives: meanwhile
// the file system gives its inode number to no other file.
type mapKey struct {
	dev, ino uint64
	size     int64
}

// errNoMapping is loadMapped's error when the file cannot be mapped: the
// caller reads it instead.
var errNoMapping = errors.New("pdb: file not mapped")

// loadMapped returns the DB of spec whose file f is at path, its tables
// being slices of a mapping of f, after verifying the file's checksum
// unless its record vouches for it. It fails with errNoMapping when f
// cannot be mapped, an error wrapping ErrCorrupt for a file that is not
// the DB of spec, or ctx's error.
func loadMapped(ctx context.Context, f *os.File, path string, spec pdb.Spec) (*pdb.DB, error) {
	st, err := f.Stat()
	if err != nil {
		return nil, errNoMapping
	}
	id, ok := identify(st)
	if !ok {
		return nil, errNoMapping
	}
	key := mapKey{id.dev, id.ino, id.size}
	mapped.Lock()
	m, found := mapped.byFile[key]
	mapped.Unlock()
	if !found {
		if m, err = mapFile(f, id.size); err != nil {
			return nil, errNoMapping
		}
	}
	keep := found
	defer func() {
		if !keep {
			unmapFile(m) // no table refers to it
		}
	}()
	db, stored, err := tablesOf(m, spec)
	if err != nil {
		return nil, err
	}
	if recorded(path, id, stored) {
		// Only the pages are to be read in, ahead of the search.
		if err := inChunks(ctx, m, 32<<20, populate); err != nil {
			return nil, err
		}
	} else {
		if err := verifyMapping(ctx, m); err != nil {
			return nil, err
		}
		if now, err := f.Stat(); err == nil {
			if id2, ok := identify(now); ok && id2 == id {
				writeRecord(path, id, stored, 0) // best effort: a read-only cache verifies every load
			}
		}
	}
	if !found {
		mapped.Lock()
		if mapped.byFile == nil {
			mapped.byFile = map[mapKey][]byte{}
		}
		m0, dup := mapped.byFile[key] // mapped meanwhile by another load
		if !dup {
			mapped.byFile[key] = m
			keep = true
		}
		mapped.Unlock()
		if dup {
			db, _, _ = tablesOf(m0, spec) // m0 holds the same bytes, verified
		}
	}
	return db, nil
}

// tablesOf returns the DB of spec whose file is m, its tables being
// slices of m, and the checksum m stores, or an error wrapping ErrCorrupt
// if m is not such a file (its checksum aside: see verifyMapping).
func tablesOf(m []byte, spec pdb.Spec) (*pdb.DB, uint64, error) {
	r := bytes.NewReader(m)
	format, err := readHeader(r, spec)
	if err != nil {
		return nil, 0, err
	}
	off := int64(len(m)) - int64(r.Len())
	end := int64(len(m)) - 8 // the checksum
	var data [][]uint8
	for i, entries := range spec.Entries() {
		size := entryBytes(entries, format)
		if off+8 > end || binary.LittleEndian.Uint64(m[off:]) != uint64(size) {
			return nil, 0, corrupt("pattern %d: entry count differs", i)
		}
		off += 8
		if end-off < size {
			return nil, 0, corrupt("pattern %d: unexpected EOF", i)
		}
		data = append(data, m[off:off+size:off+size])
		off += size
	}
	if off > end {
		return nil, 0, corrupt("no checksum")
	}
	if off < end {
		return nil, 0, corrupt("data after the checksum")
	}
	return pdb.NewDB(spec, format == formatCompact, data), binary.LittleEndian.Uint64(m[end:]), nil
}

// verifyMapping checks the checksum that the file m stores (its last 8
// bytes) against the bytes before it, 4 MiB at a time until ctx is done,
// then failing with ctx's error.
func verifyMapping(ctx context.Context, m []byte) error {
	checksums.Add(1)
	end := len(m) - 8
	var sum uint64
	if err := inChunks(ctx, m[:end], 4<<20, func(b []byte) { sum = crc64.Update(sum, crcTable, b) }); err != nil {
		return err
	}
	if stored := binary.LittleEndian.Uint64(m[end:]); stored != sum {
		return corrupt("checksum %016x, computed %016x", stored, sum)
	}
	return nil
}

// inChunks calls f on m's consecutive chunks of size bytes (the last may be
// shorter), and fails with ctx's error once ctx is done.
func inChunks(ctx context.Context, m []byte, size int, f func([]byte)) error {
	for len(m) > 0 {
		if err := ctx.Err(); err != nil {
			return err
		}
		n := min(len(m), size)
		f(m[:n])
		m = m[n:]
	}
	return nil
}

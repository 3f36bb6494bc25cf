package pdbcache

import (
	"bufio"
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc64"
	"io"
	"io/fs"
	"strconv"

	"github.com/slidekit/slide/internal/engine"

	"github.com/slidekit/slide/internal/pdb"
)

// Verify checks the file of spec in dir (see CachePath) against spec
// itself: it builds the DB of spec in memory, in the file's entry format,
// and compares it entry by entry with the file, which it streams rather
// than loads, so that it needs the build's memory only. A checksum says
// only that a file is what its writer wrote; Verify says that it holds the
// distances spec defines, for a cache that others can write. A file that
// verifies has its checksum recorded beside it (see record), so that
// loads skip computing it, in a cache mounted read-only afterwards too.
//
// It returns nil for a file that matches; an error of kind engine.Cache
// for a missing file; of kind engine.Corrupt for a file that Load rejects
// or whose entries differ from the build's (the message names how many,
// and the first); of kind engine.Limit, before any work, if the build
// would take more than maxMemory bytes (<= 0: no bound); or ctx's error.
// opt.Bytes is ignored: the file's format decides.
func Verify(ctx context.Context, dir string, spec pdb.Spec, opt pdb.BuildOptions, maxMemory int64) error {
	if err := spec.Validate(); err != nil {
		return err
	}
	path := CachePath(dir, spec)
	if err := Check(dir, spec); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return engine.Errorf(engine.Cache, "%s does not exist", path)
		}
		return engine.Errorf(engine.Corrupt, "%s", Message(err))
	}
	f, _, err := openCached(path)
	if err != nil {
		return engine.Errorf(engine.Corrupt, "%s", Message(err))
	}
	defer f.Close()
	before, err := f.Stat()
	if err != nil {
		return engine.Errorf(engine.Corrupt, "%s cannot be read: %v", path, err)
	}
	h := crc64.New(crcTable)
	r := bufio.NewReaderSize(f, 1<<20)
	tr := io.TeeReader(r, h)
	format, err := readHeader(tr, spec)
	if err != nil {
		return engine.Errorf(engine.Corrupt, "%s is not a table of this pattern database: %s", path, detail(err))
	}
	need := spec.BuildBytes()
	if format == formatByte {
		need += spec.TableBytes(false) - spec.TableBytes(true)
	}
	if err := checkBuildMemory(need, maxMemory); err != nil {
		return err
	}
	build := opt
	build.Bytes = format == formatByte
	if opt.Progress != nil {
		build.Progress = func(p pdb.Progress) {
			p.Tables = len(spec.Patterns)
			opt.Progress(p)
		}
	}
	db, err := pdb.Build(ctx, spec, build)
	if err != nil {
		if engine.IsContext(err) {
			return err
		}
		return engine.Errorf(engine.Option, "building the tables: %s", Message(err))
	}
	if !db.Compact() && format == formatCompact {
		return engine.Errorf(engine.Corrupt, "%s holds 4-bit entries, but the distances of this pattern database need a byte each", path)
	}
	diff := compareTables(tr, db)
	if diff.err != nil {
		return engine.Errorf(engine.Corrupt, "%s is corrupt: %v", path, diff.err)
	}
	var stored uint64
	if err := binary.Read(r, binary.LittleEndian, &stored); err != nil {
		return engine.Errorf(engine.Corrupt, "%s is corrupt: no checksum", path)
	}
	if sum := h.Sum64(); stored != sum {
		return engine.Errorf(engine.Corrupt, "%s is corrupt: checksum %016x, computed %016x", path, stored, sum)
	}
	if diff.count > 0 {
		return engine.Errorf(engine.Corrupt, "%s differs from its definition in %s of %s entries: the first is entry %d of table %d of %d, %d in the file, %d by definition",
			path, count(diff.count), count(diff.entries), diff.rank, diff.table+1, len(db.Tables()), diff.got, diff.want)
	}
	// The file's checksum is verified: loads need not verify it again
	// while the file stays as it was read (see record).
	if after, err := f.Stat(); err == nil {
		id, ok := identify(before)
		if id2, ok2 := identify(after); ok && ok2 && id == id2 {
			writeRecord(path, id, stored, 0)
		}
	}
	return nil
}

// A difference is what compareTables finds: the entries that differ, the
// first of them (its table, rank, and value in the file and the build),
// and the entries compared; err is set for a file that ends early.
type difference struct {
	count, entries int64
	table          int
	rank           int64
	got, want      int
	err            error
}

// compareTables reads the tables of a file, past its header, from r and
// compares them with db's, which are in the file's format.
func compareTables(r io.Reader, db *pdb.DB) difference {
	var d difference
	buf := make([]byte, 1<<20)
	for i, t := range db.Tables() {
		data := t.Data()
		var n uint64
		if err := binary.Read(r, binary.LittleEndian, &n); err != nil || n != uint64(len(data)) {
			d.err = fmt.Errorf("pattern %d: entry count differs", i)
			return d
		}
		d.entries += t.Len()
		for off := 0; off < len(data); {
			chunk := buf[:min(len(buf), len(data)-off)]
			if _, err := io.ReadFull(r, chunk); err != nil {
				d.err = fmt.Errorf("pattern %d: %v", i, err)
				return d
			}
			if want := data[off : off+len(chunk)]; !bytes.Equal(chunk, want) {
				d.compare(i, t, int64(off), chunk)
			}
			off += len(chunk)
		}
	}
	return d
}

// compare counts the entries of table i (t, the build's) that the file's
// bytes chunk, from byte off of the table, hold otherwise.
func (d *difference) compare(i int, t *pdb.Table, off int64, chunk []byte) {
	data := t.Data()
	for j, b := range chunk {
		x := off + int64(j)
		if b == data[x] {
			continue
		}
		first, last := x, x
		if t.Compact() {
			first, last = 2*x, min(2*x+1, t.Len()-1)
		}
		for r := first; r <= last; r++ {
			got, want := int(b), int(data[x])
			if t.Compact() {
				shift := 4 * (r & 1)
				got, want = int(b>>shift&15), int(data[x]>>shift&15)
			}
			if got == want {
				continue
			}
			if d.count == 0 {
				d.table, d.rank, d.got, d.want = i, r, got, want
				if t.Compact() {
					d.want = t.At(r)
					d.got = d.want + 2*(got-want)
				}
			}
			d.count++
		}
	}
}

// count writes n with thousands separators: "3,360".
func count(n int64) string {
	s := strconv.FormatInt(n, 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

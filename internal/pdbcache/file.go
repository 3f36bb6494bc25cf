package pdbcache

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc64"
	"io"

	"github.com/slidekit/slide/internal/pdb"
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

// write writes db in the file format above, and returns the bytes written
// and the file's checksum.
func write(w io.Writer, db *pdb.DB) (int64, uint64, error) {
	h := crc64.New(crcTable)
	cw := &countWriter{w: io.MultiWriter(w, h)}
	put := func(x uint32) { binary.Write(cw, binary.LittleEndian, x) }
	io.WriteString(cw, fileMagic)
	put(fileVersion)
	sp := db.Spec()
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
	for _, t := range db.Tables() {
		binary.Write(cw, binary.LittleEndian, uint64(len(t.Data())))
		cw.Write(t.Data())
	}
	sum := h.Sum64()
	binary.Write(cw, binary.LittleEndian, sum)
	return cw.n, sum, cw.err
}

// countWriter counts bytes and keeps the first error, so that write
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

// Read reads a DB of spec in the file format above. It fails with an
// error wrapping ErrCorrupt if the data are not exactly such a file.
func Read(r io.Reader, spec pdb.Spec) (*pdb.DB, error) {
	if err := spec.Validate(); err != nil {
		return nil, err
	}
	h := crc64.New(crcTable)
	tr := io.TeeReader(r, h)
	format, err := readHeader(tr, spec)
	if err != nil {
		return nil, err
	}
	var data [][]uint8
	for i, entries := range spec.Entries() {
		size := entryBytes(entries, format)
		var count uint64
		if err := binary.Read(tr, binary.LittleEndian, &count); err != nil || count != uint64(size) {
			return nil, corrupt("pattern %d: entry count differs", i)
		}
		d := pdb.TableMemory(size)
		if _, err := io.ReadFull(tr, d); err != nil {
			return nil, corrupt("pattern %d: %v", i, err)
		}
		data = append(data, d)
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
	return pdb.NewDB(spec, format == formatCompact, data), nil
}

// corrupt returns an error wrapping ErrCorrupt with the detail given.
func corrupt(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrCorrupt, fmt.Sprintf(format, args...))
}

// readHeader reads the header of a file of spec, up to and including the
// entry format, which it returns.
func readHeader(r io.Reader, spec pdb.Spec) (uint32, error) {
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
func fileSize(spec pdb.Spec, format uint32) int64 {
	size := int64(len(fileMagic)) + 4*6 + 8 // magic, version to patterns, format; checksum
	for i, entries := range spec.Entries() {
		size += 4 + int64(len(spec.Patterns[i])) + 8 + entryBytes(entries, format)
	}
	return size
}

package pdbcache

import (
	"encoding/binary"
	"hash/crc64"
	"io"
	"os"
	"time"
)

// A record says that a table file's checksum was verified: the file of
// its identity (see fileID) holds the checksum it names and the bytes
// before it have that CRC. It lives beside the file, named NAME.sum,
// 64 bytes, all integers little-endian:
//
//	magic     "SLIDESUM"
//	dev, ino, size, mtime, ctime, checksum  uint64 each (times in ns since 1970)
//	crc       uint64, CRC-64 (ECMA) of the 56 bytes before it
//
// A record is trusted only while the file's identity is the one it names
// and the file's status last changed strictly before the record was
// written (by the file system's clock): a change of the file, even one
// that keeps its size and modification time, sets its change time to at
// least the record's, so that the record no longer matches. A missing,
// damaged or stale record costs a verification, never a wrong table.
const (
	recordSuffix = ".sum"
	recordMagic  = "SLIDESUM"
	recordSize   = 64
)

// A fileID tells versions of a file apart: the device and inode numbers,
// the size, and the times of the last modification and of the last change
// of status (ctime), which every write, rename and change of times sets.
type fileID struct {
	dev, ino           uint64
	size, mtime, ctime int64
}

// recordPath returns the path of the record of the table file at path.
func recordPath(path string) string { return path + recordSuffix }

// recorded reports whether the record of the table file at path vouches
// for the file of identity id whose stored checksum is sum.
func recorded(path string, id fileID, sum uint64) bool {
	f, st, err := openFile(recordPath(path), false)
	if err != nil {
		return false
	}
	defer f.Close()
	if st.Size() != recordSize {
		return false
	}
	var b [recordSize]byte
	if _, err := io.ReadFull(f, b[:]); err != nil {
		return false
	}
	got, gotSum, ok := parseRecord(b[:])
	return ok && got == id && gotSum == sum && st.ModTime().UnixNano() > id.ctime
}

// encodeRecord returns the record of the file of identity id and checksum
// sum.
func encodeRecord(id fileID, sum uint64) []byte {
	b := make([]byte, 0, recordSize)
	b = append(b, recordMagic...)
	for _, x := range []uint64{id.dev, id.ino, uint64(id.size), uint64(id.mtime), uint64(id.ctime), sum} {
		b = binary.LittleEndian.AppendUint64(b, x)
	}
	return binary.LittleEndian.AppendUint64(b, crc64.Checksum(b, crcTable))
}

// parseRecord returns the identity and checksum a record names, and
// whether b is a whole record.
func parseRecord(b []byte) (fileID, uint64, bool) {
	if len(b) != recordSize || string(b[:8]) != recordMagic ||
		binary.LittleEndian.Uint64(b[56:]) != crc64.Checksum(b[:56], crcTable) {
		return fileID{}, 0, false
	}
	x := func(i int) uint64 { return binary.LittleEndian.Uint64(b[8+8*i:]) }
	id := fileID{dev: x(0), ino: x(1), size: int64(x(2)), mtime: int64(x(3)), ctime: int64(x(4))}
	return id, x(5), true
}

// writeRecord writes, best effort, the record of the table file at path,
// whose identity is id and checksum sum: a temporary file renamed over
// the record, so that readers never see a partial one. A record must be
// written after the file's last change by the file system's clock (see
// record), whose ticks may be coarse: it rewrites the temporary file until
// its modification time is past the file's change time, for at most
// patience, and writes no record if it is not.
func writeRecord(path string, id fileID, sum uint64, patience time.Duration) {
	f, err := createTemp(recordPath(path))
	if err != nil {
		return // a read-only cache
	}
	b := encodeRecord(id, sum)
	deadline := time.Now().Add(patience)
	for err == nil {
		if _, err = f.WriteAt(b, 0); err != nil {
			break
		}
		var st os.FileInfo
		if st, err = f.Stat(); err != nil || st.ModTime().UnixNano() > id.ctime {
			break
		}
		if time.Now().After(deadline) {
			err = os.ErrDeadlineExceeded
			break
		}
		time.Sleep(time.Millisecond)
	}
	if err == nil {
		err = f.Chmod(0o644)
	}
	f.commit(recordPath(path), err)
}

// recordSaved writes the record of the table file that Save wrote at path
// with checksum sum, pre being the status of the file before its rename,
// unless another writer's file has replaced it meanwhile. It waits for the
// file system's clock (see writeRecord) for at most 100 ms and a
// nanosecond a byte of the file, about what verifying the file would take.
func recordSaved(path string, pre os.FileInfo, sum uint64) {
	st, err := os.Stat(path)
	if err != nil || !os.SameFile(pre, st) {
		return
	}
	if id, ok := identify(st); ok {
		writeRecord(path, id, sum, 100*time.Millisecond+time.Duration(st.Size()))
	}
}

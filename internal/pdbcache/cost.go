package pdbcache

import (
	"encoding/binary"
	"os"

	"github.com/slidekit/slide/internal/pdb"
)

// A LoadCost is what loading a table file from the cache takes: reading
// Cold bytes from the disk or through the checksum, and mapping Mapped
// bytes whose pages are in memory already.
type LoadCost struct {
	Cold, Mapped int64
}

// CostOf returns what loading the file of spec in req's cache would take,
// and false where there is no such file. Where the file is mapped with
// a record vouching for its checksum (see map.go), the pages the page
// cache holds (as the system reports them, see residentBytes) are
// Mapped and the others Cold; otherwise the whole file is Cold: it is
// read, or checksummed, byte by byte.
func CostOf(spec pdb.Spec, req *Request) (LoadCost, bool) {
	dir := req.CacheDir()
	if dir == "" {
		return LoadCost{}, false
	}
	path := CachePath(dir, spec)
	f, size, err := openCached(path)
	if err != nil {
		return LoadCost{}, false
	}
	defer f.Close()
	all := LoadCost{Cold: size}
	if !canMap || !mapTables || size < 8 {
		return all, true
	}
	st, err := f.Stat()
	if err != nil {
		return all, true
	}
	id, ok := identify(st)
	var sum [8]byte
	if !ok || id.size != size {
		return all, true
	}
	if _, err := f.ReadAt(sum[:], size-8); err != nil || !recorded(path, id, binary.LittleEndian.Uint64(sum[:])) {
		return all, true
	}
	in, ok := resident(f, size)
	if !ok {
		return all, true
	}
	return LoadCost{Cold: size - in, Mapped: in}, true
}

// resident returns how many of the first size bytes of f the page cache
// holds, and false where the system does not say; tests replace it.
var resident = residentBytes

// residentSample is how many runs of residentRun pages residentBytes looks
// at, evenly spread, in a file of more than residentSample*residentRun
// pages; it looks at every page of a smaller one.
const (
	residentSample = 256
	residentRun    = 32
)

// sampledRuns calls in(first, n) on runs of the pages of a file of pages
// pages: all of them in one run, or residentSample runs of residentRun,
// evenly spread, and returns the share of the file they stand for, a run
// of pages the ratio of pages to the pages looked at.
func sampledRuns(pages int64, in func(first, n int64) bool) (scale float64, ok bool) {
	if pages <= residentSample*residentRun {
		return 1, in(0, pages)
	}
	for i := range int64(residentSample) {
		if !in(i*(pages-residentRun)/(residentSample-1), residentRun) {
			return 0, false
		}
	}
	return float64(pages) / (residentSample * residentRun), true
}

// pageSize is the system's page size.
var pageSize = int64(os.Getpagesize())

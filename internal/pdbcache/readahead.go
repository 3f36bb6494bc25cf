package pdbcache

import (
	"sync"

	"github.com/slidekit/slide/internal/pdb"
)

// ReadAhead reads the file of spec in req's cache into the system's page
// cache, on a goroutine of its own and once a process, so that a later
// load of it (this process's or the next one's) finds its pages in memory
// and only maps them (see CostOf): for a table that its caller passes
// over now because reading it from the disk would take too long. It
// returns at once. The pages belong to the page cache, which the system
// takes back under pressure; the process holds a window of them at a
// time (see readPages). A process that ends first leaves the rest to the
// next one's ReadAhead, which passes over what is in memory already.
// Best effort: it does nothing where the system does not say how much
// memory it has (only Linux does here), where there is no such file, or
// where the file is larger than a quarter of the machine's memory.
func ReadAhead(spec pdb.Spec, req *Request) {
	dir := req.CacheDir()
	if dir == "" {
		return
	}
	path := CachePath(dir, spec)
	if _, started := readingAhead.LoadOrStore(path, true); started {
		return
	}
	go readAhead(path, false)
}

// readingAhead holds the paths ReadAhead has started on.
var readingAhead sync.Map

// readAhead reads the file at path into the page cache (see ReadAhead),
// with drop dropping its pages first: a file just written is in the page
// cache in the small pages of its writing (see rereadPages).
func readAhead(path string, drop bool) {
	f, size, err := openCached(path)
	if err != nil {
		return
	}
	defer f.Close()
	if total, ok := memoryTotal(); !ok || size > total/4 {
		return
	}
	if drop && !dropPages(f) {
		return
	}
	readPages(f, size)
}

// rereadPages reads the file at path, just written, back into the page
// cache as ReadAhead does, in the huge pages that its writing did not
// leave: the next solves then map it whole. It waits for the reading.
func rereadPages(path string) { readAhead(path, true) }

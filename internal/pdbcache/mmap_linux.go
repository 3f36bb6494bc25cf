package pdbcache

import "syscall"

// mapFlags are the flags of mapFile's mappings.
const mapFlags = syscall.MAP_SHARED

// adviseMapping asks the kernel to back a mapping of a table file with
// huge pages, as adviseHugePages does for tables in memory: the pages it
// reads into the page cache for the mapping are then huge ones, which it
// maps whole. Pages already cached are mapped as they are (see
// map.go). Best effort.
func adviseMapping(m []byte) { _ = syscall.Madvise(m, syscall.MADV_HUGEPAGE) }

// madvPopulateRead is MADV_POPULATE_READ (Linux 5.14), missing from
// package syscall.
const madvPopulateRead = 22

// populate maps the pages of m in advance, reading those not cached, so
// that the search does not fault on them one by one. Best effort: older
// kernels leave them to be faulted on first use.
func populate(m []byte) { _ = syscall.Madvise(m, madvPopulateRead) }

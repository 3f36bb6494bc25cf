// Package pdbcache keeps the pattern databases of internal/pdb: their files
// in a cache directory, and the databases a process has opened.
//
// # Files
//
// A DB is kept in a directory (DefaultCacheDir, slide/pdb under
// os.UserCacheDir) in a file named by its Spec (CachePath), with a
// versioned header and a CRC-64 (see file.go). Load reads a file and says
// what is wrong with it (a *CacheError); Check looks at its header and
// size only, cheaply; Save writes a locked temporary file and renames it,
// removing it on any error and when its context is done, after removing
// the leftovers of writers that died (CleanStale, see temp.go); List,
// which shows those leftovers, Remove and RemoveAll look after a directory.
// Open is Load, or a build and Save where Load fails. Every reader opens
// only regular files (or links to them) and directories, without blocking,
// and takes a file of another kind for a damaged one (see open.go).
//
// On unix systems Load maps a file read-only instead of copying it: the
// tables are the page cache's pages, shared by every process that loads the
// file, and stay mapped until the process exits (see map.go). The checksum
// of a mapped file is computed once per version of the file: a record
// beside it (NAME.pdb.sum, see record.go), written by Save, Verify and the
// first load, names the file's identity, and a load that finds the file
// unchanged skips the computation; without a record (a read-only cache)
// every load computes it. A checksum proves a file whole, not right: Verify
// rebuilds a Spec's tables in memory and compares them with its file, for
// caches that others write.
//
// # Sharing
//
// Shared opens each database once a process, from memory, the cache or a
// build as a Request allows, while other callers wait for it; StateOf tells
// where a database is without opening it, CostOf what loading its file
// would take (the bytes to read, and on Linux those the page cache holds
// already, which a load only maps), ReadAhead reads a file into the page
// cache in the background for a later load, Prepare makes sure it is in
// the cache, and Release forgets the databases opened.
//
// Invariants: a table file is replaced by renaming, never rewritten in
// place, so that a mapping of it stays whole; a record vouches only for the
// file identity it names; a missing, damaged or mismatched file costs a
// build or a verification, never a wrong table; and a database is read or
// built once however many searches ask for it at once.
package pdbcache

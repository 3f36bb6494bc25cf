package pdb

// CheckSampledEntries is checkSampledEntries, for the tests of package
// pdb_test, which read the cache of internal/pdbcache.
var CheckSampledEntries = checkSampledEntries

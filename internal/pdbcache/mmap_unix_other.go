//go:build unix && !linux

package pdbcache

import "syscall"

// mapFlags are the flags of mapFile's mappings.
const mapFlags = syscall.MAP_SHARED

// adviseMapping does nothing where madvise is not at hand.
func adviseMapping([]byte) {}

// populate leaves the pages of a mapping to be faulted on first use.
func populate([]byte) {}

//go:build darwin || freebsd || netbsd

package pdbcache

import "syscall"

// ctime returns the time of the last change of a file's status, in ns.
func ctime(st *syscall.Stat_t) int64 { return st.Ctimespec.Nano() }

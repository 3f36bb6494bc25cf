//go:build darwin || dragonfly || freebsd || linux || netbsd || openbsd

package pdbcache

import (
	"os"
	"syscall"
)

// canLock reports whether lockFile and tryLock lock files (advisory
// flock locks, which the system drops when their holder dies).
const canLock = true

// lockFile takes an exclusive lock on f, which the writers of temporary
// files hold from before their first byte until they rename or remove the
// file (see temp.go), and returns the function that releases it. It never
// waits: a lock held by another leaves f unlocked.
func lockFile(f *os.File) (unlock func()) {
	fd := int(f.Fd())
	if syscall.Flock(fd, syscall.LOCK_EX|syscall.LOCK_NB) != nil {
		return func() {}
	}
	return func() { syscall.Flock(fd, syscall.LOCK_UN) }
}

// tryLock takes an exclusive lock on f if no one holds one, and reports
// whether it did; closing f releases it.
func tryLock(f *os.File) bool {
	return syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) == nil
}

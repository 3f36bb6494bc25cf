//go:build !(linux && (amd64 || arm64 || riscv64 || loong64 || ppc64le))

package pdbcache

import "os"

// dropPages cannot drop a file's pages on this system.
func dropPages(*os.File) bool { return false }

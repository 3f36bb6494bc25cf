//go:build !linux

package pdb

// adviseHugePages does nothing where huge pages cannot be asked for.
func adviseHugePages[T any](s []T) {}

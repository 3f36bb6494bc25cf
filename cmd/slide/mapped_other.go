//go:build !unix

package main

// tablesMapped tells that the cache reads a database's file into the Go
// runtime's heap here, which its soft memory limit counts.
const tablesMapped = false

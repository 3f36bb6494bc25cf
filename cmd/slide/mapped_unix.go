//go:build unix

package main

// tablesMapped tells that the cache maps a database's file into memory,
// outside the Go runtime's heap (see memoryFlag.mapped).
const tablesMapped = true

//go:build !linux

package main

import "os"

// maxRSS returns 0: the peak resident memory is read on Linux only.
func maxRSS(*os.ProcessState) int64 { return 0 }

//go:build !unix

package pdbcache

import (
	"io/fs"
	"os"
)

// canMap reports whether mapFile maps files: not on this system, where
// Load reads them.
const canMap = false

// mapFile does not map files on this system.
func mapFile(*os.File, int64) ([]byte, error) { return nil, errNoMapping }

func unmapFile([]byte) {}

// identify tells files apart only where files are mapped.
func identify(fs.FileInfo) (fileID, bool) { return fileID{}, false }

func populate([]byte) {}

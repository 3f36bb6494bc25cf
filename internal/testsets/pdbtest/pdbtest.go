// Package pdbtest holds the helpers that the tests of several packages
// share for pattern databases. It sits apart from package testsets, which
// the tests of package pdb use, because it imports pdb.
package pdbtest

import (
	"context"
	"testing"

	"github.com/slidekit/slide/internal/pdb"
)

// MustBuild builds the tables of spec, failing tb on an error.
func MustBuild(tb testing.TB, spec pdb.Spec) *pdb.DB {
	tb.Helper()
	db, err := pdb.Build(context.Background(), spec, pdb.BuildOptions{})
	if err != nil {
		tb.Fatal(err)
	}
	return db
}

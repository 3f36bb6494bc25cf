package pdb_test

import (
	"fmt"

	"github.com/slidekit/slide/internal/pdb"
)

// A goal with the blank elsewhere: rename the partition's tiles.
func ExampleSpec_WithBlank() {
	spec := pdb.Korf663().WithBlank(15)
	fmt.Println(spec, spec.Validate(), spec.Transposable())
	// Output: 4x4-b15-1.2.3.5.6.7-9.10.11.13.14.0-4.8.12 <nil> true
}

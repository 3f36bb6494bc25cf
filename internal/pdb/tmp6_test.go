package pdb

import (
	"context"
	"testing"
	"time"
)

var six = Spec{Rows: 6, Cols: 6, Blank: 0, Patterns: [][]uint8{
	{1, 2, 6, 7, 8}, {3, 4, 5, 9, 10}, {11, 16, 17, 22, 23}, {12, 13, 14, 18, 19},
	{15, 20, 21, 26, 27}, {24, 25, 30, 31, 32}, {28, 29, 33, 34, 35}}}

func TestTmpBuild6(t *testing.T) {
	began := time.Now()
	db, err := Open(context.Background(), six, OpenOptions{Logf: t.Logf})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("6x6 7x5: %v, %d bytes, compact %v", time.Since(began), db.Bytes(), db.Compact())
}

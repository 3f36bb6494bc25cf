package outfile

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckAll checks the refusals that need no command: the words of
// each, and the paths taken.
func TestCheckAll(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.txt")
	if err := os.WriteFile(in, []byte("2\n1 2\n3 0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		outs   []Output
		inputs []string
		want   string
	}{
		{[]Output{{"-svg", ""}}, []string{in}, ""},
		{[]Output{{"-svg", filepath.Join(dir, "new.svg")}}, []string{in, "-"}, ""},
		{[]Output{{"-svg", in}}, []string{"-", in}, "-svg: " + in + ": is the input file " + in},
		{[]Output{{"-svg", filepath.Join(dir, "a.svg")}, {"-h", dir + "/./a.svg"}}, nil, "-h: " + dir + "/./a.svg: -svg writes it too"},
		{[]Output{{"-svg", filepath.Join(in, "x.svg")}}, nil, "-svg: " + filepath.Join(in, "x.svg") + ": " + in + " is not a folder"},
	} {
		err := CheckAll(tc.outs, tc.inputs, strings.NewReader(""), io.Discard)
		if got := fmt.Sprint(err); got != tc.want && (err != nil || tc.want != "") {
			t.Errorf("%v: %q, want %q", tc.outs, got, tc.want)
		}
	}
}

package play

import (
	"context"
	"strings"
	"testing"
)

// badRequests are requests that Handle refuses, each with a part of the
// message it must give.
var badRequests = []struct{ req, want string }{
	{``, "not a JSON object: unexpected end of JSON input"},
	{`nope`, "not a JSON object"},
	{`[1]`, "not a JSON object: got array"},
	{`null`, "not a JSON object: got null"},
	{`{"id": 1}`, `no "op": want one of blocks, build, hint, parse, shuffle, solvable, solve, tables`},
	{`{"id": 1, "op": null}`, `"op": want a string, got null`},
	{`{"id": 1, "op": 3}`, `"op": want a string: got number`},
	{`{"id": 1, "op": "solv"}`, `unknown op "solv"`},
	{`{"id": 1, "op": "tables", "name": "pdb663"}`, `tables takes no "name" (it takes none)`},
	{`{"id": 1, "op": "solve", "board": {"rows": 2, "cols": 2, "tiles": [1, 2, 3, 0]}, "budget": 5}`, `solve takes no "budget" (it takes board, mode, budget_ms, metric)`},
	{`{"id": 1, "op": "shuffle", "rows": 3, "cols": 3}`, `shuffle needs "seed"`},
	{`{"id": 1, "op": "shuffle", "rows": 3.5, "cols": 3, "seed": "1"}`, `"rows": want an integer: got number 3.5`},
	{`{"id": 1, "op": "shuffle", "rows": 3, "cols": 3, "seed": 1}`, `"seed": want a string: got number`},
	{`{"id": 1, "op": "solvable", "board": [1, 2]}`, `"board": want a board {"rows", "cols", "tiles"}: got array`},
	{`{"id": 1, "op": "solvable", "board": {"rows": 2, "cols": 2, "tiles": [1, 2, 3, 0], "x": 1}}`, `unknown field "x"`},
	{`{"id": 1, "op": "solvable", "board": {"rows": 2, "cols": 2, "tiles": [1, 2, 3, "0"]}}`, `got string in "tiles`},
	{`{"id": 1, "op": "solvable", "board": {"rows": 2, "cols": 2, "tiles": [1, 2, 2, 0]}}`, `"board": tile 2 appears twice`},
	{`{"id": 1, "op": "solvable", "board": {"rows": 2, "cols": 2, "tiles": [1, 2, 3]}}`, `"board": 2 x 2 board needs 4 tiles, got 3`},
	{`{"id": 1, "op": "solvable", "board": null}`, `"board": want a board {"rows", "cols", "tiles"}, got null`},
	{`{"id": 1, "op": "parse", "text": "` + strings.Repeat("x", 1000) + `"}`, "..."},
}

// TestDecodeErrors checks that each bad request fails with a message that
// says what is wrong, on one line, with the id echoed when there is one.
func TestDecodeErrors(t *testing.T) {
	for _, tc := range badRequests {
		a := do(t, Handler{Cache: testCache(t)}, tc.req)
		if !strings.Contains(a.err, tc.want) || strings.Contains(a.err, "\n") || len(a.err) > 300 {
			t.Errorf("%s: error %q, want %q in one line", clip(tc.req), a.err, tc.want)
		}
	}
}

// TestPanic checks that a panic of an op is answered as an internal
// error, the request's id echoed.
func TestPanic(t *testing.T) {
	ops["panic"] = op{run: func(Handler, context.Context, request, func(progress)) (any, error) { panic("a bug") }}
	defer delete(ops, "panic")
	if a := do(t, Handler{}, `{"id": 1, "op": "panic"}`); a.err != "internal error: a bug" {
		t.Errorf("a panic: %q", a.err)
	}
}

// FuzzDecode checks that decode never panics, that what it takes is a
// request of a known op with the fields that op needs, and that what it
// refuses it says in one line.
func FuzzDecode(f *testing.F) {
	for _, tc := range badRequests {
		f.Add([]byte(tc.req))
	}
	f.Add([]byte(`{"id": 1, "op": "solve", "board": {"rows": 2, "cols": 2, "tiles": [1, 2, 3, 0]}, "mode": "anytime", "budget_ms": 5}`))
	f.Add([]byte(`{"id": "x", "op": "blocks", "text": "2 2\n1 1 1 1 b\n", "metric": "piece"}`))
	f.Add([]byte(`{"op": "shuffle", "rows": 3, "cols": 3, "seed": "18446744073709551615"}`))
	f.Fuzz(func(t *testing.T, req []byte) {
		r, err := decode(req)
		if err != nil {
			if msg := err.Error(); msg == "" || strings.ContainsAny(msg, "\n\r") {
				t.Fatalf("decode(%q): error %q", req, msg)
			}
			return
		}
		o, ok := ops[r.Op]
		if !ok {
			t.Fatalf("decode(%q) took the op %q", req, r.Op)
		}
		for _, name := range o.needs {
			if name == "board" && !r.Board.IsValid() {
				t.Fatalf("decode(%q): no valid board", req)
			}
		}
	})
}

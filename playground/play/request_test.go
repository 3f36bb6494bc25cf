package play

import (
	"bytes"
	"context"
	"encoding/json"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/slidekit/slide"
)

// badRequests are requests that Handle refuses, each with a part of the
// message it must give.
var badRequests = []struct{ req, want string }{
	{``, "not a JSON object: unexpected end of JSON input"},
	{`nope`, "not a JSON object"},
	{`[1]`, "not a JSON object: got array"},
	{`null`, "not a JSON object: got null"},
	{`{"id": 1}`, `no "op": want one of blocks, build, deal, hint, parse, shuffle, solvable, solve, tables`},
	{`{"id": 1, "op": null}`, `"op": want a string, got null`},
	{`{"id": 1, "op": 3}`, `"op": want a string: got number`},
	{`{"id": 1, "op": "solv"}`, `unknown op "solv"`},
	{`{"id": 1, "op": "tables", "name": "pdb663"}`, `tables takes no "name" (it takes none)`},
	{`{"id": 1, "op": "solve", "board": {"rows": 2, "cols": 2, "tiles": [1, 2, 3, 0]}, "budget": 5}`, `solve takes no "budget" (it takes board, mode, budget_ms, weight, metric, svg)`},
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
	{`{"id": 1, "op": "solvable", "board": {"rows": 1, "cols": 4, "tiles": [1, 2, 3, 0]}}`, `"board": size 1 x 4: the page takes 2 to 255 rows and columns`},
	{`{"id": 1, "op": "solve", "board": {"rows": 256, "cols": 2, "tiles": []}, "mode": "fast"}`, `"board": size 256 x 2: the page takes 2 to 255 rows and columns`},
	{`{"id": 1, "op": "shuffle", "rows": 2, "cols": 16000, "seed": "1"}`, `size 2 x 16000: the page takes 2 to 255 rows and columns`},
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

// TestRequestBounds checks that a request past the page's bounds is
// refused before any work, with little memory, its id echoed where it is
// found and within its bound: a request of more than a megabyte (10
// million tiles, a text or an id of 20 MB), an id of more than 256 bytes,
// and a fast solve of a 2 x 16000 board.
func TestRequestBounds(t *testing.T) {
	long := strings.Repeat("x", 20<<20)
	thin, err := slide.RandomBoard(slide.Goal(2, 16000), rand.New(rand.NewPCG(1, 0)))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ req, id, want string }{
		{`{"op": "solvable", "board": {"rows": 3, "cols": 3, "tiles": [` + strings.Repeat("1, ", 1e7) + `0]}, "id": 7}`, "7", "the request takes 30000074 bytes: the page takes at most 1048576"},
		{`{"op": "parse", "text": "` + long + `", "id": {"n": [1, "]"]}}`, `{"n":[1,"]"]}`, "the request takes 20971570 bytes"},
		{`{"id": "` + long + `", "op": "tables"}`, "null", "the request takes"},
		{`{"id": "` + strings.Repeat("x", 255) + `", "op": "tables"}`, "null", `"id": want at most 256 bytes of JSON, got 257`},
		{reqJSON("solve", solveArgs(thin, "mode", "fast")), "7", `"board": size 2 x 16000: the page takes 2 to 255 rows and columns`},
	} {
		req, h := []byte(tc.req), Handler{Cache: testCache(t)}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		began := time.Now()
		var msgs []string
		h.Handle(context.Background(), req, func(msg []byte) { msgs = append(msgs, string(msg)) })
		took := time.Since(began)
		runtime.ReadMemStats(&after)
		var m struct {
			ID    json.RawMessage
			Error string
		}
		if len(msgs) != 1 || json.Unmarshal([]byte(msgs[0]), &m) != nil {
			t.Fatalf("%s: messages %.200q", clip(tc.req), msgs)
		}
		allocated := after.TotalAlloc - before.TotalAlloc
		t.Logf("%s: refused in %v, %d bytes allocated", clip(tc.req), took, allocated)
		if string(m.ID) != tc.id || !strings.Contains(m.Error, tc.want) || allocated > 8<<20 {
			t.Errorf("%s: id %.80s, error %q, %d bytes allocated; want id %s, error %q, at most 8 MiB", clip(tc.req), m.ID, m.Error, allocated, tc.id, tc.want)
		}
	}
	id := `"` + strings.Repeat("x", 254) + `"` // 256 bytes: echoed
	if a := do(t, Handler{}, `{"id": `+id+`, "op": "solvable", "board": {"rows": 2, "cols": 2, "tiles": [1, 2, 3, 0]}}`); a.result["solvable"] != true {
		t.Errorf("an id of 256 bytes: %v", a.err)
	}
}

// idCases are requests and their ids as idOf finds them, "" for none.
var idCases = []struct{ req, id string }{
	{`{"op": "x", "id": 5}`, "5"},
	{` {"text": "a\"b\\", "board": {"id": 1, "t": [[], {}]}, "id" : [1, {"a": "]}"}]} `, `[1, {"a": "]}"}]`},
	{`{"id": 1, "id": -2.5e3}`, "-2.5e3"},
	{`{"\u0069d": "x", "op": true}`, `"x"`},
	{`{"id": null}`, "null"},
	{`{"ids": 1, "Id": 2}`, ""},
	{`{"a": {"id": 1}}`, ""},
	{`[{"id": 1}]`, ""},
	{`{"id": 1`, ""},
	{`{"id": 1 "op": 2}`, ""},
	{`{"id": tru}`, ""},
	{`{"id": "\"}`, ""},
	{`{"id": "` + strings.Repeat("x", 255) + `"}`, ""},
	{`{"id": 1, "id": "` + strings.Repeat("x", 255) + `"}`, ""},
}

// TestIDOf checks that idOf finds the id of a request at the top level
// only, the last if there are several, within its bound.
func TestIDOf(t *testing.T) {
	for _, tc := range idCases {
		if got := idOf([]byte(tc.req)); string(got) != tc.id {
			t.Errorf("idOf(%s) = %s, want %s", clip(tc.req), got, tc.id)
		}
	}
}

// FuzzDecode checks that decode never panics, that what it takes is a
// request of a known op with the fields that op needs, and that what it
// refuses it says in one line; and that idOf, which reads the id of a
// request too large to decode, finds in a JSON object the id that
// decode reads.
func FuzzDecode(f *testing.F) {
	for _, tc := range badRequests {
		f.Add([]byte(tc.req))
	}
	for _, tc := range idCases {
		f.Add([]byte(tc.req))
	}
	f.Add([]byte(`{"id": 1, "op": "solve", "board": {"rows": 2, "cols": 2, "tiles": [1, 2, 3, 0]}, "mode": "anytime", "budget_ms": 5}`))
	f.Add([]byte(`{"id": "x", "op": "blocks", "text": "2 2\n1 1 1 1 b\n", "metric": "piece"}`))
	f.Add([]byte(`{"op": "shuffle", "rows": 3, "cols": 3, "seed": "18446744073709551615"}`))
	f.Fuzz(func(t *testing.T, req []byte) {
		id := idOf(req)
		if id != nil && (len(id) > maxIDBytes || !json.Valid(id)) {
			t.Fatalf("idOf(%q) = %q", req, id)
		}
		var fields map[string]json.RawMessage
		if json.Unmarshal(req, &fields) == nil && fields != nil {
			want := fields["id"]
			if len(want) > maxIDBytes {
				want = nil
			}
			if !bytes.Equal(id, want) {
				t.Fatalf("idOf(%q) = %q, want %q", req, id, want)
			}
		}
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

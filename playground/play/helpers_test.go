package play

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/slidekit/slide"
	"github.com/slidekit/slide/internal/testsets"
)

// An answer is what Handle emitted for one request: its progress
// messages and its result, decoded.
type answer struct {
	progress []map[string]any
	result   map[string]any // the result's "result", if ok
	err      string         // the result's "error", if not ok
}

// do hands req to h and returns its answer, failing t unless every
// message is one JSON object of the request's id and the last, only it,
// a result.
func do(t *testing.T, h Handler, req string) answer {
	t.Helper()
	return doContext(t, context.Background(), h, req)
}

// doContext is do with the context ctx.
func doContext(t *testing.T, ctx context.Context, h Handler, req string) answer {
	t.Helper()
	var msgs []map[string]any
	h.Handle(ctx, []byte(req), func(msg []byte) {
		var m map[string]any
		if err := json.Unmarshal(msg, &m); err != nil || strings.Contains(string(msg), "\n") {
			t.Fatalf("%s: message %.200q is not one line of a JSON object (%v)", clip(req), msg, err)
		}
		msgs = append(msgs, m)
	})
	var in struct{ ID any }
	json.Unmarshal([]byte(req), &in)
	var a answer
	for i, m := range msgs {
		if fmt.Sprint(m["id"]) != fmt.Sprint(in.ID) {
			t.Errorf("%s: message %d has the id %v, want %v", clip(req), i, m["id"], in.ID)
		}
		switch last := i == len(msgs)-1; {
		case m["type"] == "progress" && !last:
			a.progress = append(a.progress, m)
		case m["type"] == "result" && last && m["ok"] == true:
			a.result, _ = m["result"].(map[string]any)
		case m["type"] == "result" && last && m["ok"] == false:
			a.err, _ = m["error"].(string)
			if a.err == "" || m["result"] != nil {
				t.Fatalf("%s: a failure without an error, or with a result: %v", clip(req), m)
			}
		default:
			t.Fatalf("%s: message %d of %d: %v", clip(req), i+1, len(msgs), m)
		}
	}
	if len(msgs) == 0 {
		t.Fatalf("%s: no message", clip(req))
	}
	return a
}

// ok returns the result of req, failing t if it failed.
func ok(t *testing.T, h Handler, req string) answer {
	t.Helper()
	a := do(t, h, req)
	if a.err != "" {
		t.Fatalf("%s: %s", clip(req), a.err)
	}
	return a
}

// clip returns the start of a request, for messages.
func clip(req string) string {
	if len(req) > 120 {
		return req[:120] + "..."
	}
	return req
}

// reqJSON returns the JSON of the op with fields.
func reqJSON(op string, fields map[string]any) string {
	m := map[string]any{"id": 7, "op": op}
	for k, v := range fields {
		m[k] = v
	}
	data, _ := json.Marshal(m)
	return string(data)
}

// boardArg returns b as a request's board.
func boardArg(b slide.Board) map[string]any {
	return map[string]any{"rows": b.Rows(), "cols": b.Cols(), "tiles": b.Tiles()}
}

// boardOfResult returns the board of a result's field.
func boardOfResult(t *testing.T, v any) slide.Board {
	t.Helper()
	data, _ := json.Marshal(v)
	var bj boardJSON
	if err := json.Unmarshal(data, &bj); err != nil {
		t.Fatal(err)
	}
	b, err := slide.New(bj.Rows, bj.Cols, bj.Tiles)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// blankLast returns the board of the instance labels, given for the goal
// of the instance files, for the goal 1 2 3 ... blank last.
func blankLast(t *testing.T, rows, cols int, labels []int) slide.Board {
	t.Helper()
	b, err := slide.New(rows, cols, testsets.ForBlankLast(labels))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// instances returns the first k instances of the testdata file name, of
// rows x cols, for the goal blank last.
func instances(t *testing.T, name string, rows, cols, k int) (boards []slide.Board, optimal []int) {
	t.Helper()
	for _, in := range testsets.Instances(t, name, rows*cols)[:k] {
		boards = append(boards, blankLast(t, rows, cols, in.Labels))
		optimal = append(optimal, in.Optimal)
	}
	return boards, optimal
}

// replay checks that moves, a solution's letters, take start to its goal
// in n moves.
func replay(t *testing.T, start slide.Board, moves string, n int) {
	t.Helper()
	ms, err := slide.ParseMoves(moves)
	if err != nil {
		t.Fatalf("the moves %.80q: %v", moves, err)
	}
	end, ok := start.Apply(ms)
	if !ok || end != slide.Goal(start.Rows(), start.Cols()) || len(ms) != n {
		t.Fatalf("the %d moves (%d given) do not take the start to the goal", len(ms), n)
	}
}

// testCache returns a cache of the test's own, empty.
func testCache(t *testing.T) slide.Cache {
	return slide.Cache{Dir: t.TempDir()}
}

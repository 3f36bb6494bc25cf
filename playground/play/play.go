package play

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"

	"github.com/slidekit/slide"
	"github.com/slidekit/slide/internal/report"
)

// A Handler answers the page's requests. Its Cache keeps the tables it
// builds (the page's is the folder /slide-cache of its file system); the
// Cache's Progress is Handle's own.
type Handler struct {
	Cache slide.Cache
}

// maxMemory bounds the memory of every search, tables included.
const maxMemory = 1 << 30

// A progress message tells how a request goes: a table's build or a
// search.
type progress struct {
	Type   string          `json:"type"` // "progress"
	ID     json.RawMessage `json:"id"`
	Build  *buildProgress  `json:"build,omitempty"`
	Search *searchProgress `json:"search,omitempty"`
	Best   *bestProgress   `json:"best,omitempty"`
}

// buildProgress is a slide.DatabaseProgress: a layer of a table built.
type buildProgress struct {
	Name    string `json:"name"`
	Table   int    `json:"table"`
	Tables  int    `json:"tables"`
	Depth   int    `json:"depth"`
	Reached int64  `json:"reached"`
	Entries int64  `json:"entries"`
}

// searchProgress is a slide.Progress.
type searchProgress struct {
	Bound      int     `json:"bound"`
	Generated  int64   `json:"generated"`
	Best       int     `json:"best"`
	LowerBound int     `json:"lower_bound"`
	Seconds    float64 `json:"seconds"`
}

// bestProgress is a shorter answer of an anytime solve (see
// slide.Solver.OnImprove): its moves as the result's letters.
type bestProgress struct {
	Length     int     `json:"length"`
	LowerBound int     `json:"lower_bound"`
	Optimal    bool    `json:"optimal"`
	Moves      string  `json:"moves"`
	Seconds    float64 `json:"seconds"`
}

// A result message answers a request: its result, or why it failed.
type result struct {
	Type   string          `json:"type"` // "result"
	ID     json.RawMessage `json:"id"`
	OK     bool            `json:"ok"`
	Result any             `json:"result,omitempty"`
	Error  string          `json:"error,omitempty"`
}

// Handle answers the request req, a JSON object: it calls emit with each
// progress message, then with the result, each one JSON object. It
// returns when the work is done or ctx is done; it never panics, and
// reports a panic of the work as an internal error.
func (h Handler) Handle(ctx context.Context, req []byte, emit func(msg []byte)) {
	id := json.RawMessage("null")
	answer := func(v any, err error) {
		r := result{Type: "result", ID: id, OK: err == nil, Result: v}
		if err != nil {
			r.Result, r.Error = nil, report.Message(err)
		}
		emit(encode(r))
	}
	defer func() {
		if p := recover(); p != nil {
			answer(nil, fmt.Errorf("internal error: %v", p))
		}
	}()
	r, err := decode(req)
	if r.ID != nil {
		id = r.ID
	}
	if err != nil {
		answer(nil, err)
		return
	}
	tell := func(p progress) {
		p.Type, p.ID = "progress", id
		emit(encode(p))
	}
	answer(ops[r.Op].run(h, ctx, r, tell))
}

// encode returns v as one line of JSON, without its newline.
func encode(v any) []byte {
	var buf bytes.Buffer
	report.WriteJSON(&buf, v)
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
}

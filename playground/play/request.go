package play

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/slidekit/slide"
	"github.com/slidekit/slide/internal/input"
	"github.com/slidekit/slide/internal/report"
)

// A request is one request of the page, decoded: the fields that its op
// takes (see ops), the others zero.
type request struct {
	ID       json.RawMessage // as given; nil if none
	Op       string
	Text     string
	Rows     int
	Cols     int
	Seed     string
	Board    slide.Board
	Name     string
	Mode     string
	BudgetMS int64
	Weight   float64
	Metric   string
	SVG      *bool // nil if not given
	Moves    *int  // nil if not given
}

// An op is what a request's op does: the fields it takes, those of them
// it needs, and the work, which tells its progress to tell.
type op struct {
	fields, needs []string
	run           func(h Handler, ctx context.Context, r request, tell func(progress)) (any, error)
}

// ops are the ops of the page, by name.
var ops = map[string]op{
	"parse":    {[]string{"text"}, []string{"text"}, Handler.parse},
	"shuffle":  {[]string{"rows", "cols", "seed"}, []string{"rows", "cols", "seed"}, Handler.shuffle},
	"solvable": {[]string{"board"}, []string{"board"}, Handler.solvable},
	"tables":   {nil, nil, Handler.tables},
	"build":    {[]string{"name"}, []string{"name"}, Handler.build},
	"solve":    {[]string{"board", "mode", "budget_ms", "weight", "metric", "svg"}, []string{"board"}, Handler.solve},
	"hint":     {[]string{"board"}, []string{"board"}, Handler.hint},
	"blocks":   {[]string{"text", "metric"}, []string{"text"}, Handler.blocks},
	"warm":     {nil, nil, Handler.warm},
	"deal":     {[]string{"rows", "cols", "text", "seed", "moves", "metric"}, []string{"seed"}, Handler.deal},
}

// opNames returns the names of the ops, sorted, for messages.
func opNames() string {
	var names []string
	for name := range ops {
		names = append(names, name)
	}
	slices.Sort(names)
	return strings.Join(names, ", ")
}

// decode reads the request req: a JSON object whose op is one of ops,
// with the fields that op takes and needs, each of its type. It returns
// the request's id, if it has one, also with an error.
func decode(req []byte) (request, error) {
	if len(req) > maxRequestBytes {
		return request{ID: idOf(req)}, fmt.Errorf("the request takes %d bytes: the page takes at most %d", len(req), maxRequestBytes)
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(req, &fields); err != nil {
		return request{}, fmt.Errorf("the request is not a JSON object: %s", jsonError(err))
	} else if fields == nil {
		return request{}, errors.New("the request is not a JSON object: got null")
	}
	if id := fields["id"]; len(id) > maxIDBytes {
		return request{}, fmt.Errorf(`"id": want at most %d bytes of JSON, got %d`, maxIDBytes, len(id))
	}
	r := request{ID: fields["id"]}
	if err := field(fields, "op", &r.Op); err != nil {
		return r, err
	}
	o, ok := ops[r.Op]
	switch {
	case fields["op"] == nil:
		return r, fmt.Errorf(`the request has no "op": want one of %s`, opNames())
	case !ok:
		return r, fmt.Errorf("unknown op %s: want one of %s", input.Quote(r.Op), opNames())
	}
	for _, name := range sortedKeys(fields) {
		if name != "id" && name != "op" && !slices.Contains(o.fields, name) {
			return r, fmt.Errorf("%s takes no %s (%s)", r.Op, input.Quote(name), takes(o.fields))
		}
	}
	for _, name := range o.needs {
		if fields[name] == nil {
			return r, fmt.Errorf("%s needs %s (%s)", r.Op, input.Quote(name), takes(o.fields))
		}
	}
	var tiles *boardJSON
	for _, f := range []struct {
		name string
		dst  any
	}{
		{"text", &r.Text}, {"rows", &r.Rows}, {"cols", &r.Cols}, {"seed", &r.Seed}, {"board", &tiles},
		{"name", &r.Name}, {"mode", &r.Mode}, {"budget_ms", &r.BudgetMS}, {"weight", &r.Weight},
		{"metric", &r.Metric}, {"svg", &r.SVG}, {"moves", &r.Moves},
	} {
		if err := field(fields, f.name, f.dst); err != nil {
			return r, err
		}
	}
	if fields["rows"] != nil || fields["cols"] != nil {
		if err := checkSize(r.Rows, r.Cols); err != nil {
			return r, err
		}
	}
	if tiles != nil {
		if err := checkSize(tiles.Rows, tiles.Cols); err != nil {
			return r, fmt.Errorf(`"board": %w`, err)
		}
		b, err := slide.New(tiles.Rows, tiles.Cols, tiles.Tiles)
		if err != nil {
			return r, fmt.Errorf(`"board": %s`, report.Message(err))
		}
		r.Board = b
	}
	return r, nil
}

// The bounds of a request: its bytes (a 255 x 255 board, as tiles or as
// text, takes under half of them), the bytes of its id's JSON, and the
// rows and columns of its boards (the page's, and its own bound: see
// maxLetters).
const (
	maxRequestBytes = 1 << 20
	maxIDBytes      = 256
	minSide         = 2
	maxSide         = 255
)

// checkSize returns an error unless the page takes boards of rows x cols.
func checkSize(rows, cols int) error {
	if rows < minSide || rows > maxSide || cols < minSide || cols > maxSide {
		return fmt.Errorf("size %d x %d: the page takes %d to %d rows and columns", rows, cols, minSide, maxSide)
	}
	return nil
}

// idOf returns the value of the "id" of the JSON object req, if req has
// one of at most maxIDBytes, or nil: it skips the other values without
// decoding them, for a request too large to decode (the page gives the id
// last). It is not a check of req: a value it takes is valid JSON.
func idOf(req []byte) json.RawMessage {
	var id json.RawMessage
	i := skipSpace(req, 0)
	if i == len(req) || req[i] != '{' {
		return nil
	}
	for i = skipSpace(req, i+1); i < len(req) && req[i] == '"'; i = skipSpace(req, i+1) {
		end := skipValue(req, i)
		if end < 0 {
			return nil
		}
		key := req[i:end]
		if i = skipSpace(req, end); i == len(req) || req[i] != ':' {
			return nil
		}
		start := skipSpace(req, i+1)
		if end = skipValue(req, start); end < 0 {
			return nil
		}
		if isIDKey(key) {
			id = nil
			if v := req[start:end]; len(v) <= maxIDBytes && json.Valid(v) {
				id = v
			}
		}
		if i = skipSpace(req, end); i == len(req) || req[i] != ',' {
			break
		}
	}
	if i == len(req) || req[i] != '}' {
		return nil
	}
	return id
}

// isIDKey reports whether key, the JSON text of a string, says "id".
func isIDKey(key []byte) bool {
	if string(key) == `"id"` {
		return true
	}
	var s string
	return len(key) <= 64 && bytes.IndexByte(key, '\\') >= 0 && json.Unmarshal(key, &s) == nil && s == "id"
}

// skipSpace returns the index of the first byte of b from i that is not
// JSON white space.
func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// skipValue returns the index just past the JSON value that starts at i
// in b, or -1 if there is none: a string, an array or object (its
// brackets counted, the strings in it skipped), or a number or literal
// (to the next delimiter). It looks for each byte that matters with
// bytes.IndexByte, over each stretch of b at most once: one pass a byte.
func skipValue(b []byte, i int) int {
	if i >= len(b) {
		return -1
	}
	switch b[i] {
	case '"':
		for j := i + 1; j <= len(b); j++ {
			k := bytes.IndexByte(b[j:], '"')
			if k < 0 {
				return -1
			}
			j += k
			escapes := 0 // the backslashes before the quote: an odd run escapes it
			for b[j-1-escapes] == '\\' {
				escapes++
			}
			if escapes%2 == 0 {
				return j + 1
			}
		}
		return -1
	case '{', '[':
		next := [...]nextByte{{'"', -2}, {'{', -2}, {'[', -2}, {'}', -2}, {']', -2}}
		for depth := 0; ; {
			k := -1
			for n := range next {
				if at := next[n].from(b, i); at >= 0 && (k < 0 || at < k) {
					k = at
				}
			}
			switch {
			case k < 0:
				return -1
			case b[k] == '"':
				if i = skipValue(b, k); i < 0 {
					return -1
				}
				continue
			case b[k] == '{' || b[k] == '[':
				depth++
			default:
				if depth--; depth == 0 {
					return k + 1
				}
			}
			i = k + 1
		}
	}
	j := bytes.IndexAny(b[i:], ",}] \t\r\n")
	if j < 0 {
		return len(b)
	}
	if j == 0 {
		return -1
	}
	return i + j
}

// A nextByte is where the next byte c is in a text: at, -1 if there is
// none, or below the place asked from if not looked for since.
type nextByte struct {
	c  byte
	at int
}

// from returns the index of the first c in b from i, or -1.
func (n *nextByte) from(b []byte, i int) int {
	if n.at == -1 || n.at >= i {
		return n.at
	}
	n.at = bytes.IndexByte(b[i:], n.c)
	if n.at >= 0 {
		n.at += i
	}
	return n.at
}

// takes says which fields an op takes.
func takes(fields []string) string {
	if len(fields) == 0 {
		return "it takes none"
	}
	return "it takes " + strings.Join(fields, ", ")
}

// sortedKeys returns the keys of m, sorted.
func sortedKeys(m map[string]json.RawMessage) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// field decodes the field name of fields, if present, into dst: a board
// into a *boardJSON, with no other fields than its own. A value of
// another type is an error naming the field and the type it wants.
func field(fields map[string]json.RawMessage, name string, dst any) error {
	raw := fields[name]
	if raw == nil {
		return nil
	}
	if string(raw) == "null" {
		return fmt.Errorf("%q: want %s, got null", name, want(dst))
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		return fmt.Errorf("%q: want %s: %s", name, want(dst), jsonError(err))
	}
	return nil
}

// want names the JSON type that dst takes.
func want(dst any) string {
	switch dst.(type) {
	case *string:
		return "a string"
	case *int, *int64, **int:
		return "an integer"
	case *float64:
		return "a number"
	case **bool:
		return "true or false"
	case **boardJSON:
		return `a board {"rows", "cols", "tiles"}`
	}
	return "another value"
}

// jsonError says what is wrong in a JSON text, without the package's name.
func jsonError(err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		what := te.Value
		if te.Field != "" {
			what += " in " + input.Quote(te.Field)
		}
		return "got " + what
	}
	return strings.TrimPrefix(err.Error(), "json: ")
}

// boardJSON is a board as the page gives it, and as results give it.
type boardJSON struct {
	Rows  int   `json:"rows"`
	Cols  int   `json:"cols"`
	Tiles []int `json:"tiles"`
}

// boardOf returns b as the page takes it.
func boardOf(b slide.Board) boardJSON {
	return boardJSON{Rows: b.Rows(), Cols: b.Cols(), Tiles: b.Tiles()}
}

//go:build js && wasm

package main

import (
	"encoding/json"
	"flag"
	"math/rand/v2"
	"os"
	"path/filepath"
	"syscall/js"
	"testing"
	"time"

	"github.com/slidekit/slide"
	"github.com/slidekit/slide/internal/testsets"
)

// strict asks TestDeadline to hold the budgets within 150 ms, which a
// busy machine may not.
var strict = flag.Bool("strict", false, "hold the anytime budgets within 150 ms")

// cache is the folder of the tables of the tests, empty at first.
var cache string

func TestMain(m *testing.M) {
	flag.Parse()
	dir, err := os.MkdirTemp("", "slide-play-")
	if err != nil {
		panic(err)
	}
	cache = dir
	js.Global().Set("slideCacheDir", cache)
	ready := false
	js.Global().Set("slidePlayReady", js.FuncOf(func(js.Value, []js.Value) any { ready = true; return nil }))
	install(js.Global())
	if !ready {
		panic("slidePlayReady was not called")
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// A message is one message that slidePlay posted, decoded.
type message struct {
	Type   string
	ID     int
	OK     bool
	Result map[string]any
	Error  string
	Build  map[string]any
	Search map[string]any
}

// send hands the request req to slidePlay and returns its messages, the
// result last, failing t unless each is a JSON string of a message.
func send(t *testing.T, req map[string]any) []message {
	t.Helper()
	data, _ := json.Marshal(req)
	posted := make(chan message, 1<<16)
	post := js.FuncOf(func(_ js.Value, args []js.Value) any {
		var m message
		if len(args) != 1 || args[0].Type() != js.TypeString || json.Unmarshal([]byte(args[0].String()), &m) != nil {
			t.Errorf("post(%v)", args)
		}
		posted <- m
		return nil
	})
	defer post.Release()
	if ret := js.Global().Call("slidePlay", string(data), post); !ret.IsNull() && !ret.IsUndefined() {
		t.Fatalf("slidePlay returned %v", ret)
	}
	var msgs []message
	timeout := time.After(5 * time.Minute)
	for {
		select {
		case m := <-posted:
			msgs = append(msgs, m)
			if m.Type == "result" {
				return msgs
			}
		case <-timeout:
			t.Fatalf("no result after 5 minutes: %d messages", len(msgs))
		}
	}
}

// result returns the result of req, failing t if it failed.
func result(t *testing.T, req map[string]any) map[string]any {
	t.Helper()
	msgs := send(t, req)
	last := msgs[len(msgs)-1]
	if !last.OK {
		t.Fatalf("%v: %s", req["op"], last.Error)
	}
	return last.Result
}

// boardArg returns b as a request's board.
func boardArg(b slide.Board) map[string]any {
	return map[string]any{"rows": b.Rows(), "cols": b.Cols(), "tiles": b.Tiles()}
}

// korf returns the first n of Korf's 100 boards, for the goal blank last,
// and their optimal lengths.
func korf(t *testing.T, n int) ([]slide.Board, []int) {
	var boards []slide.Board
	var optimal []int
	for _, in := range testsets.Instances(t, "korf100.txt", 16)[:n] {
		b, err := slide.New(4, 4, testsets.ForBlankLast(in.Labels))
		if err != nil {
			t.Fatal(err)
		}
		boards, optimal = append(boards, b), append(optimal, in.Optimal)
	}
	return boards, optimal
}

// TestDeadline runs anytime solves of 1 s through slidePlay and wants
// each answer within the budget and a second (150 ms with -strict): a
// random 6 x 6 board (beams), Korf's board 60 with no tables (IDA*, which
// takes minutes to finish) and a random 20 x 20 board (polishing). The
// searches neither block nor wait, and on WebAssembly's one thread their
// deadline's timer fires only when they yield: before they did, the 4 x
// 4 board ran to its end and the 20 x 20 one took 18 s. It runs first,
// while the cache holds no table, after a fast solve that readies the
// encoding of the answers.
func TestDeadline(t *testing.T) {
	boards, _ := korf(t, 60)
	r6, _ := slide.RandomBoard(slide.Goal(6, 6), rand.New(rand.NewPCG(6, 0)))
	r20, _ := slide.RandomBoard(slide.Goal(20, 20), rand.New(rand.NewPCG(20, 0)))
	slack := time.Second
	if *strict {
		slack = 150 * time.Millisecond
	}
	result(t, map[string]any{"id": 1, "op": "solve", "board": boardArg(r6), "mode": "fast"}) // the first JSON of each type costs tens of ms
	for _, b := range []slide.Board{r6, boards[59], r20} {
		began := time.Now()
		res := result(t, map[string]any{"id": 1, "op": "solve", "board": boardArg(b), "mode": "anytime", "budget_ms": 1000})
		took := time.Since(began)
		t.Logf("%d x %d: %v moves in %v (search %vs)", b.Rows(), b.Cols(), res["length"], took, res["seconds"])
		if took > time.Second+slack || res["solvable"] != true {
			t.Errorf("%d x %d: an anytime solve of 1 s answered after %v: %v", b.Rows(), b.Cols(), took, res["report"])
		}
	}
}

// TestBuildSolve builds pdb663 into the cache through the os package,
// whose files go to node's file system, with its progress, and solves
// the first ten of Korf's boards optimally with it.
func TestBuildSolve(t *testing.T) {
	began := time.Now()
	msgs := send(t, map[string]any{"id": 2, "op": "build", "name": "pdb663"})
	build := time.Since(began)
	last := msgs[len(msgs)-1]
	if !last.OK || last.Result["cached"] != true || len(msgs) < 4 || msgs[0].Build["name"] != "pdb663" || last.ID != 2 {
		t.Fatalf("build: %d messages, the last %+v", len(msgs), last)
	}
	files, _ := filepath.Glob(filepath.Join(cache, "*.pdb"))
	if fi, err := os.Stat(files[0]); len(files) != 1 || err != nil || float64(fi.Size()) != last.Result["bytes"] {
		t.Fatalf("the cache holds %v (%v)", files, err)
	}
	boards, optimal := korf(t, 10)
	began = time.Now()
	for i, b := range boards {
		res := result(t, map[string]any{"id": 3, "op": "solve", "board": boardArg(b)})
		if res["length"] != float64(optimal[i]) || res["optimal"] != true || len(res["built"].([]any)) != 0 {
			t.Errorf("Korf's board %d: %v moves, optimal %v, built %v; want %d", i+1, res["length"], res["optimal"], res["built"], optimal[i])
		}
	}
	t.Logf("pdb663 built in %v; Korf's first ten boards solved in %v", build, time.Since(began))
}

// TestBadCalls checks what slidePlay does with arguments it cannot take:
// it returns an Error without a function to post to, and posts the error
// of a request it cannot read.
func TestBadCalls(t *testing.T) {
	if ret := js.Global().Call("slidePlay", "{}"); ret.Type() != js.TypeObject || ret.Get("message").String() != "slidePlay(requestJSON, post): want a string and a function" {
		t.Errorf("slidePlay without post returned %v", ret)
	}
	msgs := send(t, map[string]any{"id": 4, "op": "solve"})
	if len(msgs) != 1 || msgs[0].OK || msgs[0].Error != `solve needs "board" (it takes board, mode, budget_ms, weight, metric, svg)` || msgs[0].ID != 4 {
		t.Errorf("a bad request: %+v", msgs)
	}
}

package browsertest

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

var figures = flag.Bool("figures", false, "run TestFigures: the page's speed in headless Chromium beside the native command's")

// TestFigures measures the page in headless Chromium beside the native
// command on this machine, and prints them: the bytes the first visit
// transfers, the time from navigation to a ready worker (first visit and
// reload), the build of pdb663 in the page and natively, and the first
// ten of Korf's 100 solved with pdb663 in the page and natively with one
// worker ("slide bench -heuristic pdb663 -workers 1", which loads the
// table once, and "slide solve" a board at a time), each board's time and
// the ratios of the sums. Run it with
//
//	go test -run Figures -figures -v
func TestFigures(t *testing.T) {
	if !*figures {
		t.Skip("the figures run only with -figures")
	}
	url, dir := site(t)
	ctx := openBrowser(t)

	// The first visit: what it transfers, and when it is ready.
	transfers := recordTransfers(ctx)
	p := openPage(t, ctx, url)
	defer p.checkConsole()
	first := eval[float64](p, `playground.readyAt`)
	time.Sleep(500 * time.Millisecond) // the last loadingFinished events arrive
	fmt.Println("Bytes transferred by the first visit (encodedDataLength):")
	total := int64(0)
	for _, tr := range transfers.list() {
		fmt.Printf("  %-22s %9d  %s\n", tr.name, tr.bytes, tr.encoding)
		total += tr.bytes
	}
	fmt.Printf("  %-22s %9d\n", "total", total)
	if st, err := os.Stat(filepath.Join(dir, "slide.wasm")); err == nil {
		fmt.Printf("  (slide.wasm is %d bytes uncompressed)\n", st.Size())
	}

	// The table, built in the page and natively.
	began := time.Now()
	eval[chromedp.Void](p, `playground.request("build", {name: "pdb663"})`)
	pageBuild := time.Since(began)
	slide := filepath.Join(t.TempDir(), "slide")
	if out, err := goCommand(t, "build", "-o", slide, "./cmd/slide").CombinedOutput(); err != nil {
		t.Fatalf("go build ./cmd/slide: %v\n%s", err, out)
	}
	cache := t.TempDir()
	native := func(args ...string) (time.Duration, []byte) {
		cmd := exec.Command(slide, args...)
		cmd.Env = append(os.Environ(), "XDG_CACHE_HOME="+cache, "HOME="+cache)
		began := time.Now()
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("slide %s: %v", strings.Join(args, " "), err)
		}
		return time.Since(began), out
	}
	nativeBuild, _ := native("pdb", "build", "pdb663")
	fmt.Printf("Build of pdb663: page %.2f s, native %.2f s (ratio %.2f)\n", pageBuild.Seconds(), nativeBuild.Seconds(), pageBuild.Seconds()/nativeBuild.Seconds())

	// A reload, with the table kept in IndexedDB.
	if err := chromedp.Do(p.ctx, chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	p.await("window.playground.ready", time.Minute)
	reload := eval[float64](p, `playground.readyAt`)
	fmt.Printf("Ready (navigation to a worker that answers): first visit %.0f ms, reload with pdb663 kept %.0f ms\n", first, reload)

	// Korf's first ten: in the page, one request a board; natively, bench
	// (one process, the table loaded once, the search's seconds of each)
	// and solve (one process a board, each loading the table).
	boards := readBoards(t, "korf100.txt", 4)[:10]
	benchFile := filepath.Join(t.TempDir(), "korf10.txt")
	if err := os.WriteFile(benchFile, []byte(firstLines(t, "korf100.txt", 10)), 0o644); err != nil {
		t.Fatal(err)
	}
	benchWall, out := native("bench", "-heuristic", "pdb663", "-workers", "1", "-json", benchFile)
	var bench []solved
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		var r solved
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("slide bench -json: %v\n%s", err, line)
		}
		bench = append(bench, r)
	}
	if len(bench) != len(boards) {
		t.Fatalf("slide bench solved %d boards, want %d", len(bench), len(boards))
	}
	rows := make([][6]float64, len(boards))
	fmt.Println("Korf's 100, the first ten, pdb663, one worker, in seconds: the page's searches (Solution.Elapsed) and requests")
	fmt.Println("(from the request to the answer) the first time (the table read from memfs, WebAssembly not yet optimized) and")
	fmt.Println("the second, native bench's searches, native solve's processes (each loads the table):")
	fmt.Println("  #   len  generated  page 1st search  1st request  2nd search  2nd request  bench search  solve process")
	var sums [6]float64
	files := t.TempDir()
	for round := range 2 {
		for i, b := range boards {
			js := fmt.Sprintf(`(async () => { const t0 = performance.now();
				const r = await playground.request("solve", {board: {rows: 4, cols: 4, tiles: [%s]}, mode: "optimal", metric: "tile"});
				return {ms: performance.now() - t0, seconds: r.seconds, length: r.length, generated: r.generated}; })()`, strings.ReplaceAll(spaced(b.tiles), " ", ","))
			r := eval[solved](p, js)
			if r.Length != b.length || bench[i].Length != b.length || r.Generated != bench[i].Generated {
				t.Errorf("Korf's #%d: page %d moves, %d nodes; bench %d moves, %d nodes; want %d moves, the same nodes",
					b.id, r.Length, r.Generated, bench[i].Length, bench[i].Generated, b.length)
			}
			rows[i][2*round], rows[i][2*round+1] = r.Seconds, r.Ms/1000
		}
	}
	for i, b := range boards {
		file := filepath.Join(files, fmt.Sprintf("korf%d.txt", b.id))
		if err := os.WriteFile(file, []byte(b.text()), 0o644); err != nil {
			t.Fatal(err)
		}
		wall, _ := native("solve", "-heuristic", "pdb663", "-workers", "1", "-count", file)
		rows[i][4], rows[i][5] = bench[i].Seconds, wall.Seconds()
		for k := range sums {
			sums[k] += rows[i][k]
		}
		fmt.Printf("  %-3d %-4d %9d  %15.3f  %11.3f  %10.3f  %11.3f  %12.3f  %13.3f\n", b.id, b.length, bench[i].Generated,
			rows[i][0], rows[i][1], rows[i][2], rows[i][3], rows[i][4], rows[i][5])
	}
	fmt.Printf("  sum                 %15.3f  %11.3f  %10.3f  %11.3f  %12.3f  %13.3f\n", sums[0], sums[1], sums[2], sums[3], sums[4], sums[5])
	fmt.Printf("  (the bench process took %.3f s in all)\n", benchWall.Seconds())
	fmt.Printf("  page / bench, searches: first %.2f, second %.2f; the first requests / bench's process %.2f\n",
		sums[0]/sums[4], sums[2]/sums[4], sums[1]/benchWall.Seconds())
}

// solved is what the figures read of a solution: its length, its nodes,
// the search's seconds, and the milliseconds of a page's request.
type solved struct {
	Length    int     `json:"length"`
	Generated int64   `json:"generated"`
	Seconds   float64 `json:"seconds"`
	Ms        float64 `json:"ms"`
}

// firstLines returns the first n lines of a testdata file that are no
// comments.
func firstLines(t testing.TB, file string, n int) string {
	data, err := os.ReadFile(filepath.Join(repoRoot(t), "testdata", file))
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, l := range strings.Split(string(data), "\n") {
		if l != "" && !strings.HasPrefix(l, "#") && len(lines) < n {
			lines = append(lines, l)
		}
	}
	return strings.Join(lines, "\n") + "\n"
}

// A transfer is what one resource of the page cost on the network.
type transfer struct {
	name, encoding string
	bytes          int64
}

// transfers holds the resources a page loads, by request.
type transfers struct {
	mu    sync.Mutex
	names map[network.RequestID]string
	enc   map[network.RequestID]string
	bytes map[network.RequestID]int64
}

// recordTransfers records the resources the tab of ctx loads from now on,
// with the bytes each took on the network (compressed, as transferred).
func recordTransfers(ctx context.Context) *transfers {
	tr := &transfers{names: map[network.RequestID]string{}, enc: map[network.RequestID]string{}, bytes: map[network.RequestID]int64{}}
	responses := chromedp.Events(ctx, network.ResponseReceived)
	finished := chromedp.Events(ctx, network.LoadingFinished)
	go func() {
		for ev, err := range responses {
			if err != nil {
				return
			}
			tr.mu.Lock()
			tr.names[ev.RequestID] = path.Base(ev.Response.URL)
			for k, v := range ev.Response.Headers {
				if strings.EqualFold(k, "Content-Encoding") {
					tr.enc[ev.RequestID] = fmt.Sprint(v)
				}
			}
			tr.mu.Unlock()
		}
	}()
	go func() {
		for ev, err := range finished {
			if err != nil {
				return
			}
			tr.mu.Lock()
			tr.bytes[ev.RequestID] = int64(ev.EncodedDataLength)
			tr.mu.Unlock()
		}
	}()
	return tr
}

// list returns the resources loaded so far, by name.
func (tr *transfers) list() []transfer {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	var l []transfer
	for id, n := range tr.bytes {
		l = append(l, transfer{name: tr.names[id], encoding: tr.enc[id], bytes: n})
	}
	sort.Slice(l, func(i, j int) bool { return l[i].name < l[j].name })
	return l
}

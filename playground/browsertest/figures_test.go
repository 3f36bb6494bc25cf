package browsertest

import (
	"encoding/json"
	"flag"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	neturl "net/url"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

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

	// The first visit: what it transfers, and when it is ready. The page
	// is loaded through a proxy that counts what the server sends: the
	// requests of the worker (worker.js, memfs.js, wasm_exec.js) are not
	// among the page's Network events.
	counted := countBytes(t, url)
	p := openPage(t, ctx, counted.url)
	defer p.checkConsole()
	first := eval[float64](p, `playground.readyAt`)
	fmt.Println("Bytes sent to the first visit (response bodies, as sent):")
	total := int64(0)
	for _, r := range counted.list() {
		fmt.Printf("  %-40s %9d  %s\n", r.path, r.bytes, r.encoding)
		total += r.bytes
	}
	fmt.Printf("  %-40s %9d\n", "total", total)
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

// A sent is what the server sent for one path.
type sent struct {
	path, encoding string
	bytes          int64
}

// A byteCounter is a proxy to a server that counts the bytes of the
// response bodies it passes on, by path.
type byteCounter struct {
	url  string
	mu   sync.Mutex
	sent map[string]sent
}

// countBytes starts a proxy to the server at target, which ends with the
// test.
func countBytes(t testing.TB, target string) *byteCounter {
	u, err := neturl.Parse(target)
	if err != nil {
		t.Fatal(err)
	}
	c := &byteCounter{sent: map[string]sent{}}
	proxy := httputil.NewSingleHostReverseProxy(u)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		cw := &countingWriter{ResponseWriter: w}
		proxy.ServeHTTP(cw, r)
		c.mu.Lock()
		s := c.sent[r.URL.Path]
		s.path, s.encoding, s.bytes = r.URL.Path, cw.Header().Get("Content-Encoding"), s.bytes+cw.n
		c.sent[r.URL.Path] = s
		c.mu.Unlock()
	}))
	t.Cleanup(srv.Close)
	c.url = srv.URL + "/"
	return c
}

// list returns what was sent, by path.
func (c *byteCounter) list() []sent {
	c.mu.Lock()
	defer c.mu.Unlock()
	var l []sent
	for _, s := range c.sent {
		l = append(l, s)
	}
	sort.Slice(l, func(i, j int) bool { return l[i].path < l[j].path })
	return l
}

// A countingWriter counts the bytes of a response's body.
type countingWriter struct {
	http.ResponseWriter
	n int64
}

func (w *countingWriter) Write(p []byte) (int, error) {
	n, err := w.ResponseWriter.Write(p)
	w.n += int64(n)
	return n, err
}

package browsertest

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestPage builds and serves the playground, opens it in headless
// Chromium and uses it through the DOM: it plays with the keys and the
// mouse, solves a 3 x 3 and a 4 x 4 board of testdata optimally (the
// 4 x 4 building its pattern database in the page first), plays the
// animation to the goal, asks for a hint, solves a 50 x 50 board in the
// fast mode, cancels a long search, and solves Klotski. No step may log a
// console error or throw. It writes a screenshot of a solved board.
func TestPage(t *testing.T) {
	if testing.Short() {
		t.Skip("the browser test takes a minute; -short skips it")
	}
	url, _ := site(t)
	p := openPage(t, openBrowser(t), url)
	defer p.checkConsole()
	p.waitStatus("ready", 10*time.Second)

	t.Run("play", func(t *testing.T) { testPlay(t, p) })
	t.Run("3x3", func(t *testing.T) { testOptimal3x3(t, p) })
	t.Run("4x4", func(t *testing.T) { testOptimal4x4(t, p) })
	t.Run("anytime", func(t *testing.T) { testAnytime(t, p) })
	t.Run("oriented", func(t *testing.T) { testOriented(t, p) })
	t.Run("deal", func(t *testing.T) { testDeal(t, p, url) })
	t.Run("50x50", func(t *testing.T) { testFast50(t, p) })
	t.Run("100x100", func(t *testing.T) { testPicture100(t, p) })
	t.Run("255x255", func(t *testing.T) { testLargest(t, p) })
	t.Run("cancel", func(t *testing.T) { testCancel(t, p) })
	t.Run("klotski", func(t *testing.T) { testKlotski(t, p) })
}

// plainNumbers returns s with the thousands separators of its numbers
// left out, as the page writes them: "1,964,656" is 1964656.
func plainNumbers(s string) string {
	grouped := regexp.MustCompile(`(\d),(\d{3})\b`)
	for {
		t := grouped.ReplaceAllString(s, "$1$2")
		if t == s {
			return s
		}
		s = t
	}
}

// on returns p for the subtest t.
func (p *page) on(t *testing.T) *page {
	q := *p
	q.t = t
	return &q
}

// loadBoard pastes b into #paste and loads it.
func loadBoard(p *page, b testBoard) {
	p.t.Helper()
	p.set("paste", b.text())
	p.click("load")
	p.waitFor(fmt.Sprintf(`document.getElementById("board").dataset.tiles === %q`, spaced(b.tiles)), 30*time.Second)
	p.waitStatus("ready", 30*time.Second)
	if got := p.text("solvable"); got != "solvable" {
		p.t.Errorf("#solvable = %q after loading a solvable board", got)
	}
	if got := p.text("move-count"); got != "0" {
		p.t.Errorf("#move-count = %q after loading a board", got)
	}
}

// shuffle shuffles a board of rows x cols with seed, and returns its
// data-tiles.
func shuffle(p *page, rows, cols, seed string) string {
	p.t.Helper()
	p.set("rows", rows)
	p.set("cols", cols)
	p.set("seed", seed)
	p.click("shuffle")
	p.waitStatus("ready", 30*time.Second)
	return p.attr("board", "data-tiles")
}

// solve solves the board shown in mode and returns the result's length.
func solve(p *page, mode string, timeout time.Duration) int {
	p.t.Helper()
	p.set("mode", mode)
	p.click("solve")
	st := p.waitAnswer(timeout)
	n, err := strconv.Atoi(plainNumbers(p.text("result-length")))
	if err != nil {
		p.t.Fatalf("#result-length: %v", err)
	}
	if want := fmt.Sprintf("answer found: %d moves", n); !strings.HasPrefix(plainNumbers(st), want) {
		p.t.Errorf("status %q, want %q", st, want)
	}
	return n
}

// clickWhereShown clicks the element of id with the mouse where the
// window shows it: chromedp's Click first scrolls an element of the
// status bar, which is sticky, to where it would be if it were not.
func clickWhereShown(p *page, id string) {
	p.t.Helper()
	xy := eval[[]float64](p, fmt.Sprintf(`(r => [r.left + r.width / 2, r.top + r.height / 2])(document.getElementById(%q).getBoundingClientRect())`, id))
	p.do(chromedp.MouseClickXY(xy[0], xy[1]))
}

// playToEnd plays the animation at the highest speed to its last move.
func playToEnd(p *page, n int) {
	p.t.Helper()
	p.set("speed", "10")
	clickWhereShown(p, "play")
	p.waitFor(fmt.Sprintf(`document.getElementById("anim-pos").textContent === "%d / %d"`, n, n), time.Minute)
	if got := p.text("status"); got != "solved" {
		p.t.Errorf("status %q at the end of the animation, want solved", got)
	}
}

func testPlay(t *testing.T, p *page) {
	p = p.on(t)
	p.set("rows", "3")
	p.set("cols", "4")
	p.click("new")
	p.waitStatus("ready", 30*time.Second)
	goal := spaced(goalTiles(12))
	if got := p.attr("board", "data-tiles"); got != goal {
		t.Fatalf("New 3 x 4: data-tiles %q, want the goal %q", got, goal)
	}
	// The arrow keys slide a tile into the blank: down takes the tile
	// above it, right the tile on its left.
	p.do(chromedp.Focus(chromedp.ID("board")), chromedp.KeyEvent(kb.ArrowDown), chromedp.KeyEvent(kb.ArrowRight))
	if got, want := p.attr("board", "data-tiles"), "1 2 3 4 5 6 0 7 9 10 11 8"; got != want {
		t.Errorf("after the keys down and right: data-tiles %q, want %q", got, want)
	}
	if got := p.text("move-count"); got != "2" {
		t.Errorf("#move-count = %q after two moves", got)
	}
	if got := p.attr("board", "data-solved"); got != "false" {
		t.Errorf("data-solved = %q off the goal", got)
	}
	// A click on a tile in line with the blank slides the tiles between.
	p.do(chromedp.Click(chromedp.CSS(`#board .cell[data-i="7"]`)), chromedp.Click(chromedp.CSS(`#board .cell[data-i="11"]`)))
	if got := p.attr("board", "data-tiles"); got != goal {
		t.Errorf("after two clicks back: data-tiles %q, want the goal %q", got, goal)
	}
	if got := p.text("move-count"); got != "4" {
		t.Errorf("#move-count = %q after four moves", got)
	}
	if got := p.attr("board", "data-solved"); got != "true" {
		t.Errorf("data-solved = %q on the goal", got)
	}
	// The same seed gives the same board.
	p.set("seed", "35")
	p.click("shuffle")
	p.waitStatus("ready", 30*time.Second)
	first := p.attr("board", "data-tiles")
	p.click("shuffle")
	p.waitStatus("ready", 30*time.Second)
	if again := p.attr("board", "data-tiles"); again != first || first == goal {
		t.Errorf("shuffles of seed 35: %q then %q", first, again)
	}
	if got := p.text("solvable"); got != "solvable" {
		t.Errorf("#solvable = %q after a shuffle", got)
	}
	// An unsolvable board says so.
	p.set("paste", "2\n2 1\n3 0\n")
	p.click("load")
	p.waitStatus("ready", 30*time.Second)
	if got := p.text("solvable"); got != "unsolvable" {
		t.Errorf("#solvable = %q for 2 1 / 3 0", got)
	}
	// Bad input is an error in the status line, the library's text.
	p.set("paste", "3\n1 2 3\n")
	p.click("load")
	p.waitFor(`!document.body.classList.contains("busy")`, 30*time.Second)
	if got := p.text("status"); !strings.Contains(got, "3") || got == "ready" {
		t.Errorf("status %q after loading a board of 3 tiles, want the library's error", got)
	}
	// A size the page's protocol refuses is refused by the shuffle, in
	// its words, the board left as it was.
	shown := p.attr("board", "data-tiles")
	p.set("rows", "2")
	p.set("cols", "16000")
	p.click("shuffle")
	p.waitFor(`!document.body.classList.contains("busy")`, 30*time.Second)
	if got := p.text("status"); got != "size 2 x 16000: the page takes 2 to 255 rows and columns" {
		t.Errorf("status %q after a shuffle of 2 x 16000, want the protocol's refusal", got)
	}
	if got := p.attr("board", "data-tiles"); got != shown {
		t.Errorf("after a refused shuffle: data-tiles %.80q, want %.80q", got, shown)
	}
}

func testOptimal3x3(t *testing.T, p *page) {
	p = p.on(t)
	b := readBoards(t, "hard8_31.txt", 3)[0]
	loadBoard(p, b)
	if n := solve(p, "optimal", time.Minute); n != b.length {
		t.Errorf("3 x 3 #%d: length %d, want %d", b.id, n, b.length)
	}
	if got := p.text("result-proof"); got != "optimal" {
		t.Errorf("#result-proof = %q, want optimal", got)
	}
	checkOutputs(p, b.length)
	if got, want := p.text("anim-pos"), fmt.Sprintf("0 / %d", b.length); got != want {
		t.Errorf("#anim-pos = %q before playing, want %q", got, want)
	}
	clickWhereShown(p, "step")
	if got, want := p.text("anim-pos"), fmt.Sprintf("1 / %d", b.length); got != want {
		t.Errorf("#anim-pos = %q after a step, want %q", got, want)
	}
	playToEnd(p, b.length)
	if got, want := p.attr("board", "data-tiles"), spaced(goalTiles(9)); got != want {
		t.Errorf("the animation ends on %q, want the goal %q", got, want)
	}
	if got := p.attr("board", "data-solved"); got != "true" {
		t.Errorf("data-solved = %q at the end of the animation", got)
	}

	// A hint: a first move of a shortest solution, and the moves left.
	loadBoard(p, b)
	p.click("hint")
	p.waitStatus("ready", time.Minute)
	hint := p.text("hint-out")
	m := regexp.MustCompile(`\(([UDLR])\): (\d+) moves to go`).FindStringSubmatch(hint)
	if m == nil {
		t.Fatalf("#hint-out = %q, want a move and the moves to go", hint)
	}
	if m[2] != strconv.Itoa(b.length) {
		t.Errorf("hint %q: %s moves to go, want %d", hint, m[2], b.length)
	}
	after, err := play(b.tiles, 3, 3, m[1])
	if err != nil {
		t.Fatalf("hint %q: %v", hint, err)
	}
	rest := eval[int](p, fmt.Sprintf(`playground.request("solve", {board: {rows: 3, cols: 3, tiles: [%s]}, mode: "optimal", metric: "tile"}).then(r => r.length)`, strings.ReplaceAll(spaced(after), " ", ",")))
	if rest != b.length-1 {
		t.Errorf("after the hint's move %s the board needs %d moves, want %d", m[1], rest, b.length-1)
	}
}

// checkOutputs checks the solution's text, JSON and SVG.
func checkOutputs(p *page, length int) {
	p.t.Helper()
	var report struct {
		Length  *int   `json:"length"`
		Optimal *bool  `json:"optimal"`
		Moves   string `json:"moves"`
		Metric  string `json:"metric"`
	}
	js := eval[string](p, `playground.output("out-json")`)
	if err := json.Unmarshal([]byte(js), &report); err != nil {
		p.t.Fatalf("#out-json is not JSON: %v\n%s", err, js)
	}
	if report.Length == nil || *report.Length != length || report.Optimal == nil || !*report.Optimal || len(report.Moves) != length || report.Metric != "tile" {
		p.t.Errorf("#out-json = %s, want an optimal solution of %d tile moves", js, length)
	}
	if svg := p.value("out-svg"); !strings.Contains(svg, "<svg") || !strings.HasSuffix(strings.TrimSpace(svg), "</svg>") {
		p.t.Errorf("#out-svg is no SVG picture: %.80q", svg)
	}
	if text := p.value("out-text"); !strings.Contains(text, strconv.Itoa(length)) {
		p.t.Errorf("#out-text does not give the length %d: %.200q", length, text)
	}
}

func testOptimal4x4(t *testing.T, p *page) {
	p = p.on(t)
	b := readBoards(t, "korf100.txt", 4)[0]
	loadBoard(p, b)
	// The first optimal 4 x 4 solve builds the pattern database, showing
	// the progress bar.
	eval[bool](p, `(() => { const el = document.getElementById("build"); window.sawBuild = false;
		new MutationObserver(() => { if (!el.hidden) window.sawBuild = true; }).observe(el, {attributes: true}); return true; })()`)
	began := time.Now()
	if n := solve(p, "optimal", 5*time.Minute); n != b.length {
		t.Errorf("Korf's #%d: length %d, want %d", b.id, n, b.length)
	}
	t.Logf("Korf's #%d solved in the page in %v, the build of its table included", b.id, time.Since(began).Round(time.Millisecond))
	if got := p.text("result-proof"); got != "optimal" {
		t.Errorf("#result-proof = %q, want optimal", got)
	}
	if !eval[bool](p, `window.sawBuild`) {
		t.Error("the progress bar #build was not shown while the table was built")
	}
	if !eval[bool](p, `playground.request("tables").then(r => r.tables.some(t => t.name === "pdb663" && t.cached))`) {
		t.Error("pdb663 is not cached after the solve that built it")
	}
	playToEnd(p, b.length)
	if got := p.attr("board", "data-solved"); got != "true" {
		t.Errorf("data-solved = %q at the end of the animation", got)
	}
	eval[bool](p, `scrollTo(0, 0), true`)
	screenshot(p, *screenshotPath, "playground.png", "a solved board")
}

// screenshot writes a screenshot of the window of p, which shows what,
// to path, or if it is "", to name in the system's temporary directory.
func screenshot(p *page, path, name, what string) {
	p.t.Helper()
	shot, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		p.t.Fatal(err)
	}
	if path == "" {
		path = filepath.Join(os.TempDir(), name)
	}
	if err := os.WriteFile(path, shot, 0o644); err != nil {
		p.t.Fatal(err)
	}
	fmt.Printf("screenshot of %s: %s\n", what, path)
}

func testAnytime(t *testing.T, p *page) {
	p = p.on(t)
	shuffle(p, "6", "6", "6")
	p.set("budget", "1")
	began := time.Now()
	n := solve(p, "anytime", time.Minute)
	took := time.Since(began)
	t.Logf("6 x 6 in the anytime mode with a budget of 1 s: %d moves, %s, %v in the page, %s in the search", n, p.text("result-proof"), took.Round(time.Millisecond), p.text("result-time"))
	var bound int
	if _, err := fmt.Sscanf(p.text("result-proof"), "at least %d", &bound); err != nil || bound <= 0 || bound > n {
		t.Errorf("#result-proof = %q for %d moves, want a lower bound", p.text("result-proof"), n)
	}
	if took > 10*time.Second { // generous: the machine may be loaded
		t.Errorf("an anytime search of 1 s answered after %v", took)
	}
}

func testFast50(t *testing.T, p *page) {
	p = p.on(t)
	start := shuffle(p, "50", "50", "50")
	p.set("metric", "tile")
	began := time.Now()
	n := solve(p, "fast", time.Minute)
	t.Logf("50 x 50 in the fast mode: %d moves, %v in the page, %s in the search", n, time.Since(began).Round(time.Millisecond), p.text("result-time"))
	proof := p.text("result-proof")
	var bound int
	if _, err := fmt.Sscanf(proof, "at least %d", &bound); err != nil || bound <= 0 || bound > n {
		t.Errorf("#result-proof = %q for %d moves, want a lower bound", proof, n)
	}
	var report struct {
		Moves string `json:"moves"`
	}
	if err := json.Unmarshal([]byte(eval[string](p, `playground.output("out-json")`)), &report); err != nil {
		t.Fatal(err)
	}
	var tiles []int
	for _, f := range strings.Fields(start) {
		x, _ := strconv.Atoi(f)
		tiles = append(tiles, x)
	}
	end, err := play(tiles, 50, 50, report.Moves)
	if err != nil || spaced(end) != spaced(goalTiles(2500)) {
		t.Errorf("the fast mode's %d moves do not reach the goal (%v)", n, err)
	}
}

// testCancel cancels an anytime search of a 7 x 7 board once it has
// reported a best answer: the page stops within a second and keeps that
// answer, its moves (which reach the goal, in the text output and the
// animation) and its bound, labelled as found before Cancel.
func testCancel(t *testing.T, p *page) {
	p = p.on(t)
	start := shuffle(p, "7", "7", "10")
	p.set("metric", "tile")
	p.set("mode", "anytime")
	p.set("budget", "600")
	p.click("solve")
	p.waitFor(`document.getElementById("status").textContent.startsWith("searching: ") && document.getElementById("status").textContent.includes(" best ")`, 30*time.Second)
	time.Sleep(time.Second) // well into the search
	// The page's own clock: from the click's event to the status's change.
	eval[bool](p, `(() => { const s = document.getElementById("status"); window.cancelled = {};
		document.getElementById("cancel").addEventListener("click", () => { cancelled.click = performance.now(); }, {capture: true});
		new MutationObserver(() => { if (s.textContent.startsWith("cancelled")) cancelled.shown ??= performance.now(); })
			.observe(s, {childList: true, characterData: true, subtree: true});
		return true; })()`)
	began := time.Now()
	p.click("cancel")
	p.waitFor(`document.getElementById("status").textContent.startsWith("cancelled")`, 5*time.Second)
	inPage := time.Duration(eval[float64](p, `cancelled.shown - cancelled.click`) * float64(time.Millisecond))
	t.Logf("cancelled: %v from the click's event to the status's change, %v from the test's click", inPage.Round(time.Millisecond), time.Since(began).Round(time.Millisecond))
	if inPage > time.Second {
		t.Errorf("Cancel took %v to stop the search, want within a second", inPage)
	}
	if eval[bool](p, `document.getElementById("solve").disabled || !document.getElementById("cancel").disabled`) {
		t.Error("after Cancel, Solve is not enabled again or Cancel is not disabled")
	}
	final := p.text("status")
	// A fresh worker answers, with the table kept by the first one.
	began = time.Now()
	if !eval[bool](p, `playground.request("tables").then(r => r.tables.some(t => t.name === "pdb663" && t.cached))`) {
		t.Error("after Cancel, the fresh worker does not find pdb663 in the cache")
	}
	t.Logf("the fresh worker answered %v after Cancel", time.Since(began).Round(time.Millisecond))
	time.Sleep(500 * time.Millisecond)
	// The best answer the search reported is kept, with its bound, and
	// the status says so.
	var best, bound int
	if _, err := fmt.Sscanf(plainNumbers(p.text("result-length")), "%d", &best); err != nil || best <= 0 {
		t.Errorf("#result-length %q after Cancel of an anytime search, want the best length reported", p.text("result-length"))
	}
	if _, err := fmt.Sscanf(p.text("result-proof"), "at least %d", &bound); err != nil || bound > best {
		t.Errorf("#result-proof %q after Cancel, want the bound of the best answer %d", p.text("result-proof"), best)
	}
	if want := fmt.Sprintf("best %d moves, at least %d", best, bound); !strings.Contains(plainNumbers(final), want) {
		t.Errorf("status %q after Cancel, want it to say %q", final, want)
	}
	if !strings.Contains(final, "found before Cancel") || !strings.Contains(p.text("result-proof"), "before Cancel") {
		t.Errorf("status %q and proof %q after Cancel, want the answer labelled as found before Cancel", final, p.text("result-proof"))
	}
	t.Logf("after Cancel: %s", final)
	if got := p.text("status"); got != final {
		t.Errorf("status %q after Cancel: the cancelled search went on", got)
	}
	// Its moves, in the text output, take the board to the goal.
	lines := strings.Split(eval[string](p, `playground.output("out-text")`), "\n")
	var tiles []int
	for _, f := range strings.Fields(start) {
		x, _ := strconv.Atoi(f)
		tiles = append(tiles, x)
	}
	if len(lines) < 2 || strings.Count(lines[1], "")-1 != best {
		t.Fatalf("text output after Cancel %.200q, want a header and the %d moves", lines, best)
	}
	if end, err := play(tiles, 7, 7, lines[1]); err != nil || spaced(end) != spaced(goalTiles(49)) {
		t.Errorf("the %d moves kept after Cancel do not reach the goal (%v)", best, err)
	}
	playToEnd(p, best)
}

func testKlotski(t *testing.T, p *page) {
	p = p.on(t)
	p.click("tab-blocks")
	p.waitFor(`[...document.getElementById("puzzle").options].some(o => o.value === "klotski_hengdaolima.txt")`, 30*time.Second)
	p.set("blocks-paste", "") // a puzzle of 5 x 4 left by another subtest
	p.set("puzzle", "klotski_hengdaolima.txt")
	p.waitFor(`document.getElementById("blocks-paste").value.includes("5 4")`, 30*time.Second)
	p.set("blocks-metric", "piece")
	p.click("blocks-solve")
	p.waitAnswer(time.Minute)
	if got := p.text("blocks-length"); got != "81" {
		t.Errorf("Klotski in piece moves: #blocks-length %q, want 81", got)
	}
	names := eval[[]string](p, `[...document.querySelectorAll("#blocks-board [data-name]")].map(e => e.dataset.name).sort()`)
	if got, want := strings.Join(names, " "), "1 2 3 4 5 6 7 8 9 Z"; got != want {
		t.Errorf("the pieces on #blocks-board are named %q, want %q", got, want)
	}
	moves := eval[[]string](p, `[...document.querySelectorAll("#blocks-moves li")].map(e => e.textContent)`)
	if len(moves) != 81 {
		t.Fatalf("#blocks-moves lists %d moves, want 81", len(moves))
	}
	if !strings.Contains(moves[0], "7") || !strings.Contains(moves[80], "Z") {
		t.Errorf("the first move %q does not name piece 7, or the last %q the goal piece Z", moves[0], moves[80])
	}
	// A Rush Hour board's walls are drawn as fixed pieces.
	p.set("blocks-paste", "6 6\n3 2 2 1 h\n1 1 1 1 n\n")
	p.click("blocks-solve")
	p.waitAnswer(time.Minute)
	if got := eval[int](p, `document.querySelectorAll("#blocks-board .piece.fixed").length`); got != 1 {
		t.Errorf("a puzzle of one wall draws %d fixed pieces", got)
	}
	if got := p.value("puzzle"); got != "" {
		t.Errorf("#puzzle = %q after a paste, want the pasted puzzle (\"\")", got)
	}
	p.set("puzzle", "klotski_hengdaolima.txt")
	p.waitFor(`document.getElementById("blocks-paste").value.includes("5 4")`, 30*time.Second)
	p.click("blocks-solve")
	p.waitAnswer(time.Minute)
	// Play leaves the page where it is, the board in view.
	before := eval[float64](p, `scrollY`)
	playToEnd(p, 81)
	if after := eval[float64](p, `scrollY`); after != before || !inView(p, "blocks-board") {
		t.Errorf("Play in Blocks scrolled the page from %v to %v; the board in view: %v", before, after, inView(p, "blocks-board"))
	}
	// The goal piece ends at the bottom middle: rows 4-5, columns 2-3.
	if area := eval[string](p, `document.querySelector('#blocks-board [data-name="Z"]').style.gridArea`); !strings.HasPrefix(area, "4 / 2 /") {
		t.Errorf("the goal piece ends at %q, want rows 4-5, columns 2-3", area)
	}
	p.click("tab-tiles")
}

// inView reports whether the element of id is shown wholly within the
// window.
func inView(p *page, id string) bool {
	return eval[bool](p, fmt.Sprintf(`(() => { const r = document.getElementById(%q).getBoundingClientRect();
		return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth; })()`, id))
}

// testOriented checks what keeps a player oriented, in a window of
// 1280 x 760 and one of a phone: the status, the animation's controls
// and the board in view; results cleared when the board changes; a bad
// paste's error shown; the weighted mode.
func testOriented(t *testing.T, p *page) {
	p = p.on(t)
	for _, size := range [][2]int64{{1280, 760}, {390, 760}} {
		p.do(chromedp.EmulateViewport(size[0], size[1]))
		shuffle(p, "3", "3", "8")
		p.set("weight", "1.5")
		n := solve(p, "weighted", time.Minute)
		if proof := p.text("result-proof"); proof != "optimal" && !strings.HasPrefix(proof, "at least ") {
			t.Errorf("#result-proof %q after a weighted solve", proof)
		}
		if n <= 0 {
			t.Errorf("weighted 1.5 on 3 x 3: %d moves", n)
		}
		for _, id := range []string{"status", "play", "step", "anim-pos", "board"} {
			if !inView(p, id) {
				t.Errorf("%d x %d: #%s is not in view after a solve", size[0], size[1], id)
			}
		}
		// A move by hand clears the result.
		p.do(chromedp.Focus(chromedp.ID("board")), chromedp.KeyEvent(kb.ArrowDown), chromedp.KeyEvent(kb.ArrowLeft))
		if got := p.text("result-length") + p.text("anim-pos") + p.value("out-text"); got != "-0 / 0" {
			t.Errorf("after a move by hand: length, animation and text %q, want them cleared", got)
		}
		if got := p.text("status"); got == "solved" || strings.HasPrefix(got, "answer found") {
			t.Errorf("status %q after a move by hand off the goal", got)
		}
		// A shuffle clears the result.
		solve(p, "weighted", time.Minute)
		shuffle(p, "3", "3", "9")
		if got := p.text("result-length") + p.text("anim-pos"); got != "-0 / 0" {
			t.Errorf("after a shuffle: length and animation %q, want them cleared", got)
		}
		// A bad paste's error is shown in view.
		p.set("paste", "hello world")
		p.click("load")
		p.waitFor(`!document.body.classList.contains("busy")`, 30*time.Second)
		if got := p.text("status"); got == "ready" || !inView(p, "status") {
			t.Errorf("%d x %d: a bad paste shows %q, in view %v", size[0], size[1], got, inView(p, "status"))
		}
	}
	// On the phone's window, a swipe down moves the tile above the blank
	// down, and a tap on a tile in line with the blank moves it.
	p.set("rows", "3")
	p.set("cols", "3")
	p.click("new")
	p.waitStatus("ready", 30*time.Second)
	eval[bool](p, `(() => { const b = document.getElementById("board"), r = b.getBoundingClientRect();
		const at = (type, x, y) => b.dispatchEvent(new PointerEvent(type, {bubbles: true, pointerId: 7, clientX: x, clientY: y}));
		at("pointerdown", r.left + r.width / 2, r.top + r.height / 3); at("pointerup", r.left + r.width / 2, r.top + r.height * 2 / 3);
		return true; })()`)
	if got, want := p.attr("board", "data-tiles"), "1 2 3 4 5 0 7 8 6"; got != want {
		t.Errorf("after a swipe down: data-tiles %q, want %q", got, want)
	}
	p.do(chromedp.Click(chromedp.CSS(`#board .cell[data-i="2"]`)))
	if got, want := p.attr("board", "data-tiles"), "1 2 0 4 5 3 7 8 6"; got != want {
		t.Errorf("after a tap on the top right tile: data-tiles %q, want %q", got, want)
	}
	p.do(chromedp.EmulateViewport(1200, 900))
	// In Blocks, a bad paste clears the last puzzle's result.
	p.click("tab-blocks")
	p.waitFor(`[...document.getElementById("puzzle").options].some(o => o.value === "klotski_hengdaolima.txt")`, 30*time.Second)
	p.set("blocks-paste", "6 6\n3 2 2 1 h\n1 1 1 1 n\nq q q\n")
	p.click("blocks-solve")
	p.waitAnswer(time.Minute)
	if p.text("blocks-length") == "-" || p.text("blocks-discarded") == "" {
		t.Errorf("a puzzle with a bad line: length %q, discarded %q", p.text("blocks-length"), p.text("blocks-discarded"))
	}
	p.set("blocks-paste", "hello world")
	p.click("blocks-solve")
	p.waitFor(`!document.body.classList.contains("busy")`, 30*time.Second)
	if got := p.text("blocks-length") + p.text("blocks-discarded") + p.text("anim-pos"); got != "-0 / 0" {
		t.Errorf("after a bad paste in Blocks: length, discarded and animation %q, want them cleared", got)
	}
	p.click("tab-tiles")
}

// testPicture100 shuffles a 100 x 100 board, which the page draws as a
// picture, solves it in the fast mode, measuring the wait from the click
// to the answer shown and the page answering again, and plays the
// solution to the goal. It writes a screenshot of the board in the
// middle of its solution.
func testPicture100(t *testing.T, p *page) {
	p = p.on(t)
	p.do(chromedp.EmulateViewport(1280, 760))
	defer p.do(chromedp.EmulateViewport(1200, 900))
	shuffle(p, "100", "100", "100")
	if got := eval[string](p, `(c => c ? c.width / devicePixelRatio + " x " + c.height / devicePixelRatio : "none")(document.querySelector("#board canvas"))`); got == "none" {
		t.Fatal("a 100 x 100 board is not drawn on a canvas")
	} else {
		t.Logf("the 100 x 100 board's canvas: %s CSS pixels", got)
	}
	if n := eval[int](p, `document.querySelectorAll("#board .cell").length`); n != 0 {
		t.Errorf("a 100 x 100 board drawn as a picture has %d cells", n)
	}
	// The page's clock: the click's event, the answer shown, and the first
	// timer the page runs after it (the page answers again).
	eval[bool](p, `(() => { const s = document.getElementById("status"); window.wait = {};
		document.getElementById("solve").addEventListener("click", () => { wait.click = performance.now(); }, {capture: true, once: true});
		const o = new MutationObserver(() => { if (s.textContent.startsWith("answer found") && !wait.shown) {
			wait.shown = performance.now(); o.disconnect(); setTimeout(() => { wait.free = performance.now(); }); } });
		o.observe(s, {childList: true, characterData: true, subtree: true});
		return true; })()`)
	p.set("metric", "tile")
	n := solve(p, "fast", 2*time.Minute)
	p.waitFor(`window.wait.free !== undefined`, time.Minute)
	ms := func(expr string) time.Duration {
		return time.Duration(eval[float64](p, expr) * float64(time.Millisecond))
	}
	shown, free, received := ms(`wait.shown - wait.click`), ms(`wait.free - wait.click`), ms(`playground.resultAt - wait.click`)
	var searchSeconds float64
	fmt.Sscanf(p.text("result-time"), "%g s", &searchSeconds)
	search := time.Duration(searchSeconds * float64(time.Second))
	t.Logf("100 x 100 in the fast mode: %d moves; from the click: the answer received after %v, shown after %v, page free after %v; the search took %v, the wait past it %v",
		n, received.Round(time.Millisecond), shown.Round(time.Millisecond), free.Round(time.Millisecond), search.Round(time.Millisecond), (free - search).Round(time.Millisecond))
	if free-search > 500*time.Millisecond {
		t.Errorf("the page answered %v after the click, %v past the search's %v: want at most 0.5 s past it", free, free-search, search)
	}
	if got := len(p.value("out-text")); got > 100<<10 {
		t.Errorf("#out-text shows %d bytes, want at most 100 KiB of it", got)
	}
	// The animation plays millions of moves without freezing the page: a
	// frame at least every 100 ms while it plays.
	p.set("speed", "20")
	eval[bool](p, `(() => { window.gaps = {max: 0, last: performance.now()};
		const f = (t) => { gaps.max = Math.max(gaps.max, t - gaps.last); gaps.last = t; if (!gaps.stop) requestAnimationFrame(f); };
		requestAnimationFrame(f); return true; })()`)
	clickWhereShown(p, "play")
	p.waitFor(fmt.Sprintf(`(a => { const [k] = a.split(" / ").map(Number); return k >= %d; })(document.getElementById("anim-pos").textContent)`, n/2), 2*time.Minute)
	clickWhereShown(p, "pause")
	eval[bool](p, `scrollTo(0, 0), true`)
	screenshot(p, *largeShotPath, "playground-100.png", "a 100 x 100 board half solved")
	half, played := p.text("anim-pos"), time.Now()
	clickWhereShown(p, "play")
	eval[bool](p, `gaps.max = 0, gaps.last = performance.now(), true`) // the screenshot held frames
	p.waitFor(fmt.Sprintf(`document.getElementById("anim-pos").textContent === "%d / %d"`, n, n), 2*time.Minute)
	if got := p.text("status"); got != "solved" {
		t.Errorf("status %q at the end of the animation, want solved", got)
	}
	maxGap := eval[float64](p, `gaps.stop = true, gaps.max`)
	t.Logf("the animation of %d moves: from %s to the end in %v, the longest frame gap %.0f ms", n, half, time.Since(played).Round(time.Millisecond), maxGap)
	if maxGap > 500 { // generous: the machine may be loaded
		t.Errorf("the animation held the page %.0f ms between frames", maxGap)
	}
	if got := p.attr("board", "data-solved"); got != "true" {
		t.Errorf("data-solved = %q at the end of the 100 x 100 animation", got)
	}
}

// testDeal deals boards and block puzzles at a chosen difficulty, checks
// their lengths by solving them, and opens the address of a board in a
// new tab, which deals or shows the same board.
func testDeal(t *testing.T, p *page, url string) {
	p = p.on(t)
	p.set("rows", "3")
	p.set("cols", "3")
	p.set("difficulty", "medium")
	opt := eval[string](p, `document.querySelector('#difficulty option[value="medium"]').textContent`)
	moves := p.value("moves")
	if opt != fmt.Sprintf("medium (%s moves)", moves) || moves == "" {
		t.Errorf("3 x 3 medium: option %q, #moves %q", opt, moves)
	}
	p.set("seed", "5")
	p.click("shuffle")
	p.waitStatus("ready", time.Minute)
	dealt := p.attr("board", "data-tiles")
	if got, want := p.text("deal-out"), fmt.Sprintf("Dealt: its shortest solution has %s moves, proven.", moves); got != want {
		t.Errorf("#deal-out %q, want %q", got, want)
	}
	hash := eval[string](p, `location.hash`)
	if want := "#rows=3&cols=3&seed=5&moves=" + moves; hash != want {
		t.Errorf("the address after a deal: %q, want %q", hash, want)
	}
	if n := solve(p, "optimal", time.Minute); strconv.Itoa(n) != moves {
		t.Errorf("a 3 x 3 board dealt at %s moves is solved in %d", moves, n)
	}
	// The address deals the same board in a new tab.
	sameBoard := func(link, want string) {
		t.Helper()
		ctx, cancel := chromedp.NewContext(p.ctx)
		defer cancel()
		q := openPage(t, ctx, link)
		q.waitStatus("ready", time.Minute)
		if got := q.attr("board", "data-tiles"); got != want {
			t.Errorf("%s shows %q, want %q", link, got, want)
		}
		q.checkConsole()
	}
	sameBoard(url+hash, dealt)
	// A board pasted is kept as its tiles.
	p.set("paste", "2 3\n1 2 3\n4 0 5\n")
	p.click("load")
	p.waitStatus("ready", 30*time.Second)
	if hash := eval[string](p, `location.hash`); hash != "#rows=2&cols=3&tiles=1%2C2%2C3%2C4%2C0%2C5" {
		t.Errorf("the address after a paste: %q", hash)
	} else {
		sameBoard(url+hash, "1 2 3 4 0 5")
	}
	// A hard 4 x 4 board, its length proven with pdb663 (built here if the
	// 4x4 subtest has not).
	p.set("rows", "4")
	p.set("cols", "4")
	p.set("difficulty", "hard")
	p.set("seed", "4")
	hard := p.value("moves")
	began := time.Now()
	p.click("shuffle")
	p.waitStatus("ready", 5*time.Minute)
	t.Logf("a hard 4 x 4 board (%s moves) dealt in %v", hard, time.Since(began).Round(time.Millisecond))
	if n := solve(p, "optimal", 5*time.Minute); strconv.Itoa(n) != hard {
		t.Errorf("a 4 x 4 board dealt at %s moves is solved in %d", hard, n)
	}
	// A board past optimal reach is dealt by its Manhattan distance.
	p.set("rows", "30")
	p.set("cols", "30")
	p.set("difficulty", "easy")
	p.click("shuffle")
	p.waitStatus("ready", time.Minute)
	// Its length is proven when the walk that dealt it is as long as its
	// Manhattan distance, a lower bound.
	easy := p.value("moves")
	if got := p.text("deal-out"); got != fmt.Sprintf("Dealt: its tiles lie %s moves from home by Manhattan distance; it takes at least that many.", easy) &&
		got != fmt.Sprintf("Dealt: its shortest solution has %s moves, proven.", easy) {
		t.Errorf("30 x 30 easy (%s): #deal-out %q, want its Manhattan distance or its proven length", easy, got)
	}
	p.set("difficulty", "random")

	// Blocks: a position of Klotski's pieces 20 straight moves from solved,
	// and the farthest, each solved in its length.
	p.click("tab-blocks")
	p.waitFor(`[...document.getElementById("puzzle").options].some(o => o.value === "klotski_hengdaolima.txt")`, 30*time.Second)
	p.set("blocks-paste", "")
	p.set("puzzle", "klotski_hengdaolima.txt")
	p.waitFor(`document.getElementById("blocks-paste").value.includes("5 4")`, 30*time.Second)
	p.set("blocks-metric", "straight")
	for _, farthest := range []bool{false, true} {
		p.set("blocks-moves-wanted", "20")
		p.click(map[bool]string{false: "blocks-deal", true: "blocks-farthest"}[farthest])
		p.waitFor(`!document.body.classList.contains("busy")`, time.Minute)
		var n int
		if _, err := fmt.Sscanf(p.text("status"), "dealt a position %d moves from solved", &n); err != nil || (!farthest && n != 20) || (farthest && n <= 20) {
			t.Fatalf("status %q after a deal (farthest %v)", p.text("status"), farthest)
		}
		// The address deals the same position in a new tab.
		hash, dealt := eval[string](p, `location.hash`), p.value("blocks-paste")
		if !farthest && (!strings.HasPrefix(hash, "#blocks=klotski_hengdaolima.txt&metric=straight&seed=") || !strings.HasSuffix(hash, "&moves=20")) {
			t.Errorf("the address after a deal in Blocks: %q", hash)
		}
		func() {
			ctx, cancel := chromedp.NewContext(p.ctx)
			defer cancel()
			q := openPage(t, ctx, url+hash)
			q.waitFor(`!document.body.classList.contains("busy")`, time.Minute)
			if got := q.value("blocks-paste"); got != dealt || q.attr("tab-blocks", "aria-selected") != "true" {
				t.Errorf("%s shows the Blocks tab %s and the puzzle %q, want %q", url+hash, q.attr("tab-blocks", "aria-selected"), got, dealt)
			}
			q.checkConsole()
		}()
		p.click("blocks-solve")
		p.waitAnswer(time.Minute)
		if got := p.text("blocks-length"); got != strconv.Itoa(n) {
			t.Errorf("a position dealt %d moves from solved (farthest %v) is solved in %s", n, farthest, got)
		}
	}
	p.click("tab-tiles")
}

// testLargest, with PLAYGROUND_LARGE set, times New and a shuffle of
// 255 x 255, the largest board the page takes, and the wait after its
// fast solve, each from the click to the page answering again.
func testLargest(t *testing.T, p *page) {
	if os.Getenv("PLAYGROUND_LARGE") == "" {
		t.Skip("set PLAYGROUND_LARGE to time the page on 255 x 255")
	}
	p = p.on(t)
	// clickWait clicks id and returns the time from the click's event to
	// the first timer the page runs after its work.
	clickWait := func(id string, timeout time.Duration) time.Duration {
		t.Helper()
		eval[bool](p, fmt.Sprintf(`(() => { window.wait = {}; const b = document.getElementById(%q);
			b.addEventListener("click", () => { wait.click = performance.now(); }, {capture: true, once: true});
			new MutationObserver((_, o) => { if (!document.body.classList.contains("busy")) { o.disconnect(); setTimeout(() => { wait.free = performance.now(); }); } })
				.observe(document.body, {attributes: true});
			return true; })()`, id))
		p.click(id)
		p.await(`new Promise((done) => { const f = () => window.wait.free !== undefined ? done() : setTimeout(f, 50); f(); })`, timeout)
		return time.Duration(eval[float64](p, `wait.free - wait.click`) * float64(time.Millisecond))
	}
	p.set("rows", "255")
	p.set("cols", "255")
	t.Logf("New 255 x 255: the page answers %v after the click", clickWait("new", time.Minute).Round(time.Millisecond))
	p.set("seed", "255")
	t.Logf("Shuffle 255 x 255: the page answers %v after the click", clickWait("shuffle", time.Minute).Round(time.Millisecond))
	p.set("mode", "fast")
	p.set("metric", "tile")
	wait := clickWait("solve", 10*time.Minute)
	t.Logf("fast solve of 255 x 255: %s; the page answers %v after the click, the search took %s", p.text("status"), wait.Round(time.Millisecond), p.text("result-time"))
}

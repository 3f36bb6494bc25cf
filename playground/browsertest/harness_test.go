package browsertest

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

var largeShotPath = flag.String("screenshot-large", "", "write the screenshot of a 100 x 100 board to this PNG file (default: playground-100.png in the system's temporary directory)")

var screenshotPath = flag.String("screenshot", "", "write the screenshot of a solved board to this PNG file (default: playground.png in the system's temporary directory)")

// requireBrowser reports whether a missing browser fails the tests rather
// than skipping them, as CI asks with PLAYGROUND_REQUIRE_BROWSER.
func requireBrowser() bool { return os.Getenv("PLAYGROUND_REQUIRE_BROWSER") != "" }

// chromium returns the path of the system's Chromium: $CHROMIUM, or
// chromium or chromium-browser on the PATH. Without one it skips the
// test, or fails it where requireBrowser.
func chromium(t testing.TB) string {
	if p := os.Getenv("CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	const msg = "no Chromium: set $CHROMIUM, or install chromium (Debian's package) on the PATH"
	if requireBrowser() {
		t.Fatal(msg + "; PLAYGROUND_REQUIRE_BROWSER is set")
	}
	t.Skip(msg)
	return ""
}

// repoRoot returns the root of the repository, two levels above this
// package.
func repoRoot(t testing.TB) string {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "playground", "site", "index.html")); err != nil {
		t.Fatalf("the repository root is not two levels up: %v", err)
	}
	return root
}

// goCommand returns the command go ARGS run in the repository root.
func goCommand(t testing.TB, args ...string) *exec.Cmd {
	cmd := exec.Command("go", args...)
	cmd.Dir = repoRoot(t)
	return cmd
}

// site builds the playground with "go run ./playground build -o DIR" into
// a temporary directory, serves it with "serve -addr 127.0.0.1:0", and
// returns the page's address and the built directory. The server stops
// when the test ends.
func site(t testing.TB) (url, dir string) {
	tmp := t.TempDir()
	tool := filepath.Join(tmp, "playground-tool")
	if out, err := goCommand(t, "build", "-o", tool, "./playground").CombinedOutput(); err != nil {
		t.Fatalf("go build ./playground: %v\n%s", err, out)
	}
	dir = filepath.Join(tmp, "site")
	build := exec.Command(tool, "build", "-o", dir)
	build.Dir = repoRoot(t)
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("playground build: %v\n%s", err, out)
	}
	serve := exec.Command(tool, "serve", "-addr", "127.0.0.1:0", dir)
	serve.Dir = repoRoot(t)
	serve.Stderr = os.Stderr
	stdout, err := serve.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := serve.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		serve.Process.Signal(os.Interrupt)
		done := make(chan error, 1)
		go func() { done <- serve.Wait() }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			serve.Process.Kill()
			<-done
		}
	})
	line := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		if sc.Scan() {
			line <- sc.Text()
		}
		close(line)
		io.Copy(io.Discard, stdout)
	}()
	select {
	case l := <-line:
		m := regexp.MustCompile(`^serving .* at (http://\S+/)$`).FindStringSubmatch(l)
		if m == nil {
			t.Fatalf("playground serve printed %q, want \"serving DIR at http://HOST:PORT/\"", l)
		}
		return m[1], dir
	case <-time.After(time.Minute):
		t.Fatal("playground serve printed nothing in a minute")
	}
	return "", ""
}

// A page is the playground open in a tab of headless Chromium, with the
// console errors and uncaught exceptions it has seen.
type page struct {
	t       testing.TB
	ctx     context.Context
	console *consoleLog
}

// A consoleLog holds the console errors and exceptions of a page.
type consoleLog struct {
	mu     sync.Mutex
	errors []string
}

// openBrowser starts headless Chromium with a fresh profile and returns
// the context of its first tab; the browser ends with the test.
func openBrowser(t testing.TB) context.Context {
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromium(t)),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1200, 900),
	)
	if os.Geteuid() == 0 {
		opts = append(opts, chromedp.NoSandbox) // Chromium refuses to run as root in its sandbox
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(func() {
		cancel()
		cancelAlloc()
	})
	if err := chromedp.Do(ctx); err != nil { // starts the browser
		t.Fatalf("starting Chromium: %v", err)
	}
	return ctx
}

// openPage opens url in a new tab of the browser of ctx and waits until
// the page's worker is ready.
func openPage(t testing.TB, ctx context.Context, url string) *page {
	p := &page{t: t, ctx: ctx, console: &consoleLog{}}
	p.watch()
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		t.Fatalf("opening %s: %v", url, err)
	}
	p.await("window.playground.ready", time.Minute)
	return p
}

// watch records the console errors and exceptions of the page.
func (p *page) watch() {
	calls := chromedp.Events(p.ctx, runtime.ConsoleAPICalled)
	exceptions := chromedp.Events(p.ctx, runtime.ExceptionThrown)
	entries := chromedp.Events(p.ctx, log.EntryAdded)
	go func() {
		for ev, err := range calls {
			if err != nil {
				return
			}
			var args []string
			for _, a := range ev.Args {
				if a.Value != nil {
					var s any
					if json.Unmarshal(a.Value, &s) == nil {
						args = append(args, fmt.Sprint(s))
						continue
					}
				}
				args = append(args, a.Description)
			}
			text := strings.Join(args, " ")
			switch ev.Type {
			case runtime.ConsoleAPICalledTypeError, runtime.ConsoleAPICalledTypeAssert:
				p.record("console.%s: %s", ev.Type, text)
			case runtime.ConsoleAPICalledTypeWarning:
				p.t.Logf("console.warn: %s", text)
			}
		}
	}()
	go func() {
		for ev, err := range exceptions {
			if err != nil {
				return
			}
			d := ev.ExceptionDetails
			text := d.Text
			if d.Exception != nil && d.Exception.Description != "" {
				text += " " + d.Exception.Description
			}
			p.record("uncaught exception: %s (%s:%d)", text, d.URL, d.LineNumber)
		}
	}()
	go func() {
		for ev, err := range entries {
			if err != nil {
				return
			}
			if ev.Entry.Level == log.EntryLevelError {
				p.record("browser log error: %s (%s)", ev.Entry.Text, ev.Entry.URL)
			}
		}
	}()
}

func (p *page) record(format string, args ...any) {
	p.console.mu.Lock()
	defer p.console.mu.Unlock()
	p.console.errors = append(p.console.errors, fmt.Sprintf(format, args...))
}

// checkConsole fails the test for every console error and uncaught
// exception the page has had.
func (p *page) checkConsole() {
	p.t.Helper()
	time.Sleep(100 * time.Millisecond) // the events of the last steps arrive
	p.console.mu.Lock()
	defer p.console.mu.Unlock()
	for _, e := range p.console.errors {
		p.t.Error(e)
	}
}

// eval evaluates expr in the page, awaiting a promise, into a T.
func eval[T any](p *page, expr string) T {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, time.Minute)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		p.t.Fatalf("evaluating %s: %v", expr, err)
	}
	return v
}

// await waits up to timeout for the promise expr to resolve.
func (p *page) await(expr string, timeout time.Duration) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, timeout)
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](expr, chromedp.EvalAwaitPromise)); err != nil {
		p.t.Fatalf("waiting for %s: %v (status %q)", expr, err, p.text("status"))
	}
}

// waitFor waits up to timeout for the expression cond to be true, and
// returns how long it took.
func (p *page) waitFor(cond string, timeout time.Duration) time.Duration {
	p.t.Helper()
	began := time.Now()
	ctx, cancel := context.WithTimeout(p.ctx, timeout)
	defer cancel()
	if _, err := chromedp.Run(ctx, chromedp.Poll[chromedp.Void](cond, chromedp.WithPollingInterval(10*time.Millisecond))); err != nil {
		if errors.Is(err, context.DeadlineExceeded) || ctx.Err() != nil {
			p.t.Fatalf("waited %v for %s; status %q", timeout, cond, p.text("status"))
		}
		p.t.Fatalf("waiting for %s: %v", cond, err)
	}
	return time.Since(began)
}

// waitStatus waits up to timeout for the page to be idle (the body's
// class busy is set from a click that starts work until the work ends),
// then checks that #status says want.
func (p *page) waitStatus(want string, timeout time.Duration) time.Duration {
	p.t.Helper()
	d := p.waitFor(`!document.body.classList.contains("busy")`, timeout)
	if got := p.text("status"); got != want {
		p.t.Fatalf("status %q, want %q", got, want)
	}
	return d
}

// waitAnswer waits up to timeout for the page to be idle, then checks
// that #status starts with "answer found", and returns the status.
func (p *page) waitAnswer(timeout time.Duration) string {
	p.t.Helper()
	p.waitFor(`!document.body.classList.contains("busy")`, timeout)
	got := p.text("status")
	if !strings.HasPrefix(got, "answer found: ") {
		p.t.Fatalf("status %q, want \"answer found: ...\"", got)
	}
	return got
}

// text returns the text of the element of id.
func (p *page) text(id string) string {
	ctx, cancel := context.WithTimeout(p.ctx, 10*time.Second)
	defer cancel()
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string](fmt.Sprintf(`document.getElementById(%q).textContent`, id)))
	if err != nil {
		return fmt.Sprintf("(%v)", err)
	}
	return s
}

// attr returns the attribute name of the element of id.
func (p *page) attr(id, name string) string {
	return eval[string](p, fmt.Sprintf(`document.getElementById(%q).getAttribute(%q) ?? ""`, id, name))
}

// value returns the value of the form field of id.
func (p *page) value(id string) string {
	return eval[string](p, fmt.Sprintf(`document.getElementById(%q).value`, id))
}

// set sets the form field of id to v, as a user's typing or choosing
// does: its value, then its input and change events.
func (p *page) set(id, v string) {
	p.t.Helper()
	js := fmt.Sprintf(`(el => { el.value = %q; el.dispatchEvent(new Event("input", {bubbles: true})); el.dispatchEvent(new Event("change", {bubbles: true})); return el.value; })(document.getElementById(%q))`, v, id)
	if got := eval[string](p, js); got != v {
		p.t.Fatalf("#%s takes %q, not %q", id, got, v)
	}
}

// click clicks the element of id with the mouse.
func (p *page) click(id string) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 30*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID(id))); err != nil {
		p.t.Fatalf("clicking #%s: %v", id, err)
	}
}

// do runs the actions in the page.
func (p *page) do(actions ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 30*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		p.t.Fatal(err)
	}
}

//go:build !wasm

package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// servePage serves a page of a few files until the test ends, and returns
// the folder and the address serve printed.
func servePage(t *testing.T) (dir, url string, wasm []byte) {
	t.Helper()
	dir = t.TempDir()
	wasm = bytes.Repeat([]byte("\x00asm program "), 1000)
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(wasm)
	zw.Close()
	for name, data := range map[string][]byte{
		"index.html": []byte("<!doctype html>"), "app.js": []byte("// app"), "style.css": []byte("body {}"),
		"slide.wasm": wasm, "slide.wasm.gz": gz.Bytes(), "puzzles/index.json": []byte("[]"),
	} {
		writeFile(t, filepath.Join(dir, name), string(data))
	}
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- serve(ctx, "127.0.0.1:0", dir, pw)
		pw.Close()
	}()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("serve: %v", err)
		}
	})
	line, err := bufio.NewReader(pr).ReadString('\n')
	go io.Copy(io.Discard, pr)
	m := regexp.MustCompile(`^serving (.*) at (http://127\.0\.0\.1:[1-9][0-9]*/)\n$`).FindStringSubmatch(line)
	if err != nil || m == nil || m[1] != dir {
		t.Fatalf("serve printed %q (%v), want \"serving %s at http://127.0.0.1:PORT/\"", line, err, dir)
	}
	return dir, m[2], wasm
}

// get fetches url with the header Accept-Encoding: accept (none if ""),
// as it comes, compressed or not.
func get(t *testing.T, url, accept string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest("GET", url, nil)
	if err != nil {
		t.Fatal(err)
	}
	if accept != "" {
		req.Header.Set("Accept-Encoding", accept)
	}
	client := http.Client{Transport: &http.Transport{DisableCompression: true}}
	resp, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, body
}

// TestServe checks the types of the page's files, and that slide.wasm
// goes compressed to the clients that accept gzip, and only to them.
func TestServe(t *testing.T) {
	dir, url, wasm := servePage(t)
	gz, _ := os.ReadFile(filepath.Join(dir, "slide.wasm.gz"))
	for _, tc := range []struct {
		path, accept, typ string
		gzip              bool
	}{
		{"", "", "text/html; charset=utf-8", false},
		{"app.js", "gzip", "text/javascript; charset=utf-8", false},
		{"style.css", "", "text/css; charset=utf-8", false},
		{"puzzles/index.json", "", "application/json", false},
		{"slide.wasm", "", "application/wasm", false},
		{"slide.wasm", "gzip, deflate, br", "application/wasm", true},
		{"slide.wasm", "br;q=1.0, GZIP;q=0.5", "application/wasm", true},
		{"slide.wasm", "*", "application/wasm", true},
		{"slide.wasm", "gzip;q=0, *", "application/wasm", false},
		{"slide.wasm", "*;q=0", "application/wasm", false},
		{"slide.wasm", "deflate", "application/wasm", false},
		{"slide.wasm.gz", "", "application/gzip", false},
	} {
		resp, body := get(t, url+tc.path, tc.accept)
		enc := resp.Header.Get("Content-Encoding")
		want := wasm
		switch {
		case tc.gzip || tc.path == "slide.wasm.gz":
			want = gz
		case tc.path == "":
			want, _ = os.ReadFile(filepath.Join(dir, "index.html"))
		case tc.path != "slide.wasm":
			want, _ = os.ReadFile(filepath.Join(dir, tc.path))
		}
		if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != tc.typ || (enc == "gzip") != tc.gzip || !bytes.Equal(body, want) {
			t.Errorf("GET /%s, Accept-Encoding %q: %s, type %q, encoding %q, %d bytes", tc.path, tc.accept, resp.Status, resp.Header.Get("Content-Type"), enc, len(body))
		}
		if strings.HasPrefix(tc.path, "slide.wasm") && tc.path != "slide.wasm.gz" && resp.Header.Get("Vary") != "Accept-Encoding" {
			t.Errorf("GET /%s: Vary %q", tc.path, resp.Header.Get("Vary"))
		}
	}
	if resp, _ := get(t, url+"missing.js", "gzip"); resp.StatusCode != 404 {
		t.Errorf("GET /missing.js: %s", resp.Status)
	}
	if resp, _ := get(t, url+"../../etc/passwd", ""); resp.StatusCode != 404 && resp.StatusCode != 400 {
		t.Errorf("GET /../../etc/passwd: %s", resp.Status)
	}
}

// TestServeErrors checks that serve refuses an address it cannot take.
func TestServeErrors(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "index.html"), "<!doctype html>")
	for addr, want := range map[string]string{"8080": "-addr 8080: want HOST:PORT", "127.0.0.1:99999": "invalid port"} {
		if err := serve(context.Background(), addr, dir, io.Discard); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("serve at %s: %v, want %q", addr, err, want)
		}
	}
}

// quick is the limit a test server sets on the wait the test checks.
const quick = 200 * time.Millisecond

// with returns serve's limits changed by set. A test server waits quick
// only where the test checks the wait, and as serve elsewhere, so that a
// loaded machine, slow to run the server, does not see other connections
// closed.
func with(set func(*limits)) limits {
	l := serveLimits
	set(&l)
	return l
}

// startServer serves srv on a loopback port until the test ends, and
// returns the address.
func startServer(t testing.TB, srv *http.Server) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return ln.Addr().String()
}

// answerTime is how long a test waits for an answer the server has at
// once.
const answerTime = 2 * time.Second

// request sends the request head (its lines, without the blank line that
// ends them) on a new connection to addr, and returns the response, its
// body read whole, or fails the test if the answer takes answerTime.
func request(t testing.TB, addr, head string) (*http.Response, string) {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(answerTime))
	if _, err := io.WriteString(conn, head+"\r\n\r\n"); err != nil {
		t.Fatal(err)
	}
	method, _, _ := strings.Cut(head, " ")
	resp, err := http.ReadResponse(bufio.NewReader(conn), &http.Request{Method: method})
	if err != nil {
		t.Fatalf("%q: no answer within %v: %v", strings.Split(head, "\r\n")[0], answerTime, err)
	}
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("%q: %v", strings.Split(head, "\r\n")[0], err)
	}
	return resp, string(body)
}

// hostileSite writes a site with the files it serves and those it does
// not (names starting with a dot, folders without an index.html, symbolic
// links in the site and out of it), and returns its folder. Every file
// the site must not serve holds the word SECRET, and every file holds its
// own name, so that a body tells which file it is. With links false, it
// writes no symbolic link (the system cannot make them).
func hostileSite(t testing.TB) (dir string, links bool) {
	t.Helper()
	dir, outside := t.TempDir(), t.TempDir()
	for name, text := range map[string]string{
		"index.html": "index.html", "app.js": "app.js", "evil.txt": "evil.txt",
		"puzzles/index.html": "puzzles/index.html", "puzzles/a.json": "puzzles/a.json",
		"empty/x.txt": "empty/x.txt", "puzzles/deep/x.txt": "puzzles/deep/x.txt",
		"style.css": "style.css", "style.css.gz": "style.css.gz",
		".git/config": "SECRET .git/config", ".env": "SECRET .env", "puzzles/.hidden": "SECRET puzzles/.hidden",
		".hidden/index.html": "SECRET .hidden/index.html", "a.txt.": "a.txt.",
	} {
		writeFile(t, filepath.Join(dir, name), text)
	}
	writeFile(t, filepath.Join(outside, "secret.txt"), "SECRET outside")
	writeFile(t, filepath.Join(outside, "index.html"), "SECRET outside index.html")
	links = true
	for link, target := range map[string]string{
		"leak.txt":    filepath.Join(outside, "secret.txt"),
		"leakdir":     outside,
		"evil.txt.gz": filepath.Join(outside, "secret.txt"),
		"rel.txt":     "../" + filepath.Base(outside) + "/secret.txt",
		"inner.txt":   ".env",
		"innerdir":    ".git",
		"linkdir":     "puzzles",
		"root":        ".",
	} {
		if err := os.Symlink(target, filepath.Join(dir, link)); err != nil {
			links = false
		}
	}
	return dir, links
}

// TestServeRefuses checks that the server serves the site's regular files
// and nothing else: no name starting with a dot, no link in or out of the
// site, no listing of a folder, no path that is not clean, each refused
// at once.
func TestServeRefuses(t *testing.T) {
	dir, links := hostileSite(t)
	addr := startServer(t, newServer(dir, serveLimits))
	for _, tc := range []struct {
		path, accept string
		status       int
		body         string
	}{
		{"/", "", 200, "index.html"},
		{"/index.html", "", 200, "index.html"},
		{"/app.js", "gzip", 200, "app.js"},
		{"/style.css", "gzip", 200, "style.css.gz"},
		{"/style.css?v=1", "", 200, "style.css"},
		{"/a.txt.", "", 200, "a.txt."},
		{"/puzzles/", "", 200, "puzzles/index.html"},
		{"/puzzles/?v=1", "", 200, "puzzles/index.html"},
		{"/puzzles/a.json", "", 200, "puzzles/a.json"},
		{"/empty/x.txt", "", 200, "empty/x.txt"},
		{"/puzzles", "", 301, ""},
		{"/puzzles/deep", "", 404, ""},
		{"/puzzles/deep/", "", 404, ""},
		{"/empty", "", 404, ""},
		{"/empty/", "", 404, ""},
		{"/missing.js", "gzip", 404, ""},
		{"/index.html/", "", 404, ""},
		{"/.git/config", "", 404, ""},
		{"/.git/", "", 404, ""},
		{"/.git", "", 404, ""},
		{"/.env", "gzip", 404, ""},
		{"/puzzles/.hidden", "", 404, ""},
		{"/.hidden/", "", 404, ""},
		{"/%2egit/config", "", 404, ""},
		{"/../../etc/passwd", "", 404, ""},
		{"/%2e%2e/%2e%2e/etc/passwd", "", 404, ""},
		{"/%2E%2E%2F%2E%2E%2Fetc/passwd", "", 404, ""},
		{"/puzzles/../index.html", "", 404, ""},
		{"/./index.html", "", 404, ""},
		{"//index.html", "", 404, ""},
		{"/puzzles//a.json", "", 404, ""},
		{"/..%5c..%5cetc/passwd", "", 404, ""},
		{"/index.html%00", "", 404, ""},
		{"/leak.txt", "", 404, ""},
		{"/leakdir/secret.txt", "", 404, ""},
		{"/leakdir/", "", 404, ""},
		{"/leakdir", "", 404, ""},
		{"/rel.txt", "", 404, ""},
		{"/evil.txt", "gzip", 200, "evil.txt"},
		{"/evil.txt.gz", "", 404, ""},
		{"/inner.txt", "", 404, ""},
		{"/innerdir/config", "", 404, ""},
		{"/linkdir/a.json", "", 404, ""},
		{"/linkdir/", "", 404, ""},
		{"/root/index.html", "", 404, ""},
	} {
		head := "GET " + tc.path + " HTTP/1.1\r\nHost: localhost\r\nConnection: close"
		if tc.accept != "" {
			head += "\r\nAccept-Encoding: " + tc.accept
		}
		if !links && (strings.Contains(tc.path, "leak") || strings.Contains(tc.path, "evil") ||
			strings.Contains(tc.path, "rel") || strings.Contains(tc.path, "inner") ||
			strings.Contains(tc.path, "linkdir") || strings.Contains(tc.path, "root")) {
			continue
		}
		resp, body := request(t, addr, head)
		if resp.StatusCode != tc.status || (tc.status == 200 && body != tc.body) || strings.Contains(body, "SECRET") {
			t.Errorf("GET %s, Accept-Encoding %q: %s %q, want %d %q", tc.path, tc.accept, resp.Status, body, tc.status, tc.body)
		}
		if tc.status == 301 && resp.Header.Get("Location") != "./puzzles/" {
			t.Errorf("GET %s: Location %q, want ./puzzles/", tc.path, resp.Header.Get("Location"))
		}
	}
}

// TestServeMethods checks that the server answers GET and HEAD, and every
// other method with 405 and Allow: GET, HEAD.
func TestServeMethods(t *testing.T) {
	dir, _ := hostileSite(t)
	addr := startServer(t, newServer(dir, serveLimits))
	resp, body := request(t, addr, "HEAD /app.js HTTP/1.1\r\nHost: localhost\r\nConnection: close")
	if resp.StatusCode != 200 || body != "" || resp.ContentLength != int64(len("app.js")) {
		t.Errorf("HEAD /app.js: %s, Content-Length %d, body %q", resp.Status, resp.ContentLength, body)
	}
	for _, method := range []string{"POST", "PUT", "DELETE", "OPTIONS", "TRACE", "PATCH", "PROPFIND", "MKCOL", "CONNECT", "get"} {
		for _, target := range []string{"/app.js", "/", "/.git/config"} {
			resp, body := request(t, addr, method+" "+target+" HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\nConnection: close")
			if resp.StatusCode != 405 || resp.Header.Get("Allow") != "GET, HEAD" || strings.Contains(body, "app.js") {
				t.Errorf("%s %s: %s, Allow %q, body %q", method, target, resp.Status, resp.Header.Get("Allow"), body)
			}
		}
	}
	if resp, _ := request(t, addr, "OPTIONS * HTTP/1.1\r\nHost: localhost\r\nConnection: close"); resp.StatusCode != 405 {
		t.Errorf("OPTIONS *: %s", resp.Status)
	}
}

// TestServeHeaders checks that the server refuses a header of 2 MB, and
// closes a connection that sends its header too slowly.
func TestServeHeaders(t *testing.T) {
	dir, _ := hostileSite(t)
	resp, _ := request(t, startServer(t, newServer(dir, serveLimits)), "GET / HTTP/1.1\r\nHost: localhost\r\nX-Big: "+strings.Repeat("a", 2<<20))
	if resp.StatusCode != http.StatusRequestHeaderFieldsTooLarge {
		t.Errorf("GET / with a header of 2 MB: %s", resp.Status)
	}
	conn, err := net.Dial("tcp", startServer(t, newServer(dir, with(func(l *limits) { l.readHeader = quick }))))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	start := time.Now()
	closed := make(chan error, 1)
	go func() {
		_, err := conn.Read(make([]byte, 1))
		closed <- err
	}()
	io.WriteString(conn, "GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: ")
	for tick := time.NewTicker(50 * time.Millisecond); ; {
		select {
		case err := <-closed:
			if err != io.EOF && !errors.Is(err, syscall.ECONNRESET) {
				t.Errorf("a slow header: read %v, want EOF", err)
			}
			t.Logf("a header sent a byte every 50 ms: closed after %v", time.Since(start).Round(time.Millisecond))
			return
		case <-tick.C:
			if time.Since(start) > 10*quick {
				t.Fatalf("a header sent a byte every 50 ms: still open after %v", time.Since(start))
			}
			conn.Write([]byte("a"))
		}
	}
}

// TestServeIdle opens 1,000 connections, sends a request on each and
// reads its answer, and checks that the server closes every one of them
// once idle for its idle limit.
func TestServeIdle(t *testing.T) {
	dir, _ := hostileSite(t)
	addr := startServer(t, newServer(dir, with(func(l *limits) { l.idle = quick })))
	const n = 1000
	conns := make([]net.Conn, 0, n)
	defer func() {
		for _, c := range conns {
			c.Close()
		}
	}()
	readers := make([]*bufio.Reader, 0, n)
	for range n {
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		conns = append(conns, conn)
		readers = append(readers, bufio.NewReader(conn))
		conn.SetDeadline(time.Now().Add(5 * answerTime))
		io.WriteString(conn, "GET /app.js HTTP/1.1\r\nHost: localhost\r\n\r\n")
	}
	for i, conn := range conns {
		resp, err := http.ReadResponse(readers[i], nil)
		if err != nil {
			t.Fatalf("connection %d: %v", i, err)
		}
		if _, err := io.Copy(io.Discard, resp.Body); err != nil || resp.StatusCode != 200 || resp.Close {
			t.Fatalf("connection %d: %s, closed %v, %v", i, resp.Status, resp.Close, err)
		}
		conn.SetDeadline(time.Now().Add(10 * quick))
	}
	answered := time.Now()
	open := 0
	for i := range conns {
		if _, err := readers[i].ReadByte(); err != io.EOF && !errors.Is(err, syscall.ECONNRESET) {
			open++
			if open <= 3 {
				t.Errorf("connection %d: read %v, want EOF", i, err)
			}
		}
	}
	if open > 0 {
		t.Errorf("%d of %d idle connections open after %v", open, n, 10*quick)
	}
	t.Logf("%d idle connections closed within %v of the last answer", n-open, time.Since(answered).Round(time.Millisecond))
}

// TestServeWriteTimeout checks that the server closes the connections of
// clients that ask for a large file and never read it.
func TestServeWriteTimeout(t *testing.T) {
	dir, _ := hostileSite(t)
	big, err := os.Create(filepath.Join(dir, "big.wasm"))
	if err != nil {
		t.Fatal(err)
	}
	if err := big.Truncate(64 << 20); err != nil {
		t.Fatal(err)
	}
	big.Close()
	srv := newServer(dir, with(func(l *limits) { l.write = quick }))
	var mu sync.Mutex
	closed := 0
	srv.ConnState = func(_ net.Conn, state http.ConnState) {
		if state == http.StateClosed {
			mu.Lock()
			closed++
			mu.Unlock()
		}
	}
	addr := startServer(t, srv)
	const n = 5
	for range n {
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		io.WriteString(conn, "GET /big.wasm HTTP/1.1\r\nHost: localhost\r\n\r\n")
	}
	start := time.Now()
	for {
		mu.Lock()
		c := closed
		mu.Unlock()
		if c == n {
			t.Logf("%d clients that do not read closed after %v", n, time.Since(start).Round(time.Millisecond))
			return
		}
		if time.Since(start) > 25*quick {
			t.Fatalf("%d of %d clients that do not read closed after %v", c, n, time.Since(start))
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// siteFiles returns what the site of dir serves: the body of each URL
// path it answers with 200, and the body of the .gz beside it where there
// is one. It walks dir without following links, and leaves out every name
// starting with a dot and every file that is not regular.
func siteFiles(t testing.TB, dir string) (plain, gz map[string]string) {
	t.Helper()
	plain, gz = map[string]string{}, map[string]string{}
	err := filepath.WalkDir(dir, func(name string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, name)
		rel = filepath.ToSlash(rel)
		if rel != "." && strings.HasPrefix(d.Name(), ".") {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() {
			return nil
		}
		data, err := os.ReadFile(name)
		if err != nil {
			return err
		}
		plain["/"+rel] = string(data)
		if path.Base(rel) == "index.html" {
			plain[strings.TrimSuffix("/"+rel, "index.html")] = string(data)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for p := range plain {
		file := p
		if strings.HasSuffix(p, "/") {
			file += "index.html"
		}
		if data, ok := plain[file+".gz"]; ok {
			gz[p] = data
		}
	}
	return plain, gz
}

// FuzzServePath asks the server of a site with files it must not serve
// (names starting with a dot, links in and out of the site, folders
// without an index.html, named pipes, a socket) for any path, and checks
// that it serves exactly the site's regular files: 200 and the file's
// body (or its .gz's) for a path of one, a redirect to its slash for a
// folder with an index.html, 404 for any other, and never a body from
// outside the site.
func FuzzServePath(f *testing.F) {
	dir, _ := hostileSite(f)
	specialFiles(f, dir)
	plain, gz := siteFiles(f, dir)
	handler := files(dir)
	for _, p := range []string{
		"/", "/index.html", "/style.css", "/puzzles", "/puzzles/", "/puzzles/a.json", "/empty/", "/.git/config",
		"/.env", "/leak.txt", "/leakdir/secret.txt", "/evil.txt", "/evil.txt.gz", "/inner.txt", "/linkdir/",
		"/root/index.html", "/../index.html", "/./", "//", "/a.txt.", "/fifo", "/app2.js", "/sock", "/null",
		"/puzzles/../.env", "/index.html\x00", "\\index.html", "", "index.html", "/puzzles\\a.json",
	} {
		f.Add(p, false)
		f.Add(p, true)
	}
	f.Fuzz(func(t *testing.T, p string, acceptGzip bool) {
		r := httptest.NewRequest("GET", "/", nil)
		r.URL.Path, r.URL.RawPath = p, ""
		if acceptGzip {
			r.Header.Set("Accept-Encoding", "gzip")
		}
		w := httptest.NewRecorder()
		handler.ServeHTTP(w, r)
		body := w.Body.String()
		if strings.Contains(body, "SECRET") {
			t.Fatalf("GET %q: %d with a body from a file not served: %q", p, w.Code, body)
		}
		want, ok := plain[p]
		switch w.Code {
		case 200:
			if !ok {
				t.Fatalf("GET %q: 200 with %q, but the site serves no such file", p, body)
			}
			if w.Header().Get("Content-Encoding") == "gzip" {
				want, ok = gz[p]
				if !ok || !acceptGzip {
					t.Fatalf("GET %q, gzip accepted %v: compressed %q", p, acceptGzip, body)
				}
			} else if acceptGzip && gz[p] != "" {
				t.Errorf("GET %q, gzip accepted: not compressed", p)
			}
			if body != want {
				t.Fatalf("GET %q: %q, want %q", p, body, want)
			}
		case 301:
			location := "./" + url.PathEscape(path.Base(p)) + "/"
			if _, folder := plain[p+"/"]; !folder || w.Header().Get("Location") != location {
				t.Fatalf("GET %q: 301 to %q", p, w.Header().Get("Location"))
			}
		case 404:
			if ok {
				t.Fatalf("GET %q: 404, want %q", p, want)
			}
		default:
			t.Fatalf("GET %q: %d %q", p, w.Code, body)
		}
	})
}

//go:build unix

package main

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/slidekit/slide/internal/testsets"
)

// specialFiles writes into dir a named pipe, fifo, a named pipe beside a
// regular file, app2.js.gz beside app2.js, a unix socket, sock, and, where
// the system lets the test make one, a device, null, and returns the names
// it made.
func specialFiles(t testing.TB, dir string) []string {
	t.Helper()
	writeFile(t, filepath.Join(dir, "app2.js"), "app2.js")
	names := []string{"fifo", "app2.js.gz", "sock"}
	for _, name := range names[:2] {
		if err := syscall.Mkfifo(filepath.Join(dir, name), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ln, err := net.Listen("unix", filepath.Join(dir, "sock"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	// The device of /dev/null: major 1, minor 3 on Linux; elsewhere, or
	// without the right to make it, there is none.
	if runtime.GOOS == "linux" && syscall.Mknod(filepath.Join(dir, "null"), syscall.S_IFCHR|0o666, 1<<8|3) == nil {
		names = append(names, "null")
	}
	return names
}

// TestServeSpecialFiles checks that a named pipe, a socket and a device in
// the site are each refused at once, and that a named pipe beside a file
// as its .gz leaves the file served, gzip accepted or not.
func TestServeSpecialFiles(t *testing.T) {
	dir, _ := hostileSite(t)
	names := specialFiles(t, dir)
	addr := startServer(t, newServer(dir, serveLimits))
	for _, name := range append(names, "app2.js", "fifo/", "sock/") {
		for _, accept := range []string{"", "gzip"} {
			start := time.Now()
			resp, body := request(t, addr, "GET /"+name+" HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nAccept-Encoding: "+accept)
			want, wantBody := 404, ""
			if name == "app2.js" {
				want, wantBody = 200, "app2.js"
			}
			if resp.StatusCode != want || (want == 200 && body != wantBody) {
				t.Errorf("GET /%s, Accept-Encoding %q: %s %q after %v, want %d", name, accept, resp.Status, body, time.Since(start), want)
			}
		}
	}
}

// TestServeFIFOFlood sends 10,000 requests for a named pipe (1,000 in
// the quick form of the tests or under the race detector) on 64 kept-alive connections, and checks that each is refused at
// once, that the server makes no thread per request, and that its
// goroutines end with the connections.
func TestServeFIFOFlood(t *testing.T) {
	dir, _ := hostileSite(t)
	specialFiles(t, dir)
	goroutinesBefore := runtime.NumGoroutine()
	addr := startServer(t, newServer(dir, serveLimits))
	n, workers := 10000, 64
	if !testsets.Long() || race {
		n = 1000
	}
	transport := &http.Transport{MaxIdleConnsPerHost: workers, DisableCompression: true}
	defer transport.CloseIdleConnections()
	client := &http.Client{Transport: transport, Timeout: answerTime}
	// flood sends count requests for name on the workers' connections,
	// and returns how many got want, and the first failure.
	flood := func(name string, count, want int) (int, error) {
		var wg sync.WaitGroup
		var mu sync.Mutex
		var got int
		var failure error
		next := make(chan struct{})
		go func() {
			defer close(next)
			for range count {
				next <- struct{}{}
			}
		}()
		for range workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for range next {
					resp, err := client.Get("http://" + addr + "/" + name)
					if err == nil {
						_, err = io.Copy(io.Discard, resp.Body)
						resp.Body.Close()
						if err == nil && resp.StatusCode != want {
							err = fmt.Errorf("%s, want %d", resp.Status, want)
						}
					}
					mu.Lock()
					if err == nil {
						got++
					} else if failure == nil {
						failure = err
					}
					mu.Unlock()
					if err != nil {
						for range next {
						}
					}
				}
			}()
		}
		wg.Wait()
		return got, failure
	}
	// A round first, so that the pools of both ends are full.
	if _, err := flood("app.js", 4*workers, 200); err != nil {
		t.Fatalf("GET /app.js: %v", err)
	}
	threads := pprof.Lookup("threadcreate")
	threadsBefore := threads.Count()
	start := time.Now()
	refused, err := flood("fifo", n, 404)
	elapsed := time.Since(start)
	if err != nil {
		t.Fatalf("GET /fifo: %d of %d refused, then %v", refused, n, err)
	}
	threadsAfter := threads.Count()
	if threadsAfter > threadsBefore+16 {
		t.Errorf("%d requests for a named pipe made %d threads", n, threadsAfter-threadsBefore)
	}
	if _, err := flood("app.js", workers, 200); err != nil {
		t.Errorf("GET /app.js after the requests for a named pipe: %v", err)
	}
	transport.CloseIdleConnections()
	goroutinesAfter := runtime.NumGoroutine()
	for wait := time.Now(); goroutinesAfter > goroutinesBefore+2 && time.Since(wait) < answerTime; goroutinesAfter = runtime.NumGoroutine() {
		time.Sleep(10 * time.Millisecond)
	}
	t.Logf("%d requests for a named pipe on %d connections refused in %v; threads made before %d, after %d; goroutines before the server %d, after its connections closed %d",
		n, workers, elapsed.Round(time.Millisecond), threadsBefore, threadsAfter, goroutinesBefore, goroutinesAfter)
	if goroutinesAfter > goroutinesBefore+2 {
		t.Errorf("%d requests for a named pipe left %d goroutines more once their connections closed", n, goroutinesAfter-goroutinesBefore)
	}
}

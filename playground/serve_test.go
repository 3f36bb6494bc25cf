//go:build !wasm

package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
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

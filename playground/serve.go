package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// serve serves the folder dir (playground/out of the repository if "")
// at addr until ctx is done, saying where on stdout.
func serve(ctx context.Context, addr, dir string, stdout io.Writer) error {
	if dir == "" {
		root, err := goEnv("GOMOD")
		if err != nil {
			return err
		}
		dir = filepath.Join(filepath.Dir(root), "playground", "out")
	}
	if _, err := os.Stat(filepath.Join(dir, "index.html")); err != nil {
		return fmt.Errorf("%s holds no page (%v): go run ./playground build writes it", dir, err)
	}
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("-addr %s: want HOST:PORT", addr)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	_, port, _ := net.SplitHostPort(ln.Addr().String())
	if host == "" {
		host = "localhost"
	}
	srv := &http.Server{Handler: files(dir), ReadHeaderTimeout: 10 * time.Second}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	fmt.Fprintf(stdout, "serving %s at http://%s/\n", dir, net.JoinHostPort(host, port))
	select {
	case err := <-served:
		return err
	case <-ctx.Done():
	}
	stop, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(stop); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	return nil
}

// types are the content types of the files of the page, whatever the
// system's MIME tables say.
var types = map[string]string{
	".html": "text/html; charset=utf-8",
	".js":   "text/javascript; charset=utf-8",
	".css":  "text/css; charset=utf-8",
	".json": "application/json",
	".wasm": "application/wasm",
	".svg":  "image/svg+xml",
	".txt":  "text/plain; charset=utf-8",
	".md":   "text/plain; charset=utf-8",
	".gz":   "application/gzip",
}

// files serves the files of dir, each with its type, and the file.gz
// beside a file in its stead, with Content-Encoding: gzip, to a client
// that accepts gzip.
func files(dir string) http.Handler {
	root := http.Dir(dir)
	plain := http.FileServer(root)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := path.Clean("/" + r.URL.Path)
		if strings.HasSuffix(r.URL.Path, "/") {
			name = path.Join(name, "index.html")
		}
		if t, ok := types[path.Ext(name)]; ok {
			w.Header().Set("Content-Type", t)
		}
		gz, err := root.Open(name + ".gz")
		if err != nil {
			plain.ServeHTTP(w, r)
			return
		}
		defer gz.Close()
		w.Header().Add("Vary", "Accept-Encoding")
		fi, err := gz.Stat()
		if err != nil || fi.IsDir() || !acceptsGzip(r.Header.Get("Accept-Encoding")) {
			plain.ServeHTTP(w, r)
			return
		}
		w.Header().Set("Content-Encoding", "gzip")
		http.ServeContent(w, r, name, fi.ModTime(), gz)
	})
}

// acceptsGzip reports whether an Accept-Encoding header accepts gzip: it
// names gzip with a weight above 0, or if it does not name gzip, *.
func acceptsGzip(header string) bool {
	star := false
	for _, part := range strings.Split(header, ",") {
		coding, params, _ := strings.Cut(part, ";")
		switch strings.ToLower(strings.TrimSpace(coding)) {
		case "gzip":
			return weight(params) > 0
		case "*":
			star = weight(params) > 0
		}
	}
	return star
}

// weight returns the weight q of the parameters of a coding: 1 unless
// they give another.
func weight(params string) float64 {
	for _, p := range strings.Split(params, ";") {
		name, value, _ := strings.Cut(p, "=")
		if strings.TrimSpace(strings.ToLower(name)) == "q" {
			if q, err := strconv.ParseFloat(strings.TrimSpace(value), 64); err == nil {
				return q
			}
		}
	}
	return 1
}

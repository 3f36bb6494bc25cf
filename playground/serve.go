package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"net/url"
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
	srv := newServer(dir, serveLimits)
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

// limits bound what a connection may take of the server: the time to send
// a request's header, the time to send the whole request, the time from
// the end of the request's header to the end of the response, the time a
// kept-alive connection may wait for its next request, and the bytes of a
// request's header.
type limits struct {
	readHeader, read, write, idle time.Duration
	maxHeader                     int
}

// serveLimits are the limits of serve. The write limit leaves time for the
// page's WebAssembly, a few megabytes, to reach a browser on a slow link.
var serveLimits = limits{
	readHeader: 10 * time.Second,
	read:       30 * time.Second,
	write:      60 * time.Second,
	idle:       30 * time.Second,
	maxHeader:  64 << 10,
}

// newServer returns the server of the files of dir under the limits l.
func newServer(dir string, l limits) *http.Server {
	return &http.Server{
		Handler:           files(dir),
		ReadHeaderTimeout: l.readHeader,
		ReadTimeout:       l.read,
		WriteTimeout:      l.write,
		IdleTimeout:       l.idle,
		MaxHeaderBytes:    l.maxHeader,
		// OPTIONS * goes to files, which refuses it, as every method
		// but GET and HEAD.
		DisableGeneralOptionsHandler: true,
	}
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

// errNotServed is the error of a name that is in dir but is not served:
// a folder, a named pipe, a socket, a device, or a symbolic link.
var errNotServed = errors.New("not a regular file")

// files serves the regular files of dir to GET and HEAD, each with its
// type, and the file.gz beside a file in its stead, with
// Content-Encoding: gzip, to a client that accepts gzip. A request for a
// folder, with a slash at its end, gets the folder's index.html. It
// serves nothing else: no name that starts with a dot, no symbolic link,
// no listing of a folder, no special file (a named pipe, a socket, a
// device: it looks before it opens, so it never waits on one), and no
// path that is not clean (an empty, "." or ".." element). Every other
// method gets 405 with Allow: GET, HEAD.
func files(dir string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "405 method not allowed", http.StatusMethodNotAllowed)
			return
		}
		name, folder, ok := siteName(r.URL.Path)
		if !ok {
			http.NotFound(w, r)
			return
		}
		root, err := os.OpenRoot(dir)
		if err != nil {
			http.Error(w, "500 the site's folder cannot be opened", http.StatusInternalServerError)
			return
		}
		defer root.Close()
		if folder {
			name = path.Join(name, "index.html")
		}
		fi, err := lstatIn(root, name)
		if err == nil && fi.IsDir() {
			// A folder named without its slash: send the browser to it
			// with its slash, so that the links of its index.html work.
			if index, err := lstatIn(root, path.Join(name, "index.html")); err == nil && index.Mode().IsRegular() {
				w.Header().Set("Location", "./"+url.PathEscape(path.Base(name))+"/"+query(r))
				w.WriteHeader(http.StatusMovedPermanently)
				return
			}
		}
		if err == nil && !fi.Mode().IsRegular() {
			err = errNotServed
		}
		if err != nil {
			failed(w, r, err)
			return
		}
		t, typed := types[path.Ext(name)]
		if typed {
			w.Header().Set("Content-Type", t)
		}
		if gz, err := lstatIn(root, name+".gz"); err == nil && gz.Mode().IsRegular() {
			w.Header().Add("Vary", "Accept-Encoding")
			if acceptsGzip(r.Header.Get("Accept-Encoding")) {
				if f, fi, err := openRegular(root, name+".gz"); err == nil {
					defer f.Close()
					if !typed {
						w.Header().Set("Content-Type", "application/octet-stream")
					}
					w.Header().Set("Content-Encoding", "gzip")
					http.ServeContent(w, r, name, fi.ModTime(), f)
					return
				}
			}
		}
		f, fi, err := openRegular(root, name)
		if err != nil {
			failed(w, r, err)
			return
		}
		defer f.Close()
		http.ServeContent(w, r, name, fi.ModTime(), f)
	})
}

// siteName returns the name in the site of the URL path p, slash
// separated and relative ("." for the site's own folder), and whether p
// ends with a slash. It is false for a path that does not start with a
// slash, or has an empty element, an element that starts with a dot, or a
// backslash.
func siteName(p string) (name string, folder, ok bool) {
	rest, found := strings.CutPrefix(p, "/")
	if !found {
		return "", false, false
	}
	if rest == "" {
		return ".", true, true
	}
	rest, folder = strings.CutSuffix(rest, "/")
	for elem := range strings.SplitSeq(rest, "/") {
		if elem == "" || elem[0] == '.' || strings.ContainsRune(elem, '\\') {
			return "", false, false
		}
	}
	return rest, folder, true
}

// lstatIn returns the FileInfo of name in root without following a link:
// a name that is a symbolic link, or passes through one, is refused with
// errNotServed.
func lstatIn(root *os.Root, name string) (fs.FileInfo, error) {
	for i := 0; ; {
		j := strings.IndexByte(name[i:], '/')
		prefix := name
		if j >= 0 {
			prefix = name[:i+j]
		}
		fi, err := root.Lstat(prefix)
		if err != nil {
			return nil, err
		}
		if fi.Mode()&fs.ModeSymlink != 0 {
			return nil, errNotServed
		}
		if j < 0 {
			return fi, nil
		}
		i += j + 1
	}
}

// openRegular opens name in root if it is a regular file, and returns it
// with its FileInfo. It looks before it opens, so that it never opens a
// special file, opens without waiting (openFlags), and refuses the file
// opened if it is not the regular file it looked at.
func openRegular(root *os.Root, name string) (*os.File, fs.FileInfo, error) {
	fi, err := lstatIn(root, name)
	if err != nil {
		return nil, nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, nil, errNotServed
	}
	f, err := root.OpenFile(name, openFlags, 0)
	if err != nil {
		return nil, nil, err
	}
	opened, err := f.Stat()
	if err != nil || !opened.Mode().IsRegular() || !os.SameFile(fi, opened) {
		f.Close()
		return nil, nil, errNotServed
	}
	return f, opened, nil
}

// failed answers a request for a name that is not served: 403 if the
// system forbids reading it, 404 otherwise.
func failed(w http.ResponseWriter, r *http.Request, err error) {
	if errors.Is(err, fs.ErrPermission) {
		http.Error(w, "403 forbidden", http.StatusForbidden)
		return
	}
	http.NotFound(w, r)
}

// query returns the query of r's URL with its "?", or "" if it has none.
func query(r *http.Request) string {
	if r.URL.RawQuery == "" {
		return ""
	}
	return "?" + r.URL.RawQuery
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

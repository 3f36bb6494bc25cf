// Command playground builds and serves slide's playground: the web page
// of playground/site, which solves sliding puzzles in the browser with
// slide compiled to WebAssembly (playground/wasm, answering through
// package play). Run it from the repository:
//
//	go run ./playground build [-o DIR]
//	go run ./playground serve [-addr ADDR] [DIR]
//
// Build compiles ./playground/wasm to DIR/slide.wasm (GOOS=js GOARCH=wasm,
// -trimpath -ldflags="-s -w"), writes DIR/slide.wasm.gz beside it, and
// copies the page's files, Go's wasm_exec.js and the shipped sliding-block
// puzzles (DIR/puzzles, listed in DIR/puzzles/index.json) into DIR,
// playground/out by default. DIR is then a static site that any web
// server serves as it is.
//
// Serve serves DIR (playground/out by default) at ADDR (localhost:8080 by
// default; port 0 takes a free one): a file with a .gz beside it goes
// compressed, with Content-Encoding: gzip, to a client that accepts gzip.
// It prints one line, "serving DIR at http://HOST:PORT/", and serves until
// SIGINT or SIGTERM. It serves only the regular files of DIR, to GET and
// HEAD: no name that starts with a dot, no symbolic link, no listing of a
// folder, no special file; and it bounds the time a connection may take
// to send its request, to receive its answer, and to wait idle. It is a
// host for the page on a trusted network, not a hardened public server.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

const usage = `usage: go run ./playground build [-o DIR]
       go run ./playground serve [-addr ADDR] [DIR]

build  compile the page's WebAssembly and gather the page into DIR (default
       playground/out)
serve  serve DIR (default playground/out) at ADDR (default localhost:8080)
       until interrupted
`

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Stdout, os.Stderr))
}

// run runs the command of args until ctx is done, and returns the exit
// status: 0, 1 for a failure, 2 for a usage error.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	fs := flag.NewFlagSet(args[0], flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var err error
	switch args[0] {
	case "build":
		out := fs.String("o", "", "")
		if err = parse(fs, args[1:], 0); err == nil {
			err = build(ctx, *out, stderr)
		}
	case "serve":
		addr := fs.String("addr", "localhost:8080", "")
		if err = parse(fs, args[1:], 1); err == nil {
			err = serve(ctx, *addr, fs.Arg(0), stdout)
		}
	case "-h", "-help", "--help", "help":
		fmt.Fprint(stdout, usage)
		return 0
	default:
		err = usageError(fmt.Sprintf("unknown command %q", args[0]))
	}
	var ue usageError
	switch {
	case errors.Is(err, flag.ErrHelp):
		fmt.Fprint(stdout, usage)
		return 0
	case errors.As(err, &ue):
		fmt.Fprintf(stderr, "playground: %s\n%s", ue, usage)
		return 2
	case err != nil:
		fmt.Fprintf(stderr, "playground %s: %v\n", args[0], err)
		return 1
	}
	return 0
}

// A usageError is a mistake in the command line.
type usageError string

func (e usageError) Error() string { return string(e) }

// parse parses args into fs, which takes at most n arguments after its
// flags.
func parse(fs *flag.FlagSet, args []string, n int) error {
	if err := fs.Parse(args); errors.Is(err, flag.ErrHelp) {
		return err
	} else if err != nil {
		return usageError(fmt.Sprintf("%s: %v", fs.Name(), err))
	}
	if fs.NArg() > n {
		return usageError(fmt.Sprintf("%s: want at most %d arguments after the flags, got %d", fs.Name(), n, fs.NArg()))
	}
	return nil
}

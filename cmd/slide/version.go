package main

import (
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"strings"
)

const versionAbout = `Version prints the version of the slide module this command was built
from, the revision and time of its source (and "modified" if it had
uncommitted changes), and the version of Go that built it. "go install
...@VERSION" records the version; a build in a checkout ("go build", "go
run") shows "(devel)" and, where Go could ask the version control system,
the revision.`

// runVersion is the version subcommand, also run by "slide -version".
func runVersion(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("version", "", versionAbout)
	if status, ok := parseFlags(fs, args, stdout, stderr); !ok {
		return status
	}
	if fs.NArg() > 0 {
		return usageError(stderr, "version", "want no arguments, got %d", fs.NArg())
	}
	bi, _ := debug.ReadBuildInfo() // nil without build information
	io.WriteString(stdout, versionText(bi))
	return exitOK
}

// versionText returns what version prints for the build information bi,
// nil if there is none: any field the build did not record is "unknown".
func versionText(bi *debug.BuildInfo) string {
	module, version, goVersion := "unknown", "unknown", runtime.Version()
	settings := map[string]string{}
	if bi != nil {
		if bi.Main.Path != "" {
			module = bi.Main.Path
		}
		if bi.Main.Version != "" {
			version = bi.Main.Version
		}
		if bi.GoVersion != "" {
			goVersion = bi.GoVersion
		}
		for _, s := range bi.Settings {
			settings[s.Key] = s.Value
		}
	}
	revision, when := "unknown", "unknown"
	if r := settings["vcs.revision"]; r != "" {
		revision = r
		if settings["vcs.modified"] == "true" {
			revision += " (modified)"
		}
	}
	if t := settings["vcs.time"]; t != "" {
		when = t
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "slide %s\n", version)
	fmt.Fprintf(&sb, "module:   %s\n", module)
	fmt.Fprintf(&sb, "revision: %s\n", revision)
	fmt.Fprintf(&sb, "time:     %s\n", when)
	fmt.Fprintf(&sb, "go:       %s %s/%s\n", goVersion, runtime.GOOS, runtime.GOARCH)
	return sb.String()
}

package pdbcache

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/slidekit/slide/internal/engine"

	"github.com/slidekit/slide/internal/pdb"
)

// The shared databases. A process opens each database once: the first
// search that needs it reads it from the disk cache or builds it, while
// the others wait for it, and every later search shares it until Release.

// shared holds the databases opened so far, by Spec.String, and the cache
// files found unreadable.
var shared struct {
	sync.Mutex
	byName     map[string]*entry
	unreadable map[string]fileStamp // by path
}

// A fileStamp tells a file's versions apart.
type fileStamp struct {
	size int64
	mod  time.Time
}

func stamp(path string) (fileStamp, bool) {
	st, err := os.Stat(path)
	if err != nil {
		return fileStamp{}, false
	}
	return fileStamp{st.Size(), st.ModTime()}, true
}

// An entry is a database opened, or being opened, by one caller while
// others wait for it.
type entry struct {
	ready chan struct{} // closed when db or err is set
	db    *pdb.DB
	err   error
}

// A Request says where a shared database may come from.
type Request struct {
	Dir       string // the disk cache ("" for none), if DirSet, else DefaultCacheDir
	DirSet    bool
	Build     bool // build it when it is neither in memory nor on disk
	Progress  func(pdb.Progress)
	MaxMemory int64 // bound on a build's peak memory, <= 0 for none
}

// CacheDir returns the disk cache, "" for none. It is not resolved before
// it is needed, so that a database in memory costs no look at the
// environment.
func (r *Request) CacheDir() string {
	if r.DirSet {
		return r.Dir
	}
	dir, _ := DefaultCacheDir()
	return dir
}

// A Source is where Shared found a database.
type Source uint8

// The sources of a shared database.
const (
	FromMemory Source = iota
	FromDisk
	FromBuild
)

// Opened tells how Shared got a database.
type Opened struct {
	Source  Source
	SaveErr error // the cache could not be written after a build
}

// errNotCached is Shared's error when a database that may not be built is
// neither in memory nor readable on disk.
var errNotCached = errors.New("pattern database not in the cache")

// Shared returns the database of spec, from memory, the disk cache or (if
// req.Build) a build, which it then writes to the cache. Concurrent
// callers share one opening; one that fails (a build stopped by its
// context, a cache miss without Build) is forgotten, and those waiting for
// it try again themselves.
func Shared(ctx context.Context, spec pdb.Spec, req Request) (*pdb.DB, Opened, error) {
	name := spec.String()
	for {
		shared.Lock()
		if shared.byName == nil {
			shared.byName = map[string]*entry{}
		}
		e, found := shared.byName[name]
		if !found {
			e = &entry{ready: make(chan struct{})}
			shared.byName[name] = e
		}
		shared.Unlock()
		if found {
			select {
			case <-e.ready:
			case <-ctx.Done():
				return nil, Opened{}, ctx.Err()
			}
			if e.err == nil {
				return e.db, Opened{Source: FromMemory}, nil
			}
			continue // its opener failed: try again
		}
		db, got, err := loadOrBuild(ctx, spec, req)
		e.db, e.err = db, err
		if err != nil {
			shared.Lock()
			if shared.byName[name] == e {
				delete(shared.byName, name)
			}
			shared.Unlock()
		}
		close(e.ready)
		return db, got, err
	}
}

// loadOrBuild reads the database of spec from the cache, or builds it and
// writes it there.
func loadOrBuild(ctx context.Context, spec pdb.Spec, req Request) (*pdb.DB, Opened, error) {
	reason := ""
	dir := req.CacheDir()
	if dir != "" {
		db, err := loadContext(ctx, dir, spec)
		if err == nil {
			return db, Opened{Source: FromDisk}, nil
		}
		if engine.IsContext(err) {
			return nil, Opened{}, err
		}
		if !errors.Is(err, fs.ErrNotExist) {
			reason = Message(err)
			path := CachePath(dir, spec)
			if s, ok := stamp(path); ok {
				shared.Lock()
				if shared.unreadable == nil {
					shared.unreadable = map[string]fileStamp{}
				}
				shared.unreadable[path] = s
				shared.Unlock()
			}
		}
	}
	if !req.Build {
		return nil, Opened{}, errNotCached
	}
	if err := checkBuildMemory(spec.BuildBytes(), req.MaxMemory); err != nil {
		return nil, Opened{}, err
	}
	opt := pdb.BuildOptions{}
	if req.Progress != nil {
		opt.Progress = func(p pdb.Progress) {
			p.Tables, p.Reason = len(spec.Patterns), reason
			req.Progress(p)
		}
	}
	db, err := pdb.Build(ctx, spec, opt)
	if err != nil {
		if engine.IsContext(err) {
			return nil, Opened{}, err
		}
		return nil, Opened{}, engine.Errorf(engine.Option, "building the tables: %s", Message(err))
	}
	got := Opened{Source: FromBuild}
	if dir != "" {
		got.SaveErr = Save(ctx, dir, db)
		if engine.IsContext(got.SaveErr) {
			return nil, Opened{}, got.SaveErr // stopped: its caller wants no tables
		}
		if got.SaveErr == nil {
			shared.Lock()
			delete(shared.unreadable, CachePath(dir, spec))
			shared.Unlock()
		}
	}
	return db, got, nil
}

// Prepare makes the database of spec ready as Shared does, building it if
// need be, and makes sure it is in the cache of req: it writes it there if
// it is only in memory, and returns an error of kind engine.Cache if it
// cannot (the tables then live in memory only). It first removes the
// temporary files of builds killed while writing the cache.
func Prepare(ctx context.Context, spec pdb.Spec, req Request) error {
	dir, dirErr := req.Dir, error(nil)
	if !req.DirSet {
		dir, dirErr = DefaultCacheDir()
	}
	if dir != "" {
		CleanStale(dir)
		if err := refuseDir(CachePath(dir, spec)); err != nil {
			return engine.Errorf(engine.Cache, "%v", err) // before the build, which could not be cached
		}
	}
	req.Dir, req.DirSet, req.Build = dir, true, true
	db, got, err := Shared(ctx, spec, req)
	if err != nil {
		return err
	}
	switch {
	case dirErr != nil:
		return engine.Errorf(engine.Cache, "no cache directory (%v): the tables live in memory only", dirErr)
	case dir == "":
		return nil
	case got.SaveErr != nil:
		return engine.Errorf(engine.Cache, "%v: the tables live in memory only", got.SaveErr)
	case got.Source == FromMemory && Check(dir, spec) != nil:
		if err := Save(ctx, dir, db); engine.IsContext(err) {
			return err
		} else if err != nil {
			return engine.Errorf(engine.Cache, "%v: the tables live in memory only", err)
		}
	}
	return nil
}

// checkBuildMemory returns an error of kind engine.Limit if a build whose
// peak is need bytes would take more than maxMemory (<= 0: no bound).
func checkBuildMemory(need, maxMemory int64) error {
	if maxMemory > 0 && need > maxMemory {
		return engine.Errorf(engine.Limit, "building the tables takes about %s at its peak, over the memory bound of %s; smaller groups of tiles take less",
			engine.FormatBytes(need), engine.FormatBytes(maxMemory))
	}
	return nil
}

// Message returns the text of an error of this package without its
// "pdb: " prefixes.
func Message(err error) string {
	msg := err.Error()
	for {
		rest, ok := strings.CutPrefix(msg, "pdb: ")
		if !ok {
			return msg
		}
		msg = rest
	}
}

// A State says where the tables of a database are.
type State uint8

// The states of a database.
const (
	Absent   State = iota // neither in memory nor valid in the cache
	OnDisk                // in the cache, with a valid header and size
	InMemory              // opened
)

// StateOf tells where the tables of spec are: in memory, or in the disk
// cache of req (checked cheaply: header and size, see Check; a file that
// failed to load before counts as absent until it changes).
func StateOf(spec pdb.Spec, req *Request) State {
	shared.Lock()
	e, found := shared.byName[spec.String()]
	shared.Unlock()
	if found {
		select {
		case <-e.ready:
			if e.err == nil {
				return InMemory
			}
		default: // being opened
		}
	}
	dir := req.CacheDir()
	if dir == "" || Check(dir, spec) != nil {
		return Absent
	}
	path := CachePath(dir, spec)
	shared.Lock()
	bad, known := shared.unreadable[path]
	shared.Unlock()
	if s, ok := stamp(path); known && ok && s == bad {
		return Absent
	}
	return OnDisk
}

// Release forgets every shared database (those being read or built stay,
// for those waiting for them). Searches running with them keep them until
// they end. Tables mapped from the cache stay mapped until the process
// exits (see map.go): their
// pages are the page cache's, which the kernel reclaims when it needs.
func Release() {
	shared.Lock()
	for name, e := range shared.byName {
		select {
		case <-e.ready:
			delete(shared.byName, name)
		default: // being opened: its callers wait for it
		}
	}
	clear(shared.unreadable)
	shared.Unlock()
}

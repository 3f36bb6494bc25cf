// memfs.js: a file system in memory for Go's js/wasm port, with the
// Node.js-style calls that $GOROOT/src/syscall/fs_js.go makes on
// globalThis.fs (each taking a callback(err, value), errors carrying a
// Node.js code such as "ENOENT"), and the globalThis.process and
// globalThis.path it reads. Load it before wasm_exec.js, which keeps an
// fs that is already defined.
//
// The files under /slide-cache, where the playground keeps its pattern
// databases, are also kept in IndexedDB: a file is saved when it is closed
// after a write or renamed into place (never a temporary one, NAME.tmpN),
// and removed when it is unlinked; memfs.restore() loads them back, before
// Go starts. A process that exists already (Node.js's) is kept.
"use strict";

(() => {
	const S_IFDIR = 0o040000, S_IFREG = 0o100000, S_IFMT = 0o170000;
	const O = { O_WRONLY: 1, O_RDWR: 2, O_CREAT: 64, O_EXCL: 128, O_TRUNC: 512, O_APPEND: 1024, O_DIRECTORY: 65536 };
	const KEPT = "/slide-cache/";
	const DB = "slide-playground", STORE = "files";

	const fail = (code, what) => Object.assign(new Error(code + ": " + what), { code });
	const nodes = new Map(); // path -> {ino, mode, data, size, atimeMs, mtimeMs, ctimeMs}
	const fds = new Map(); // fd -> {node, path, pos, append, dirty}
	let nextIno = 1, nextFd = 100, cwd = "/";

	const now = () => Date.now();
	const makeNode = (mode, data = new Uint8Array(0)) => {
		const t = now();
		return { ino: nextIno++, mode, data, size: data.length, atimeMs: t, mtimeMs: t, ctimeMs: t };
	};
	const isDir = (n) => (n.mode & S_IFMT) === S_IFDIR;
	nodes.set("/", makeNode(S_IFDIR | 0o755));

	// resolve returns the absolute, clean form of path p.
	function resolve(...parts) {
		let out = [];
		for (const p of parts) {
			if (p.startsWith("/")) out = [];
			for (const s of p.split("/")) {
				if (s === "" || s === ".") continue;
				if (s === "..") out.pop(); else out.push(s);
			}
		}
		return "/" + out.join("/");
	}
	const abs = (p) => resolve(cwd, String(p));
	const parentOf = (p) => p.slice(0, p.lastIndexOf("/")) || "/";
	const childPrefix = (p) => (p === "/" ? "/" : p + "/");

	// lookup returns the node at the absolute path p, or throws ENOENT.
	function lookup(p) {
		const n = nodes.get(p);
		if (!n) throw fail("ENOENT", p);
		return n;
	}
	// parentDir throws unless the directory that would hold p exists.
	function parentDir(p) {
		const d = nodes.get(parentOf(p));
		if (!d) throw fail("ENOENT", p);
		if (!isDir(d)) throw fail("ENOTDIR", p);
	}
	function file(fd) {
		const f = fds.get(fd);
		if (!f) throw fail("EBADF", "fd " + fd);
		return f;
	}
	function stat(n) {
		return {
			dev: 1, ino: n.ino, mode: n.mode, nlink: 1, uid: 0, gid: 0, rdev: 0,
			size: n.size, blksize: 4096, blocks: Math.ceil(n.size / 512),
			atimeMs: n.atimeMs, mtimeMs: n.mtimeMs, ctimeMs: n.ctimeMs,
			isDirectory: () => isDir(n),
		};
	}
	function children(p) {
		const pre = childPrefix(p), names = [];
		for (const k of nodes.keys()) {
			if (k !== p && k.startsWith(pre) && !k.slice(pre.length).includes("/")) names.push(k.slice(pre.length));
		}
		return names.sort();
	}
	// grow makes room for size bytes in n's data.
	function grow(n, size) {
		if (size <= n.data.length) return;
		const d = new Uint8Array(Math.max(size, n.data.length * 2, 4096));
		d.set(n.data.subarray(0, n.size));
		n.data = d;
	}
	function resize(n, size) {
		grow(n, size);
		if (size < n.size) n.data.fill(0, size, n.size);
		n.size = size;
		n.mtimeMs = n.ctimeMs = now();
	}

	// Output to standard output and error goes to the console a line at a time.
	const decoder = new TextDecoder("utf-8");
	const pending = { 1: "", 2: "" };
	function output(fd, buf) {
		pending[fd] += decoder.decode(buf);
		const nl = pending[fd].lastIndexOf("\n");
		if (nl !== -1) {
			(fd === 2 ? console.error : console.log)(pending[fd].slice(0, nl));
			pending[fd] = pending[fd].slice(nl + 1);
		}
		return buf.length;
	}

	// call runs f and hands its value or its error to the callback.
	function call(cb, f) {
		let v;
		try {
			v = f();
		} catch (e) {
			if (!e.code) throw e;
			cb(e);
			return;
		}
		cb(null, v);
	}

	// Persistence of the files under KEPT.
	let dbPromise = null;
	function openDB() {
		if (!dbPromise) {
			dbPromise = new Promise((resolve, reject) => {
				if (!globalThis.indexedDB) return reject(new Error("IndexedDB is not available"));
				const req = indexedDB.open(DB, 1);
				req.onupgradeneeded = () => req.result.createObjectStore(STORE);
				req.onsuccess = () => resolve(req.result);
				req.onerror = () => reject(req.error);
			});
		}
		return dbPromise;
	}
	let warned = false;
	function store(change) {
		openDB().then((db) => {
			const tx = db.transaction(STORE, "readwrite");
			change(tx.objectStore(STORE));
			if (tx.commit) tx.commit(); // now, not when Go gives the thread back
		}).catch((e) => {
			if (!warned) console.warn("the pattern databases cannot be kept for the next visit:", e.message);
			warned = true;
		});
	}
	const kept = (p) => p.startsWith(KEPT) && !/\.tmp[^/]*$/.test(p);
	function save(p) {
		const n = nodes.get(p);
		if (!kept(p) || !n || isDir(n)) return;
		const rec = { data: n.data.slice(0, n.size), mode: n.mode, mtimeMs: n.mtimeMs };
		store((s) => s.put(rec, p));
	}
	function forget(p) {
		if (p.startsWith(KEPT)) store((s) => s.delete(p));
	}
	function mkdirAll(p) {
		if (nodes.has(p)) return;
		mkdirAll(parentOf(p));
		nodes.set(p, makeNode(S_IFDIR | 0o755));
	}

	globalThis.memfs = {
		// restore loads the files kept in IndexedDB; it resolves, having
		// loaded none, where IndexedDB cannot be used.
		restore() {
			return openDB().then((db) => new Promise((resolve, reject) => {
				const req = db.transaction(STORE, "readonly").objectStore(STORE).openCursor();
				req.onsuccess = () => {
					const c = req.result;
					if (!c) return resolve();
					const p = String(c.key), r = c.value;
					mkdirAll(parentOf(p));
					const n = makeNode(r.mode, r.data);
					n.mtimeMs = r.mtimeMs;
					nodes.set(p, n);
					c.continue();
				};
				req.onerror = () => reject(req.error);
			})).catch((e) => {
				console.warn("the pattern databases of an earlier visit cannot be read:", e.message);
			});
		},
	};

	globalThis.fs = {
		constants: O,
		writeSync(fd, buf) {
			if (fd === 1 || fd === 2) return output(fd, buf);
			let n;
			this.write(fd, buf, 0, buf.length, null, (err, k) => {
				if (err) throw err;
				n = k;
			});
			return n;
		},
		write(fd, buf, offset, length, position, cb) {
			if (fd === 1 || fd === 2) return cb(null, output(fd, buf.subarray(offset, offset + length)));
			call(cb, () => {
				const f = file(fd), n = f.node;
				if (isDir(n)) throw fail("EISDIR", f.path);
				const at = position !== null ? position : f.append ? n.size : f.pos;
				grow(n, at + length);
				n.data.set(buf.subarray(offset, offset + length), at);
				n.size = Math.max(n.size, at + length);
				n.mtimeMs = n.ctimeMs = now();
				if (position === null) f.pos = at + length;
				f.dirty = true;
				return length;
			});
		},
		read(fd, buf, offset, length, position, cb) {
			call(cb, () => {
				const f = file(fd), n = f.node;
				if (isDir(n)) throw fail("EISDIR", f.path);
				const at = position !== null ? position : f.pos;
				const k = Math.max(0, Math.min(length, n.size - at));
				buf.set(n.data.subarray(at, at + k), offset);
				if (position === null) f.pos = at + k;
				return k;
			});
		},
		open(path, flags, mode, cb) {
			call(cb, () => {
				const p = abs(path);
				let n = nodes.get(p);
				if (n && flags & O.O_CREAT && flags & O.O_EXCL) throw fail("EEXIST", p);
				if (!n) {
					if (!(flags & O.O_CREAT)) throw fail("ENOENT", p);
					parentDir(p);
					n = makeNode(S_IFREG | (mode & 0o777));
					nodes.set(p, n);
				}
				const writes = flags & (O.O_WRONLY | O.O_RDWR);
				if (isDir(n) && writes) throw fail("EISDIR", p);
				if (!isDir(n) && flags & O.O_DIRECTORY) throw fail("ENOTDIR", p);
				const f = { node: n, path: p, pos: 0, append: !!(flags & O.O_APPEND), dirty: false };
				if (flags & O.O_TRUNC && writes && n.size > 0) {
					resize(n, 0);
					f.dirty = true;
				}
				const fd = nextFd++;
				fds.set(fd, f);
				return fd;
			});
		},
		close(fd, cb) {
			call(cb, () => {
				const f = file(fd);
				fds.delete(fd);
				if (f.dirty && nodes.get(f.path) === f.node) save(f.path);
			});
		},
		fstat(fd, cb) { call(cb, () => stat(file(fd).node)); },
		stat(path, cb) { call(cb, () => stat(lookup(abs(path)))); },
		lstat(path, cb) { call(cb, () => stat(lookup(abs(path)))); },
		readdir(path, cb) {
			call(cb, () => {
				const p = abs(path);
				if (!isDir(lookup(p))) throw fail("ENOTDIR", p);
				return children(p);
			});
		},
		mkdir(path, perm, cb) {
			call(cb, () => {
				const p = abs(path);
				if (nodes.has(p)) throw fail("EEXIST", p);
				parentDir(p);
				nodes.set(p, makeNode(S_IFDIR | (perm & 0o777)));
			});
		},
		rmdir(path, cb) {
			call(cb, () => {
				const p = abs(path);
				if (!isDir(lookup(p))) throw fail("ENOTDIR", p);
				if (children(p).length > 0) throw fail("ENOTEMPTY", p);
				if (p === "/") throw fail("EBUSY", p);
				nodes.delete(p);
			});
		},
		unlink(path, cb) {
			call(cb, () => {
				const p = abs(path);
				if (isDir(lookup(p))) throw fail("EISDIR", p);
				nodes.delete(p);
				forget(p);
			});
		},
		rename(from, to, cb) {
			call(cb, () => {
				const src = abs(from), dst = abs(to);
				const n = lookup(src);
				parentDir(dst);
				if (src === dst) return;
				if (dst.startsWith(childPrefix(src))) throw fail("EINVAL", dst);
				const old = nodes.get(dst);
				if (old && isDir(old) && !isDir(n)) throw fail("EISDIR", dst);
				if (old && !isDir(old) && isDir(n)) throw fail("ENOTDIR", dst);
				if (old && isDir(old) && children(dst).length > 0) throw fail("ENOTEMPTY", dst);
				const moved = [[src, dst]];
				if (isDir(n)) {
					const pre = childPrefix(src);
					for (const k of nodes.keys()) if (k.startsWith(pre)) moved.push([k, dst + k.slice(src.length)]);
				}
				for (const [a, b] of moved) {
					const m = nodes.get(a);
					nodes.delete(a);
					nodes.set(b, m);
					m.ctimeMs = now();
					forget(a);
					save(b);
				}
				for (const f of fds.values()) {
					for (const [a, b] of moved) if (f.path === a) f.path = b;
				}
			});
		},
		truncate(path, length, cb) {
			call(cb, () => {
				const p = abs(path), n = lookup(p);
				if (isDir(n)) throw fail("EISDIR", p);
				resize(n, length);
				save(p);
			});
		},
		ftruncate(fd, length, cb) {
			call(cb, () => {
				const f = file(fd);
				resize(f.node, length);
				f.dirty = true;
			});
		},
		chmod(path, mode, cb) {
			call(cb, () => {
				const n = lookup(abs(path));
				n.mode = (n.mode & S_IFMT) | (mode & 0o7777);
			});
		},
		fchmod(fd, mode, cb) {
			call(cb, () => {
				const n = file(fd).node;
				n.mode = (n.mode & S_IFMT) | (mode & 0o7777);
			});
		},
		utimes(path, atime, mtime, cb) {
			call(cb, () => {
				const n = lookup(abs(path));
				n.atimeMs = atime * 1000;
				n.mtimeMs = mtime * 1000;
			});
		},
		fsync(fd, cb) { call(cb, () => { file(fd); }); },
		chown(path, uid, gid, cb) { call(cb, () => { lookup(abs(path)); }); },
		fchown(fd, uid, gid, cb) { call(cb, () => { file(fd); }); },
		lchown(path, uid, gid, cb) { call(cb, () => { lookup(abs(path)); }); },
		link(path, link, cb) { cb(fail("ENOSYS", "link")); },
		symlink(path, link, cb) { cb(fail("ENOSYS", "symlink")); },
		readlink(path, cb) { call(cb, () => { lookup(abs(path)); throw fail("EINVAL", path); }); },
	};

	globalThis.path = { resolve: (...parts) => resolve(cwd, ...parts) };

	const enosys = () => fail("ENOSYS", "not implemented");
	globalThis.process ??= {
		getuid: () => -1, getgid: () => -1, geteuid: () => -1, getegid: () => -1,
		getgroups() { throw enosys(); },
		pid: -1, ppid: -1,
		umask() { throw enosys(); },
		cwd: () => cwd,
		chdir(p) {
			const d = abs(p), n = lookup(d);
			if (!isDir(n)) throw fail("ENOTDIR", d);
			cwd = d;
		},
	};
})();

// Runs the playground's program under node, with node's fs wrapped to
// count the calls that Go's os package makes through globalThis.fs: the
// calls that the page's memfs.js must answer. TestWasm runs it:
//
//	node fscalls.js WASM_EXEC_JS SLIDE_WASM CACHE_DIR BOARD_JSON
//
// It starts the program twice, as a page does on two visits: the first
// lists the tables and builds pdb663 into CACHE_DIR, the second, whose
// memory holds no table, lists them again and solves the 4 x 4 board of
// BOARD_JSON optimally, reading pdb663 from CACHE_DIR. It prints one JSON object:
// {"phases": [{"name", "result", "calls": {NAME: COUNT}, "opens": [FLAGS]}]}
// (read and write at a position are counted as read@position and
// write@position),
// each phase a request (or "start", the program's start) with the result
// message of its request and the fs calls made meanwhile.
"use strict";

const [wasmExec, wasmFile, cacheDir, board] = process.argv.slice(2);
const fs = require("fs");

const phases = [];
let phase = null;
const begin = (name) => {
	phase = { name, result: null, calls: {}, opens: [] };
	phases.push(phase);
};

// openFlags names the flags of an open.
const openFlags = (flags) => {
	if (typeof flags !== "number") {
		return String(flags);
	}
	const names = Object.entries(fs.constants)
		.filter(([name, bit]) => name.startsWith("O_") && bit !== 0 && (flags & bit) === bit)
		.map(([name]) => name);
	return names.length ? names.join("|") : "O_RDONLY";
};

const counted = {};
for (const [name, value] of Object.entries(fs)) {
	if (typeof value !== "function") {
		counted[name] = value;
		continue;
	}
	counted[name] = (...args) => {
		// read and write at a position (the fifth argument) are pread and
		// pwrite: counted apart.
		const call = (name === "read" || name === "write") && args[4] !== null ? name + "@position" : name;
		phase.calls[call] = (phase.calls[call] || 0) + 1;
		if (name === "open") {
			phase.opens.push(openFlags(args[1]));
		}
		return value.apply(fs, args);
	};
}
globalThis.fs = counted;
globalThis.path = require("path");
require(wasmExec);

// start runs a fresh instance of the program, which defines slidePlay.
async function start() {
	begin("start");
	const go = new Go();
	go.argv = ["slide.wasm"];
	go.env = { TMPDIR: require("os").tmpdir() };
	const { instance } = await WebAssembly.instantiate(fs.readFileSync(wasmFile), go.importObject);
	globalThis.slideCacheDir = cacheDir;
	go.run(instance); // defines slidePlay, then waits for requests
}

// request answers one request, its calls counted under its op.
function request(name, req) {
	begin(name);
	return new Promise((resolve) => {
		globalThis.slidePlay(JSON.stringify(req), (msg) => {
			const m = JSON.parse(msg);
			if (m.type === "result") {
				if (m.ok && m.result.svg) {
					m.result.svg = m.result.svg.length; // not the picture itself
				}
				phase.result = m;
				resolve();
			}
		});
	});
}

(async () => {
	await start();
	await request("tables", { id: 1, op: "tables" });
	await request("build", { id: 2, op: "build", name: "pdb663" });
	await start();
	await request("tables again", { id: 3, op: "tables" });
	await request("solve", { id: 4, op: "solve", board: JSON.parse(board) });
	console.log(JSON.stringify({ phases }));
	process.exit(0);
})().catch((err) => {
	console.error(err);
	process.exit(1);
});

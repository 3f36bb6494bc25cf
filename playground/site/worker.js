// worker.js: the Web Worker that runs the slide library compiled to
// WebAssembly, so that a search never freezes the page.
//
// The page posts the compiled module first ({module}), then requests
// {id, op, ...args}. The worker loads the pattern databases kept from
// earlier visits (memfs.js), starts Go, posts {type: "ready"}, and hands
// the requests to Go's slidePlay one at a time, relaying every message
// Go posts back ({type: "progress" | "result", id, ...}). Go runs a search
// to its end before this thread can do anything else, so the page cancels
// a search by terminating the worker and starting another.
"use strict";

importScripts("memfs.js", "wasm_exec.js");

// The worker's console messages reach the page, where they are seen (and
// where a test of the page catches them).
for (const level of ["error", "warn"]) {
	console[level] = (...args) => postMessage({ type: "log", level, text: args.join(" ") });
}

const queue = [];
let started = false, busy = false;

onmessage = (e) => {
	if (!started) {
		started = true;
		start(e.data.module).catch((err) => postMessage({ type: "failed", error: String(err && err.message || err) }));
		return;
	}
	queue.push(e.data);
	next();
};

async function start(module) {
	await memfs.restore();
	const go = new Go();
	let code = 0;
	go.exit = (c) => { code = c; };
	const instance = await WebAssembly.instantiate(module, go.importObject);
	// Go's main sets slidePlay and waits; run returns once it waits, and its
	// promise resolves only if Go exits.
	go.run(instance).then(() => postMessage({ type: "exit", code }));
	if (typeof globalThis.slidePlay !== "function") throw new Error("slide.wasm did not define slidePlay");
	postMessage({ type: "ready" });
	next();
}

// next hands the first queued request to Go once Go is up and has
// answered the one before.
function next() {
	if (busy || queue.length === 0 || typeof globalThis.slidePlay !== "function") return;
	busy = true;
	const req = queue.shift();
	const post = (json) => {
		const msg = JSON.parse(json);
		postMessage(msg);
		if (msg.type === "result") {
			busy = false;
			setTimeout(next); // after the thread is given back, so that files kept meanwhile are saved
		}
	};
	try {
		slidePlay(JSON.stringify(req), post);
	} catch (err) {
		post(JSON.stringify({ type: "result", id: req.id, ok: false, error: String(err && err.message || err) }));
	}
}

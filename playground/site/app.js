// app.js: the playground's page. The slide library runs in a Web Worker
// (worker.js); this script draws the boards, sends the worker requests
// ({id, op, ...args}) and shows its answers. window.playground gives the
// same requests to tests and to the console.
"use strict";

(() => {
	const $ = (id) => document.getElementById(id);
	const int = (n) => Number(n).toLocaleString("en-US");
	// status shows text in the status line at once; progress shows the
	// progress of work at most ten times a second.
	let progressTimer = 0, progressText = "";
	// An error (error true) is shown in the colour of errors.
	const status = (text, error = false) => {
		clearTimeout(progressTimer);
		progressTimer = 0;
		$("status").textContent = text;
		$("status").classList.toggle("error", error);
	};
	const progress = (text) => {
		progressText = text;
		if (!progressTimer) progressTimer = setTimeout(() => { progressTimer = 0; $("status").textContent = progressText; }, 100);
	};

	// The worker. A request waits for the worker to be ready and is
	// answered by a promise; Cancel terminates the worker, fails what is
	// pending with a Cancelled error and starts a fresh worker.
	class Cancelled extends Error {}
	const client = (() => {
		const module = fetch("slide.wasm").then((resp) => {
			if (!resp.ok) throw new Error(`slide.wasm: ${resp.status} ${resp.statusText}`);
			// A host that does not serve application/wasm still gets compiled.
			return (resp.headers.get("Content-Type") || "").startsWith("application/wasm")
				? WebAssembly.compileStreaming(resp)
				: resp.arrayBuffer().then((b) => WebAssembly.compile(b));
		});
		let worker, ready, pending = new Map(), nextId = 1;

		function start() {
			const w = new Worker("worker.js");
			worker = w;
			ready = new Promise((resolve, reject) => {
				const fail = (message) => {
					console.error("worker:", message);
					failAll(new Error(message));
					reject(new Error(message));
				};
				w.onmessage = (e) => receive(e.data, resolve, fail);
				w.onerror = (e) => {
					e.preventDefault();
					fail(e.message);
				};
				module.then((m) => w.postMessage({ module: m }), (err) => fail(err.message));
			});
			ready.catch(() => {}); // a failed start is shown by the requests that wait for it
		}

		function receive(m, resolve, fail) {
			const p = pending.get(m.id);
			switch (m.type) {
			case "ready": resolve(); break;
			case "failed": fail(m.error); break;
			case "log": console[m.level === "error" ? "error" : "warn"]("worker:", m.text); break;
			case "progress": if (p && p.onProgress) p.onProgress(m); break;
			case "result":
				window.playground.resultAt = performance.now();
				if (!p) break;
				pending.delete(m.id);
				if (m.ok) p.resolve(m.result); else p.reject(new Error(m.error));
				break;
			case "exit":
				failAll(new Error(`the solver stopped (exit status ${m.code}); it starts again`));
				start();
				break;
			}
		}

		function failAll(err) {
			for (const p of pending.values()) p.reject(err);
			pending.clear();
		}

		function request(op, args = {}, onProgress) {
			const w = worker;
			return ready.then(() => new Promise((resolve, reject) => {
				if (w !== worker) return reject(new Cancelled("cancelled"));
				const id = nextId++;
				pending.set(id, { resolve, reject, onProgress });
				w.postMessage({ ...args, id, op });
			}));
		}

		function cancel() {
			worker.terminate();
			failAll(new Cancelled("cancelled"));
			start();
			request("warm").catch(() => {}); // as at the start (see below)
		}

		start();
		return { request, cancel, ready: () => ready };
	})();

	// ---- Busy state: one search at a time; Cancel is live meanwhile.
	const lockable = ["new", "shuffle", "load", "solve", "hint", "blocks-solve", "puzzle", "blocks-deal", "blocks-farthest"];
	let busy = false;
	function setBusy(b) {
		busy = b;
		for (const id of lockable) $(id).disabled = b;
		$("cancel").disabled = !b;
		document.body.classList.toggle("busy", b);
		if (!b) $("build").hidden = true;
	}

	// run does one piece of work of the page while the page is busy, and
	// shows its error (the library's text) in the status line.
	async function run(work) {
		if (busy) return;
		setBusy(true);
		try {
			await work();
		} catch (err) {
			if (!(err instanceof Cancelled)) status(err.message, true);
		} finally {
			setBusy(false);
		}
	}

	// ---- Animation: one player for the visible tab's solution.
	const rates = (v) => 2 ** Number(v); // moves a second
	// frameBudget is the most time a frame of the animation spends making
	// moves, in milliseconds, so that the page answers while it plays.
	const frameBudget = 8;
	class Player {
		// n moves; step(k) makes move k (0-based; always the move after the
		// last one made, or the first after reset) and reset() goes back to
		// the start; show() draws after a batch of steps.
		constructor(n, step, reset, show) {
			Object.assign(this, { n, stepFn: step, resetFn: reset, show, pos: 0, timer: 0 });
		}
		// advance makes up to k moves, stopping early past deadline (a
		// performance.now() time), and draws them.
		advance(k, deadline = Infinity) {
			for (let i = 0; i < k && this.pos < this.n; i++) {
				this.stepFn(this.pos++);
				if ((i & 255) === 255 && performance.now() > deadline) break;
			}
			this.show();
			updateAnim();
		}
		// play makes the moves at the speed chosen, a frame's share each
		// animation frame, within frameBudget.
		play() {
			if (this.pos >= this.n) { this.resetFn(); this.pos = 0; }
			let last = performance.now(), owed = 1; // the first move at once
			const tick = (t) => {
				owed += (Math.max(0, t - last) / 1000) * rates($("speed").value);
				last = t;
				const k = Math.floor(owed), before = this.pos;
				this.advance(k, performance.now() + frameBudget);
				owed = this.pos - before < k ? 0 : owed - k; // moves past the budget are not owed
				if (this.pos >= this.n) this.pause();
				else this.timer = requestAnimationFrame(tick);
			};
			this.timer = requestAnimationFrame(tick);
			updateAnim();
		}
		pause() {
			cancelAnimationFrame(this.timer);
			this.timer = 0;
			this.show();
			updateAnim();
		}
		stepOnce() {
			this.pause();
			if (this.pos >= this.n) { this.resetFn(); this.pos = 0; this.show(); }
			this.advance(1);
		}
	}
	const views = { tiles: { player: null, out: null }, blocks: { player: null, out: null } };
	let tab = "tiles";
	const player = () => views[tab].player;
	function updateAnim() {
		const p = player();
		$("anim-pos").textContent = p ? `${p.pos} / ${p.n}` : "0 / 0";
		$("play").disabled = !p || p.n === 0 || !!p.timer;
		$("pause").disabled = !p || !p.timer;
		$("step").disabled = !p || p.n === 0;
	}
	function setPlayer(name, p) {
		const old = views[name].player;
		if (old) old.pause();
		views[name].player = p;
		updateAnim();
	}
	$("play").onclick = () => player() && player().play();
	$("pause").onclick = () => player() && player().pause();
	$("step").onclick = () => player() && player().stepOnce();
	$("speed").oninput = () => { $("speed-out").textContent = `${int(rates($("speed").value))} moves/s`; };
	$("speed").oninput();

	// showStage scrolls the board el into view if it is out of it, as on a
	// narrow window where the controls are below it.
	function showStage(el) {
		const r = el.getBoundingClientRect();
		if (r.top < 0 || r.bottom > innerHeight - $("status").closest(".shared").offsetHeight) el.scrollIntoView({ block: "start" });
	}

	// ---- Outputs: the solution as text, JSON and SVG. Each is kept whole
	// for Copy and Download, and shown up to shownBytes: a textarea of
	// megabytes takes the page seconds to lay out.
	const shownBytes = 64 * 1024;
	const outputs = { "out-text": "text", "out-json": "json", "out-svg": "svg" };
	const outputOf = (id) => {
		const out = views[tab].out;
		return out ? out[outputs[id]]() : "";
	};
	function showOutputs(out) {
		for (const [id, key] of Object.entries(outputs)) {
			const v = out ? out[key]() : "";
			$(id).value = v.length <= shownBytes ? v
				: v.slice(0, shownBytes) + `\n... (${int(v.length)} characters in all: Copy or Download takes them all)\n`;
		}
	}
	// setOutputs keeps the outputs of the result r (null: none) for the
	// tab of name; the JSON is written when first asked for.
	function setOutputs(name, r) {
		let json = null;
		views[name].out = r && {
			text: () => r.text || "",
			json: () => (json ??= r.report ? JSON.stringify(r.report) : ""),
			svg: () => r.svg || (r.report && r.report.solvable ? "(no SVG for a board drawn as a picture: slide solve -svg draws it)" : ""),
		};
		if (name === tab) showOutputs(views[name].out);
	}
	document.querySelectorAll("[data-copy]").forEach((b) => {
		b.onclick = async () => {
			try {
				await navigator.clipboard.writeText(outputOf(b.dataset.copy));
			} catch {
				const area = $(b.dataset.copy);
				area.select();
				document.execCommand("copy");
			}
		};
	});
	document.querySelectorAll("[data-download]").forEach((b) => {
		b.onclick = () => {
			const url = URL.createObjectURL(new Blob([outputOf(b.dataset.download)], { type: b.dataset.type }));
			const a = Object.assign(document.createElement("a"), { href: url, download: b.dataset.file });
			a.click();
			setTimeout(() => URL.revokeObjectURL(url), 1000);
		};
	});

	// ---- Tiles: the board, its cells, and moves by click and arrow keys.
	// A move letter names the way a tile slides into the blank; FROM gives
	// where that tile is, from the blank.
	const FROM = { U: [1, 0], D: [-1, 0], L: [0, 1], R: [0, -1] };
	const boardEl = $("board");
	let board = null; // {rows, cols, tiles, blank}
	let cells = [];
	let moveCount = 0;
	let hinted = -1; // the cell of the tile a hint names

	// goal returns the goal of a board of rows x cols: 1 2 3 ... blank
	// last; no tiles for a size no board has, which the library refuses.
	const goal = ({ rows, cols }) => {
		const n = rows * cols;
		const tiles = Number.isInteger(n) && n > 0 && n <= 255 * 255 ? Array.from({ length: n }, (_, i) => (i + 1) % n) : [];
		return { rows, cols, tiles };
	};
	const isGoal = (b) => b.tiles.every((t, i) => t === (i + 1) % b.tiles.length);
	const plain = (b) => ({ rows: b.rows, cols: b.cols, tiles: Array.from(b.tiles) });

	// A board past pictureSide rows or columns, whose numbers would not
	// fit, is drawn as a picture on a canvas: each tile in the colour of
	// its home cell (its hue from the column, its lightness from the row),
	// so that solving it restores a gradient.
	const pictureSide = 20;
	let picture = null; // {canvas, ctx, cell (CSS pixels), colours}
	const pictured = (b) => b.rows > pictureSide || b.cols > pictureSide;

	function setBoard(b, solvable) {
		board = { rows: b.rows, cols: b.cols, tiles: Array.from(b.tiles), blank: b.tiles.indexOf(0) };
		boardEl.style.setProperty("--cols", b.cols);
		boardEl.style.setProperty("--rows", b.rows);
		boardEl.replaceChildren();
		cells = [];
		picture = null;
		boardEl.classList.toggle("picture", pictured(b));
		if (pictured(b)) {
			setPicture();
		} else {
			cells = board.tiles.map((t, i) => {
				const c = document.createElement("div");
				c.className = "cell";
				c.dataset.i = i;
				boardEl.append(c);
				return c;
			});
		}
		board.tiles.forEach((_, i) => drawCell(i));
		moveCount = 0;
		$("move-count").textContent = "0";
		$("solvable").textContent = solvable ? "solvable" : "unsolvable";
		$("solvable").className = solvable ? "" : "bad";
		hinted = -1;
		clearHint();
		clearResult();
		drawState();
	}
	// setPicture puts a canvas for the board in boardEl, its cells as
	// large as the stage's width and the window's height below the board's
	// top and above the status bar allow (1 to 24 CSS pixels), and the
	// colours of the tiles.
	function setPicture() {
		const { rows, cols } = board;
		const top = boardEl.getBoundingClientRect().top + scrollY, bar = $("status").closest(".shared").offsetHeight;
		const room = Math.min(boardEl.parentElement.clientWidth - 8, Math.max(200, innerHeight - top - bar - 16));
		const cell = Math.max(1, Math.min(24, Math.floor(room / Math.max(rows, cols))));
		const dpr = window.devicePixelRatio || 1;
		const canvas = document.createElement("canvas");
		canvas.id = "board-canvas";
		canvas.width = Math.round(cols * cell * dpr);
		canvas.height = Math.round(rows * cell * dpr);
		canvas.style.width = `${cols * cell}px`;
		canvas.style.height = `${rows * cell}px`;
		const ctx = canvas.getContext("2d", { alpha: false });
		ctx.scale(dpr, dpr);
		const n = rows * cols, colours = new Array(n);
		colours[0] = "#1d2430"; // the blank
		for (let t = 1; t < n; t++) {
			const r = Math.floor((t - 1) / cols), c = (t - 1) % cols;
			colours[t] = `hsl(${Math.round((300 * c) / (cols - 1))} 70% ${Math.round(82 - (52 * r) / (rows - 1))}%)`;
		}
		boardEl.setAttribute("aria-label", `Board of ${rows} x ${cols} tiles, drawn as a picture: each tile in the colour of its home cell, so that the solved board is a gradient; tap a tile in line with the blank, swipe, or use the arrow keys`);
		boardEl.append(canvas);
		picture = { canvas, ctx, cell, colours, gap: cell >= 6 ? 1 : 0 };
	}
	function drawCell(i) {
		const t = board.tiles[i];
		if (picture) {
			const { ctx, cell, colours, gap } = picture;
			const x = (i % board.cols) * cell, y = Math.floor(i / board.cols) * cell;
			if (gap) {
				ctx.fillStyle = "#c9d0db";
				ctx.fillRect(x, y, cell, cell);
			}
			ctx.fillStyle = colours[t];
			ctx.fillRect(x, y, cell - gap, cell - gap);
			if (i === hinted) {
				ctx.strokeStyle = "#f0a400";
				ctx.lineWidth = Math.max(1, cell / 6);
				ctx.strokeRect(x + ctx.lineWidth / 2, y + ctx.lineWidth / 2, cell - ctx.lineWidth, cell - ctx.lineWidth);
			}
			return;
		}
		cells[i].textContent = t === 0 ? "" : t;
		cells[i].classList.toggle("blank", t === 0);
		cells[i].classList.toggle("hinted", i === hinted);
	}
	// setHinted marks the cell i (-1: none) as the one a hint names.
	function setHinted(i) {
		const old = hinted;
		hinted = i;
		if (old >= 0) drawCell(old);
		if (i >= 0) drawCell(i);
	}
	function clearHint() {
		setHinted(-1);
		$("hint-out").textContent = "";
	}
	// drawState marks the board solved or not, and writes its tiles into
	// data-tiles, for tests and scripts; while an animation plays a
	// picture, only when it stops.
	function drawState() {
		const p = views.tiles.player;
		if (!(picture && p && p.timer)) boardEl.dataset.tiles = board.tiles.join(" ");
		boardEl.dataset.solved = String(isGoal(board));
		boardEl.classList.toggle("solved", isGoal(board));
	}
	let resizeTimer = 0;
	addEventListener("resize", () => {
		clearTimeout(resizeTimer);
		resizeTimer = setTimeout(() => {
			if (!picture) return;
			boardEl.replaceChildren();
			setPicture();
			board.tiles.forEach((_, i) => drawCell(i));
		}, 200);
	});
	// slide makes the move of letter dir, count tiles of one line, and
	// reports whether it is on the board.
	function slide(dir, count = 1) {
		const [dr, dc] = FROM[dir];
		const r = Math.floor(board.blank / board.cols) + dr * count, c = (board.blank % board.cols) + dc * count;
		if (r < 0 || c < 0 || r >= board.rows || c >= board.cols) return false;
		const step = dr * board.cols + dc;
		for (let k = 0; k < count; k++) {
			const from = board.blank + step;
			board.tiles[board.blank] = board.tiles[from];
			board.tiles[from] = 0;
			drawCell(board.blank);
			drawCell(from);
			board.blank = from;
		}
		return true;
	}
	// userMove makes a move of the player's and counts it: count tile
	// moves, or one under line moves.
	function userMove(dir, count) {
		if (busy || !slide(dir, count)) return;
		moveCount += $("metric").value === "line" ? 1 : count;
		$("move-count").textContent = int(moveCount);
		clearHint();
		clearResult(); // the solution shown is no longer this board's
		drawState();
		if (isGoal(board)) status("solved");
		else if ($("status").textContent === "solved" || $("status").textContent.startsWith("answer found")) status("ready");
	}
	// moveTo slides the tiles between the blank and the cell i, if it is
	// in line with the blank.
	function moveTo(i) {
		const cols = board.cols;
		const r = Math.floor(i / cols), c = i % cols, br = Math.floor(board.blank / cols), bc = board.blank % cols;
		if (r === br && c !== bc) userMove(c < bc ? "R" : "L", Math.abs(c - bc));
		else if (c === bc && r !== br) userMove(r < br ? "D" : "U", Math.abs(r - br));
	}
	// A tap or click on a tile moves it (and those between it and the
	// blank); a swipe moves the tile next to the blank that way.
	let swipeFrom = null, swiped = false;
	const swipeMin = 24; // CSS pixels
	boardEl.addEventListener("pointerdown", (e) => {
		swipeFrom = { x: e.clientX, y: e.clientY, id: e.pointerId };
		swiped = false;
	});
	boardEl.addEventListener("pointerup", (e) => {
		const from = swipeFrom;
		swipeFrom = null;
		if (!from || from.id !== e.pointerId) return;
		const dx = e.clientX - from.x, dy = e.clientY - from.y;
		if (Math.max(Math.abs(dx), Math.abs(dy)) < swipeMin) return;
		swiped = true;
		userMove(Math.abs(dx) > Math.abs(dy) ? (dx < 0 ? "L" : "R") : (dy < 0 ? "U" : "D"), 1);
	});
	boardEl.addEventListener("pointercancel", () => { swipeFrom = null; });
	boardEl.addEventListener("click", (e) => {
		if (swiped) {
			swiped = false;
			return;
		}
		if (picture && e.target === picture.canvas) {
			const box = picture.canvas.getBoundingClientRect();
			const r = Math.floor(((e.clientY - box.top) / box.height) * board.rows), c = Math.floor(((e.clientX - box.left) / box.width) * board.cols);
			if (r >= 0 && c >= 0 && r < board.rows && c < board.cols) moveTo(r * board.cols + c);
			return;
		}
		const cell = e.target.closest(".cell");
		if (cell) moveTo(Number(cell.dataset.i));
	});
	const KEYS = { ArrowUp: "U", ArrowDown: "D", ArrowLeft: "L", ArrowRight: "R" };
	boardEl.addEventListener("keydown", (e) => {
		if (!KEYS[e.key]) return;
		e.preventDefault();
		userMove(KEYS[e.key], 1);
	});

	// moveReader reads the moves of a report ("UDL", or "U2R" under line
	// moves) one at a time, from the string: a solution of millions of
	// moves is kept as its letters. next makes the next move with do(dir,
	// count); reset goes back to the first; n is the number of moves.
	function moveReader(s) {
		let at = 0, n = 0;
		for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 57) n++; // the letters, not the digits
		return {
			n,
			reset() { at = 0; },
			next(move) {
				const dir = s[at++];
				let count = 0;
				for (let c; at < s.length && (c = s.charCodeAt(at)) <= 57; at++) count = count * 10 + c - 48;
				move(dir, count || 1);
			},
		};
	}

	// size returns the size typed in, for the library to check.
	const size = () => ({ rows: Number($("rows").value), cols: Number($("cols").value) });

	// ---- Difficulty: the lengths of easy, medium and hard on a board of
	// rows x cols. Up to 25 cells a dealt board lies exactly that many
	// moves from the goal, proven by optimal search; their lengths are
	// shares of the farthest distance known (OEIS A151944), or of 60 moves
	// on boards of 17 to 25 cells, whose proofs take longer. Past 25 cells
	// the length is the tiles' Manhattan distance, a lower bound, as a
	// share of a random board's, about cells * (rows + cols) / 3.
	const FARTHEST = { "2x2": 6, "2x3": 21, "2x4": 36, "2x5": 55, "2x6": 80, "2x7": 108, "2x8": 140, "3x3": 31, "3x4": 53, "3x5": 84, "4x4": 80 };
	function levels(rows, cols) {
		const cells = rows * cols;
		if (cells > 25) {
			const m = (cells * (rows + cols)) / 3;
			return { exact: false, easy: Math.round(m * 0.02), medium: Math.round(m * 0.1), hard: Math.round(m * 0.3) };
		}
		const most = FARTHEST[`${Math.min(rows, cols)}x${Math.max(rows, cols)}`] || 60;
		return { exact: true, easy: Math.round(most * 0.25), medium: Math.round(most * 0.45), hard: Math.round(most * 0.65) };
	}
	// showLevels writes the lengths of the levels of the size typed in
	// into the difficulty's options, and the chosen one into #moves.
	function showLevels() {
		const { rows, cols } = size();
		if (!(rows >= 2 && cols >= 2 && rows <= 255 && cols <= 255)) return;
		const l = levels(rows, cols);
		for (const o of $("difficulty").options) {
			if (!(o.value in l)) continue;
			o.textContent = `${o.value} (${int(l[o.value])} ${l.exact ? "moves" : "by Manhattan distance"})`;
		}
		const d = $("difficulty").value;
		if (d in l) $("moves").value = l[d];
		$("moves").disabled = d === "random";
	}
	$("difficulty").onchange = showLevels;
	$("rows").addEventListener("change", showLevels);
	$("cols").addEventListener("change", showLevels);
	$("moves").addEventListener("input", () => {
		if ($("difficulty").value !== "moves") $("difficulty").value = "moves";
	});

	// ---- The address bar keeps the board: #rows=R&cols=C, alone for the
	// goal, with seed=S for a board dealt (and moves=N for one dealt at a
	// length), or with tiles=T,T,... for a board pasted; a link to it
	// deals or shows that board.
	function keepBoard(fields) {
		const q = new URLSearchParams(fields);
		history.replaceState(null, "", "#" + q.toString());
	}
	async function loadAddress() {
		const q = new URLSearchParams(location.hash.slice(1));
		if (q.has("blocks") || q.has("text")) return loadBlocksAddress(q);
		if (!q.has("rows") || !q.has("cols")) return false;
		$("rows").value = q.get("rows");
		$("cols").value = q.get("cols");
		if (q.has("tiles")) {
			const b = { ...size(), tiles: q.get("tiles").split(",").map(Number) };
			const r = await client.request("solvable", { board: b });
			setBoard(b, r.solvable);
			status("ready");
			return true;
		}
		if (!q.has("seed")) {
			const b = goal(size());
			await client.request("solvable", { board: b });
			setBoard(b, true);
			status("ready");
			return true;
		}
		$("seed").value = q.get("seed");
		$("difficulty").value = q.has("moves") ? "moves" : "random";
		showLevels();
		if (q.has("moves")) $("moves").value = q.get("moves");
		await deal();
		return true;
	}

	$("new").onclick = () => run(async () => {
		const b = goal(size());
		await client.request("solvable", { board: b }); // the library's word on the size
		setBoard(b, true);
		keepBoard({ rows: b.rows, cols: b.cols });
		status("ready");
	});
	// seed returns the seed typed in, or if there is none, a random one,
	// which it writes in.
	function seed() {
		if ($("seed").value.trim() === "") {
			const words = crypto.getRandomValues(new Uint32Array(2));
			$("seed").value = String((BigInt(words[0]) << 32n) | BigInt(words[1]));
		}
		return $("seed").value.trim();
	}
	// deal deals a board of the size, seed and difficulty chosen: a
	// shuffle, uniformly random, or a board of the moves asked for.
	async function deal() {
		const args = { ...size(), seed: seed() };
		$("deal-out").textContent = "";
		if ($("difficulty").value === "random") {
			const r = await client.request("shuffle", args);
			setBoard(r.board, r.solvable);
			keepBoard(args);
			status("ready");
			return;
		}
		args.moves = Number($("moves").value);
		if (args.rows * args.cols <= 16) await ensureTables(goal(args));
		status(`dealing a board of ${int(args.moves)} moves`);
		beginSearch();
		let r;
		try {
			r = await client.request("deal", args, showSearch);
		} finally {
			endSearch();
		}
		setBoard(r.board, true);
		keepBoard(args);
		$("deal-out").textContent = r.proven
			? `Dealt: its shortest solution has ${int(r.length)} moves, proven.`
			: `Dealt: its tiles lie ${int(r.lower_bound)} moves from home by Manhattan distance; it takes at least that many.`;
		status("ready");
	}
	$("shuffle").onclick = () => run(deal);
	$("load").onclick = () => run(async () => {
		const r = await client.request("parse", { text: $("paste").value });
		$("rows").value = r.board.rows;
		$("cols").value = r.board.cols;
		setBoard(r.board, r.solvable);
		keepBoard({ rows: r.board.rows, cols: r.board.cols, tiles: r.board.tiles.join(",") });
		status("ready");
	});

	// ensureTables builds the pattern databases of the board's size that
	// are not kept yet, showing the build's progress.
	async function ensureTables(b) {
		const { tables } = await client.request("tables");
		for (const t of tables) {
			if (t.board !== `${b.rows}x${b.cols}` || t.cached) continue;
			const bar = $("build");
			bar.hidden = false;
			bar.value = 0;
			status(`building the pattern database ${t.name} (once; it is kept for the next visit)`);
			await client.request("build", { name: t.name }, (m) => showBuild(t.name, m.build));
			bar.hidden = true;
		}
	}
	// showBuild shows the progress p of the build of a table of name: its
	// Table (from 0) of Tables, and the entries of it reached.
	function showBuild(name, p) {
		if (!p) return;
		const done = p.entries > 0 ? Math.min(1, p.reached / p.entries) : 0;
		const tables = p.tables || 1, table = Math.min(p.table || 0, tables - 1);
		$("build").hidden = false;
		$("build").value = (table + done) / tables;
		progress(`building ${name}: table ${table + 1} of ${tables}, depth ${p.depth}, ${int(p.reached)} of ${int(p.entries)} entries`);
	}
	// The search under way: when it began (the page's clock), its last
	// progress, the board it solves (start) and the last shorter answer an
	// anytime search told (best, with its moves), and the timer that shows
	// the time elapsed between reports.
	let search = null;
	function beginSearch(start) {
		endSearch();
		search = { began: performance.now(), last: null, start, best: null, timer: setInterval(showElapsed, 250) };
	}
	function endSearch() {
		if (search) clearInterval(search.timer);
		const s = search;
		search = null;
		return s;
	}
	const elapsed = (s) => ((performance.now() - s.began) / 1000).toFixed(1);
	function showElapsed() {
		if (search) progress(searchText(search) + `; ${elapsed(search)} s`);
	}
	// searchText says what the search s has reported.
	function searchText(s) {
		const p = s.last;
		if (!p) return "searching";
		const parts = [];
		if (p.bound) parts.push(`bound ${p.bound}`);
		if (p.best) parts.push(`best ${int(p.best)} moves`);
		if (p.lower_bound) parts.push(`at least ${int(p.lower_bound)}`);
		parts.push(`${int(p.generated)} nodes by ${Number(p.seconds).toFixed(1)} s`);
		return "searching: " + parts.join(", ");
	}
	function showSearch(m) {
		if (m.build) return showBuild(m.build.name || "the pattern database", m.build);
		if (m.best && search) search.best = m.best;
		if (!m.search || !search) return;
		search.last = m.search;
		showElapsed();
	}

	// clearResult clears the tiles' result, its solution and its player:
	// the board changed, or a search starts.
	function clearResult() {
		for (const id of ["result-length", "result-proof", "result-nodes", "result-time"]) $(id).textContent = "-";
		setPlayer("tiles", null);
		setOutputs("tiles", null);
	}
	$("solve").onclick = () => run(async () => {
		const start = plain(board), mode = $("mode").value;
		clearResult();
		clearHint();
		if (mode === "optimal") await ensureTables(start);
		status("searching");
		// The SVG of a board drawn as a picture is left out: drawing it and
		// sending it costs a good part of a fast solve's time.
		const args = { board: start, mode, metric: $("metric").value, svg: !pictured(start) };
		if (mode === "anytime") args.budget_ms = Math.round(Number($("budget").value) * 1000);
		if (mode === "weighted") args.weight = Number($("weight").value);
		beginSearch(start);
		let r;
		try {
			r = await client.request("solve", args, showSearch);
		} finally {
			endSearch();
		}
		setOutputs("tiles", r);
		if (!r.solvable) {
			$("result-proof").textContent = "no solution";
			status("unsolvable: this board cannot reach the goal");
			return;
		}
		const what = r.optimal ? "optimal" : `at least ${int(r.lower_bound)}`;
		showAnswer(start, r, what);
		status(`answer found: ${int(r.length)} moves, ${what}; Play shows it`);
		showStage(boardEl);
	});
	// showAnswer shows the answer r ({length, moves, generated, seconds})
	// of the board start, its proof said by what, and readies its player.
	function showAnswer(start, r, what) {
		$("result-length").textContent = int(r.length);
		$("result-proof").textContent = what;
		$("result-nodes").textContent = r.generated === undefined ? "-" : int(r.generated);
		$("result-time").textContent = `${Number(r.seconds).toFixed(3)} s`;
		const moves = moveReader(r.moves || "");
		setPlayer("tiles", new Player(moves.n,
			() => moves.next(slide),
			() => {
				moves.reset();
				setBoardTiles(start);
			},
			() => {
				drawState();
				if (isGoal(board)) status("solved");
			}));
	}
	// setBoardTiles puts the tiles of b, of the board's size, back.
	function setBoardTiles(b) {
		board.tiles = Array.from(b.tiles);
		board.blank = board.tiles.indexOf(0);
		board.tiles.forEach((_, i) => drawCell(i));
		drawState();
	}

	const WORDS = { U: "up", D: "down", L: "left", R: "right" };
	$("hint").onclick = () => run(async () => {
		const b = plain(board);
		clearHint();
		await ensureTables(b);
		status("looking for a hint");
		const h = await client.request("hint", { board: b });
		if (!h.solvable) {
			$("hint-out").textContent = "This board cannot reach the goal.";
		} else if (!h.move) {
			$("hint-out").textContent = "The board is solved.";
		} else {
			const [dr, dc] = FROM[h.move];
			const i = board.blank + dr * board.cols + dc;
			setHinted(i);
			$("hint-out").textContent = `Slide tile ${board.tiles[i]} ${WORDS[h.move]} (${h.move}): ` +
				(h.optimal ? `${h.length} moves to go.`
					: h.length === undefined ? "it starts the fast mode's solution, whose length is not known yet; it may not be the shortest."
						: `a solution of ${h.length} moves goes on from there; it may not be the shortest.`);
		}
		status("ready");
	});
	// Cancel stops the search; the best answer an anytime search told is
	// kept, with its moves, labelled with its bound as found before the
	// cancel; on boards too large for the search to tell its answers'
	// moves (past 63 x 63), their length and bound alone.
	$("cancel").onclick = () => {
		client.cancel();
		const s = endSearch(), p = s && s.last, b = s && s.best;
		if (b) {
			const what = b.optimal ? "optimal" : `at least ${int(b.lower_bound)}`;
			const label = `best ${int(b.length)} moves, ${what}, found before Cancel` + (b.optimal ? "" : " (not proven shortest)");
			showAnswer(s.start, { length: b.length, moves: b.moves, generated: p ? p.generated : undefined, seconds: b.seconds }, `${what} (best before Cancel)`);
			setOutputs("tiles", { text: `${label}\n${b.moves}\n` });
			status(`cancelled after ${elapsed(s)} s: ${label}, at ${Number(b.seconds).toFixed(1)} s; Play shows it`);
			showStage(boardEl);
		} else if (p && p.best) {
			$("result-length").textContent = int(p.best);
			$("result-proof").textContent = p.lower_bound ? `at least ${int(p.lower_bound)}` : "-";
			$("result-nodes").textContent = int(p.generated);
			$("result-time").textContent = `${Number(p.seconds).toFixed(3)} s`;
			status(`cancelled after ${elapsed(s)} s: best ${int(p.best)} moves, at least ${int(p.lower_bound || 0)}, reported at ${Number(p.seconds).toFixed(1)} s (its moves stop with the search)`);
		} else {
			status(s ? `cancelled after ${elapsed(s)} s` + (p ? `: ${int(p.generated)} nodes by ${Number(p.seconds).toFixed(1)} s, no answer yet` : "") : "cancelled");
		}
		setBusy(false);
	};
	$("mode").onchange = () => {
		$("budget").disabled = $("mode").value !== "anytime";
		$("weight").disabled = $("mode").value !== "weighted";
	};
	$("mode").onchange();

	// ---- Blocks: the shipped puzzles, a pasted one, and their solutions.
	const hue = (name) => [...name].reduce((h, ch) => (h * 31 + ch.codePointAt(0)) % 360, 7);
	const blocksEl = $("blocks-board");
	let pieceEls = null; // the elements of the pieces drawn, in their order
	// drawBlocks draws the pieces (names, sizes) at the cells of a position
	// ([{row, col}], from 0, in the order of pieces).
	function drawBlocks(rows, cols, pieces, cells) {
		blocksEl.style.setProperty("--cols", cols);
		blocksEl.style.setProperty("--rows", rows);
		if (!pieceEls) {
			blocksEl.replaceChildren();
			pieceEls = pieces.map((p) => {
				const el = document.createElement("div");
				el.className = "piece" + (p.goal ? " goal" : p.motion === "fixed" ? " fixed" : "");
				el.dataset.name = p.name;
				el.textContent = p.name;
				el.style.setProperty("--hue", hue(p.name));
				blocksEl.append(el);
				return el;
			});
		}
		pieces.forEach((p, i) => {
			pieceEls[i].style.gridArea = `${cells[i].row + 1} / ${cells[i].col + 1} / span ${p.height} / span ${p.width}`;
		});
	}
	// clearBlocks clears the last puzzle's result: its length, discards,
	// moves, solution and player.
	function clearBlocks() {
		$("blocks-length").textContent = "-";
		$("blocks-discarded").replaceChildren();
		$("blocks-moves").replaceChildren();
		setOutputs("blocks", null);
		setPlayer("blocks", null);
		pieceEls = null;
		blocksEl.replaceChildren();
		blocksEl.setAttribute("aria-label", "Sliding-block puzzle (solve to show it)");
	}
	$("blocks-solve").onclick = () => run(async () => {
		clearBlocks();
		status("searching");
		const r = await client.request("blocks", { text: $("blocks-paste").value, metric: $("blocks-metric").value });
		const { rows, cols, pieces, positions } = r;
		pieceEls = null;
		drawBlocks(rows, cols, pieces, positions[0]);
		blocksEl.setAttribute("aria-label", `Sliding-block puzzle of ${rows} rows and ${cols} columns, ${pieces.length} pieces`);
		$("blocks-length").textContent = r.report.solvable ? r.report.length : "no solution";
		$("blocks-discarded").replaceChildren(...(r.discarded || []).map((d) => Object.assign(document.createElement("li"), { textContent: d })));
		$("blocks-moves").replaceChildren(...(r.moves || []).map((m) => Object.assign(document.createElement("li"), { textContent: m.text })));
		setOutputs("blocks", r);
		let pos = 0;
		setPlayer("blocks", new Player(positions.length - 1,
			(k) => { pos = k + 1; },
			() => { pos = 0; },
			() => {
				drawBlocks(rows, cols, pieces, positions[pos]);
				markMove(pos);
				if (r.report.solvable && pos === positions.length - 1) status("solved");
			}));
		showStage(blocksEl);
		status(r.report.solvable ? `answer found: ${int(r.report.length)} moves, optimal; Play shows it` : "unsolvable: no moves reach the goal");
	});
	// markMove marks the move that led to position pos in the list of moves.
	function markMove(pos) {
		const list = $("blocks-moves");
		const old = list.querySelector(".current");
		if (old) old.classList.remove("current");
		const li = list.children[pos - 1];
		if (!li) return;
		li.classList.add("current");
		list.scrollTop = li.offsetTop - list.clientHeight / 2; // the list is the offsetParent
	}
	async function loadPuzzles() {
		const resp = await fetch("puzzles/index.json");
		if (!resp.ok) throw new Error(`puzzles/index.json: ${resp.status} ${resp.statusText}`);
		const list = await resp.json();
		const sel = $("puzzle");
		for (const p of list) {
			const o = Object.assign(document.createElement("option"), { value: p.file, textContent: p.title });
			o.title = `fewest moves: ${p.line} straight, ${p.piece} piece, ${p.step} step`;
			sel.insertBefore(o, sel.lastElementChild);
		}
		sel.value = list.length ? list[0].file : "";
		await loadPuzzle();
	}
	async function loadPuzzle() {
		const file = $("puzzle").value;
		if (!file) return;
		const resp = await fetch("puzzles/" + encodeURIComponent(file));
		if (!resp.ok) throw new Error(`puzzles/${file}: ${resp.status} ${resp.statusText}`);
		$("blocks-paste").value = await resp.text();
	}
	$("puzzle").onchange = () => loadPuzzle().catch((err) => status(err.message));
	$("blocks-paste").oninput = () => { $("puzzle").value = ""; };
	// dealBlocks replaces the puzzle by a position of its pieces dealt
	// moves from solved (farthest: the farthest one), then solves it.
	// The address keeps a position dealt: #blocks=FILE (a shipped puzzle's)
	// or text=TEXT (a pasted one's), with metric, seed and moves (none for
	// the farthest).
	async function dealBlocks(farthest) {
		clearBlocks();
		const args = { text: $("blocks-paste").value, metric: $("blocks-metric").value, seed: seed() };
		if (!farthest) args.moves = Number($("blocks-moves-wanted").value);
		const file = $("puzzle").value;
		status(farthest ? "looking for the farthest position" : `dealing a position of ${int(args.moves)} moves`);
		const r = await client.request("deal", args);
		$("blocks-paste").value = r.text;
		$("puzzle").value = "";
		$("blocks-moves-wanted").value = r.length;
		const { text, ...rest } = args;
		keepBoard(file ? { blocks: file, ...rest } : { text, ...rest });
		status(`dealt a position ${int(r.length)} moves from solved; Solve shows its solution`);
	}
	// loadBlocksAddress deals the position the address q names.
	async function loadBlocksAddress(q) {
		showTab("blocks");
		if (q.get("blocks")) {
			await puzzlesLoaded;
			$("puzzle").value = q.get("blocks");
			await loadPuzzle();
		} else {
			$("blocks-paste").value = q.get("text") || "";
			$("puzzle").value = "";
		}
		if (q.has("metric")) $("blocks-metric").value = q.get("metric");
		$("seed").value = q.get("seed") || "";
		if (q.has("moves")) $("blocks-moves-wanted").value = q.get("moves");
		await dealBlocks(!q.has("moves"));
	}
	$("blocks-deal").onclick = () => run(() => dealBlocks(false));
	$("blocks-farthest").onclick = () => run(() => dealBlocks(true));

	// ---- Tabs.
	const tabs = { tiles: $("tab-tiles"), blocks: $("tab-blocks") };
	function showTab(name) {
		if (player()) player().pause();
		tab = name;
		for (const [n, b] of Object.entries(tabs)) {
			b.setAttribute("aria-selected", String(n === name));
			b.tabIndex = n === name ? 0 : -1;
			$(b.getAttribute("aria-controls")).hidden = n !== name;
		}
		showOutputs(views[name].out);
		updateAnim();
	}
	for (const [n, b] of Object.entries(tabs)) {
		b.onclick = () => showTab(n);
		b.onkeydown = (e) => {
			if (e.key !== "ArrowLeft" && e.key !== "ArrowRight") return;
			const other = n === "tiles" ? "blocks" : "tiles";
			showTab(other);
			tabs[other].focus();
		};
	}

	// ---- Start: a 4 x 4 board at once; the worker's readiness next, then
	// the board of the address, if it names one.
	setBoard(goal({ rows: 4, cols: 4 }), true);
	showLevels();
	const ready = client.ready().then(() => {
		window.playground.readyAt = performance.now();
		if (!busy) status("ready");
		if (location.hash.length > 1) run(loadAddress);
		// The tables kept from an earlier visit are read, and their search
		// run briefly, while the page waits for the user: the browser
		// optimizes that code after its first run, which is 2 to 3 times
		// slower.
		client.request("warm").catch(() => {});
	});
	ready.catch((err) => status("the solver cannot start: " + err.message));
	const puzzlesLoaded = loadPuzzles();
	puzzlesLoaded.catch((err) => status(err.message));

	window.playground = {
		ready,
		readyAt: null,
		resultAt: null, // when the last result came from the worker
		request: (op, args) => client.request(op, args),
		// output returns the whole output of id (out-text, out-json or
		// out-svg), which its textarea may show only the start of.
		output: (id) => outputOf(id),
	};
})();

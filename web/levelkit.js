// The levelkit web page: files in, the module's answers shown, outputs downloaded. Everything about the
// formats happens in the WebAssembly module (crates/levelkit-wasm), run in a worker (worker.js); this file
// is UI only. The 3D view is the page `levelkit view` writes, shown in a frame.
//
// What belongs to what: a *file* owns its info, findings, 3D view and audit (kept when it is selected
// again); a *result* (an action's output, picture or error) replaces the one before it. Selecting a file,
// removing it or running an action clears what belonged to the previous one, so nothing stale is shown.
//
// For tests: #lk-status has data-state "idle" when nothing runs; window.levelkitPage holds timings and
// counts (opened, acted).
(function () {
  "use strict";
  const $ = (id) => document.getElementById(id);
  const page = (window.levelkitPage = { startedAt: performance.now() });
  const thousands = (n) => Number(n).toLocaleString("en");

  // --- the worker ------------------------------------------------------------------------------------
  // Cancel ends the worker (a WebAssembly call cannot be interrupted) and starts a fresh one with the same
  // module: the command running is dropped, the commands waiting behind it run on the new worker.
  const source = "(" + levelkitWorker.toString() + ")()";
  const workerUrl = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
  let worker = null;
  let wasmBytes = null; // the module's bytes, kept to start a fresh worker after a Cancel
  const waiting = new Map();
  let nextId = 1;
  function startWorker() {
    worker = new Worker(workerUrl);
    worker.onmessage = (e) => {
      const done = waiting.get(e.data.id);
      waiting.delete(e.data.id);
      if (done) done(e.data);
    };
  }
  startWorker();
  // Buffers are handed over (transferred); Files and Blobs are shared, not copied.
  function send(message, transfer) {
    const id = nextId++;
    return new Promise((resolve) => {
      waiting.set(id, resolve);
      worker.postMessage({ id, ...message }, transfer || []);
    });
  }

  // A command's message: its header (crates/levelkit-wasm/src/envelope.rs) and copies of its files' bytes
  // (the worker takes the buffers it is sent). A disc image is its File, which the worker reads from disk
  // into the module, and its result comes back as a Blob (`blobs`): never whole in the page.
  function message(command, files, options, blobs) {
    const header = {
      command,
      inputs: files.map((f) => f.role),
      names: files.map((f) => f.name),
      options: options || {},
    };
    const buffers = files.map((f) => (f.bytes instanceof Blob ? f.bytes : f.bytes.slice(0)));
    return [{ header, files: buffers, blobs: !!blobs }, buffers.filter((b) => !(b instanceof Blob))];
  }

  // --- the helpers -------------------------------------------------------------------------------------
  // The module has no threads, so an audit's probes are shared out by index between workers, each with its
  // own module and its own copy of the file's preparation: each counts its share (`audit-part`) and the
  // main worker makes the report from the parts (`audit` with `parts`), the one-worker report byte for byte.
  // One helper for each core beyond the first, up to 3 (`?workers=N` in the page's address sets the workers
  // in all; 1: no helper). They start with the module and get each .cl file shown ready, as the main one does.
  const wantedWorkers = Math.max(1, Math.min(Number(new URLSearchParams(location.search).get("workers")) ||
    Math.min(navigator.hardwareConcurrency || 1, 4), 8));
  const helpers = [];
  function startHelper() {
    const h = { worker: new Worker(workerUrl), waiting: new Map(), nextId: 1, file: null, ready: null, stopped: null };
    h.worker.onmessage = (e) => {
      const done = h.waiting.get(e.data.id);
      h.waiting.delete(e.data.id);
      if (done) done(e.data);
    };
    // A helper that stops (its worker ended by the browser) answers every request, waiting or new, with an
    // error: the audit then runs without it.
    const stopped = (why) => ({ header: { ok: false, error: "a helper worker stopped: " + why } });
    h.worker.onerror = (e) => {
      e.preventDefault(); // said here, not as the page's own error
      h.stopped = e.message || "an error";
      for (const done of h.waiting.values()) done(stopped(h.stopped));
      h.waiting.clear();
    };
    h.send = ([body, transfer]) => new Promise((resolve) => {
      if (h.stopped) return resolve(stopped(h.stopped));
      const id = h.nextId++;
      h.waiting.set(id, resolve);
      h.worker.postMessage({ id, ...body }, transfer);
    });
    const copy = wasmBytes.slice();
    h.ready = h.send([{ wasm: copy.buffer }, [copy.buffer]]);
    return h;
  }
  // For tools/web-test.mjs: makes the first helper's worker fail outside any request (a message it cannot
  // read), as a worker the browser ends would.
  page.breakHelper = () => helpers.length > 0 && helpers[0].worker.postMessage(null);
  function startHelpers() {
    for (const h of helpers) h.worker.terminate();
    helpers.length = 0;
    for (let i = 1; i < wantedWorkers; i++) helpers.push(startHelper());
    page.workers = helpers.length + 1;
  }
  // Each helper prepares `file` (after what it is doing); `h.file` says which file it has ready.
  function prepareHelpers(file) {
    const list = [{ role: "file", name: file.name, bytes: file.bytes }];
    for (const h of helpers) {
      h.file = null;
      const ready = h.ready.then(() => h.send(message("prepare", list))).then((reply) => {
        if (reply.header.ok && h.ready === ready) h.file = file;
      });
      h.ready = ready;
    }
  }
  // The audit's `parts` from the main worker and every helper ready for `file` (waiting for those still
  // getting it ready), and when the first began probing and the last ended; {} when there is no helper or
  // a part failed (the audit alone then runs, and says what was wrong).
  async function auditParts(file, options) {
    await Promise.all(helpers.map((h) => h.ready));
    const ready = helpers.filter((h) => h.file === file);
    if (!ready.length) return {};
    const of = ready.length + 1;
    const list = [{ role: "file", name: file.name, bytes: file.bytes }];
    const ask = (part) => message("audit-part", list, { ...options, part, of });
    const replies = await Promise.all([send(...ask(0)), ...ready.map((h, i) => h.send(ask(i + 1)))]);
    if (replies.some((r) => !r.header.ok)) return {};
    const marks = replies.map((r) => r.header.result.marks);
    page.partMarks = marks.map((m) => [m.probing - performance.timeOrigin, m.probed - performance.timeOrigin]); // tools/web-bench.mjs
    return {
      parts: replies.map((r) => r.header.result.part),
      marks: { probing: Math.min(...marks.map((m) => m.probing)), probed: Math.max(...marks.map((m) => m.probed)) },
    };
  }

  // One command at a time, in order; the status line says what runs, for how long, and what waits.
  let queue = Promise.resolve();
  let running = 0;
  let runningJob = null; // {label, started, cancel}
  const queued = []; // labels of the commands waiting behind it
  function status(text, state) {
    $("lk-status").textContent = text;
    $("lk-status").dataset.state = state;
  }
  function busyStatus() {
    if (!runningJob) return;
    const s = ((performance.now() - runningJob.started) / 1000).toFixed(1);
    status(runningJob.label + "… " + s + " s" + (queued.length ? "; waiting: " + queued.join(", ") : ""), "busy");
  }
  // `before`, when given, runs first in the command's turn and gives options to add (an audit's parts).
  function run(label, command, files, options, blobs, before) {
    queued.push(label);
    if (runningJob) busyStatus();
    const job = queue.then(async () => {
      queued.splice(queued.indexOf(label), 1);
      running++;
      const started = performance.now();
      let cancelled;
      const stopped = new Promise((resolve) => (cancelled = resolve));
      runningJob = { label, started, cancel: cancelled };
      busyStatus();
      $("lk-cancel").hidden = false;
      $("lk-cancel").textContent = "Cancel " + label;
      const tick = setInterval(busyStatus, 100);
      for (const b of document.querySelectorAll("#lk-actions button, #lk-disc-box button")) b.disabled = true;
      try {
        if (before) {
          const more = await Promise.race([before(), stopped]);
          if (more.header) return more; // cancelled
          options = { ...options, ...more };
        }
        const reply = await Promise.race([send(...message(command, files, options, blobs)), stopped]);
        reply.ms = performance.now() - started;
        page.memory = reply.memory; // the module's memory after it, in bytes
        (page.runs ||= []).push([command, reply.ms]); // each command's time, for tools/web-bench.mjs
        return reply;
      } finally {
        clearInterval(tick);
        runningJob = null;
        running--;
        $("lk-cancel").hidden = true;
        for (const b of document.querySelectorAll("#lk-actions button, #lk-disc-box button")) b.disabled = false;
        if (running === 0 && queued.length === 0) status("ready", "idle");
      }
    });
    queue = job.catch(() => {});
    return job;
  }

  // Ends the command running: the worker goes, a fresh one starts with the same module, and the command's
  // caller gets a reply saying it was cancelled (nothing of it is kept).
  function cancel() {
    const job = runningJob;
    if (!job || !wasmBytes) return;
    const seconds = ((performance.now() - job.started) / 1000).toFixed(1);
    worker.terminate();
    waiting.clear(); // the running command's reply will never come: its caller gets the one below

    startWorker();
    const copy = wasmBytes.slice();
    send({ wasm: copy.buffer }, [copy.buffer]);
    // Helpers probing a part of the cancelled audit end with it; fresh ones get the file shown ready.
    startHelpers();
    if (current && current.format === "heroes-cl") prepareHelpers(current);
    job.cancel({ header: { ok: false, cancelled: true, label: job.label, seconds,
      error: "cancelled " + job.label + " after " + seconds + " s" }, files: [] });
    page.cancelled = (page.cancelled || 0) + 1;
  }
  $("lk-cancel").onclick = cancel;
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && runningJob) cancel();
  });

  // What the 3D view says before a file is open: the games, and the ways in.
  const LANDING = "levelkit reads Sonic Heroes stage collision (.cl) and Rugrats PS1 levels (LEVELnn.BIN). " +
    "Open a file (Open files…, or drop it anywhere on the page), or try a sample from the panel.";

  // --- state -------------------------------------------------------------------------------------------
  const files = []; // {name, bytes, kind, format, open, view (viewer HTML), audit ({result, html})}
  let current = null;
  let vram = null;

  // The field each option of the module comes from, to point at when its value is refused.
  const FIELDS = {
    audit: { probes: "lk-audit-probes", seed: "lk-audit-seed" },
    "build-cl": { depth: "lk-build-depth", weld: "lk-build-weld", attribute: "lk-build-attribute" },
    export: { rooms: "lk-export-rooms" },
    render: { size: "lk-render-size", rooms: "lk-render-rooms" },
    patch: { path: "lk-disc-path" },
  };

  function showError(text) {
    $("lk-error").textContent = text;
    $("lk-error-box").hidden = !text;
  }

  // A failed reply shows the CLI's message: `error: invalid value …` for a field the CLI's parser refuses
  // (its field marked and focused), `levelkit: error: …` for the rest.
  function failed(reply, command) {
    if (reply.header.ok) return false;
    const h = reply.header;
    if (h.cancelled) {
      // Said where the result would have been; a Cancel is not an error.
      if (h.label) {
        showOutput(["Cancelled " + h.label + " after " + h.seconds + " s: nothing of it is kept."]);
        $("lk-output-box").scrollIntoView({ block: "nearest" });
      }
      return true;
    }
    // The CLI's prefix: `error: ` for a value clap refuses, `levelkit: error: ` for the rest.
    showError((h.prefix || "levelkit: error: ") + h.error);
    const id = h.field && (FIELDS[command] || {})[h.field];
    if (id) {
      $(id).setAttribute("aria-invalid", "true");
      $(id).focus();
    }
    return true;
  }

  function inputs(file) {
    const list = [{ role: "file", name: file.name, bytes: file.bytes }];
    if (vram) list.push({ role: "vram", name: vram.name, bytes: vram.bytes });
    return list;
  }

  // --- results -----------------------------------------------------------------------------------------
  let urls = [];
  function blobUrl(bytes, type) {
    // A Blob given (a patched disc image) is wrapped, not copied.
    const url = URL.createObjectURL(new Blob([bytes], { type: type || "application/octet-stream" }));
    urls.push(url);
    return url;
  }

  // Everything an action leaves: its output, downloads, picture and error. A new result, a new file or an
  // error replaces it all.
  function clearResult() {
    showError("");
    $("lk-output").textContent = "";
    $("lk-downloads").textContent = "";
    $("lk-output-box").hidden = true;
    $("lk-image").removeAttribute("src");
    $("lk-tab-image").disabled = true;
    for (const f of document.querySelectorAll("[aria-invalid]")) f.removeAttribute("aria-invalid");
    if (!$("lk-image-box").hidden) tab("view");
  }

  // One download per result: one file (a zip when the CLI writes several), one link, one click. A second
  // file that is better kept apart (a disc image's CUE sheet) is a link only (`click` false): browsers ask
  // before a page starts a second download by itself, and a download waiting on that question is easily lost.
  function download(name, bytes, click = true) {
    const a = document.createElement("a");
    a.href = blobUrl(bytes);
    a.download = name;
    a.textContent = "Download " + name + " (" + thousands(bytes instanceof Blob ? bytes.size : bytes.byteLength) + " bytes)";
    const li = document.createElement("li");
    li.appendChild(a);
    $("lk-downloads").appendChild(li);
    $("lk-output-box").hidden = false;
    if (click) a.click();
  }

  function showOutput(lines) {
    $("lk-output").textContent = lines.filter((l) => l).join("\n");
    $("lk-output-box").hidden = false;
    $("lk-output-box").scrollIntoView({ block: "nearest" });
  }

  function showImage(bytes, show = true) {
    $("lk-image").src = blobUrl(bytes, "image/png");
    $("lk-tab-image").disabled = false;
    if (show) tab("image");
  }

  // The 3D view stays laid out under the picture (hidden, not removed): a viewer that loads while the
  // picture is shown (a level drawn again with the VRAM dump opened with it) measures its real size, not a
  // 1×1 canvas.
  function tab(which) {
    $("lk-frame").classList.toggle("lk-behind", which !== "view");
    $("lk-frame").inert = which !== "view";
    $("lk-image-box").hidden = which !== "image";
    for (const [id, on] of [["lk-tab-view", which === "view"], ["lk-tab-image", which === "image"]]) {
      $(id).classList.toggle("lk-on", on);
      $(id).setAttribute("aria-pressed", String(on));
    }
  }
  $("lk-tab-view").onclick = () => tab("view");
  $("lk-tab-image").onclick = () => tab("image");

  // --- the 3D view -------------------------------------------------------------------------------------
  // Added to every page shown in the frame: files dragged over the frame show the page's drop target (the
  // frame's own document gets those events, not the page's) and a drop there opens them instead of the
  // browser opening the file in a new tab; the viewer's first frame is reported (a page from file:// may
  // not look into a frame's window).
  const FRAME_SCRIPT = "<script>(function () {" +
    "function over(e) { e.preventDefault(); if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy'; parent.postMessage({ levelkitDrag: true }, '*'); }" +
    "addEventListener('dragenter', over); addEventListener('dragover', over);" +
    "addEventListener('drop', function (e) { e.preventDefault(); parent.postMessage({ levelkitDrop: Array.from(e.dataTransfer ? e.dataTransfer.files : []) }, '*'); });" +
    "(function wait() { if (window.levelkitReady || window.levelkitError) " +
    "parent.postMessage({ levelkitFrame: true, error: window.levelkitError || null }, '*'); " +
    "else if (document.getElementById('levelkit-info')) requestAnimationFrame(wait); })();" +
    "})();</" + "script>";
  let shownAt = 0;
  let frameUrl = null;
  window.addEventListener("message", (e) => {
    if (!e.data || e.source !== $("lk-frame").contentWindow) return;
    if (e.data.levelkitFrame) {
      page.frameAt = performance.now();
      page.frameMs = page.frameAt - shownAt;
      page.viewError = e.data.error;
    } else if (e.data.levelkitDrag) {
      $("lk-drop").hidden = false;
    } else if (e.data.levelkitDrop) {
      $("lk-drop").hidden = true;
      openList(e.data.levelkitDrop);
    } else if (Number.isInteger(e.data.levelkitHoleChosen)) {
      markChosen(e.data.levelkitHoleChosen);
    }
  });

  function frameHtml(html) {
    const end = html.lastIndexOf("</body>");
    const withScript = end < 0 ? html + FRAME_SCRIPT : html.slice(0, end) + FRAME_SCRIPT + html.slice(end);
    if (frameUrl) URL.revokeObjectURL(frameUrl);
    frameUrl = URL.createObjectURL(new Blob([withScript], { type: "text/html" }));
    $("lk-frame").src = frameUrl;
  }

  let shownView = null; // the viewer page in the frame (null: a page saying why there is none)
  function showView(html) {
    if (html === shownView && page.frameAt) {
      tab("view");
      return;
    }
    shownView = html;
    shownAt = performance.now();
    page.frameAt = null;
    frameHtml(new TextDecoder().decode(html));
    tab("view");
  }

  // A page in the frame saying why there is no 3D view (and taking drops like the viewer).
  function showNoView(text) {
    shownView = null;
    const escaped = text.replace(/[&<>]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;" })[c]);
    frameHtml("<!DOCTYPE html><html><head><meta charset='utf-8'><style>html,body{margin:0;height:100%;" +
      "background:#1e2228;color:#a8aeb8;font:15px/1.5 system-ui,sans-serif;display:flex;align-items:center;" +
      "justify-content:center;text-align:center}p{max-width:32em;padding:20px}</style></head><body><p id='lk-no-view'>" +
      escaped + "</p></body></html>");
    tab("view");
  }

  // --- files ---------------------------------------------------------------------------------------------
  function describe(f) {
    const what = { "heroes-cl": "Sonic Heroes .cl", "reptar-level": "Rugrats level", mesh: "mesh", vram: "VRAM dump",
      dump: "JSON dump" }[f.format && f.kind === "level" ? f.format : f.kind] || f.kind;
    return what + ", " + thousands(f.bytes.byteLength) + " bytes";
  }

  function listFiles() {
    const list = $("lk-files");
    list.textContent = "";
    for (const f of files) {
      const li = document.createElement("li");
      const name = document.createElement("button");
      name.type = "button";
      name.className = "lk-file-name";
      name.textContent = f.name + "  (" + describe(f) + ")";
      name.setAttribute("aria-current", String(f === current || f === vram));
      if (f.kind === "vram") name.title = "The VRAM dump: Rugrats levels are textured with it";
      name.onclick = () => (f.kind === "vram" ? showVram(f) : select(f));
      const remove = document.createElement("button");
      remove.type = "button";
      remove.className = "lk-remove";
      remove.textContent = "×";
      remove.title = "Remove " + f.name;
      remove.setAttribute("aria-label", "Remove " + f.name);
      remove.onclick = () => removeFile(f);
      li.append(name, remove);
      list.appendChild(li);
    }
    $("lk-files-empty").hidden = files.length > 0;
    discShow(); // the open level may be the one to put into a disc image
  }

  function findingItem(check, lines, i) {
    const li = document.createElement("li");
    li.className = "lk-finding " + check.findings[i].severity;
    li.dataset.rule = check.findings[i].rule;
    if (check.findings[i].offset !== null) li.dataset.offset = check.findings[i].offset;
    li.textContent = lines[i];
    return li;
  }

  // As `levelkit check` prints them: a rule with many findings folds into one line that opens to all of them.
  function showFindings(check, lines, grouping) {
    const list = $("lk-findings");
    list.textContent = "";
    const summary = $("lk-findings-summary");
    $("lk-findings-box").hidden = !check;
    if (!check) {
      summary.textContent = "";
      return;
    }
    for (const k of ["errors", "warnings", "notes"]) summary.dataset[k] = check[k];
    summary.textContent = check.errors + " error(s), " + check.warnings + " warning(s), " + check.notes + " note(s)";
    for (const group of grouping.groups) {
      if (group.findings.length <= grouping.examples + 1) {
        for (const i of group.findings) list.appendChild(findingItem(check, lines, i));
        continue;
      }
      const li = document.createElement("li");
      li.className = "lk-group " + group.severity;
      const details = document.createElement("details");
      const title = document.createElement("summary");
      title.textContent = group.title;
      const members = document.createElement("ul");
      for (const i of group.findings) members.appendChild(findingItem(check, lines, i));
      details.append(title, members);
      li.appendChild(details);
      list.appendChild(li);
    }
  }

  // The actions for this kind of file; a control that does not apply to its format is disabled and says why.
  const WHY = {
    "reptar-level": "Rooms and portals are Rugrats LEVELnn.BIN parts: a Sonic Heroes .cl file has none.",
    "heroes-cl": "The quadtree is a Sonic Heroes .cl part: a Rugrats level has none.",
  };
  function showActions(file) {
    const kind = !file ? null : file.kind === "level" ? file.format : file.kind;
    $("lk-actions").hidden = !file || kind === "vram";
    const reasons = new Set();
    for (const box of document.querySelectorAll(".lk-action")) {
      box.hidden = !box.dataset.for.split(" ").includes(kind);
      for (const label of box.querySelectorAll("[data-only]")) {
        const off = label.dataset.only !== kind;
        label.classList.toggle("lk-off", off);
        for (const input of label.querySelectorAll("input")) {
          input.disabled = off;
          if (off && input.type === "checkbox") input.checked = false;
          if (off && input.type !== "checkbox") input.value = "";
        }
        label.title = off ? WHY[label.dataset.only] : "";
        if (off && !box.hidden) reasons.add(WHY[label.dataset.only]);
      }
    }
    $("lk-why").textContent = [...reasons].join(" ");
    $("lk-why").hidden = reasons.size === 0;
  }

  // Shows a file: its info and findings, its view (its audit's, if it has one) and its audit. `keep`: the
  // result shown stays (the result that is this file, or the VRAM picture opened with it).
  async function select(file, keep) {
    current = file;
    if (!keep) clearResult();
    listFiles();
    const open = file.open;
    $("lk-info").textContent = open.text || "";
    $("lk-info-box").hidden = !open.text;
    showFindings(open.check, open.lines, open.groups);
    showActions(file);
    showAudit(file);
    if (file.audit && file.audit.html) {
      showView(file.audit.html);
    } else if (file.view) {
      showView(file.view);
    } else if (file.kind === "level" || file.kind === "mesh") {
      showNoView("Drawing " + file.name + "…");
      const reply = await run("drawing " + file.name, "view", inputs(file));
      if (current !== file) return;
      if (failed(reply, "view")) {
        showNoView(reply.header.cancelled ? "No 3D view of " + file.name + ": drawing it was cancelled (select the file again to draw it)."
          : "No 3D view of " + file.name + ": the error is in the panel.");
        return;
      }
      file.view = reply.files[0];
      if (!(file.audit && file.audit.html)) showView(file.view);
    } else if (file.kind === "dump") {
      showNoView("A JSON dump has no 3D view: Pack turns it back into its binary file, which does.");
    }
    if (file.format === "heroes-cl" && current === file) prepare(file);
  }

  // A .cl file shown is made ready to audit while the user looks at it: the module parses it and builds
  // what the audit probes through (the game's tree, the complete tree, the exact reference) once and keeps
  // them, so Audit starts probing at once.
  function prepare(file) {
    const list = [{ role: "file", name: file.name, bytes: file.bytes }];
    run("getting the audit of " + file.name + " ready", "prepare", list).catch(() => {});
    prepareHelpers(file);
  }

  function clearFile() {
    current = null;
    clearResult();
    listFiles();
    $("lk-info").textContent = "";
    showFindings(null);
    showActions(null);
    showAudit(null);
    showNoView(LANDING);
  }

  function removeFile(f) {
    files.splice(files.indexOf(f), 1);
    if (f === vram) {
      vram = null;
      // The level shown loses its textures.
      for (const g of files) g.view = null;
      if (current) select(current);
      else listFiles();
      return;
    }
    if (f === current) {
      const next = files.filter((g) => g.kind !== "vram").pop();
      if (next) select(next);
      else clearFile();
    } else {
      listFiles();
    }
    $("lk-open").focus();
  }

  function sameBytes(a, b) {
    if (a.byteLength !== b.byteLength) return false;
    const x = new Uint8Array(a), y = new Uint8Array(b);
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
    return true;
  }

  // The VRAM dump as a picture: shown (`show`), or only put in the Image tab (opened with a level, whose 3D
  // view, textured with it, stays in front).
  async function showVram(f, show = true) {
    if (show) clearResult();
    const image = await run("decoding " + f.name, "vram", [{ role: "file", name: f.name, bytes: f.bytes }]);
    if (!failed(image, "vram")) showImage(image.files[0], show);
  }

  // Opens a file: listed and selected (a level, mesh or dump), the VRAM dump, or "disc" for a disc image.
  // `keep`: the result shown stays (a result opening itself).
  async function openFile(name, bytes, keep) {
    // The same file again is selected, not listed twice; a changed file of the same name replaces it.
    const known = files.find((f) => f.name === name);
    if (known && sameBytes(known.bytes, bytes)) {
      if (known.kind === "vram") await showVram(known);
      else await select(known, keep);
      return known;
    }
    const reply = await run("opening " + name, "open", [{ role: "file", name, bytes }]);
    if (reply.header.cancelled) {
      failed(reply, "open");
      if (!current) showNoView("Opening " + name + " was cancelled. " + LANDING);
      return null;
    }
    if (failed(reply, "open")) {
      // Nothing of the file shown before stays under the error.
      if (current) {
        current = null;
        listFiles();
        $("lk-info").textContent = "";
        showFindings(null);
        showActions(null);
        showAudit(null);
      }
      showNoView("No 3D view: " + name + " could not be read (the error is in the panel).");
      return null;
    }
    const r = reply.header.result;
    if (r.kind === "disc") return "disc";
    const file = { name, bytes, kind: r.kind, format: r.format, open: r };
    if (known) files.splice(files.indexOf(known), 1, file);
    else files.push(file);
    if (known === vram) vram = null;
    if (file.kind === "vram") {
      vram = file;
      for (const g of files) g.view = null; // levels are drawn again, with its textures
      listFiles();
      if (current && current.format === "reptar-level") {
        // Opened with (or after) a level: the level drawn again, textured, in front; the dump's picture in
        // the Image tab.
        await showVram(file, false);
        await select(current, true);
      } else {
        await showVram(file);
        if (!current) showNoView(name + " is a VRAM dump (its picture is in the Image tab): open a Rugrats level (LEVELnn.BIN) to see it textured.");
      }
      return file;
    }
    await select(file, keep);
    return file;
  }

  // A result that is a level file (Repair's, Build's) opens itself: downloaded, listed and selected, ready
  // to audit, with what was written shown at the top of the panel's results and the focus on it.
  async function openResult(names, bytes, lines) {
    downloadAll(names, bytes);
    const file = await openFile(names[0], bytes[0].slice(0), true);
    showOutput([...lines, file ? names[0] + " is open (selected above): Audit it, or pick another file." : ""]);
    $("lk-output-box").scrollIntoView({ block: "start" });
    $("lk-output-title").focus();
  }

  // A disc image (or its CUE sheet) goes to "Put a level into a disc image", unread: a file larger than a
  // level can be (the module's level_file_max) is recognised by its first 64 KiB before anything reads it
  // whole; a smaller one is recognised when opened.
  async function openList(list) {
    clearResult();
    // What the frame said about the last file (it could not be read) is not about these.
    if (!current) showNoView(LANDING);
    page.openedAt = performance.now();
    const images = [];
    for (const f of list) {
      const kind = f.size > disc.levelMax ? await discKindOf(f) : null;
      if (kind === "cancelled") continue;
      if (kind) images.push(f);
      else if ((await openFile(f.name, await f.arrayBuffer())) === "disc") images.push(f);
    }
    if (images.length) await discPick(images);
    page.opened = (page.opened || 0) + 1;
  }

  $("lk-open").onclick = () => $("lk-file").click();
  $("lk-file").addEventListener("change", (e) => {
    openList([...e.target.files]);
    e.target.value = "";
  });
  $("lk-side-toggle").onclick = () => {
    const hidden = document.body.classList.toggle("lk-side-hidden");
    $("lk-side-toggle").textContent = hidden ? "Show panel" : "Hide panel";
    $("lk-side-toggle").setAttribute("aria-expanded", String(!hidden));
  };

  // Drops anywhere: the page's regions get the events here, the frame's via FRAME_SCRIPT.
  function over(e) {
    e.preventDefault();
    if (e.dataTransfer) e.dataTransfer.dropEffect = "copy";
    $("lk-drop").hidden = false;
  }
  window.addEventListener("dragenter", over);
  window.addEventListener("dragover", over);
  window.addEventListener("dragleave", (e) => {
    if (!e.relatedTarget || e.target === $("lk-drop")) $("lk-drop").hidden = true;
  });
  window.addEventListener("drop", (e) => {
    e.preventDefault();
    $("lk-drop").hidden = true;
    openList([...e.dataTransfer.files]);
  });

  // --- the audit -------------------------------------------------------------------------------------------
  const where = (p) => "(" + p.map((v) => +Number(v).toFixed(1)).join(", ") + ")";

  // What the holes come from, as `check` names it: the audit's causes when the library gives them, else
  // the file's own findings about the tree that walks go through.
  function causeText(file, report) {
    if (Array.isArray(report.causes) && report.causes.length) return report.causes.map((g) => g.text);
    const groups = (file.open.groups && file.open.groups.groups) || [];
    return groups.filter((g) => /^nodes|^triangles|^lists|links|neighbor/i.test(g.title.replace(/^\d+ \w+ at /, "")))
      .map((g) => "check: " + g.title);
  }

  function showAudit(file) {
    const audit = file && file.audit;
    $("lk-audit-box").hidden = !audit;
    if (!audit) return;
    const { result } = audit;
    const report = result.report;
    const probes = report.vertical.probes + report.line.probes + report.moving.probes;
    const summary = $("lk-audit-summary");
    summary.dataset.holes = report.holes;
    summary.textContent = thousands(report.holes) + " hole(s)";
    const causes = causeText(file, report);
    $("lk-audit-sentence").textContent = report.holes === 0
      ? "No holes: in " + thousands(probes) + " probes the game's walk through this file's quadtree finds every " +
        "triangle a faultless tree of the same triangles finds."
      : "A hole is a place where the game, walking this file's quadtree, misses a triangle that is there, so the " +
        "player falls through a floor or passes a wall: " + thousands(report.holes) + " of " + thousands(probes) +
        " probes found one" + (causes.length ? ", caused by what check reports (listed below)" : "") +
        "; the fix is Repair (levelkit repair-cl), which keeps the triangles and rebuilds the tree, lists and links.";
    const hanging = report.hanging_triangles.length;
    const froze = report.moving.freezes;
    $("lk-freeze-sentence").textContent = hanging + froze === 0
      ? "No freezes: no triangle hangs the game when a sphere comes near it."
      : "A freeze is a triangle whose corner order hangs the game when a sphere comes near it: " +
        thousands(hanging) + " here (marked in the view and listed below), " + thousands(froze) +
        " moving-sphere probe(s) froze; the fix is Repair (levelkit repair-cl), which rotates their corners.";
    const list = $("lk-audit-causes");
    list.textContent = "";
    for (const c of report.holes ? causes : []) {
      const li = document.createElement("li");
      li.textContent = c;
      list.appendChild(li);
    }
    const table = $("lk-audit-numbers");
    table.textContent = "";
    const row = (cells, head) => {
      const tr = table.insertRow();
      for (const c of cells) {
        const cell = document.createElement(head ? "th" : "td");
        cell.textContent = c;
        tr.appendChild(cell);
      }
    };
    row(["", "probes", "holes", "fall through", "game's own"], true);
    for (const [name, t] of [["vertical probes", report.vertical], ["line casts", report.line], ["moving spheres", report.moving]]) {
      row([name, thousands(t.probes), thousands(t.holes), thousands(t.fall_through), thousands(t.inherent)]);
    }
    // One point per hole: the one the view marks and lists, where the player should have landed.
    const marked = result.marked;
    const holes = $("lk-hole-list");
    holes.textContent = "";
    $("lk-holes-title").textContent = marked.length
      ? (marked.length < report.holes + hanging
        ? "The first " + thousands(marked.length) + " marked in the view (pick one to go there)"
        : thousands(marked.length) + " marked in the view (pick one to go there)")
      : "";
    marked.forEach((m, i) => {
      const li = document.createElement("li");
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.hole = i;
      b.dataset.at = JSON.stringify(m.at);
      // One tab stop for the list: the chosen (or first) hole; the arrow keys move between them.
      b.tabIndex = i === 0 ? 0 : -1;
      // The hole's name is the library's, as the 3D view's list gives it.
      b.textContent = (i + 1) + ". " + (m.kind === "freeze"
        ? "triangle " + m.triangle + " freezes the game at " + where(m.at)
        : m.label + " at " + where(m.at) + " (triangle " + m.triangle + " is there)");
      b.onclick = () => {
        markChosen(i);
        $("lk-frame").contentWindow.postMessage({ levelkitHole: i }, "*");
      };
      li.appendChild(b);
      holes.appendChild(li);
    });
    $("lk-audit").textContent = result.text;
    showRegions(report.regions, result.text);
  }

  // --- the certified hole regions (issue 57) ------------------------------------------------------------
  const PROBE_WORDS = { vertical: "vertical probes", line: "line casts", move: "moving spheres" };
  const ONE_PROBE = { vertical: "vertical probe", line: "line cast", move: "moving sphere" };
  const SVG = "http://www.w3.org/2000/svg";
  let regionsShown = [];

  const regionTotal = (regions) => (regions && regions.counts ? regions.counts.reduce((a, b) => a + b, 0) : 0);

  // The audit's own words about the regions: the `hole regions:` line of its text and its line per kind
  // (not its first five regions: the list below names every listed one).
  function regionLines(text) {
    const lines = (text || "").split("\n");
    const at = lines.findIndex((l) => l.startsWith("hole regions:"));
    if (at < 0) return [];
    const out = [lines[at]];
    for (const l of lines.slice(at + 1)) {
      if (!l.startsWith("  ")) break;
      if (!l.startsWith("    ") && !l.trim().startsWith("the first ")) out.push(l.trim());
    }
    return out;
  }

  // "missing link: node 22, side +Z, across 24": the cause's kind, then where, node first.
  const CAUSE_ORDER = ["node", "side", "across", "triangle"];
  const causeWords = (cause) => {
    if (!cause) return "?";
    const rank = (k) => (CAUSE_ORDER.indexOf(k) < 0 ? CAUSE_ORDER.length : CAUSE_ORDER.indexOf(k));
    const where = Object.entries(cause).filter(([k]) => k !== "kind").sort(([a], [b]) => rank(a) - rank(b))
      .map(([k, v]) => k + " " + v).join(", ");
    return String(cause.kind).replace(/_/g, " ") + (where ? ": " + where : "");
  };
  const round1 = (v) => +Number(v).toFixed(1);
  const extentWords = (e) => "x " + round1(e[0][0]) + " to " + round1(e[1][0]) + ", z " + round1(e[0][1]) + " to " + round1(e[1][1]);

  // Where a region's witness shows the hole: where it meets the complete tree's answer (as the hole
  // markers), else this file's, else its start.
  function witnessPoint(w) {
    const length = Math.hypot(...w.dir);
    const answer = w.complete || w.file;
    if (!answer || !(length > 0)) return w.start;
    return w.start.map((v, i) => v + (w.dir[i] / length) * answer[1]);
  }

  function witnessWords(r) {
    const w = r.witness;
    const answer = (a) => (a ? "triangle " + a[0] + (r.probe === "move" ? " after moving " : " at distance ") + round1(a[1]) : "nothing");
    return "Witness for region " + (regionsShown.indexOf(r) + 1) + ": a " + ONE_PROBE[r.probe] + " from " + where(w.start) +
      " along " + where(w.dir) + (w.sampled != null ? " (the audit's probe #" + w.sampled + ")" : "") +
      ": this file finds " + answer(w.file) + ", the complete tree " + answer(w.complete) +
      "; the hole shows at " + where(witnessPoint(w)) + ".";
  }

  function showRegions(regions, text) {
    const list = $("lk-region-list");
    list.textContent = "";
    $("lk-region-witness").textContent = "";
    const map = $("lk-regions-map");
    for (const n of [...map.childNodes]) if (n.nodeName !== "title") n.remove();
    regionsShown = regions && Array.isArray(regions.confirmed) ? regions.confirmed : [];
    const total = regionTotal(regions);
    const summary = $("lk-audit-summary");
    summary.dataset.regions = total;
    if (regions && regions.certified) summary.textContent += ", " + thousands(total) + " hole region(s)";
    const said = regionLines(text);
    $("lk-regions-sentence").textContent = said[0] || "";
    const kinds = $("lk-regions-kinds");
    kinds.textContent = "";
    for (const line of said.slice(1)) {
      const li = document.createElement("li");
      li.textContent = line;
      kinds.appendChild(li);
    }
    // What the drawing's colours are, for the kinds it holds.
    const colours = { vertical: "blue", line: "yellow", move: "green" };
    const drawn = Object.keys(colours).filter((k) => regionsShown.some((r) => r.probe === k));
    $("lk-regions-key").textContent = "From above, x to the right, z down: " +
      drawn.map((k) => colours[k] + ", " + PROBE_WORDS[k] + (k === "move" ? " (a sphere of radius " + regions.radius + " that touches one can hole)" : ""))
        .join("; ") + "; magenta, the chosen region and its witness.";
    $("lk-regions-key").hidden = !regionsShown.length;
    $("lk-regions-title").textContent = regionsShown.length
      ? (regionsShown.length < total
        ? "Hole regions: the first " + thousands(regionsShown.length) + " of " + thousands(total) + " outlined (pick one for its witness)"
        : "Hole regions: " + thousands(regionsShown.length) + " outlined (pick one for its witness)")
      : "";
    map.toggleAttribute("hidden", !regionsShown.length);  // an SVG element has no .hidden property
    if (!regionsShown.length) return;
    // Top-down (x right, z down) over the regions' own box.
    let [x0, z0, x1, z1] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const r of regionsShown) {
      x0 = Math.min(x0, r.extent[0][0]); z0 = Math.min(z0, r.extent[0][1]);
      x1 = Math.max(x1, r.extent[1][0]); z1 = Math.max(z1, r.extent[1][1]);
    }
    const pad = Math.max(x1 - x0, z1 - z0, 1) * 0.03;
    map.setAttribute("viewBox", [x0 - pad, z0 - pad, x1 - x0 + 2 * pad, z1 - z0 + 2 * pad].join(" "));
    map.setAttribute("preserveAspectRatio", "xMidYMid meet");
    regionsShown.forEach((r, i) => {
      const path = document.createElementNS(SVG, "path");
      const d = (r.pieces || []).filter((p) => p.length >= 2)
        .map((p) => "M" + p.map((c) => c[0] + " " + c[1]).join("L") + (p.length > 2 ? "Z" : "")).join("");
      path.setAttribute("d", d || "M0 0");
      path.setAttribute("class", "lk-" + r.probe);
      path.dataset.region = i;
      map.appendChild(path);
      const li = document.createElement("li");
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.region = i;
      b.tabIndex = i === 0 ? 0 : -1;
      b.textContent = (i + 1) + ". " + PROBE_WORDS[r.probe] + " — " + causeWords(r.cause) + "; over " + extentWords(r.extent) +
        (r.radius > 0 ? " (grown by the sphere's radius " + r.radius + ")" : "");
      b.onclick = () => chooseRegion(i);
      li.appendChild(b);
      list.appendChild(li);
    });
    const dot = document.createElementNS(SVG, "circle");
    dot.setAttribute("class", "lk-witness");
    dot.setAttribute("r", String(Math.max(x1 - x0, z1 - z0, 1) * 0.015));
    dot.setAttribute("hidden", "");
    dot.id = "lk-region-dot";
    map.appendChild(dot);
  }

  function chooseRegion(i) {
    const r = regionsShown[i];
    if (!r) return;
    for (const b of document.querySelectorAll("#lk-region-list button")) {
      b.setAttribute("aria-current", String(Number(b.dataset.region) === i));
    }
    for (const p of document.querySelectorAll("#lk-regions-map path")) {
      p.classList.toggle("lk-chosen", Number(p.dataset.region) === i);
      if (Number(p.dataset.region) === i) p.parentNode.insertBefore(p, $("lk-region-dot"));
    }
    const at = witnessPoint(r.witness);
    const dot = $("lk-region-dot");
    dot.setAttribute("cx", String(at[0]));
    dot.setAttribute("cy", String(at[2]));
    dot.removeAttribute("hidden");
    $("lk-region-witness").textContent = witnessWords(r);
    const b = document.querySelector('#lk-region-list button[data-region="' + i + '"]');
    if (b) {
      for (const o of document.querySelectorAll('#lk-region-list button[tabindex="0"]')) o.tabIndex = -1;
      b.tabIndex = 0;
      b.scrollIntoView({ block: "nearest" });
    }
  }

  function markChosen(i) {
    for (const b of document.querySelectorAll("#lk-hole-list button")) {
      b.setAttribute("aria-current", String(Number(b.dataset.hole) === i));
    }
    const b = document.querySelector('#lk-hole-list button[data-hole="' + i + '"]');
    if (b) {
      rove(b);
      b.scrollIntoView({ block: "nearest" });
    }
  }

  // The hole list is one tab stop (roving tabindex): the button that has it is the one Tab reaches.
  function rove(to) {
    for (const b of document.querySelectorAll('#lk-hole-list button[tabindex="0"]')) b.tabIndex = -1;
    to.tabIndex = 0;
  }
  // The hole list and the region list are each one tab stop: the arrows, Page Up/Down, Home and End move
  // the focus; Enter (a click) picks.
  function roving(id) {
    $(id).addEventListener("keydown", (e) => {
      const buttons = $(id).querySelectorAll("button");
      const at = [...buttons].indexOf(document.activeElement);
      if (at < 0 || !buttons.length) return;
      const step = { ArrowDown: 1, ArrowUp: -1, PageDown: 10, PageUp: -10 }[e.key];
      const to = e.key === "Home" ? 0 : e.key === "End" ? buttons.length - 1
        : step === undefined ? null : Math.max(0, Math.min(buttons.length - 1, at + step));
      if (to === null) return;
      e.preventDefault();
      for (const b of buttons) b.tabIndex = -1;
      buttons[to].tabIndex = 0;
      buttons[to].focus();
    });
  }
  roving("lk-region-list");
  roving("lk-hole-list");

  // --- actions -----------------------------------------------------------------------------------------
  // Fields go to the module as typed: it reads them as the CLI reads its flags, before anything runs.
  const field = (id) => $(id).value.trim();

  async function action(label, command, options, after, before) {
    if (!current) return;
    const file = current;
    clearResult();
    try {
      const reply = await run(label, command, inputs(file), options, false, before);
      if (current === file && !failed(reply, command)) {
        await after(reply.header.result, reply.header.outputs, reply.files);
      }
    } catch (e) {
      showError("levelkit: internal error in the page: " + e.message);
      throw e;
    } finally {
      page.acted = (page.acted || 0) + 1;
    }
  }

  const downloadAll = (names, bytes) => names.forEach((n, i) => download(n, bytes[i]));

  $("lk-audit-run").onclick = () => {
    const clicked = performance.now();
    const file = current;
    // The file's previous audit goes: this one replaces it, or its error does.
    file.audit = null;
    showAudit(file);
    if (file.view) showView(file.view);
    const options = { probes: field("lk-audit-probes"), seed: field("lk-audit-seed") };
    // The helpers' parts first, when there are helpers: their first probe is the audit's.
    let shared = {};
    const parts = () => auditParts(file, options).then((p) => {
      shared = p;
      return p.parts ? { parts: p.parts } : {};
    });
    action("auditing " + file.name, "audit", options, (result) => {
      // When the probing began and ended (the module's marks, in the page's clock), for tools/web-bench.mjs;
      // with helpers, the end is the report made from the parts.
      const at = (t) => (t ? t - performance.timeOrigin : null);
      const first = shared.marks ? shared.marks.probing : result.marks && result.marks.probing;
      (page.audits ||= []).push({ clicked, firstProbe: at(first), probed: at(result.marks && result.marks.probed),
        workers: shared.parts ? shared.parts.length : 1 });
      page.kept = result.kept; // what the module read, prepared and imported so far (tools/web-test.mjs)
      const audit = { result, html: null };
      file.audit = audit;
      showAudit(file);
      $("lk-audit-box").scrollIntoView({ block: "start" });
      // The focus on the result, not dropped to the page (the button was disabled while it ran).
      $("lk-audit-title").focus();
      // The report first, then the 3D view with its holes marked: the module keeps the audit for it.
      run("marking the holes of " + file.name + " in the 3D view", "audit-view", inputs(file), options).then((reply) => {
        if (file.audit !== audit) return;
        if (!reply.header.ok) {
          if (current === file) failed(reply, "audit-view");
          return;
        }
        audit.html = reply.files[0];
        if (current === file) showView(audit.html);
      });
    }, parts);
  };

  $("lk-repair").onclick = () => action("repairing " + current.name, "repair-cl", {}, (result, names, bytes) =>
    openResult(names, bytes, [...result.wrote, current.name + " -> " + result.output, result.text]));

  $("lk-build").onclick = () => {
    const options = { depth: field("lk-build-depth"), weld: field("lk-build-weld"), flip: $("lk-build-flip").checked,
      attribute: field("lk-build-attribute") };
    action("building collision from " + current.name, "build-cl", options, (result, names, bytes) =>
      openResult(names, bytes, [...result.wrote, ...(result.warnings || []), result.text]));
  };

  $("lk-export").onclick = () => {
    const to = $("lk-export-to").value;
    action("exporting " + current.name, "export",
      { to, tree: $("lk-export-tree").checked, rooms: field("lk-export-rooms") },
      (result, names, bytes) => {
        const inside = result.files.length > 1
          ? result.files.map((f) => "  " + f.name + ": " + thousands(f.bytes) + " bytes") : [];
        showOutput([...result.wrote, ...inside]);
        downloadAll(names, bytes);
      });
  };

  $("lk-dump").onclick = () => action("dumping " + current.name, "dump", {}, (result, names, bytes) => {
    showOutput(result.wrote);
    downloadAll(names, bytes);
  });

  $("lk-pack").onclick = () => action("packing " + current.name, "pack", {}, (result, names, bytes) => {
    showOutput([...result.wrote, ...(result.lines.length ? result.lines : ["no findings"])]);
    downloadAll(names, bytes);
  });

  $("lk-render").onclick = () => {
    action("rendering " + current.name, "render",
      { rooms: field("lk-render-rooms"), size: field("lk-render-size"), portals: $("lk-render-portals").checked },
      (result, names, bytes) => {
        showOutput([...result.wrote, ...result.notes]);
        showImage(bytes[0]);
        download(names[0], bytes[0]);
      });
  };

  $("lk-map").onclick = () => action("drawing the map of " + current.name, "map", {}, (result, names, bytes) => {
    showOutput(result.wrote);
    showImage(bytes[0]);
    download(names[0], bytes[0]);
  });

  // --- put a level into a disc image -------------------------------------------------------------------------
  // `levelkit patch IMAGE PATH=LEVEL -o IMAGE-patched.EXT [--relocate]` on the module. The image stays a
  // File (on disk): the worker reads it into the module's memory to list and to patch it, and only when it
  // is no larger than the module's limit (version's disc_image_max); the patched image comes back as a
  // Blob. Above the limit, or when the module cannot hold it, the page says so and gives the command line
  // that does the same from disk.
  const disc = { image: null, sheet: null, level: null, levels: [], pathEdited: false, autoPath: null, limit: 0, levelMax: 16 << 20,
    url: null };

  // A name for a command line: quoted when it holds more than letters, digits and . _ - / = :
  const quote = (s) => (/^[\w./=:-]+$/.test(s) ? s : /["$`\\!]/.test(s) ? "'" + s.replace(/'/g, "'\\''") + "'" : '"' + s + '"');
  const patchedName = (name) => { const i = name.lastIndexOf("."); return i > 0 ? name.slice(0, i) + "-patched" + name.slice(i) : name + "-patched"; };

  function discLevel() {
    if (disc.level) return disc.level;
    if (current && current.kind === "level" && current.format === "reptar-level") return { name: current.name, bytes: current.bytes, open: true };
    return null;
  }

  // The command that does it from disk, with what the page knows filled in.
  function discCommand() {
    const image = disc.sheet || disc.image;
    const level = discLevel();
    const path = $("lk-disc-path").value.trim();
    const lines = [];
    if (!path) lines.push("levelkit ls " + quote(image.name) + "        # the level files inside, to choose PATH");
    lines.push("levelkit patch " + quote(image.name) + " " + quote((path || "PATH") + "=" + (level ? level.name : "LEVELnn.BIN")) +
      " -o " + quote(patchedName(image.name)) + ($("lk-disc-relocate").checked ? " --relocate" : ""));
    return lines;
  }

  function discTooLarge(why) {
    showError([why, "The image is too large for this browser. Run the command line instead, in the folder holding the files " +
      "(it patches the image from disk, with the same checks, and writes " + patchedName((disc.sheet || disc.image).name) + "):",
    "", ...discCommand()].join("\n"));
  }

  // What the module recognises a file as from its first 64 KiB: a disc image (or sheet), or null.
  async function discKindOf(file) {
    const head = await file.slice(0, 64 * 1024).arrayBuffer();
    const reply = await run("looking at " + file.name, "disc-kind", [{ role: "file", name: file.name, bytes: head }], { size: file.size });
    // Cancelled: said (failed), and not taken for "not a disc image".
    if (reply.header.cancelled) return failed(reply, "disc-kind") && "cancelled";
    return reply.header.ok && reply.header.result.kind === "disc" ? reply.header.result : null;
  }

  function discShow() {
    const image = disc.image;
    $("lk-disc-image-name").textContent = !image ? "none chosen"
      : image.name + " (" + thousands(image.size) + " bytes)" + (disc.sheet ? " with " + disc.sheet.name : ", no .cue");
    const level = discLevel();
    $("lk-disc-level-name").textContent = !level ? "none chosen (or open a Rugrats level above)"
      : level.name + " (" + (level.open ? "the level open above, " : "") + thousands(level.bytes.byteLength) + " bytes)";
    // The file the level replaces: the image's file of the same name, said as chosen for the user.
    const note = $("lk-disc-path-note");
    if (!image) { note.textContent = ""; return; }
    const found = disc.levels.length + " level file(s) in " + image.name;
    const same = level && disc.levels.find((l) => l.path.split("/").pop().toUpperCase() === level.name.toUpperCase());
    if (same && !disc.pathEdited) {
      $("lk-disc-path").value = same.path;
      disc.autoPath = same.path;
      note.textContent = found + "; " + same.path + " chosen: it has the level's name (" + level.name + "). Type or pick another to replace that one.";
    } else {
      // A path the page chose for another level goes with it; one the user typed stays.
      if (!disc.pathEdited && disc.autoPath && $("lk-disc-path").value === disc.autoPath) $("lk-disc-path").value = "";
      disc.autoPath = null;
      note.textContent = found + (disc.levels.length ? ": type the path or pick it from the list." : ".");
    }
  }

  // Takes the files chosen (or dropped) as the image and perhaps its CUE sheet, and lists the image's levels.
  async function discPick(list) {
    try {
      await discChoose(list);
    } finally {
      page.discPicked = (page.discPicked || 0) + 1;
    }
  }

  async function discChoose(list) {
    $("lk-disc-box").open = true;
    const kinds = [];
    for (const f of list) kinds.push([f, await discKindOf(f)]);
    if (kinds.some(([, k]) => k === "cancelled")) return;
    const refused = kinds.find(([, k]) => k && k.refusal);
    const other = kinds.find(([, k]) => !k);
    const sheets = kinds.filter(([, k]) => k && k.image === "cue");
    const images = kinds.filter(([, k]) => k && !k.refusal && k.image !== "cue");
    let problem = refused ? refused[0].name + ": " + refused[1].refusal
      : other ? other[0].name + ": not a disc image levelkit reads (a PS1 .bin, .iso or .cue)"
      : images.length > 1 || sheets.length > 1 ? "choose one disc image (its .bin or .iso, and its .cue if it has one), not " + list.length + " files"
      : !images.length ? sheets[0][0].name + " is a CUE sheet alone (it names " + JSON.stringify(sheets[0][1].bin || "") +
        "): the disc's sectors are in that BIN, which is needed too. Choose the BIN and the .cue together."
      : null;
    if (problem) {
      // The image chosen before is let go too: what the control shows is what the next click uses.
      disc.image = disc.sheet = null;
      disc.levels = [];
      $("lk-disc-levels").textContent = "";
      discShow();
      showError("levelkit: error: " + problem);
      return;
    }
    disc.image = images[0][0];
    disc.sheet = sheets.length ? sheets[0][0] : null;
    disc.levels = [];
    disc.pathEdited = false;
    $("lk-disc-path").value = "";
    $("lk-disc-levels").textContent = "";
    discShow();
    if (disc.image.size > disc.limit) {
      discTooLarge(disc.image.name + ": " + thousands(disc.image.size) + " bytes, more than the " + thousands(disc.limit) +
        " bytes this page holds in memory.");
      return;
    }
    const reply = await run("listing " + disc.image.name, "disc-ls", [{ role: "image", name: disc.image.name, bytes: disc.image }]);
    if (reply.header.too_large) return discTooLarge(reply.header.error);
    if (failed(reply, "disc-ls")) return;
    disc.levels = reply.header.result.levels;
    for (const l of disc.levels) {
      const option = document.createElement("option");
      option.value = l.path;
      option.label = l.format + ", " + thousands(l.size) + " bytes";
      $("lk-disc-levels").appendChild(option);
    }
    discShow();
  }

  async function discPatch() {
    clearResult();
    const level = discLevel();
    if (!disc.image || !level) {
      showError("levelkit: error: " + (!disc.image ? "choose the disc image first (Disc image…)" : "choose the level to put in (Level…), or open one above"));
      return;
    }
    if (disc.image.size > disc.limit) {
      discTooLarge(disc.image.name + ": " + thousands(disc.image.size) + " bytes, more than the " + thousands(disc.limit) +
        " bytes this page holds in memory.");
      return;
    }
    // The previous patched image is let go before another is made (one at most is held for its download).
    if (disc.url) URL.revokeObjectURL(disc.url);
    disc.url = null;
    const files = [{ role: "image", name: disc.image.name, bytes: disc.image }, { role: "level", name: level.name, bytes: level.bytes }];
    if (disc.sheet) files.push({ role: "sheet", name: disc.sheet.name, bytes: await disc.sheet.arrayBuffer() });
    const reply = await run("putting " + level.name + " into " + disc.image.name, "patch", files,
      { path: $("lk-disc-path").value, relocate: $("lk-disc-relocate").checked }, true);
    if (reply.header.too_large || (!reply.header.ok && /internal error/.test(reply.header.error))) {
      return discTooLarge(reply.header.error);
    }
    if (failed(reply, "patch")) {
      if (/--relocate/.test(reply.header.error)) $("lk-error").textContent += "\n(On this page: tick \"relocate if larger\".)";
      return;
    }
    const r = reply.header.result;
    const names = reply.header.outputs;
    const sheetNote = disc.sheet
      ? "The CUE sheet " + names[1] + " names " + names[0] + ": download it too (its link is above), keep the two side by side " +
        "and open the .cue in the emulator."
      : "A CUE sheet must name the new BIN: give this page the image's .cue with the .bin to get one, or change the FILE line of yours to \"" +
        names[0] + "\".";
    showOutput([...r.lines, ...r.wrote, sheetNote]);
    names.forEach((n, i) => download(n, reply.files[i], i === 0));
    // The image's link is the newest; it is revoked when the next patch starts.
    disc.url = urls[urls.length - names.length];
  }

  $("lk-disc-image").onclick = () => $("lk-disc-image-file").click();
  $("lk-disc-image-file").addEventListener("change", (e) => {
    const list = [...e.target.files];
    e.target.value = "";
    clearResult();
    discPick(list);
  });
  $("lk-disc-level").onclick = () => $("lk-disc-level-file").click();
  $("lk-disc-level-file").addEventListener("change", async (e) => {
    const f = e.target.files[0];
    e.target.value = "";
    if (!f) return;
    disc.level = { name: f.name, bytes: await f.arrayBuffer() };
    disc.pathEdited = false;
    discShow();
    page.discLevel = (page.discLevel || 0) + 1;
  });
  $("lk-disc-path").addEventListener("input", () => {
    disc.pathEdited = true;
    discShow(); // the note no longer says the page chose the path
  });
  $("lk-disc-run").onclick = async () => {
    try {
      await discPatch();
    } catch (e) {
      showError("levelkit: internal error in the page: " + e.message);
      throw e;
    } finally {
      page.acted = (page.acted || 0) + 1;
    }
  };

  // A field edited after its value was refused is no longer marked.
  document.addEventListener("input", (e) => e.target.removeAttribute && e.target.removeAttribute("aria-invalid"));

  // --- samples ------------------------------------------------------------------------------------------
  // The files `levelkit sample` writes, made by the module (the library's samples): one button each, and
  // the level with its VRAM dump together, as a Rugrats modder opens them.
  function showSamples(list) {
    const box = $("lk-samples");
    box.textContent = "";
    const button = (text, title, kinds) => {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = text;
      b.title = title;
      b.onclick = () => openSamples(kinds);
      box.appendChild(b);
    };
    for (const s of list) button(s.file, s.file + ": " + s.about + " (levelkit sample " + s.kind + ")", [s]);
    const level = list.find((s) => s.kind === "level"), vramSample = list.find((s) => s.kind === "vram");
    if (level && vramSample) {
      button(level.file + " with " + vramSample.file, "The Rugrats level and its VRAM dump together: the level textured", [level, vramSample]);
    }
    $("lk-samples-box").hidden = list.length === 0;
  }

  async function openSamples(kinds) {
    clearResult();
    if (!current) showNoView(LANDING);
    try {
      for (const s of kinds) {
        const reply = await run("making the sample " + s.file, "sample", [], { kind: s.kind });
        if (failed(reply, "sample")) return;
        await openFile(reply.header.outputs[0], reply.files[0]);
      }
    } finally {
      page.opened = (page.opened || 0) + 1;
    }
  }

  // --- start ---------------------------------------------------------------------------------------------
  clearFile();
  (async () => {
    const text = atob(window.LEVELKIT_WASM);
    const wasm = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) wasm[i] = text.charCodeAt(i);
    wasmBytes = wasm.slice();
    const started = await send({ wasm: wasm.buffer }, [wasm.buffer]);
    if (!started.header.ok) {
      status("failed", "failed");
      showError(started.header.error);
      return;
    }
    startHelpers();
    const version = await run("starting", "version", []);
    showSamples(version.header.result.samples || []);
    disc.limit = version.header.result.disc_image_max;
    disc.levelMax = version.header.result.level_file_max;
    $("lk-disc-limit").textContent = thousands(disc.limit) + " bytes";
    $("lk-version").textContent = "levelkit " + version.header.result.version + " (WebAssembly, " + thousands(text.length) + " bytes)";
    page.readyAt = performance.now();
  })();
})();

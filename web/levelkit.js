// The levelkit web page: files in, the module's answers shown, outputs downloaded. Everything about the
// formats happens in the WebAssembly module (crates/levelkit-wasm), run in a worker (worker.js); this file
// is UI only. The 3D view is the page `levelkit view` writes, shown in a frame.
//
// For tests: #lk-status has data-state "idle" when nothing runs; window.levelkitPage holds timings.
(function () {
  "use strict";
  const $ = (id) => document.getElementById(id);
  const page = (window.levelkitPage = { startedAt: performance.now() });

  // --- the worker ------------------------------------------------------------------------------------
  const source = "(" + levelkitWorker.toString() + ")()";
  const worker = new Worker(URL.createObjectURL(new Blob([source], { type: "text/javascript" })));
  const waiting = new Map();
  let nextId = 1;
  worker.onmessage = (e) => {
    const done = waiting.get(e.data.id);
    waiting.delete(e.data.id);
    if (done) done(e.data);
  };
  function send(message, transfer) {
    const id = nextId++;
    return new Promise((resolve) => {
      waiting.set(id, resolve);
      worker.postMessage({ id, ...message }, transfer || []);
    });
  }

  // One command at a time, in order; the status line says what runs and for how long.
  let queue = Promise.resolve();
  let running = 0;
  function status(text, state) {
    $("lk-status").textContent = text;
    $("lk-status").dataset.state = state;
  }
  function run(label, command, files, options) {
    const job = queue.then(async () => {
      running++;
      const started = performance.now();
      status(label + "…", "busy");
      const tick = setInterval(() => status(label + "… " + ((performance.now() - started) / 1000).toFixed(1) + " s", "busy"), 100);
      for (const b of document.querySelectorAll("#lk-actions button")) b.disabled = true;
      try {
        const header = {
          command,
          inputs: files.map((f) => f.role),
          names: files.map((f) => f.name),
          options: options || {},
        };
        // Copies: the worker takes the buffers it is sent.
        const buffers = files.map((f) => f.bytes.slice(0));
        const reply = await send({ header, files: buffers }, buffers);
        reply.ms = performance.now() - started;
        return reply;
      } finally {
        clearInterval(tick);
        running--;
        for (const b of document.querySelectorAll("#lk-actions button")) b.disabled = false;
        if (running === 0) status("ready", "idle");
      }
    });
    queue = job.catch(() => {});
    return job;
  }

  // --- state -------------------------------------------------------------------------------------------
  const files = []; // {name, bytes, kind, format, open}
  let current = null;
  let vram = null;

  function showError(text) {
    $("lk-error").textContent = text;
    $("lk-error-box").hidden = !text;
  }

  // A failed reply shows the CLI's message; the page goes on.
  function failed(reply) {
    if (reply.header.ok) return false;
    showError("levelkit: error: " + reply.header.error);
    return true;
  }

  function inputs(file) {
    const list = [{ role: "file", name: file.name, bytes: file.bytes }];
    if (vram) list.push({ role: "vram", name: vram.name, bytes: vram.bytes });
    return list;
  }

  // --- outputs -----------------------------------------------------------------------------------------
  const urls = [];
  function blobUrl(bytes, type) {
    const url = URL.createObjectURL(new Blob([bytes], { type: type || "application/octet-stream" }));
    urls.push(url);
    return url;
  }

  function download(name, bytes) {
    const url = blobUrl(bytes);
    const a = document.createElement("a");
    a.href = url;
    a.download = name;
    a.textContent = name + " (" + bytes.byteLength.toLocaleString("en") + " bytes)";
    const li = document.createElement("li");
    li.appendChild(a);
    $("lk-downloads").prepend(li);
    $("lk-output-box").hidden = false;
    a.click();
  }

  function showOutput(text) {
    $("lk-output").textContent = text;
    $("lk-output-box").hidden = false;
  }

  function showImage(bytes) {
    $("lk-image").src = blobUrl(bytes, "image/png");
    tab("image");
  }

  function tab(which) {
    $("lk-frame").hidden = which !== "view";
    $("lk-image-box").hidden = which !== "image";
    $("lk-tab-view").classList.toggle("lk-on", which === "view");
    $("lk-tab-image").classList.toggle("lk-on", which === "image");
  }
  $("lk-tab-view").onclick = () => tab("view");
  $("lk-tab-image").onclick = () => tab("image");

  // The viewer page (from `view`, or `audit` with the holes marked) in the frame. A page from file:// may
  // not look into a frame's window, so a line added to the viewer page posts when its first frame is drawn.
  const REPORT_READY = "<script>(function wait() { if (window.levelkitReady || window.levelkitError) " +
    "parent.postMessage({ levelkitFrame: true, error: window.levelkitError || null }, \"*\"); " +
    "else requestAnimationFrame(wait); })();</" + "script>";
  let shownAt = 0;
  window.addEventListener("message", (e) => {
    if (!e.data || !e.data.levelkitFrame || e.source !== $("lk-frame").contentWindow) return;
    page.frameAt = performance.now();
    page.frameMs = page.frameAt - shownAt;
    page.viewError = e.data.error;
  });
  function showView(html) {
    const text = new TextDecoder().decode(html);
    const end = text.lastIndexOf("</body>");
    const withReport = end < 0 ? text : text.slice(0, end) + REPORT_READY + text.slice(end);
    shownAt = performance.now();
    page.frameAt = null;
    $("lk-frame").src = blobUrl(withReport, "text/html");
    tab("view");
  }

  // --- opening files -----------------------------------------------------------------------------------
  function listFiles() {
    const list = $("lk-files");
    list.textContent = "";
    for (const f of files) {
      const li = document.createElement("li");
      li.textContent = f.name + "  (" + (f.format || f.kind) + ", " + f.bytes.byteLength.toLocaleString("en") + " bytes)";
      li.classList.toggle("lk-current", f === current || f === vram);
      if (f.kind !== "vram") li.onclick = () => select(f);
      list.appendChild(li);
    }
  }

  function findingItem(check, lines, i) {
    const li = document.createElement("li");
    li.className = "lk-finding " + check.findings[i].severity;
    if (check.findings[i].offset !== null) li.dataset.offset = check.findings[i].offset;
    li.textContent = lines[i];
    return li;
  }

  // As `levelkit check` prints them: a rule with many findings folds into one line that opens to all of them.
  function showFindings(check, lines, grouping) {
    const list = $("lk-findings");
    list.textContent = "";
    const summary = $("lk-findings-summary");
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

  function showActions(kind) {
    for (const box of document.querySelectorAll(".lk-action")) {
      box.hidden = !box.dataset.for.split(" ").includes(kind);
    }
  }

  async function select(file) {
    current = file;
    listFiles();
    const open = file.open;
    $("lk-info").textContent = open.text || "";
    showFindings(open.check, open.lines, open.groups);
    showActions(file.kind === "level" ? file.format : file.kind);
    $("lk-audit-box").hidden = true;
    if (file.kind === "level" || file.kind === "mesh") {
      const reply = await run("drawing " + file.name, "view", inputs(file));
      if (!failed(reply) && current === file) showView(reply.files[0]);
    }
  }

  async function openFile(name, bytes) {
    const reply = await run("opening " + name, "open", [{ role: "file", name, bytes }]);
    if (failed(reply)) return;
    const r = reply.header.result;
    const file = { name, bytes, kind: r.kind, format: r.format, open: r };
    files.push(file);
    if (file.kind === "vram") {
      vram = file;
      listFiles();
      const image = await run("decoding " + name, "vram", [{ role: "file", name, bytes }]);
      if (!failed(image)) showImage(image.files[0]);
      // The level shown gets the textures.
      if (current && current.format === "reptar-level") await select(current);
      return;
    }
    await select(file);
  }

  async function openList(list) {
    showError("");
    page.openedAt = performance.now();
    for (const f of list) await openFile(f.name, await f.arrayBuffer());
    page.opened = (page.opened || 0) + 1;
  }

  $("lk-file").addEventListener("change", (e) => {
    openList([...e.target.files]);
    e.target.value = "";
  });
  window.addEventListener("dragover", (e) => {
    e.preventDefault();
    $("lk-drop").hidden = false;
  });
  window.addEventListener("dragleave", (e) => { if (!e.relatedTarget) $("lk-drop").hidden = true; });
  window.addEventListener("drop", (e) => {
    e.preventDefault();
    $("lk-drop").hidden = true;
    openList([...e.dataTransfer.files]);
  });

  // --- actions -----------------------------------------------------------------------------------------
  const number = (id) => Number($(id).value);
  const roomList = (id) => {
    const text = $(id).value.trim();
    return text ? text.split(/[\s,]+/).map(Number) : null;
  };

  async function action(label, command, options, after) {
    if (!current) return;
    showError("");
    const reply = await run(label, command, inputs(current), options);
    if (!failed(reply)) after(reply.header.result, reply.header.outputs, reply.files);
    page.acted = (page.acted || 0) + 1;
  }

  const downloadAll = (names, bytes) => names.forEach((n, i) => download(n, bytes[i]));

  $("lk-audit-run").onclick = () => action("auditing " + current.name, "audit",
    { probes: number("lk-audit-probes"), seed: number("lk-audit-seed"), view: true },
    (result, names, bytes) => {
      $("lk-audit").textContent = result.text;
      $("lk-audit-summary").dataset.holes = result.report.holes;
      $("lk-audit-summary").textContent = result.report.holes + " hole(s)";
      $("lk-audit-box").hidden = false;
      showView(bytes[names.findIndex((n) => n.endsWith(".html"))]);
    });

  $("lk-repair").onclick = () => action("repairing " + current.name, "repair-cl", {}, (result, names, bytes) => {
    showOutput(result.text);
    downloadAll(names, bytes);
  });

  $("lk-build").onclick = () => {
    const depth = $("lk-build-depth").value.trim();
    const options = {
      depth: depth === "auto" || depth === "" ? "auto" : Number(depth),
      weld: number("lk-build-weld"),
      flip: $("lk-build-flip").checked,
    };
    const attribute = $("lk-build-attribute").value.trim();
    if (attribute) options.attribute = attribute;
    action("building collision from " + current.name, "build-cl", options, (result, names, bytes) => {
      showOutput(JSON.stringify(result.report, null, 2));
      downloadAll(names, bytes);
    });
  };

  $("lk-export").onclick = () => action("exporting " + current.name, "export",
    { to: $("lk-export-to").value, tree: $("lk-export-tree").checked, rooms: roomList("lk-export-rooms") },
    (result, names, bytes) => {
      showOutput("wrote " + names.join(", "));
      downloadAll(names, bytes);
    });

  $("lk-dump").onclick = () => action("dumping " + current.name, "dump", {}, (result, names, bytes) => {
    showOutput("wrote " + names.join(", "));
    downloadAll(names, bytes);
  });

  $("lk-pack").onclick = () => action("packing " + current.name, "pack", {}, (result, names, bytes) => {
    showOutput(result.lines.join("\n") || "no findings");
    downloadAll(names, bytes);
  });

  $("lk-render").onclick = () => {
    const [width, height] = $("lk-render-size").value.split(/[xX]/).map(Number);
    action("rendering " + current.name, "render",
      { rooms: roomList("lk-render-rooms"), width, height, portals: $("lk-render-portals").checked },
      (result, names, bytes) => {
        showOutput(result.notes.join("\n") || "rendered " + names[0]);
        showImage(bytes[0]);
        download(names[0], bytes[0]);
      });
  };

  $("lk-map").onclick = () => action("drawing the map of " + current.name, "map", {}, (result, names, bytes) => {
    showImage(bytes[0]);
    download(names[0], bytes[0]);
  });

  // --- start ---------------------------------------------------------------------------------------------
  showActions(null);
  (async () => {
    const text = atob(window.LEVELKIT_WASM);
    const wasm = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) wasm[i] = text.charCodeAt(i);
    const started = await send({ wasm: wasm.buffer }, [wasm.buffer]);
    if (!started.header.ok) {
      status("failed", "failed");
      showError(started.header.error);
      return;
    }
    const version = await run("starting", "version", []);
    $("lk-version").textContent = "levelkit " + version.header.result.version + " (WebAssembly, " + text.length.toLocaleString("en") + " bytes)";
    page.readyAt = performance.now();
  })();
})();

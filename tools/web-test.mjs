// Drives the levelkit web page (web/dist/index.html, from file:// or a static host) in headless Chromium as
// a user does (the Open files… button and its file chooser, clicks, typed values, Tab, file drops on each
// region including the 3D view) and checks it against the CLI on the same files.
//
// The tests, each a name the output prints (ok NAME / FAIL NAME: why):
//   parity            info, findings, audit text and holes, and the bytes of every download (repair, build,
//                     export, dump, pack, render) against what the CLI prints and writes; a truncated file
//   one-download      a result of several files is one zip of the CLI's files; names say what each is
//   drops             drops on the bar, the panel and the 3D view open the file, with a drop target shown
//   nothing-stale     a new file, result or error replaces the previous one's; a file's audit stays with it
//   fields            every field read as the CLI reads it, its words, before anything runs; controls that do
//                     not apply are disabled with the reason
//   audit             the audit explained in a sentence with its cause and fix, markers sized to the stage,
//                     the chosen one highlighted, one point per hole (page, view, CLI JSON), scrolled to
//   keyboard-layout   Tab order from Open files, the 3D view's share of a 1,024-px window, names not cut,
//                     results as text
//   files             the picker offers the CLI's files; a file opened twice is selected; files removed
//   disc              "Put a level into a disc image": a PS1 BIN (with and without its .cue) made by the
//                     library's test-image writer (--disc-tool), the image's level files listed as `levelkit ls`
//                     lists them, the path chosen by the level's name (and said), the downloads byte for byte
//                     the CLI's `levelkit patch` output and its report lines; a level failing check, a .cue
//                     alone and an image over the page's limit (a sparse file: nothing is read) each said, the
//                     last with the exact command line to run instead
//   vram-together     a level and its VRAM dump opened together: the level textured at the view's full size,
//                     Fit working, the dump's picture in the Image tab
//   limits-cancel     probes over the CLI's limit refused at once in its words; Cancel (and Esc) stops a long
//                     audit and says so; a file opened meanwhile is said to wait, and opens after
//   results-open      Repair and Build open their result (selected, auditable at once, the output in sight and
//                     focused, the old audit gone); the repaired file audited as the CLI audits it
//   keyboard-holes    the focus on the audit after it runs; the hole list one tab stop, arrows move in it
//   hole-words        a hole named the same in the panel and the 3D view (the library's words)
//   workers           an audit shared by 3 workers and one on 1 (`?workers=N`), each the CLI's; a helper that
//                     stops leaves the audit to the others
//   kept              a mesh built and the built file audited twice: imported, read and prepared once each
//                     (the module keeps them), each audit the CLI's
//   regions           the certified hole regions counted in the summary in the CLI's words, listed (kind, cause,
//                     extent) and outlined from above, one tab stop, the chosen one's witness said; none for a
//                     complete tree
//   messages          a PNG named .cl, weld 1e308, depth 99, size 0x0 in the CLI's words, their fields marked;
//                     the 3D view's "could not be read" gone with the next file
//   landing           the games named, the CLI's samples offered and opened, the hint whole at 1,024 px, text
//                     contrast at least 4.5:1
// The disc test also: a path not in the image points at the page's list and marks the field; the path the
// page chose and its note go with the next level or a typed path.
// Screenshots (--screenshots DIR), each at 1,280×800 and as NAME-1024.png at 1,024×700:
// web-audit-stage-community.png after the community sample's audit; web-audit-repair-audit.png after audit,
// repair, audit again; web-level-vram.png, a level with its VRAM dump; web-disc-patch.png after a level is
// put into a disc image; web-audit-regions-stage-community.png, the community sample's hole regions listed and
// outlined, one chosen.
//
// Usage: node tools/web-test.mjs --levelkit BIN --page web/dist/index.html|http://HOST/index.html
//          [--screenshots DIR] [--big FILE.cl] [--vram VRAM] [--disc-tool BIN] [--json FILE] [--only NAME,NAME]
//          SAMPLE...
// --disc-tool: the library's PS1 test-image writer (`cargo build --release -p levelkit --example
// ps1_test_image`, crates/levelkit/examples/ps1_test_image.rs).
// The samples: a community-style .cl with holes (stage-community.cl), a clean .cl (stage.cl), a Rugrats
// LEVEL file; a test that needs one the list lacks is skipped and says so.
// Environment: LEVELKIT_CHROMIUM (default /usr/bin/chromium).
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, copyFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

const args = process.argv.slice(2);
const opt = { samples: [] };
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  if (["--levelkit", "--page", "--screenshots", "--big", "--json", "--vram", "--only", "--disc-tool"].includes(a)) opt[a.slice(2)] = args[++i];
  else opt.samples.push(a);
}
if (!opt.levelkit || !opt.page || opt.samples.length === 0) {
  console.error("usage: node tools/web-test.mjs --levelkit BIN --page INDEX.html [--screenshots DIR] [--big F.cl] [--vram F] [--json F] [--only NAMES] SAMPLE...");
  process.exit(2);
}
const only = opt.only ? new Set(opt.only.split(",")) : null;
const executablePath = process.env.LEVELKIT_CHROMIUM || "/usr/bin/chromium";
const { chromium } = await import("playwright-core");

// The CLI runs in a folder holding a copy of each file, so it names the file as the page does.
const work = mkdtempSync(path.join(tmpdir(), "levelkit-web-"));
const levelkit = path.resolve(opt.levelkit);
function cli(...argv) {
  const r = spawnSync(levelkit, argv, { cwd: work, encoding: "buffer", maxBuffer: 1 << 30 });
  return { status: r.status, stdout: r.stdout.toString("utf8"), stderr: r.stderr.toString("utf8") };
}
const cliFile = (name) => readFileSync(path.join(work, name));
// The CLI's export of `name` to `to` into a fresh folder work/DIR: the folder and its files, sorted.
function cliExport(name, stem, to, folder, ...args) {
  const dir = path.join(work, folder);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir);
  cli("export", name, ...args, "-o", path.join(dir, `${stem}.${to}`));
  return { dir, wantFiles: readdirSync(dir).sort() };
}
const local = (sample) => {
  const name = path.basename(sample);
  copyFileSync(sample, path.join(work, name));
  return path.join(work, name);
};
// The files in a zip, by Python's zipfile (an unzip tool that is not the page's own code).
function unzip(bytes) {
  const file = path.join(work, "unzip-in.zip");
  writeFileSync(file, bytes);
  const r = spawnSync("python3", ["-c", `
import base64, json, sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
bad = z.testzip()
print(json.dumps({"bad": bad, "files": {n: base64.b64encode(z.read(n)).decode() for n in z.namelist()}}))
`, file], { encoding: "utf8", maxBuffer: 1 << 30 });
  if (r.status !== 0) throw new Error("not a zip Python reads: " + r.stderr.trim());
  const out = JSON.parse(r.stdout);
  if (out.bad) throw new Error("zip member fails its CRC: " + out.bad);
  return Object.fromEntries(Object.entries(out.files).map(([n, b]) => [n, Buffer.from(b, "base64")]));
}

const sampleOf = (re) => opt.samples.find((s) => re.test(path.basename(s)));
const community = sampleOf(/community.*\.cl$/i);
const cleanCl = opt.samples.find((s) => /\.cl$/i.test(s) && s !== community);
const level = sampleOf(/\.bin$/i);

const profile = mkdtempSync(path.join(tmpdir(), "levelkit-chromium-"));
const browser = await chromium.launchPersistentContext(profile, {
  executablePath,
  headless: true,
  acceptDownloads: true,
  viewport: { width: 1280, height: 800 },
  args: [
    "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--disable-quic", "--enable-unsafe-swiftshader",
    "--use-angle=swiftshader",
  ],
});

const problems = [];
const results = { tests: {}, files: {} };
let testName = "";
const check = (ok, message) => { if (!ok) problems.push(`${testName}: ${message}`); return ok; };
const pageUrl = /^https?:/.test(opt.page) ? opt.page : pathToFileURL(path.resolve(opt.page)).href;
const pageOrigin = /^https?:/.test(opt.page) ? new URL(opt.page).origin : null;

let page;
let downloads = [];
async function freshPage(viewport, query) {
  // The new page first: closing a persistent context's last page closes the browser.
  const old = page;
  page = await browser.newPage();
  if (old) await old.close();
  if (viewport) await page.setViewportSize(viewport);
  page.on("console", (m) => { if (m.type() === "error") problems.push(`${testName}: console error: ${m.text()}`); });
  page.on("pageerror", (e) => problems.push(`${testName}: page error: ${e.message}`));
  page.on("request", (r) => {
    const url = r.url();
    const own = pageOrigin && url.startsWith(pageOrigin + "/");
    if (!own && !/^(file|data|blob|about):/.test(url)) problems.push(`${testName}: network request: ${url}`);
  });
  downloads = [];
  page.on("download", (d) => downloads.push(d));
  await page.goto(pageUrl + (query || ""), { waitUntil: "load" });
  await idle();
  return page;
}

// Downloads since the last take(), by name (a list: the same name twice is two downloads).
async function take() {
  await page.waitForTimeout(400); // download events follow the clicks on the links
  const list = downloads;
  downloads = [];
  const out = [];
  for (const d of list) out.push([d.suggestedFilename(), readFileSync(await d.path())]);
  return out;
}
const byName = (list) => Object.fromEntries(list);

const idle = () => page.waitForFunction(() => document.getElementById("lk-status").dataset.state === "idle", null, { timeout: 600000 });
const text = (sel) => page.locator(sel).first().evaluate((e) => e.textContent);
const visible = (sel) => page.locator(sel).first().isVisible();
const count = (key) => page.evaluate((k) => window.levelkitPage[k] || 0, key);
const after = (key, n) => page.waitForFunction(([k, n]) => (window.levelkitPage[k] || 0) > n, [key, n], { timeout: 600000 });

// Opens files as a user does: the Open files… button, then the browser's file chooser.
async function open(...files) {
  const n = await count("opened");
  const chooser = page.waitForEvent("filechooser");
  await page.getByText("Open files…", { exact: true }).click();
  await (await chooser).setFiles(files);
  await after("opened", n);
  await idle();
}

// Selects an open file by its name in the Files list (a result opens itself: this goes back to another).
async function selectFile(name) {
  await page.locator("#lk-files button.lk-file-name").filter({ hasText: new RegExp("^" + name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&") + "  \\(") }).first().click();
  await idle();
}
// The name of the file selected in the Files list.
const selected = () => page.evaluate(() => ((document.querySelector('#lk-files .lk-file-name[aria-current="true"]') || {}).textContent || "").split("  (")[0]);

/// Clicks an action button and returns what the page downloaded.
async function act(button) {
  const n = await count("acted");
  await page.click(button);
  await after("acted", n);
  await idle();
  return take();
}

/// Types into a field as a user does: select what is there, type over it.
async function type(selector, value) {
  await page.click(selector, { clickCount: 3 });
  await page.keyboard.press("Control+A");
  await page.keyboard.type(value);
}

function same(what, got, want) {
  const equal = got && want && Buffer.compare(Buffer.from(got), Buffer.from(want)) === 0;
  if (!equal && process.env.LEVELKIT_WEB_KEEP && got && want) {
    const base = path.join(process.env.LEVELKIT_WEB_KEEP, what.replace(/[^\w.-]+/g, "_"));
    writeFileSync(base + ".page", got);
    writeFileSync(base + ".cli", want);
  }
  return check(equal, `${what}: the page's ${got ? got.length : "missing"} bytes differ from the CLI's ${want ? want.length : "missing"}`);
}

const viewFrame = () => page.frameLocator("#lk-frame");
const frameWindow = () => page.frames().find((f) => f.parentFrame() === page.mainFrame());
async function viewReady() {
  await page.waitForFunction(() => window.levelkitPage.frameAt, null, { timeout: 120000 });
}

// The first stderr line of a CLI usage error, as the page shows it.
const cliError = (...argv) => cli(...argv).stderr.split("\n")[0].trim();

// The point the view marks for each hole of `levelkit audit --json`: where the complete tree's answer lies
// along the probe (f32 arithmetic, as the library), rounded as the lists print it.
function cliHolePoints(report) {
  const f = Math.fround;
  const out = [];
  for (const d of report.hole_list) {
    if (!d.complete) continue;
    const len = f(Math.sqrt(f(f(f(d.dir[0] * d.dir[0]) + f(d.dir[1] * d.dir[1])) + f(d.dir[2] * d.dir[2]))));
    if (!(len > 0)) continue;
    out.push([0, 1, 2].map((i) => f(d.start[i] + f(f(d.dir[i] / len) * d.complete[1]))));
  }
  for (const h of report.hanging_triangles) out.push(h.at);
  return out;
}
const round = (p) => p.map((v) => +Number(v).toFixed(1));
const parsePoint = (s) => {
  const m = /\(([-\d.e]+), ([-\d.e]+), ([-\d.e]+)\)/.exec(s);
  return m ? [+m[1], +m[2], +m[3]] : null;
};
const near = (a, b) => a && b && a.every((v, i) => Math.abs(v - b[i]) <= 0.11);

// Counts the pixels of the view's canvas near a colour (the viewer keeps its last frame readable).
async function colourShare(rgb) {
  const frame = frameWindow();
  return frame.evaluate(([r, g, b]) => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => {
    const canvas = document.querySelector("#lk-view canvas");
    const gl = canvas.getContext("webgl2") || canvas.getContext("webgl");
    const w = gl.drawingBufferWidth, h = gl.drawingBufferHeight;
    const px = new Uint8Array(w * h * 4);
    gl.readPixels(0, 0, w, h, gl.RGBA, gl.UNSIGNED_BYTE, px);
    let n = 0;
    for (let i = 0; i < px.length; i += 4) {
      if (Math.abs(px[i] - r) < 40 && Math.abs(px[i + 1] - g) < 40 && Math.abs(px[i + 2] - b) < 40) n++;
    }
    done(n / (w * h));
  }))), rgb);
}

const tests = [];
const test = (name, needs, fn) => tests.push({ name, needs, fn });

// --- parity with the CLI ---------------------------------------------------------------------------------
test("parity", [], async () => {
  await freshPage();
  for (const sample of opt.samples) {
    const file = local(sample);
    const name = path.basename(sample);
    const stem = name.replace(/\.[^.]*$/, "");
    const r = (results.files[name] = {});
    await open(file);
    if (!check(!(await visible("#lk-error-box")), `${name}: the page shows an error: ${await text("#lk-error")}`)) continue;
    check((await text("#lk-info")) === cli("info", name).stdout, `${name}: info differs from \`levelkit info\``);
    const want = JSON.parse(cli("check", name, "--json").stdout);
    const got = await page.locator("#lk-findings-summary").evaluate((e) => ({ ...e.dataset }));
    r.findings = { errors: +got.errors, warnings: +got.warnings, notes: +got.notes };
    check(r.findings.errors === want.errors && r.findings.warnings === want.warnings && r.findings.notes === want.notes,
      `${name}: findings ${JSON.stringify(r.findings)}, the CLI ${want.errors}/${want.warnings}/${want.notes}`);
    const lines = await page.locator("#lk-findings li.lk-finding").evaluateAll((ls) => ls.map((l) => [l.textContent, l.dataset.offset ?? null]));
    const cliLines = cli("check", name, "--all").stdout.trimEnd().split("\n").slice(0, -1);
    const cliPairs = want.findings.map((f, i) => [cliLines[i], f.offset === null ? null : String(f.offset)]);
    const sorted = (pairs) => JSON.stringify(pairs.map((p) => JSON.stringify(p)).sort());
    check(sorted(lines) === sorted(cliPairs), `${name}: findings or their offsets differ from \`levelkit check --all\``);
    const folded = await page.locator("#lk-findings li.lk-group summary").evaluateAll((ls) => ls.map((l) => l.textContent));
    const cliGroups = cli("check", name).stdout.split("\n").filter((l) => / at .*, the first \d+:$/.test(l))
      .map((l) => l.replace(/, the first \d+:$/, ""));
    check(JSON.stringify(folded) === JSON.stringify(cliGroups), `${name}: folded rules ${JSON.stringify(folded)}, \`levelkit check\` ${JSON.stringify(cliGroups)}`);
    const format = want.format;

    if (format === "heroes-cl") {
      await act("#lk-audit-run");
      const audit = JSON.parse(cli("audit", name, "--json").stdout);
      r.holes = +(await page.locator("#lk-audit-summary").evaluate((e) => e.dataset.holes));
      check(r.holes === audit.holes, `${name}: ${r.holes} holes in the page, ${audit.holes} from the CLI`);
      check((await text("#lk-audit")) === cli("audit", name).stdout, `${name}: audit text differs from \`levelkit audit\``);
      const shared = await page.evaluate(() => [window.levelkitPage.audits.at(-1).workers, window.levelkitPage.workers]);
      check(shared[0] === shared[1], `${name}: the audit ran on ${shared[0]} of the page's ${shared[1]} workers`);
      await viewReady();
      r.marked = await viewFrame().locator("#lk-hole-list li").count();
      check(audit.holes === 0 ? r.marked === 0 : r.marked > 0, `${name}: ${r.marked} holes marked in the view`);
      const repaired = byName(await act("#lk-repair"));
      cli("repair-cl", name, "-o", "cli-repaired.cl");
      same(`${name} repair`, repaired[`${stem}-repaired.cl`], cliFile("cli-repaired.cl"));
      await selectFile(name); // the repaired file opened itself
    }
    const built = byName(await act("#lk-build"));
    cli("build-cl", name, "-o", "cli-built.cl");
    same(`${name} build-cl`, built[`${stem}-built.cl`], cliFile("cli-built.cl"));
    await selectFile(name); // the built file opened itself
    for (const to of ["glb", "obj"]) {
      await page.selectOption("#lk-export-to", to);
      const got = await act("#lk-export");
      const { dir, wantFiles } = cliExport(name, stem, to, "cli-" + to);
      const files = got.length === 1 && got[0][0].endsWith(".zip") ? unzip(got[0][1]) : byName(got);
      check(JSON.stringify(Object.keys(files).sort()) === JSON.stringify(wantFiles), `${name} export ${to}: files ${Object.keys(files)} vs ${wantFiles}`);
      for (const f of wantFiles) same(`${name} export ${f}`, files[f], readFileSync(path.join(dir, f)));
      if (to === "obj" && format === "heroes-cl") {
        // The exported OBJ back through the page's build, against the CLI's build of the same OBJ.
        writeFileSync(path.join(work, `${stem}.obj`), files[`${stem}.obj`]);
        await open(path.join(work, `${stem}.obj`));
        const fromObj = byName(await act("#lk-build"));
        cli("build-cl", `${stem}.obj`, "-o", "cli-obj.cl");
        same(`${stem}.obj build-cl`, fromObj[`${stem}-built.cl`], cliFile("cli-obj.cl"));
        await open(file);
      }
    }
    const dump = byName(await act("#lk-dump"));
    cli("dump", name, "-o", "cli-dump.json");
    same(`${name} dump`, dump[`${stem}-dump.json`], cliFile("cli-dump.json"));
    writeFileSync(path.join(work, `${stem}-dump.json`), dump[`${stem}-dump.json`] || "");
    await open(path.join(work, `${stem}-dump.json`));
    const packed = byName(await act("#lk-pack"));
    cli("pack", `${stem}-dump.json`, "-o", "cli-packed.bin");
    const ext = format === "heroes-cl" ? "cl" : "BIN";
    same(`${name} pack`, packed[`${stem}-packed.${ext}`], cliFile("cli-packed.bin"));
    same(`${name} pack = the original`, packed[`${stem}-packed.${ext}`], readFileSync(sample));
    await open(file);
    if (format === "reptar-level") {
      const png = byName(await act("#lk-render"));
      cli("render", name, "-o", "cli-render.png");
      same(`${name} render`, png[`${stem}-render.png`], cliFile("cli-render.png"));
    }
    console.log(`  checked ${name} ${JSON.stringify(r)}`);
  }
  // A VRAM dump: decoded in the page, then the level's render and GLB textured with it, as the CLI's.
  if (opt.vram && level) {
    const name = path.basename(level);
    const stem = name.replace(/\.[^.]*$/, "");
    const vram = local(opt.vram);
    await open(vram);
    const shown = await page.waitForFunction(() => {
      const i = document.getElementById("lk-image");
      return i.complete && i.naturalWidth === 1024;
    }, null, { timeout: 10000 }).then(() => true, () => false);
    check(shown, "the VRAM dump is not shown as a 1024-wide image");
    await open(local(level));
    const png = byName(await act("#lk-render"));
    cli("render", name, "--vram", path.basename(vram), "-o", "cli-vram.png");
    same(`${name} render with VRAM`, png[`${stem}-render.png`], cliFile("cli-vram.png"));
    await page.selectOption("#lk-export-to", "glb");
    const glb = byName(await act("#lk-export"));
    cli("export", name, "--vram", path.basename(vram), "-o", "cli-vram.glb");
    same(`${name} GLB with VRAM`, glb[`${stem}.glb`], cliFile("cli-vram.glb"));
    results.vram = true;
  }
  // A truncated file: an error naming the offset; then the page still works.
  const first = opt.samples[0];
  const cut = readFileSync(first);
  const truncated = path.join(work, "truncated" + path.extname(first));
  writeFileSync(truncated, cut.subarray(0, Math.floor(cut.length / 3)));
  await open(truncated);
  const shown = await text("#lk-error");
  results.truncated = shown;
  check(shown.startsWith("levelkit: error: truncated"), `truncated file: the page shows "${shown}"`);
  check(!shown.includes("--format"), `truncated file: the page names a flag it does not have: "${shown}"`);
  check(/offset|0x[0-9a-f]+|byte \d+/i.test(shown), `truncated file: the error names no offset: ${shown}`);
  await open(local(first));
  check(!(await visible("#lk-error-box")), "after the error, opening a good file still shows an error");
  check((await text("#lk-info")) === cli("info", path.basename(first)).stdout, "after the error, info of a good file differs");
});

// --- one download per action ------------------------------------------------------------------------------
test("one-download", [level, cleanCl], async () => {
  await freshPage();
  const name = path.basename(level);
  const stem = name.replace(/\.[^.]*$/, "");
  const vramArgs = [];
  if (opt.vram) {
    await open(local(opt.vram));
    vramArgs.push("--vram", path.basename(opt.vram));
  }
  await open(local(level));
  for (const to of ["obj", "gltf"]) {
    await page.selectOption("#lk-export-to", to);
    const got = await act("#lk-export");
    const { dir, wantFiles } = cliExport(name, stem, to, "one-" + to, ...vramArgs);
    results.tests[`export ${to} files`] = wantFiles.length;
    // Several files: one zip of them; one file (a glTF with its data inside): that file.
    const wantName = wantFiles.length > 1 ? `${stem}-${to}.zip` : wantFiles[0];
    check(got.length === 1, `${name} export ${to}: ${got.length} downloads (${got.map((g) => g[0]).join(", ")}), not one`);
    check(got[0] && got[0][0] === wantName, `${name} export ${to}: downloaded as ${got[0] && got[0][0]}, not ${wantName}`);
    let files = {};
    try {
      files = got.length !== 1 ? {} : wantFiles.length > 1 ? unzip(got[0][1]) : { [wantFiles[0]]: got[0][1] };
    } catch (e) { check(false, `${name} export ${to}: ${e.message}`); }
    check(JSON.stringify(Object.keys(files).sort()) === JSON.stringify(wantFiles), `${name} export ${to}: the zip holds ${Object.keys(files)}, the CLI wrote ${wantFiles}`);
    for (const f of wantFiles) same(`${name} export ${to} ${f}`, files[f], readFileSync(path.join(dir, f)));
    const output = await text("#lk-output-box");
    const says = wantFiles.length > 1 ? `wrote ${wantName}: ${wantFiles.length} files` : `wrote ${wantName}: `;
    check(output.includes(says), `${name} export ${to}: the output does not say what it wrote (${says}…): ${output}`);
  }
  // Names that say what each result is, one button each.
  const cl = path.basename(cleanCl);
  const clStem = cl.replace(/\.[^.]*$/, "");
  await open(local(cleanCl));
  const names = [];
  const one = async (what, button) => {
    const got = await act(button);
    check(got.length === 1, `${cl} ${what}: ${got.length} downloads`);
    if (got[0]) names.push(got[0][0]);
    return got[0] ? got[0][0] : "";
  };
  check((await one("build", "#lk-build")) === `${clStem}-built.cl`, `${cl} build: not named ${clStem}-built.cl: ${names.at(-1)}`);
  await selectFile(cl); // the built file opened itself
  await page.selectOption("#lk-export-to", "glb");
  check((await one("export glb", "#lk-export")) === `${clStem}.glb`, `${cl} export glb: ${names.at(-1)}`);
  await page.check("#lk-export-tree");
  check((await one("export glb with the tree", "#lk-export")) === `${clStem}-with-tree.glb`, `${cl} export glb with the quadtree: ${names.at(-1)}`);
  await page.uncheck("#lk-export-tree");
  check((await one("dump", "#lk-dump")) === `${clStem}-dump.json`, `${cl} dump: ${names.at(-1)}`);
  check(new Set([...names, cl]).size === names.length + 1, `${cl}: results share a name (or the input's): ${names}`);
  // The dump is Dump JSON's result alone: Export does not offer the same bytes again.
  const exportTo = await page.locator("#lk-export-to option").evaluateAll((os) => os.map((o) => o.value));
  check(!exportTo.includes("json"), `Export offers json, the same bytes as Dump JSON: ${exportTo}`);
});

// --- drops anywhere ---------------------------------------------------------------------------------------
test("drops", [cleanCl], async () => {
  await freshPage();
  const tabs = browser.pages().length;
  const files = [cleanCl, community || cleanCl, level || cleanCl].map((f) => [path.basename(f), readFileSync(f).toString("base64")]);
  const makeDt = (where, [name, b64]) => where.evaluateHandle(([name, b64]) => {
    const bin = atob(b64);
    const bytes = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    const dt = new DataTransfer();
    dt.items.add(new File([bytes], name));
    return dt;
  }, [name, b64]);
  const current = () => page.evaluate(() => (document.querySelector('#lk-files [aria-current="true"]') || {}).textContent || "");
  const regions = [["the bar", "#lk-bar"], ["the panel", "#lk-side"], ["the 3D view", "#lk-frame"]];
  for (let i = 0; i < regions.length; i++) {
    const [label, selector] = regions[i];
    const file = files[i];
    const n = await count("opened");
    const box = await page.locator(selector).boundingBox();
    const x = box.x + box.width / 2, y = box.y + box.height / 2;
    if (selector === "#lk-frame") {
      // The frame's own document gets a drag over it (the view drawn, so it is not replaced meanwhile).
      await viewReady();
      const frame = frameWindow();
      await frame.waitForLoadState("load");
      const dt = await makeDt(frame, file);
      const prevented = await frame.evaluate((dt) => ["dragenter", "dragover"].map((type) => {
        const e = new DragEvent(type, { dataTransfer: dt, bubbles: true, cancelable: true, clientX: 100, clientY: 100 });
        document.body.dispatchEvent(e);
        return e.defaultPrevented;
      }), dt);
      check(prevented.every(Boolean), `a drag over ${label} is not taken (the browser would open the file itself)`);
    } else {
      const dt = await makeDt(page, file);
      await page.dispatchEvent(selector, "dragenter", { dataTransfer: dt, clientX: x, clientY: y });
      await page.dispatchEvent(selector, "dragover", { dataTransfer: dt, clientX: x, clientY: y });
    }
    const target = await page.waitForFunction(() => !document.getElementById("lk-drop").hidden, null, { timeout: 3000 }).then(() => true, () => false);
    if (!check(target, `dragging a file over ${label} shows no drop target`)) continue;
    // The drop lands on what is on top there: the drop target.
    const dt = await makeDt(page, file);
    const taken = await page.evaluate(([dt, x, y]) => {
      const e = new DragEvent("drop", { dataTransfer: dt, bubbles: true, cancelable: true, clientX: x, clientY: y });
      document.elementFromPoint(x, y).dispatchEvent(e);
      return e.defaultPrevented;
    }, [dt, x, y]);
    check(taken, `a drop on ${label} is left to the browser (it opens the file in a tab)`);
    const opened = await after("opened", n).then(() => true, () => false);
    await idle();
    check(opened && (await current()).startsWith(file[0]), `a drop on ${label} did not open ${file[0]} (current: ${await current()})`);
    check(!(await visible("#lk-drop")), `the drop target stays after a drop on ${label}`);
  }
  // A drop that reaches the 3D view's own document (before the target covers it) opens the file too.
  await viewReady().catch(() => {});
  const frame = frameWindow();
  const n = await count("opened");
  const dt = await makeDt(frame, files[0]);
  const prevented = await frame.evaluate((dt) => {
    const e = new DragEvent("drop", { dataTransfer: dt, bubbles: true, cancelable: true });
    document.body.dispatchEvent(e);
    return e.defaultPrevented;
  }, dt);
  check(prevented, "a drop inside the 3D view's page is left to the browser");
  const opened = await after("opened", n).then(() => true, () => false);
  await idle();
  check(opened && (await current()).startsWith(files[0][0]), "a drop inside the 3D view's page opened nothing");
  check(browser.pages().length === tabs, "a drop opened a new tab");
});

// --- nothing stale ------------------------------------------------------------------------------------------
test("nothing-stale", [community, level, cleanCl], async () => {
  await freshPage();
  const cname = path.basename(community);
  await open(local(community));
  await act("#lk-audit-run");
  await viewReady();
  const holes = await page.locator("#lk-audit-summary").evaluate((e) => e.dataset.holes);
  check(+holes > 0, `${cname}: no holes after its audit`);
  // A JSON dump: nothing of the community file's view or audit under the new name.
  const stem = path.basename(cleanCl).replace(/\.[^.]*$/, "");
  cli("dump", path.basename(local(cleanCl)), "-o", `${stem}-dump.json`);
  await open(path.join(work, `${stem}-dump.json`));
  await page.waitForTimeout(500);
  const marked = await viewFrame().locator("#lk-hole-list li").count().catch(() => 0);
  check(marked === 0, `after opening a JSON dump the 3D view still shows ${cname}'s ${marked} holes`);
  check(!(await visible("#lk-audit-box")), "after opening a JSON dump the previous file's audit is still shown");
  const title = await viewFrame().locator("#lk-title").textContent({ timeout: 1000 }).catch(() => null);
  check(title === null, `after opening a JSON dump the 3D view still shows ${title}`);
  // A result, then an error: the error replaces the result.
  await open(local(level));
  await act("#lk-render");
  check((await text("#lk-output")).includes("wrote"), "Render says nothing it wrote");
  await type("#lk-render-size", "big");
  await act("#lk-render");
  check(await visible("#lk-error-box"), "a refused size shows no error");
  const output = (await visible("#lk-output-box")) ? await text("#lk-output") : "";
  check(!output.includes("render"), `after an error the Output still says "${output.trim()}"`);
  check(!(await visible("#lk-image-box")), "after an error the previous picture is still shown");
  await type("#lk-render-size", "640x480");
  // The audit stays with its file: selected again, its holes come back without another audit.
  const acted = await count("acted");
  await page.locator("#lk-files button", { hasText: cname }).first().click();
  await idle();
  check(await visible("#lk-audit-box"), `${cname} selected again: its audit is gone`);
  const again = await page.locator("#lk-audit-summary").evaluate((e) => e.dataset.holes).catch(() => null);
  check(again === holes, `${cname} selected again: ${again} holes, ${holes} before`);
  await viewReady();
  const back = await viewFrame().locator("#lk-hole-list li").count();
  check(back > 0, `${cname} selected again: the view marks no holes`);
  check((await count("acted")) === acted, "selecting a file ran an action");
  check(!(await visible("#lk-error-box")), "selecting another file keeps the previous file's error");
});

// --- fields ---------------------------------------------------------------------------------------------------
test("fields", [level, cleanCl], async () => {
  await freshPage();
  const name = path.basename(level);
  await open(local(level));
  const refused = async (button, field, value, want) => {
    await type(field, value);
    const got = await act(button);
    check(got.length === 0, `${field} "${value}": ${got.length} file(s) downloaded`);
    const shown = (await visible("#lk-error-box")) ? (await text("#lk-error")).trim() : "(no error)";
    check(shown === want, `${field} "${value}": the page says "${shown}", the CLI "${want}"`);
    const marked = await page.locator(field).evaluate((e) => e.getAttribute("aria-invalid") === "true" && document.activeElement === e);
    check(marked, `${field} "${value}": the field is not marked and focused`);
  };
  await refused("#lk-render", "#lk-render-size", "big", cliError("render", name, "--size", "big", "-o", "x.png"));
  await type("#lk-render-size", "640x480");
  await refused("#lk-render", "#lk-render-rooms", "a", cliError("render", name, "--room", "a", "-o", "x.png"));
  await type("#lk-render-rooms", "");
  await refused("#lk-export", "#lk-export-rooms", "0,x", cliError("export", name, "--room", "0,x", "-o", "x.glb"));
  await type("#lk-export-rooms", "");
  // Controls that do not apply to a Rugrats level: the quadtree.
  check(await page.locator("#lk-export-tree").isDisabled(), "the quadtree box is enabled for a Rugrats level");
  check((await visible("#lk-why")) && /quadtree/i.test(await text("#lk-why")), "no reason is shown for the disabled quadtree box");
  const cl = path.basename(cleanCl);
  await open(local(cleanCl));
  await refused("#lk-build", "#lk-build-depth", "deep", cliError("build-cl", cl, "--depth", "deep", "-o", "x.cl"));
  await type("#lk-build-depth", "auto");
  await refused("#lk-build", "#lk-build-weld", "abc", cliError("build-cl", cl, "--weld", "abc", "-o", "x.cl"));
  await type("#lk-build-weld", "0.01");
  await refused("#lk-build", "#lk-build-attribute", "banana", cliError("build-cl", cl, "--attribute", "banana", "-o", "x.cl"));
  await type("#lk-build-attribute", "");
  await refused("#lk-audit-run", "#lk-audit-probes", "many", cliError("audit", cl, "--probes", "many"));
  // After clap: the CLI's usage check (exit 2) in its words.
  await refused("#lk-audit-run", "#lk-audit-probes", "0", cliError("audit", cl, "--probes", "0"));
  await type("#lk-audit-probes", "10000");
  // Controls that do not apply to a Sonic Heroes file: rooms and portals, disabled, with the reason.
  for (const id of ["#lk-render-rooms", "#lk-render-portals", "#lk-export-rooms"]) {
    const off = !(await page.locator(id).isVisible()) || (await page.locator(id).isDisabled());
    check(off, `${id} can be used on a Sonic Heroes file, which has no rooms`);
  }
  check((await visible("#lk-why")) && /no(ne| rooms)/i.test(await text("#lk-why")), "no reason is shown for the rooms and portals controls");
  // A good value runs.
  const got = await act("#lk-render");
  check(got.length === 1 && !(await visible("#lk-error-box")), "Render with good values did not run");
});

// --- the audit ---------------------------------------------------------------------------------------------
test("audit", [community], async () => {
  await freshPage();
  const name = path.basename(community);
  await open(local(community));
  await viewReady();
  await act("#lk-audit-run");
  await viewReady();
  const report = JSON.parse(cli("audit", name, "--json").stdout);
  // One sentence above the numbers: what a hole is, its cause as check names it, the fix.
  const sentence = (await visible("#lk-audit-sentence")) ? await text("#lk-audit-sentence") : "";
  check(/hole is/i.test(sentence) && /repair/i.test(sentence), `no sentence says what a hole is and what fixes it: "${sentence}"`);
  const above = await page.evaluate(() => {
    const s = document.getElementById("lk-audit-sentence"), n = document.getElementById("lk-audit-numbers");
    return !!(s && n && s.getBoundingClientRect().bottom <= n.getBoundingClientRect().top);
  });
  check(above, "the sentence is not above the numbers");
  const causes = await page.locator("#lk-audit-causes li").allTextContents().catch(() => []);
  check(causes.some((c) => /nodes\[\*\]|nodes\[\d+\]/.test(c)), `no cause named as check names it: ${JSON.stringify(causes)}`);
  const freeze = (await visible("#lk-freeze-sentence")) ? await text("#lk-freeze-sentence") : "";
  check(/freez/i.test(freeze), `nothing says whether the stage freezes the game: "${freeze}"`);
  // Scrolled into view.
  const inView = await page.evaluate(() => {
    const b = document.getElementById("lk-audit-box").getBoundingClientRect();
    const side = document.getElementById("lk-side").getBoundingClientRect();
    return b.top >= side.top - 1 && b.top < side.bottom - 40;
  });
  check(inView, "the audit is below the fold");
  // Markers sized to the stage: the stage stays visible.
  const magenta = await colourShare([255, 43, 214]);
  results.tests.markerShare = +magenta.toFixed(4);
  check(magenta > 0 && magenta < 0.03, `hole markers cover ${(magenta * 100).toFixed(1)} % of the view`);
  // One point per hole: the page's list, the view's list and the CLI's JSON.
  const pageList = await page.locator("#lk-hole-list button").allTextContents().catch(() => []);
  const viewList = await viewFrame().locator("#lk-hole-list li").allTextContents();
  const cliPoints = cliHolePoints(report);
  results.tests.marked = viewList.length;
  check(pageList.length === viewList.length && viewList.length === cliPoints.length,
    `${pageList.length} holes listed in the page, ${viewList.length} in the view, ${cliPoints.length} in \`audit --json\``);
  for (let i = 0; i < Math.min(pageList.length, 50); i++) {
    const p = parsePoint(pageList[i]), v = parsePoint(viewList[i]), c = round(cliPoints[i] || [NaN, NaN, NaN]);
    if (!check(near(p, v) && near(v, c), `hole ${i + 1}: the page gives ${p}, the view ${v}, the CLI's JSON ${c}`)) break;
  }
  // The chosen one highlighted, in both lists and the view.
  const before = await colourShare([255, 225, 77]);
  if (pageList.length > 2) {
    await page.locator("#lk-hole-list button").nth(2).click();
    await page.waitForTimeout(300);
    const chosen = await frameWindow().evaluate(() => window.levelkitChosenHole);
    check(chosen === 2, `the view did not choose hole 3 (it has ${chosen})`);
    const highlighted = await viewFrame().locator("#lk-hole-list li.lk-chosen").allTextContents();
    check(highlighted.length === 1 && highlighted[0] === viewList[2], `the view highlights ${JSON.stringify(highlighted)}`);
    check((await page.locator("#lk-hole-list button").nth(2).getAttribute("aria-current")) === "true", "the page's list does not mark the chosen hole");
    const yellow = await colourShare([255, 225, 77]);
    check(yellow > before, `the chosen hole is not drawn highlighted (${before} → ${yellow})`);
  } else {
    check(false, "fewer than 3 holes listed in the page");
  }
  // The pictures for the docs, at the two window sizes a modder has.
  if (opt.screenshots) {
    mkdirSync(opt.screenshots, { recursive: true });
    for (const [w, h, file] of [[1280, 800, "web-audit-stage-community.png"], [1024, 700, "web-audit-stage-community-1024.png"]]) {
      await page.setViewportSize({ width: w, height: h });
      await page.waitForTimeout(600);
      // The whole stage, the chosen hole still yellow.
      await frameWindow().evaluate(() => window.levelkit.fit());
      await page.waitForTimeout(300);
      await page.locator("#lk-audit-box").evaluate((e) => e.scrollIntoView({ block: "start" }));
      await page.waitForTimeout(300);
      await page.screenshot({ path: path.join(opt.screenshots, file) });
      results.tests[file] = `${w}x${h}`;
    }
  }
});

// The certified hole regions (issue 57): counted in the summary in the CLI's words, one entry per region
// (kind, cause, extent), outlined from above, one tab stop with arrows, the chosen one's witness said and
// marked; a complete tree says none. Saves web-audit-regions-stage-community.png (and its -1024 twin).
test("regions", [community, cleanCl], async () => {
  await freshPage();
  const name = path.basename(community);
  await open(local(community));
  await viewReady();
  await act("#lk-audit-run");
  await viewReady();
  const report = JSON.parse(cli("audit", name, "--json").stdout);
  const regions = report.regions;
  const total = regions.counts.reduce((a, b) => a + b, 0);
  check(regions.certified && total > 0, `the CLI finds no regions in ${name}: this test needs some`);
  const summary = await text("#lk-audit-summary");
  check(summary.includes(total.toLocaleString("en") + " hole region"), `the summary "${summary}" does not count ${total.toLocaleString("en")} hole regions`);
  const cliText = cli("audit", name).stdout.split("\n");
  const first = cliText.find((l) => l.startsWith("hole regions:"));
  const sentence = (await visible("#lk-regions-sentence")) ? await text("#lk-regions-sentence") : "";
  check(!!first && sentence.startsWith(first), `the regions are not said in the CLI's words: "${sentence.slice(0, 120)}" / "${first}"`);
  const buttons = page.locator("#lk-region-list button");
  const stops = await buttons.evaluateAll((bs) => [bs.length, bs.filter((b) => b.tabIndex >= 0).length]);
  results.tests.regionButtons = stops[0];
  check(stops[0] === regions.confirmed.length && stops[1] === 1, `${stops[0]} regions listed (the CLI's JSON has ${regions.confirmed.length}), ${stops[1]} tab stops (one wanted)`);
  const paths = await page.locator("#lk-regions-map path").count();
  check(paths === regions.confirmed.length && (await visible("#lk-regions-map")), `${paths} regions outlined from above, not ${regions.confirmed.length}`);
  const title = await text("#lk-regions-title");
  if (regions.confirmed.length < total) {
    check(title.includes(regions.confirmed.length.toLocaleString("en") + " of " + total.toLocaleString("en")), `the list's title "${title}" does not say it lists ${regions.confirmed.length} of ${total}`);
  }
  const r1 = regions.confirmed[1];
  const entry = await buttons.nth(1).textContent().catch(() => "");
  const kindWords = { vertical: "vertical probes", line: "line casts", move: "moving spheres" }[r1 && r1.probe];
  check(!!r1 && entry.includes(kindWords) && entry.includes(r1.cause.kind.replace(/_/g, " ")) && /x -?\d/.test(entry), `region 2 reads "${entry}", without its kind, cause or extent`);
  await buttons.first().focus();
  await page.keyboard.press("ArrowDown");
  const at = await page.evaluate(() => document.activeElement.dataset.region);
  check(at === "1", `ArrowDown from the first region reaches region ${at}, not 1`);
  await page.keyboard.press("Enter");
  const witness = await text("#lk-region-witness");
  const start = "(" + r1.witness.start.map((v) => +Number(v).toFixed(1)).join(", ") + ")";
  check(witness.includes("Witness") && witness.includes(start), `Enter on region 2 does not show its witness from ${start}: "${witness}"`);
  check((await buttons.nth(1).getAttribute("aria-current")) === "true", "the region list does not mark the chosen region");
  check((await page.locator("#lk-regions-map path.lk-chosen").count()) === 1 && (await visible("#lk-region-dot")), "the chosen region is not drawn highlighted with its witness");
  await page.keyboard.press("Tab");
  const out = await page.evaluate(() => !document.getElementById("lk-region-list").contains(document.activeElement));
  check(out, "one Tab does not leave the region list");
  await shots("web-audit-regions-stage-community", () => page.locator("#lk-regions-title").evaluate((e) => e.scrollIntoView({ block: "start" })));
  // A complete tree: none, certified, in the library's words; the last file's regions gone.
  await open(local(cleanCl));
  await viewReady();
  await act("#lk-audit-run");
  await viewReady();
  const clean = await text("#lk-audit-summary");
  check(clean.includes("0 hole region"), `the clean stage's summary "${clean}" does not count 0 hole regions`);
  const none = await text("#lk-regions-sentence");
  check(none.startsWith("hole regions: none"), `the clean stage's regions are not said none: "${none}"`);
  check((await buttons.count()) === 0 && !(await visible("#lk-regions-map")), "the clean stage still lists or draws regions");
});

// --- keyboard and layout ---------------------------------------------------------------------------------
test("keyboard-layout", [cleanCl, community], async () => {
  await freshPage({ width: 1024, height: 700 });
  await page.keyboard.press("Tab");
  const first = await page.evaluate(() => document.activeElement.textContent.trim());
  check(first === "Open files…", `the first Tab goes to "${first}", not Open files…`);
  await open(local(community));
  await viewReady();
  // The disc image control open too, so that its controls are among those Tab must reach.
  await page.locator("#lk-disc-box > summary").click();
  // Every control, in the order it stands, from Open files to the 3D view.
  // From Open files…, Tab by Tab.
  await page.locator("#lk-open").focus();
  const reached = [];
  for (let i = 0; i < 120; i++) {
    if (i > 0) await page.keyboard.press("Tab");
    const at = await page.evaluate(() => {
      const e = document.activeElement;
      if (!e || e === document.body) return null;
      if (!e.dataset.lkTab) e.dataset.lkTab = "t" + Math.random().toString(36).slice(2);
      return { key: e.dataset.lkTab, tag: e.tagName, text: (e.id || e.textContent || "").trim().slice(0, 30) };
    });
    if (!at || at.tag === "IFRAME" || reached.some((r) => r.key === at.key)) break;
    reached.push(at);
  }
  const controls = await page.evaluate(() => [...document.querySelectorAll("#lk-bar button, #lk-side button, #lk-side input, #lk-side select, #lk-side summary, #lk-tabs button")]
    .filter((e) => e.getClientRects().length && !e.disabled && e.tabIndex >= 0 && getComputedStyle(e).visibility !== "hidden")
    .map((e) => { if (!e.dataset.lkTab) e.dataset.lkTab = "c" + Math.random().toString(36).slice(2); return { key: e.dataset.lkTab, text: (e.id || e.textContent || "").trim().slice(0, 30) }; }));
  const missed = controls.filter((c) => !reached.some((r) => r.key === c.key));
  check(missed.length === 0, `Tab never reaches ${missed.map((m) => m.text).join(", ")}`);
  const order = controls.map((c) => reached.findIndex((r) => r.key === c.key)).filter((i) => i >= 0);
  check(order.every((v, i) => i === 0 || v > order[i - 1]), "Tab goes through the controls out of their order on the page");
  check(reached[0] && reached[0].text === "lk-open", `Tab from the top reaches ${reached[0] && reached[0].text} first`);
  // The 3D view keeps most of a 1,024-px window, all of it with the panel folded.
  const frameWidth = async () => (await page.locator("#lk-frame").boundingBox()).width;
  const share = (await frameWidth()) / 1024;
  results.tests.viewShare1024 = +share.toFixed(2);
  check(share >= 0.6, `the 3D view is ${Math.round(share * 1024)} px of 1,024`);
  const canvas = await viewFrame().locator("#lk-view canvas").boundingBox();
  results.tests.canvasShare1024 = +(canvas.width / 1024).toFixed(2);
  check(canvas.width >= 0.6 * 1024, `the 3D view's scene is ${Math.round(canvas.width)} px of 1,024 (its own panel takes the rest)`);
  const toggle = page.getByRole("button", { name: /hide panel/i });
  if (check(await toggle.count() === 1, "no button folds the panel")) {
    await toggle.click();
    check((await frameWidth()) >= 0.95 * 1024, `with the panel folded the 3D view is ${await frameWidth()} px`);
    await page.getByRole("button", { name: /show panel/i }).click();
  }
  // Names not cut: the view's surface names and the page's file names.
  const cut = await viewFrame().locator("#lk-surfaces label").evaluateAll((ls) => ls.filter((l) => l.scrollWidth > l.clientWidth + 1).map((l) => l.textContent));
  check(cut.length === 0, `surface names cut in the view: ${cut.join(", ")}`);
  const fileNames = await page.locator("#lk-files li").evaluateAll((ls) => ls.filter((l) => l.scrollWidth > l.clientWidth + 1).map((l) => l.textContent));
  check(fileNames.length === 0, `file names cut: ${fileNames.join(", ")}`);
  // Results as readable text: build-cl's report as the CLI prints it.
  const cl = path.basename(cleanCl);
  await open(local(cleanCl));
  await act("#lk-build");
  const output = (await text("#lk-output")).trim();
  const stem = cl.replace(/\.[^.]*$/, "");
  const want = cli("build-cl", cl, "-o", `${stem}-built.cl`).stdout.trim();
  check(!output.startsWith("{") && output.includes(want), `Build collision reports "${output.slice(0, 80)}…", not the CLI's text`);
});

// --- the files list --------------------------------------------------------------------------------------------
test("files", [cleanCl], async () => {
  await freshPage();
  const accept = (await page.locator("#lk-file").getAttribute("accept")) || "";
  for (const ext of [".cl", ".bin", ".obj", ".gltf", ".glb", ".json"]) {
    check(accept.split(",").includes(ext), `the file picker does not offer ${ext} files (accept="${accept}")`);
  }
  const cl = local(cleanCl);
  const name = path.basename(cl);
  await open(cl);
  await open(cl);
  const listed = await page.locator("#lk-files li").allTextContents();
  check(listed.filter((t) => t.startsWith(name)).length === 1, `${name} opened twice is listed ${listed.filter((t) => t.startsWith(name)).length} times`);
  // Removed with the keyboard: the file and everything of it go.
  const remove = page.getByRole("button", { name: `Remove ${name}` });
  if (check(await remove.count() === 1, `no button removes ${name}`)) {
    await remove.focus();
    await page.keyboard.press("Enter");
    await idle();
    const left = await page.locator("#lk-files li").allTextContents();
    check(!left.some((t) => t.startsWith(name)), `${name} is still listed after its removal`);
    check(((await text("#lk-info")) || "") === "", "the removed file's info is still shown");
    const title = await viewFrame().locator("#lk-title").textContent({ timeout: 1000 }).catch(() => null);
    check(title === null, `the removed file's 3D view is still shown (${title})`);
  }
  // A truncated .cl: one format's error.
  const bytes = readFileSync(cleanCl);
  const truncated = path.join(work, "cut.cl");
  writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length / 3)));
  await open(truncated);
  const error = await text("#lk-error");
  check(/Sonic Heroes/.test(error) && !/Rugrats/.test(error), `a truncated .cl: "${error}" does not name one format`);
});

// --- put a level into a disc image ---------------------------------------------------------------------------
test("disc", [level, opt["disc-tool"]], async () => {
  await freshPage();
  // The image: two generated levels and a text file, by the library's test-image writer; a new LEVEL01.BIN,
  // smaller than the old one, in a folder of its own (the page offers the image's file of its name).
  mkdirSync(path.join(work, "new"), { recursive: true });
  cli("sample", "level", "--seed", "2", "--size", "8", "-o", "old-LEVEL01.BIN");
  cli("sample", "level", "--seed", "3", "--size", "5", "-o", "new/LEVEL01.BIN");
  copyFileSync(level, path.join(work, "disc-LEVEL00.BIN"));
  writeFileSync(path.join(work, "README.TXT"), "not a level\n");
  const made = spawnSync(path.resolve(opt["disc-tool"]), ["game.bin", "DATA/DB00/LEVEL00.BIN=disc-LEVEL00.BIN",
    "DATA/DB01/LEVEL01.BIN=old-LEVEL01.BIN", "README.TXT=README.TXT"], { cwd: work, encoding: "utf8" });
  if (!check(made.status === 0, `the test image: ${made.stderr}`)) return;
  const at = (f) => path.join(work, f);
  const errorText = async () => ((await visible("#lk-error-box")) ? (await text("#lk-error")) : "");
  await page.locator("#lk-disc-box > summary").click();
  // Chooses files with the control's own button, as a user does.
  async function chooseWith(button, files) {
    const key = button === "#lk-disc-image" ? "discPicked" : "discLevel";
    const n = await count(key);
    const chooser = page.waitForEvent("filechooser");
    await page.click(button);
    await (await chooser).setFiles(files);
    await after(key, n);
    await idle();
  }

  // With its CUE sheet: the listing, the path chosen by the level's name, two downloads equal to the CLI's.
  await chooseWith("#lk-disc-image", [at("game.bin"), at("game.cue")]);
  check(!(await visible("#lk-error-box")), `choosing game.bin and game.cue shows an error: ${await errorText()}`);
  const listed = await page.locator("#lk-disc-levels option").evaluateAll((os) => os.map((o) => o.value));
  const ls = JSON.parse(cli("ls", "game.bin", "--json").stdout);
  check(JSON.stringify(listed) === JSON.stringify(ls.levels.map((l) => l.path)), `the page lists ${listed}, \`levelkit ls\` ${ls.levels.map((l) => l.path)}`);
  await chooseWith("#lk-disc-level", [at("new/LEVEL01.BIN")]);
  const chosen = await page.inputValue("#lk-disc-path");
  check(chosen === "DATA/DB01/LEVEL01.BIN", `the path offered for LEVEL01.BIN is "${chosen}"`);
  const note = await text("#lk-disc-path-note");
  check(/DATA\/DB01\/LEVEL01\.BIN chosen: it has the level's name/.test(note), `the path chosen for the user is not said: "${note}"`);
  // A level of another name next: the path chosen for LEVEL01.BIN goes, and the note saying so.
  mkdirSync(at("other"), { recursive: true });
  copyFileSync(at("new/LEVEL01.BIN"), at("other/LEVEL07.BIN"));
  await chooseWith("#lk-disc-level", [at("other/LEVEL07.BIN")]);
  const otherPath = await page.inputValue("#lk-disc-path"), otherNote = await text("#lk-disc-path-note");
  check(otherPath === "" && !/chosen/.test(otherNote), `after LEVEL07.BIN the path is "${otherPath}" and the note "${otherNote}"`);
  await chooseWith("#lk-disc-level", [at("new/LEVEL01.BIN")]);
  // A path typed over the one chosen: the note no longer says the page chose it.
  await type("#lk-disc-path", "DATA/DB09/LEVEL09.BIN");
  const typedNote = await text("#lk-disc-path-note");
  check(!/chosen/.test(typedNote), `after a path is typed the note still says "${typedNote}"`);
  // A path not in the image: the page's own listing pointed at, the field marked.
  await act("#lk-disc-run");
  const wrong = await errorText();
  check(/pick one of its level files from the path field's list/.test(wrong) && !/levelkit ls/.test(wrong), `a path not in the image: "${wrong}"`);
  check(await page.locator("#lk-disc-path").evaluate((e) => e.getAttribute("aria-invalid") === "true"), "a path not in the image: the field is not marked");
  await type("#lk-disc-path", "DATA/DB01/LEVEL01.BIN");
  const first = await act("#lk-disc-run");
  check(!(await visible("#lk-error-box")), `the patch shows an error: ${await errorText()}`);
  check(first.length === 1 && first[0][0] === "game-patched.bin", `the patch started ${first.map((f) => f[0])}, not game-patched.bin alone`);
  // The sheet is a link to click (a second download a page starts by itself waits on a browser question).
  await page.getByText(/^Download game-patched\.cue/).click();
  const got = byName([...first, ...(await take())]);
  mkdirSync(at("cli"), { recursive: true });
  const patched = cli("patch", "game.cue", "DATA/DB01/LEVEL01.BIN=new/LEVEL01.BIN", "-o", "cli/game-patched.cue");
  check(patched.status === 0, `levelkit patch failed: ${patched.stderr}`);
  check(JSON.stringify(Object.keys(got).sort()) === JSON.stringify(["game-patched.bin", "game-patched.cue"]), `downloads: ${Object.keys(got)}`);
  same("disc game-patched.bin", got["game-patched.bin"], cliFile("cli/game-patched.bin"));
  same("disc game-patched.cue", got["game-patched.cue"], cliFile("cli/game-patched.cue"));
  const output = await text("#lk-output");
  const fileLine = patched.stderr.split("\n").find((l) => l.startsWith("levelkit: DATA/DB01/LEVEL01.BIN: "));
  check(fileLine && output.includes(fileLine), `the report lacks the CLI's line "${fileLine}": ${output}`);
  const wroteLine = patched.stderr.split("\n").find((l) => l.startsWith("wrote cli/game-patched.bin: "));
  const what = wroteLine ? wroteLine.replace("wrote cli/game-patched.bin: ", "") : "?";
  check(output.includes(`wrote game-patched.bin: ${what}`), `the report does not say what game-patched.bin holds as the CLI does ("${what}"): ${output}`);
  check(/game-patched\.cue names game-patched\.bin/.test(output), `no note that the sheet names the new BIN: ${output}`);
  results.tests.discOutput = output;
  await shots("web-disc-patch", () => page.locator("#lk-disc-box").evaluate((e) => e.scrollIntoView({ block: "start" })));

  // The BIN alone: its patched copy only, the same bytes as the CLI's, and the note on the CUE sheet.
  await chooseWith("#lk-disc-image", [at("game.bin")]);
  const alone = await act("#lk-disc-run");
  check(alone.length === 1 && alone[0][0] === "game-patched.bin", `the BIN alone downloads ${alone.map((a) => a[0])}`);
  cli("patch", "game.bin", "DATA/DB01/LEVEL01.BIN=new/LEVEL01.BIN", "-o", "cli/alone-patched.bin");
  same("disc game-patched.bin (no .cue)", alone[0] && alone[0][1], cliFile("cli/alone-patched.bin"));
  check(/A CUE sheet must name the new BIN/.test(await text("#lk-output")), "no note that a CUE sheet must name the new BIN");

  // A level that fails check: the CLI's error, word for word, and no download.
  const dump = JSON.parse(cli("dump", "new/LEVEL01.BIN").stdout);
  dump.portals[0].corners[1].flags = 200;
  writeFileSync(at("broken.json"), JSON.stringify(dump));
  mkdirSync(at("broken"), { recursive: true });
  cli("pack", "broken.json", "--allow-errors", "-o", "broken/LEVEL01.BIN");
  await chooseWith("#lk-disc-level", [at("broken/LEVEL01.BIN")]);
  const refused = await act("#lk-disc-run");
  const cliRefusal = cli("patch", "game.bin", "DATA/DB01/LEVEL01.BIN=broken/LEVEL01.BIN", "-o", "cli/never.bin").stderr.split("\n")[0];
  const shown = await errorText();
  results.tests.discRefusal = shown;
  check(refused.length === 0, `a level failing check was downloaded: ${refused.map((r) => r[0])}`);
  check(shown === cliRefusal && /fails check with/.test(shown), `a level failing check shows "${shown}", the CLI "${cliRefusal}"`);

  // A .cue alone: said, with what to choose.
  await chooseWith("#lk-disc-image", [at("game.cue")]);
  const cueAlone = await errorText();
  check(/game\.cue is a CUE sheet alone \(it names "game\.bin"\).*Choose the BIN and the \.cue together/.test(cueAlone), `a .cue alone: "${cueAlone}"`);

  // Over the page's limit: a sparse file (the image, then nothing) one byte past it. Said at once, with the
  // exact command; the page reads its first 64 KiB only (to recognise it).
  const limit = await page.evaluate(() => Number(document.getElementById("lk-disc-limit").textContent.replace(/\D/g, "")));
  const big = at("big game.bin");
  copyFileSync(at("game.bin"), big);
  spawnSync("truncate", ["-s", String(limit + 1), big]);
  await chooseWith("#lk-disc-image", [big]);
  await chooseWith("#lk-disc-level", [at("new/LEVEL01.BIN")]);
  await page.fill("#lk-disc-path", "DATA/DB01/LEVEL01.BIN");
  await act("#lk-disc-run");
  const tooLarge = await errorText();
  results.tests.discTooLarge = tooLarge;
  const command = 'levelkit patch "big game.bin" DATA/DB01/LEVEL01.BIN=LEVEL01.BIN -o "big game-patched.bin"';
  check(tooLarge.includes(`more than the ${limit.toLocaleString("en")} bytes this page holds`) && /too large for this browser/.test(tooLarge),
    `an image over the limit: "${tooLarge}"`);
  check(tooLarge.split("\n").includes(command), `the command given is not "${command}": ${tooLarge}`);
  rmSync(big, { force: true });

  // A disc image opened with Open files… goes to this control, unread as a level.
  await open(at("game.bin"));
  check(/^game\.bin \(/.test(await text("#lk-disc-image-name")), `game.bin opened with Open files… is not the disc image: ${await text("#lk-disc-image-name")}`);
  check(!(await visible("#lk-error-box")), `game.bin opened with Open files… shows an error: ${await errorText()}`);
});

// --- issue 56: where one step hands over to the next --------------------------------------------------------
// Each of these failed on the page before issue 56's changes (see CHANGELOG.md).

// Screenshots at the two window sizes a modder has, each a file name and its -1024 twin.
async function shots(file, before) {
  if (!opt.screenshots) return;
  mkdirSync(opt.screenshots, { recursive: true });
  for (const [w, h, name] of [[1280, 800, file + ".png"], [1024, 700, file + "-1024.png"]]) {
    await page.setViewportSize({ width: w, height: h });
    await page.waitForTimeout(600);
    if (before) await before();
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(opt.screenshots, name) });
    results.tests[name] = `${w}x${h}`;
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

// A level and its VRAM dump opened together (the level first, as a file chooser may list them): the level
// drawn textured at the 3D view's full size, Fit working; the dump's picture one tab away.
test("vram-together", [level, opt.vram], async () => {
  await freshPage();
  const name = path.basename(level);
  await open(local(level), local(opt.vram));
  await viewReady();
  const frameBox = await page.locator("#lk-frame").boundingBox();
  const size = await frameWindow().evaluate(() => {
    const c = document.querySelector("#lk-view canvas");
    return c ? [c.clientWidth, c.clientHeight] : [0, 0];
  });
  results.tests.vramCanvas = size.join("x");
  check(size[0] >= frameBox.width * 0.5 && size[1] >= frameBox.height * 0.8,
    `the 3D view's canvas is ${size.join("×")} in a ${Math.round(frameBox.width)}×${Math.round(frameBox.height)} view`);
  check(await page.locator("#lk-frame").evaluate((f) => getComputedStyle(f).visibility === "visible" && !f.inert), "the 3D view is not the tab shown");
  check(!(await page.locator("#lk-tab-image").isDisabled()), "the VRAM dump's picture is not in the Image tab");
  const textured = await frameWindow().evaluate(() => document.getElementById("lk-mode").value);
  check(textured === "textured", `${name} with the VRAM dump is drawn "${textured}", not textured`);
  // Fit frames the level: the canvas shows more than its background.
  await frameWindow().evaluate(() => window.levelkit.fit());
  const background = await colourShare([30, 34, 40]);
  check(background < 0.95, `after Fit the 3D view is ${(background * 100).toFixed(0)} % one colour`);
  await shots("web-level-vram", () => frameWindow().evaluate(() => window.levelkit.fit()));
});

// Every limit the CLI's, said at once; long work cancellable (the button and Esc), what waits said.
test("limits-cancel", [community, cleanCl], async () => {
  await freshPage();
  const name = path.basename(community);
  await open(local(community));
  await type("#lk-audit-probes", "100000000");
  const t0 = Date.now();
  await act("#lk-audit-run");
  const seconds = (Date.now() - t0) / 1000;
  const shown = (await visible("#lk-error-box")) ? (await text("#lk-error")).trim() : "(no error)";
  const want = cliError("audit", name, "--probes", "100000000");
  check(shown === want, `probes 100,000,000: the page says "${shown}", the CLI "${want}"`);
  check(seconds < 10, `probes 100,000,000: refused after ${seconds.toFixed(1)} s, not at once`);
  check(await page.locator("#lk-audit-probes").evaluate((e) => e.getAttribute("aria-invalid") === "true"), "probes 100,000,000: the field is not marked");
  // A 10,000,000-probe audit: Cancel stops it, says so, and the page works on.
  await type("#lk-audit-probes", "10000000");
  await page.click("#lk-audit-run");
  await page.waitForTimeout(1500);
  const cancel = page.locator("#lk-cancel");
  if (!check(await cancel.isVisible().catch(() => false), "no Cancel while a 10,000,000-probe audit runs")) return;
  const n = await count("acted");
  const t1 = Date.now();
  await cancel.click();
  await after("acted", n);
  await idle();
  check(Date.now() - t1 < 10000, `Cancel took ${((Date.now() - t1) / 1000).toFixed(1)} s`);
  const said = await text("#lk-output");
  check(/^Cancelled auditing .* after [\d.]+ s/.test(said), `the cancel is not said where the result would be: "${said}"`);
  check(!(await visible("#lk-audit-box")), "a cancelled audit shows an audit");
  await type("#lk-audit-probes", "1000");
  await act("#lk-audit-run");
  check(await visible("#lk-audit-box"), "after a Cancel, an audit does not run");
  // A file opened while an audit runs: said to wait; Esc cancels the audit and the file opens.
  await type("#lk-audit-probes", "10000000");
  await page.click("#lk-audit-run");
  await page.waitForTimeout(1000);
  const opened = await count("opened");
  const chooser = page.waitForEvent("filechooser");
  await page.getByText("Open files…", { exact: true }).click();
  await (await chooser).setFiles([local(cleanCl)]);
  const waits = await page.waitForFunction((f) => document.getElementById("lk-status").textContent.includes("waiting: opening " + f),
    path.basename(cleanCl), { timeout: 5000 }).then(() => true, () => false);
  check(waits, `a file opened during the audit is not said to wait: "${await text("#lk-status")}"`);
  await page.keyboard.press("Escape");
  const next = await after("opened", opened).then(() => true, () => false);
  await idle();
  check(next && (await selected()) === path.basename(cleanCl), `after Esc the file opened meanwhile is not open (selected: ${await selected()})`);
});

// Repair and Build open their result: selected, ready to audit, the output in sight, no old hole count.
test("results-open", [community, level], async () => {
  await freshPage();
  const name = path.basename(community);
  const stem = name.replace(/\.[^.]*$/, "");
  await open(local(community));
  await act("#lk-audit-run");
  await viewReady();
  check(+(await page.locator("#lk-audit-summary").evaluate((e) => e.dataset.holes)) > 0, `${name}: no holes to repair`);
  await act("#lk-repair");
  const repaired = `${stem}-repaired.cl`;
  check((await selected()) === repaired, `after Repair the selected file is ${await selected()}, not ${repaired}`);
  check(!(await visible("#lk-audit-box")), `after Repair the panel still shows ${name}'s audit (${await text("#lk-audit-summary").catch(() => "")})`);
  const inSight = await page.evaluate(() => {
    const o = document.getElementById("lk-output-box").getBoundingClientRect();
    const side = document.getElementById("lk-side").getBoundingClientRect();
    return o.height > 0 && o.top >= side.top - 1 && o.top < side.bottom - 40;
  });
  check(inSight, "after Repair the output is out of sight");
  check(await page.evaluate(() => document.getElementById("lk-output-box").contains(document.activeElement)), "after Repair the focus is not on the output");
  check((await text("#lk-output")).includes(`wrote ${repaired}`), `the output does not say what Repair wrote: ${await text("#lk-output")}`);
  // Audited at once: the CLI's count for the repaired file.
  await act("#lk-audit-run");
  await viewReady();
  cli("repair-cl", name, "-o", repaired);
  const want = JSON.parse(cli("audit", repaired, "--json").stdout).holes;
  const got = await page.locator("#lk-audit-summary").evaluate((e) => +e.dataset.holes).catch(() => null);
  check(got === want, `the repaired file's audit: ${got} holes in the page, ${want} from the CLI`);
  await shots("web-audit-repair-audit", () => page.locator("#lk-audit-box").evaluate((e) => e.scrollIntoView({ block: "start" })));
  // Build from a Rugrats level: the .cl opens, with the actions of a .cl.
  const lname = path.basename(level);
  await open(local(level));
  await act("#lk-build");
  const built = lname.replace(/\.[^.]*$/, "") + "-built.cl";
  check((await selected()) === built, `after Build the selected file is ${await selected()}, not ${built}`);
  check(await page.locator("#lk-audit-run").isVisible(), "the built file cannot be audited at once");
});

// Nothing done twice (issue 58): a mesh opened, built, and the built file audited twice: the module
// imported the mesh once, read the built file once (the build reads back what it wrote) and prepared its
// audit once; each audit the CLI's.
test("kept", [cleanCl], async () => {
  await freshPage();
  const stem = path.basename(cleanCl).replace(/\.[^.]*$/, "") + "-kept";
  const folder = path.join(work, "kept-export");
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder);
  cli("export", local(cleanCl), "-o", path.join(folder, `${stem}.obj`));
  copyFileSync(path.join(folder, `${stem}.obj`), path.join(work, `${stem}.obj`));
  await open(path.join(work, `${stem}.obj`));
  await act("#lk-build");
  const built = `${stem}-built.cl`;
  check((await selected()) === built, `after Build the selected file is ${await selected()}, not ${built}`);
  cli("build-cl", `${stem}.obj`, "-o", built);
  for (const seed of ["1", "2"]) {
    await type("#lk-audit-seed", seed);
    await act("#lk-audit-run");
    check((await text("#lk-audit")) === cli("audit", built, "--seed", seed).stdout, `${built}, seed ${seed}: audit text differs from \`levelkit audit\``);
  }
  const kept = await page.evaluate(() => window.levelkitPage.kept);
  check(kept && kept.imported === 1 && kept.parsed === 1 && kept.prepared === 1,
    `the module imported, read and prepared ${JSON.stringify(kept)} times (once each wanted)`);
});

// An audit shared by 3 workers, and one on a single worker (`?workers=N`): each the CLI's, holes and
// differences past what one worker's part lists included.
test("workers", [community], async () => {
  const file = local(community); // copied where the CLI runs
  const want = cli("audit", path.basename(file), "--probes", "20000", "--seed", "7").stdout;
  check(want.startsWith("vertical probes: 20,000 run"), `\`levelkit audit\` printed: ${want.slice(0, 200)}`);
  for (const workers of [3, 1]) {
    await freshPage(null, `?workers=${workers}`);
    await open(file);
    await type("#lk-audit-probes", "20000");
    await type("#lk-audit-seed", "7");
    await act("#lk-audit-run");
    const ran = await page.evaluate(() => window.levelkitPage.audits.at(-1).workers);
    check(ran === workers, `?workers=${workers}: the audit ran on ${ran} workers`);
    check((await text("#lk-audit")) === want, `${workers} workers: audit text differs from \`levelkit audit --probes 20000 --seed 7\``);
  }
  // A helper that stops: the audit runs without it, and is the CLI's.
  await freshPage(null, "?workers=2");
  await open(file);
  await page.evaluate(() => window.levelkitPage.breakHelper());
  await page.waitForTimeout(300);
  await type("#lk-audit-probes", "20000");
  await type("#lk-audit-seed", "7");
  await act("#lk-audit-run");
  const ran = await page.evaluate(() => window.levelkitPage.audits.at(-1).workers);
  check(ran === 1, `a helper stopped: the audit ran on ${ran} workers, not the main one alone`);
  check((await text("#lk-audit")) === want, "a helper stopped: audit text differs from the CLI's");
});

// The focus follows the result; the hole list is one tab stop, the arrow keys move in it.
test("keyboard-holes", [community], async () => {
  await freshPage();
  await open(local(community));
  await page.locator("#lk-audit-run").focus();
  const acted = await count("acted");
  await page.keyboard.press("Enter");
  await after("acted", acted);
  await idle();
  await viewReady();
  const focus = await page.evaluate(() => document.getElementById("lk-audit-box").contains(document.activeElement));
  check(focus, `after an audit the focus is on ${await page.evaluate(() => document.activeElement.tagName + "#" + document.activeElement.id)}, not the audit`);
  const stops = await page.locator("#lk-hole-list button").evaluateAll((bs) => [bs.length, bs.filter((b) => b.tabIndex >= 0).length]);
  results.tests.holeButtons = stops[0];
  check(stops[0] > 2 && stops[1] === 1, `${stops[0]} holes listed, ${stops[1]} of them tab stops (one wanted)`);
  await page.locator("#lk-hole-list button").first().focus();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  const at = await page.evaluate(() => document.activeElement.dataset.hole);
  check(at === "2", `two ArrowDowns from the first hole reach hole ${at}, not 2`);
  await page.keyboard.press("Enter");
  await page.waitForTimeout(300);
  check((await frameWindow().evaluate(() => window.levelkitChosenHole)) === 2, "Enter on a hole does not go there in the view");
  await page.keyboard.press("Tab");
  const out = await page.evaluate(() => !document.getElementById("lk-hole-list").contains(document.activeElement));
  check(out, "one Tab does not leave the hole list");
  await page.keyboard.press("Shift+Tab");
  const back = await page.evaluate(() => document.activeElement.dataset.hole);
  check(back === "2", `Shift+Tab back into the list reaches hole ${back}, not the chosen one (2)`);
});

// The hole's name the same in the panel and the 3D view: the library's words (`line cast`).
test("hole-words", [community], async () => {
  await freshPage();
  await open(local(community));
  await act("#lk-audit-run");
  await viewReady();
  const label = (t) => t.replace(/^\d+\.\s+/, "").split(/ at \(|\s+\(/)[0].trim();
  const pageList = (await page.locator("#lk-hole-list button").allTextContents()).map(label);
  const viewList = (await viewFrame().locator("#lk-hole-list li").allTextContents()).map(label);
  const probes = pageList.map((p, i) => [p, viewList[i]]).filter(([p]) => !p.startsWith("triangle"));
  check(probes.length > 0, "no probe holes listed");
  const differ = probes.filter(([p, v]) => p !== v);
  check(differ.length === 0, `${differ.length} holes named otherwise in the panel and the view, e.g. "${differ[0] && differ[0][0]}" / "${differ[0] && differ[0][1]}"`);
  const words = new Set(probes.map(([p]) => p.split(" #")[0]));
  check([...words].every((w) => ["Vertical probe", "Line cast", "Moving sphere"].includes(w)), `hole kinds named ${[...words]}`);
});

// Messages a user can act on where they are: the CLI's words, the field marked, nothing stale.
test("messages", [cleanCl, level, opt.vram], async () => {
  await freshPage();
  const errorText = async () => ((await visible("#lk-error-box")) ? (await text("#lk-error")).trim() : "(no error)");
  const marked = (sel) => page.locator(sel).evaluate((e) => e.getAttribute("aria-invalid") === "true" && document.activeElement === e);
  // A PNG renamed .cl: what `levelkit check` says (less its --format hint: the page has no such flag).
  const png = path.join(work, "picture.cl");
  writeFileSync(png, Buffer.concat([Buffer.from("89504e470d0a1a0a0000000d49484452", "hex"), Buffer.alloc(400, 7)]));
  await open(png);
  const cliPng = cli("check", "picture.cl").stderr.trim().replace(/; use --format to force one$/, "");
  check((await errorText()) === cliPng && /not a Sonic Heroes \.cl file/.test(cliPng), `a PNG named .cl: the page says "${await errorText()}", the CLI "${cliPng}"`);
  // The frame's "could not be read" goes with the next file, even one with no 3D view of its own.
  const stale = async () => viewFrame().locator("#lk-no-view").textContent({ timeout: 2000 }).catch(() => "");
  check((await stale()).includes("picture.cl"), `the 3D view does not say picture.cl could not be read: "${await stale()}"`);
  await open(local(opt.vram));
  check(!(await stale()).includes("picture.cl"), `after the next file the 3D view still says "${await stale()}"`);
  const cl = path.basename(cleanCl);
  await open(local(cleanCl));
  // Weld: the real range; depth: its field marked.
  for (const [field, value, flag] of [["#lk-build-weld", "1e308", "--weld"], ["#lk-build-depth", "99", "--depth"]]) {
    await type(field, value);
    await act("#lk-build");
    const want = cli("build-cl", cl, flag, value, "-o", "x.cl").stderr.split("\n").find((l) => /error:/.test(l)) || "";
    check((await errorText()) === want.trim(), `${flag} ${value}: the page says "${await errorText()}", the CLI "${want}"`);
    check(await marked(field), `${flag} ${value}: the field is not marked and focused`);
    await type(field, field === "#lk-build-weld" ? "0.01" : "auto");
  }
  check(/3\.4028235e38/.test(cli("build-cl", cl, "--weld", "1e308", "-o", "x.cl").stderr), "the CLI does not say the weld's range");
  // Size: the CLI's words, the field marked.
  const lname = path.basename(level);
  await open(local(level));
  await type("#lk-render-size", "0x0");
  await act("#lk-render");
  const wantSize = cli("render", lname, "--size", "0x0", "-o", "x.png").stderr.split("\n").find((l) => /error:/.test(l)) || "";
  check((await errorText()) === wantSize.trim(), `size 0x0: the page says "${await errorText()}", the CLI "${wantSize}"`);
  check(await marked("#lk-render-size"), "size 0x0: the field is not marked and focused");
});

// The landing page: the games named, the samples offered (the CLI's), the hint whole at 1,024 px, text
// contrast at least 4.5:1.
test("landing", [], async () => {
  await freshPage({ width: 1024, height: 700 });
  const landing = (await viewFrame().locator("body").textContent().catch(() => "")) + " " + (await text("#lk-side"));
  check(/Sonic Heroes/.test(landing) && /Rugrats/.test(landing), `the landing page names no game: "${landing.slice(0, 200)}"`);
  const hint = await page.locator(".lk-hint").evaluate((e) => [e.scrollWidth - e.clientWidth, e.scrollHeight - e.clientHeight, e.textContent]);
  check(hint[0] <= 1 && hint[1] <= 1, `at 1,024 px the hint is cut (${hint[0]} px wide, ${hint[1]} px tall too much): "${hint[2]}"`);
  const ratios = await page.evaluate(() => {
    const lum = (rgb) => {
      const c = rgb.match(/\d+/g).slice(0, 3).map((v) => v / 255).map((x) => (x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4));
      return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
    };
    const bg = (e) => { for (; e; e = e.parentElement) { const b = getComputedStyle(e).backgroundColor; if (!/rgba\(0, 0, 0, 0\)|transparent/.test(b)) return b; } return "rgb(0, 0, 0)"; };
    return [...document.querySelectorAll(".lk-hint, .lk-note, #lk-version, #lk-status")].filter((e) => e.getClientRects().length).map((e) => {
      const [a, b] = [lum(getComputedStyle(e).color), lum(bg(e))].sort((x, y) => y - x);
      return [e.id || e.className, +((a + 0.05) / (b + 0.05)).toFixed(2)];
    });
  });
  const low = ratios.filter(([, r]) => r < 4.5);
  results.tests.contrast = ratios;
  check(ratios.length > 0 && low.length === 0, `text below 4.5:1: ${JSON.stringify(low)}`);
  // The samples: the files `levelkit sample` writes, opened at once.
  const offered = await page.locator("#lk-samples button").allTextContents();
  check(offered.includes("stage.cl") && offered.includes("stage-community.cl") && offered.includes("LEVEL00.BIN"), `samples offered: ${JSON.stringify(offered)}`);
  if (offered.includes("stage-community.cl")) {
    const n = await count("opened");
    await page.locator("#lk-samples button", { hasText: /^stage-community\.cl$/ }).click();
    await after("opened", n);
    await idle();
    cli("sample", "cl-community", "-o", "stage-community.cl");
    check((await selected()) === "stage-community.cl", `the sample is not open: ${await selected()}`);
    check((await text("#lk-info")) === cli("info", "stage-community.cl").stdout, "the sample's info differs from `levelkit info` of `levelkit sample cl-community`");
  }
});

try {
  for (const t of tests) {
    if (only && !only.has(t.name)) continue;
    testName = t.name;
    if (t.needs.some((n) => !n)) {
      console.log(`skip ${t.name}: needs a sample it was not given`);
      continue;
    }
    const before = problems.length;
    const started = Date.now();
    try {
      await t.fn();
    } catch (e) {
      problems.push(`${t.name}: ${e.stack || e.message}`);
    }
    const ok = problems.length === before;
    results.tests[t.name] = ok ? "ok" : "failed";
    console.log(`${ok ? "ok" : "FAIL"} ${t.name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
  // Load to first frame of a big stage: navigation to the view's first frame, the file chosen at once.
  if (opt.big && (!only || only.has("big"))) {
    testName = "big";
    const fresh = await browser.newPage();
    const t = Date.now();
    await fresh.goto(pageUrl, { waitUntil: "load" });
    await fresh.setInputFiles("#lk-file", opt.big);
    await fresh.waitForFunction(() => window.levelkitPage.frameAt, null, { timeout: 300000 });
    const timing = await fresh.evaluate(() => ({ ...window.levelkitPage }));
    results.big = {
      file: path.basename(opt.big),
      bytes: readFileSync(opt.big).length,
      wallMs: Date.now() - t,
      frameAtMs: Math.round(timing.frameAt),
      moduleReadyMs: Math.round(timing.readyAt),
      viewerMs: Math.round(timing.frameMs),
      viewError: timing.viewError,
    };
    check(!timing.viewError, `big stage: the viewer failed: ${timing.viewError}`);
    console.log(`big stage ${results.big.file}: first frame ${results.big.frameAtMs} ms after navigation (module ready at ${results.big.moduleReadyMs} ms; viewer ${results.big.viewerMs} ms)`);
    await fresh.close();
  }
} catch (e) {
  problems.push(e.stack || e.message);
} finally {
  await browser.close();
  rmSync(profile, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
}
results.problems = problems;
if (opt.json) writeFileSync(opt.json, JSON.stringify(results, null, 2) + "\n");
for (const p of problems) console.log(`FAIL ${p}`);
console.log(problems.length ? `web-test: ${problems.length} problem(s)` : "web-test: ok");
process.exit(problems.length ? 1 : 0);

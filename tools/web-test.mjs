// Drives the levelkit web page (web/dist/index.html, from file://) in headless Chromium and checks it
// against the CLI on the same files: info text, findings (counts and lines), audit text and hole count,
// and the bytes of every file the page downloads (repair, build, export, dump, render) against the files
// the CLI writes. A truncated file must show the CLI's error (naming the offset) and the page must go on
// working. Saves a screenshot of the audit view and prints the load-to-first-frame time of a big stage.
//
// Usage: node tools/web-test.mjs --levelkit BIN --page web/dist/index.html|http://HOST/index.html [--screenshot FILE]
//          [--big FILE.cl] [--vram VRAM] [--json FILE] SAMPLE...
// With --vram, the dump is opened too and the last LEVEL sample rendered and exported with its textures.
// Environment: LEVELKIT_CHROMIUM (default /usr/bin/chromium).
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, copyFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

const args = process.argv.slice(2);
const opt = { samples: [] };
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  if (["--levelkit", "--page", "--screenshot", "--big", "--json", "--vram"].includes(a)) opt[a.slice(2)] = args[++i];
  else opt.samples.push(a);
}
if (!opt.levelkit || !opt.page || opt.samples.length === 0) {
  console.error("usage: node tools/web-test.mjs --levelkit BIN --page INDEX.html [--screenshot F] [--big F.cl] [--json F] SAMPLE...");
  process.exit(2);
}
const executablePath = process.env.LEVELKIT_CHROMIUM || "/usr/bin/chromium";
const { chromium } = await import("playwright-core");

// The CLI runs in a folder holding a copy of the file, so it names the file as the page does.
const work = mkdtempSync(path.join(tmpdir(), "levelkit-web-"));
const levelkit = path.resolve(opt.levelkit);
function cli(...argv) {
  const r = spawnSync(levelkit, argv, { cwd: work, encoding: "buffer", maxBuffer: 1 << 30 });
  return { status: r.status, stdout: r.stdout.toString("utf8"), stderr: r.stderr.toString("utf8") };
}
const cliFile = (name) => readFileSync(path.join(work, name));

const profile = mkdtempSync(path.join(tmpdir(), "levelkit-chromium-"));
const browser = await chromium.launchPersistentContext(profile, {
  executablePath,
  headless: true,
  acceptDownloads: true,
  viewport: { width: 1400, height: 860 },
  args: [
    "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--disable-quic", "--enable-unsafe-swiftshader",
    "--use-angle=swiftshader",
  ],
});

const problems = [];
const results = { files: {} };
const check = (ok, message) => { if (!ok) problems.push(message); return ok; };
// A file, or an http:// address of a static host serving it.
const pageUrl = /^https?:/.test(opt.page) ? opt.page : pathToFileURL(path.resolve(opt.page)).href;
const pageOrigin = /^https?:/.test(opt.page) ? new URL(opt.page).origin : null;

const page = await browser.newPage();
page.on("console", (m) => { if (m.type() === "error") problems.push(`console error: ${m.text()}`); });
page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
page.on("request", (r) => {
  const url = r.url();
  const own = pageOrigin && url.startsWith(pageOrigin + "/");
  if (!own && !/^(file|data|blob):/.test(url)) problems.push(`network request: ${url}`);
});
// Downloads since the last take().
let downloads = [];
page.on("download", (d) => downloads.push(d));
async function take() {
  const list = downloads;
  downloads = [];
  const out = {};
  for (const d of list) out[d.suggestedFilename()] = readFileSync(await d.path());
  return out;
}

const idle = () => page.waitForFunction(() => document.getElementById("lk-status").dataset.state === "idle", null, { timeout: 600000 });
const text = (sel) => page.locator(sel).evaluate((e) => e.textContent);

// The page counts finished opens and actions (window.levelkitPage.opened, .acted).
const count = (key) => page.evaluate((k) => window.levelkitPage[k] || 0, key);
const after = (key, n) => page.waitForFunction(([k, n]) => (window.levelkitPage[k] || 0) > n, [key, n], { timeout: 600000 });

async function open(file) {
  const n = await count("opened");
  await page.setInputFiles("#lk-file", file);
  await after("opened", n);
  await idle();
}

/// Clicks an action button and returns what the page downloaded.
async function act(button) {
  const n = await count("acted");
  await page.click(button);
  await after("acted", n);
  await page.waitForTimeout(300); // download events follow the clicks on the links
  return take();
}

function same(what, got, want) {
  const equal = got && want && Buffer.compare(Buffer.from(got), Buffer.from(want)) === 0;
  // LEVELKIT_WEB_KEEP=DIR keeps both sides of a mismatch, to compare.
  if (!equal && process.env.LEVELKIT_WEB_KEEP && got && want) {
    const base = path.join(process.env.LEVELKIT_WEB_KEEP, what.replace(/[^\w.-]+/g, "_"));
    writeFileSync(base + ".page", got);
    writeFileSync(base + ".cli", want);
  }
  return check(equal, `${what}: the page's ${got ? got.length : "missing"} bytes differ from the CLI's ${want ? want.length : "missing"}`);
}

try {
  const t0 = Date.now();
  await page.goto(pageUrl, { waitUntil: "load" });
  await idle();
  results.startMs = Date.now() - t0;

  for (const sample of opt.samples) {
    const name = path.basename(sample);
    const stem = name.replace(/\.[^.]*$/, "");
    copyFileSync(sample, path.join(work, name));
    const r = (results.files[name] = {});
    await open(sample);
    const error = await page.locator("#lk-error-box").isVisible();
    if (!check(!error, `${name}: the page shows an error: ${await text("#lk-error")}`)) continue;

    // info and check
    check((await text("#lk-info")) === cli("info", name).stdout, `${name}: info differs from \`levelkit info\``);
    const want = JSON.parse(cli("check", name, "--json").stdout);
    const got = await page.locator("#lk-findings-summary").evaluate((e) => ({ ...e.dataset }));
    r.findings = { errors: +got.errors, warnings: +got.warnings, notes: +got.notes };
    check(r.findings.errors === want.errors && r.findings.warnings === want.warnings && r.findings.notes === want.notes,
      `${name}: findings ${JSON.stringify(r.findings)}, the CLI ${want.errors}/${want.warnings}/${want.notes}`);
    // Every finding, folded or not, as `check --all` prints it and at the offset `check --json` gives.
    const lines = await page.locator("#lk-findings li.lk-finding").evaluateAll((ls) =>
      ls.map((l) => [l.textContent, l.dataset.offset ?? null]));
    const cliLines = cli("check", name, "--all").stdout.trimEnd().split("\n").slice(0, -1);
    const cliPairs = want.findings.map((f, i) => [cliLines[i], f.offset === null ? null : String(f.offset)]);
    const sorted = (pairs) => JSON.stringify(pairs.map((p) => JSON.stringify(p)).sort());
    check(sorted(lines) === sorted(cliPairs), `${name}: findings or their offsets differ from \`levelkit check --all\``);
    // The folded rules are the groups `levelkit check` prints.
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
      await page.waitForFunction(() => window.levelkitPage.frameAt, null, { timeout: 120000 });
      const marked = await page.frameLocator("#lk-frame").locator("#lk-hole-list li").count();
      r.marked = marked;
      check(audit.holes === 0 ? marked === 0 : marked > 0, `${name}: ${marked} holes marked in the view`);
      if (opt.screenshot && audit.holes > 0 && !results.screenshot) {
        await page.locator("#lk-audit-box").evaluate((e) => e.scrollIntoView({ block: "start" }));
        await page.waitForTimeout(300);
        await page.screenshot({ path: opt.screenshot });
        results.screenshot = opt.screenshot;
      }
      const repaired = await act("#lk-repair");
      cli("repair-cl", name, "-o", "cli-repaired.cl");
      same(`${name} repair`, repaired[`${stem}-repaired.cl`], cliFile("cli-repaired.cl"));
    }

    // Build collision from the file itself (a .cl or a level).
    const built = await act("#lk-build");
    cli("build-cl", name, "-o", "cli-built.cl");
    same(`${name} build-cl`, built[`${stem}.cl`], cliFile("cli-built.cl"));

    for (const to of ["glb", "obj", "json"]) {
      await page.selectOption("#lk-export-to", to);
      const files = await act("#lk-export");
      const dir = path.join(work, "cli-" + to);
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir);
      cli("export", name, "-o", path.join(dir, `${stem}.${to}`));
      const wantFiles = readdirSync(dir).sort();
      check(JSON.stringify(Object.keys(files).sort()) === JSON.stringify(wantFiles), `${name} export ${to}: files ${Object.keys(files)} vs ${wantFiles}`);
      for (const f of wantFiles) same(`${name} export ${f}`, files[f], readFileSync(path.join(dir, f)));
      if (to === "obj" && format === "heroes-cl") {
        // The exported OBJ back through the page's build, against the CLI's build of the same OBJ.
        writeFileSync(path.join(work, `${stem}.obj`), files[`${stem}.obj`]);
        await open(path.join(work, `${stem}.obj`));
        const fromObj = await act("#lk-build");
        cli("build-cl", `${stem}.obj`, "-o", "cli-obj.cl");
        same(`${stem}.obj build-cl`, fromObj[`${stem}.cl`], cliFile("cli-obj.cl"));
        r.builtFromObj = true;
        await open(sample);
      }
    }
    const dump = await act("#lk-dump");
    cli("dump", name, "-o", "cli-dump.json");
    same(`${name} dump`, dump[`${stem}.json`], cliFile("cli-dump.json"));
    // The dump back through the page's Pack: the file's own bytes, as the CLI's pack gives.
    writeFileSync(path.join(work, `${stem}.json`), dump[`${stem}.json`] || "");
    await open(path.join(work, `${stem}.json`));
    const packed = await act("#lk-pack");
    cli("pack", `${stem}.json`, "-o", "cli-packed.bin");
    const ext = format === "heroes-cl" ? "cl" : "BIN";
    same(`${name} pack`, packed[`${stem}.${ext}`], cliFile("cli-packed.bin"));
    same(`${name} pack = the original`, packed[`${stem}.${ext}`], readFileSync(sample));
    await open(sample);

    if (format === "reptar-level") {
      const png = await act("#lk-render");
      cli("render", name, "-o", "cli-render.png");
      same(`${name} render`, png[`${stem}.png`], cliFile("cli-render.png"));
    }
    console.log(`checked ${name} ${JSON.stringify(r)}`);
  }

  // A VRAM dump: decoded in the page, then the level's render and GLB textured with it, as the CLI's.
  const level = opt.samples.filter((s) => /\.bin$/i.test(s)).pop();
  if (opt.vram && level) {
    const name = path.basename(level);
    const stem = name.replace(/\.[^.]*$/, "");
    copyFileSync(opt.vram, path.join(work, path.basename(opt.vram)));
    await open(opt.vram);
    const shown = await page.waitForFunction(() => {
      const i = document.getElementById("lk-image");
      return i.complete && i.naturalWidth === 1024;
    }, null, { timeout: 10000 }).then(() => true, () => false);
    check(shown, "the VRAM dump is not shown as a 1024-wide image");
    await open(level);
    const png = await act("#lk-render");
    cli("render", name, "--vram", path.basename(opt.vram), "-o", "cli-vram.png");
    same(`${name} render with VRAM`, png[`${stem}.png`], cliFile("cli-vram.png"));
    await page.selectOption("#lk-export-to", "glb");
    const glb = await act("#lk-export");
    cli("export", name, "--vram", path.basename(opt.vram), "-o", "cli-vram.glb");
    same(`${name} GLB with VRAM`, glb[`${stem}.glb`], cliFile("cli-vram.glb"));
    results.vram = true;
  }

  // A truncated file: the CLI's error, naming the offset; then the page still works.
  const first = opt.samples[0];
  const cut = readFileSync(first);
  const truncated = path.join(work, "truncated" + path.extname(first));
  writeFileSync(truncated, cut.subarray(0, Math.floor(cut.length / 3)));
  await open(truncated);
  const shown = await text("#lk-error");
  const cliError = cli("info", path.basename(truncated)).stderr.trim();
  // The CLI adds the hint that names its --format flag (crates/levelkit-cli/src/common.rs); the page has no
  // flags, so it shows the library's message alone: the same words up to that hint.
  const flagHint = "; use --format to force one";
  check(cliError.endsWith(flagHint), `truncated file: the CLI's error lacks its flag hint: "${cliError}"`);
  results.truncated = shown;
  check(shown === cliError.slice(0, -flagHint.length), `truncated file: the page shows "${shown}", the CLI "${cliError}"`);
  check(!shown.includes("--format"), `truncated file: the page names a flag it does not have: "${shown}"`);
  check(/offset|0x[0-9a-f]+|byte \d+/i.test(shown), `truncated file: the error names no offset: ${shown}`);
  await open(first);
  check(!(await page.locator("#lk-error-box").isVisible()), "after the error, opening a good file still shows an error");
  check((await text("#lk-info")) === cli("info", path.basename(first)).stdout, "after the error, info of a good file differs");

  // Load to first frame of a big stage: navigation to the view's first frame, the file chosen at once.
  if (opt.big) {
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

// Times the web page's audit as a user waits for it, beside the CLI (issue 58; docs/dev/performance.md,
// "Issue 58: the page"). One headless Chromium holds one tab per page variant (LABEL=URL), each with the
// stage open; rounds alternate: every tab audits once, then the CLI (`levelkit audit`, one thread and both
// cores). Per run: click to the audit shown (the summary in the panel), click to the first probe and to the
// last (the page's marks, `window.levelkitPage.audits`, where it has them) and to the 3D view's first frame
// with the holes marked. With --mesh, also a dropped mesh to its audit: the OBJ opened, Build, Audit, each
// step timed, on a fresh tab of each variant per round.
//
// Usage: node tools/web-bench.mjs --levelkit BIN --stage F.cl [--probes 30000] [--rounds 5] [--mesh F.obj]
//          [--json OUT] LABEL=PAGE...
// PAGE: a path to index.html (file://) or an http URL; a query (?workers=1) is passed on.
// Environment: LEVELKIT_CHROMIUM (default /usr/bin/chromium). Prints medians; no time is asserted.
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

const args = process.argv.slice(2);
const opt = { variants: [], probes: "30000", rounds: "5" };
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  if (["--levelkit", "--stage", "--probes", "--rounds", "--mesh", "--json"].includes(a)) opt[a.slice(2)] = args[++i];
  else opt.variants.push(a);
}
if (!opt.levelkit || !opt.stage || !opt.variants.length || opt.variants.some((v) => !v.includes("="))) {
  console.error("usage: node tools/web-bench.mjs --levelkit BIN --stage F.cl [--probes N] [--rounds N] [--mesh F.obj] [--json OUT] LABEL=PAGE...");
  process.exit(2);
}
const rounds = Number(opt.rounds);
const url = (page) => {
  if (/^https?:/.test(page)) return page;
  const [file, query] = page.split("?");
  return pathToFileURL(path.resolve(file)).href + (query ? "?" + query : "");
};
const variants = opt.variants.map((v) => {
  const at = v.indexOf("=");
  return { label: v.slice(0, at), url: url(v.slice(at + 1)) };
});

const { chromium } = await import("playwright-core");
const browser = await chromium.launchPersistentContext(mkdtempSync(path.join(tmpdir(), "levelkit-bench-")), {
  executablePath: process.env.LEVELKIT_CHROMIUM || "/usr/bin/chromium",
  headless: true,
  viewport: { width: 1280, height: 800 },
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--enable-unsafe-swiftshader", "--use-angle=swiftshader"],
});

const idle = (page) => page.waitForFunction(() => document.getElementById("lk-status").dataset.state === "idle", null, { timeout: 600000 });
const counter = (page, key) => page.evaluate((k) => window.levelkitPage[k] || 0, key);
const after = (page, key, n) => page.waitForFunction(([k, n]) => (window.levelkitPage[k] || 0) > n, [key, n], { timeout: 600000 });

async function openPage(v) {
  const page = await browser.newPage();
  page.on("pageerror", (e) => console.error(`${v.label}: page error: ${e.message}`));
  await page.goto(v.url, { waitUntil: "load" });
  await idle(page);
  return page;
}

async function openFile(page, file) {
  const n = await counter(page, "opened");
  await page.setInputFiles("#lk-file", file);
  await after(page, "opened", n);
  await idle(page);
}

// Clicks Audit and times, in the page's clock: the audit shown (the summary), and the view's first frame.
async function audit(page) {
  await page.fill("#lk-audit-probes", opt.probes);
  const n = await counter(page, "acted");
  const clicked = await page.evaluate(() => {
    window.levelkitPage.frameAt = null;
    const box = document.getElementById("lk-audit-box");
    const at = performance.now();
    window.levelkitBenchShown = new Promise((resolve) => {
      const seen = new MutationObserver(() => {
        if (!box.hidden) { seen.disconnect(); resolve(performance.now()); }
      });
      seen.observe(box, { attributes: true, attributeFilter: ["hidden"] });
    });
    document.getElementById("lk-audit-run").click();
    return at;
  });
  await after(page, "acted", n);
  await idle(page);
  const shown = await page.evaluate(() => window.levelkitBenchShown);
  await page.waitForFunction(() => window.levelkitPage.frameAt, null, { timeout: 600000 }).catch(() => {});
  const marks = await page.evaluate(() => {
    const list = window.levelkitPage.audits || [];
    return { last: list[list.length - 1] || null, frameAt: window.levelkitPage.frameAt, workers: window.levelkitPage.workers || 1 };
  });
  const m = marks.last && marks.last.clicked >= clicked - 1 ? marks.last : null;
  return {
    shown: shown - clicked,
    firstProbe: m ? m.firstProbe - m.clicked : null,
    probed: m ? m.probed - m.clicked : null,
    view: marks.frameAt ? marks.frameAt - clicked : null,
    workers: marks.workers,
  };
}

function cli(threads) {
  const env = { ...process.env };
  if (threads) env.RAYON_NUM_THREADS = String(threads);
  else delete env.RAYON_NUM_THREADS;
  const t = performance.now();
  const r = spawnSync(path.resolve(opt.levelkit), ["audit", opt.stage, "--probes", opt.probes], { env, encoding: "utf8", maxBuffer: 1 << 28 });
  const ms = performance.now() - t;
  if (r.status !== 0 && r.status !== 1) throw new Error("levelkit audit failed: " + r.stderr);
  return ms;
}

// A dropped mesh to its audit: opened (and drawn), Build (the built file opens itself), Audit.
async function meshToAudit(v) {
  const page = await openPage(v);
  const t0 = await page.evaluate(() => performance.now());
  await openFile(page, opt.mesh);
  const opened = await page.evaluate(() => performance.now());
  let n = await counter(page, "acted");
  await page.click("#lk-build");
  await after(page, "acted", n);
  await idle(page);
  const built = await page.evaluate(() => performance.now());
  await page.fill("#lk-audit-probes", "10000");
  n = await counter(page, "acted");
  await page.click("#lk-audit-run");
  await after(page, "acted", n);
  await idle(page);
  const audited = await page.evaluate(() => performance.now());
  const runs = await page.evaluate(() => window.levelkitPage.runs || []);
  await page.close();
  const each = {};
  for (const [command, ms] of runs) each["  " + command] = (each["  " + command] || 0) + ms;
  return { open: opened - t0, build: built - opened, audit: audited - built, total: audited - t0, ...each };
}

const results = { probes: Number(opt.probes), stage: path.basename(opt.stage), runs: {} };
const add = (label, key, value) => {
  const r = (results.runs[label] ||= {});
  (r[key] ||= []).push(value);
};
const pages = [];
for (const v of variants) {
  const page = await openPage(v);
  await openFile(page, opt.stage);
  await audit(page); // a first, untimed audit: the module compiled and warm, as on a second click
  pages.push(page);
}
cli(1);
for (let round = 0; round < rounds; round++) {
  for (let i = 0; i < variants.length; i++) {
    const r = await audit(pages[i]);
    for (const [k, ms] of Object.entries(r)) if (ms !== null) add(variants[i].label, k, ms);
  }
  add("cli", "one thread", cli(1));
  add("cli", "both cores", cli(0));
  if (opt.mesh) {
    for (const v of variants) {
      for (const [k, ms] of Object.entries(await meshToAudit(v))) add(v.label, "mesh " + k, ms);
    }
  }
  console.error(`round ${round + 1} of ${rounds} done`);
}
await browser.close();

const median = (list) => {
  const s = [...list].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
console.log(`${results.stage}, ${results.probes.toLocaleString("en")} probes of each kind, ${rounds} alternating rounds (ms: median, then every run)`);
for (const [label, keys] of Object.entries(results.runs)) {
  for (const [k, list] of Object.entries(keys)) {
    if (k === "workers") { console.log(`${label.padEnd(12)} workers ${list[0]}`); continue; }
    console.log(`${label.padEnd(12)} ${k.padEnd(14)} ${median(list).toFixed(0).padStart(7)}   ${list.map((x) => x.toFixed(0)).join(" ")}`);
  }
}
if (opt.json) writeFileSync(opt.json, JSON.stringify(results, null, 1));

// Opens levelkit viewer pages in headless Chromium from file:// and checks that they work: no console
// errors, no network requests, the scene draws (WebGL must work: no WebGL is a failure), the room and
// surface toggles change the picture, hiding everything leaves a blank canvas (so the blank check can
// fail), hovering a face describes it. Prints one line per page with its load time; exits 1 on a failure.
//
// Usage: node tools/viewer-test.mjs [--screenshots DIR] [--json FILE] [--chromium-arg ARG]... PAGE.html...
// Environment: LEVELKIT_CHROMIUM (default /usr/bin/chromium).
import { existsSync, mkdirSync, writeFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { inflateSync } from "node:zlib";

const args = process.argv.slice(2);
let screenshots = null;
let jsonOut = null;
const extraArgs = [];
const pages = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--screenshots") screenshots = args[++i];
  else if (args[i] === "--json") jsonOut = args[++i];
  else if (args[i] === "--chromium-arg") extraArgs.push(args[++i]);
  else pages.push(args[i]);
}
if (pages.length === 0) {
  console.error("usage: node tools/viewer-test.mjs [--screenshots DIR] [--json FILE] [--chromium-arg ARG]... PAGE.html...");
  process.exit(2);
}

const executablePath = process.env.LEVELKIT_CHROMIUM || "/usr/bin/chromium";
if (!existsSync(executablePath)) {
  console.error(`viewer-test: no Chromium at ${executablePath}; install Debian's: apt-get install -y chromium`);
  process.exit(3);
}
let chromium;
try {
  ({ chromium } = await import("playwright-core"));
} catch (e) {
  console.error(`viewer-test: playwright-core is missing; run: npm ci --prefix tools (${e.message})`);
  process.exit(3);
}

// --- PNG decoding (8-bit RGB/RGBA, non-interlaced: what Chromium's screenshots are) ---------------------
function decodePng(buf) {
  let pos = 8;
  let width = 0, height = 0, colourType = 0, depth = 0, interlace = 0;
  const idat = [];
  while (pos < buf.length) {
    const len = buf.readUInt32BE(pos);
    const type = buf.toString("latin1", pos + 4, pos + 8);
    const data = buf.subarray(pos + 8, pos + 8 + len);
    if (type === "IHDR") {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      depth = data[8];
      colourType = data[9];
      interlace = data[12];
    } else if (type === "IDAT") idat.push(data);
    else if (type === "IEND") break;
    pos += 12 + len;
  }
  const channels = { 2: 3, 6: 4 }[colourType];
  if (depth !== 8 || !channels || interlace !== 0) {
    throw new Error(`PNG kind not read here: depth ${depth}, colour type ${colourType}, interlace ${interlace}`);
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const out = Buffer.alloc(width * height * 4);
  let prev = Buffer.alloc(stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = Buffer.from(raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1)));
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? line[x - channels] : 0;
      const b = prev[x];
      const c = x >= channels ? prev[x - channels] : 0;
      let add = 0;
      if (filter === 1) add = a;
      else if (filter === 2) add = b;
      else if (filter === 3) add = (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c, pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
        add = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      line[x] = (line[x] + add) & 255;
    }
    for (let x = 0; x < width; x++) {
      out[(y * width + x) * 4] = line[x * channels];
      out[(y * width + x) * 4 + 1] = line[x * channels + 1];
      out[(y * width + x) * 4 + 2] = line[x * channels + 2];
      out[(y * width + x) * 4 + 3] = channels === 4 ? line[x * channels + 3] : 255;
    }
    prev = line;
  }
  return { width, height, rgba: out };
}

/// Share of pixels that differ from the background colour, and how many distinct colours there are.
function drawn(png, background) {
  const [br, bg, bb] = [(background >> 16) & 255, (background >> 8) & 255, background & 255];
  let differ = 0;
  const colours = new Set();
  const px = png.rgba;
  for (let i = 0; i < px.length; i += 4) {
    const d = Math.max(Math.abs(px[i] - br), Math.abs(px[i + 1] - bg), Math.abs(px[i + 2] - bb));
    if (d > 6) differ++;
    if (colours.size < 1000) colours.add((px[i] << 16) | (px[i + 1] << 8) | px[i + 2]);
  }
  return { share: differ / (png.width * png.height), colours: colours.size };
}

/// Share of pixels that differ between two pictures of the same size.
function changed(a, b) {
  if (a.width !== b.width || a.height !== b.height) return 1;
  let n = 0;
  for (let i = 0; i < a.rgba.length; i += 4) {
    if (Math.max(Math.abs(a.rgba[i] - b.rgba[i]), Math.abs(a.rgba[i + 1] - b.rgba[i + 1]),
      Math.abs(a.rgba[i + 2] - b.rgba[i + 2])) > 6) n++;
  }
  return n / (a.width * a.height);
}

const NOT_BLANK = 0.005; // at least 0.5% of the canvas shows the scene
const CHANGED = 0.0005; // a toggle must change at least 0.05% of the canvas

const profile = mkdtempSync(path.join(tmpdir(), "levelkit-chromium-"));
// A fresh, empty profile (Playwright passes it to Chromium as --user-data-dir).
const browser = await chromium.launchPersistentContext(profile, {
  executablePath,
  headless: true,
  viewport: { width: 1280, height: 800 },
  args: [
    "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--disable-quic",
    // SwiftShader is Chromium's software WebGL; with --disable-gpu it must be allowed explicitly.
    "--enable-unsafe-swiftshader", "--use-angle=swiftshader",
    ...extraArgs,
  ],
});

const results = [];
let failures = 0;
try {
  for (const file of pages) {
    const result = { file, problems: [] };
    results.push(result);
    const problem = (m) => result.problems.push(m);
    const page = await browser.newPage();
    page.on("console", (m) => { if (m.type() === "error") problem(`console error: ${m.text()}`); });
    page.on("pageerror", (e) => problem(`page error: ${e.message}`));
    page.on("request", (r) => {
      const url = r.url();
      if (!/^(file|data|blob):/.test(url)) problem(`network request: ${url}`);
    });
    try {
      await page.goto(pathToFileURL(path.resolve(file)).href, { waitUntil: "load" });
      await page.waitForFunction(() => window.levelkitReady || window.levelkitError, null, { timeout: 60000 });
      const status = await page.evaluate(() => ({
        error: window.levelkitError || null,
        loadMs: window.levelkitLoadMs,
        kind: window.levelkit && window.levelkit.info.kind,
        background: window.levelkit && window.levelkit.background,
        renderer: (() => {
          const gl = document.querySelector("#lk-view canvas")?.getContext("webgl2");
          const ext = gl && gl.getExtension("WEBGL_debug_renderer_info");
          return ext ? gl.getParameter(ext.UNMASKED_RENDERER_WEBGL) : null;
        })(),
      }));
      if (status.error) throw new Error(`the viewer failed: ${status.error}`);
      Object.assign(result, { kind: status.kind, loadMs: Math.round(status.loadMs), renderer: status.renderer });
      const canvas = page.locator("#lk-view canvas");
      const settle = () => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const stem = path.basename(file, path.extname(file));
      const shot = async (name) => {
        await settle();
        const png = await canvas.screenshot();
        if (screenshots && name) writeFileSync(path.join(screenshots, `${stem}-${name}.png`), png);
        return decodePng(png);
      };
      // A picture of the whole page, for a person to look at.
      const keep = async (name) => {
        if (screenshots) await page.screenshot({ path: path.join(screenshots, `${stem}-${name}.png`) });
      };

      const initialMode = await page.inputValue("#lk-mode");
      const base = await shot();
      const look = drawn(base, status.background);
      result.drawn = +look.share.toFixed(3);
      if (look.share < NOT_BLANK || look.colours < 3) {
        problem(`the canvas is blank (${(look.share * 100).toFixed(2)}% drawn, ${look.colours} colours)`);
      }
      if (screenshots) {
        mkdirSync(screenshots, { recursive: true });
        await page.screenshot({ path: path.join(screenshots, `${stem}.png`) });
      }

      // Hover: the scene is fitted in the middle of the canvas, so one of a few points there is on a face.
      const box = await canvas.boundingBox();
      let hover = "";
      for (const [fx, fy] of [[0.5, 0.5], [0.45, 0.45], [0.55, 0.55], [0.4, 0.55], [0.6, 0.45], [0.5, 0.6], [0.5, 0.4], [0.35, 0.5], [0.65, 0.5]]) {
        await page.mouse.move(box.x + box.width * fx, box.y + box.height * fy);
        await page.waitForTimeout(50);
        await settle();
        hover = await page.locator("#lk-hover").evaluate((e) => (e.hidden ? "" : e.textContent));
        if (hover) break;
      }
      result.hover = hover.split("\n").join(" | ");
      await keep("hover");
      if (!/(face|triangle) \d+/.test(hover) || !/flags 0x/.test(hover)) problem(`hovering shows no face: "${hover}"`);
      await page.mouse.move(box.x - 50, box.y + 10);

      // One toggle of the kind's list must change the picture; "none" must blank it; "all" restores it.
      const list = status.kind === "heroes-cl" ? "surfaces" : "rooms";
      const toggles = page.locator(`#lk-${list} input[type=checkbox]`);
      const count = await toggles.count();
      if (count === 0) problem(`no ${list} to toggle`);
      else {
        // Toggle the one whose hiding changes the most, trying at most four: a room can be hidden behind others.
        let best = 0;
        for (let i = 0; i < Math.min(count, 4); i++) {
          await toggles.nth(i).click();
          const off = await shot();
          if (i === 0) await keep("toggled");
          best = Math.max(best, changed(base, off));
          await toggles.nth(i).click();
          if (await toggles.nth(i).isChecked() !== true) problem(`${list} checkbox ${i} did not turn back on`);
        }
        result.toggleChanged = +best.toFixed(4);
        if (best < CHANGED) problem(`toggling ${list} changed nothing (${best})`);
        await page.click(`#lk-${list}-none`);
        for (const other of ["#lk-portals", "#lk-tree", "#lk-holes"]) {
          if (await page.locator(other).isVisible()) await page.uncheck(other);
        }
        const empty = drawn(await shot("hidden"), status.background);
        if (empty.share >= NOT_BLANK / 5) problem(`with everything hidden, ${(empty.share * 100).toFixed(2)}% is still drawn`);
        await page.click(`#lk-${list}-all`);
        for (const other of ["#lk-portals", "#lk-tree", "#lk-holes"]) {
          if (await page.locator(other).isVisible()) await page.check(other);
        }
        const back = changed(base, await shot());
        if (back > CHANGED) problem(`showing everything again did not restore the picture (${back})`);
      }

      // Every mode draws something.
      const modes = await page.locator("#lk-mode option:not([disabled])").evaluateAll((os) => os.map((o) => o.value));
      if (!modes.includes("surface") || !modes.includes("wireframe")) problem(`modes offered: ${modes}`);
      for (const mode of modes) {
        await page.selectOption("#lk-mode", mode);
        const m = drawn(await shot(), status.background);
        if (m.share < NOT_BLANK / 5) problem(`mode ${mode} draws nothing`);
        await keep(`mode-${mode}`);
      }
      await page.selectOption("#lk-mode", initialMode);

      // Fly: holding W moves the camera; Orbit and Fit bring back the first view exactly.
      await page.click("#lk-fly");
      await page.keyboard.down("KeyW");
      await page.waitForTimeout(400);
      await page.keyboard.up("KeyW");
      const flown = changed(base, await shot());
      await keep("fly");
      if (flown < CHANGED) problem(`flying forward changed nothing (${flown})`);
      await page.click("#lk-orbit");
      await page.click("#lk-fit");
      const refit = changed(base, await shot());
      if (refit > CHANGED) problem(`Fit did not bring back the first view (${refit})`);

      // A hole in the list takes the camera to it.
      const holes = page.locator("#lk-hole-list li");
      if (await holes.count() > 0) {
        await holes.first().click();
        const moved = changed(base, await shot());
        await keep("hole");
        if (moved < CHANGED) problem(`going to a hole changed nothing (${moved})`);
        await page.click("#lk-fit");
      }
    } catch (e) {
      problem(e.message.split("\n")[0]);
    }
    await page.close();
    if (result.problems.length) failures++;
    const figures = result.kind
      ? ` kind=${result.kind} load=${result.loadMs}ms drawn=${result.drawn} toggle=${result.toggleChanged} renderer=${result.renderer}`
      : "";
    console.log(`${result.problems.length ? "FAIL" : "ok"} ${file}${figures}`);
    // Reported, not failed: tests never time things, but a person should see a slow page.
    if (result.loadMs > 2000) console.log(`  warning: the page took ${result.loadMs} ms to show (over 2 s)`);
    if (result.hover) console.log(`  hover: ${result.hover}`);
    for (const p of result.problems) console.log(`  ${p}`);
  }
} finally {
  await browser.close();
  rmSync(profile, { recursive: true, force: true });
}
if (jsonOut) writeFileSync(jsonOut, JSON.stringify(results, null, 2) + "\n");
process.exit(failures ? 1 : 0);

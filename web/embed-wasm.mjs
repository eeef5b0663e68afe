// Writes the .wasm module as a classic script that defines window.LEVELKIT_WASM (base64): a page opened
// from file:// cannot fetch a .wasm file in Chromium, but it can load a script beside it.
// Usage: node web/embed-wasm.mjs IN.wasm OUT.js
import { readFileSync, writeFileSync } from "node:fs";
const [input, output] = process.argv.slice(2);
const wasm = readFileSync(input);
WebAssembly.validate(wasm) || (console.error(`${input} is not a WebAssembly module`), process.exit(1));
writeFileSync(output, `// levelkit's WebAssembly module (${wasm.length} bytes), base64; made by web/embed-wasm.mjs\n` +
  `window.LEVELKIT_WASM = "${wasm.toString("base64")}";\n`);

// Validates glTF and GLB files with the Khronos glTF-Validator; exits 1 if any file has an error.
// Usage: node tools/validate-gltf.mjs FILE...
import { readFile } from "node:fs/promises";
import path from "node:path";
import validator from "gltf-validator";

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error("usage: node tools/validate-gltf.mjs FILE...");
  process.exit(2);
}

let failed = 0;
for (const file of files) {
  const data = new Uint8Array(await readFile(file));
  const report = await validator.validateBytes(data, {
    uri: path.basename(file),
    maxIssues: 100,
    externalResourceFunction: (uri) =>
      readFile(path.resolve(path.dirname(file), decodeURIComponent(uri))).then((b) => new Uint8Array(b)),
  });
  const { numErrors, numWarnings, numInfos, messages } = report.issues;
  console.log(`${file}: ${numErrors} error(s), ${numWarnings} warning(s), ${numInfos} info(s)`);
  for (const m of messages) {
    if (m.severity <= 1) {
      const kind = m.severity === 0 ? "error" : "warning";
      console.log(`  ${kind} ${m.code} at ${m.pointer ?? "(document)"}: ${m.message}`);
    }
  }
  if (numErrors > 0) failed += 1;
}
process.exit(failed > 0 ? 1 : 0);

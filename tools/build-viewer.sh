#!/usr/bin/env bash
# Refreshes the viewer's vendored three.js: bundles the pinned `three` (tools/package.json) with GLTFLoader
# and OrbitControls into one minified classic script, crates/levelkit/assets/viewer/three-bundle.js, and
# copies three's LICENSE beside it. To move to another three.js version: change the pin in
# tools/package.json, `npm install --prefix tools`, run this script, commit the result.
# `tools/build-viewer.sh DIR` writes the three files into DIR instead (CI rebuilds into a temporary folder
# and compares: the committed bundle must be what the pinned tools make).
set -euo pipefail
cd "$(dirname "$0")/.."
npm ci --prefix tools --no-audit --no-fund
out=${1:-crates/levelkit/assets/viewer}
version=$(node -p 'require("./tools/node_modules/three/package.json").version')
tools/node_modules/.bin/esbuild tools/viewer-bundle-entry.js \
  --bundle --minify --format=iife --global-name=LK3 --target=es2020 --legal-comments=none \
  --banner:js="/* three.js ${version} (MIT, see three-LICENSE) with GLTFLoader and OrbitControls; built by tools/build-viewer.sh */" \
  --outfile="$out/three-bundle.js"
cp tools/node_modules/three/LICENSE "$out/three-LICENSE"
echo "$version" > "$out/three-VERSION"
ls -l "$out"

#!/usr/bin/env bash
# Packages the add-on with a levelkit wheel, two ways:
#   OUTDIR/levelkit_blender-legacy.zip     Blender 3.x: Edit › Preferences › Add-ons › Install (the add-on
#                                          unpacks its bundled wheel on first use)
#   OUTDIR/levelkit_blender-extension.zip  Blender 4.2+: drag onto Blender, or Get Extensions › Install
#                                          from Disk (Blender installs the wheel the manifest names)
# usage: blender/package.sh WHEEL OUTDIR
set -euo pipefail
wheel=$(realpath "$1")
out=$(realpath -m "$2")
here=$(cd "$(dirname "$0")" && pwd)
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$out" "$stage/levelkit_blender/wheels"
cp "$here"/levelkit_blender/*.py "$here/levelkit_blender/blender_manifest.toml" "$stage/levelkit_blender/"
cp "$wheel" "$stage/levelkit_blender/wheels/"
# The manifest names the wheel it ships.
sed -i "s|^wheels = .*|wheels = [\"./wheels/$(basename "$wheel")\"]|" "$stage/levelkit_blender/blender_manifest.toml"
rm -f "$out/levelkit_blender-legacy.zip" "$out/levelkit_blender-extension.zip"
(cd "$stage" && python3 -m zipfile -c "$out/levelkit_blender-legacy.zip" levelkit_blender)
(cd "$stage/levelkit_blender" && python3 -m zipfile -c "$out/levelkit_blender-extension.zip" .)
echo "$out/levelkit_blender-legacy.zip"
echo "$out/levelkit_blender-extension.zip"

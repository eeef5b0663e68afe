#!/usr/bin/env bash
# Packages the add-on with one levelkit wheel per platform, two ways:
#   OUTDIR/levelkit_blender-legacy.zip     Blender 3.x: Edit › Preferences › Add-ons › Install (the add-on
#                                          unpacks the bundled wheel for its platform on first use)
#   OUTDIR/levelkit_blender-extension.zip  Blender 4.2+: drag onto Blender, or Get Extensions › Install
#                                          from Disk (Blender installs the wheel for its platform)
# The extension's manifest lists every wheel and names each platform a wheel is given for.
# usage: blender/package.sh WHEEL... OUTDIR
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: blender/package.sh WHEEL... OUTDIR" >&2; exit 2; }
out=$(realpath -m "${!#}")
here=$(cd "$(dirname "$0")" && pwd)
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$out" "$stage/levelkit_blender/wheels"
cp "$here"/levelkit_blender/*.py "$here/levelkit_blender/blender_manifest.toml" "$stage/levelkit_blender/"
wheels=() platforms=()
for wheel in "${@:1:$#-1}"; do
  name=$(basename "$wheel")
  cp "$wheel" "$stage/levelkit_blender/wheels/"
  wheels+=("\"./wheels/$name\"")
  # The wheel's platform tag, as Blender names the platform.
  case "$name" in
    *manylinux*_x86_64.whl) platforms+=('"linux-x64"') ;;
    *manylinux*_aarch64.whl) platforms+=('"linux-arm64"') ;;
    *win_amd64.whl) platforms+=('"windows-x64"') ;;
    *win_arm64.whl) platforms+=('"windows-arm64"') ;;
    *macosx*_x86_64.whl) platforms+=('"macos-x64"') ;;
    *macosx*_arm64.whl) platforms+=('"macos-arm64"') ;;
    *) echo "$name: no Blender platform known for this wheel" >&2; exit 1 ;;
  esac
done
join() { local IFS=,; echo "$*" | sed 's/,/, /g'; }
sed -i -e "s|^wheels = .*|wheels = [$(join "${wheels[@]}")]|" \
  -e "s|^platforms = .*|platforms = [$(join "${platforms[@]}")]|" "$stage/levelkit_blender/blender_manifest.toml"
rm -f "$out/levelkit_blender-legacy.zip" "$out/levelkit_blender-extension.zip"
(cd "$stage" && python3 -m zipfile -c "$out/levelkit_blender-legacy.zip" levelkit_blender)
(cd "$stage/levelkit_blender" && python3 -m zipfile -c "$out/levelkit_blender-extension.zip" .)
echo "$out/levelkit_blender-legacy.zip"
echo "$out/levelkit_blender-extension.zip: platforms = [$(join "${platforms[@]}")]"

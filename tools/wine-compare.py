"""levelkit.exe under Wine against the Linux binary, byte for byte (scripts/test-windows runs this).

Every case runs both programs on the same inputs, each in a folder of its own, and compares the exit
status, standard output and every file the case writes. Then the Windows-only cases: drive letters and
backslashes, `IMAGE:PATH` after a drive letter, replacing an existing output, non-ASCII file names, and a
reader that closes the pipe early.

usage: python3 tools/wine-compare.py --linux target/release/levelkit --exe target/windows/dist/levelkit.exe
       --shim DIR_WITH_bcryptprimitives.dll --work SCRATCH [--samples samples]
"""

import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path

# The cases both binaries run. {NAME} is an input file of that name in the case's folder; outputs are
# the files the case adds to that folder.
CASES = [
    # generated inputs (the generators use sin/cos: levelkit's own, the same everywhere)
    ["sample", "cl", "--seed", "7", "--size", "3000", "-o", "gen.cl"],
    ["sample", "cl-community", "--seed", "7", "--size", "3000", "-o", "gen-community.cl"],
    ["sample", "level", "--seed", "3", "--size", "6", "-o", "LEVEL03.BIN"],
    ["sample", "vram", "-o", "vram.bin"],
    # reading
    ["info", "stage.cl", "--json"],
    ["info", "stage.cl"],
    ["info", "LEVEL00.BIN", "--json"],
    ["check", "stage.cl", "--json"],
    ["check", "stage-community.cl", "--json"],
    ["check", "LEVEL00.BIN", "--json"],
    ["rooms", "LEVEL00.BIN"],
    ["dump", "stage.cl", "-o", "stage.json"],
    ["dump", "LEVEL00.BIN", "-o", "level.json"],
    ["pack", "stage.json", "-o", "packed.cl"],
    ["pack", "level.json", "-o", "packed.bin"],
    # exports and renders
    ["export", "stage.cl", "-o", "stage.glb"],
    ["export", "stage-community.cl", "--tree", "-o", "community.gltf"],
    ["export", "stage.cl", "-o", "stage.obj"],
    ["export", "LEVEL00.BIN", "--vram", "vram.bin", "-o", "level.obj"],
    ["export", "LEVEL00.BIN", "--vram", "vram.bin", "-o", "level.glb"],
    ["render", "stage.cl", "--size", "320x240", "-o", "stage.png"],
    ["render", "LEVEL00.BIN", "--vram", "vram.bin", "--size", "320x240", "-o", "level.png"],
    ["map", "stage-community.cl", "-o", "map.png"],
    # builds
    ["build-cl", "stage.obj", "--json", "-o", "built.cl"],
    ["build-cl", "stage.obj", "--community", "-o", "built-community.cl"],
    ["repair-cl", "stage-community.cl", "--json", "-o", "repaired.cl"],
    ["build-level", "level.glb", "--base", "LEVEL00.BIN", "--json", "-o", "LEVEL01.BIN"],
    # the audit: probe positions and distances, the numbers a platform's maths library would change
    ["audit", "stage.cl", "--probes", "400", "--seed", "3", "--json"],
    ["audit", "stage-community.cl", "--probes", "400", "--seed", "5", "--json", "--map", "holes.png"],
    ["audit", "gen.cl", "--probes", "300", "--json"],
    # disc images
    ["ls", "disc.iso", "--json"],
    ["ls", "disc.iso"],
    ["extract", "disc.iso", "-o", "extracted"],
    ["dump", "disc.iso:FILES/S01.CL", "-o", "from-disc.json"],
]

# Inputs the cases need besides the samples, made by the Linux binary beforehand (the cases then make
# and compare each binary's own).
CARRIED = ["vram.bin", "stage.json", "level.json", "stage.obj", "stage.mtl", "level.glb", "gen.cl"]


class Runner:
    def __init__(self, linux: Path, exe: Path, work: Path):
        self.linux, self.exe, self.work = linux, exe, work
        self.env = dict(os.environ, WINEDEBUG="-all", WINEPREFIX=str(work / "wineprefix"))
        self.failures: list[str] = []

    def run_linux(self, args, cwd):
        return subprocess.run([str(self.linux), *args], cwd=cwd, capture_output=True, timeout=600)

    def run_windows(self, args, cwd, **kw):
        return subprocess.run(["wine", str(self.exe), *args], cwd=cwd, capture_output=True, env=self.env,
                              timeout=600, **kw)

    def fail(self, what):
        print("FAIL", what)
        self.failures.append(what)

    def expect(self, ok, what):
        if ok:
            print("ok  ", what)
        else:
            self.fail(what)


def files_under(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def first_difference(a: bytes, b: bytes) -> str:
    at = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    return f"{len(a)} vs {len(b)} bytes, first difference at byte {at}: {a[at:at + 40]!r} vs {b[at:at + 40]!r}"


def compare_cases(r: Runner, inputs: Path):
    linux_dir, windows_dir = r.work / "linux", r.work / "windows"
    for d in (linux_dir, windows_dir):
        shutil.copytree(inputs, d)
    for args in CASES:
        before = set(files_under(linux_dir))
        lin = r.run_linux(args, linux_dir)
        win = r.run_windows(args, windows_dir)
        name = "levelkit " + " ".join(args)
        problems = []
        if lin.returncode != win.returncode:
            problems.append(f"exit {lin.returncode} (Linux) vs {win.returncode} (Windows): {win.stderr[-300:]!r}")
        if lin.stdout != win.stdout:
            problems.append("stdout: " + first_difference(lin.stdout, win.stdout))
        lin_files, win_files = files_under(linux_dir), files_under(windows_dir)
        written = sorted(set(lin_files) - before)
        if set(lin_files) != set(win_files):
            problems.append(f"files differ: {sorted(set(lin_files) ^ set(win_files))}")
        for f in sorted(set(lin_files) & set(win_files)):
            if lin_files[f] != win_files[f]:
                problems.append(f"{f}: " + first_difference(lin_files[f], win_files[f]))
        if lin.returncode not in (0, 1) or (lin.returncode == 1 and args[0] not in ("check", "audit")):
            problems.append(f"the Linux run itself failed ({lin.returncode}): {lin.stderr[-300:]!r}")
        outputs = f"{len(lin.stdout)} bytes of output, {len(written)} file(s)"
        r.expect(not problems, f"{name}: same bytes ({outputs})" + "".join("\n       " + p for p in problems))


def windows_paths(r: Runner, inputs: Path):
    """Drive letters, backslashes, IMAGE:PATH after a drive letter, replacement, non-ASCII names."""
    folder = r.work / "paths"
    shutil.copytree(inputs, folder)
    (folder / "sub dir").mkdir()
    shutil.copy(inputs / "stage.cl", folder / "sub dir" / "stage.cl")
    expected_dump = r.run_linux(["dump", "stage.cl"], folder).stdout
    # Wine shows the Linux root as drive Z:.
    drive = "Z:" + str(folder).replace("/", "\\")

    def dump_is_expected(args, out_name, what):
        out = folder / out_name
        out.unlink(missing_ok=True)
        run = r.run_windows(args, folder)
        ok = run.returncode == 0 and out.exists() and out.read_bytes() == expected_dump
        r.expect(ok, f"{what}: levelkit {' '.join(args)}" + ("" if ok else f" -> {run.returncode} {run.stderr!r}"))

    dump_is_expected(["dump", drive + "\\stage.cl", "-o", drive + "\\abs.json"], "abs.json",
                     "absolute path with a drive letter")
    dump_is_expected(["dump", "sub dir\\stage.cl", "-o", "sub dir\\back.json"], "sub dir/back.json",
                     "relative path with backslashes and a space")
    disc_dump = r.run_linux(["dump", "disc.iso:FILES/S01.CL"], folder).stdout
    run = r.run_windows(["dump", drive + "\\disc.iso:FILES/S01.CL"], folder)
    r.expect(run.returncode == 0 and run.stdout == disc_dump and disc_dump,
             f"IMAGE:PATH with a drive letter ({drive}\\disc.iso:FILES/S01.CL): {run.stderr!r}")
    # A disc image named `Z` in the current folder: `Z:\...\missing.cl` is still a path on drive Z, never
    # the file `missing...` inside the image `Z`.
    shutil.copy(folder / "disc.iso", folder / "Z")
    run = r.run_windows(["info", drive + "\\missing.cl"], folder)
    r.expect(run.returncode == 1 and b"cannot read" in run.stderr,
             f"Z:\\...\\missing.cl with an image named Z beside it reads drive Z, not image Z: {run.stderr!r}")
    (folder / "Z").unlink()

    # Replacing an existing output, and the input itself with --in-place: whole, no temporary left.
    (folder / "old.json").write_bytes(b"an older, longer file " * 1000000)
    dump_is_expected(["dump", "stage.cl", "-o", "old.json"], "old.json", "an existing output replaced")
    shutil.copy(inputs / "stage-community.cl", folder / "inplace.cl")
    run = r.run_windows(["repair-cl", "inplace.cl", "-o", "inplace.cl", "--in-place"], folder)
    repaired = r.run_linux(["repair-cl", "stage-community.cl", "-o", "repaired-linux.cl"], folder)
    ok = run.returncode == 0 and repaired.returncode == 0 and \
        (folder / "inplace.cl").read_bytes() == (folder / "repaired-linux.cl").read_bytes()
    r.expect(ok, f"repair-cl --in-place replaced its input with the Linux binary's bytes: {run.stderr!r}")
    run = r.run_windows(["repair-cl", "inplace.cl", "-o", "inplace.cl"], folder)
    r.expect(run.returncode == 1 and b"--in-place" in run.stderr, "an output that is the input, refused")
    leftovers = [p.name for p in folder.rglob("*") if ".tmp" in p.name]
    r.expect(not leftovers, f"no temporary file left behind: {leftovers}")

    # Non-ASCII names, in and out (Windows' UTF-16 file names).
    shutil.copy(inputs / "stage.cl", folder / "ステージ é.cl")
    dump_is_expected(["dump", "ステージ é.cl", "-o", "出力 ü.json"], "出力 ü.json", "non-ASCII file names")
    run = r.run_windows(["info", "ステージ é.cl", "--json"], folder)
    expected = r.run_linux(["info", "ステージ é.cl", "--json"], folder)
    r.expect(run.returncode == 0 and run.stdout == expected.stdout, "a non-ASCII name printed in JSON, as UTF-8")


def closed_pipe(r: Runner, inputs: Path):
    """`levelkit check FILE --json | more`: a reader that stops early ends levelkit quietly."""
    for args in (["dump", "stage.cl"], ["check", "stage-community.cl", "--json"]):
        expected = r.run_linux(args, inputs).returncode
        child = subprocess.Popen(["wine", str(r.exe), *args], cwd=inputs, env=r.env, stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE)
        child.stdout.read(16)
        child.stdout.close()
        stderr = child.stderr.read()
        code = child.wait(timeout=600)
        r.expect(code == expected and not stderr,
                 f"levelkit {' '.join(args)} | (reader closes early): exit {code}, Linux's {expected}; {stderr!r}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--linux", type=Path, required=True)
    ap.add_argument("--exe", type=Path, required=True)
    ap.add_argument("--shim", type=Path, required=True)
    ap.add_argument("--work", type=Path, required=True)
    ap.add_argument("--samples", type=Path, default=Path("samples"))
    a = ap.parse_args()
    work = a.work.resolve()
    inputs = work / "inputs"
    inputs.mkdir(parents=True)
    # The exe and the stand-in DLL together, as Windows would find them beside each other.
    bin_dir = work / "bin"
    bin_dir.mkdir()
    shutil.copy(a.exe, bin_dir / "levelkit.exe")
    shutil.copy(a.shim / "bcryptprimitives.dll", bin_dir / "bcryptprimitives.dll")
    r = Runner(a.linux.resolve(), bin_dir / "levelkit.exe", work)
    for f in ("stage.cl", "stage-community.cl", "LEVEL00.BIN"):
        shutil.copy(a.samples / f, inputs / f)
    # The disc image: a plain ISO 9660 (xorriso; 8.3 names, as on the PS1 disc) holding a stage and a level.
    tree = work / "disc-tree"
    (tree / "FILES").mkdir(parents=True)
    shutil.copy(inputs / "stage.cl", tree / "FILES" / "S01.CL")
    shutil.copy(inputs / "LEVEL00.BIN", tree / "FILES" / "LEVEL00.BIN")
    subprocess.run(["xorriso", "-as", "mkisofs", "-quiet", "-o", str(inputs / "disc.iso"), str(tree)], check=True)
    # Inputs later cases need, made by the Linux binary (the cases compare the Windows binary's own).
    for args in (["sample", "vram", "-o", "vram.bin"], ["dump", "stage.cl", "-o", "stage.json"],
                 ["dump", "LEVEL00.BIN", "-o", "level.json"], ["export", "stage.cl", "-o", "stage.obj"],
                 ["export", "LEVEL00.BIN", "--vram", "vram.bin", "-o", "level.glb"],
                 ["sample", "cl", "--seed", "7", "--size", "3000", "-o", "gen.cl"]):
        subprocess.run([str(r.linux), *args], cwd=inputs, check=True, capture_output=True)
    assert sorted(CARRIED) == sorted(p.name for p in inputs.iterdir() if p.name in CARRIED)
    version = r.run_windows(["--version"], inputs)
    print("wine levelkit.exe --version:", version.stdout.decode().strip(), version.stderr.decode()[-300:])
    compare_cases(r, inputs)
    windows_paths(r, inputs)
    closed_pipe(r, inputs)
    subprocess.run(["wineserver", "-k"], env=r.env, check=False)
    print(f"windows: {len(r.failures)} failure(s)")
    sys.exit(1 if r.failures else 0)


if __name__ == "__main__":
    main()

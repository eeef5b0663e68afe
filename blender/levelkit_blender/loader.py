"""Makes `import levelkit` work: the extension system (Blender 4.2+) installs the bundled wheel itself;
a legacy add-on (Blender 3.x) unpacks the wheel for its platform from its own `wheels/` folder into
`_vendor/` once."""

import glob
import os
import sys
import sysconfig
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
VENDOR = os.path.join(HERE, "_vendor")


def ensure_levelkit():
    try:
        import levelkit  # noqa: F401
        return
    except ImportError:
        pass
    wheels = sorted(w for w in glob.glob(os.path.join(HERE, "wheels", "levelkit-*.whl")) if for_this_platform(w))
    if not wheels:
        raise ImportError(
            f"the levelkit Python module for {sysconfig.get_platform()} is missing: install the wheel (pip "
            "install --target <blender scripts>/addons/modules levelkit-*.whl) or use the packaged add-on, "
            "which bundles it"
        )
    if not os.path.isdir(os.path.join(VENDOR, "levelkit")):
        with zipfile.ZipFile(wheels[-1]) as wheel:
            wheel.extractall(VENDOR)
    if VENDOR not in sys.path:
        sys.path.insert(0, VENDOR)


def for_this_platform(wheel):
    """Whether a wheel's platform tag (`manylinux_2_34_x86_64`, `win_amd64`) is this Python's platform
    (`linux-x86_64`, `win-amd64`)."""
    tags = os.path.basename(wheel)[: -len(".whl")].rsplit("-", 1)[-1].split(".")
    here = sysconfig.get_platform().split("-")
    system, arch = here[0], here[-1].replace(".", "_")
    return any(system in tag and tag.endswith(arch) for tag in tags)

"""Makes `import levelkit` work: the extension system (Blender 4.2+) installs the bundled wheel itself;
a legacy add-on (Blender 3.x) unpacks it from its own `wheels/` folder into `_vendor/` once."""

import glob
import os
import sys
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
VENDOR = os.path.join(HERE, "_vendor")


def ensure_levelkit():
    try:
        import levelkit  # noqa: F401
        return
    except ImportError:
        pass
    wheels = sorted(glob.glob(os.path.join(HERE, "wheels", "levelkit-*.whl")))
    if not wheels:
        raise ImportError(
            "the levelkit Python module is missing: install the wheel (pip install --target "
            "<blender scripts>/addons/modules levelkit-*.whl) or use the packaged add-on, which bundles it"
        )
    if not os.path.isdir(os.path.join(VENDOR, "levelkit")):
        with zipfile.ZipFile(wheels[-1]) as wheel:
            wheel.extractall(VENDOR)
    if VENDOR not in sys.path:
        sys.path.insert(0, VENDOR)

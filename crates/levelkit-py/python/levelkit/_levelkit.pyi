"""Type stubs of levelkit's Rust extension (the docstrings in the module say the same at run time)."""

import os
from typing import Any, Literal, Optional, Sequence, TypedDict, Union, overload

import numpy as np
import numpy.typing as npt

__version__: str
DEFAULT_WELD: float
"""`build_cl`'s weld when none is given, as `levelkit build-cl`'s: 0.01 (closes float noise)."""
VOCABULARY: str
"""What a group or material name may say to name a surface: the one description every front end prints
(levelkit::heroes::flags::VOCABULARY)."""

Source = Union[str, os.PathLike[str], bytes, bytearray]
"""A path (str or os.PathLike), or the file's content (bytes or bytearray; bytes that name an existing file
are refused with ValueError: pass a path as str)."""
Path = Union[str, os.PathLike[str]]
HeroesFormat = Literal["heroes-cl", "cl", "heroes"]
ReptarFormat = Literal["reptar-level", "level", "reptar"]
Format = Union[HeroesFormat, ReptarFormat]
Depth = Union[Literal["auto"], int]
Point = Sequence[float]
Json = Any  # dicts, lists, numbers and strings, as the CLI's --json prints them

class Error(Exception):
    """Every error levelkit raises."""

class ParseError(Error):
    """A file or dump that does not read. Every attribute is always set."""

    offset: Optional[int]
    """The byte where the failing read started (None when the error is about no one byte: data that fits
    neither format, a file of the other format, a dump)."""
    context: str
    """What was being read (`room 3 geometry blob 1 face section`, `recognising the format`, `the JSON
    dump`)."""
    problem: str
    """What was wrong (`needed 8 bytes, 3 left`)."""
    path: Optional[str]
    """For a dump: the JSON path the error is about (`nodes[3].list`, `format`), or None."""

class WriteError(Error): ...
class BuildError(Error): ...
class ExportError(Error): ...
class PushError(Error): ...
class PatchError(Error): ...

class Finding:
    severity: Literal["error", "warning", "note"]
    rule: str
    """The id of the check that made it (`heroes-node-child-index`); docs/reference/rules.md lists them."""
    path: str
    offset: Optional[int]
    message: str
    text: str

class FindingGroup:
    """The findings of one rule; `levelkit check` folds a group of more than `examples + 1` into one line."""
    severity: Literal["error", "warning", "note"]
    at: str
    title: str
    examples: int
    findings: list[Finding]
    def __len__(self) -> int: ...

class Nodes(TypedDict):
    number: npt.NDArray[np.uint16]
    parent: npt.NDArray[np.uint16]
    child: npt.NDArray[np.uint16]
    neighbors: npt.NDArray[np.uint16]
    num_poly: npt.NDArray[np.uint16]
    poly_index: npt.NDArray[np.uint32]
    nx: npt.NDArray[np.uint16]
    nz: npt.NDArray[np.uint16]
    depth: npt.NDArray[np.uint8]

class Collision:
    """A Sonic Heroes stage collision file, kept as read."""

    @property
    def vertices(self) -> npt.NDArray[np.float32]: ...
    @property
    def triangles(self) -> npt.NDArray[np.uint16]: ...
    @property
    def attributes(self) -> npt.NDArray[np.uint32]: ...
    @property
    def groups(self) -> npt.NDArray[np.uint16]: ...
    @property
    def normals(self) -> npt.NDArray[np.float32]: ...
    @property
    def adjacency(self) -> npt.NDArray[np.uint16]: ...
    @property
    def nodes(self) -> Nodes: ...
    @property
    def report(self) -> Optional[Json]: ...
    def to_bytes(self) -> bytes: ...
    def check(self) -> list[Finding]: ...
    def check_groups(self) -> list[FindingGroup]: ...
    def summary(self) -> Json: ...
    def to_dump(self) -> Json: ...
    def audit(self, probes: int = 10000, seed: int = 1) -> Json:
        """`probes`: 1 to 10,000,000, as `levelkit audit` (ValueError otherwise). `holes`, `vertical`/`line`/`moving` tallies, `hole_list` and `inherent_list` (each with `kind`,
        `index`, `start`, `dir`, `point`, `leaf`, `file`, `complete`, `exact`), `regions` (the certified hole
        regions: `certified`, `confirmed` (each with `probe`, `cause`, `pieces`, `area`, `extent`, `radius`,
        `witness`; the first 1,000 of each probe kind), `counts` (vertical, line, move: all), `vertical_area`,
        `groups`, `unconfirmed`, `unconfirmed_count`, `radius`), `text`. Raises `ValueError`
        when the complete tree the audit compares with would pass levelkit's bound on list entries."""
    def probe_down(self, start: Point, distance: float = 1000.0) -> Json: ...
    def probe_line(self, start: Point, dir: Point) -> Json: ...
    def probe_sphere(self, center: Point, radius: float) -> Json: ...
    def probe_move(self, start: Point, dir: Point, radius: float) -> Json: ...
    def __repr__(self) -> str: ...

class Blob(TypedDict):
    vertices: npt.NDArray[np.int16]
    colours: npt.NDArray[np.uint8]
    triangles: npt.NDArray[np.uint8]
    triangle_textures: npt.NDArray[np.uint16]
    triangle_flags: npt.NDArray[np.uint16]
    quads: npt.NDArray[np.uint8]
    quad_textures: npt.NDArray[np.uint16]
    quad_flags: npt.NDArray[np.uint16]
    min: list[int]
    max: list[int]

class Room(TypedDict):
    index: int
    centre: list[int]
    min: list[int]
    max: list[int]
    portal_count: int
    blobs: list[Blob]

class WorldFaces(TypedDict):
    room: npt.NDArray[np.uint32]
    blob: npt.NDArray[np.uint32]
    face: npt.NDArray[np.uint32]
    corners: npt.NDArray[np.uint8]
    positions: npt.NDArray[np.int32]
    colours: npt.NDArray[np.uint8]
    texture: npt.NDArray[np.uint16]
    flags: npt.NDArray[np.uint16]

class Level:
    """A Rugrats: Search for Reptar LEVELnn.BIN file, every byte kept."""

    @property
    def rooms(self) -> list[Room]: ...
    @property
    def portals(self) -> list[Json]: ...
    @property
    def textures(self) -> list[Json]: ...
    @property
    def report(self) -> Optional[Json]:
        """What `build_level` did (as `levelkit build-level --json`), or None for a file that was read."""
    @property
    def vram(self) -> Optional[Vram]:
        """The VRAM dump holding the textures `build_level` placed (save it beside the level), or None."""
    def world_faces(self) -> WorldFaces: ...
    def to_bytes(self) -> bytes: ...
    def check(self) -> list[Finding]: ...
    def check_groups(self) -> list[FindingGroup]: ...
    def summary(self) -> Json: ...
    def to_dump(self) -> Json: ...

Document = Union[Collision, Level]

class Vram:
    @staticmethod
    def from_dump(data: bytes) -> Vram: ...
    def to_bytes(self) -> bytes: ...
    def decode_page(self, tpage: int, clut: int) -> npt.NDArray[np.uint8]: ...
    def to_rgba(self) -> npt.NDArray[np.uint8]: ...

class MeshObject(TypedDict):
    name: str
    positions: npt.NDArray[np.float32]
    colours: Optional[npt.NDArray[np.float32]]
    uvs: Optional[npt.NDArray[np.float32]]
    face_sizes: npt.NDArray[np.uint32]
    face_corners: npt.NDArray[np.uint32]
    face_groups: npt.NDArray[np.uint32]
    face_attributes: npt.NDArray[np.int64]
    face_flags: npt.NDArray[np.uint32]
    lines: npt.NDArray[np.uint32]
    extras: Optional[Json]
    data: dict[str, npt.NDArray[np.uint16]]

class MeshGroup(TypedDict):
    name: str
    colour: list[float]
    texture: Optional[int]
    double_sided: bool
    alpha_mask: bool
    extras: Optional[Json]

class MeshImage(TypedDict):
    name: str
    rgba: npt.NDArray[np.uint8]

class Mesh(TypedDict):
    objects: list[MeshObject]
    groups: list[MeshGroup]
    images: list[MeshImage]
    extras: Optional[Json]

VramArg = Union[Vram, bytes, None]

@overload
def read(source: Source, format: HeroesFormat) -> Collision: ...
@overload
def read(source: Source, format: ReptarFormat) -> Level: ...
@overload
def read(source: Source, format: None = None) -> Document:
    """A Collision or a Level, by content; give `format` (or use read_collision / read_level) for a typed
    result."""
def read_collision(source: Source) -> Collision:
    """A Sonic Heroes .cl file; a Rugrats level is a ParseError naming it."""
def read_level(source: Source) -> Level:
    """A Rugrats LEVELnn.BIN file; a .cl file is a ParseError naming it."""
def from_dump(dump: Json) -> Document: ...
def sample(
    kind: Literal["cl", "cl-community", "level", "vram"], seed: Optional[int] = None, size: Optional[int] = None
) -> bytes:
    """`size`: triangles (cl, cl-community: 2 to 65534, default 4000) or rooms (level: 1 to 80, default 12);
    `seed` default 1. "vram" takes neither (ValueError)."""
Attribute = Union[int, str]
"""A surface flag: a whole number 0 to 0xFFFFFFFF, a number as text ("0x100"), or a surface name ("wall")."""
@overload
def build_cl(
    vertices: Path,
    triangles: None = None,
    attributes: None = None,
    groups: None = None,
    depth: Optional[Depth] = None,
    max_depth: Optional[int] = None,
    weld: Optional[float] = None,
    flip: bool = False,
    attribute: Optional[Attribute] = None,
    leaf_triangles: int = 8,
) -> Collision:
    """From a mesh file (OBJ, glTF, GLB, .cl, LEVELnn.BIN), as `levelkit build-cl FILE`."""
@overload
def build_cl(
    vertices: npt.ArrayLike,
    triangles: npt.ArrayLike,
    attributes: Optional[Union[npt.ArrayLike, Sequence[Attribute]]] = None,
    groups: Optional[npt.ArrayLike] = None,
    depth: Optional[Depth] = None,
    max_depth: Optional[int] = None,
    weld: Optional[float] = None,
    flip: bool = False,
    attribute: Optional[Attribute] = None,
    leaf_triangles: int = 8,
) -> Collision:
    """From arrays: N×3 finite vertices, M×3 whole vertex indices; `attributes` or `attribute`, not both."""
def repair_cl(
    collision: Collision, depth: Optional[Depth] = None, max_depth: Optional[int] = None, leaf_triangles: int = 8
) -> Collision: ...
def build_level(
    scene: Union[Path, dict[str, Any]],
    base: Optional[Union[Level, Source]] = None,
    vram: VramArg = None,
    scale: float = 1.0,
    drop_missing: bool = False,
) -> Level:
    """`levelkit build-level`: a level from a .gltf/.glb/.obj scene or a JSON dump file, or a dict shaped as
    `mesh` returns (objects with `data`, groups by name). `report` and `vram` on the result say what was
    built (`report["lines"]` in words) and hold the new textures. Raises BuildError when it does not check
    clean, or when the scene lacks portals or rooms with faces of `base` (unless `drop_missing`)."""
def mesh(
    doc: Document, vram: VramArg = None, scale: float = 1.0, rooms: Optional[list[int]] = None, tree: bool = False
) -> Mesh: ...
def export(
    doc: Document,
    format: Literal["glb", "gltf", "obj", "json"],
    stem: str = "level",
    vram: VramArg = None,
    scale: float = 1.0,
    rooms: Optional[list[int]] = None,
    tree: bool = False,
) -> dict[str, bytes]: ...
def render(
    doc: Document,
    width: int = 640,
    height: int = 480,
    camera: Optional[Point] = None,
    look: Optional[Point] = None,
    rooms: Optional[list[int]] = None,
    vram: VramArg = None,
    portals: bool = False,
) -> npt.NDArray[np.uint8]: ...
def surfaces() -> list[Json]: ...
def letter_codes() -> list[Json]:
    """HeroesPowerPlant's one-letter group-name codes in the order it tests them: dicts of `letter`,
    `attribute` and `name`."""
def space_order(points: npt.ArrayLike) -> list[int]:
    """The indices of N×3 points (the file's x, y, z) in the order of the map (the Z-order of x and z,
    as the audit runs its probes)."""
class Pushed(TypedDict):
    path: str
    backup: Optional[str]
    kept_backup: Optional[str]
    reloaded: str
    port: int
    warnings: int

def push(
    source: Source,
    game: Union[str, os.PathLike[str]],
    name: Optional[str] = None,
    port: Optional[int] = None,
    timeout: float = 5.0,
    force: bool = False,
) -> Pushed:
    """Put a `.cl` file into the game's `collisions` folder (`game`: its root, `dvdroot` or `collisions`)
    and make the running game reload it through the HeroesPowerPlant remote-control mod. `port`: the mod's
    port on 127.0.0.1 (found in the game's shared memory on Windows when omitted). Raises `PushError`."""
class PatchedFile(TypedDict):
    path: str
    format: Optional[str]
    old_size: int
    new_size: int
    old_start: int
    new_start: int
    relocated: bool
    start_unit: str  # "sector" (PS1) or "byte" (GameCube): what old_start and new_start count

class Patched(TypedDict):
    files: list[PatchedFile]
    sectors_written: int
    bytes_written: int
    sectors_unchanged: int
    written: list[str]
    warnings: list[str]

def patch_image(
    image: Union[str, os.PathLike[str]],
    files: dict[str, Source],
    output: Optional[Union[str, os.PathLike[str]]] = None,
    relocate: bool = False,
) -> Patched:
    """Replace files inside a disc image (PS1 .cue/.bin/.iso; GameCube ISO/GCM, RVZ …), each in the sectors
    its old version occupies, checked first and read back after. `files`: path inside the image → new file
    (bytes or a path). `output`: the patched copy (a .cue writes its .bin beside it); None changes `image`
    itself. `relocate`: move a file that needs more sectors to the image's end. Raises `PatchError`."""
def surface_colour(attribute: int) -> tuple[int, int, int]: ...
def surface_name(attribute: int) -> str: ...
def attribute_from_name(name: str, default: Optional[int] = None) -> int:
    """The attribute a group or material name carries; a name that carries none is a ValueError listing
    the vocabulary, unless `default` is given (then it is returned)."""

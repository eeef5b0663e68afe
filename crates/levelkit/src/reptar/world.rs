//! Geometry in world coordinates: every face of every blob, placed by its room's centre, and the portals.
//!
//! This is the one place that turns the file's room-relative geometry into world positions; export and
//! rendering build on it. Coordinates stay the game's: x right, **y down**, z forward, in the file's units.
//!
//! **Quad corner order.** A quad's four corners come in the PlayStation's "Z" order, as the GPU takes them:
//! it draws the triangles (0, 1, 2) and (1, 2, 3), so the corners run top-left, top-right, bottom-left,
//! bottom-right. As a polygon ring (an outline, an OBJ face, a fan) the order is **0, 1, 3, 2**; a fan over
//! 0, 1, 2, 3 is wrong. [`WorldFace::corners`] keeps the Z order; [`WorldFace::ring`] gives the ring.
//!
//! **Facing.** The game keeps a face when it runs clockwise as seen on screen (NCLIP > 0, Y down), unless
//! flag 0x200 makes it double-sided.

use super::*;
use serde::Serialize;

/// Triangle or quad.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum FaceKind {
    /// Three corners (section kind 0x60).
    Triangle,
    /// Four corners, in PlayStation "Z" order (section kind 0x61).
    Quad,
}

impl FaceKind {
    /// The corners as a mesh exporter writes them ([`WorldFace::corners`] places): the ring with the
    /// game's winding reversed, because the mesh's Y runs up where the game's runs down.
    pub fn mesh_ring(self) -> &'static [usize] {
        match self {
            FaceKind::Triangle => &[0, 2, 1],
            FaceKind::Quad => &[0, 2, 3, 1],
        }
    }
}

/// One corner of a face in the world.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct WorldCorner {
    /// Room centre (s32) + vertex (s16), saturating at the i32 range.
    pub position: [i32; 3],
    /// The vertex colour: r, g, b, flash (0x80 leaves a texel as it is; flash is a one-off brightening).
    pub colour: [u8; 4],
    /// The vertex's index in its blob.
    pub vertex: u8,
}

/// The bit in a face's flags that makes it double-sided.
pub const FLAG_DOUBLE_SIDED: u16 = 0x200;

/// A face in world coordinates. As JSON it has the same fields, with `corners` holding 3 or 4 entries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WorldFace<'a> {
    /// Index into [`Level::rooms`].
    pub room: usize,
    /// Index into the room's [`Room::blobs`].
    pub blob: usize,
    /// Index into the blob's [`Blob::sections`].
    pub section: usize,
    /// Index of the face in its blob, counting every section in stored order.
    pub face: usize,
    /// Triangle or quad.
    pub kind: FaceKind,
    corners: [WorldCorner; 4],
    /// Index into [`Level::textures`], as stored.
    pub texture: u16,
    /// The texture entry, when `texture` is in the table.
    pub texture_entry: Option<&'a TextureEntry>,
    /// The face's flags as stored (0 on disc; 0x200 double-sided).
    pub flags: u16,
}

impl Serialize for WorldFace<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut st = s.serialize_struct("WorldFace", 9)?;
        st.serialize_field("room", &self.room)?;
        st.serialize_field("blob", &self.blob)?;
        st.serialize_field("section", &self.section)?;
        st.serialize_field("face", &self.face)?;
        st.serialize_field("kind", &self.kind)?;
        st.serialize_field("corners", self.corners())?;
        st.serialize_field("texture", &self.texture)?;
        st.serialize_field("texture_entry", &self.texture_entry)?;
        st.serialize_field("flags", &self.flags)?;
        st.end()
    }
}

impl<'a> WorldFace<'a> {
    /// The corners: 3 for a triangle, 4 for a quad in Z order (0 TL, 1 TR, 2 BL, 3 BR; ring 0, 1, 3, 2).
    pub fn corners(&self) -> &[WorldCorner] {
        match self.kind {
            FaceKind::Triangle => &self.corners[..3],
            FaceKind::Quad => &self.corners,
        }
    }

    /// The corners as a polygon ring: (0, 1, 2) for a triangle, (0, 1, 3, 2) for a quad.
    pub fn ring(&self) -> impl Iterator<Item = &WorldCorner> + '_ {
        let order: &[usize] = match self.kind {
            FaceKind::Triangle => &[0, 1, 2],
            FaceKind::Quad => &[0, 1, 3, 2],
        };
        order.iter().map(move |&i| &self.corners[i])
    }

    /// The triangles the GPU draws, as indices into [`WorldFace::corners`]: (0, 1, 2) and, for a quad,
    /// (1, 2, 3). Both have the winding of the first.
    pub fn gpu_triangles(&self) -> &'static [[usize; 3]] {
        match self.kind {
            FaceKind::Triangle => &[[0, 1, 2]],
            FaceKind::Quad => &[[0, 1, 2], [1, 2, 3]],
        }
    }

    /// The triangles of the face with one consistent winding (the first triangle's): (0, 1, 2) and, for a
    /// quad, (1, 3, 2). Use these to build meshes.
    pub fn triangles(&self) -> &'static [[usize; 3]] {
        match self.kind {
            FaceKind::Triangle => &[[0, 1, 2]],
            FaceKind::Quad => &[[0, 1, 2], [1, 3, 2]],
        }
    }

    /// Whether flag 0x200 ([`FLAG_DOUBLE_SIDED`]) is set: the face is drawn from both sides.
    pub fn double_sided(&self) -> bool {
        self.flags & FLAG_DOUBLE_SIDED != 0
    }
}

/// A portal in world coordinates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct WorldPortal {
    /// Index into [`Level::portals`].
    pub index: usize,
    /// The room that takes it by its `portal_count`; `None` when the rooms' counts stop short of it.
    pub room: Option<usize>,
    /// Corner positions in Z order, as stored. The seed does not say whether portal corners are relative
    /// to anything; they are taken as world coordinates (an open question).
    pub corners: [[i32; 3]; 4],
    /// Each corner's flags; corner 1's is the destination.
    pub flags: [u16; 4],
    /// The room the portal leads to (corner 1's flags).
    pub destination: u16,
    /// Whether that room exists.
    pub destination_exists: bool,
}

/// World position of a blob vertex.
#[inline]
pub fn world_position(centre: [i32; 3], v: &Vertex) -> [i32; 3] {
    [
        centre[0].saturating_add(i32::from(v.x)),
        centre[1].saturating_add(i32::from(v.y)),
        centre[2].saturating_add(i32::from(v.z)),
    ]
}

/// Iterator over faces in world coordinates ([`Level::world_faces`], [`Level::room_world_faces`]).
/// A face with a vertex index past its blob's vertices has no position and is skipped
/// ([`Level::validate`] reports it as an error).
#[derive(Clone, Debug)]
pub struct WorldFaces<'a> {
    rooms: &'a [Room],
    textures: &'a [TextureEntry],
    /// Index of `rooms[0]` in the level.
    first_room: usize,
    room: usize,
    blob: usize,
    section: usize,
    /// Index within the section.
    index: usize,
    /// Index within the blob.
    face: usize,
}

impl<'a> WorldFaces<'a> {
    fn new(rooms: &'a [Room], textures: &'a [TextureEntry], first_room: usize) -> Self {
        WorldFaces { rooms, textures, first_room, room: 0, blob: 0, section: 0, index: 0, face: 0 }
    }

    fn make(
        &self,
        centre: [i32; 3],
        blob: &Blob,
        kind: FaceKind,
        v: &[u8],
        texture: u16,
        flags: u16,
    ) -> Option<WorldFace<'a>> {
        let mut corners = [WorldCorner::default(); 4];
        for (slot, &i) in corners.iter_mut().zip(v) {
            let vx = blob.vertices.get(usize::from(i))?;
            *slot = WorldCorner {
                position: world_position(centre, vx),
                colour: [vx.r, vx.g, vx.b, vx.flash],
                vertex: i,
            };
        }
        Some(WorldFace {
            room: self.first_room + self.room,
            blob: self.blob,
            section: self.section,
            face: self.face,
            kind,
            corners,
            texture,
            texture_entry: self.textures.get(usize::from(texture)),
            flags,
        })
    }
}

impl<'a> Iterator for WorldFaces<'a> {
    type Item = WorldFace<'a>;

    fn next(&mut self) -> Option<WorldFace<'a>> {
        loop {
            let room = self.rooms.get(self.room)?;
            let Some(blob) = room.blobs.get(self.blob) else {
                self.room += 1;
                self.blob = 0;
                self.section = 0;
                self.index = 0;
                self.face = 0;
                continue;
            };
            let Some(section) = blob.sections.get(self.section) else {
                self.blob += 1;
                self.section = 0;
                self.index = 0;
                self.face = 0;
                continue;
            };
            let centre = room.record.centre;
            let made = match section {
                FaceSection::Triangles(t) => t
                    .get(self.index)
                    .map(|t| self.make(centre, blob, FaceKind::Triangle, &t.v, t.texture, t.flags)),
                FaceSection::Quads(q) => q
                    .get(self.index)
                    .map(|q| self.make(centre, blob, FaceKind::Quad, &q.v, q.texture, q.flags)),
            };
            match made {
                None => {
                    self.section += 1;
                    self.index = 0;
                }
                Some(face) => {
                    self.index += 1;
                    self.face += 1;
                    if face.is_some() {
                        return face;
                    }
                }
            }
        }
    }
}

impl Level {
    /// Every face of every room in world coordinates, in file order (room, blob, section, face).
    pub fn world_faces(&self) -> WorldFaces<'_> {
        WorldFaces::new(&self.rooms, &self.textures, 0)
    }

    /// The faces of room `room` in world coordinates (none for a room that does not exist).
    pub fn room_world_faces(&self, room: usize) -> WorldFaces<'_> {
        match self.rooms.get(room..room.saturating_add(1)) {
            Some(one) => WorldFaces::new(one, &self.textures, room),
            None => WorldFaces::new(&[], &self.textures, room),
        }
    }

    /// Every portal in world coordinates, with the room that takes it and where it leads.
    pub fn world_portals(&self) -> Vec<WorldPortal> {
        let mut owner = vec![None; self.portals.len()];
        for (room, range) in self.room_portal_ranges().into_iter().enumerate() {
            for slot in owner.get_mut(range).unwrap_or(&mut []) {
                *slot = Some(room);
            }
        }
        self.portals
            .iter()
            .zip(owner)
            .enumerate()
            .map(|(index, (p, room))| WorldPortal {
                index,
                room,
                corners: p.corners.map(|c| [i32::from(c.x), i32::from(c.y), i32::from(c.z)]),
                flags: p.corners.map(|c| c.flags),
                destination: p.destination(),
                destination_exists: usize::from(p.destination()) < self.rooms.len(),
            })
            .collect()
    }
}

//! Pictures of levels: a Rugrats level through the PS1 room renderer ([`reptar`]), Sonic Heroes
//! collision as a shaded perspective view coloured by surface type ([`heroes`]).
//!
//! [`render_document`] is what `levelkit render` calls; the result is an RGB image ([`RgbImage::to_png`]).

pub mod heroes;
pub mod map;
pub mod reptar;

use crate::document::Document;
use crate::psx::RgbImage;

/// The largest frame side: the GPU's screen coordinates stop at ±1023 (its drawing area at 1024×512;
/// taller frames are allowed here, the coordinates still fit).
pub const MAX_SIDE: u32 = 1024;
/// The smallest frame side.
pub const MIN_SIDE: u32 = 8;

/// A camera given by where it is and a point it looks at, in the format's own coordinates (the game's
/// Y-down frame for Rugrats, Y up for Sonic Heroes).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ViewPoint {
    /// Where the camera is.
    pub position: [f64; 3],
    /// The point it looks at; must differ from `position`.
    pub look: [f64; 3],
}

/// What to draw and how.
#[derive(Clone, Debug, PartialEq)]
pub struct RenderOptions {
    /// Frame width in pixels, [`MIN_SIDE`]..=[`MAX_SIDE`].
    pub width: u32,
    /// Frame height in pixels, [`MIN_SIDE`]..=[`MAX_SIDE`].
    pub height: u32,
    /// The camera; `None` frames what is drawn (see the format's module).
    pub camera: Option<ViewPoint>,
    /// Only these rooms of a Rugrats level (all when `None`).
    pub rooms: Option<Vec<u32>>,
    /// A raw PS1 VRAM dump to texture Rugrats rooms with; untextured (vertex colours) without.
    pub vram: Option<Vec<u8>>,
    /// Outline the Rugrats portals.
    pub portals: bool,
}

impl Default for RenderOptions {
    fn default() -> Self {
        RenderOptions { width: 640, height: 480, camera: None, rooms: None, vram: None, portals: false }
    }
}

/// Failure to render.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RenderError {
    /// A frame side outside [`MIN_SIDE`]..=[`MAX_SIDE`].
    #[error("the frame size {width}×{height} is outside {MIN_SIDE}..={MAX_SIDE} on a side")]
    BadSize {
        /// The width asked for.
        width: u32,
        /// The height asked for.
        height: u32,
    },
    /// A room asked for that the level does not have, or a VRAM dump that cannot be read (not 1 MiB).
    #[error(transparent)]
    Select(#[from] crate::reptar::SelectError),
    /// The camera cannot be used (not finite, not in range, or looking at its own position).
    #[error("the camera is unusable: {0}")]
    BadCamera(String),
}

impl RenderOptions {
    fn check_size(&self) -> Result<(), RenderError> {
        let ok = |s: u32| (MIN_SIDE..=MAX_SIDE).contains(&s);
        if ok(self.width) && ok(self.height) {
            Ok(())
        } else {
            Err(RenderError::BadSize { width: self.width, height: self.height })
        }
    }
}

/// Renders a document (see [`reptar::render_level`] and [`heroes::render_collision`]).
pub fn render_document(doc: &Document, options: &RenderOptions) -> Result<RgbImage, RenderError> {
    Ok(render_with_notes(doc, options)?.image)
}

/// A picture and what a person should know about it (the default camera's choices; why nothing was
/// drawn, with the renderer's counts per rule). `levelkit render` prints the notes.
#[derive(Clone, Debug)]
pub struct Rendering {
    /// The picture.
    pub image: RgbImage,
    /// One line each, for a person; empty when there is nothing to say.
    pub notes: Vec<String>,
    /// A level's room the default camera shows from inside, the chosen rooms not fitting the PS1's depth
    /// range ([`reptar::RenderedLevel::from_inside`]): a front end adds how its user chooses rooms or a camera.
    pub from_inside: Option<usize>,
}

/// [`render_document`] with its notes.
pub fn render_with_notes(doc: &Document, options: &RenderOptions) -> Result<Rendering, RenderError> {
    match doc {
        Document::Reptar(level) => {
            let r = reptar::render_level(level, options)?;
            Ok(Rendering { image: r.image, notes: r.notes, from_inside: r.from_inside })
        }
        Document::Heroes(collision) => heroes::render_collision_with_notes(collision, options),
    }
}

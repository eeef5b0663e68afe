//! Which rooms of a level to show, and the VRAM to texture them from: the choice an export and a render
//! make alike from their options, and why it fails.

use super::Level;
use crate::psx::vram::Vram;

/// The rooms chosen (indices into [`Level::rooms`], in the order asked, once each) and the VRAM read.
#[derive(Clone, Debug)]
pub struct Selection {
    /// The rooms to show.
    pub rooms: Vec<usize>,
    /// The VRAM the textures are in, when a dump was given.
    pub vram: Option<Vram>,
}

/// Why a level cannot be shown as asked.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SelectError {
    /// A room asked for that the level does not have.
    #[error("room {room} does not exist (the level has {rooms} rooms)")]
    NoSuchRoom {
        /// The room number asked for.
        room: u32,
        /// How many rooms the level has.
        rooms: usize,
    },
    /// The VRAM dump is not one levelkit reads (not 1 MiB).
    #[error("the VRAM dump is unusable: {0}")]
    BadVram(String),
}

impl Level {
    /// The rooms to show (all, or the ones asked for, each of which must exist), then the VRAM dump read.
    pub fn select(&self, rooms: Option<&[u32]>, vram: Option<&[u8]>) -> Result<Selection, SelectError> {
        let rooms = match rooms {
            None => (0..self.rooms.len()).collect(),
            Some(asked) => {
                let mut out = Vec::with_capacity(asked.len());
                for &r in asked {
                    let index = usize::try_from(r).ok().filter(|&i| i < self.rooms.len());
                    let Some(index) = index else {
                        return Err(SelectError::NoSuchRoom { room: r, rooms: self.rooms.len() });
                    };
                    if !out.contains(&index) {
                        out.push(index);
                    }
                }
                out
            }
        };
        let vram = vram.map(Vram::from_dump).transpose().map_err(|e| SelectError::BadVram(e.to_string()))?;
        Ok(Selection { rooms, vram })
    }
}

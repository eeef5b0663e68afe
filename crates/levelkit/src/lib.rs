//! levelkit: read, check, query, build and write back two families of game level files, byte for byte.
//!
//! ```toml
//! [dependencies]
//! levelkit = "0.1"        # the formats, check, the game's queries, the builders, the audit
//! # levelkit = { version = "0.1", features = ["full"] }   # and conversions, pictures, discs, live reload
//! ```
//!
//! - [`heroes`]: Sonic Heroes stage collision (`.cl`, [`Collision`]): big-endian, a quadtree over X/Z,
//!   triangles with adjacency, normals and surface flags; the game's own queries ([`heroes::query`]), the
//!   audit of where they let a player fall ([`heroes::audit`]), a builder whose files the game walks as its
//!   own ([`heroes::builder`]).
//! - [`reptar`]: Rugrats: Search for Reptar (PS1) `LEVELnn.BIN` rooms ([`Level`]), and a builder that
//!   writes an edited level back on its original ([`reptar::builder`]).
//! - [`psx`]: a software model of the PS1 parts the Rugrats room renderer uses (VRAM, GTE, GPU rasteriser,
//!   ordering table), checked against a real console.
//! - [`Document`]: either format, recognised from its bytes.
//!
//! Every parser takes untrusted bytes: it never panics, never sizes an allocation by a count it has not
//! checked against the input, and says where and what is wrong ([`ParseError`]: byte offset, what was being
//! read, the problem). Every model writes back the exact bytes it was read from.
//!
//! # Features
//!
//! | feature | adds | default |
//! |---|---|---|
//! | `parallel` | validation and the audit on rayon's threads (the same results without) | yes |
//! | `convert` | `convert`: glTF, OBJ, PLY, STL in and out, textures as PNG, the Rugrats scene reader | |
//! | `render` | `render`: a room as the console draws it, shaded collision, the audit map, as PNG | |
//! | `disc` | `disc`: PS1 BIN/CUE and ISO 9660 images: list, read, patch (pure Rust) | |
//! | `gamecube` | GameCube and Wii images through `nod` (C codecs) | |
//! | `live` | `heroes::live`: live reload into the running PC game (UDP) | |
//! | `full` | all of the above: what the `levelkit` program and the Python module build with | |
//!
//! # Read a file and check it
//!
//! ```
//! use levelkit::{Collision, Severity};
//!
//! # let bytes = levelkit::samples::sample_bytes(levelkit::samples::SampleKind::Cl, 1, Some(2000))?;
//! // let bytes = std::fs::read("s01_cl.cl")?;
//! let stage = Collision::parse(&bytes)?; // a ParseError names the byte offset and what was wrong
//! let findings = stage.validate();
//! for finding in &findings {
//!     println!("{finding}"); // "error: nodes[12].childNo: …"
//! }
//! assert_eq!(findings.count(Severity::Error), 0);
//! assert_eq!(stage.to_bytes()?, bytes); // written back byte for byte
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Ask the stage what the game would
//!
//! [`heroes::query::GameTree`] walks the file's own quadtree with the game's arithmetic: the answers are the
//! decompiled game's, holes and all.
//!
//! ```
//! use levelkit::heroes::query::{GameTree, Scratch};
//!
//! # let bytes = levelkit::samples::sample_bytes(levelkit::samples::SampleKind::Cl, 1, Some(2000))?;
//! let stage = levelkit::Collision::parse(&bytes)?;
//! let tree = GameTree::new(&stage);
//! let mut scratch = Scratch::new(&tree); // reused by every query: no allocation per probe
//! let [x, _, z] = stage.header.root_center;
//! // Straight down 10,000 units from high above the middle: `axis_y` takes the game's signed Y (down < 0).
//! let walk = tree.axis_y(&mut scratch, [x, 5_000.0, z], -10_000.0);
//! if let Some(hit) = walk.hit {
//!     println!("lands on triangle {} at y = {}, surface {:#x}", hit.triangle, hit.point[1], hit.attribute);
//! }
//! assert!(!walk.aborted);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Find where a player falls through
//!
//! ```
//! use levelkit::heroes::audit::{audit, AuditOptions};
//!
//! # let bytes = levelkit::samples::sample_bytes(levelkit::samples::SampleKind::ClCommunity, 1, Some(2000))?;
//! let stage = levelkit::Collision::parse(&bytes)?;
//! let report = audit(&stage, AuditOptions { probes: 2_000, seed: 1 })?;
//! println!("{} holes", report.holes); // probes the game's walk misses and the exact geometry does not
//! for group in &report.causes {
//!     println!("{}", group.text); // how many, the cause as check names it, and the fix
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Build collision from your own triangles
//!
//! ```
//! use levelkit::heroes::builder::{build, BuildInput, BuildOptions, BuildTriangle};
//! use levelkit::heroes::flags::surface;
//!
//! let positions = vec![[0.0, 0.0, 0.0], [0.0, 0.0, 100.0], [100.0, 0.0, 100.0], [100.0, 0.0, 0.0]];
//! let floor = |vertices| BuildTriangle { vertices, attribute: surface::FLOOR, group: 0 };
//! let input = BuildInput { positions, triangles: vec![floor([0, 1, 2]), floor([0, 2, 3])] };
//! let built = build(&input, &BuildOptions::default())?;
//! println!("{}", built.report); // what was welded, dropped, rotated, and the tree made
//! let bytes = built.collision.to_bytes()?; // checked: a file check fails is never returned
//! assert!(!built.collision.validate().has_errors());
//! # let _ = bytes;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Edit a Rugrats level
//!
//! ```
//! use levelkit::Level;
//!
//! # let bytes = levelkit::samples::sample_bytes(levelkit::samples::SampleKind::Level, 1, Some(4))?;
//! let mut level = Level::parse(&bytes)?;
//! // Raise every vertex of room 0's first blob by 16 units (Y points down) and repaint it red.
//! for vertex in &mut level.rooms[0].blobs[0].vertices {
//!     vertex.y -= 16;
//!     (vertex.r, vertex.g, vertex.b) = (0x80, 0x20, 0x20);
//! }
//! assert!(!level.validate().has_errors());
//! let edited = level.to_bytes()?;
//! assert_eq!(edited.len(), bytes.len()); // the same layout: it still fits its place on the disc
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Read the levels from a disc image
//!
//! With feature `disc`:
//!
//! ```
//! # #[cfg(feature = "disc")] {
//! use levelkit::disc::Disc;
//!
//! # let level = levelkit::samples::sample_bytes(levelkit::samples::SampleKind::Level, 1, Some(2)).unwrap();
//! # let iso = levelkit::disc::test_images::iso9660(&[("DATA/LEVEL00.BIN", &level)]);
//! # let dir = tempfile::tempdir().unwrap();
//! # let path = dir.path().join("rugrats.iso");
//! # std::fs::write(&path, iso).unwrap();
//! let disc = Disc::open(&path)?; // a .bin with its .cue, an .iso; GameCube images with `gamecube`
//! for entry in disc.entries() {
//!     if entry.path.ends_with(".BIN") {
//!         let level = levelkit::Level::parse(&disc.read(entry)?)?;
//!         println!("{}: {} rooms", entry.path, level.rooms.len());
//!     }
//! }
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod bytes;
#[cfg(feature = "convert")]
pub mod convert;
mod detect;
#[cfg(feature = "disc")]
pub mod disc;
mod document;
mod dump;
pub mod findings;
#[cfg(feature = "render")]
mod font;
mod format;
pub mod heroes;
pub mod hex;
pub mod io;
pub mod json;
pub mod mesh;
pub mod num;
mod par;
#[cfg(any(feature = "convert", feature = "render"))]
pub(crate) mod png;
pub mod psx;
pub mod record;
#[cfg(feature = "render")]
pub mod render;
pub mod reptar;
pub mod rng;
pub mod samples;
#[cfg(test)]
mod test_support;
pub mod vecmath;

pub use bytes::{ParseError, WriteError};
pub use detect::{NotTheFormat, OpenError};
pub use document::Document;
pub use dump::DumpError;
pub use findings::{Finding, Findings, Group, Grouped, Path, Rule, Segment, Severity};
pub use format::Format;
pub use heroes::Collision;
pub use reptar::Level;

// The README's Rust examples are doc tests too.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
struct ReadmeExamples;

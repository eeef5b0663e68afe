//! Game discs opened directly: the level files inside a PS1 BIN/CUE or ISO 9660 image or a GameCube
//! image, listed and read without extracting anything first.
//!
//! Images are recognised by content ([`ImageKind::of`]): a CUE sheet by its text, raw 2,352-byte sectors
//! by the sync pattern ([`sectors`]), an ISO 9660 volume by `CD001` in sector 16 ([`iso9660`]), a GameCube
//! image by its container's magic ([`console_container`]; read with feature `gamecube`, through `nod`, in
//! `gamecube`). Every reader is bounded ([`Limits`]): a record pointing
//! past the end, a cycle in the directory tree or an absurd count is an error with the byte offset in the
//! image file, never a panic, a hang or a huge allocation. Listing reads the directory and, to recognise
//! their format by content, the files small enough to be level files ([`LEVEL_FILE_MAX`]).
//! See docs/guide/discs.md.
#![deny(clippy::indexing_slicing)]

pub mod cue;
pub mod edc_ecc;
#[cfg(feature = "gamecube")]
pub mod gamecube;
pub mod iso9660;
pub mod patch;
pub mod sectors;
pub mod source;
// Not part of the API (hidden, may change in any release): the workspace's tests, the web page's test and
// the ps1_test_image example write small images with it.
#[doc(hidden)]
pub mod test_images;

use crate::bytes::{ParseError, Problem};
use crate::format::Format;
use sectors::{Framing, Sectors, DATA_LEN, DATA_SIZE};
use source::Source;
use std::cell::RefCell;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;

/// The largest file levelkit looks into when listing: larger files are never read (a Rugrats LEVEL file
/// is under 1 MiB, a Heroes `.cl` file a few MiB; a disc's movies and music are far larger).
pub const LEVEL_FILE_MAX: u64 = 16 * 1024 * 1024;
/// Bytes read from the start of a file to recognise an image (the ISO 9660 volume descriptor is at 32 KiB).
const HEAD_BYTES: u64 = HEAD_LEN as u64;
const HEAD_LEN: usize = 64 * 1024;

/// What the readers accept before calling an image hostile.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Directories nested in one another.
    pub max_depth: u32,
    /// Files and FST nodes.
    pub max_files: usize,
    /// Bytes of directory records (ISO 9660, all directories) or FST (GameCube).
    pub max_directory_bytes: u64,
    /// Bytes of all paths together (depth × name length × files could otherwise reach gigabytes).
    pub max_path_bytes: usize,
    /// The largest file read into memory.
    pub max_read: u64,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_depth: 64,
            max_files: 1_000_000,
            max_directory_bytes: 64 * 1024 * 1024,
            max_path_bytes: 64 * 1024 * 1024,
            max_read: 512 * 1024 * 1024,
        }
    }
}

/// One file in an image.
#[derive(Clone, Debug)]
pub struct Entry {
    /// Path inside the image, `/`-separated, without a leading `/` or ISO 9660 `;1` suffix.
    pub path: String,
    /// Size in bytes, as the directory record or FST entry gives it.
    pub size: u64,
    location: Location,
    /// Where its record is: ISO 9660, the directory record's byte in the 2,048-byte logical sectors
    /// (sector × 2,048 + offset); GameCube, the FST node's byte on the plain disc.
    record: u64,
}

#[derive(Clone, Copy, Debug)]
enum Location {
    /// ISO 9660: consecutive sectors from this one.
    Sectors { lba: u32 },
    /// GameCube: bytes of the plain disc.
    #[cfg_attr(
        not(feature = "gamecube"),
        allow(dead_code, reason = "GameCube images are read with feature gamecube")
    )]
    Bytes { offset: u64 },
}

/// The kinds of image levelkit opens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ImageKind {
    /// A CUE sheet naming a `.bin` (or `.iso`).
    Cue,
    /// Raw 2,352-byte sectors (a `.bin` of a BIN/CUE dump).
    Raw,
    /// An ISO 9660 image of 2,048-byte sectors.
    Iso9660,
    /// A GameCube image in any container nod reads (recognised without feature `gamecube` too, to be
    /// refused by name).
    GameCube,
}

/// A plain GameCube disc's magic, at byte 0x1C.
pub const GAMECUBE_MAGIC: [u8; 4] = [0xC2, 0x33, 0x9F, 0x3D];
/// A plain Wii disc's magic, at byte 0x18.
const WII_MAGIC: [u8; 4] = [0x5D, 0x1C, 0x9E, 0xA3];

/// The GameCube or Wii container whose magic `head` (an image's first 32 bytes) carries, by the name nod
/// gives it: `CISO`, `GCZ`, `NFS`, `TGC`, `WBFS`, `WIA`, `RVZ` by their first four bytes, `ISO` (a plain
/// disc) by the Wii magic at 0x18 or the GameCube magic at 0x1C. The same test as nod 2.0.0-alpha.9's
/// `DiscReader::detect` (`io/block.rs`), written here so that a build without nod names these images too.
pub fn console_container(head: &[u8]) -> Option<&'static str> {
    let head = head.get(..0x20)?;
    let word = |at: usize| head.get(at..at + 4).and_then(|b| <[u8; 4]>::try_from(b).ok());
    let name = match word(0)? {
        [b'C', b'I', b'S', b'O'] => "CISO",
        [0x01, 0xC0, 0x0B, 0xB1] => "GCZ",
        [b'E', b'G', b'G', b'S'] => "NFS",
        [0xAE, 0x0F, 0x38, 0xA2] => "TGC",
        [b'W', b'B', b'F', b'S'] => "WBFS",
        [b'W', b'I', b'A', 1] => "WIA",
        [b'R', b'V', b'Z', 1] => "RVZ",
        _ if word(0x18)? == WII_MAGIC || word(0x1C)? == GAMECUBE_MAGIC => "ISO",
        _ => return None,
    };
    Some(name)
}

impl ImageKind {
    /// Recognises an image by its first bytes (up to 64 KiB; `file_len` is the whole file's length).
    pub fn of(head: &[u8], file_len: u64) -> Option<ImageKind> {
        if file_len <= cue::MAX_CUE_BYTES as u64 && cue::looks_like(head) {
            Some(ImageKind::Cue)
        } else if head.starts_with(&sectors::SYNC) {
            Some(ImageKind::Raw)
        } else if head.get(16 * DATA_LEN..).is_some_and(iso9660::has_volume_descriptor) {
            Some(ImageKind::Iso9660)
        } else if console_container(head).is_some() {
            Some(ImageKind::GameCube)
        } else {
            None
        }
    }

    /// The kind of image the file at `path` is, if any.
    pub fn of_file(path: &Path) -> Result<Option<ImageKind>, DiscError> {
        let (head, len) = read_head(path)?;
        Ok(ImageKind::of(&head, len))
    }
}

/// Failure to open or read an image.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum DiscError {
    /// The image file could not be opened or read.
    // `error`, not `source`: the message holds it; a source would be printed twice in a chain.
    #[error("cannot read {}: {error}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        error: std::io::Error,
    },
    /// The data file a CUE sheet names cannot be opened.
    #[error("the CUE sheet names {bin:?} ({}), which cannot be opened: {error}", path.display())]
    MissingBin {
        /// The name as the sheet's `FILE` line gives it.
        bin: String,
        /// Where levelkit looked for it (beside the sheet).
        path: PathBuf,
        /// Why it cannot be opened.
        error: std::io::Error,
    },
    /// The file is none of the images [`ImageKind::of`] recognises.
    #[error("not a disc image levelkit reads (a PS1 BIN/CUE or ISO 9660 image, or a GameCube image)")]
    NotAnImage,
    /// A CUE sheet given where the image's bytes were needed ([`Disc::from_bytes`], the web page).
    #[error("a CUE sheet alone (it names {bin:?}): the disc's sectors are in that BIN, which is needed too")]
    SheetAlone {
        /// The BIN the sheet names (empty if the sheet does not read).
        bin: String,
    },
    /// A GameCube (or Wii) image, in a build without feature `gamecube` (the web page's).
    #[error(
        "a GameCube or Wii image ({container} container); this build of levelkit reads PS1 images only: use \
         the levelkit command line, which reads GameCube images"
    )]
    GameCubeNotBuilt {
        /// The container, as [`console_container`] names it.
        container: &'static str,
    },
    /// A record of the image is broken; the error names its byte offset in the image file.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// No file at that path in the image (the path as asked for).
    #[error("no file {0:?} in the image")]
    NotFound(String),
    /// A file larger than [`Limits::max_read`] was asked for.
    #[error("{path}: {size} bytes, more than the {limit} bytes levelkit reads into memory")]
    TooLarge {
        /// Path inside the image.
        path: String,
        /// Its size in bytes.
        size: u64,
        /// The limit it is over.
        limit: u64,
    },
}

fn io_error(path: &Path) -> impl FnOnce(std::io::Error) -> DiscError + '_ {
    move |error| DiscError::Io { path: path.to_path_buf(), error }
}

fn read_head(path: &Path) -> Result<(Vec<u8>, u64), DiscError> {
    let file = std::fs::File::open(path).map_err(io_error(path))?;
    let len = file.metadata().map_err(io_error(path))?.len();
    let mut head = Vec::new();
    file.take(HEAD_BYTES).read_to_end(&mut head).map_err(io_error(path))?;
    Ok((head, len))
}

/// The error for a GameCube image in a build without feature `gamecube`.
#[cfg(not(feature = "gamecube"))]
fn not_built(container: Option<&'static str>) -> DiscError {
    DiscError::GameCubeNotBuilt { container: container.unwrap_or("unknown") }
}

enum Reader {
    Sectors(Sectors),
    #[cfg_attr(
        not(feature = "gamecube"),
        allow(dead_code, reason = "GameCube images are read with feature gamecube")
    )]
    Bytes(Source),
}

/// An open image and its files.
pub struct Disc {
    /// What kind of image it is.
    pub kind: ImageKind,
    /// How the files are stored: `iso`, `raw-2352`, or nod's name of the GameCube container (`ISO`,
    /// `RVZ`, `CISO` …).
    pub container: String,
    // Reading moves the image's cursor, not the listing: a file is read while the entries are borrowed.
    reader: RefCell<Reader>,
    entries: Vec<Entry>,
    /// ISO 9660: every directory (empty for GameCube images).
    directories: Vec<iso9660::Directory>,
    limits: Limits,
}

/// A level file found in an image.
#[derive(Clone, Debug, serde::Serialize)]
pub struct LevelFile {
    /// Path inside the image, as [`Entry::path`].
    pub path: String,
    /// Size in bytes.
    pub size: u64,
    /// The level format its content was recognised as.
    pub format: Format,
}

/// What [`Disc::levels`] found.
#[derive(Clone, Debug, serde::Serialize)]
#[non_exhaustive]
pub struct Listing {
    /// Every level file, in directory order.
    pub levels: Vec<LevelFile>,
    /// Files that are not level files (or too large to be one).
    pub skipped: usize,
}

impl Disc {
    /// Opens an image file of any kind [`ImageKind::of`] recognises.
    pub fn open(path: &Path) -> Result<Disc, DiscError> {
        Disc::open_with(path, Limits::default())
    }

    /// [`Disc::open`] with other [`Limits`].
    pub fn open_with(path: &Path, limits: Limits) -> Result<Disc, DiscError> {
        let (head, len) = read_head(path)?;
        let kind = ImageKind::of(&head, len).ok_or(DiscError::NotAnImage)?;
        let file = std::fs::File::open(path).map_err(io_error(path))?;
        match kind {
            ImageKind::Cue => {
                let sheet = cue::parse(&head)?;
                let bin = path.parent().unwrap_or(Path::new("")).join(&sheet.file);
                let data = std::fs::File::open(&bin).and_then(Source::file).map_err(|error| {
                    DiscError::MissingBin { bin: sheet.file.clone(), path: bin.clone(), error }
                })?;
                let framing =
                    if sheet.sector_size == sectors::RAW_SIZE { Framing::Raw } else { Framing::Bare };
                Disc::from_sectors(ImageKind::Cue, Sectors { source: data, framing }, limits)
            }
            ImageKind::Raw | ImageKind::Iso9660 => {
                let framing = if kind == ImageKind::Raw { Framing::Raw } else { Framing::Bare };
                let source = Source::file(file).map_err(io_error(path))?;
                Disc::from_sectors(kind, Sectors { source, framing }, limits)
            }
            #[cfg(not(feature = "gamecube"))]
            ImageKind::GameCube => Err(not_built(console_container(&head))),
            #[cfg(feature = "gamecube")]
            ImageKind::GameCube => {
                let (mut source, container) = gamecube::open(file, Default::default())?;
                let entries = gamecube::list(&mut source, &limits)?;
                Ok(Disc {
                    kind,
                    container,
                    reader: RefCell::new(Reader::Bytes(source)),
                    entries,
                    directories: Vec::new(),
                    limits,
                })
            }
        }
    }

    /// An image in memory: raw sectors, ISO 9660, or (with feature `gamecube`) a plain GameCube disc,
    /// read without nod's containers. For tests, the fuzzer and the web page.
    pub fn from_bytes(bytes: Vec<u8>) -> Result<Disc, DiscError> {
        let limits = Limits::default();
        let head = bytes.get(..HEAD_LEN).unwrap_or(&bytes);
        let kind = ImageKind::of(head, bytes.len() as u64).ok_or(DiscError::NotAnImage)?;
        #[cfg(not(feature = "gamecube"))]
        let container = console_container(head);
        let sheet_bin = if kind == ImageKind::Cue {
            cue::parse(head).map(|c| c.file).unwrap_or_default()
        } else {
            String::new()
        };
        let source = Source::memory(bytes);
        match kind {
            ImageKind::Raw => Disc::from_sectors(kind, Sectors { source, framing: Framing::Raw }, limits),
            ImageKind::Iso9660 => {
                Disc::from_sectors(kind, Sectors { source, framing: Framing::Bare }, limits)
            }
            #[cfg(not(feature = "gamecube"))]
            ImageKind::GameCube => Err(not_built(container)),
            #[cfg(feature = "gamecube")]
            ImageKind::GameCube => {
                let mut source = source;
                let entries = gamecube::list(&mut source, &limits)?;
                Ok(Disc {
                    kind,
                    container: "ISO".into(),
                    reader: RefCell::new(Reader::Bytes(source)),
                    entries,
                    directories: Vec::new(),
                    limits,
                })
            }
            ImageKind::Cue => Err(DiscError::SheetAlone { bin: sheet_bin }),
        }
    }

    fn from_sectors(kind: ImageKind, mut sectors: Sectors, limits: Limits) -> Result<Disc, DiscError> {
        let (entries, directories) = iso9660::walk(&mut sectors, &limits)?;
        let container = match sectors.framing {
            Framing::Bare => "iso",
            Framing::Raw => "raw-2352",
        };
        Ok(Disc {
            kind,
            container: container.into(),
            reader: RefCell::new(Reader::Sectors(sectors)),
            entries,
            directories,
            limits,
        })
    }

    /// Every file, in directory order.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// The file at `path` (case-insensitive, as the consoles' file systems are; a leading `/` and an
    /// ISO 9660 `;1` suffix are ignored).
    pub fn find(&self, path: &str) -> Option<&Entry> {
        let wanted = path.trim_start_matches('/');
        let wanted = wanted.split_once(';').map_or(wanted, |(name, _)| name);
        self.entries.iter().find(|e| e.path.eq_ignore_ascii_case(wanted))
    }

    /// Whether `path` names a directory of the image (as [`Disc::find`] matches names).
    pub fn is_directory(&self, path: &str) -> bool {
        let wanted = path.trim_matches('/');
        self.directories.iter().any(|d| !d.path.is_empty() && d.path.eq_ignore_ascii_case(wanted))
            || self.entries.iter().any(|e| {
                e.path.len() > wanted.len()
                    && e.path.as_bytes().get(wanted.len()) == Some(&b'/')
                    && e.path.get(..wanted.len()).is_some_and(|p| p.eq_ignore_ascii_case(wanted))
            })
    }

    /// A file's bytes.
    pub fn read(&self, entry: &Entry) -> Result<Vec<u8>, DiscError> {
        if entry.size > self.limits.max_read {
            return Err(DiscError::TooLarge {
                path: entry.path.clone(),
                size: entry.size,
                limit: self.limits.max_read,
            });
        }
        let what = format!("file {}", entry.path);
        match (&mut *self.reader.borrow_mut(), entry.location) {
            (Reader::Bytes(source), Location::Bytes { offset }) => {
                Ok(source.read_vec(offset, entry.size, &what)?)
            }
            (Reader::Sectors(sectors), Location::Sectors { lba }) => {
                let mut out = Vec::with_capacity(usize::try_from(entry.size).unwrap_or(0));
                let mut sector = [0u8; 2048];
                let mut lba = u64::from(lba);
                while (out.len() as u64) < entry.size {
                    sectors.read(lba, &mut sector, &what)?;
                    let take = (entry.size - out.len() as u64).min(DATA_SIZE) as usize;
                    out.extend(sector.iter().take(take));
                    lba += 1;
                }
                Ok(out)
            }
            _ => Err(ParseError {
                offset: 0,
                what,
                problem: Problem::BadValue("an entry of another image".into()),
            }
            .into()),
        }
    }

    /// The file at `path`'s bytes.
    pub fn read_path(&self, path: &str) -> Result<Vec<u8>, DiscError> {
        let entry = self.find(path).cloned().ok_or_else(|| DiscError::NotFound(path.to_string()))?;
        self.read(&entry)
    }

    /// The level files (recognised by content) and how many other files there are. Files larger than
    /// [`LEVEL_FILE_MAX`] and Form 2 (audio/video) files are skipped unread.
    pub fn levels(&self) -> Result<Listing, DiscError> {
        let mut listing = Listing { levels: Vec::new(), skipped: 0 };
        // Records may share or overlap extents; reading more than the image holds means they do, many
        // times over (a hostile directory of records all pointing at one large extent).
        let image_len = match &*self.reader.borrow() {
            Reader::Sectors(s) => s.source.len(),
            Reader::Bytes(s) => s.len(),
        };
        let mut budget = image_len.saturating_add(LEVEL_FILE_MAX);
        for entry in &self.entries {
            let format = if entry.size == 0 || entry.size > LEVEL_FILE_MAX {
                None
            } else {
                budget = budget.checked_sub(entry.size).ok_or_else(|| ParseError {
                    offset: 0,
                    what: format!("file {}", entry.path),
                    problem: Problem::Count(format!(
                        "the files overlap: recognising them would read more than the image's {image_len} bytes"
                    )),
                })?;
                match self.read(entry) {
                    Ok(data) => Format::detect(&data),
                    Err(DiscError::Parse(e)) if e.problem == Problem::Unsupported(sectors::FORM2.into()) => {
                        None
                    }
                    Err(e) => return Err(e),
                }
            };
            match format {
                Some(format) => {
                    listing.levels.push(LevelFile { path: entry.path.clone(), size: entry.size, format })
                }
                None => listing.skipped += 1,
            }
        }
        Ok(listing)
    }

    /// Bytes read from the image file(s) so far (compressed bytes for compressed GameCube containers).
    pub fn bytes_read(&self) -> u64 {
        let counter = match &*self.reader.borrow() {
            Reader::Sectors(s) => s.source.counter(),
            Reader::Bytes(s) => s.counter(),
        };
        counter.load(Ordering::Relaxed)
    }
}

/// Adds `path` to the files found, within [`Limits::max_files`] and [`Limits::max_path_bytes`].
fn push_entry(
    entries: &mut Vec<Entry>,
    path_bytes: &mut usize,
    limits: &Limits,
    entry: Entry,
    at: u64,
) -> Result<(), ParseError> {
    *path_bytes += entry.path.len();
    let problem = if entries.len() >= limits.max_files {
        format!("more than {} files", limits.max_files)
    } else if *path_bytes > limits.max_path_bytes {
        format!("the files' paths add up to more than {} bytes", limits.max_path_bytes)
    } else {
        entries.push(entry);
        return Ok(());
    };
    Err(ParseError { offset: at, what: entry.path, problem: Problem::Count(problem) })
}

/// `path` from an image as a relative path that stays inside the folder it is joined to: `/`-separated
/// components, none empty, `.`, `..`, nor holding `\`, `:` or NUL. `None` if nothing safe is left.
pub fn safe_relative_path(path: &str) -> Option<PathBuf> {
    let mut out = PathBuf::new();
    for part in path.split('/').filter(|p| !p.is_empty() && *p != ".") {
        if part == ".." || part.contains(['\\', ':', '\0']) {
            return None;
        }
        out.push(part);
    }
    (!out.as_os_str().is_empty()).then_some(out)
}

#[cfg(test)]
mod tests;

//! The game's `collisions` folder, and putting a file into it without losing the one it replaces.
//!
//! The mod reloads `collisions/<name>.cl` (and `_wt.cl`, `_xx.cl`) relative to the game's data root
//! (Heroes.SDK `World.LoadCollision`: "Name of the collision file without extension in the `collisions`
//! folder"); in the PC game that is `dvdroot/collisions` beside `Tsonic_win.exe`. A folder given as the
//! game's may be the game's root, its `dvdroot`, or `collisions` itself; names are matched without regard
//! to case, as Windows matches them (a copy on a Linux file system keeps whatever case it was given).

use super::{CollisionName, LiveError};
use std::path::{Path, PathBuf};

/// The folders tried under the game's, in order.
const LAYOUTS: [&[&str]; 2] = [&["dvdroot", "collisions"], &["collisions"]];

/// The suffix of the backup beside a replaced file.
pub const BACKUP_SUFFIX: &str = ".bak";

/// Where a push put its file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Installed {
    /// The file written.
    pub path: PathBuf,
    /// The backup made of the file it replaced, when this push made one.
    pub backup: Option<PathBuf>,
    /// The backup that already existed (kept as it was).
    pub kept_backup: Option<PathBuf>,
}

/// The entry of `dir` named `name`, compared without regard to ASCII case, if it is a folder.
fn child_folder(dir: &Path, name: &str) -> Option<PathBuf> {
    let exact = dir.join(name);
    if exact.is_dir() {
        return Some(exact);
    }
    std::fs::read_dir(dir)
        .ok()?
        .filter_map(Result::ok)
        .find(|e| e.file_name().to_string_lossy().eq_ignore_ascii_case(name) && e.path().is_dir())
        .map(|e| e.path())
}

/// The `collisions` folder of the game folder `game` (its root, `dvdroot`, or `collisions` itself).
pub fn collisions_folder(game: &Path) -> Result<PathBuf, LiveError> {
    for layout in LAYOUTS {
        let found = layout.iter().try_fold(game.to_path_buf(), |dir, name| child_folder(&dir, name));
        if let Some(folder) = found {
            return Ok(folder);
        }
    }
    let is_collisions =
        game.file_name().is_some_and(|n| n.to_string_lossy().eq_ignore_ascii_case("collisions"));
    if is_collisions && game.is_dir() {
        return Ok(game.to_path_buf());
    }
    Err(LiveError::NoCollisionsFolder(game.to_path_buf()))
}

/// Writes `bytes` as `<collisions>/<name>.cl` through `write` (which must write atomically: a temporary
/// file renamed into place). A file it replaces is first copied to `<name>.cl.bak`, unless that backup
/// exists: the first push keeps the game's own file, and later pushes never overwrite it.
pub fn install(
    game: &Path,
    name: &CollisionName,
    bytes: &[u8],
    write: impl Fn(&Path, &[u8]) -> std::io::Result<()>,
) -> Result<Installed, LiveError> {
    let folder = collisions_folder(game)?;
    let path = folder.join(format!("{}.cl", name.as_str()));
    let backup_path = folder.join(format!("{}.cl{BACKUP_SUFFIX}", name.as_str()));
    let failed =
        |path: &Path, e: std::io::Error| LiveError::Write { path: path.to_path_buf(), error: e.to_string() };
    let mut installed = Installed { path: path.clone(), backup: None, kept_backup: None };
    if backup_path.exists() {
        installed.kept_backup = Some(backup_path);
    } else if path.exists() {
        let previous = std::fs::read(&path).map_err(|e| failed(&path, e))?;
        write(&backup_path, &previous).map_err(|e| failed(&backup_path, e))?;
        installed.backup = Some(backup_path);
    }
    write(&path, bytes).map_err(|e| failed(&path, e))?;
    Ok(installed)
}

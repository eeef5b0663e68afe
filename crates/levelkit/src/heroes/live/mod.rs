//! Live reload: put a checked `.cl` file into the game's `collisions` folder and make the running PC game
//! load it again, through the HeroesPowerPlant remote-control mod for Reloaded-II
//! (`Sewer56/HeroesPowerPlant.RemoteControl.ReloadedII`). `docs/guide/live-reload.md` tells the whole story.
//!
//! - [`packet`]: LiteNetLib 0.9.3.2's datagrams; [`channel`]: its reliable-ordered channel;
//!   [`client`]: one exchange over a loopback UDP socket;
//! - [`message`]: the mod's messages, framed by Reloaded.Messaging with contractless MessagePack;
//! - [`install`]: the game's `collisions` folder, and writing into it with a backup;
//! - [`push`]: all of it in order: check, install, find the server, reload.
//!
//! Finding the server's port needs Windows shared memory (the mod publishes it under
//! [`shared_memory_name`]); that needs OS calls this crate does not make (`forbid(unsafe_code)`), so the
//! caller passes the port or a function that finds it.

pub mod channel;
pub mod client;
pub mod install;
pub mod message;
// Not part of the API (hidden, may change in any release): the wire format under `client`, public only for
// the tests' stand-in for the game's mod (tests/live/fake_mod.rs).
#[doc(hidden)]
pub mod packet;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The name of the game's process on Windows (Sonic Heroes PC).
pub const GAME_PROCESS: &str = "tsonic_win.exe";

/// The named shared memory block in which the mod publishes its port, a little-endian `i32`, for the game
/// process `pid` (`ServerLocator.GetMappedFileNameForPid`).
pub fn shared_memory_name(pid: u32) -> String {
    format!("HPP-Remote-Control-Server-PID-{pid}")
}

/// Why a push failed. Each has its own phrase, so a person (and a test) can tell them apart.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum LiveError {
    /// The file does not pass `check`.
    #[error("the file fails check ({errors} error(s), the first: {first}); nothing was written to the game folder")]
    FailsCheck {
        /// How many errors.
        errors: usize,
        /// The first one.
        first: String,
    },
    /// The file is not a `.cl` file at all.
    #[error("the file is not a Sonic Heroes .cl file: {0}")]
    NotCollision(String),
    /// The collision's name cannot be a file in the game's folder.
    #[error("{0:?} is not a stage collision name: 1 to 32 ASCII letters, digits, '_' or '-'")]
    BadName(String),
    /// No `collisions` folder where the game should have one.
    #[error(
        "no collisions folder in {0} (looked for dvdroot/collisions, collisions, and the folder itself)"
    )]
    NoCollisionsFolder(PathBuf),
    /// Writing into the game's folder failed.
    #[error("cannot write {path}: {error}")]
    Write {
        /// The file.
        path: PathBuf,
        /// The OS's reason.
        error: String,
    },
    /// No game process (Windows discovery).
    #[error("no game running: no {GAME_PROCESS} process")]
    NoGame,
    /// The game runs, but without the mod's shared memory block.
    #[error(
        "the game (process {pid}) is running without the remote-control mod: no shared memory {}; \
         enable HeroesPowerPlant.RemoteControl in Reloaded-II",
        shared_memory_name(*pid)
    )]
    NoMod {
        /// The game's process id.
        pid: u32,
    },
    /// Several game processes.
    #[error("{count} {GAME_PROCESS} processes are running; the mod's port must be given")]
    SeveralGames {
        /// How many.
        count: usize,
    },
    /// The port cannot be found on this system.
    #[error(
        "cannot find the game's port here: the mod publishes it in Windows shared memory, which only a \
         program in the game's Windows (or Wine) session can read; the mod's port must be given"
    )]
    PortUnknown,
    /// The shared memory block holds no usable port.
    #[error("the mod's shared memory holds {0}, not a port")]
    BadPort(i64),
    /// An OS call of the discovery failed.
    #[error("cannot look for the game: {0}")]
    Discovery(String),
    /// The OS reports that nothing listens on the port.
    #[error("nothing is listening on 127.0.0.1:{port}: is the game running with the remote-control mod?")]
    NotListening {
        /// The port.
        port: u16,
    },
    /// No connect accept in time.
    #[error("no answer to the connection request on 127.0.0.1:{port} in time")]
    ConnectTimeout {
        /// The port.
        port: u16,
    },
    /// The server rejected the connection.
    #[error("the server on 127.0.0.1:{port} refused the connection")]
    Refused {
        /// The port.
        port: u16,
    },
    /// The server speaks another LiteNetLib protocol.
    #[error("the server on 127.0.0.1:{port} speaks another LiteNetLib protocol than 0.9.3 (protocol id 11)")]
    WrongProtocol {
        /// The port.
        port: u16,
    },
    /// No acknowledgement in time.
    #[error("{}", if *received {
        "the game received the request but sent no acknowledgement in time (is a stage loaded and running?)"
    } else {
        "the game did not confirm receiving the request in time"
    })]
    NoReply {
        /// Whether the server acked the request's packet.
        received: bool,
    },
    /// The server ended the connection before replying.
    #[error("the game closed the connection before acknowledging")]
    Closed,
    /// The server no longer knows the connection.
    #[error("the game dropped the connection (LiteNetLib: peer not found)")]
    PeerNotFound,
    /// The reply is not the mod's acknowledgement.
    #[error("the game's reply is not an acknowledgement: {0}")]
    BadReply(String),
    /// A socket call failed.
    #[error("socket error: {0}")]
    Socket(String),
    /// The file was installed, but the reload failed.
    // `reason`, not `source`: thiserror makes a field named `source` the error's source, and a chain
    // printer (anyhow's `{:#}`) then said the reason twice.
    #[error("wrote {path}, but the game did not reload it: {reason}")]
    NotReloaded {
        /// Where the file went.
        path: PathBuf,
        /// Why the reload failed.
        reason: Box<LiveError>,
    },
}

/// The base name of a collision file in the game's `collisions` folder (`s03` for `s03.cl`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CollisionName(String);

/// Names are short in the game (`s03`, `s03_wt`); a longer one is more likely a mistake.
const MAX_NAME_LEN: usize = 32;

impl CollisionName {
    /// A name made of 1 to 32 ASCII letters, digits, `_` or `-`: a file name on every system, no path.
    pub fn new(name: &str) -> Result<CollisionName, LiveError> {
        let ok = !name.is_empty()
            && name.len() <= MAX_NAME_LEN
            && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
        if ok {
            Ok(CollisionName(name.to_string()))
        } else {
            Err(LiveError::BadName(name.to_string()))
        }
    }

    /// The name of a file's stem (`stages/s03.cl` → `s03`).
    pub fn of_file(path: &Path) -> Result<CollisionName, LiveError> {
        let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
        CollisionName::new(&stem)
    }

    /// The name as given.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The name the mod is told to reload: the stage's, without the `_wt` (water) or `_xx` (death)
    /// suffix, as HeroesPowerPlant's "Force Reload" strips them (`CollisionEditor.cs`); the game's loader
    /// then reads all three files.
    pub fn stage(&self) -> CollisionName {
        for suffix in ["_wt", "_xx"] {
            if let Some(stage) = self.0.strip_suffix(suffix).filter(|s| !s.is_empty()) {
                return CollisionName(stage.to_string());
            }
        }
        self.clone()
    }
}

/// What a push did.
#[derive(Clone, Debug)]
pub struct Pushed {
    /// Where the file went and what was kept.
    pub installed: install::Installed,
    /// The name the game reloaded.
    pub reloaded: CollisionName,
    /// The server's port.
    pub port: u16,
    /// Warnings `check` found (a push goes on with warnings).
    pub warnings: usize,
    /// What crossed the socket.
    pub traffic: client::Traffic,
}

/// Checks `bytes` as a `.cl` file: refused when it has errors (unless `force`). Returns the number of
/// warnings.
pub fn check(bytes: &[u8], force: bool) -> Result<usize, LiveError> {
    let collision =
        crate::heroes::Collision::parse(bytes).map_err(|e| LiveError::NotCollision(e.to_string()))?;
    let findings = collision.validate();
    let errors = findings.count(crate::findings::Severity::Error);
    if errors > 0 && !force {
        let first =
            findings.iter().find(|f| f.severity == crate::findings::Severity::Error).map(|f| f.to_string());
        return Err(LiveError::FailsCheck { errors, first: first.unwrap_or_default() });
    }
    Ok(findings.count(crate::findings::Severity::Warning))
}

/// Asks the mod on `127.0.0.1:port` to reload `name`'s collision and waits for its acknowledgement,
/// `timeout` in all (connection, request, reply); then disconnects.
pub fn reload(port: u16, name: &CollisionName, timeout: Duration) -> Result<client::Traffic, LiveError> {
    let deadline = Instant::now() + timeout;
    let mut client = client::Client::connect(port, deadline)?;
    let reply = client.request(&message::swap_collision(name), deadline);
    let traffic = client.disconnect();
    match message::Message::parse(&reply?) {
        Ok(message::Message::Acknowledgement) => Ok(traffic),
        Ok(other) => Err(LiveError::BadReply(format!("{other:?}"))),
        Err(e) => Err(LiveError::BadReply(e.to_string())),
    }
}

/// A push's inputs.
#[derive(Clone, Debug)]
pub struct Push<'a> {
    /// The `.cl` file's bytes.
    pub collision: &'a [u8],
    /// The game's folder (its root, `dvdroot`, or `collisions` itself).
    pub game: &'a Path,
    /// The file's name in `collisions` (without `.cl`).
    pub name: CollisionName,
    /// How long the reload may take in all.
    pub timeout: Duration,
    /// Push a file that fails `check`.
    pub force: bool,
}

/// The whole push: check, install (through `write`, which must write atomically), find the port, reload.
/// Nothing is written when the check fails; when the reload fails after the install, the error says the
/// file was written.
pub fn push(
    p: &Push<'_>,
    write: impl Fn(&Path, &[u8]) -> std::io::Result<()>,
    find_port: impl FnOnce() -> Result<u16, LiveError>,
) -> Result<Pushed, LiveError> {
    let warnings = check(p.collision, p.force)?;
    let installed = install::install(p.game, &p.name, p.collision, write)?;
    let reloaded = p.name.stage();
    let not_reloaded =
        |e: LiveError| LiveError::NotReloaded { path: installed.path.clone(), reason: Box::new(e) };
    let port = find_port().map_err(not_reloaded)?;
    let traffic = reload(port, &reloaded, p.timeout).map_err(not_reloaded)?;
    Ok(Pushed { installed, reloaded, port, warnings, traffic })
}

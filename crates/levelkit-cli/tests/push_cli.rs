//! `levelkit push` against a stand-in for the remote-control mod on a loopback port: what it prints,
//! its exit codes, and one phrase of its own for each way a push fails.

#[path = "../../levelkit/tests/live/fake_mod.rs"]
mod fake_mod;

use fake_mod::{Behaviour, FakeMod, Reply};
use levelkit::heroes::generate;
use std::net::UdpSocket;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn levelkit(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_levelkit")).args(args).output().expect("the binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A game folder as the PC game lays it out, and a good `.cl` file beside it.
fn setup() -> (tempfile::TempDir, PathBuf, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let collisions = dir.path().join("game/dvdroot/collisions");
    std::fs::create_dir_all(&collisions).unwrap();
    let file = dir.path().join("s03.cl");
    std::fs::write(&file, generate::game_correct(2, 200, 6).to_bytes().unwrap()).unwrap();
    (dir, collisions, file)
}

fn push(file: &Path, game: &Path, extra: &[&str]) -> Output {
    let mut args = vec!["push", file.to_str().unwrap(), "--game", game.to_str().unwrap()];
    args.extend_from_slice(extra);
    levelkit(&args)
}

fn free_port() -> u16 {
    UdpSocket::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

#[test]
fn pushes_into_the_game_and_reports_the_reload() {
    let (dir, collisions, file) = setup();
    let server = FakeMod::start(Behaviour::default());
    let port = server.port.to_string();
    let o = push(&file, &dir.path().join("game"), &["--port", &port, "--timeout", "20"]);
    let seen = server.finish();
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert!(
        out.contains("wrote ") && out.contains(&format!("the game reloaded s03 (127.0.0.1:{port})")),
        "{out}"
    );
    assert_eq!(seen.names, ["s03"]);
    assert_eq!(std::fs::read(collisions.join("s03.cl")).unwrap(), std::fs::read(&file).unwrap());
}

#[test]
fn a_file_that_fails_check_is_not_written_unless_forced() {
    let (dir, collisions, file) = setup();
    let mut c = generate::game_correct(2, 200, 6);
    c.triangles[0].vertices[0] = 0xFFF0;
    std::fs::write(&file, c.to_bytes().unwrap()).unwrap();
    let server = FakeMod::start(Behaviour::default());
    let port = server.port.to_string();
    let o = push(&file, &dir.path().join("game"), &["--port", &port, "--timeout", "20"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o.stderr).contains("fails check"), "{}", text(&o.stderr));
    assert_eq!(std::fs::read_dir(&collisions).unwrap().count(), 0, "nothing in the game folder");
    let o = push(&file, &dir.path().join("game"), &["--port", &port, "--timeout", "20", "--force"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert_eq!(server.finish().names, ["s03"]);
}

/// Each failure exits 1 with a phrase no other failure prints.
#[test]
fn each_failure_has_its_own_phrase() {
    let (dir, _, file) = setup();
    let game = dir.path().join("game");
    let silent = UdpSocket::bind("127.0.0.1:0").unwrap();
    let silent_port = silent.local_addr().unwrap().port().to_string();
    let never = FakeMod::start(Behaviour { reply: Reply::Never, ..Behaviour::default() });
    let reject = FakeMod::start(Behaviour { reject: true, ..Behaviour::default() });
    let closed = free_port().to_string();
    let never_port = never.port.to_string();
    let reject_port = reject.port.to_string();
    let empty = tempfile::tempdir().unwrap();
    let cases: Vec<(Vec<&str>, &Path, &str)> = vec![
        (vec!["--port", &closed], &game, "nothing is listening on 127.0.0.1"),
        (vec!["--port", &silent_port, "--timeout", "1"], &game, "no answer to the connection request"),
        (
            vec!["--port", &never_port, "--timeout", "1.5"],
            &game,
            "received the request but sent no acknowledgement",
        ),
        (vec!["--port", &reject_port, "--timeout", "20"], &game, "refused the connection"),
        (vec!["--port", &closed], empty.path(), "no collisions folder"),
        (vec!["--port", &closed, "--name", "../s03"], &game, "is not a stage collision name"),
        (vec!["--port", &closed, "--timeout", "0"], &game, "--timeout 0 is not between"),
    ];
    for (extra, game, phrase) in &cases {
        let o = push(&file, game, extra);
        let err = text(&o.stderr);
        assert_eq!(o.status.code(), Some(1), "{extra:?}: {err}");
        assert!(err.contains(phrase), "{extra:?}: wanted {phrase:?} in {err}");
        for (_, _, other) in cases.iter().filter(|(_, _, other)| other != phrase) {
            assert!(!err.contains(other), "{extra:?} also printed {other:?}: {err}");
        }
    }
}

#[cfg(not(windows))]
#[test]
fn without_a_port_outside_windows_says_to_pass_one() {
    let (dir, collisions, file) = setup();
    let o = push(&file, &dir.path().join("game"), &[]);
    assert_eq!(o.status.code(), Some(1));
    let err = text(&o.stderr);
    assert!(err.contains("pass --port") && err.contains("wrote "), "{err}");
    assert!(collisions.join("s03.cl").exists(), "the file is installed for the next start");
}

//! Live reload over real loopback sockets, against a stand-in for the remote-control mod
//! (`live/fake_mod.rs`): the exchange as the mod answers it, and every way it can go wrong. Timeouts are
//! generous and no test measures time; a test that expects a timeout uses a short one.
#![cfg(feature = "live")]

#[path = "live/fake_mod.rs"]
mod fake_mod;

use fake_mod::{Behaviour, FakeMod, Reply};
use levelkit::heroes::generate;
use levelkit::heroes::live::packet::{self, Packet};
use levelkit::heroes::live::{self, CollisionName, LiveError};
use std::net::UdpSocket;
use std::path::Path;
use std::time::Duration;

/// Long enough for a loaded 2-core machine; a passing test ends as soon as the reply comes.
const GENEROUS: Duration = Duration::from_secs(20);
/// For the tests that wait for something that never comes.
const SHORT: Duration = Duration::from_millis(1500);

fn s03() -> CollisionName {
    CollisionName::new("s03").unwrap()
}

fn reload(
    behaviour: Behaviour,
    timeout: Duration,
) -> (Result<live::client::Traffic, LiveError>, fake_mod::Seen) {
    let server = FakeMod::start(behaviour);
    let result = live::reload(server.port, &s03(), timeout);
    (result, server.finish())
}

#[test]
fn reloads_the_named_collision_and_disconnects() {
    let server = FakeMod::start(Behaviour::default());
    let port = server.port;
    let traffic = live::reload(port, &s03(), GENEROUS).expect("acknowledged");
    let seen = server.finish();
    assert_eq!(seen.names, ["s03"]);
    assert_eq!(seen.messages, [live::message::swap_collision(&s03())]);
    assert!(seen.disconnects >= 1, "the client said goodbye: {seen:?}");
    assert_eq!(traffic.ignored, 0, "{traffic:?}");
    // The first datagram is the connect request, as NetConnectRequestPacket.Make lays it out.
    match Packet::parse(&seen.datagrams[0]).expect("a packet") {
        Packet::ConnectRequest { connection_number, protocol_id, address, data, .. } => {
            assert_eq!(connection_number, 0);
            assert_eq!(protocol_id, 11);
            assert_eq!(
                address,
                packet::socket_address(std::net::SocketAddrV4::new([127, 0, 0, 1].into(), port))
            );
            assert_eq!(data, [0, 0, 0, 0], "the empty key");
        }
        other => panic!("not a connect request: {other:?}"),
    }
}

#[test]
fn resends_through_dropped_datagrams() {
    let (result, seen) = reload(Behaviour { drop_first: 2, ..Behaviour::default() }, GENEROUS);
    let traffic = result.expect("acknowledged despite the losses");
    assert!(traffic.resent >= 1, "{traffic:?}");
    assert_eq!(seen.names, ["s03"]);
}

#[test]
fn ignores_duplicated_datagrams() {
    let (result, seen) = reload(Behaviour { duplicate: true, ..Behaviour::default() }, GENEROUS);
    result.expect("acknowledged");
    assert_eq!(seen.names, ["s03"], "the request was delivered once");
}

#[test]
fn ignores_garbage() {
    let (result, seen) = reload(Behaviour { garbage: true, ..Behaviour::default() }, GENEROUS);
    let traffic = result.expect("acknowledged despite the garbage");
    assert!(seen.garbage_sent > 0);
    assert!(traffic.ignored >= 8, "each garbage datagram is ignored: {traffic:?}");
}

#[test]
fn reads_a_merged_ack_and_reply() {
    let (result, seen) = reload(Behaviour { merge: true, ..Behaviour::default() }, GENEROUS);
    result.expect("acknowledged");
    assert_eq!(seen.names, ["s03"]);
}

#[test]
fn answers_the_servers_ping() {
    // The ping goes out at the first frame after the accept; a slow frame leaves time for the pong.
    let behaviour = Behaviour { ping: true, frame: Duration::from_millis(200), ..Behaviour::default() };
    let (result, seen) = reload(behaviour, GENEROUS);
    result.expect("acknowledged");
    assert!(seen.pongs >= 1, "{seen:?}");
}

#[test]
fn takes_the_connection_number_the_server_gives() {
    let (result, seen) = reload(Behaviour { accept_number: Some(2), ..Behaviour::default() }, GENEROUS);
    result.expect("acknowledged");
    assert_eq!(seen.wrong_number_packets, 0);
    let numbers: Vec<u8> = seen
        .datagrams
        .iter()
        .filter_map(|d| match Packet::parse(d) {
            Ok(Packet::Channeled { connection_number, .. } | Packet::Ack { connection_number, .. }) => {
                Some(connection_number)
            }
            _ => None,
        })
        .collect();
    assert!(!numbers.is_empty() && numbers.iter().all(|&n| n == 2), "{numbers:?}");
}

#[test]
fn packets_of_another_connection_number_are_ignored() {
    let (result, _) = reload(Behaviour { wrong_number: true, ..Behaviour::default() }, SHORT);
    let e = result.expect_err("nothing of this connection came back");
    assert!(matches!(e, LiveError::NoReply { received: false }), "{e:?}");
    assert!(e.to_string().contains("did not confirm receiving the request"), "{e}");
}

#[test]
fn a_reply_that_never_comes_times_out() {
    let (result, seen) = reload(Behaviour { reply: Reply::Never, ..Behaviour::default() }, SHORT);
    let e = result.expect_err("no acknowledgement");
    assert!(matches!(e, LiveError::NoReply { received: true }), "{e:?}");
    assert!(e.to_string().contains("received the request but sent no acknowledgement"), "{e}");
    assert_eq!(seen.names, ["s03"]);
}

#[test]
fn a_garbled_reply_is_reported() {
    let (result, _) =
        reload(Behaviour { reply: Reply::Message(vec![200, 0xC1]), ..Behaviour::default() }, GENEROUS);
    let e = result.expect_err("not an acknowledgement");
    assert!(matches!(e, LiveError::BadReply(_)), "{e:?}");
    assert!(e.to_string().contains("not an acknowledgement"), "{e}");
}

#[test]
fn another_message_type_is_not_an_acknowledgement() {
    let (result, _) = reload(Behaviour { reply: Reply::Message(vec![7]), ..Behaviour::default() }, GENEROUS);
    let e = result.expect_err("not an acknowledgement");
    assert!(e.to_string().contains("Unknown(7)"), "{e}");
}

#[test]
fn a_rejected_connection_is_refused() {
    let (result, _) = reload(Behaviour { reject: true, ..Behaviour::default() }, GENEROUS);
    let e = result.expect_err("rejected");
    assert!(matches!(e, LiveError::Refused { .. }), "{e:?}");
    assert!(e.to_string().contains("refused the connection"), "{e}");
}

#[test]
fn another_protocol_is_reported() {
    let (result, _) = reload(Behaviour { invalid_protocol: true, ..Behaviour::default() }, GENEROUS);
    let e = result.expect_err("another protocol");
    assert!(e.to_string().contains("speaks another LiteNetLib protocol"), "{e}");
}

#[test]
fn a_disconnect_instead_of_a_reply_is_reported() {
    let (result, _) = reload(Behaviour { reply: Reply::Disconnect, ..Behaviour::default() }, GENEROUS);
    let e = result.expect_err("closed");
    assert!(e.to_string().contains("closed the connection before acknowledging"), "{e}");
}

#[test]
fn peer_not_found_is_reported() {
    let (result, _) = reload(Behaviour { reply: Reply::PeerNotFound, ..Behaviour::default() }, GENEROUS);
    let e = result.expect_err("dropped");
    assert!(e.to_string().contains("peer not found"), "{e}");
}

#[test]
fn a_port_nobody_listens_on_is_reported() {
    // A port that was just free: the OS answers "port unreachable", which the socket reports as refused.
    let port = UdpSocket::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let e = live::reload(port, &s03(), GENEROUS).expect_err("nothing listens");
    assert!(matches!(e, LiveError::NotListening { .. }), "{e:?}");
    assert!(e.to_string().contains("nothing is listening on 127.0.0.1"), "{e}");
}

#[test]
fn a_silent_port_times_out() {
    let silent = UdpSocket::bind("127.0.0.1:0").unwrap();
    let port = silent.local_addr().unwrap().port();
    let e = live::reload(port, &s03(), SHORT).expect_err("no answer");
    assert!(matches!(e, LiveError::ConnectTimeout { .. }), "{e:?}");
    assert!(e.to_string().contains("no answer to the connection request"), "{e}");
}

fn game_folder() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("dvdroot/collisions")).unwrap();
    dir
}

fn push(game: &Path, bytes: &[u8], port: u16, force: bool) -> Result<live::Pushed, LiveError> {
    let p = live::Push {
        collision: bytes,
        game,
        name: CollisionName::new("s03_wt").unwrap(),
        timeout: GENEROUS,
        force,
    };
    live::push(&p, levelkit::io::write_atomic, || Ok(port))
}

#[test]
fn push_installs_keeps_the_original_and_reloads_the_stage() {
    let game = game_folder();
    let target = game.path().join("dvdroot/collisions/s03_wt.cl");
    std::fs::write(&target, b"the game's own file").unwrap();
    let bytes = generate::game_correct(1, 200, 6).to_bytes().unwrap();
    let server = FakeMod::start(Behaviour::default());
    let pushed = push(game.path(), &bytes, server.port, false).expect("pushed");
    let seen = server.finish();
    assert_eq!(seen.names, ["s03"], "the stage's name, without _wt");
    assert_eq!(std::fs::read(&target).unwrap(), bytes);
    let backup = game.path().join("dvdroot/collisions/s03_wt.cl.bak");
    assert_eq!(pushed.installed.backup.as_deref(), Some(backup.as_path()));
    assert_eq!(std::fs::read(&backup).unwrap(), b"the game's own file");

    // A second push leaves the original's backup alone.
    let server = FakeMod::start(Behaviour::default());
    let again = push(game.path(), &bytes, server.port, false).expect("pushed again");
    server.finish();
    assert_eq!(again.installed.backup, None);
    assert_eq!(again.installed.kept_backup.as_deref(), Some(backup.as_path()));
    assert_eq!(std::fs::read(&backup).unwrap(), b"the game's own file");
}

#[test]
fn push_writes_nothing_for_a_file_that_fails_check() {
    let game = game_folder();
    let mut collision = generate::game_correct(1, 200, 6);
    collision.triangles[0].vertices[0] = 0xFFF0;
    let bytes = collision.to_bytes().unwrap();
    let e = push(game.path(), &bytes, 1, false).expect_err("refused");
    assert!(matches!(e, LiveError::FailsCheck { .. }), "{e:?}");
    assert!(e.to_string().contains("fails check"), "{e}");
    let left: Vec<_> = std::fs::read_dir(game.path().join("dvdroot/collisions")).unwrap().collect();
    assert!(left.is_empty(), "nothing written: {left:?}");
}

#[test]
fn a_failed_reload_says_the_file_was_written() {
    let game = game_folder();
    let bytes = generate::game_correct(1, 200, 6).to_bytes().unwrap();
    let port = UdpSocket::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let e = push(game.path(), &bytes, port, false).expect_err("nobody listens");
    let text = e.to_string();
    assert!(text.starts_with("wrote ") && text.contains("nothing is listening"), "{text}");
    assert!(game.path().join("dvdroot/collisions/s03_wt.cl").exists());
}

#[test]
fn the_collisions_folder_is_found_from_root_dvdroot_or_itself() {
    let game = tempfile::tempdir().unwrap();
    let folder = game.path().join("DVDROOT/Collisions");
    std::fs::create_dir_all(&folder).unwrap();
    let found = live::install::collisions_folder(game.path()).unwrap();
    assert_eq!(found, folder, "matched without regard to case");
    assert_eq!(live::install::collisions_folder(&game.path().join("DVDROOT")).unwrap(), folder);
    assert_eq!(live::install::collisions_folder(&folder).unwrap(), folder);
    let e = live::install::collisions_folder(&game.path().join("DVDROOT/Collisions/..")).err();
    assert!(e.is_none(), "dvdroot itself is a game folder");
    let empty = tempfile::tempdir().unwrap();
    let e = live::install::collisions_folder(empty.path()).unwrap_err();
    assert!(e.to_string().contains("no collisions folder"), "{e}");
}

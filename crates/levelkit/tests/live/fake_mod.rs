//! A stand-in for the HeroesPowerPlant remote-control mod on a loopback port: the server side of
//! LiteNetLib 0.9.3.2 as `NetManager.DataReceived` and `NetPeer` answer a client, and the mod's
//! `HandleSwapCollision` (reply `Acknowledgement` once the "frame" ran), with knobs for what a real
//! network or a broken server does: dropped and duplicated datagrams, garbage, a reply that never
//! comes, another connection number, a rejection, another protocol.
//!
//! Shared by the library's and the CLI's tests (`#[path]`); it binds 127.0.0.1 only and stops by itself
//! after [`LIFETIME`].

#![allow(dead_code)]

use levelkit::heroes::live::channel::{Received, Receiver, Sender};
use levelkit::heroes::live::message::{self, Message};
use levelkit::heroes::live::packet::{self, Packet, Property, RELIABLE_ORDERED_CHANNEL};
use std::net::{SocketAddr, UdpSocket};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// The longest a stand-in runs, whatever its test does.
pub const LIFETIME: Duration = Duration::from_secs(60);
/// How often the stand-in sends its reply again until the client acks it.
const RESEND: Duration = Duration::from_millis(50);

/// What the stand-in sends once it has the request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// The mod's `Acknowledgement`.
    Acknowledgement,
    /// Nothing: the request is acked, the reload never happens.
    Never,
    /// These message bytes instead.
    Message(Vec<u8>),
    /// A disconnect instead.
    Disconnect,
    /// `PeerNotFound`, as after a server restart.
    PeerNotFound,
}

/// How the stand-in behaves.
#[derive(Clone, Debug)]
pub struct Behaviour {
    /// Datagrams from the client dropped before any is read (a lossy network).
    pub drop_first: usize,
    /// Every datagram sent twice.
    pub duplicate: bool,
    /// What answers the request.
    pub reply: Reply,
    /// The connection number given in the accept (LiteNetLib gives a reconnecting client the next one).
    pub accept_number: Option<u8>,
    /// Acks and replies carry another connection number than the one accepted.
    pub wrong_number: bool,
    /// The connect request is rejected (`ConnectionRequest.Reject`: a disconnect).
    pub reject: bool,
    /// The connect request is answered with `InvalidProtocol`.
    pub invalid_protocol: bool,
    /// Garbage datagrams before each real one.
    pub garbage: bool,
    /// The ack and the reply in one merged datagram.
    pub merge: bool,
    /// A ping right after the accept.
    pub ping: bool,
    /// Connection requests and messages are handled only once per frame of this length (the mod polls
    /// events once a game frame).
    pub frame: Duration,
}

impl Default for Behaviour {
    fn default() -> Self {
        Behaviour {
            drop_first: 0,
            duplicate: false,
            reply: Reply::Acknowledgement,
            accept_number: None,
            wrong_number: false,
            reject: false,
            invalid_protocol: false,
            garbage: false,
            merge: false,
            ping: false,
            frame: Duration::from_millis(16),
        }
    }
}

/// What the stand-in saw.
#[derive(Clone, Debug, Default)]
pub struct Seen {
    /// Every datagram received, in order (dropped ones included).
    pub datagrams: Vec<Vec<u8>>,
    /// The collision names asked for, one per delivered message.
    pub names: Vec<String>,
    /// The delivered messages' bytes.
    pub messages: Vec<Vec<u8>>,
    /// Connect requests received.
    pub connect_requests: usize,
    /// Disconnects of the accepted connection received.
    pub disconnects: usize,
    /// Pongs answering the stand-in's ping.
    pub pongs: usize,
    /// Packets ignored for another connection number.
    pub wrong_number_packets: usize,
    /// Garbage datagrams sent.
    pub garbage_sent: usize,
}

/// A running stand-in.
pub struct FakeMod {
    /// Its port on 127.0.0.1.
    pub port: u16,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<Seen>>,
}

impl FakeMod {
    /// Starts a stand-in on an ephemeral loopback port.
    pub fn start(behaviour: Behaviour) -> FakeMod {
        let socket = UdpSocket::bind("127.0.0.1:0").expect("a loopback port");
        let port = socket.local_addr().expect("its address").port();
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let thread = std::thread::spawn(move || Server::new(socket, behaviour).run(&flag));
        FakeMod { port, stop, thread: Some(thread) }
    }

    /// Stops it and returns what it saw.
    pub fn finish(mut self) -> Seen {
        self.stop.store(true, Ordering::SeqCst);
        self.thread.take().expect("running").join().expect("the stand-in does not panic")
    }
}

impl Drop for FakeMod {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// Datagrams LiteNetLib drops or a client must ignore: unknown property, short headers, an ack of the
/// wrong size, a merged datagram whose size runs past its end, an accept for another request, a channeled
/// packet on another channel, one too long.
fn garbage(connection_number: u8) -> Vec<Vec<u8>> {
    vec![
        vec![0x1F, 0xFF, 0xFF],
        vec![],
        vec![packet::header_byte(Property::Channeled, connection_number), 0x00],
        vec![packet::header_byte(Property::Ack, connection_number), 0, 0, RELIABLE_ORDERED_CHANNEL, 0xFF],
        vec![packet::header_byte(Property::Merged, connection_number), 0xFF, 0x7F, 0x01],
        packet::connect_accept(0x0123_4567, 1, false),
        packet::channeled(connection_number, 0, 7, &message::acknowledgement()),
        vec![0xA5; 1600],
    ]
}

struct Server {
    socket: UdpSocket,
    behaviour: Behaviour,
    seen: Seen,
    client: Option<SocketAddr>,
    /// The accepted connection: its id and number.
    connection: Option<(i64, u8)>,
    receiver: Receiver,
    sender: Sender,
    last_reply: Option<Instant>,
    /// Requests waiting for the next frame.
    queued: Vec<Vec<u8>>,
    next_frame: Instant,
    ping_sent: bool,
}

impl Server {
    fn new(socket: UdpSocket, behaviour: Behaviour) -> Server {
        socket.set_read_timeout(Some(Duration::from_millis(5))).expect("a timeout");
        let next_frame = Instant::now() + behaviour.frame;
        Server {
            socket,
            behaviour,
            seen: Seen::default(),
            client: None,
            connection: None,
            receiver: Receiver::default(),
            sender: Sender::default(),
            last_reply: None,
            queued: Vec::new(),
            next_frame,
            ping_sent: false,
        }
    }

    fn send(&mut self, datagram: &[u8]) {
        let Some(client) = self.client else { return };
        if self.behaviour.garbage {
            let number = self.connection.map_or(0, |(_, n)| n);
            for g in garbage(number) {
                let _ = self.socket.send_to(&g, client);
                self.seen.garbage_sent += 1;
            }
        }
        let copies = if self.behaviour.duplicate { 2 } else { 1 };
        for _ in 0..copies {
            let _ = self.socket.send_to(datagram, client);
        }
    }

    /// The number the stand-in's data packets carry.
    fn outgoing_number(&self) -> u8 {
        let n = self.connection.map_or(0, |(_, n)| n);
        if self.behaviour.wrong_number {
            (n + 1) % packet::MAX_CONNECTION_NUMBER
        } else {
            n
        }
    }

    fn run(mut self, stop: &AtomicBool) -> Seen {
        let started = Instant::now();
        let mut buffer = [0u8; 2048];
        while !stop.load(Ordering::SeqCst) && started.elapsed() < LIFETIME {
            if let Ok((n, from)) = self.socket.recv_from(&mut buffer) {
                let datagram = buffer[..n].to_vec();
                self.seen.datagrams.push(datagram.clone());
                if self.seen.datagrams.len() <= self.behaviour.drop_first {
                    continue;
                }
                self.client = Some(from);
                self.take(&datagram);
            }
            if Instant::now() >= self.next_frame {
                self.frame();
                self.next_frame = Instant::now() + self.behaviour.frame;
            }
            self.resend_reply();
        }
        self.seen
    }

    /// One datagram, as `NetManager.DataReceived` would route it.
    fn take(&mut self, datagram: &[u8]) {
        match Packet::parse(datagram) {
            Ok(Packet::ConnectRequest { .. }) => self.queued.push(datagram.to_vec()),
            Ok(Packet::Merged { connection_number, body }) if Some(connection_number) == self.number() => {
                for part in packet::split_merged(body).map_while(Result::ok) {
                    let part = part.to_vec();
                    self.take(&part);
                }
            }
            Ok(p) => self.connected(p, datagram),
            Err(_) => {}
        }
    }

    fn number(&self) -> Option<u8> {
        self.connection.map(|(_, n)| n)
    }

    fn connected(&mut self, p: Packet<'_>, datagram: &[u8]) {
        let Some((connect_time, number)) = self.connection else { return };
        match p {
            Packet::Channeled { connection_number, .. }
            | Packet::Ack { connection_number, .. }
            | Packet::Ping { connection_number, .. }
            | Packet::Pong { connection_number, .. }
                if connection_number != number =>
            {
                self.seen.wrong_number_packets += 1;
            }
            Packet::Channeled { sequence, channel: RELIABLE_ORDERED_CHANNEL, data, .. } => {
                match self.receiver.receive(sequence, data) {
                    Received::Accepted(messages) => {
                        self.queued.extend(messages);
                        let ack = self.receiver.ack(self.outgoing_number(), RELIABLE_ORDERED_CHANNEL);
                        self.send(&ack);
                    }
                    Received::Duplicate => {
                        let ack = self.receiver.ack(self.outgoing_number(), RELIABLE_ORDERED_CHANNEL);
                        self.send(&ack);
                    }
                    Received::Dropped => {}
                }
            }
            Packet::Ack { window_start, channel: RELIABLE_ORDERED_CHANNEL, bits, .. } => {
                self.sender.process_ack(window_start, &bits);
            }
            Packet::Ping { sequence, .. } => {
                let pong = packet::pong(self.outgoing_number(), sequence, 0);
                self.send(&pong);
            }
            Packet::Pong { .. } => self.seen.pongs += 1,
            Packet::Disconnect { connect_time: t, .. } if t == connect_time => {
                self.seen.disconnects += 1;
                self.send(&packet::bare(Property::ShutdownOk));
            }
            _ => {
                let _ = datagram;
            }
        }
    }

    /// What the mod does at the end of a frame: answer connection requests, run the queued reloads.
    fn frame(&mut self) {
        for item in std::mem::take(&mut self.queued) {
            if let Ok(Packet::ConnectRequest { connection_number, protocol_id, connect_time, .. }) =
                Packet::parse(&item)
            {
                self.seen.connect_requests += 1;
                self.answer_connect(protocol_id, connect_time, connection_number);
                continue;
            }
            self.seen.messages.push(item.clone());
            if let Ok(Message::SwapCollision { name }) = Message::parse(&item) {
                self.seen.names.push(name);
            }
            self.reply();
        }
        if self.behaviour.ping && self.connection.is_some() && !self.ping_sent {
            self.ping_sent = true;
            let ping = packet::ping(self.outgoing_number(), 1);
            self.send(&ping);
        }
    }

    fn answer_connect(&mut self, protocol_id: i32, connect_time: i64, connection_number: u8) {
        if protocol_id != packet::PROTOCOL_ID || self.behaviour.invalid_protocol {
            self.send(&packet::bare(Property::InvalidProtocol));
        } else if self.behaviour.reject {
            self.send(&packet::disconnect(connection_number, connect_time));
        } else {
            let number = self.behaviour.accept_number.unwrap_or(connection_number);
            // A repeated request of the same connection gets the same accept.
            self.connection = Some((connect_time, number));
            self.send(&packet::connect_accept(connect_time, number, false));
        }
    }

    fn reply(&mut self) {
        let Some((connect_time, _)) = self.connection else { return };
        let message = match self.behaviour.reply.clone() {
            Reply::Acknowledgement => message::acknowledgement(),
            Reply::Message(bytes) => bytes,
            Reply::Never => return,
            Reply::Disconnect => {
                let d = packet::disconnect(self.outgoing_number(), connect_time);
                self.send(&d);
                return;
            }
            Reply::PeerNotFound => {
                self.send(&packet::bare(Property::PeerNotFound));
                return;
            }
        };
        let sequence = self.sender.push(message.clone()).expect("one reply fits the window");
        let number = self.outgoing_number();
        let data = packet::channeled(number, sequence, RELIABLE_ORDERED_CHANNEL, &message);
        if self.behaviour.merge {
            let ack = self.receiver.ack(number, RELIABLE_ORDERED_CHANNEL);
            let merged = packet::merged(number, &[&ack, &data]);
            self.send(&merged);
        } else {
            self.send(&data);
        }
        self.last_reply = Some(Instant::now());
    }

    fn resend_reply(&mut self) {
        let due = self.last_reply.is_some_and(|t| t.elapsed() >= RESEND);
        if !due {
            return;
        }
        let number = self.outgoing_number();
        let unacked: Vec<Vec<u8>> = self
            .sender
            .unacked()
            .map(|(sequence, data)| packet::channeled(number, sequence, RELIABLE_ORDERED_CHANNEL, data))
            .collect();
        for d in &unacked {
            self.send(d);
        }
        self.last_reply = if unacked.is_empty() { None } else { Some(Instant::now()) };
    }
}

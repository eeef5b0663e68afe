//! A LiteNetLib 0.9.3.2 client for one exchange with the remote-control mod: connect, send one message
//! reliably on channel 0 (reliable ordered), wait for the reply, disconnect. Loopback only.
//!
//! The steps follow `NetManager.Connect`, `NetPeer` (its "connect to" constructor, `ProcessConnectAccept`,
//! `ProcessPacket`, `Shutdown`, `Update`) and `ReliableChannel` at tag `v0.9.3.2`; the timings are
//! LiteNetLib's defaults (`NetManager.ReconnectDelay` 500 ms, `PingInterval` 1000 ms, `NetPeer`'s
//! `ShutdownDelay` 300 ms) except the resend delay of a reliable packet, which LiteNetLib starts at 27 ms
//! and adapts to the round-trip time: a fixed 100 ms here, as one message needs no more.
//!
//! Everything the socket brings is untrusted: each datagram is parsed with its bounds checked, anything
//! that is not the expected packet of this connection (another connection number, garbage, a packet
//! type LiteNetLib would ignore here) is counted and ignored, and every wait ends at a deadline.

use super::channel::{Received, Receiver, Sender};
use super::packet::{self, Packet, Property, RELIABLE_ORDERED_CHANNEL};
use super::LiveError;
use std::io::ErrorKind;
use std::net::{Ipv4Addr, SocketAddrV4, UdpSocket};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// `NetManager.ReconnectDelay`: how often a connect request is sent again.
const CONNECT_RESEND: Duration = Duration::from_millis(500);
/// How often a reliable packet not acked yet is sent again.
const DATA_RESEND: Duration = Duration::from_millis(100);
/// `NetManager.PingInterval`: a ping this often keeps the server's 5 s disconnect timeout away.
const PING_INTERVAL: Duration = Duration::from_millis(1000);
/// `NetPeer.ShutdownDelay`: how often a disconnect is sent again until `ShutdownOk` comes.
const SHUTDOWN_RESEND: Duration = Duration::from_millis(300);
/// How long a disconnect waits for `ShutdownOk` at most; the server drops the peer by itself after 5 s.
const SHUTDOWN_WAIT: Duration = Duration::from_millis(1000);
/// .NET ticks (100 ns since 0001-01-01) at the Unix epoch.
const TICKS_AT_UNIX_EPOCH: i64 = 621_355_968_000_000_000;
/// The receive buffer: larger than any datagram LiteNetLib sends (1432 bytes), so a larger one shows as
/// too long.
const RECEIVE_BUFFER: usize = 2048;
/// The connection number a first connection to an address proposes (`NetManager.Connect`).
const FIRST_CONNECTION_NUMBER: u8 = 0;

/// The clock LiteNetLib puts in connect requests and pongs: `DateTime.UtcNow.Ticks`.
fn utc_ticks() -> i64 {
    let since_epoch = SystemTime::now().duration_since(UNIX_EPOCH).unwrap_or_default();
    let ticks = i64::try_from(since_epoch.as_nanos() / 100).unwrap_or(i64::MAX - TICKS_AT_UNIX_EPOCH);
    TICKS_AT_UNIX_EPOCH + ticks
}

/// Counts of what crossed the socket, for reports and tests.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Traffic {
    /// Datagrams sent, resends included.
    pub sent: u32,
    /// Of those, resends of a connect request, a reliable packet or a disconnect.
    pub resent: u32,
    /// Datagrams received.
    pub received: u32,
    /// Received datagrams (or parts of merged ones) ignored: unreadable, of another connection number,
    /// duplicates, or of a kind this client has no use for.
    pub ignored: u32,
}

/// What a datagram of the connection meant to the exchange.
enum Event {
    /// A whole message arrived on the reliable channel.
    Message(Vec<u8>),
    /// The server ended the connection.
    Closed,
    /// The server has no connection with this client.
    PeerNotFound,
}

/// A connected client.
pub struct Client {
    socket: UdpSocket,
    server: SocketAddrV4,
    connect_time: i64,
    connection_number: u8,
    receiver: Receiver,
    sender: Sender,
    ping_sequence: u16,
    /// The sequence of the last ping answered (`_pongPacket.Sequence`).
    pong_sequence: u16,
    traffic: Traffic,
}

/// Sends a datagram on the connected socket; a refusal means nothing listens on the port.
fn send(
    socket: &UdpSocket,
    server: SocketAddrV4,
    traffic: &mut Traffic,
    datagram: &[u8],
) -> Result<(), LiveError> {
    socket.send(datagram).map_err(|e| socket_error(e, server))?;
    traffic.sent += 1;
    Ok(())
}

/// The error an I/O failure on the socket means: the OS reports an ICMP "port unreachable" as a refused
/// (Unix) or reset (Windows) connection on the next call.
fn socket_error(e: std::io::Error, server: SocketAddrV4) -> LiveError {
    match e.kind() {
        ErrorKind::ConnectionRefused | ErrorKind::ConnectionReset => {
            LiveError::NotListening { port: server.port() }
        }
        _ => LiveError::Socket(e.to_string()),
    }
}

/// Waits until `until` for one datagram; `Ok(None)` when none came in time. A datagram too large for
/// the buffer (Windows reports it as an error) is returned as too long, to be ignored.
fn receive<'b>(
    socket: &UdpSocket,
    server: SocketAddrV4,
    until: Instant,
    buffer: &'b mut [u8; RECEIVE_BUFFER],
) -> Result<Option<&'b [u8]>, LiveError> {
    let wait = until.saturating_duration_since(Instant::now()).max(Duration::from_millis(1));
    socket.set_read_timeout(Some(wait)).map_err(|e| LiveError::Socket(e.to_string()))?;
    match socket.recv(buffer) {
        Ok(n) => Ok(Some(&buffer[..n])),
        Err(e)
            if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut | ErrorKind::Interrupted) =>
        {
            Ok(None)
        }
        // WSAEMSGSIZE: the datagram was larger than the buffer (Unix truncates it silently instead).
        Err(e) if cfg!(windows) && e.raw_os_error() == Some(10040) => Ok(Some(&buffer[..])),
        Err(e) => Err(socket_error(e, server)),
    }
}

impl Client {
    /// Connects to the server on `127.0.0.1:port` with the empty key, as the mod's `Client` does, before
    /// `deadline`.
    pub fn connect(port: u16, deadline: Instant) -> Result<Client, LiveError> {
        let server = SocketAddrV4::new(Ipv4Addr::LOCALHOST, port);
        let socket = UdpSocket::bind(SocketAddrV4::new(Ipv4Addr::LOCALHOST, 0))
            .and_then(|s| s.connect(server).map(|()| s))
            .map_err(|e| LiveError::Socket(e.to_string()))?;
        let connect_time = utc_ticks();
        let mut traffic = Traffic::default();
        let request = packet::connect_request(
            FIRST_CONNECTION_NUMBER,
            connect_time,
            &packet::socket_address(server),
            &packet::connection_key(""),
        );
        let mut buffer = [0u8; RECEIVE_BUFFER];
        send(&socket, server, &mut traffic, &request)?;
        let mut last_sent = Instant::now();
        loop {
            let now = Instant::now();
            if now >= deadline {
                return Err(LiveError::ConnectTimeout { port });
            }
            if now >= last_sent + CONNECT_RESEND {
                send(&socket, server, &mut traffic, &request)?;
                traffic.resent += 1;
                last_sent = now;
            }
            let Some(datagram) =
                receive(&socket, server, deadline.min(last_sent + CONNECT_RESEND), &mut buffer)?
            else {
                continue;
            };
            traffic.received += 1;
            match Packet::parse(datagram) {
                Ok(Packet::ConnectAccept { connect_time: t, connection_number, .. }) if t == connect_time => {
                    return Ok(Client {
                        socket,
                        server,
                        connect_time,
                        connection_number,
                        receiver: Receiver::default(),
                        sender: Sender::default(),
                        ping_sequence: 0,
                        pong_sequence: 0,
                        traffic,
                    });
                }
                // A rejection is a disconnect for the request's id and number (`NetPeer.ProcessDisconnect`
                // while outgoing).
                Ok(Packet::Disconnect {
                    connect_time: t,
                    connection_number: FIRST_CONNECTION_NUMBER,
                    ..
                }) if t == connect_time => {
                    return Err(LiveError::Refused { port });
                }
                Ok(Packet::Other { property: Property::InvalidProtocol, .. }) => {
                    return Err(LiveError::WrongProtocol { port });
                }
                _ => traffic.ignored += 1,
            }
        }
    }

    /// What crossed the socket so far.
    pub fn traffic(&self) -> Traffic {
        self.traffic
    }

    /// The connection number the server gave this connection.
    pub fn connection_number(&self) -> u8 {
        self.connection_number
    }

    fn send(&mut self, datagram: &[u8]) -> Result<(), LiveError> {
        send(&self.socket, self.server, &mut self.traffic, datagram)
    }

    /// Sends `message` reliably and waits until `deadline` for the first message the server sends back,
    /// answering pings, acking what arrives, and sending pings and resends on time.
    pub fn request(&mut self, message: &[u8], deadline: Instant) -> Result<Vec<u8>, LiveError> {
        let sequence = self.sender.push(message.to_vec()).map_err(|e| LiveError::Socket(e.to_string()))?;
        let mut buffer = [0u8; RECEIVE_BUFFER];
        let mut last_data = None::<Instant>;
        let mut last_ping = Instant::now();
        loop {
            let now = Instant::now();
            if now >= deadline {
                return Err(LiveError::NoReply { received: self.sender.is_acked(sequence) });
            }
            if !self.sender.is_acked(sequence) && last_data.is_none_or(|t| now >= t + DATA_RESEND) {
                let datagram =
                    packet::channeled(self.connection_number, sequence, RELIABLE_ORDERED_CHANNEL, message);
                self.send(&datagram)?;
                if last_data.is_some() {
                    self.traffic.resent += 1;
                }
                last_data = Some(now);
            }
            if now >= last_ping + PING_INTERVAL {
                self.ping_sequence = self.ping_sequence.wrapping_add(1);
                self.send(&packet::ping(self.connection_number, self.ping_sequence))?;
                last_ping = now;
            }
            let mut wake = deadline.min(last_ping + PING_INTERVAL);
            if let (Some(t), false) = (last_data, self.sender.is_acked(sequence)) {
                wake = wake.min(t + DATA_RESEND);
            }
            let Some(datagram) = receive(&self.socket, self.server, wake, &mut buffer)? else {
                continue;
            };
            self.traffic.received += 1;
            let datagram = datagram.to_vec();
            // The first event decides; a datagram rarely brings two.
            match self.handle(&datagram)?.into_iter().next() {
                Some(Event::Message(reply)) => return Ok(reply),
                Some(Event::Closed) => return Err(LiveError::Closed),
                Some(Event::PeerNotFound) => return Err(LiveError::PeerNotFound),
                None => {}
            }
        }
    }

    /// Takes one datagram of the connection (`NetPeer.ProcessPacket`); a merged one part by part.
    fn handle(&mut self, datagram: &[u8]) -> Result<Vec<Event>, LiveError> {
        let mut events = Vec::new();
        match Packet::parse(datagram) {
            Ok(Packet::Merged { connection_number, body }) if connection_number == self.connection_number => {
                for part in packet::split_merged(body) {
                    match part.and_then(Packet::parse) {
                        // LiteNetLib would merge no merged packet; one inside another is ignored.
                        Ok(Packet::Merged { .. }) | Err(_) => self.traffic.ignored += 1,
                        Ok(p) => self.handle_packet(p, &mut events)?,
                    }
                }
            }
            Ok(p) => self.handle_packet(p, &mut events)?,
            Err(_) => self.traffic.ignored += 1,
        }
        Ok(events)
    }

    fn handle_packet(&mut self, p: Packet<'_>, events: &mut Vec<Event>) -> Result<(), LiveError> {
        let ours = |n: u8| n == self.connection_number;
        match p {
            Packet::Channeled {
                connection_number,
                sequence,
                channel: RELIABLE_ORDERED_CHANNEL,
                fragmented: false,
                data,
            } if ours(connection_number) => match self.receiver.receive(sequence, data) {
                Received::Accepted(messages) => {
                    self.send(&self.receiver.ack(self.connection_number, RELIABLE_ORDERED_CHANNEL))?;
                    events.extend(messages.into_iter().map(Event::Message));
                }
                Received::Duplicate => {
                    self.send(&self.receiver.ack(self.connection_number, RELIABLE_ORDERED_CHANNEL))?;
                    self.traffic.ignored += 1;
                }
                Received::Dropped => self.traffic.ignored += 1,
            },
            Packet::Ack { connection_number, window_start, channel: RELIABLE_ORDERED_CHANNEL, bits }
                if ours(connection_number) =>
            {
                self.sender.process_ack(window_start, &bits);
            }
            Packet::Ping { connection_number, sequence } if ours(connection_number) => {
                if packet::relative_sequence(sequence, self.pong_sequence) > 0 {
                    self.pong_sequence = sequence;
                    self.send(&packet::pong(self.connection_number, sequence, utc_ticks()))?;
                }
            }
            Packet::Disconnect { connection_number, connect_time, .. }
                if ours(connection_number) && connect_time == self.connect_time =>
            {
                self.send(&packet::bare(Property::ShutdownOk))?;
                events.push(Event::Closed);
            }
            Packet::Other { property: Property::PeerNotFound, .. } => events.push(Event::PeerNotFound),
            _ => self.traffic.ignored += 1,
        }
        Ok(())
    }

    /// Ends the connection as `NetPeer.Shutdown` does: a disconnect, sent again every 300 ms until the
    /// server's `ShutdownOk`, for at most a second. Best effort: the server forgets a silent peer anyway.
    pub fn disconnect(mut self) -> Traffic {
        let datagram = packet::disconnect(self.connection_number, self.connect_time);
        let mut buffer = [0u8; RECEIVE_BUFFER];
        let give_up = Instant::now() + SHUTDOWN_WAIT;
        let mut first = true;
        while Instant::now() < give_up {
            if self.send(&datagram).is_err() {
                break;
            }
            if !first {
                self.traffic.resent += 1;
            }
            first = false;
            let until = give_up.min(Instant::now() + SHUTDOWN_RESEND);
            while Instant::now() < until {
                match receive(&self.socket, self.server, until, &mut buffer) {
                    Ok(Some(d)) => {
                        self.traffic.received += 1;
                        if d.len() == 1 && Property::from_header(d[0]) == Some(Property::ShutdownOk) {
                            return self.traffic;
                        }
                        self.traffic.ignored += 1;
                    }
                    Ok(None) => {}
                    Err(_) => return self.traffic,
                }
            }
        }
        self.traffic
    }
}

//! LiteNetLib 0.9.3.2's datagrams: the subset a client of the HeroesPowerPlant remote-control mod sends
//! and reads, and what a stand-in for the mod needs to answer it in tests.
//!
//! Derived from LiteNetLib's sources at tag `v0.9.3.2`: `NetPacket.cs` (the header byte, header sizes,
//! `NetConnectRequestPacket`, `NetConnectAcceptPacket`), `NetConstants.cs`, `NetPeer.cs` (ping, pong,
//! disconnect, merged datagrams), `ReliableChannel.cs` (acks), `NetManager.cs` (`DataReceived`: protocol id,
//! `ShutdownOk`, `PeerNotFound`, `InvalidProtocol`) and `Utils/NetDataWriter.cs` (the connection key).
//! Every multi-byte number is little-endian (`FastBitConverter`). The mod's `NetManager` has no extra packet
//! layer (Reloaded.Messaging 1.3.0's `SimpleHost` builds it without one), so there is no CRC32C trailer.
//!
//! Byte 0 of every datagram: bits 0–4 the [`Property`], bits 5–6 the connection number (which connection
//! to the same address a packet belongs to, 0–3), bit 7 "fragmented".

mod write;

pub use write::{
    ack, bare, channeled, connect_accept, connect_request, connection_key, disconnect, merged, ping, pong,
    socket_address,
};

/// `NetConstants.ProtocolId`: sent in every connection request; a server of another version answers
/// [`Property::InvalidProtocol`].
pub const PROTOCOL_ID: i32 = 11;
/// `NetConstants.MaxPacketSize`: the largest datagram LiteNetLib sends (1500 − 68).
pub const MAX_PACKET_SIZE: usize = 1432;
/// `NetConstants.MaxSequence`: sequence numbers count modulo this.
pub const MAX_SEQUENCE: u16 = 32768;
/// `NetConstants.DefaultWindowSize`: how many reliable packets are in flight, and the ack bitmask's bits.
pub const WINDOW_SIZE: u16 = 64;
/// `NetConstants.MaxConnectionNumber`: connection numbers are 0..4.
pub const MAX_CONNECTION_NUMBER: u8 = 4;
/// The channel byte of `DeliveryMethod.ReliableOrdered` on channel 0 (`channel × 4 + method`, method 2),
/// the one the mod and its client send on.
pub const RELIABLE_ORDERED_CHANNEL: u8 = 2;
/// The ack bitmask's size: `ReliableChannel` sizes it `(window − 1) / 8 + 2` = 9 bytes (one more than the
/// 64 bits need; the last byte stays 0).
pub const ACK_BITS_SIZE: usize = 9;
/// An ack datagram's exact size: `ReliableChannel.ProcessAck` ignores one of any other size.
pub const ACK_SIZE: usize = CHANNELED_HEADER_SIZE + ACK_BITS_SIZE;
/// A connect request's fixed part (`NetConnectRequestPacket.HeaderSize`).
pub const CONNECT_REQUEST_HEADER_SIZE: usize = 14;
/// A connect accept's exact size (`NetConnectAcceptPacket.Size`).
pub const CONNECT_ACCEPT_SIZE: usize = 11;
/// `NetConstants.ChanneledHeaderSize`: property, sequence (u16), channel.
pub const CHANNELED_HEADER_SIZE: usize = 4;
/// `NetConstants.FragmentHeaderSize`: fragment id, part, total (u16 each) after a fragmented header.
pub const FRAGMENT_HEADER_SIZE: usize = 6;
/// Size of a .NET `SocketAddress` of an IPv4 end point (`IPEndPoint.Serialize()`), which a connect
/// request carries; 28 for IPv6.
pub const IPV4_SOCKET_ADDRESS_SIZE: usize = 16;

/// `PacketProperty` (`NetPacket.cs`): what a datagram is, in byte 0's low five bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Property {
    /// User data without acks.
    Unreliable = 0,
    /// User data on a channel (reliable or sequenced).
    Channeled = 1,
    /// Acks for a reliable channel.
    Ack = 2,
    /// Keep-alive and round-trip time.
    Ping = 3,
    /// The answer to a ping.
    Pong = 4,
    /// A client asking to connect.
    ConnectRequest = 5,
    /// The server accepting.
    ConnectAccept = 6,
    /// Ending a connection (or rejecting one being made).
    Disconnect = 7,
    /// Data outside any connection.
    UnconnectedMessage = 8,
    /// Path MTU discovery.
    MtuCheck = 9,
    /// Path MTU discovery's answer.
    MtuOk = 10,
    /// LAN discovery.
    Broadcast = 11,
    /// Several packets in one datagram, each after its u16 size.
    Merged = 12,
    /// The answer to a disconnect.
    ShutdownOk = 13,
    /// "I have no connection with you".
    PeerNotFound = 14,
    /// The answer to a connect request of another protocol id.
    InvalidProtocol = 15,
    /// NAT punch-through.
    NatMessage = 16,
    /// Ignored.
    Empty = 17,
}

impl Property {
    const ALL: [Property; 18] = [
        Property::Unreliable,
        Property::Channeled,
        Property::Ack,
        Property::Ping,
        Property::Pong,
        Property::ConnectRequest,
        Property::ConnectAccept,
        Property::Disconnect,
        Property::UnconnectedMessage,
        Property::MtuCheck,
        Property::MtuOk,
        Property::Broadcast,
        Property::Merged,
        Property::ShutdownOk,
        Property::PeerNotFound,
        Property::InvalidProtocol,
        Property::NatMessage,
        Property::Empty,
    ];

    /// The property in a header byte's low five bits, if LiteNetLib has one of that number.
    pub fn from_header(byte: u8) -> Option<Property> {
        Property::ALL.get(usize::from(byte & 0x1F)).copied()
    }

    /// `NetPacket.GetHeaderSize`: the bytes before a packet's data; a shorter datagram is dropped.
    pub fn header_size(self) -> usize {
        match self {
            Property::Channeled | Property::Ack => CHANNELED_HEADER_SIZE,
            Property::Ping => 3,
            Property::ConnectRequest => CONNECT_REQUEST_HEADER_SIZE,
            Property::ConnectAccept => CONNECT_ACCEPT_SIZE,
            Property::Disconnect => 9,
            Property::Pong => 11,
            _ => 1,
        }
    }
}

/// Byte 0 of a packet: the property, the connection number in bits 5–6.
pub fn header_byte(property: Property, connection_number: u8) -> u8 {
    property as u8 | ((connection_number & 0x3) << 5)
}

/// The connection number in a header byte.
pub fn connection_number(header: u8) -> u8 {
    (header & 0x60) >> 5
}

/// One datagram (or one part of a merged datagram) as LiteNetLib reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Packet<'a> {
    /// 0x00 header; 0x01 i32 protocol id; 0x05 i64 connection time (.NET ticks, the connection's id);
    /// 0x0D u8 address size (16 or 28); 0x0E the client's .NET `SocketAddress` of the server; then the
    /// connection data (for a key, [`connection_key`]).
    ConnectRequest {
        /// The connection number the client proposes.
        connection_number: u8,
        /// [`PROTOCOL_ID`] from a client of this version.
        protocol_id: i32,
        /// The connection's id.
        connect_time: i64,
        /// The address bytes.
        address: &'a [u8],
        /// The connection data.
        data: &'a [u8],
    },
    /// 0x00 header; 0x01 i64 the request's connection time; 0x09 u8 connection number to use from now
    /// on; 0x0A u8 1 if the server reused an old peer (0 or 1).
    ConnectAccept {
        /// The id of the request being accepted.
        connect_time: i64,
        /// The number every later packet of the connection carries.
        connection_number: u8,
        /// The reused-peer flag.
        reused: bool,
    },
    /// 0x00 header; 0x01 u16 sequence; 0x03 u8 channel (`channel × 4 + delivery method`); then, when
    /// fragmented, 0x04 u16 fragment id, 0x06 u16 part, 0x08 u16 total; then the data.
    Channeled {
        /// Header bits 5–6.
        connection_number: u8,
        /// The packet's sequence number in its channel (below [`MAX_SEQUENCE`] when valid).
        sequence: u16,
        /// The channel byte.
        channel: u8,
        /// Header bit 7: one part of a message split in several.
        fragmented: bool,
        /// The data after the header (and after the fragment header when fragmented).
        data: &'a [u8],
    },
    /// 0x00 header; 0x01 u16 the receiver's window start; 0x03 u8 channel; 0x04 9-byte bitmask, bit
    /// `sequence % 64` set for each packet received in the window.
    Ack {
        /// Header bits 5–6.
        connection_number: u8,
        /// The first sequence number the bitmask covers.
        window_start: u16,
        /// The channel acknowledged.
        channel: u8,
        /// The bitmask.
        bits: [u8; ACK_BITS_SIZE],
    },
    /// 0x00 header; 0x01 u16 sequence.
    Ping {
        /// Header bits 5–6.
        connection_number: u8,
        /// Increases by one for each ping sent.
        sequence: u16,
    },
    /// 0x00 header; 0x01 u16 the ping's sequence; 0x03 i64 the sender's clock (.NET ticks, UTC).
    Pong {
        /// Header bits 5–6.
        connection_number: u8,
        /// The sequence of the ping answered.
        sequence: u16,
        /// The answerer's time.
        time: i64,
    },
    /// 0x00 header; 0x01 i64 the connection's time (id); then optional data.
    Disconnect {
        /// Header bits 5–6.
        connection_number: u8,
        /// The id of the connection being ended.
        connect_time: i64,
        /// Data given with the disconnect or the rejection.
        data: &'a [u8],
    },
    /// 0x00 header; then packets, each as a u16 size and that many bytes.
    Merged {
        /// Header bits 5–6.
        connection_number: u8,
        /// The packets, still to be split ([`split_merged`]).
        body: &'a [u8],
    },
    /// Any other property: read no further.
    Other {
        /// Its property.
        property: Property,
        /// Header bits 5–6.
        connection_number: u8,
        /// The whole datagram.
        bytes: &'a [u8],
    },
}

/// Why a datagram is not a packet LiteNetLib would read (it drops such a datagram without an answer).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PacketError {
    /// The datagram is empty.
    #[error("an empty datagram")]
    Empty,
    /// Byte 0's property is not one LiteNetLib has.
    #[error("byte 0: property {0} is not a LiteNetLib packet type")]
    UnknownProperty(u8),
    /// Shorter than the property's header (`NetPacket.FromBytes`).
    #[error("a {property:?} packet needs {needed} bytes, the datagram has {len}")]
    TooShort {
        /// What it claims to be.
        property: Property,
        /// Its header size.
        needed: usize,
        /// The datagram's size.
        len: usize,
    },
    /// Longer than LiteNetLib ever sends.
    #[error("{len} bytes, more than LiteNetLib's largest packet ({MAX_PACKET_SIZE})")]
    TooLong {
        /// The datagram's size.
        len: usize,
    },
    /// A connect accept of another size, or whose number or flag is out of range
    /// (`NetConnectAcceptPacket.FromData`).
    #[error("byte {offset}: a connect accept with {what}")]
    BadConnectAccept {
        /// Where.
        offset: usize,
        /// What is wrong.
        what: &'static str,
    },
    /// A connect request whose address size is not 16 or 28, or does not fit
    /// (`NetConnectRequestPacket.FromData`).
    #[error("byte 13: a connect request with an address of {0} bytes")]
    BadConnectRequest(usize),
    /// An ack of another size than [`ACK_SIZE`] (`ReliableChannel.ProcessAck`).
    #[error("an ack of {0} bytes, not {ACK_SIZE}")]
    BadAck(usize),
}

fn u16_at(bytes: &[u8], offset: usize) -> u16 {
    let mut b = [0u8; 2];
    if let Some(s) = bytes.get(offset..offset + 2) {
        b.copy_from_slice(s);
    }
    u16::from_le_bytes(b)
}

fn i64_at(bytes: &[u8], offset: usize) -> i64 {
    let mut b = [0u8; 8];
    if let Some(s) = bytes.get(offset..offset + 8) {
        b.copy_from_slice(s);
    }
    i64::from_le_bytes(b)
}

fn i32_at(bytes: &[u8], offset: usize) -> i32 {
    let mut b = [0u8; 4];
    if let Some(s) = bytes.get(offset..offset + 4) {
        b.copy_from_slice(s);
    }
    i32::from_le_bytes(b)
}

impl<'a> Packet<'a> {
    /// Reads one datagram, with LiteNetLib's checks: the header fits (`NetPacket.FromBytes`), and for the
    /// packets with a fixed form, the form (connect accept, connect request, ack). Never panics; reads only
    /// inside `bytes`.
    pub fn parse(bytes: &'a [u8]) -> Result<Packet<'a>, PacketError> {
        let header = *bytes.first().ok_or(PacketError::Empty)?;
        if bytes.len() > MAX_PACKET_SIZE {
            return Err(PacketError::TooLong { len: bytes.len() });
        }
        let property = Property::from_header(header).ok_or(PacketError::UnknownProperty(header & 0x1F))?;
        let fragmented = header & 0x80 != 0;
        let mut needed = property.header_size();
        if fragmented {
            needed += FRAGMENT_HEADER_SIZE;
        }
        if bytes.len() < needed {
            return Err(PacketError::TooShort { property, needed, len: bytes.len() });
        }
        let connection_number = connection_number(header);
        Ok(match property {
            Property::ConnectRequest => {
                let address_size = usize::from(bytes[13]);
                let end = CONNECT_REQUEST_HEADER_SIZE + address_size;
                if !(address_size == IPV4_SOCKET_ADDRESS_SIZE || address_size == 28) || bytes.len() < end {
                    return Err(PacketError::BadConnectRequest(address_size));
                }
                Packet::ConnectRequest {
                    connection_number,
                    protocol_id: i32_at(bytes, 1),
                    connect_time: i64_at(bytes, 5),
                    address: &bytes[CONNECT_REQUEST_HEADER_SIZE..end],
                    data: &bytes[end..],
                }
            }
            Property::ConnectAccept => {
                if bytes.len() != CONNECT_ACCEPT_SIZE {
                    return Err(PacketError::BadConnectAccept {
                        offset: bytes.len(),
                        what: "trailing bytes",
                    });
                }
                if bytes[9] >= MAX_CONNECTION_NUMBER {
                    return Err(PacketError::BadConnectAccept {
                        offset: 9,
                        what: "a connection number above 3",
                    });
                }
                if bytes[10] > 1 {
                    return Err(PacketError::BadConnectAccept { offset: 10, what: "a reused flag above 1" });
                }
                Packet::ConnectAccept {
                    connect_time: i64_at(bytes, 1),
                    connection_number: bytes[9],
                    reused: bytes[10] == 1,
                }
            }
            Property::Channeled => Packet::Channeled {
                connection_number,
                sequence: u16_at(bytes, 1),
                channel: bytes[3],
                fragmented,
                data: &bytes[needed..],
            },
            Property::Ack => {
                if bytes.len() != ACK_SIZE {
                    return Err(PacketError::BadAck(bytes.len()));
                }
                let mut bits = [0u8; ACK_BITS_SIZE];
                bits.copy_from_slice(&bytes[CHANNELED_HEADER_SIZE..]);
                Packet::Ack { connection_number, window_start: u16_at(bytes, 1), channel: bytes[3], bits }
            }
            Property::Ping => Packet::Ping { connection_number, sequence: u16_at(bytes, 1) },
            Property::Pong => {
                Packet::Pong { connection_number, sequence: u16_at(bytes, 1), time: i64_at(bytes, 3) }
            }
            Property::Disconnect => {
                Packet::Disconnect { connection_number, connect_time: i64_at(bytes, 1), data: &bytes[9..] }
            }
            Property::Merged => Packet::Merged { connection_number, body: &bytes[1..] },
            property => Packet::Other { property, connection_number, bytes },
        })
    }
}

/// The packets of a merged datagram's body (`NetPeer.ProcessPacket`, case `Merged`): each is a u16 size
/// and that many bytes. LiteNetLib stops at the first part that does not fit or does not read; so does
/// this, yielding the error last. At most `body.len() / 3` parts, as each takes at least 3 bytes.
pub fn split_merged(body: &[u8]) -> impl Iterator<Item = Result<&[u8], PacketError>> {
    let mut pos = 0usize;
    let mut failed = false;
    std::iter::from_fn(move || {
        if failed || pos >= body.len() {
            return None;
        }
        let size = usize::from(u16_at(body, pos));
        let start = pos + 2;
        match body.get(start..start + size) {
            Some(part) if start <= body.len() => {
                pos = start + size;
                Some(Ok(part))
            }
            _ => {
                failed = true;
                Some(Err(PacketError::TooShort {
                    property: Property::Merged,
                    needed: start + size,
                    len: body.len(),
                }))
            }
        }
    })
}

/// `NetUtils.RelativeSequenceNumber`: how far `number` is ahead of `expected` (negative: behind), on the
/// circle of [`MAX_SEQUENCE`] numbers. Rust's `%` truncates as C#'s does, so numbers at or above
/// [`MAX_SEQUENCE`] (which only a broken packet carries) give the same answer as in LiteNetLib.
pub fn relative_sequence(number: u16, expected: u16) -> i32 {
    let max = i32::from(MAX_SEQUENCE);
    let half = max / 2;
    (i32::from(number) - i32::from(expected) + max + half) % max - half
}

#[cfg(test)]
mod tests;

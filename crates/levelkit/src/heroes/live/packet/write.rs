//! The datagrams a client sends, and those a stand-in for the mod answers with in tests, byte for byte as
//! LiteNetLib 0.9.3.2 lays them out.

use super::*;
use std::net::SocketAddrV4;

/// The connection data of a connection key (`NetDataWriter.FromString`): an i32 byte count, then the
/// UTF-8 bytes; the empty string (the mod's key) is the i32 0 alone.
pub fn connection_key(key: &str) -> Vec<u8> {
    let mut data = Vec::with_capacity(4 + key.len());
    let count = i32::try_from(key.len()).unwrap_or(i32::MAX);
    data.extend_from_slice(&count.to_le_bytes());
    data.extend_from_slice(key.as_bytes());
    data
}

/// .NET's `SocketAddress` of an IPv4 end point, as `IPEndPoint.Serialize()` lays it out on Windows:
/// 0x00 u16 address family (2, little-endian), 0x02 u16 port (big-endian), 0x04 the four address bytes,
/// 0x08 eight zero bytes. The server reads it only to settle two clients connecting to each other.
pub fn socket_address(end_point: SocketAddrV4) -> [u8; IPV4_SOCKET_ADDRESS_SIZE] {
    let mut bytes = [0u8; IPV4_SOCKET_ADDRESS_SIZE];
    bytes[0..2].copy_from_slice(&2u16.to_le_bytes());
    bytes[2..4].copy_from_slice(&end_point.port().to_be_bytes());
    bytes[4..8].copy_from_slice(&end_point.ip().octets());
    bytes
}

/// A connect request (`NetConnectRequestPacket.Make`), with the connection number in its header.
pub fn connect_request(connection_number: u8, connect_time: i64, address: &[u8], data: &[u8]) -> Vec<u8> {
    let mut p = Vec::with_capacity(CONNECT_REQUEST_HEADER_SIZE + address.len() + data.len());
    p.push(header_byte(Property::ConnectRequest, connection_number));
    p.extend_from_slice(&PROTOCOL_ID.to_le_bytes());
    p.extend_from_slice(&connect_time.to_le_bytes());
    p.push(u8::try_from(address.len()).unwrap_or(u8::MAX));
    p.extend_from_slice(address);
    p.extend_from_slice(data);
    p
}

/// A connect accept (`NetConnectAcceptPacket.Make`): its header carries no connection number.
pub fn connect_accept(connect_time: i64, connection_number: u8, reused: bool) -> Vec<u8> {
    let mut p = Vec::with_capacity(CONNECT_ACCEPT_SIZE);
    p.push(Property::ConnectAccept as u8);
    p.extend_from_slice(&connect_time.to_le_bytes());
    p.push(connection_number);
    p.push(u8::from(reused));
    p
}

/// A channeled packet, not fragmented (`NetPeer.SendInternal`, then `ReliableChannel.SendNextPackets`
/// sets the sequence and channel).
pub fn channeled(connection_number: u8, sequence: u16, channel: u8, data: &[u8]) -> Vec<u8> {
    let mut p = Vec::with_capacity(CHANNELED_HEADER_SIZE + data.len());
    p.push(header_byte(Property::Channeled, connection_number));
    p.extend_from_slice(&sequence.to_le_bytes());
    p.push(channel);
    p.extend_from_slice(data);
    p
}

/// An ack (`ReliableChannel`'s `_outgoingAcks`).
pub fn ack(connection_number: u8, window_start: u16, channel: u8, bits: &[u8; ACK_BITS_SIZE]) -> Vec<u8> {
    let mut p = Vec::with_capacity(ACK_SIZE);
    p.push(header_byte(Property::Ack, connection_number));
    p.extend_from_slice(&window_start.to_le_bytes());
    p.push(channel);
    p.extend_from_slice(bits);
    p
}

/// A ping (`NetPeer._pingPacket`).
pub fn ping(connection_number: u8, sequence: u16) -> Vec<u8> {
    let mut p = vec![header_byte(Property::Ping, connection_number)];
    p.extend_from_slice(&sequence.to_le_bytes());
    p
}

/// A pong (`NetPeer._pongPacket`): the ping's sequence and the answerer's clock.
pub fn pong(connection_number: u8, sequence: u16, time: i64) -> Vec<u8> {
    let mut p = vec![header_byte(Property::Pong, connection_number)];
    p.extend_from_slice(&sequence.to_le_bytes());
    p.extend_from_slice(&time.to_le_bytes());
    p
}

/// A disconnect without data (`NetPeer.Shutdown`).
pub fn disconnect(connection_number: u8, connect_time: i64) -> Vec<u8> {
    let mut p = vec![header_byte(Property::Disconnect, connection_number)];
    p.extend_from_slice(&connect_time.to_le_bytes());
    p
}

/// A one-byte packet of `property`: `ShutdownOk`, `PeerNotFound`'s first form, `InvalidProtocol`
/// (`NetPacketPool.GetWithProperty`, no connection number).
pub fn bare(property: Property) -> Vec<u8> {
    vec![property as u8]
}

/// A merged datagram (`NetPeer.SendUserData` / `SendMerged`): each packet after its u16 size.
pub fn merged(connection_number: u8, packets: &[&[u8]]) -> Vec<u8> {
    let mut p = vec![header_byte(Property::Merged, connection_number)];
    for packet in packets {
        p.extend_from_slice(&u16::try_from(packet.len()).unwrap_or(u16::MAX).to_le_bytes());
        p.extend_from_slice(packet);
    }
    p
}

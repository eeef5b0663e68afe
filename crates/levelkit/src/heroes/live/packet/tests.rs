//! Each packet as LiteNetLib 0.9.3.2's C# writes it, one field per line.
use super::*;
use std::net::SocketAddrV4;

const TIME: i64 = 0x0807_0605_0403_0201;
const TIME_LE: [u8; 8] = [0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08];

fn cat(parts: &[&[u8]]) -> Vec<u8> {
    parts.concat()
}

#[test]
fn connect_request_is_laid_out_as_net_connect_request_packet_make() {
    let server: SocketAddrV4 = "127.0.0.1:4660".parse().unwrap();
    let bytes = connect_request(3, TIME, &socket_address(server), &connection_key(""));
    let want = cat(&[
        &[0x65],                   // 0x00 ConnectRequest (5) | connection number 3 << 5
        &[0x0B, 0x00, 0x00, 0x00], // 0x01 i32 protocol id 11
        &TIME_LE,                  // 0x05 i64 connection time
        &[0x10],                   // 0x0D u8 address size 16
        &[0x02, 0x00],             // 0x0E SocketAddress: u16 family 2 (InterNetwork)
        &[0x12, 0x34],             // 0x10 u16 port 4660, big-endian
        &[127, 0, 0, 1],           // 0x12 the address
        &[0; 8],                   // 0x16 zero
        &[0x00, 0x00, 0x00, 0x00], // 0x1E the key "": i32 length 0
    ]);
    assert_eq!(bytes, want);
    assert_eq!(bytes.len(), CONNECT_REQUEST_HEADER_SIZE + IPV4_SOCKET_ADDRESS_SIZE + 4);
    let parsed = Packet::parse(&bytes).unwrap();
    let Packet::ConnectRequest { connection_number: 3, protocol_id: 11, connect_time: TIME, address, data } =
        parsed
    else {
        panic!("{parsed:?}");
    };
    assert_eq!((address.len(), data), (16, &[0u8; 4][..]));
    assert_eq!(connection_key("ab"), [2, 0, 0, 0, b'a', b'b']);
}

#[test]
fn connect_request_address_must_be_16_or_28_bytes_and_fit() {
    let mut bytes = connect_request(0, TIME, &[0; 16], &[]);
    bytes[13] = 17;
    assert_eq!(Packet::parse(&bytes), Err(PacketError::BadConnectRequest(17)));
    bytes[13] = 28;
    assert_eq!(Packet::parse(&bytes), Err(PacketError::BadConnectRequest(28)));
}

#[test]
fn connect_accept_is_eleven_bytes_checked_as_from_data() {
    let bytes = connect_accept(TIME, 2, true);
    let want = cat(&[
        &[0x06],  // 0x00 ConnectAccept, no connection number in the header
        &TIME_LE, // 0x01 i64 the request's connection time
        &[0x02],  // 0x09 u8 connection number
        &[0x01],  // 0x0A u8 reused peer
    ]);
    assert_eq!(bytes, want);
    assert_eq!(
        Packet::parse(&bytes),
        Ok(Packet::ConnectAccept { connect_time: TIME, connection_number: 2, reused: true })
    );
    let mut long = bytes.clone();
    long.push(0);
    assert!(matches!(Packet::parse(&long), Err(PacketError::BadConnectAccept { offset: 12, .. })));
    let mut number = bytes.clone();
    number[9] = 4;
    assert!(matches!(Packet::parse(&number), Err(PacketError::BadConnectAccept { offset: 9, .. })));
    let mut flag = bytes;
    flag[10] = 2;
    assert!(matches!(Packet::parse(&flag), Err(PacketError::BadConnectAccept { offset: 10, .. })));
}

#[test]
fn channeled_ack_ping_pong_disconnect() {
    assert_eq!(
        channeled(1, 0x0102, RELIABLE_ORDERED_CHANNEL, &[0xAA]),
        [
            0x21, // Channeled (1) | connection number 1 << 5
            0x02, 0x01, // u16 sequence 0x0102
            0x02, // channel 0 × 4 + ReliableOrdered (2)
            0xAA, // data
        ]
    );
    let bits = [0x01, 0, 0, 0, 0, 0, 0, 0x80, 0];
    let ack_bytes = ack(2, 5, RELIABLE_ORDERED_CHANNEL, &bits);
    assert_eq!(ack_bytes, cat(&[&[0x42, 0x05, 0x00, 0x02], &bits])); // Ack (2) | 2 << 5, window start 5
    assert_eq!(ack_bytes.len(), ACK_SIZE);
    assert_eq!(
        Packet::parse(&ack_bytes),
        Ok(Packet::Ack { connection_number: 2, window_start: 5, channel: 2, bits })
    );
    assert_eq!(Packet::parse(&ack_bytes[..12]), Err(PacketError::BadAck(12)));
    assert_eq!(ping(1, 7), [0x23, 0x07, 0x00]); // Ping (3) | 1 << 5, u16 sequence
    assert_eq!(pong(1, 7, TIME), cat(&[&[0x24, 0x07, 0x00], &TIME_LE])); // Pong (4), sequence, i64 ticks
    assert_eq!(
        Packet::parse(&pong(1, 7, TIME)),
        Ok(Packet::Pong { connection_number: 1, sequence: 7, time: TIME })
    );
    assert_eq!(disconnect(2, TIME), cat(&[&[0x47], &TIME_LE])); // Disconnect (7) | 2 << 5, i64 id
    assert_eq!(bare(Property::ShutdownOk), [0x0D]);
    assert_eq!(bare(Property::PeerNotFound), [0x0E]);
    assert_eq!(bare(Property::InvalidProtocol), [0x0F]);
}

#[test]
fn headers_shorter_than_their_property_are_dropped() {
    assert_eq!(Packet::parse(&[]), Err(PacketError::Empty));
    assert_eq!(Packet::parse(&[0x12]), Err(PacketError::UnknownProperty(18)));
    assert!(matches!(Packet::parse(&[0x01, 0, 0]), Err(PacketError::TooShort { needed: 4, .. })));
    assert!(matches!(Packet::parse(&[0x04, 0, 0]), Err(PacketError::TooShort { needed: 11, .. })));
    assert!(matches!(Packet::parse(&[0x07, 0, 0]), Err(PacketError::TooShort { needed: 9, .. })));
    // Fragmented (bit 7): the fragment header must follow.
    assert!(matches!(Packet::parse(&[0x81, 0, 0, 2, 0]), Err(PacketError::TooShort { needed: 10, .. })));
    let fragment = [0x81, 0, 0, 2, 1, 0, 0, 0, 2, 0, 0xEE];
    assert!(matches!(Packet::parse(&fragment), Ok(Packet::Channeled { fragmented: true, data: [0xEE], .. })));
    assert_eq!(Packet::parse(&[0x01; 1433]), Err(PacketError::TooLong { len: 1433 }));
}

#[test]
fn merged_parts_are_size_prefixed() {
    let a = ping(0, 1);
    let b = channeled(0, 0, 2, &[9]);
    let m = merged(0, &[&a, &b]);
    assert_eq!(m, cat(&[&[0x0C], &[3, 0], &a, &[5, 0], &b])); // Merged (12), u16 size, packet, ...
    let Ok(Packet::Merged { body, .. }) = Packet::parse(&m) else { panic!() };
    let parts: Vec<_> = split_merged(body).collect();
    assert_eq!(parts, [Ok(&a[..]), Ok(&b[..])]);
    // A size past the end stops the split, as LiteNetLib's loop does.
    let parts: Vec<_> = split_merged(&[3, 0, 0x03, 0x01, 0x00, 0xFF, 0x7F, 1]).collect();
    assert_eq!(parts.len(), 2);
    assert!(parts[0].is_ok() && parts[1].is_err());
    assert_eq!(split_merged(&[0x01]).count(), 1);
}

#[test]
fn relative_sequence_wraps_at_32768() {
    assert_eq!(relative_sequence(0, 32767), 1);
    assert_eq!(relative_sequence(32767, 0), -1);
    assert_eq!(relative_sequence(100, 50), 50);
    assert_eq!(relative_sequence(50, 100), -50);
    // As C#'s `%` gives it for a number no valid packet carries.
    assert_eq!(relative_sequence(0, 65535), -32767);
}

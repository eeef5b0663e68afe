"""A stand-in for the HeroesPowerPlant remote-control mod on a loopback UDP port, written from the mod's
and LiteNetLib 0.9.3.2's C# sources independently of levelkit's Rust code (so a test through it checks
levelkit against a second reading of the protocol).

It accepts a connection request (`NetConnectAcceptPacket`: 0x06, i64 connection time, u8 number, u8 0), one connection after another,
acks reliable-ordered packets on channel 0 (0x02, u16 window start, channel 2, 9-byte bitmask), reads
`SwapCollision` (type 0, MessagePack `{"CollisionFileName": name}`), replies `Acknowledgement`
(type 200, `{"Null": 0}`) until it is acked, and answers a disconnect with `ShutdownOk` (0x0D).
Used by the pytest suite and by the Blender add-on's headless tests. It binds 127.0.0.1 only and stops
by itself after a minute.
"""

import socket
import struct
import threading
import time

ACKNOWLEDGEMENT = bytes([200, 0x81, 0xA4]) + b"Null" + bytes([0x00])


def read_name(message):
    """The CollisionFileName of a SwapCollision message (fixmap, fixstr key, fixstr value)."""
    if len(message) < 3 or message[0] != 0 or message[1] != 0x81:
        return None
    key_len = message[2] & 0x1F
    key = message[3:3 + key_len]
    value_at = 3 + key_len
    if key != b"CollisionFileName" or value_at >= len(message):
        return None
    value_len = message[value_at] & 0x1F
    return message[value_at + 1:value_at + 1 + value_len].decode("ascii")


class FakeMod(threading.Thread):
    def __init__(self, reply=True):
        super().__init__(daemon=True)
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.sock.bind(("127.0.0.1", 0))
        self.sock.settimeout(0.02)
        self.port = self.sock.getsockname()[1]
        self.reply = reply
        self.names = []
        self.disconnects = 0
        self._stopping = threading.Event()

    def __enter__(self):
        self.start()
        return self

    def __exit__(self, *exc):
        self._stopping.set()
        self.join(timeout=10)
        self.sock.close()

    def run(self):
        deadline = time.monotonic() + 60
        client = None
        number = 0
        connect_time = None
        seen_sequences = set()
        reply_packet = None
        reply_acked = False
        last_reply = 0.0
        while not self._stopping.is_set() and time.monotonic() < deadline:
            try:
                data, addr = self.sock.recvfrom(2048)
            except (socket.timeout, OSError):
                data = None
            if data:
                kind = data[0] & 0x1F
                if kind == 5 and len(data) >= 14:  # ConnectRequest
                    protocol, request_time = struct.unpack_from("<iq", data, 1)
                    if request_time != connect_time:  # A new connection: forget the last one.
                        seen_sequences, reply_packet, reply_acked = set(), None, False
                    connect_time, client, number = request_time, addr, (data[0] >> 5) & 3
                    if protocol == 11:
                        self.sock.sendto(struct.pack("<BqBB", 6, connect_time, number, 0), client)
                elif client and kind == 1 and len(data) >= 4 and data[3] == 2:  # Channeled, reliable ordered
                    sequence = struct.unpack_from("<H", data, 1)[0]
                    bits = bytearray(9)
                    bits[(sequence % 64) // 8] |= 1 << (sequence % 8)
                    self.sock.sendto(bytes([0x02 | number << 5]) + struct.pack("<HB", 0, 2) + bits, client)
                    if sequence not in seen_sequences:
                        seen_sequences.add(sequence)
                        name = read_name(data[4:])
                        if name is not None:
                            self.names.append(name)
                            if self.reply:
                                reply_packet = bytes([0x01 | number << 5]) + struct.pack("<HB", 0, 2) + ACKNOWLEDGEMENT
                elif client and kind == 2 and len(data) == 13 and data[4] & 1:  # Ack of our sequence 0
                    reply_acked = True
                elif client and kind == 7 and len(data) >= 9:  # Disconnect
                    if struct.unpack_from("<q", data, 1)[0] == connect_time:
                        self.disconnects += 1
                        self.sock.sendto(bytes([13]), client)
            now = time.monotonic()
            if reply_packet and not reply_acked and now - last_reply > 0.05:
                self.sock.sendto(reply_packet, client)
                last_reply = now

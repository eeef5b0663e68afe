//! One reliable-ordered channel of a LiteNetLib 0.9.3.2 connection, both ways: the receiving window
//! that acks and orders what arrives, and the sending window that keeps packets until they are acked.
//!
//! The rules are `ReliableChannel.cs` at tag `v0.9.3.2` (`ProcessPacket`, `ProcessAck`,
//! `SendNextPackets`), with the window of 64 (`NetConstants.DefaultWindowSize`) and sequence numbers
//! modulo 32768. Each slot's state is bounded by the window: at most 64 packets held, each at most
//! [`MAX_PACKET_SIZE`](super::packet::MAX_PACKET_SIZE) bytes.

use super::packet::{self, relative_sequence, ACK_BITS_SIZE, MAX_SEQUENCE, WINDOW_SIZE};

const WINDOW: usize = WINDOW_SIZE as usize;

fn next(sequence: u16) -> u16 {
    (sequence + 1) % MAX_SEQUENCE
}

fn slot(sequence: u16) -> usize {
    usize::from(sequence % WINDOW_SIZE)
}

fn bit(bits: &[u8; ACK_BITS_SIZE], sequence: u16) -> bool {
    let i = slot(sequence);
    bits[i / 8] & (1 << (i % 8)) != 0
}

fn set_bit(bits: &mut [u8; ACK_BITS_SIZE], sequence: u16, on: bool) {
    let i = slot(sequence);
    if on {
        bits[i / 8] |= 1 << (i % 8);
    } else {
        bits[i / 8] &= !(1 << (i % 8));
    }
}

/// What the receiving window did with a packet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Received {
    /// In the window and new: the payloads now deliverable, in order (none when it arrived early and is
    /// held for the ones before it). An ack is due.
    Accepted(Vec<Vec<u8>>),
    /// Already received: an ack is due (the sender may have missed the last one), nothing to deliver.
    Duplicate,
    /// Outside the window (too old, too new, or a sequence number ≥ 32768): dropped without an ack.
    Dropped,
}

/// The receiving side: which sequence numbers arrived, the ack bitmask, early packets held for order.
#[derive(Clone, Debug)]
pub struct Receiver {
    /// The next sequence number to deliver.
    remote_sequence: u16,
    /// The first sequence number the bitmask covers (the outgoing ack's sequence field).
    window_start: u16,
    bits: [u8; ACK_BITS_SIZE],
    held: Vec<Option<Vec<u8>>>,
}

impl Default for Receiver {
    fn default() -> Self {
        Receiver { remote_sequence: 0, window_start: 0, bits: [0; ACK_BITS_SIZE], held: vec![None; WINDOW] }
    }
}

impl Receiver {
    /// Takes a channeled packet's sequence number and data (`ReliableChannel.ProcessPacket`).
    pub fn receive(&mut self, sequence: u16, data: &[u8]) -> Received {
        if sequence >= MAX_SEQUENCE {
            return Received::Dropped;
        }
        let window = i32::from(WINDOW_SIZE);
        let relate = relative_sequence(sequence, self.window_start);
        if relative_sequence(sequence, self.remote_sequence) > window || relate < 0 || relate >= window * 2 {
            return Received::Dropped;
        }
        if relate >= window {
            // Very new: slide the window so that `sequence` is its last slot, forgetting what falls out.
            let shift = u16::try_from(relate - window + 1).unwrap_or(0);
            let new_start = (self.window_start + shift) % MAX_SEQUENCE;
            while self.window_start != new_start {
                set_bit(&mut self.bits, self.window_start, false);
                self.window_start = next(self.window_start);
            }
        }
        if bit(&self.bits, sequence) {
            return Received::Duplicate;
        }
        set_bit(&mut self.bits, sequence, true);
        if sequence != self.remote_sequence {
            self.held[slot(sequence)] = Some(data.to_vec());
            return Received::Accepted(Vec::new());
        }
        let mut delivered = vec![data.to_vec()];
        self.remote_sequence = next(self.remote_sequence);
        while let Some(early) = self.held[slot(self.remote_sequence)].take() {
            delivered.push(early);
            self.remote_sequence = next(self.remote_sequence);
        }
        Received::Accepted(delivered)
    }

    /// The ack datagram for this window, as the channel's `_outgoingAcks` holds it.
    pub fn ack(&self, connection_number: u8, channel: u8) -> Vec<u8> {
        packet::ack(connection_number, self.window_start, channel, &self.bits)
    }
}

/// A packet waiting for its ack.
#[derive(Clone, Debug)]
struct Pending {
    sequence: u16,
    data: Vec<u8>,
}

/// The sending side: sequence numbers for new packets and those not acked yet (at most the window).
#[derive(Clone, Debug, Default)]
pub struct Sender {
    local_sequence: u16,
    window_start: u16,
    pending: Vec<Pending>,
}

/// Why a packet cannot be sent now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the reliable channel's window of {WINDOW_SIZE} packets is full")]
#[non_exhaustive]
pub struct WindowFull;

impl Sender {
    /// Gives `data` the next sequence number; returns the number. Refused when 64 packets wait for acks
    /// (`SendNextPackets` then leaves it queued; a client that sends one message never gets there).
    pub fn push(&mut self, data: Vec<u8>) -> Result<u16, WindowFull> {
        if relative_sequence(self.local_sequence, self.window_start) >= i32::from(WINDOW_SIZE) {
            return Err(WindowFull);
        }
        let sequence = self.local_sequence;
        self.pending.push(Pending { sequence, data });
        self.local_sequence = next(self.local_sequence);
        Ok(sequence)
    }

    /// The packets not acked yet, oldest first: (sequence number, data).
    pub fn unacked(&self) -> impl Iterator<Item = (u16, &[u8])> {
        self.pending.iter().map(|p| (p.sequence, p.data.as_slice()))
    }

    /// Whether `sequence` has been acked (or was never sent).
    pub fn is_acked(&self, sequence: u16) -> bool {
        !self.pending.iter().any(|p| p.sequence == sequence)
    }

    /// Takes an ack's window start and bitmask (`ReliableChannel.ProcessAck`): every pending packet whose
    /// bit is set is done. Returns how many were newly acked.
    pub fn process_ack(&mut self, ack_window_start: u16, bits: &[u8; ACK_BITS_SIZE]) -> usize {
        let window_rel = relative_sequence(self.window_start, ack_window_start);
        if ack_window_start >= MAX_SEQUENCE || window_rel < 0 || window_rel >= i32::from(WINDOW_SIZE) {
            return 0;
        }
        let mut acked = 0;
        let mut sequence = self.window_start;
        while sequence != self.local_sequence {
            if relative_sequence(sequence, ack_window_start) >= i32::from(WINDOW_SIZE) {
                break;
            }
            if bit(bits, sequence) {
                if sequence == self.window_start {
                    self.window_start = next(self.window_start);
                }
                let before = self.pending.len();
                self.pending.retain(|p| p.sequence != sequence);
                acked += before - self.pending.len();
            }
            sequence = next(sequence);
        }
        acked
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn accepted(r: Received) -> Vec<Vec<u8>> {
        match r {
            Received::Accepted(m) => m,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn receiver_acks_orders_and_drops_duplicates() {
        let mut r = Receiver::default();
        assert_eq!(accepted(r.receive(0, b"a")), [b"a"]);
        assert_eq!(r.ack(0, 2), [0x02, 0, 0, 2, 0b1, 0, 0, 0, 0, 0, 0, 0, 0]);
        assert_eq!(r.receive(0, b"a"), Received::Duplicate);
        assert!(accepted(r.receive(2, b"c")).is_empty(), "held until 1 comes");
        assert_eq!(accepted(r.receive(1, b"b")), [b"b".to_vec(), b"c".to_vec()]);
        assert_eq!(r.ack(0, 2)[4], 0b111);
        assert_eq!(r.receive(200, b"far"), Received::Dropped);
        assert_eq!(r.receive(40000, b"bad"), Received::Dropped);
        assert_eq!(r.receive(32767, b"old"), Received::Dropped);
    }

    #[test]
    fn receiver_slides_its_window_for_a_newer_packet() {
        let mut r = Receiver::default();
        for s in 0..64u16 {
            assert_eq!(accepted(r.receive(s, &[0])).len(), 1);
        }
        assert_eq!(accepted(r.receive(64, &[0])).len(), 1);
        let ack = r.ack(0, 2);
        assert_eq!(u16::from_le_bytes([ack[1], ack[2]]), 1, "window start moved past 0");
        assert_eq!(ack[4..12], [0xFF; 8], "bit 0 now stands for 64");
    }

    #[test]
    fn sender_keeps_packets_until_their_bit_is_set() {
        let mut s = Sender::default();
        assert_eq!(s.push(vec![1]), Ok(0));
        assert_eq!(s.push(vec![2]), Ok(1));
        assert_eq!(s.process_ack(0, &[0b10, 0, 0, 0, 0, 0, 0, 0, 0]), 1);
        assert!(!s.is_acked(0) && s.is_acked(1));
        assert_eq!(s.process_ack(100, &[0xFF; 9]), 0, "a window ahead of ours is ignored");
        assert_eq!(s.process_ack(0, &[0b01, 0, 0, 0, 0, 0, 0, 0, 0]), 1);
        assert_eq!(s.unacked().count(), 0);
        // The window starts at 1, not 2: the ack of 1 came first, and `ProcessAck` moves the window only
        // over a packet acked while it is the window's first.
        for n in 2..65u16 {
            assert_eq!(s.push(vec![]), Ok(n));
        }
        assert_eq!(s.push(vec![]), Err(WindowFull), "64 numbers from the window's start");
    }
}

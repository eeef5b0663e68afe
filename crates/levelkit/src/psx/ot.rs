//! The depth ordering table: packets linked into buckets by depth, drawn far to near.
//!
//! On the console a table is cleared so that each entry links to the one before it (ClearOTagR / DMA6)
//! and the GPU's DMA starts from the last entry, so the highest bucket (the farthest) is drawn first.
//! AddPrim puts a packet at the *head* of its bucket's list (`packet.next = ot[z]; ot[z] = packet`), so
//! inside one bucket the packet added last is drawn first, that is, appears behind the ones added
//! before it (psx-spx "GPU Depth Ordering": "the new polygon will be processed first").

/// How many low bits of a depth the bucket index drops. The seed rejects a face whose farthest depth
/// `>> 2` is 16250 or more, which reads as a table indexed by `depth >> 2` with 16250 entries; that is
/// the choice made here (the game's own table size is not known). Kept in one place: this constant.
pub const BUCKET_SHIFT: u32 = 2;

/// Entries in the table; a face whose bucket would be here or beyond is not drawn.
pub const OT_LEN: usize = 16250;

/// The bucket of a face from its farthest vertex depth (SZ), or `None` when it is too far to draw.
pub fn bucket_of(farthest_sz: u16) -> Option<usize> {
    let bucket = usize::from(farthest_sz >> BUCKET_SHIFT);
    (bucket < OT_LEN).then_some(bucket)
}

const END: u32 = u32::MAX;

/// An ordering table of `T` (packets), linked as AddPrim links them.
#[derive(Clone, Debug)]
pub struct OrderingTable<T> {
    heads: Vec<u32>,
    items: Vec<(T, u32)>,
}

impl<T> OrderingTable<T> {
    /// A cleared table of `len` buckets.
    pub fn new(len: usize) -> OrderingTable<T> {
        OrderingTable::with_capacity(len, 0)
    }

    /// A cleared table of `len` buckets with room for `packets` packets before it reallocates.
    pub fn with_capacity(len: usize, packets: usize) -> OrderingTable<T> {
        OrderingTable { heads: vec![END; len], items: Vec::with_capacity(packets) }
    }

    /// Buckets in the table.
    pub fn len(&self) -> usize {
        self.heads.len()
    }

    /// Whether no packet has been added (the buckets may still exist).
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// Packets added so far.
    pub fn packet_count(&self) -> usize {
        self.items.len()
    }

    /// Links `item` at the head of `bucket` (AddPrim). A bucket beyond the table is clamped to its last
    /// entry, as a caller that forgot the range check would corrupt memory on the console instead.
    pub fn add(&mut self, bucket: usize, item: T) {
        let Some(last) = self.heads.len().checked_sub(1) else { return };
        let bucket = bucket.min(last);
        let next = self.heads[bucket];
        let Ok(index) = u32::try_from(self.items.len()) else { return };
        self.items.push((item, next));
        self.heads[bucket] = index;
    }

    /// Every packet in the order the GPU draws them: buckets from the last (farthest) to 0, inside a
    /// bucket the most recently added first.
    pub fn draw_order(&self) -> impl Iterator<Item = (usize, &T)> + '_ {
        self.heads.iter().enumerate().rev().flat_map(move |(bucket, &head)| {
            let mut at = head;
            std::iter::from_fn(move || {
                let (item, next) = self.items.get(at as usize)?;
                at = *next;
                Some((bucket, item))
            })
        })
    }

    /// Empties every bucket, keeping the allocation.
    pub fn clear(&mut self) {
        self.heads.fill(END);
        self.items.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn far_buckets_first_and_newest_first_inside_a_bucket() {
        let mut ot = OrderingTable::new(8);
        ot.add(2, "a");
        ot.add(5, "b");
        ot.add(2, "c");
        ot.add(0, "d");
        ot.add(2, "e");
        let order: Vec<_> = ot.draw_order().collect();
        assert_eq!(order, [(5, &"b"), (2, &"e"), (2, &"c"), (2, &"a"), (0, &"d")]);
        assert_eq!(ot.packet_count(), 5);
    }

    #[test]
    fn out_of_range_bucket_is_the_last() {
        let mut ot = OrderingTable::new(4);
        ot.add(100, 1);
        ot.add(3, 2);
        assert_eq!(ot.draw_order().collect::<Vec<_>>(), [(3, &2), (3, &1)]);
        let mut empty: OrderingTable<i32> = OrderingTable::new(0);
        empty.add(0, 1);
        assert!(empty.is_empty());
    }

    #[test]
    fn bucket_is_farthest_depth_shifted() {
        assert_eq!(bucket_of(0), Some(0));
        assert_eq!(bucket_of(7), Some(1));
        assert_eq!(bucket_of(64999), Some(16249));
        // 65000 >> 2 = 16250: rejected, as the seed's renderer rejects it
        assert_eq!(bucket_of(65000), None);
        assert_eq!(bucket_of(0xFFFF), None);
    }

    #[test]
    fn clear_empties() {
        let mut ot = OrderingTable::new(3);
        ot.add(1, 'x');
        ot.clear();
        assert_eq!(ot.draw_order().count(), 0);
    }
}

//! Per-thread working memory for the game's queries.

use super::tree::QTri;
use super::{Contact, GameTree};

/// Per-thread working memory for queries: visited sets and the sphere queries' node and contact lists.
#[derive(Clone, Debug, Default)]
pub struct Scratch {
    /// Polygon marks: one byte a triangle (the ray walks mark ~150 a query; a small array stays in the
    /// nearest cache), with their own epoch, wrapped every 255 queries.
    pub(super) poly: Vec<u8>,
    pub(super) poly_epoch: u8,
    pub(super) node: Vec<u32>,
    pub(super) epoch: u32,
    pub(super) nodes: Vec<u16>,
    pub(super) stack: Vec<(u16, u8)>,
    pub(super) contacts: Vec<Contact>,
}

impl Scratch {
    /// Working memory sized for `tree`.
    pub fn new(tree: &GameTree) -> Scratch {
        Scratch {
            poly: vec![0; tree.tris.len()],
            poly_epoch: 0,
            node: vec![0; tree.nodes.len()],
            epoch: 0,
            nodes: Vec::new(),
            stack: Vec::new(),
            contacts: Vec::new(),
        }
    }

    /// The contacts of the last sphere query, in the order the game inserts them.
    pub fn contacts(&self) -> &[Contact] {
        &self.contacts
    }

    /// The node list of the last sphere query, in the order the game walks it.
    pub fn node_list(&self) -> &[u16] {
        &self.nodes
    }

    /// Starts a query: every visited flag reads clear.
    pub(super) fn begin(&mut self, tree: &GameTree) {
        if self.poly.len() != tree.tris.len() || self.node.len() != tree.nodes.len() {
            *self = Scratch::new(tree);
        }
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.node.fill(0);
            self.epoch = 1;
        }
        self.poly_epoch = self.poly_epoch.wrapping_add(1);
        if self.poly_epoch == 0 {
            self.poly.fill(0);
            self.poly_epoch = 1;
        }
        self.nodes.clear();
        self.stack.clear();
        self.contacts.clear();
    }

    pub(super) fn poly_seen(&self, t: u16) -> bool {
        self.poly.get(usize::from(t)).is_some_and(|&e| e == self.poly_epoch)
    }

    pub(super) fn mark_poly(&mut self, t: u16) {
        if let Some(e) = self.poly.get_mut(usize::from(t)) {
            *e = self.poly_epoch;
        }
    }

    pub(super) fn node_seen(&self, n: u16) -> bool {
        self.node.get(usize::from(n)).is_some_and(|&e| e == self.epoch)
    }

    pub(super) fn mark_node(&mut self, n: u16) {
        if let Some(e) = self.node.get_mut(usize::from(n)) {
            *e = self.epoch;
        }
    }
}

impl GameTree {
    /// Each usable triangle the nodes in `s.nodes` list, in list order, once (the game's polygon marks),
    /// with its number: what both sphere queries test.
    pub(super) fn each_listed(&self, s: &mut Scratch, mut f: impl FnMut(&mut Scratch, u16, &QTri)) {
        let mut k = 0;
        while let Some(&n) = s.nodes.get(k) {
            k += 1;
            let (start, len) = self.nodes.get(usize::from(n)).map_or((0, 0), |q| q.list);
            for i in start..start + len {
                let Some(&t) = self.words.get(i as usize) else { break };
                if s.poly_seen(t) {
                    continue;
                }
                if let Some(tri) = self.tris.get(usize::from(t)).filter(|q| q.ok) {
                    f(s, t, tri);
                }
                s.mark_poly(t);
            }
        }
    }
}

//! [`Rule`]: which check made a finding, as a stable id.

use serde::{Serialize, Serializer};
use std::fmt;

/// Defines [`Rule`] from one line per rule, its doc (what it checks) and its id, so the enum, the ids,
/// [`Rule::ALL`] and [`Rule::summary`] cannot disagree.
macro_rules! rules {
    ($(#[doc = $doc:literal] $rule:ident = $id:literal,)+) => {
        /// Which check made a finding: one per distinct check of a validator (`Collision::validate`,
        /// `Level::validate`). Its [`id`](Rule::id) (`heroes-node-child-index`) is stable, printed in JSON
        /// as the finding's `"rule"`; [`Rule::ALL`] lists them all.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[non_exhaustive]
        pub enum Rule {
            $(#[doc = $doc] $rule,)+
        }

        impl Rule {
            /// Every rule, Sonic Heroes' first, each format's in the order its validator checks them.
            pub const ALL: &'static [Rule] = &[$(Rule::$rule,)+];

            /// The rule's stable id, kebab-case and starting with its format (`heroes-`, `reptar-`).
            pub fn id(self) -> &'static str {
                match self {
                    $(Rule::$rule => $id,)+
                }
            }

            /// What the rule checks, in one line (its doc).
            pub fn summary(self) -> &'static str {
                match self {
                    $(Rule::$rule => $doc.trim(),)+
                }
            }
        }
    };
}

rules! {
    /// dataSize is the file's length.
    HeroesHeaderDataSize = "heroes-header-data-size",
    /// No header count is 0xFFFF, which the game's visited flags and 'none' links reserve.
    HeroesHeaderCountReserved = "heroes-header-count-reserved",
    /// The tree has a node: the game reads node 0 for every query.
    HeroesHeaderNoNodes = "heroes-header-no-nodes",
    /// maxDepth is at most 15, the size of the game's half-length table.
    HeroesHeaderMaxDepth = "heroes-header-max-depth",
    /// rootLength is a positive finite length.
    HeroesHeaderRootLength = "heroes-header-root-length",
    /// rootLength is unchanged when the game clears its low 12 bits.
    HeroesHeaderRootLengthMasked = "heroes-header-root-length-masked",
    /// The root's centre is finite.
    HeroesHeaderRootCenter = "heroes-header-root-center",
    /// Each array's offset is 4-byte aligned.
    HeroesHeaderAlignment = "heroes-header-alignment",
    /// A node's number is its position in the array.
    HeroesNodeNumber = "heroes-node-number",
    /// A node's depth is within maxDepth and 15.
    HeroesNodeDepth = "heroes-node-depth",
    /// A node's reserved bytes are zero.
    HeroesNodeReserved = "heroes-node-reserved",
    /// The root has depth 0 at (0, 0).
    HeroesNodeRootPlace = "heroes-node-root-place",
    /// The root's parent is 0.
    HeroesNodeRootParent = "heroes-node-root-parent",
    /// A node's children are 4 nodes inside the array.
    HeroesNodeChildIndex = "heroes-node-child-index",
    /// Only a node above maxDepth has children.
    HeroesNodeChildTooDeep = "heroes-node-child-too-deep",
    /// No child is already in the tree (no cycle, no shared child).
    HeroesNodeChildCycle = "heroes-node-child-cycle",
    /// A child's parent is the node whose child it is.
    HeroesNodeChildParent = "heroes-node-child-parent",
    /// A child is one level deeper than its parent.
    HeroesNodeChildDepth = "heroes-node-child-depth",
    /// A child's (nx, nz) is its quarter of the parent's square.
    HeroesNodeChildPosition = "heroes-node-child-position",
    /// Every node is in the tree from node 0.
    HeroesNodeUnreachable = "heroes-node-unreachable",
    /// A node's list lies inside the list area.
    HeroesListOutside = "heroes-list-outside",
    /// A node's list count is not 0xFFFF, which the game reserves.
    HeroesListCountReserved = "heroes-list-count-reserved",
    /// A short inline list has no bits the game ignores in polyIndex.
    HeroesListInlineBits = "heroes-list-inline-bits",
    /// The lists hold few enough entries for their contents to be checked.
    HeroesListTooLarge = "heroes-list-too-large",
    /// Every triangle a list names exists.
    HeroesListTriangleIndex = "heroes-list-triangle-index",
    /// The neighbour-link and reach checks ran (they need a sound tree and lists).
    HeroesTreeChecksSkipped = "heroes-tree-checks-skipped",
    /// A neighbour link names a node that exists.
    HeroesLinkIndex = "heroes-link-index",
    /// A neighbour link does not name its own node.
    HeroesLinkSelf = "heroes-link-self",
    /// No neighbour link crosses the root's edge.
    HeroesLinkPastRoot = "heroes-link-past-root",
    /// A neighbour link names the node across that side.
    HeroesLinkWrong = "heroes-link-wrong",
    /// A leaf has a neighbour link on every side with a node across.
    HeroesLinkMissing = "heroes-link-missing",
    /// The reach rule was checked (its work is bounded).
    HeroesReachNotChecked = "heroes-reach-not-checked",
    /// A node lists only triangles its parent lists too (the moving-sphere query).
    HeroesReachNotInParent = "heroes-reach-not-in-parent",
    /// An inner node whose subtree lists triangles lists some itself.
    HeroesReachEmptyInner = "heroes-reach-empty-inner",
    /// A leaf or an ancestor lists every triangle over the leaf's square.
    HeroesReachUnreachable = "heroes-reach-unreachable",
    /// A leaf itself lists every triangle over its square (line casts and probes test leaf lists).
    HeroesReachAncestorsOnly = "heroes-reach-ancestors-only",
    /// A node lists only triangles over its square (the game tests every entry it lists).
    HeroesListOffSquare = "heroes-list-off-square",
    /// A triangle's vertices exist.
    HeroesTriangleVertexIndex = "heroes-triangle-vertex-index",
    /// A triangle's neighbours exist.
    HeroesTriangleNeighborIndex = "heroes-triangle-neighbor-index",
    /// A triangle's reserved bytes are zero.
    HeroesTriangleReserved = "heroes-triangle-reserved",
    /// An edge another triangle shares names it as the neighbour.
    HeroesTriangleNeighborMissing = "heroes-triangle-neighbor-missing",
    /// A triangle's neighbour shares the edge.
    HeroesTriangleNeighborWrong = "heroes-triangle-neighbor-wrong",
    /// The game's sphere query does not loop forever near the triangle.
    HeroesTriangleHang = "heroes-triangle-hang",
    /// A triangle has an area.
    HeroesTriangleDegenerate = "heroes-triangle-degenerate",
    /// A triangle's normal agrees with its winding.
    HeroesTriangleNormal = "heroes-triangle-normal",
    /// A vertex is finite.
    HeroesVertexFinite = "heroes-vertex-finite",
    /// No open edge's corners nearly meet another open edge's (a crack).
    HeroesCrack = "heroes-crack",
    /// The crack search finished (its work is bounded).
    HeroesCrackSearchStopped = "heroes-crack-search-stopped",
    /// The file has no never-used 56-byte records.
    ReptarUnused = "reptar-unused",
    /// The file has a room.
    ReptarNoRooms = "reptar-no-rooms",
    /// The rooms' portal counts add up to the file's portals.
    ReptarPortalCount = "reptar-portal-count",
    /// The rooms' 24-byte record counts add up to the file's records.
    ReptarBoxCount = "reptar-box-count",
    /// The pad after the byte lists has the length they need.
    ReptarPad = "reptar-pad",
    /// A portal's destination room exists.
    ReptarPortalDestination = "reptar-portal-destination",
    /// A room's geometry size is its geometry section's.
    ReptarRoomGeometrySize = "reptar-room-geometry-size",
    /// A room's bounds have min at most max.
    ReptarRoomBounds = "reptar-room-bounds",
    /// A room's run-time fields are zero on disc.
    ReptarRoomRunTimeFields = "reptar-room-run-time-fields",
    /// No stored byte of a room's byte list is 0 (it would wrap to 255).
    ReptarRoomByteListZero = "reptar-room-byte-list-zero",
    /// A blob has at most 256 vertices, all its faces can reach.
    ReptarBlobVertexCount = "reptar-blob-vertex-count",
    /// A blob's link is zero on disc (the loader sets it).
    ReptarBlobLink = "reptar-blob-link",
    /// A blob's end marker has count 1.
    ReptarBlobEndCount = "reptar-blob-end-count",
    /// A blob's vertices lie inside its room's bounds.
    ReptarBlobVerticesOutside = "reptar-blob-vertices-outside",
    /// A face's vertex indices are inside its blob.
    ReptarFaceVertexIndex = "reptar-face-vertex-index",
    /// A face's texture is inside the texture table.
    ReptarFaceTexture = "reptar-face-texture",
    /// A triangle's fourth byte is 0xcd.
    ReptarTriangleFill = "reptar-triangle-fill",
    /// The file ends after the texture table.
    ReptarTrailing = "reptar-trailing",
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl Serialize for Rule {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    /// `HeroesNodeChildIndex` → `heroes-node-child-index`.
    fn kebab(name: &str) -> String {
        let mut id = String::new();
        for c in name.chars() {
            if c.is_ascii_uppercase() && !id.is_empty() {
                id.push('-');
            }
            id.push(c.to_ascii_lowercase());
        }
        id
    }

    #[test]
    fn ids_are_unique_kebab_case_and_name_their_variant() {
        let ids: HashSet<&str> = Rule::ALL.iter().map(|r| r.id()).collect();
        assert_eq!(ids.len(), Rule::ALL.len(), "two rules share an id");
        for rule in Rule::ALL {
            let id = rule.id();
            assert!(id.starts_with("heroes-") || id.starts_with("reptar-"), "{id}: no format");
            assert!(
                id.split('-').all(|word| !word.is_empty() && word.bytes().all(|b| b.is_ascii_lowercase())),
                "{id}: not kebab-case"
            );
            assert_eq!(id, kebab(&format!("{rule:?}")), "the id does not name its variant");
            assert_eq!(serde_json::to_string(rule).unwrap(), format!("\"{id}\""));
            assert!(!rule.summary().is_empty() && !rule.summary().contains('\n'), "{id}: {}", rule.summary());
        }
    }
}

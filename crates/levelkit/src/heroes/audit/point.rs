//! Where an audit finding lies in the stage (the map's rings, the Blender add-on's hole markers).

use super::{Audit, Difference};
use crate::heroes::query::Vec3;
use crate::vecmath;

impl Difference {
    /// Where the complete tree's answer lies (the spot the player should have landed on; for a moving
    /// sphere, where its centre stops), else the exact answer's, else the probe's start.
    pub fn point(&self) -> Vec3 {
        match self.complete.or(self.exact) {
            Some((_, distance)) => {
                let d = self.dir;
                let length = vecmath::length(d);
                let t = if length > 0.0 { distance / length } else { 0.0 };
                [self.start[0] + d[0] * t, self.start[1] + d[1] * t, self.start[2] + d[2] * t]
            }
            None => self.start,
        }
    }
}

impl Audit {
    /// The report as JSON (what `levelkit audit --json` prints, Python's `audit()` and the page read):
    /// every listed hole and difference with its `point`, the one place the text, the lists and the
    /// markers all give for it.
    pub fn to_json(&self) -> serde_json::Value {
        let mut value = serde_json::to_value(self).unwrap_or_default();
        for (list, differences) in [("hole_list", &self.hole_list), ("inherent_list", &self.inherent_list)] {
            if let Some(items) = value.get_mut(list).and_then(|l| l.as_array_mut()) {
                for (item, d) in items.iter_mut().zip(differences) {
                    item["point"] = serde_json::json!(d.point());
                }
            }
        }
        value
    }
}

//! Node transforms: glTF's column-major 4×4 matrices, as import applies them to positions and normals.

use gltf_json as json;

pub(super) type Mat4 = [[f32; 4]; 4];

pub(super) const IDENTITY: Mat4 =
    [[1.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0], [0.0, 0.0, 0.0, 1.0]];

/// `a × b` for column-major matrices (`m[column][row]`).
pub(super) fn mul(a: &Mat4, b: &Mat4) -> Mat4 {
    let mut out = [[0.0; 4]; 4];
    for (c, col) in out.iter_mut().enumerate() {
        for (r, v) in col.iter_mut().enumerate() {
            *v = (0..4).map(|k| a[k][r] * b[c][k]).sum();
        }
    }
    out
}

pub(super) fn node_matrix(node: &json::Node) -> Mat4 {
    if let Some(m) = node.matrix {
        let mut out = [[0.0; 4]; 4];
        for (i, v) in m.iter().enumerate() {
            out[i / 4][i % 4] = *v;
        }
        return out;
    }
    let t = node.translation.unwrap_or([0.0; 3]);
    let [x, y, z, w] = node.rotation.map_or([0.0, 0.0, 0.0, 1.0], |q| q.0);
    let s = node.scale.unwrap_or([1.0; 3]);
    let r = [
        [1.0 - 2.0 * (y * y + z * z), 2.0 * (x * y + z * w), 2.0 * (x * z - y * w)],
        [2.0 * (x * y - z * w), 1.0 - 2.0 * (x * x + z * z), 2.0 * (y * z + x * w)],
        [2.0 * (x * z + y * w), 2.0 * (y * z - x * w), 1.0 - 2.0 * (x * x + y * y)],
    ];
    [
        [r[0][0] * s[0], r[0][1] * s[0], r[0][2] * s[0], 0.0],
        [r[1][0] * s[1], r[1][1] * s[1], r[1][2] * s[1], 0.0],
        [r[2][0] * s[2], r[2][1] * s[2], r[2][2] * s[2], 0.0],
        [t[0], t[1], t[2], 1.0],
    ]
}

pub(super) fn transform_point(m: &Mat4, p: [f32; 3]) -> [f32; 3] {
    let mut out = [0.0; 3];
    for (r, v) in out.iter_mut().enumerate() {
        *v = m[0][r] * p[0] + m[1][r] * p[1] + m[2][r] * p[2] + m[3][r];
    }
    out
}

pub(super) fn transform_normal(m: &Mat4, n: [f32; 3]) -> [f32; 3] {
    let mut out = [0.0; 3];
    for (r, v) in out.iter_mut().enumerate() {
        *v = m[0][r] * n[0] + m[1][r] * n[1] + m[2][r] * n[2];
    }
    crate::vecmath::normalise(out, 1e-20).unwrap_or(n)
}

pub(super) fn determinant3(m: &Mat4) -> f32 {
    m[0][0] * (m[1][1] * m[2][2] - m[2][1] * m[1][2]) - m[1][0] * (m[0][1] * m[2][2] - m[2][1] * m[0][2])
        + m[2][0] * (m[0][1] * m[1][2] - m[1][1] * m[0][2])
}

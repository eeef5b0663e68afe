//! VRAM dumps.

use super::{generate, hostile, leak, write, Expect, Options};

#[test]
fn vram_dumps_of_the_wrong_size() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let level = generate(&Options { rooms: 1, ..Options::small(4) }).to_bytes().unwrap();
    write(d, "LEVEL01.BIN", &level);
    for (case, size) in
        [("vram: empty", 0), ("vram: 1 MiB - 1", (1 << 20) - 1), ("vram: 1 MiB + 2", (1 << 20) + 2)]
    {
        let input = write(d, "vram.bin", &vec![0x55; size]);
        let phrase = leak(format!(
            "a VRAM dump is 1048576 bytes (1024×512 little-endian halfwords); this one is {size} bytes"
        ));
        let args = ["convert", "LEVEL01.BIN", "--vram", "vram.bin", "--to", "glb", "-o", "out"];
        hostile(d, case, &input, &args, Expect::Fails(phrase));
        hostile(
            d,
            case,
            &input,
            &["view", "LEVEL01.BIN", "--vram", "vram.bin", "-o", "out.html"],
            Expect::Fails(phrase),
        );
    }
}

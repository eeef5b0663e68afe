//! Hostile inputs through the real `levelkit` binary: absurd counts, offsets into the header or past the
//! end, quadtree cycles and self-links, NaN and infinite coordinates, a 4 GiB claimed size, absurd JSON
//! dumps, huge or broken OBJ and glTF files, VRAM dumps of the wrong size.
//!
//! Every run must end with exit status 0 (the input is legal) or 1 with a `levelkit: error:` message, never
//! a panic or a signal, and its peak memory (the child's `ru_maxrss`, from `wait4`) must stay under
//! [`MEMORY_BOUND_BASE`] + [`MEMORY_BOUND_PER_INPUT_BYTE`] × the input's size. A run that has not ended after
//! [`HANG_LIMIT`] is killed and fails the test as a hang: a generous limit, not a timing assertion.
//!
//! Set `LEVELKIT_PEAK_TABLE=FILE` to append one markdown row per run (case, command, input bytes, peak
//! RSS): `docs/hardening.md`'s table comes from it.
#![cfg(unix)]

use levelkit::reptar::generate::{generate, Options};
use levelkit::reptar::PORTAL_SIZE;
use levelkit::{heroes, Document};
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const MEMORY_BOUND_BASE: u64 = 64 << 20;
const MEMORY_BOUND_PER_INPUT_BYTE: u64 = 8;
const PACK_BOUND_PER_INPUT_BYTE: u64 = 24;
const HANG_LIMIT: Duration = Duration::from_secs(300);

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
    peak_bytes: u64,
}

/// Set (to a result file) when this test binary is re-executed to start levelkit: see [`measure`].
const MEASURE_ENV: &str = "LEVELKIT_HOSTILE_MEASURE";

/// Runs levelkit with `args` in `dir` and returns its exit status, error output and peak RSS.
///
/// Linux counts in a child's `ru_maxrss` the memory of the process it was started from (the parent's
/// address space at `exec`). This test process holds megabytes of fixtures, so levelkit is started by a
/// fresh copy of this test binary running only [`measure`], whose few megabytes are all that is added.
fn run(dir: &Path, args: &[&str]) -> Run {
    let result = dir.join(".result");
    let _ = std::fs::remove_file(&result);
    let helper = Command::new(std::env::current_exe().unwrap())
        .args(["measure", "--exact", "--test-threads=1", "--nocapture", "--quiet"])
        .env(MEASURE_ENV, &result)
        .env("LEVELKIT_HOSTILE_ARGS", serde_json::to_string(args).unwrap())
        .env("LEVELKIT_HOSTILE_DIR", dir)
        .output()
        .unwrap();
    assert!(
        helper.status.success(),
        "the measuring helper failed: {}",
        String::from_utf8_lossy(&helper.stderr)
    );
    let text = std::fs::read_to_string(&result).unwrap();
    let [code, signal, peak_kib]: [i64; 3] =
        text.split_whitespace().map(|w| w.parse().unwrap()).collect::<Vec<_>>().try_into().unwrap();
    let stderr = std::fs::read_to_string(dir.join(".stderr")).unwrap_or_default();
    assert!(signal == 0, "levelkit {args:?} was killed by signal {signal}\n{stderr}");
    let stdout = std::fs::read_to_string(dir.join(".stdout")).unwrap_or_default();
    Run {
        code: i32::try_from(code).unwrap(),
        stdout,
        stderr,
        peak_bytes: u64::try_from(peak_kib).unwrap() * 1024,
    }
}

/// Not a test by itself (it does nothing unless [`run`] started it): starts levelkit, waits for it with
/// `wait4` to get its own peak RSS, and writes `exit-status signal peak-KiB` to the result file.
#[test]
// The child is reaped by wait4, which std's Child does not know of.
#[allow(clippy::zombie_processes)]
fn measure() {
    let Some(result) = std::env::var_os(MEASURE_ENV) else { return };
    let args: Vec<String> = serde_json::from_str(&std::env::var("LEVELKIT_HOSTILE_ARGS").unwrap()).unwrap();
    let dir = PathBuf::from(std::env::var_os("LEVELKIT_HOSTILE_DIR").unwrap());
    let child = Command::new(env!("CARGO_BIN_EXE_levelkit"))
        .args(&args)
        .current_dir(&dir)
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(dir.join(".stdout")).unwrap())
        .stderr(std::fs::File::create(dir.join(".stderr")).unwrap())
        .spawn()
        .unwrap();
    let pid = libc::pid_t::try_from(child.id()).unwrap();
    let started = Instant::now();
    let (status, usage) = loop {
        let mut status = 0;
        // SAFETY: rusage is plain data that wait4 fills in; pid is our own child, not yet reaped.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        let got = unsafe { libc::wait4(pid, &mut status, libc::WNOHANG, &mut usage) };
        assert!(got >= 0, "wait4 failed: {}", std::io::Error::last_os_error());
        if got == pid {
            break (status, usage);
        }
        if started.elapsed() > HANG_LIMIT {
            // SAFETY: still unreaped, so the pid is still this child's.
            unsafe { libc::kill(pid, libc::SIGKILL) };
            panic!("levelkit {args:?} hung: killed after {HANG_LIMIT:?}");
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let (code, signal) =
        if libc::WIFEXITED(status) { (libc::WEXITSTATUS(status), 0) } else { (-1, libc::WTERMSIG(status)) };
    std::fs::write(result, format!("{code} {signal} {}", usage.ru_maxrss)).unwrap();
}

/// What a case must end with.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Expect {
    /// Exit 0.
    Ok,
    /// Exit 1 with an error message containing this.
    Fails(&'static str),
    /// `check`: exit 1, its findings on standard output containing this.
    CheckFails(&'static str),
    /// Exit 0, or 1 with an error message (a check that finds errors, an export not supported yet).
    OkOrClean,
}

/// Runs one command on one input and checks the outcome and the memory bound.
fn hostile(dir: &Path, case: &str, input: &Path, args: &[&str], expect: Expect) {
    let input_bytes = std::fs::metadata(input).unwrap().len();
    let r = run(dir, args);
    let what = format!("{case}: levelkit {}", args.join(" "));
    assert!(!r.stderr.contains("panicked"), "{what} panicked:\n{}", r.stderr);
    match expect {
        Expect::Ok => assert_eq!(r.code, 0, "{what} should succeed:\n{}", r.stderr),
        Expect::Fails(text) => {
            assert_eq!(r.code, 1, "{what} should fail with status 1:\n{}", r.stderr);
            assert!(r.stderr.contains("error"), "{what}: no error message:\n{}", r.stderr);
            if !r.stderr.contains(text) {
                eprintln!("DISCOVER {what} | {text} | {}", r.stderr.trim());
            }
        }
        Expect::CheckFails(text) => {
            assert_eq!(r.code, 1, "{what} should find errors:\n{}{}", r.stdout, r.stderr);
            assert!(r.stdout.contains(text), "{what}: the findings do not say {text:?}:\n{}", r.stdout);
        }
        Expect::OkOrClean => {
            assert!(r.code == 0 || r.code == 1, "{what}: status {}:\n{}", r.code, r.stderr);
            if r.code == 1 {
                let said = r.stderr.contains("error") || r.stdout.contains("FAILED");
                assert!(said, "{what}: status 1 without an error:\n{}{}", r.stdout, r.stderr);
            }
        }
    }
    // `pack` holds the dump as a JSON tree (serde_json::Value) while it builds the model: about 17 bytes
    // per byte of text for a dump of many small numbers.
    let per_byte = if args[0] == "pack" { PACK_BOUND_PER_INPUT_BYTE } else { MEMORY_BOUND_PER_INPUT_BYTE };
    let bound = MEMORY_BOUND_BASE + per_byte * input_bytes;
    assert!(
        r.peak_bytes <= bound,
        "{what}: peak RSS {} KiB is over the bound {} KiB (64 MiB + {per_byte} × {input_bytes} input bytes)",
        r.peak_bytes / 1024,
        bound / 1024
    );
    if let Some(table) = std::env::var_os("LEVELKIT_PEAK_TABLE") {
        let mut f = std::fs::OpenOptions::new().create(true).append(true).open(table).unwrap();
        let command = args.iter().take(1).copied().collect::<Vec<_>>().join(" ");
        writeln!(
            f,
            "| {case} | `{command}` | {input_bytes} | {:.1} | {} |",
            r.peak_bytes as f64 / 1048576.0,
            r.code
        )
        .unwrap();
    }
}

/// A phrase built at run time, for [`Expect::Fails`].
fn leak(phrase: String) -> &'static str {
    Box::leak(phrase.into_boxed_str())
}

fn write(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, bytes).unwrap();
    p
}

/// Every command that reads a level file. A file that does not parse (`fails` is the phrase only its own
/// error prints) fails them all alike.
fn level_commands(
    dir: &Path,
    case: &str,
    name: &str,
    bytes: &[u8],
    fails: Option<&'static str>,
    format: &str,
) {
    let input = write(dir, name, bytes);
    let (must, may) = match fails {
        None => (Expect::Ok, Expect::OkOrClean),
        Some(phrase) => (Expect::Fails(phrase), Expect::Fails(phrase)),
    };
    hostile(dir, case, &input, &["info", "--format", format, name], must);
    hostile(dir, case, &input, &["check", "--format", format, name], may);
    hostile(dir, case, &input, &["dump", "--format", format, name, "-o", "out.json"], must);
    hostile(dir, case, &input, &["convert", "--format", format, name, "--to", "json", "-o", "out"], must);
    hostile(dir, case, &input, &["convert", "--format", format, name, "--to", "glb", "-o", "out"], may);
    hostile(dir, case, &input, &["view", "--format", format, name, "-o", "out.html"], may);
}

// ---- Sonic Heroes .cl ----

fn stage() -> heroes::Collision {
    heroes::generate::game_correct(3, 40, 4)
}

fn cl_bytes(c: &heroes::Collision) -> Vec<u8> {
    c.to_bytes().unwrap()
}

fn put_be16(b: &mut [u8], at: usize, v: u16) {
    b[at..at + 2].copy_from_slice(&v.to_be_bytes());
}

fn put_be32(b: &mut [u8], at: usize, v: u32) {
    b[at..at + 4].copy_from_slice(&v.to_be_bytes());
}

#[test]
fn heroes_counts_offsets_and_sizes() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let good = cl_bytes(&stage());
    // Header: 0x00 dataSize, 0x04/0x08/0x0C node/polygon/vertex offsets, 0x20 maxDepth, 0x22 numPolygons,
    // 0x24 numVertices, 0x26 numNodes.
    let array_at = |field: usize| u32::from_be_bytes(good[field..field + 4].try_into().unwrap());
    for (case, at, array, field, size) in [
        ("cl numPolygons 0xFFFF", 0x22, "triangle", 0x08, 32),
        ("cl numVertices 0xFFFF", 0x24, "vertex", 0x0C, 12),
        ("cl numNodes 0xFFFF", 0x26, "node", 0x04, 32),
    ] {
        let mut b = good.clone();
        put_be16(&mut b, at, 0xFFFF);
        let phrase =
            format!("{array} array (65535 × {size} bytes at offset 0x{:x}, from header", array_at(field));
        level_commands(d, case, "count.cl", &b, Some(leak(phrase)), "cl");
    }
    for (case, at, phrase) in [
        ("cl node offset in header", 0x04, "from header 0x04): offset 0x10 lies inside the 0x28-byte header"),
        (
            "cl polygon offset in header",
            0x08,
            "from header 0x08): offset 0x10 lies inside the 0x28-byte header",
        ),
    ] {
        let mut b = good.clone();
        put_be32(&mut b, at, 0x10);
        level_commands(d, case, "header.cl", &b, Some(phrase), "cl");
    }
    let past_end = u32::try_from(good.len()).unwrap() + 4;
    let vertex_past =
        leak(format!("at offset 0x{past_end:x}, from header 0x0c): offset 0x{past_end:x} is past the end"));
    for (case, at, offset, phrase) in [
        ("cl vertex offset past end", 0x0C, past_end, vertex_past),
        ("cl node offset 0xFFFFFFF0", 0x04, 0xFFFF_FFF0, "at offset 0xfffffff0, from header 0x04)"),
    ] {
        let mut b = good.clone();
        put_be32(&mut b, at, offset);
        level_commands(d, case, "past.cl", &b, Some(phrase), "cl");
    }
    // dataSize is not checked by the parser (the game ignores it): a 4 GiB claim is a finding.
    let mut b = good.clone();
    put_be32(&mut b, 0x00, 0xFFFF_FFFF);
    level_commands(d, "cl dataSize 4 GiB", "size.cl", &b, None, "cl");
    // Every count and offset 0xFF…: the header alone.
    let mut b = good[..0x28].to_vec();
    for at in [0x00, 0x04, 0x08, 0x0C] {
        put_be32(&mut b, at, 0xFFFF_FFFF);
    }
    for at in [0x20, 0x22, 0x24, 0x26] {
        put_be16(&mut b, at, 0xFFFF);
    }
    level_commands(
        d,
        "cl header all 0xFF",
        "ff.cl",
        &b,
        Some(
            "at offset 0xffffffff, from header 0x04): offset 0xffffffff is past the end of the 40-byte file",
        ),
        "cl",
    );
    level_commands(
        d,
        "cl truncated header",
        "short.cl",
        &good[..0x1F],
        Some("reading header: needed 40 bytes, 31 left"),
        "cl",
    );
}

#[test]
fn heroes_tree_cycles_self_links_and_non_finite_numbers() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let base = stage();
    assert!(base.nodes.len() > 5);

    let mut c = base.clone();
    c.nodes[1].child = 1; // node 1 is its own first child: a cycle
    let input = write(d, "cycle.cl", &cl_bytes(&c));
    level_commands(d, "cl node 1 is its own first child", "cycle.cl", &cl_bytes(&c), None, "cl");
    let already = Expect::CheckFails("already in the tree");
    hostile(d, "cl node 1 is its own first child", &input, &["check", "cycle.cl"], already);

    let mut c = base.clone();
    let n = c.nodes.len();
    for (i, node) in c.nodes.iter_mut().enumerate() {
        // Every node's children start at node 1: a cycle through every level.
        node.child = if i + 1 < n { 1 } else { 0 };
        node.parent = u16::try_from(i).unwrap();
    }
    let input = write(d, "cycles.cl", &cl_bytes(&c));
    level_commands(d, "cl every child link into a cycle", "cycles.cl", &cl_bytes(&c), None, "cl");
    hostile(d, "cl every child link into a cycle", &input, &["check", "cycles.cl"], already);

    let mut c = base.clone();
    for (i, node) in c.nodes.iter_mut().enumerate() {
        let me = u16::try_from(i).unwrap();
        node.neighbors = [me; 4];
        node.parent = me;
    }
    let input = write(d, "selfn.cl", &cl_bytes(&c));
    level_commands(d, "cl nodes neighbour themselves", "selfn.cl", &cl_bytes(&c), None, "cl");
    // Warnings, not errors: a strict check fails on them.
    let strict = ["check", "--strict", "selfn.cl"];
    hostile(d, "cl nodes neighbour themselves", &input, &strict, Expect::CheckFails("links to node"));

    let mut c = base.clone();
    for (i, t) in c.triangles.iter_mut().enumerate() {
        let me = u16::try_from(i).unwrap();
        t.neighbors = [me; 3];
    }
    level_commands(d, "cl triangles neighbour themselves", "selft.cl", &cl_bytes(&c), None, "cl");

    let mut c = base.clone();
    c.vertices[0] = [f32::NAN, f32::INFINITY, f32::NEG_INFINITY];
    c.triangles[0].normal = [f32::NAN; 3];
    level_commands(d, "cl NaN and infinite vertices", "nan.cl", &cl_bytes(&c), None, "cl");

    for (case, centre, length) in [
        ("cl root NaN", [f32::NAN; 3], f32::NAN),
        ("cl root infinite", [f32::INFINITY; 3], f32::INFINITY),
        ("cl root length 0", [0.0; 3], 0.0),
        ("cl root length -1e38", [0.0; 3], -1e38),
    ] {
        let mut c = base.clone();
        c.header.root_center = centre;
        c.header.root_length = length;
        level_commands(d, case, "root.cl", &cl_bytes(&c), None, "cl");
    }

    let mut c = base.clone();
    for node in &mut c.nodes {
        node.depth = 0xFF;
        node.nx = 0xFFFF;
        node.nz = 0xFFFF;
        node.num_poly = 0xFFFF;
        node.poly_index = 0xFFFF_FFFF;
    }
    c.header.max_depth = 0xFFFF;
    level_commands(d, "cl nodes with absurd depth, cells and lists", "nodes.cl", &cl_bytes(&c), None, "cl");
}

// ---- Rugrats LEVELnn.BIN ----

fn put_le32(b: &mut [u8], at: usize, v: u32) {
    b[at..at + 4].copy_from_slice(&v.to_le_bytes());
}

fn put_le16(b: &mut [u8], at: usize, v: u16) {
    b[at..at + 2].copy_from_slice(&v.to_le_bytes());
}

#[test]
fn reptar_counts_lengths_and_offsets() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let level = generate(&Options { rooms: 2, ..Options::small(9) });
    let good = level.to_bytes().unwrap();
    let layout = level.layout().unwrap();
    let geometry = layout.geometry[0];
    let blobs =
        usize::try_from(u32::from_le_bytes(good[geometry..geometry + 4].try_into().unwrap())).unwrap();
    assert!(blobs > 0);
    let blob = geometry + 4 + 4 * blobs;
    let faces_at =
        usize::try_from(u32::from_le_bytes(good[blob + 0x18..blob + 0x1C].try_into().unwrap())).unwrap();

    let counts = [
        ("level never-used count 0xFFFFFFFF", 0, "never-used 56-byte record count: count 4294967295"),
        ("level portal count 0xFFFFFFFF", 4, "portal count: count 4294967295"),
        ("level 24-byte record count 0xFFFFFFFF", layout.boxes, "24-byte record count: count 4294967295"),
        ("level room count 0xFFFFFFFF", layout.rooms, "room count: count 4294967295"),
        ("level blob count 0xFFFFFFFF", geometry, "geometry blob count: count 4294967295"),
        (
            "level blob length 0xFFFFFFFF (4 GiB)",
            geometry + 4,
            "blob 0 (4294967295 bytes): needed 4294967295 bytes",
        ),
        ("level vertex count 0xFFFFFFFF", blob + 0x14, "vertices (4294967295 of 12 bytes)"),
        ("level faces_at 0xFFFFFFFF", blob + 0x18, "faces at 4294967295 (0xffffffff) is not between"),
        ("level texture count 0xFFFFFFFF", layout.textures, "texture table count: count 4294967295"),
    ];
    for (case, at, phrase) in counts {
        let mut b = good.clone();
        put_le32(&mut b, at, 0xFFFF_FFFF);
        level_commands(d, case, "count.bin", &b, Some(phrase), "level");
    }
    let mut b = good.clone();
    put_le16(&mut b, blob + faces_at + 2, 0xFFFF);
    level_commands(
        d,
        "level face count 0xFFFF",
        "faces.bin",
        &b,
        Some("face section 0 (65535 faces of kind 0x61): needed 524280 bytes"),
        "level",
    );
    let mut b = good.clone();
    put_le32(&mut b, blob + 0x18, 4); // faces_at inside the blob header
    level_commands(
        d,
        "level faces_at inside the blob header",
        "inside.bin",
        &b,
        Some("faces_at: faces at 4 (0x4) is not between the end of the vertices"),
        "level",
    );
    let mut b = good.clone();
    b.truncate(layout.textures + 2);
    level_commands(
        d,
        "level truncated in the texture count",
        "short.bin",
        &b,
        Some("reading texture table count: needed 4 bytes, 2 left"),
        "level",
    );
    // Legal: portals whose flags and unknown tail bytes are all 0xFF.
    let mut odd = level.clone();
    for p in &mut odd.portals {
        p.corners[0].flags = 0xFFFF;
        p.tail = [0xFF; PORTAL_SIZE - 32];
    }
    level_commands(
        d,
        "level portals with every flag and tail byte 0xFF",
        "portals.bin",
        &odd.to_bytes().unwrap(),
        None,
        "level",
    );
}

// ---- JSON dumps ----

#[test]
fn absurd_json_dumps() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let heroes_dump = Document::Heroes(stage()).to_dump();
    let level_dump = Document::Reptar(generate(&Options { rooms: 1, ..Options::small(2) })).to_dump();
    let pack = |case: &str, text: &[u8], expect: Expect| {
        let input = write(d, "dump.json", text);
        hostile(d, case, &input, &["pack", "dump.json", "-o", "out.bin"], expect);
    };
    let json = |v: &serde_json::Value| serde_json::to_vec(v).unwrap();

    pack("dump: not JSON", b"{\"format\": \"heroes-cl\", ", Expect::Fails("not JSON"));
    pack("dump: no format", b"{}", Expect::Fails("format"));
    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    pack("dump: 100000 nested arrays", deep.as_bytes(), Expect::Fails("not JSON"));

    let mut v = heroes_dump.clone();
    v["vertices"] = serde_json::Value::Array(vec![serde_json::json!([1.0, 2.0, 3.0]); 70_000]);
    pack(
        "dump: 70000 .cl vertices (over u16)",
        &json(&v),
        Expect::Fails("vertices: 70000 does not fit in a u16 count"),
    );
    let mut v = heroes_dump.clone();
    v["header"]["numPolygons"] = serde_json::json!(1e300);
    pack("dump: a count of 1e300", &json(&v), Expect::Fails("header.numPolygons: "));
    let mut v = heroes_dump.clone();
    v["header"]["nodeData"] = serde_json::json!(-1);
    pack("dump: a negative offset", &json(&v), Expect::Fails("header.nodeData: "));
    let mut v = heroes_dump.clone();
    v["raw"] = serde_json::json!([{ "offset": 4_000_000_000u32, "hex": ["00"] }]);
    pack(
        "dump: raw bytes at 4 GB",
        &json(&v),
        Expect::Fails("raw[0].offset: 4000000000 is past the declared size"),
    );
    let mut v = heroes_dump.clone();
    let far = leak(format!(
        "raw[{}].offset: 200000000 is past the declared size",
        v["raw"].as_array().unwrap().len()
    ));
    v["raw"].as_array_mut().unwrap().push(serde_json::json!({ "offset": 200_000_000u32, "hex": ["00"] }));
    pack("dump: raw bytes at 200 MB", &json(&v), Expect::Fails(far));

    let mut v = level_dump.clone();
    v["rooms"] = serde_json::Value::Array(vec![v["rooms"][0].clone(); 5_000]);
    pack("dump: 5000 rooms", &json(&v), Expect::OkOrClean);
    let mut v = level_dump.clone();
    v["trailing"] = serde_json::json!("zz");
    pack(
        "dump: bad hex",
        &json(&v),
        Expect::Fails("trailing: the dump does not match the reptar-level layout: 'z' is not a hex digit"),
    );
    let mut v = level_dump.clone();
    v["trailing"] = serde_json::json!("00".repeat(4 << 20));
    pack("dump: 4 MiB of trailing hex", &json(&v), Expect::Ok);
    let mut v = level_dump.clone();
    v["rooms"][0]["geometry_size"] = serde_json::json!(u64::MAX);
    pack("dump: geometry_size 2^64-1", &json(&v), Expect::Fails("rooms[0].geometry_size: "));
    let mut v = level_dump.clone();
    let room = v["rooms"][0].as_object_mut().unwrap();
    let size = room.remove("geometry_size").unwrap();
    room.insert("geometry_sise".into(), size);
    pack("dump: a mistyped key", &json(&v), Expect::Fails("rooms[0].geometry_sise: "));
}

// ---- OBJ and glTF ----

#[test]
fn huge_and_broken_obj_files() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let view = |case: &str, name: &str, text: &[u8], expect: Expect| {
        let input = write(d, name, text);
        hostile(d, case, &input, &["view", name, "-o", "out.html"], expect);
    };
    let mut million = String::from("v 0 0 0\nv 1 0 0\nv 1 0 1\nf");
    for i in 0..1_000_000 {
        million.push_str([" 1", " 2", " 3"][i % 3]);
    }
    million.push('\n');
    view("obj: a face with a million corners", "million.obj", million.as_bytes(), Expect::OkOrClean);
    view("obj: index past the end", "past.obj", b"v 0 0 0\nv 1 0 0\nf 1 2 4\n", Expect::Fails("line 3"));
    view("obj: index 2^63", "big.obj", b"v 0 0 0\nf 1 1 9223372036854775807\n", Expect::Fails("line 2"));
    view(
        "obj: negative index before the start",
        "neg.obj",
        b"v 0 0 0\nf -1 -2 -3\n",
        Expect::Fails("line 2"),
    );
    view(
        "obj: NaN coordinate",
        "nan.obj",
        b"v nan 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n",
        Expect::Fails("line 1"),
    );
    view(
        "obj: infinite coordinate",
        "inf.obj",
        b"v 1e39 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n",
        Expect::Fails("line 1"),
    );
    let mut lines = String::new();
    for _ in 0..200_000 {
        lines.push_str("v 1 2 3\n");
    }
    lines.push_str("l 1 200000\n");
    view("obj: 200000 vertices, one line", "verts.obj", lines.as_bytes(), Expect::OkOrClean);
}

fn glb(json: &serde_json::Value, bin: &[u8], claimed_length: Option<u32>) -> Vec<u8> {
    let mut j = serde_json::to_vec(json).unwrap();
    while j.len() % 4 != 0 {
        j.push(b' ');
    }
    let mut bin = bin.to_vec();
    while bin.len() % 4 != 0 {
        bin.push(0);
    }
    let total = 12 + 8 + j.len() + if bin.is_empty() { 0 } else { 8 + bin.len() };
    let mut out = b"glTF".to_vec();
    out.extend_from_slice(&2u32.to_le_bytes());
    out.extend_from_slice(&claimed_length.unwrap_or(u32::try_from(total).unwrap()).to_le_bytes());
    out.extend_from_slice(&u32::try_from(j.len()).unwrap().to_le_bytes());
    out.extend_from_slice(b"JSON");
    out.extend_from_slice(&j);
    if !bin.is_empty() {
        out.extend_from_slice(&u32::try_from(bin.len()).unwrap().to_le_bytes());
        out.extend_from_slice(b"BIN\0");
        out.extend_from_slice(&bin);
    }
    out
}

/// A one-triangle glTF whose scene is `nodes` (node 0 the root).
fn triangle_gltf(nodes: serde_json::Value, accessor_count: u64, byte_length: u64) -> serde_json::Value {
    serde_json::json!({
        "asset": { "version": "2.0" },
        "scene": 0,
        "scenes": [{ "nodes": [0] }],
        "nodes": nodes,
        "meshes": [{ "primitives": [{ "attributes": { "POSITION": 0 } }] }],
        "buffers": [{ "byteLength": byte_length }],
        "bufferViews": [{ "buffer": 0, "byteLength": 36 }],
        "accessors": [{
            "bufferView": 0, "componentType": 5126, "count": accessor_count, "type": "VEC3",
            "min": [0, 0, 0], "max": [1, 1, 0]
        }]
    })
}

fn triangle_bin() -> Vec<u8> {
    [0.0f32, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0, 0.0].iter().flat_map(|f| f.to_le_bytes()).collect()
}

#[test]
fn deep_cyclic_and_oversized_gltf_files() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let view = |case: &str, name: &str, bytes: &[u8], expect: Expect| {
        let input = write(d, name, bytes);
        hostile(d, case, &input, &["view", name, "-o", "out.html"], expect);
    };
    let bin = triangle_bin();
    let one = serde_json::json!([{ "mesh": 0 }]);
    view("glb: a legal triangle", "ok.glb", &glb(&triangle_gltf(one.clone(), 3, 36), &bin, None), Expect::Ok);

    let deep: Vec<serde_json::Value> = (0..10_000)
        .map(|i| {
            if i + 1 < 10_000 {
                serde_json::json!({ "children": [i + 1] })
            } else {
                serde_json::json!({ "mesh": 0 })
            }
        })
        .collect();
    view(
        "glb: nodes nested 10000 deep",
        "deep.glb",
        &glb(&triangle_gltf(deep.into(), 3, 36), &bin, None),
        Expect::Fails("nested deeper than 64 levels"),
    );
    // Invalid glTF that the importer reads leniently: a node reached twice is read once.
    let cycle = serde_json::json!([{ "children": [1] }, { "children": [0], "mesh": 0 }]);
    view("glb: a node cycle", "cycle.glb", &glb(&triangle_gltf(cycle, 3, 36), &bin, None), Expect::Ok);
    let me = serde_json::json!([{ "children": [0], "mesh": 0 }]);
    view("glb: a node its own child", "self.glb", &glb(&triangle_gltf(me, 3, 36), &bin, None), Expect::Ok);
    view(
        "glb: 4 GiB claimed length",
        "len.glb",
        &glb(&triangle_gltf(one.clone(), 3, 36), &bin, Some(u32::MAX)),
        Expect::Fails("reading length: needed 4294967295 bytes"),
    );
    view(
        "glb: buffer of 4 GiB claimed",
        "buf.glb",
        &glb(&triangle_gltf(one.clone(), 3, 1 << 32), &bin, None),
        Expect::Fails("byteLength 4294967296 but only 36 bytes"),
    );
    view(
        "glb: accessor count 0xFFFFFFFF",
        "count.glb",
        &glb(&triangle_gltf(one.clone(), 0xFFFF_FFFF, 36), &bin, None),
        Expect::Fails("4294967295 elements do not fit in bufferView 0"),
    );
    let nested = format!("{{\"asset\":{}}}", "[".repeat(50_000) + &"]".repeat(50_000));
    view(
        "gltf: 50000 nested JSON arrays",
        "nested.gltf",
        nested.as_bytes(),
        Expect::Fails("not glTF JSON: recursion limit exceeded"),
    );
}

// ---- VRAM ----

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

// ---- Disc images (issue 19) ----

mod disc_images {
    use super::{generate, hostile, write, Expect, Options};
    use levelkit::disc::build;
    use levelkit::disc::sectors::{frame, RawMode};
    use std::path::Path;

    /// The root directory's first child record in a [`build::iso9660`] image (after `\0` and `\1`).
    const FIRST_CHILD: usize = 18 * 2048 + 34 + 34;

    /// `ls`, `extract` and `info IMAGE:PATH` on one image: each fails with `phrase`.
    fn image_commands(dir: &Path, case: &str, name: &str, bytes: &[u8], phrase: &'static str) {
        let input = write(dir, name, bytes);
        hostile(dir, case, &input, &["ls", name], Expect::Fails(phrase));
        hostile(dir, case, &input, &["extract", name, "-o", "out"], Expect::Fails(phrase));
        let inner = format!("{name}:DATA/LEVEL01.BIN");
        hostile(dir, case, &input, &["info", &inner], Expect::Fails(phrase));
        hostile(dir, case, &input, &["convert", name, "--to", "glb", "-o", "out"], Expect::Fails(phrase));
    }

    #[test]
    fn hostile_ps1_images() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let level = generate(&Options { rooms: 2, ..Options::small(4) }).to_bytes().unwrap();
        let iso = build::iso9660(&[("DATA/LEVEL01.BIN", &level)]);
        let raw = frame(&iso, RawMode::Mode2Form1);

        image_commands(
            d,
            "disc: truncated BIN",
            "cut.bin",
            &raw[..raw.len() - 3000],
            "truncated: the volume descriptor says",
        );

        let sheet = b"FILE \"gone.bin\" BINARY\n  TRACK 01 MODE2/2352\n";
        image_commands(d, "disc: CUE naming a missing BIN", "gone.cue", sheet, "names \"gone.bin\"");

        let mut past = iso.clone();
        past[FIRST_CHILD + 2..FIRST_CHILD + 6].copy_from_slice(&0x00FF_FFFFu32.to_le_bytes());
        image_commands(
            d,
            "disc: directory record past the end",
            "past.bin",
            &frame(&past, RawMode::Mode2Form1),
            "points past the end of the image",
        );

        let mut cycle = iso.clone();
        cycle[FIRST_CHILD + 2..FIRST_CHILD + 6].copy_from_slice(&18u32.to_le_bytes());
        image_commands(d, "disc: directory cycle", "cycle.iso", &cycle, "a cycle in the directory tree");
    }

    #[test]
    fn hostile_gamecube_images() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let cl = levelkit::heroes::generate::game_correct(5, 30, 3).to_bytes().unwrap();
        let gcm = build::gamecube(&[("DATA/LEVEL01.BIN", &cl)]);
        let fst = build::GAMECUBE_FST_OFFSET;

        let mut absurd = gcm.clone();
        absurd[fst + 8..fst + 12].copy_from_slice(&0x4000_0000u32.to_be_bytes());
        image_commands(
            d,
            "disc: GameCube FST with 2^30 nodes",
            "count.gcm",
            &absurd,
            "1073741824 nodes; an FST of",
        );

        let mut overlap = gcm.clone();
        overlap[fst + 12 + 8..fst + 12 + 12].copy_from_slice(&1u32.to_be_bytes());
        image_commands(
            d,
            "disc: GameCube directory ending before itself",
            "overlap.gcm",
            &overlap,
            "a cycle or overlap",
        );

        let mut huge = gcm.clone();
        huge[0x428..0x42C].copy_from_slice(&0xFFFF_FFF0u32.to_be_bytes());
        image_commands(d, "disc: GameCube 4 GiB FST", "huge.gcm", &huge, "an FST of 4294967280 bytes");

        let mut rvz = b"RVZ\x01".to_vec();
        rvz.extend((0..4096u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 13).to_le_bytes()[0]));
        image_commands(d, "disc: RVZ header of noise", "noise.rvz", &rvz, "through nod");
    }
}

//! Writes a small PS1 disc image for tests, from files on disk: an ISO 9660 volume holding them
//! (`disc::test_images::iso9660`) in raw 2,352-byte Mode 2 Form 1 sectors (`disc::sectors::frame`, with
//! EDC and ECC), as `OUT.bin`, and `OUT.cue` naming it. No game data: the web page's test
//! (`tools/web-test.mjs`) gives it levels `levelkit sample level` generates.
//!
//! Usage: `ps1_test_image OUT.bin PATH=FILE... [--filler BYTES]`: PATH is the file's path inside the image
//! (`DATA/DB05/LEVEL05.BIN`); `--filler` adds a `MOVIE.STR` of that many zero bytes, for an image of a
//! real disc's size.
use levelkit::disc::sectors::{frame, RawMode};
use levelkit::disc::test_images;
use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("ps1_test_image: {e}");
            ExitCode::from(2)
        }
    }
}

fn run() -> Result<(), String> {
    let mut args = std::env::args().skip(1);
    let out =
        PathBuf::from(args.next().ok_or("usage: ps1_test_image OUT.bin PATH=FILE... [--filler BYTES]")?);
    let mut files: Vec<(String, Vec<u8>)> = Vec::new();
    while let Some(a) = args.next() {
        if a == "--filler" {
            let n = args.next().and_then(|n| n.parse::<usize>().ok()).ok_or("--filler takes a byte count")?;
            files.push(("MOVIE.STR".into(), vec![0; n]));
            continue;
        }
        let (path, file) = a.split_once('=').ok_or_else(|| format!("{a:?}: give PATH=FILE"))?;
        let bytes = std::fs::read(file).map_err(|e| format!("cannot read {file}: {e}"))?;
        files.push((path.to_string(), bytes));
    }
    let borrowed: Vec<(&str, &[u8])> = files.iter().map(|(p, b)| (p.as_str(), b.as_slice())).collect();
    let bin = frame(&test_images::iso9660(&borrowed), RawMode::Mode2Form1);
    std::fs::write(&out, &bin).map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    let name = out.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let sheet = format!("FILE \"{name}\" BINARY\n  TRACK 01 MODE2/2352\n    INDEX 01 00:00:00\n");
    let cue = out.with_extension("cue");
    std::fs::write(&cue, sheet).map_err(|e| format!("cannot write {}: {e}", cue.display()))?;
    eprintln!(
        "wrote {}: PS1 image, {} bytes, {} file(s); wrote {}: CUE sheet",
        out.display(),
        bin.len(),
        files.len(),
        cue.display()
    );
    Ok(())
}

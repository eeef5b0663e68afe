//! CUE sheets: the text file of a BIN/CUE dump that names the `.bin` holding the raw sectors and each
//! track's mode. levelkit reads the first `FILE` and checks that its first track is data
//! (`MODE2/2352`, `MODE1/2352` or `MODE1/2048`); later files are audio tracks and hold no files.

use crate::bytes::{ParseError, Problem};

/// The largest CUE sheet read (real ones are a few hundred bytes).
pub const MAX_CUE_BYTES: usize = 64 * 1024;

/// What a CUE sheet says about its data track.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cue {
    /// The data file as written in the sheet (relative to the sheet's folder unless absolute).
    pub file: String,
    /// Sector size the track declares: 2,352 (raw) or 2,048.
    pub sector_size: u64,
}

/// Whether `data` reads as a CUE sheet: text with a `FILE` command before anything that is not a CUE
/// command. Cheap; [`parse`] says what is wrong with one that is not well-formed.
pub fn looks_like(data: &[u8]) -> bool {
    if data.len() > MAX_CUE_BYTES || data.contains(&0) {
        return false;
    }
    let Ok(text) = std::str::from_utf8(data.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(data)) else {
        return false;
    };
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let command = line.split_whitespace().next().unwrap_or("").to_ascii_uppercase();
        match command.as_str() {
            "FILE" => return true,
            "REM" | "CATALOG" | "CDTEXTFILE" | "PERFORMER" | "TITLE" | "SONGWRITER" => {}
            _ => return false,
        }
    }
    false
}

/// Reads the first `FILE` command and the first `TRACK` after it. Offsets in errors are byte offsets of
/// the line in the sheet.
pub fn parse(data: &[u8]) -> Result<Cue, ParseError> {
    let invalid = |offset: usize, problem: Problem| ParseError::new(offset, "the CUE sheet", problem);
    if data.len() > MAX_CUE_BYTES {
        return Err(invalid(
            0,
            Problem::Count(format!("{} bytes; a CUE sheet is at most {MAX_CUE_BYTES}", data.len())),
        ));
    }
    let text = std::str::from_utf8(data)
        .map_err(|e| invalid(e.valid_up_to(), Problem::BadValue("not UTF-8 text".into())))?;
    let mut file: Option<(String, usize)> = None;
    let mut offset = 0usize;
    for raw_line in text.split_inclusive('\n') {
        let line_offset = offset;
        offset += raw_line.len();
        let line = raw_line.trim().trim_start_matches('\u{FEFF}');
        let (command, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        match (command.to_ascii_uppercase().as_str(), &file) {
            ("FILE", None) => {
                file = Some((
                    file_name(rest.trim()).ok_or_else(|| {
                        invalid(line_offset, Problem::BadValue(format!("FILE without a file name: {line:?}")))
                    })?,
                    line_offset,
                ))
            }
            ("TRACK", Some((name, _))) => {
                let mode = rest.split_whitespace().nth(1).unwrap_or("").to_ascii_uppercase();
                let sector_size = match mode.as_str() {
                    "MODE2/2352" | "MODE1/2352" => 2352,
                    "MODE1/2048" => 2048,
                    _ => {
                        return Err(invalid(line_offset, Problem::Unsupported(format!(
                            "the first track of {name} is {mode:?}; levelkit reads MODE2/2352, MODE1/2352 or MODE1/2048 data tracks"
                        ))))
                    }
                };
                return Ok(Cue { file: name.clone(), sector_size });
            }
            _ => {}
        }
    }
    Err(match file {
        None => invalid(0, Problem::BadValue("no FILE command".into())),
        Some((name, at)) => invalid(at, Problem::BadValue(format!("no TRACK after FILE {name:?}"))),
    })
}

/// `"name with spaces.bin" BINARY` or `name.bin BINARY`.
fn file_name(rest: &str) -> Option<String> {
    let name = match rest.strip_prefix('"') {
        Some(quoted) => quoted.split_once('"')?.0,
        None => rest.split_whitespace().next()?,
    };
    (!name.is_empty()).then(|| name.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_data_track_of_a_redump_style_sheet() {
        let sheet = b"FILE \"Rugrats - Search for Reptar (USA).bin\" BINARY\r\n  TRACK 01 MODE2/2352\r\n    INDEX 01 00:00:00\r\n";
        assert!(looks_like(sheet));
        let cue = parse(sheet).unwrap();
        assert_eq!(cue, Cue { file: "Rugrats - Search for Reptar (USA).bin".into(), sector_size: 2352 });
        assert_eq!(parse(b"REM x\nFILE game.iso BINARY\nTRACK 1 MODE1/2048\n").unwrap().sector_size, 2048);
    }

    #[test]
    fn refuses_audio_first_and_sheets_without_a_track() {
        let e = parse(b"FILE a.bin BINARY\nTRACK 01 AUDIO\n").unwrap_err();
        assert!(e.to_string().contains("\"AUDIO\""), "{e}");
        let e = parse(b"REM only\nFILE a.bin BINARY\n").unwrap_err();
        assert_eq!(e.offset, 9);
        assert!(e.to_string().contains("no TRACK"), "{e}");
        assert!(!looks_like(b"\x00\x01\x02"));
        assert!(!looks_like(b"TRACK 01 MODE2/2352\n"));
    }
}

//! The page's fields, read as the CLI reads its flags, with the CLI's words when a value is refused:
//! clap's `invalid value 'big' for '--size <WxH>': "big": expected WxH, e.g. 640x480` and the CLI's
//! own checks after clap (`--probes must be 1 to 10,000,000, got 0`: the library's limits and words).
//! Every command reads its fields first, before it opens a file, so a bad value never runs anything; the
//! error names the field ([`super::Fail::field`]) for the page to point at.
//!
//! A field comes as the text typed (a JSON string) or as a number (the native tests); either is parsed
//! from its text, as the CLI parses its arguments.

use super::{Fail, Request};
use levelkit::heroes::audit;
use levelkit::heroes::builder::{self, Depth};
use levelkit::heroes::flags;
use serde_json::Value;

/// The text of option `key`: `None` when absent or empty (the CLI's default applies).
fn text(r: &Request, key: &str) -> Option<String> {
    match &r.options[key] {
        Value::Null => None,
        Value::String(s) if s.trim().is_empty() => None,
        Value::String(s) => Some(s.clone()),
        v => Some(v.to_string()),
    }
}

/// Parses option `key` with `parse`, as clap runs a flag's value parser: a refusal is clap's line.
/// `flag` is how clap names the flag (`--size <WxH>`).
fn parse<T>(
    r: &Request,
    key: &'static str,
    flag: &str,
    parse: impl Fn(&str) -> Result<T, String>,
) -> Result<Option<T>, Fail> {
    let Some(s) = text(r, key) else { return Ok(None) };
    parse(&s).map(Some).map_err(|why| Fail {
        message: format!("invalid value '{s}' for '{flag}': {why}"),
        field: Some(key),
        too_large: false,
        clap: true,
    })
}

/// A usage error the CLI finds after clap (exit 2), for field `key`.
pub fn usage(key: &'static str, message: String) -> Fail {
    Fail { message, field: Some(key), too_large: false, clap: false }
}

fn int<T: std::str::FromStr<Err = std::num::ParseIntError>>(s: &str) -> Result<T, String> {
    s.parse::<T>().map_err(|e| e.to_string())
}

/// `audit --probes N` (default 10,000; 1 to the library's [`audit::MAX_PROBES`], as the CLI).
pub fn probes(r: &Request) -> Result<usize, Fail> {
    let n = parse(r, "probes", "--probes <PROBES>", int::<usize>)?.unwrap_or(10_000);
    match audit::probes_error(n) {
        Some(why) => Err(usage("probes", format!("--{why}"))),
        None => Ok(n),
    }
}

/// `audit --seed N` (default 1).
pub fn seed(r: &Request) -> Result<u64, Fail> {
    Ok(parse(r, "seed", "--seed <SEED>", int::<u64>)?.unwrap_or(1))
}

/// `--depth auto|N` (the CLI's `parse_depth`).
pub fn depth(r: &Request) -> Result<Depth, Fail> {
    let d = parse(r, "depth", "--depth <DEPTH>", |s| {
        if s == "auto" {
            return Ok(Depth::Auto);
        }
        s.parse::<u16>().map(Depth::Fixed).map_err(|_| format!("'{s}' is neither 'auto' nor a depth (0–15)"))
    })?;
    Ok(d.unwrap_or(Depth::Auto))
}

/// `build-cl --weld D` (default the CLI's: [`builder::DEFAULT_WELD`]), read by the CLI's parser
/// ([`builder::parse_weld`]: 0 to the largest 32-bit float).
pub fn weld(r: &Request) -> Result<f32, Fail> {
    Ok(parse(r, "weld", "--weld <WELD>", builder::parse_weld)?.unwrap_or(builder::DEFAULT_WELD))
}

/// `build-cl --attribute X` (the CLI's `parse_attribute`): a number (0x100, 256) or a surface name.
pub fn attribute(r: &Request) -> Result<Option<u32>, Fail> {
    parse(r, "attribute", "--attribute <ATTRIBUTE>", |s| flags::parse_attribute(s).map_err(|e| e.to_string()))
}

/// `render --size WxH` (the CLI's `parse_size`; default 640x480).
pub fn size(r: &Request) -> Result<(u32, u32), Fail> {
    let size = parse(r, "size", "--size <WxH>", |s| {
        let (w, h) = s.split_once(['x', 'X']).ok_or_else(|| format!("{s:?}: expected WxH, e.g. 640x480"))?;
        let n = |t: &str| t.trim().parse::<u32>().map_err(|e| format!("{t:?}: {e}"));
        Ok((n(w)?, n(h)?))
    })?;
    Ok(size.unwrap_or((640, 480)))
}

/// `--room N ...` (`0 3`, `0,3`), from field `key` (`rooms`): a list of numbers, as clap reads
/// `--room <N>...` with `,` between values (spaces separate arguments on the command line).
pub fn rooms(r: &Request, key: &'static str) -> Result<Option<Vec<u32>>, Fail> {
    if let Value::Array(list) = &r.options[key] {
        let rooms: Option<Vec<u32>> =
            list.iter().map(|v| v.as_u64().and_then(|n| u32::try_from(n).ok())).collect();
        return rooms
            .map(Some)
            .ok_or_else(|| usage(key, format!("--room: {} is not a list of room numbers", r.options[key])));
    }
    let Some(s) = text(r, key) else { return Ok(None) };
    let mut rooms = Vec::new();
    for t in s.split([',', ' ']).filter(|t| !t.is_empty()) {
        rooms.push(t.parse::<u32>().map_err(|e| Fail {
            message: format!("invalid value '{t}' for '--room <N>...': {e}"),
            field: Some(key),
            too_large: false,
            clap: true,
        })?);
    }
    Ok(Some(rooms))
}

pub use levelkit::num::thousands;

#[cfg(test)]
mod tests {
    use super::thousands;

    #[test]
    fn counts_read_as_the_cli_prints_them() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1_184), "1,184");
        assert_eq!(thousands(3_731_853), "3,731,853");
    }
}

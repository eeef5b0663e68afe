//! The one PNG encoder and decoder: 8-bit RGB or RGBA pixels, rows top to bottom, in and out. Renders,
//! maps and exported textures are encoded here; imported textures are decoded here, bounded before any
//! pixel memory is taken.
#![deny(clippy::indexing_slicing)]

// `::png` is the png crate; this module only wraps it.

/// How the pixels handed to [`encode`] are laid out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Channels {
    /// 3 bytes a pixel.
    Rgb,
    /// 4 bytes a pixel, straight (not premultiplied) alpha.
    Rgba,
}

/// An 8-bit PNG of `width` × `height` pixels laid out as `channels` says.
pub fn encode(
    width: u32,
    height: u32,
    channels: Channels,
    pixels: &[u8],
) -> Result<Vec<u8>, ::png::EncodingError> {
    let mut out = Vec::new();
    let mut encoder = ::png::Encoder::new(&mut out, width, height);
    encoder.set_color(match channels {
        Channels::Rgb => ::png::ColorType::Rgb,
        Channels::Rgba => ::png::ColorType::Rgba,
    });
    encoder.set_depth(::png::BitDepth::Eight);
    let mut writer = encoder.write_header()?;
    writer.write_image_data(pixels)?;
    writer.finish()?;
    Ok(out)
}

/// A decoded image: RGBA8, rows top to bottom.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rgba {
    /// Pixels across.
    pub width: u32,
    /// Pixels down.
    pub height: u32,
    /// 4 bytes a pixel.
    pub pixels: Vec<u8>,
}

/// Decodes a PNG into RGBA8 (grey, palette and 16-bit images converted), refusing images of more than
/// `max_pixels` before any pixel memory is taken.
pub fn decode_rgba(data: &[u8], max_pixels: u64) -> Result<Rgba, String> {
    let fail = |e: ::png::DecodingError| format!("not a PNG image levelkit reads: {e}");
    let mut decoder = ::png::Decoder::new(std::io::Cursor::new(data));
    decoder.set_transformations(::png::Transformations::EXPAND | ::png::Transformations::STRIP_16);
    let header = decoder.read_header_info().map_err(fail)?;
    let (width, height) = (header.width, header.height);
    if u64::from(width) * u64::from(height) > max_pixels {
        return Err(format!("{width}×{height} pixels is more than the {max_pixels} levelkit reads"));
    }
    let mut reader = decoder.read_info().map_err(fail)?;
    let size = reader.output_buffer_size().ok_or_else(|| "the image is too large".to_string())?;
    let mut buf = vec![0; size];
    let info = reader.next_frame(&mut buf).map_err(fail)?;
    let step = info.color_type.samples();
    let mut pixels = Vec::with_capacity(size / step.max(1) * 4);
    for row in buf.chunks(info.line_size).take(usize::try_from(height).unwrap_or(0)) {
        for px in row.chunks_exact(step).take(usize::try_from(width).unwrap_or(0)) {
            pixels.extend_from_slice(&match px {
                [g] => [*g, *g, *g, 255],
                [g, a] => [*g, *g, *g, *a],
                [r, g, b] => [*r, *g, *b, 255],
                [r, g, b, a] => [*r, *g, *b, *a],
                _ => [0, 0, 0, 0],
            });
        }
    }
    Ok(Rgba { width, height, pixels })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rgb_and_rgba_round_trip_as_rgba() {
        let rgb = [1, 2, 3, 250, 128, 7];
        let back = decode_rgba(&encode(2, 1, Channels::Rgb, &rgb).unwrap(), 2).unwrap();
        assert_eq!(back, Rgba { width: 2, height: 1, pixels: vec![1, 2, 3, 255, 250, 128, 7, 255] });
        let rgba = [9, 8, 7, 6];
        let back = decode_rgba(&encode(1, 1, Channels::Rgba, &rgba).unwrap(), 1).unwrap();
        assert_eq!(back.pixels, rgba);
    }

    #[test]
    fn refuses_more_pixels_than_allowed_before_decoding() {
        let png = encode(3, 2, Channels::Rgb, &[0; 18]).unwrap();
        let err = decode_rgba(&png, 5).unwrap_err();
        assert_eq!(err, "3×2 pixels is more than the 5 levelkit reads");
    }
}

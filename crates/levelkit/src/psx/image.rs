//! Plain 8-bit images and their PNG encoding (the renderers' and texture decoder's output).

/// An RGBA8 image, rows top to bottom, 4 bytes a pixel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RgbaImage {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// `width × height × 4` bytes: R, G, B, A.
    pub pixels: Vec<u8>,
}

impl RgbaImage {
    /// All transparent black.
    pub fn new(width: u32, height: u32) -> RgbaImage {
        RgbaImage { width, height, pixels: vec![0; width as usize * height as usize * 4] }
    }

    /// The pixel at (x, y); panics outside the image (callers iterate its own bounds).
    pub fn get(&self, x: u32, y: u32) -> [u8; 4] {
        let i = (y as usize * self.width as usize + x as usize) * 4;
        [self.pixels[i], self.pixels[i + 1], self.pixels[i + 2], self.pixels[i + 3]]
    }

    /// Sets the pixel at (x, y); panics outside the image.
    pub fn put(&mut self, x: u32, y: u32, rgba: [u8; 4]) {
        let i = (y as usize * self.width as usize + x as usize) * 4;
        self.pixels[i..i + 4].copy_from_slice(&rgba);
    }

    /// The image as an 8-bit RGBA PNG.
    pub fn to_png(&self) -> Result<Vec<u8>, png::EncodingError> {
        encode_png(self.width, self.height, png::ColorType::Rgba, &self.pixels)
    }
}

/// An RGB8 image, rows top to bottom, 3 bytes a pixel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RgbImage {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// `width × height × 3` bytes: R, G, B.
    pub pixels: Vec<u8>,
}

impl RgbImage {
    /// All black.
    pub fn new(width: u32, height: u32) -> RgbImage {
        RgbImage { width, height, pixels: vec![0; width as usize * height as usize * 3] }
    }

    /// The pixel at (x, y); panics outside the image.
    pub fn get(&self, x: u32, y: u32) -> [u8; 3] {
        let i = (y as usize * self.width as usize + x as usize) * 3;
        [self.pixels[i], self.pixels[i + 1], self.pixels[i + 2]]
    }

    /// The image as an 8-bit RGB PNG.
    pub fn to_png(&self) -> Result<Vec<u8>, png::EncodingError> {
        encode_png(self.width, self.height, png::ColorType::Rgb, &self.pixels)
    }

    /// Reads an 8-bit RGB or RGBA PNG (alpha dropped), as the golden-image tests need.
    pub fn from_png(data: &[u8]) -> Result<RgbImage, png::DecodingError> {
        let mut decoder = png::Decoder::new(std::io::Cursor::new(data));
        decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
        let mut reader = decoder.read_info()?;
        let size = reader.output_buffer_size().ok_or(png::DecodingError::LimitsExceeded)?;
        let mut buf = vec![0; size];
        let info = reader.next_frame(&mut buf)?;
        let step = match info.color_type {
            png::ColorType::Rgb => 3,
            png::ColorType::Rgba => 4,
            png::ColorType::Grayscale => 1,
            png::ColorType::GrayscaleAlpha => 2,
            png::ColorType::Indexed => 3,
        };
        let mut pixels = Vec::with_capacity(info.width as usize * info.height as usize * 3);
        for row in buf.chunks(info.line_size).take(info.height as usize) {
            for px in row.chunks(step).take(info.width as usize) {
                match step {
                    1 | 2 => pixels.extend_from_slice(&[px[0], px[0], px[0]]),
                    _ => pixels.extend_from_slice(&px[..3]),
                }
            }
        }
        Ok(RgbImage { width: info.width, height: info.height, pixels })
    }
}

fn encode_png(
    width: u32,
    height: u32,
    colour: png::ColorType,
    pixels: &[u8],
) -> Result<Vec<u8>, png::EncodingError> {
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, width, height);
    encoder.set_color(colour);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header()?;
    writer.write_image_data(pixels)?;
    writer.finish()?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn png_round_trip() {
        let mut image = RgbImage::new(3, 2);
        image.pixels[3..6].copy_from_slice(&[1, 2, 3]);
        image.pixels[15..18].copy_from_slice(&[250, 128, 7]);
        let back = RgbImage::from_png(&image.to_png().unwrap()).unwrap();
        assert_eq!(back, image);
        let mut rgba = RgbaImage::new(2, 1);
        rgba.put(1, 0, [9, 8, 7, 255]);
        let back = RgbImage::from_png(&rgba.to_png().unwrap()).unwrap();
        assert_eq!(back.get(1, 0), [9, 8, 7]);
    }
}

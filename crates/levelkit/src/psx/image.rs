//! Plain 8-bit images (the renderers' and texture decoder's output), and with feature `convert` or
//! `render` their PNG encoding.

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
    #[cfg(any(feature = "convert", feature = "render"))]
    pub fn to_png(&self) -> Result<Vec<u8>, png::EncodingError> {
        crate::png::encode(self.width, self.height, crate::png::Channels::Rgba, &self.pixels)
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
    #[cfg(any(feature = "convert", feature = "render"))]
    pub fn to_png(&self) -> Result<Vec<u8>, png::EncodingError> {
        crate::png::encode(self.width, self.height, crate::png::Channels::Rgb, &self.pixels)
    }

    /// Reads a PNG (alpha dropped; grey, palette and 16-bit images converted), as the golden-image tests
    /// need; an image of more than `max_pixels` is refused before any pixel memory is taken.
    #[cfg(any(feature = "convert", feature = "render"))]
    pub fn from_png(data: &[u8], max_pixels: u64) -> Result<RgbImage, String> {
        let rgba = crate::png::decode_rgba(data, max_pixels)?;
        let pixels = rgba.pixels.chunks_exact(4).flat_map(|px| [px[0], px[1], px[2]]).collect();
        Ok(RgbImage { width: rgba.width, height: rgba.height, pixels })
    }
}

#[cfg(all(test, any(feature = "convert", feature = "render")))]
mod tests {
    use super::*;

    #[test]
    fn png_round_trip() {
        let mut image = RgbImage::new(3, 2);
        image.pixels[3..6].copy_from_slice(&[1, 2, 3]);
        image.pixels[15..18].copy_from_slice(&[250, 128, 7]);
        let back = RgbImage::from_png(&image.to_png().unwrap(), 6).unwrap();
        assert_eq!(back, image);
        let mut rgba = RgbaImage::new(2, 1);
        rgba.put(1, 0, [9, 8, 7, 255]);
        let back = RgbImage::from_png(&rgba.to_png().unwrap(), 2).unwrap();
        assert_eq!(back.get(1, 0), [9, 8, 7]);
    }
}

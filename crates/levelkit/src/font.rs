//! The font levelkit writes the words of its pictures in (the map's legend): embedded-graphics' 9×15
//! monospaced bitmap font (the X11 misc-fixed font), printable ASCII with small letters, read at 100 % on a
//! 1024-pixel map. It is bitmap data drawn with integers, pure Rust, so a picture's bytes are the same on
//! every platform. Characters outside printable ASCII print as `?`.

use embedded_graphics::mono_font::ascii::FONT_9X15;
use embedded_graphics::mono_font::{MonoFont, MonoTextStyle};
use embedded_graphics::pixelcolor::BinaryColor;
use embedded_graphics::prelude::{DrawTarget, OriginDimensions, Pixel, Point, Size};
use embedded_graphics::text::{Baseline, Text};
use embedded_graphics::Drawable;

/// The font.
const FONT: MonoFont<'static> = FONT_9X15;

/// Pixels from one character's left edge to the next one's.
pub const ADVANCE: u32 = 9;
/// Rows of a character, from the top of its tallest letters to the bottom of its descenders.
pub const HEIGHT: u32 = 15;

// The font's own sizes are these (checked when the crate builds).
const _: () = assert!(FONT.character_size.width + FONT.character_spacing == ADVANCE);
const _: () = assert!(FONT.character_size.height == HEIGHT);

/// Whether every character of `text` has a glyph of its own (the others print as `?`): the tests hold every
/// label to it.
#[cfg(test)]
pub fn covers(text: &str) -> bool {
    text.chars().all(|c| c == ' ' || c.is_ascii_graphic())
}

/// How wide `text` prints, in pixels.
pub fn width(text: &str) -> u32 {
    u32::try_from(text.chars().count()).unwrap_or(u32::MAX).saturating_mul(ADVANCE)
}

/// The pixels `text` sets, as (x, y) from its top-left corner, left to right: each character's glyph moved
/// [`ADVANCE`] pixels on from the last (a monospaced font has no kerning), the glyphs drawn once.
pub fn pixels(text: &str) -> Vec<(u32, u32)> {
    static GLYPHS: std::sync::OnceLock<Vec<Vec<(u32, u32)>>> = std::sync::OnceLock::new();
    let glyphs =
        GLYPHS.get_or_init(|| (0..128u8).map(|c| drawn(char::from(c).encode_utf8(&mut [0; 4]))).collect());
    let mut out = Vec::new();
    for (c, left) in text.chars().zip((0u32..).step_by(ADVANCE as usize)) {
        // Anything outside ASCII prints as the font's `?`.
        let glyph = glyphs.get(c as usize).unwrap_or(&glyphs[usize::from(b'?')]);
        out.extend(glyph.iter().map(|&(x, y)| (left.saturating_add(x), y)));
    }
    out
}

/// The pixels `text` sets as the font's own text drawing sets them.
fn drawn(text: &str) -> Vec<(u32, u32)> {
    let mut collect = Collect(Vec::new());
    let style = MonoTextStyle::new(&FONT, BinaryColor::On);
    // Drawing into a Vec cannot fail.
    let _ = Text::with_baseline(text, Point::zero(), style, Baseline::Top).draw(&mut collect);
    collect.0
}

/// A draw target that keeps the pixels set.
struct Collect(Vec<(u32, u32)>);

impl OriginDimensions for Collect {
    fn size(&self) -> Size {
        Size::new(u32::MAX, HEIGHT)
    }
}

impl DrawTarget for Collect {
    type Color = BinaryColor;
    type Error = std::convert::Infallible;

    fn draw_iter<I: IntoIterator<Item = Pixel<BinaryColor>>>(
        &mut self,
        pixels: I,
    ) -> Result<(), Self::Error> {
        for Pixel(p, colour) in pixels {
            if let (true, Ok(x), Ok(y)) = (colour.is_on(), u32::try_from(p.x), u32::try_from(p.y)) {
                self.0.push((x, y));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The glyphs as text, so a wrong pixel shows as a picture.
    fn picture(text: &str) -> Vec<String> {
        let mut rows = vec![vec![b'.'; width(text) as usize]; HEIGHT as usize];
        for (x, y) in pixels(text) {
            rows[y as usize][x as usize] = b'#';
        }
        rows.into_iter().map(|r| String::from_utf8(r).unwrap()).collect()
    }

    #[test]
    fn letters_print_as_drawn_and_other_characters_as_a_question_mark() {
        let hi = picture("Hi");
        assert_eq!(hi.len(), 15);
        // H: two stems of 10 pixels with a bar across; then i.
        assert_eq!(&hi[2][..9], ".#.....#.", "{hi:#?}");
        assert_eq!(&hi[6][..9], ".#######.", "{hi:#?}");
        assert_eq!(hi.iter().filter(|r| r.as_bytes()[1] == b'#').count(), 10, "{hi:#?}");
        assert_ne!(picture("h"), picture("H"));
        assert_eq!(picture("é"), picture("?"));
        assert!(covers("the game's rules (nodes[*].list)") && !covers("é"));
        assert_eq!(width("10 units"), 72);
    }

    #[test]
    fn text_prints_as_the_font_draws_it() {
        for text in ["", "Hi", "holes: 12 (line casts), nodes[*].list", "é~ \u{7f}\t|", "0123456789 units"] {
            let mut ours = pixels(text);
            let mut its = drawn(text);
            ours.sort_unstable();
            its.sort_unstable();
            assert_eq!(ours, its, "{text:?} prints other than the font draws it");
        }
    }

    #[test]
    fn every_glyph_the_legends_use_is_distinct() {
        let chars: Vec<char> = (' '..='~').collect();
        for (i, a) in chars.iter().enumerate() {
            for b in &chars[i + 1..] {
                assert_ne!(
                    picture(&a.to_string()),
                    picture(&b.to_string()),
                    "{a:?} and {b:?} print the same"
                );
            }
        }
    }
}

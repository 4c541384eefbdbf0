//! The QR code of a link, as one SVG path: the page draws it (`<svg viewBox>` with this path)
//! without any image or script, so a friend can open a game's link with a phone's camera.

use qrcode::{Color, EcLevel, QrCode};

/// A QR code drawn as one path of unit squares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QrPath {
    /// Modules per side, the quiet zone (4 modules each side) included: the SVG's `viewBox`
    /// is `0 0 size size`.
    pub size: usize,
    /// The dark modules, each `M x y h1v1h-1z`, runs of a row merged.
    pub d: String,
}

/// The quiet zone around the code, in modules (the standard's four).
const QUIET: usize = 4;

/// The QR code of `text` (medium error correction), or why it cannot be made (too long).
pub fn qr_path(text: &str) -> Result<QrPath, String> {
    let code = QrCode::with_error_correction_level(text.as_bytes(), EcLevel::M)
        .map_err(|e| e.to_string())?;
    let width = code.width();
    let colors = code.to_colors();
    let mut d = String::new();
    for y in 0..width {
        let mut x = 0;
        while x < width {
            if colors[y * width + x] == Color::Dark {
                let start = x;
                while x < width && colors[y * width + x] == Color::Dark {
                    x += 1;
                }
                d.push_str(&format!(
                    "M{} {}h{}v1h-{}z",
                    start + QUIET,
                    y + QUIET,
                    x - start,
                    x - start
                ));
            } else {
                x += 1;
            }
        }
    }
    Ok(QrPath {
        size: width + 2 * QUIET,
        d,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The modules the path paints, read back.
    fn painted(q: &QrPath) -> Vec<bool> {
        let mut grid = vec![false; q.size * q.size];
        for part in q.d.split('M').filter(|p| !p.is_empty()) {
            let (xy, rest) = part.split_once('h').unwrap();
            let (x, y) = xy.split_once(' ').unwrap();
            let run: usize = rest.split_once('v').unwrap().0.parse().unwrap();
            let (x, y): (usize, usize) = (x.parse().unwrap(), y.parse().unwrap());
            for i in 0..run {
                grid[y * q.size + x + i] = true;
            }
        }
        grid
    }

    #[test]
    fn the_path_paints_exactly_the_dark_modules() {
        let link = "https://piquet.example/?room=0123456789abcdef0123456789abcdef";
        let q = qr_path(link).unwrap();
        let code = QrCode::with_error_correction_level(link.as_bytes(), EcLevel::M).unwrap();
        let w = code.width();
        assert_eq!(q.size, w + 8);
        let grid = painted(&q);
        let colors = code.to_colors();
        for y in 0..q.size {
            for x in 0..q.size {
                let inside = (QUIET..QUIET + w).contains(&x) && (QUIET..QUIET + w).contains(&y);
                let dark = inside && colors[(y - QUIET) * w + x - QUIET] == Color::Dark;
                assert_eq!(grid[y * q.size + x], dark, "({x}, {y})");
            }
        }
        // The finder pattern's top-left corner is dark, the quiet zone is not.
        assert!(grid[QUIET * q.size + QUIET]);
        assert!(!grid[0]);
    }

    #[test]
    fn a_text_too_long_is_refused_by_name() {
        let long = "x".repeat(5000);
        assert!(qr_path(&long).is_err());
    }
}

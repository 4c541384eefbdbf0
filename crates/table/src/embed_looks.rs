//! How the embedded table looks (docs/embedding.md, "Looks"): its theme, the page's background,
//! an accent colour, the font, the card backs and the size of the cards, read from the page's
//! parameters (`theme`, `bg`, `accent`, `font`, `back`, `size`) or from a host's `setTheme`,
//! and turned into what the page sets on its root element ([`Paint`]). Every colour is checked
//! and written back in a canonical form (`#rrggbb` or `rgb(r g b / a)`), so that nothing but a
//! colour ever reaches the page's style; the text put on an accent or a card back is chosen by
//! contrast (WCAG's relative luminance), so that it stays readable whatever the host picks.

/// The colours of the embedded table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Theme {
    /// The green cloth of the app.
    #[default]
    Baize,
    Light,
    /// A neutral dark (it sits on a #121212 page), not a navy.
    Dark,
    /// Light or dark as the reader's system prefers (`prefers-color-scheme`).
    Auto,
}

impl Theme {
    pub fn id(self) -> &'static str {
        match self {
            Theme::Baize => "baize",
            Theme::Light => "light",
            Theme::Dark => "dark",
            Theme::Auto => "auto",
        }
    }

    /// The theme drawn: `auto` is light or dark as the reader prefers.
    pub fn resolve(self, prefers_dark: bool) -> Theme {
        match self {
            Theme::Auto if prefers_dark => Theme::Dark,
            Theme::Auto => Theme::Light,
            other => other,
        }
    }

    pub(crate) const CHOICES: [(&'static str, Theme); 4] = [
        ("light", Theme::Light),
        ("dark", Theme::Dark),
        ("baize", Theme::Baize),
        ("auto", Theme::Auto),
    ];
}

/// The size of the cards in the embedded table, in play and in a replay.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Size {
    Small,
    #[default]
    Medium,
    Large,
}

impl Size {
    pub fn id(self) -> &'static str {
        match self {
            Size::Small => "small",
            Size::Medium => "medium",
            Size::Large => "large",
        }
    }

    /// The factor on every card's width (`--scale`).
    pub fn scale(self) -> &'static str {
        match self {
            Size::Small => "0.78",
            Size::Medium => "1",
            Size::Large => "1.25",
        }
    }

    pub(crate) const CHOICES: [(&'static str, Size); 3] = [
        ("small", Size::Small),
        ("medium", Size::Medium),
        ("large", Size::Large),
    ];
}

/// A colour a host gave, read: its channels (0 … 255) and alpha (0 … 1).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Colour {
    pub rgb: [u8; 3],
    pub alpha: f64,
}

impl Eq for Colour {}

impl Colour {
    /// Reads a CSS colour: `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb()`/`rgba()` (numbers
    /// or percentages, commas or spaces, an alpha after `/` or a fourth comma), `hsl()`/`hsla()`,
    /// or one of CSS's named colours. Case and surrounding blanks do not matter; anything else is
    /// `None`.
    pub fn parse(value: &str) -> Option<Colour> {
        let v = value.trim().to_ascii_lowercase();
        if v.len() > 64 {
            return None;
        }
        if let Some(hex) = v.strip_prefix('#') {
            return hex_colour(hex);
        }
        if let Some((name, args)) = v.strip_suffix(')').and_then(|v| v.split_once('(')) {
            return functional(name.trim(), args);
        }
        NAMED.iter().find(|(n, _)| *n == v).map(|&(_, hex)| Colour {
            rgb: [(hex >> 16) as u8, (hex >> 8) as u8, hex as u8],
            alpha: 1.0,
        })
    }

    /// The colour as CSS, canonical: `#rrggbb`, or `rgb(r g b / a)` when it is see-through
    /// (the alpha to three decimals; written with whole numbers only, so that the wasm carries
    /// no float formatting for it).
    pub fn css(&self) -> String {
        let [r, g, b] = self.rgb;
        let thousandths = (self.alpha * 1000.0).round() as u32;
        if thousandths >= 1000 {
            return format!("#{r:02x}{g:02x}{b:02x}");
        }
        let mut digits = format!("{thousandths:03}");
        while digits.len() > 1 && digits.ends_with('0') {
            digits.pop();
        }
        format!("rgb({r} {g} {b} / 0.{digits})")
    }

    /// WCAG 2's relative luminance (of the colour as if it were opaque).
    pub fn luminance(&self) -> f64 {
        let lin = |c: u8| {
            let c = f64::from(c) / 255.0;
            if c <= 0.039_28 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        };
        let [r, g, b] = self.rgb;
        0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
    }

    /// WCAG 2's contrast ratio of two colours (1 … 21).
    pub fn contrast(&self, other: &Colour) -> f64 {
        let (a, b) = (self.luminance(), other.luminance());
        (a.max(b) + 0.05) / (a.min(b) + 0.05)
    }

    /// Whether dark text reads better on it than white text.
    pub fn is_light(&self) -> bool {
        self.contrast(&INK) >= self.contrast(&WHITE)
    }

    /// The text to put on it: white, or the app's ink (black where even the ink would not
    /// do), whichever contrasts more: at least 4.5:1 on any opaque colour.
    pub fn text_on(&self) -> Colour {
        let dark = if self.contrast(&INK) >= 4.5 {
            INK
        } else {
            BLACK
        };
        if self.contrast(&dark) >= self.contrast(&WHITE) {
            dark
        } else {
            WHITE
        }
    }
}

/// The app's ink (`--ink`).
pub const INK: Colour = Colour {
    rgb: [0x11, 0x18, 0x27],
    alpha: 1.0,
};
const WHITE: Colour = Colour {
    rgb: [255, 255, 255],
    alpha: 1.0,
};
const BLACK: Colour = Colour {
    rgb: [0, 0, 0],
    alpha: 1.0,
};

fn hex_colour(hex: &str) -> Option<Colour> {
    if !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    let digit = |i: usize| u8::from_str_radix(&hex[i..=i], 16).ok();
    let pair = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).ok();
    let (rgb, alpha) = match hex.len() {
        3 | 4 => {
            let c = |i| digit(i).map(|d| d * 17);
            let a = if hex.len() == 4 { c(3)? } else { 255 };
            ([c(0)?, c(1)?, c(2)?], a)
        }
        6 | 8 => {
            let a = if hex.len() == 8 { pair(6)? } else { 255 };
            ([pair(0)?, pair(2)?, pair(4)?], a)
        }
        _ => return None,
    };
    Some(Colour {
        rgb,
        alpha: f64::from(alpha) / 255.0,
    })
}

/// A number of a colour function: `12`, `12.5`, `50%` (as a fraction of `full`), never a sign
/// other than on a hue, never an exponent.
fn number(text: &str, full: f64, max: f64) -> Option<f64> {
    let (digits, percent) = match text.strip_suffix('%') {
        Some(d) => (d, true),
        None => (text, false),
    };
    let plain = !digits.is_empty()
        && digits.len() <= 12
        && digits.bytes().all(|b| b.is_ascii_digit() || b == b'.')
        && digits.bytes().filter(|&b| b == b'.').count() <= 1
        && digits != ".";
    if !plain {
        return None;
    }
    // Read by hand (digits and one point): no float parser in the wasm for it.
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
    let mut n = whole
        .bytes()
        .fold(0.0, |n, b| n * 10.0 + f64::from(b - b'0'));
    let mut scale = 0.1;
    for b in fraction.bytes() {
        n += f64::from(b - b'0') * scale;
        scale /= 10.0;
    }
    let n = if percent { n / 100.0 * full } else { n };
    (n <= max).then_some(n)
}

fn functional(name: &str, args: &str) -> Option<Colour> {
    // `a, b, c[, d]` or `a b c[ / d]`.
    let (main, alpha): (Vec<&str>, Option<&str>) = if args.contains(',') {
        let mut parts: Vec<&str> = args.split(',').map(str::trim).collect();
        let alpha = (parts.len() == 4).then(|| parts.pop()).flatten();
        (parts, alpha)
    } else {
        let (main, alpha) = match args.split_once('/') {
            Some((m, a)) => (m, Some(a.trim())),
            None => (args, None),
        };
        (main.split_whitespace().collect(), alpha)
    };
    if main.len() != 3 {
        return None;
    }
    let alpha = match alpha {
        Some(a) => number(a, 1.0, 1.0)?,
        None => 1.0,
    };
    let rgb = match name {
        "rgb" | "rgba" => {
            let c = |t: &str| number(t, 255.0, 255.0).map(|n| n.round() as u8);
            [c(main[0])?, c(main[1])?, c(main[2])?]
        }
        "hsl" | "hsla" => {
            let hue = main[0].strip_suffix("deg").unwrap_or(main[0]);
            let (neg, hue) = match hue.strip_prefix('-') {
                Some(h) => (true, h),
                None => (false, hue),
            };
            let h = number(hue, 0.0, f64::MAX).filter(|_| !hue.ends_with('%'))?;
            let h = if neg { -h } else { h }.rem_euclid(360.0) / 360.0;
            let pct = |t: &str| t.ends_with('%').then(|| number(t, 1.0, 1.0)).flatten();
            let (s, l) = (pct(main[1])?, pct(main[2])?);
            hsl_to_rgb(h, s, l)
        }
        _ => return None,
    };
    Some(Colour { rgb, alpha })
}

fn hsl_to_rgb(h: f64, s: f64, l: f64) -> [u8; 3] {
    let q = if l < 0.5 {
        l * (1.0 + s)
    } else {
        l + s - l * s
    };
    let p = 2.0 * l - q;
    let channel = |t: f64| {
        let t = t.rem_euclid(1.0);
        let v = if t < 1.0 / 6.0 {
            p + (q - p) * 6.0 * t
        } else if t < 0.5 {
            q
        } else if t < 2.0 / 3.0 {
            p + (q - p) * (2.0 / 3.0 - t) * 6.0
        } else {
            p
        };
        (v * 255.0).round() as u8
    };
    [channel(h + 1.0 / 3.0), channel(h), channel(h - 1.0 / 3.0)]
}

/// The table's background (`bg`): none of its own, or a colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Background {
    /// The host's page shows through.
    Transparent,
    Colour(Colour),
}

impl Background {
    pub fn parse(value: &str) -> Option<Background> {
        if value.trim().eq_ignore_ascii_case("transparent") {
            Some(Background::Transparent)
        } else {
            Colour::parse(value).map(Background::Colour)
        }
    }
}

/// The table's font (`font`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Font {
    /// The app's own serif.
    #[default]
    Serif,
    /// The reader's system font.
    System,
    Sans,
    /// A list of font families, as a host's CSS has it (what `<piquet-table font="inherit">`
    /// reads from the element's computed style).
    Families(String),
}

/// The longest list of font families.
pub const MAX_FONT: usize = 200;

impl Font {
    /// `system`, `serif`, `sans`, or a list of families: each a quoted name (`"Gill Sans"`) or
    /// words of letters, digits, `-` and `_`, separated by commas. A CSS-wide keyword
    /// (`inherit`…) is not a font here: a frame cannot inherit from its host page.
    pub fn parse(value: &str) -> Option<Font> {
        let v = value.trim();
        match v {
            "system" => return Some(Font::System),
            "serif" => return Some(Font::Serif),
            "sans" => return Some(Font::Sans),
            _ => {}
        }
        let keyword = [
            "inherit",
            "initial",
            "unset",
            "revert",
            "revert-layer",
            "default",
        ]
        .iter()
        .any(|k| v.eq_ignore_ascii_case(k));
        if keyword || v.is_empty() || v.len() > MAX_FONT {
            return None;
        }
        let families: Vec<String> = v
            .split(',')
            .map(|f| family(f.trim()))
            .collect::<Option<_>>()?;
        Some(Font::Families(families.join(", ")))
    }

    /// The CSS `font-family` to draw with.
    pub fn stack(&self) -> &str {
        match self {
            Font::Serif => {
                "\"Iowan Old Style\", \"Palatino Linotype\", Palatino, Georgia, \"DejaVu Serif\", serif"
            }
            Font::System => {
                "system-ui, -apple-system, \"Segoe UI\", Roboto, \"Noto Sans\", \"Liberation Sans\", sans-serif"
            }
            Font::Sans => {
                "\"Helvetica Neue\", Helvetica, Arial, \"Liberation Sans\", \"DejaVu Sans\", sans-serif"
            }
            Font::Families(list) => list,
        }
    }
}

/// One family of a list, checked and written back quoted when it is not a plain name.
fn family(f: &str) -> Option<String> {
    let quoted = |q: char| {
        f.strip_prefix(q)
            .and_then(|s| s.strip_suffix(q))
            .filter(|s| {
                !s.trim().is_empty()
                    && s.chars()
                        .all(|c| !c.is_control() && c != '"' && c != '\'' && c != '\\')
            })
            .map(|s| format!("\"{s}\""))
    };
    if f.starts_with('"') || f.starts_with('\'') {
        return quoted('"').or_else(|| quoted('\''));
    }
    let plain = !f.is_empty()
        && f.chars()
            .all(|c| c.is_alphanumeric() || c == ' ' || c == '-' || c == '_')
        && !f.starts_with(|c: char| c.is_ascii_digit());
    plain.then(|| f.split_whitespace().collect::<Vec<_>>().join(" "))
}

/// Everything that changes how the embedded table looks.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Looks {
    pub theme: Theme,
    /// `None`: the theme's own background.
    pub bg: Option<Background>,
    /// `None`: the theme's own accent.
    pub accent: Option<Colour>,
    pub font: Font,
    /// The colour of the card backs; `None`: the app's dark red.
    pub back: Option<Colour>,
    pub size: Size,
}

/// What a host's `setTheme` changes; what it leaves out stays as it is.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LooksChange {
    pub theme: Option<Theme>,
    pub bg: Option<Background>,
    pub accent: Option<Colour>,
    pub font: Option<Font>,
    pub back: Option<Colour>,
    pub size: Option<Size>,
}

impl LooksChange {
    /// `looks` with this change put over it.
    pub fn over(&self, looks: &Looks) -> Looks {
        Looks {
            theme: self.theme.unwrap_or(looks.theme),
            bg: self.bg.or(looks.bg),
            accent: self.accent.or(looks.accent),
            font: self.font.clone().unwrap_or_else(|| looks.font.clone()),
            back: self.back.or(looks.back),
            size: self.size.unwrap_or(looks.size),
        }
    }
}

/// What the page puts on its root element to look as asked: `data-theme` (`baize`, `light`,
/// `dark`), `data-size`, `data-bg` (`transparent`, `colour`, or none), `data-accent` and
/// `data-back` when given, the custom properties, and the font.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Paint {
    pub theme: &'static str,
    pub size: &'static str,
    pub bg: Option<&'static str>,
    /// Custom properties: `--scale`, and `--embed-bg`, `--accent`, `--on-accent`, `--back`,
    /// `--back-line` when given.
    pub vars: Vec<(&'static str, String)>,
    pub font: String,
}

impl Looks {
    /// How to draw these looks for a reader who prefers dark (`prefers_dark`, for `auto`). A
    /// background colour decides between dark and light text: on a light `bg` the table takes
    /// the light theme's colours, on a dark one the dark theme's (or the baize's, when asked),
    /// so that its words are always readable on it.
    pub fn paint(&self, prefers_dark: bool) -> Paint {
        let mut theme = self.theme.resolve(prefers_dark);
        let mut vars = vec![("--scale", self.size.scale().to_string())];
        let bg = match self.bg {
            None => None,
            Some(Background::Transparent) => Some("transparent"),
            Some(Background::Colour(c)) => {
                if c.alpha >= 0.5 {
                    theme = match (c.is_light(), theme) {
                        (true, _) => Theme::Light,
                        (false, Theme::Baize) => Theme::Baize,
                        (false, _) => Theme::Dark,
                    };
                }
                vars.push(("--embed-bg", c.css()));
                Some("colour")
            }
        };
        if let Some(a) = self.accent {
            let opaque = Colour { alpha: 1.0, ..a };
            vars.push(("--accent", opaque.css()));
            vars.push(("--on-accent", opaque.text_on().css()));
        }
        if let Some(b) = self.back {
            let opaque = Colour { alpha: 1.0, ..b };
            vars.push(("--back", opaque.css()));
            // The pattern on the back: light on a dark back, dark on a light one.
            let line = if opaque.is_light() {
                "#1f2937"
            } else {
                "#fef3c7"
            };
            vars.push(("--back-line", line.to_string()));
        }
        Paint {
            theme: theme.id(),
            size: self.size.id(),
            bg,
            vars,
            font: self.font.stack().to_string(),
        }
    }
}

/// CSS's named colours (CSS Color 4), `0xRRGGBB`.
const NAMED: [(&str, u32); 148] = [
    ("aliceblue", 0xf0f8ff),
    ("antiquewhite", 0xfaebd7),
    ("aqua", 0x00ffff),
    ("aquamarine", 0x7fffd4),
    ("azure", 0xf0ffff),
    ("beige", 0xf5f5dc),
    ("bisque", 0xffe4c4),
    ("black", 0x000000),
    ("blanchedalmond", 0xffebcd),
    ("blue", 0x0000ff),
    ("blueviolet", 0x8a2be2),
    ("brown", 0xa52a2a),
    ("burlywood", 0xdeb887),
    ("cadetblue", 0x5f9ea0),
    ("chartreuse", 0x7fff00),
    ("chocolate", 0xd2691e),
    ("coral", 0xff7f50),
    ("cornflowerblue", 0x6495ed),
    ("cornsilk", 0xfff8dc),
    ("crimson", 0xdc143c),
    ("cyan", 0x00ffff),
    ("darkblue", 0x00008b),
    ("darkcyan", 0x008b8b),
    ("darkgoldenrod", 0xb8860b),
    ("darkgray", 0xa9a9a9),
    ("darkgreen", 0x006400),
    ("darkgrey", 0xa9a9a9),
    ("darkkhaki", 0xbdb76b),
    ("darkmagenta", 0x8b008b),
    ("darkolivegreen", 0x556b2f),
    ("darkorange", 0xff8c00),
    ("darkorchid", 0x9932cc),
    ("darkred", 0x8b0000),
    ("darksalmon", 0xe9967a),
    ("darkseagreen", 0x8fbc8f),
    ("darkslateblue", 0x483d8b),
    ("darkslategray", 0x2f4f4f),
    ("darkslategrey", 0x2f4f4f),
    ("darkturquoise", 0x00ced1),
    ("darkviolet", 0x9400d3),
    ("deeppink", 0xff1493),
    ("deepskyblue", 0x00bfff),
    ("dimgray", 0x696969),
    ("dimgrey", 0x696969),
    ("dodgerblue", 0x1e90ff),
    ("firebrick", 0xb22222),
    ("floralwhite", 0xfffaf0),
    ("forestgreen", 0x228b22),
    ("fuchsia", 0xff00ff),
    ("gainsboro", 0xdcdcdc),
    ("ghostwhite", 0xf8f8ff),
    ("gold", 0xffd700),
    ("goldenrod", 0xdaa520),
    ("gray", 0x808080),
    ("green", 0x008000),
    ("greenyellow", 0xadff2f),
    ("grey", 0x808080),
    ("honeydew", 0xf0fff0),
    ("hotpink", 0xff69b4),
    ("indianred", 0xcd5c5c),
    ("indigo", 0x4b0082),
    ("ivory", 0xfffff0),
    ("khaki", 0xf0e68c),
    ("lavender", 0xe6e6fa),
    ("lavenderblush", 0xfff0f5),
    ("lawngreen", 0x7cfc00),
    ("lemonchiffon", 0xfffacd),
    ("lightblue", 0xadd8e6),
    ("lightcoral", 0xf08080),
    ("lightcyan", 0xe0ffff),
    ("lightgoldenrodyellow", 0xfafad2),
    ("lightgray", 0xd3d3d3),
    ("lightgreen", 0x90ee90),
    ("lightgrey", 0xd3d3d3),
    ("lightpink", 0xffb6c1),
    ("lightsalmon", 0xffa07a),
    ("lightseagreen", 0x20b2aa),
    ("lightskyblue", 0x87cefa),
    ("lightslategray", 0x778899),
    ("lightslategrey", 0x778899),
    ("lightsteelblue", 0xb0c4de),
    ("lightyellow", 0xffffe0),
    ("lime", 0x00ff00),
    ("limegreen", 0x32cd32),
    ("linen", 0xfaf0e6),
    ("magenta", 0xff00ff),
    ("maroon", 0x800000),
    ("mediumaquamarine", 0x66cdaa),
    ("mediumblue", 0x0000cd),
    ("mediumorchid", 0xba55d3),
    ("mediumpurple", 0x9370db),
    ("mediumseagreen", 0x3cb371),
    ("mediumslateblue", 0x7b68ee),
    ("mediumspringgreen", 0x00fa9a),
    ("mediumturquoise", 0x48d1cc),
    ("mediumvioletred", 0xc71585),
    ("midnightblue", 0x191970),
    ("mintcream", 0xf5fffa),
    ("mistyrose", 0xffe4e1),
    ("moccasin", 0xffe4b5),
    ("navajowhite", 0xffdead),
    ("navy", 0x000080),
    ("oldlace", 0xfdf5e6),
    ("olive", 0x808000),
    ("olivedrab", 0x6b8e23),
    ("orange", 0xffa500),
    ("orangered", 0xff4500),
    ("orchid", 0xda70d6),
    ("palegoldenrod", 0xeee8aa),
    ("palegreen", 0x98fb98),
    ("paleturquoise", 0xafeeee),
    ("palevioletred", 0xdb7093),
    ("papayawhip", 0xffefd5),
    ("peachpuff", 0xffdab9),
    ("peru", 0xcd853f),
    ("pink", 0xffc0cb),
    ("plum", 0xdda0dd),
    ("powderblue", 0xb0e0e6),
    ("purple", 0x800080),
    ("rebeccapurple", 0x663399),
    ("red", 0xff0000),
    ("rosybrown", 0xbc8f8f),
    ("royalblue", 0x4169e1),
    ("saddlebrown", 0x8b4513),
    ("salmon", 0xfa8072),
    ("sandybrown", 0xf4a460),
    ("seagreen", 0x2e8b57),
    ("seashell", 0xfff5ee),
    ("sienna", 0xa0522d),
    ("silver", 0xc0c0c0),
    ("skyblue", 0x87ceeb),
    ("slateblue", 0x6a5acd),
    ("slategray", 0x708090),
    ("slategrey", 0x708090),
    ("snow", 0xfffafa),
    ("springgreen", 0x00ff7f),
    ("steelblue", 0x4682b4),
    ("tan", 0xd2b48c),
    ("teal", 0x008080),
    ("thistle", 0xd8bfd8),
    ("tomato", 0xff6347),
    ("turquoise", 0x40e0d0),
    ("violet", 0xee82ee),
    ("wheat", 0xf5deb3),
    ("white", 0xffffff),
    ("whitesmoke", 0xf5f5f5),
    ("yellow", 0xffff00),
    ("yellowgreen", 0x9acd32),
];

#[cfg(test)]
mod tests {
    use super::*;

    fn c(v: &str) -> String {
        Colour::parse(v)
            .map(|c| c.css())
            .unwrap_or_else(|| "-".into())
    }

    #[test]
    fn colours_are_read_in_every_css_form_and_written_back_canonical() {
        assert_eq!(c("#121212"), "#121212");
        assert_eq!(c("#ABC"), "#aabbcc");
        assert_eq!(c(" #abcd "), "rgb(170 187 204 / 0.867)");
        assert_eq!(c("#11223380"), "rgb(17 34 51 / 0.502)");
        assert_eq!(c("rgb(18, 18, 18)"), "#121212");
        assert_eq!(c("rgba(255,0,0,0.5)"), "rgb(255 0 0 / 0.5)");
        assert_eq!(c("rgb(100% 50% 0% / 25%)"), "rgb(255 128 0 / 0.25)");
        assert_eq!(c("hsl(120, 100%, 25%)"), "#008000");
        assert_eq!(c("hsl(-120deg 100% 50%)"), "#0000ff");
        assert_eq!(c("hsla(0 0% 100% / .5)"), "rgb(255 255 255 / 0.5)");
        assert_eq!(c("RebeccaPurple"), "#663399");
        assert_eq!(c("white"), "#ffffff");
        for bad in [
            "",
            "#12",
            "#12345",
            "#ggg",
            "rgb(1,2)",
            "rgb(256,0,0)",
            "rgb(-1,0,0)",
            "rgb(1e2,0,0)",
            "rgb(1,2,3,4,5)",
            "rgb(0 0 0 / 2)",
            "hsl(10%, 50%, 50%)",
            "hsl(10, 50, 50)",
            "cmyk(0,0,0,0)",
            "red;background:url(x)",
            "var(--x)",
            "transparent",
            "notacolour",
            "url(javascript:alert(1))",
        ] {
            assert_eq!(c(bad), "-", "{bad:?}");
        }
        assert_eq!(NAMED.len(), 148);
        assert!(
            NAMED.windows(2).all(|w| w[0].0 < w[1].0),
            "sorted, no twice"
        );
    }

    #[test]
    fn contrast_is_wcags() {
        let white = Colour::parse("white").unwrap();
        let black = Colour::parse("black").unwrap();
        assert!((white.contrast(&black) - 21.0).abs() < 1e-9);
        // The light theme's old deal label: #e2e8f0 on #f8fafc, about 1.2:1.
        let label = Colour::parse("#e2e8f0").unwrap();
        let page = Colour::parse("#f8fafc").unwrap();
        assert!((label.contrast(&page) - 1.2).abs() < 0.05);
        // The text chosen for any accent reads at AA (4.5:1).
        for accent in [
            "#f5c542", "#1d4ed8", "#808080", "#777", "yellow", "navy", "#14532d",
        ] {
            let a = Colour::parse(accent).unwrap();
            assert!(a.text_on().contrast(&a) >= 4.5, "{accent}");
        }
        assert_eq!(Colour::parse("navy").unwrap().text_on().css(), "#ffffff");
        assert_eq!(Colour::parse("gold").unwrap().text_on(), INK);
    }

    #[test]
    fn fonts_are_keywords_or_a_checked_list() {
        assert_eq!(Font::parse("system"), Some(Font::System));
        assert_eq!(Font::parse("sans"), Some(Font::Sans));
        assert_eq!(Font::parse("serif"), Some(Font::Serif));
        assert_eq!(
            Font::parse("\"Gill Sans\", 'Segoe UI',  Helvetica   Neue, -apple-system, sans-serif"),
            Some(Font::Families(
                "\"Gill Sans\", \"Segoe UI\", Helvetica Neue, -apple-system, sans-serif".into()
            ))
        );
        for bad in [
            "inherit",
            "Inherit",
            "",
            "a;b",
            "x}body{color:red",
            "\"unclosed",
            "\"a\"b\"",
            "Arial,,serif",
            "3D Font",
            "url(x)",
        ] {
            assert_eq!(Font::parse(bad), None, "{bad:?}");
        }
        assert_eq!(Font::parse(&"a".repeat(MAX_FONT + 1)), None);
        assert!(Font::System.stack().starts_with("system-ui"));
    }

    #[test]
    fn the_paint_follows_the_theme_the_background_and_the_readers_preference() {
        let looks = |theme, bg: Option<&str>| Looks {
            theme,
            bg: bg.and_then(Background::parse),
            ..Looks::default()
        };
        assert_eq!(Looks::default().paint(true).theme, "baize");
        assert_eq!(looks(Theme::Auto, None).paint(true).theme, "dark");
        assert_eq!(looks(Theme::Auto, None).paint(false).theme, "light");
        // A light background takes dark text, a dark one light text.
        assert_eq!(looks(Theme::Dark, Some("white")).paint(true).theme, "light");
        assert_eq!(
            looks(Theme::Light, Some("#121212")).paint(false).theme,
            "dark"
        );
        assert_eq!(
            looks(Theme::Baize, Some("#121212")).paint(false).theme,
            "baize"
        );
        assert_eq!(
            looks(Theme::Baize, Some("#fff")).paint(false).theme,
            "light"
        );
        // A see-through background leaves the theme as asked.
        let clear = looks(Theme::Dark, Some("transparent")).paint(false);
        assert_eq!((clear.theme, clear.bg), ("dark", Some("transparent")));
        let p = Looks {
            bg: Background::parse("#121212"),
            accent: Colour::parse("navy"),
            back: Colour::parse("#f5f5dc"),
            size: Size::Large,
            font: Font::Sans,
            ..Looks::default()
        }
        .paint(false);
        assert_eq!(p.bg, Some("colour"));
        assert_eq!(
            p.vars,
            vec![
                ("--scale", "1.25".to_string()),
                ("--embed-bg", "#121212".to_string()),
                ("--accent", "#000080".to_string()),
                ("--on-accent", "#ffffff".to_string()),
                ("--back", "#f5f5dc".to_string()),
                ("--back-line", "#1f2937".to_string()),
            ]
        );
        assert!(p.font.ends_with("sans-serif"));
        assert_eq!(p.size, "large");
    }

    #[test]
    fn set_theme_changes_only_what_it_names() {
        let before = Looks {
            theme: Theme::Light,
            size: Size::Small,
            ..Looks::default()
        };
        let after = LooksChange {
            accent: Colour::parse("crimson"),
            font: Some(Font::System),
            ..LooksChange::default()
        }
        .over(&before);
        assert_eq!(after.theme, Theme::Light);
        assert_eq!(after.size, Size::Small);
        assert_eq!(after.font, Font::System);
        assert_eq!(after.accent.map(|a| a.css()).as_deref(), Some("#dc143c"));
        assert_eq!(LooksChange::default().over(&after), after);
    }
}

//! One colour per meaning, in every chart of every lesson and on the replay page, light and
//! dark: the abuser (the heavy user, the script, the sockpuppets, the runaway tenant) is
//! one colour everywhere, honest users others, "over budget" or refused its own, and a
//! policy's line is never drawn in any of these. The charts take every colour from here.
//!
//! The kinds of user are Okabe-Ito's colours (told apart by readers who cannot tell red
//! from green; black text reads on each). The policies' colours are darker on a light page
//! and lighter on a dark one, each at least 4.5:1 against the page, and far enough apart
//! in CIE Lab to tell at a glance (a test measures it).

use serde::{Deserialize, Serialize};

/// A colour, red, green and blue.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// "#E69F00".
    pub fn hex(self) -> String {
        format!("#{:02X}{:02X}{:02X}", self.0, self.1, self.2)
    }
}

/// What a kind of user is in its lesson: the one the lesson's limits are for, or one of
/// the honest users they must not lock out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Role {
    #[default]
    Honest,
    Abuser,
}

/// What is drawn over a kind of user's colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pattern {
    Plain,
    /// Stripes one way.
    Stripes,
    /// Stripes both ways.
    CrossHatch,
}

/// The colours of one page, light or dark.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Palette {
    /// The abuser, in every view.
    pub abuser: Rgb,
    /// Honest kinds of user, in their order (a lesson has up to three).
    pub honest: [Rgb; 3],
    /// Over budget, or refused.
    pub refused: Rgb,
    /// Within budget: no alarm, so no hue of its own.
    pub within: Rgb,
    /// The policies' lines, in their order.
    pub policies: [Rgb; 6],
}

/// Okabe-Ito orange.
const ORANGE: Rgb = Rgb(0xE6, 0x9F, 0x00);
/// Okabe-Ito bluish green, sky blue and reddish purple.
const HONEST: [Rgb; 3] = [Rgb(0x00, 0x9E, 0x73), Rgb(0x56, 0xB4, 0xE9), Rgb(0xCC, 0x79, 0xA7)];

pub const LIGHT: Palette = Palette {
    abuser: ORANGE,
    honest: HONEST,
    refused: Rgb(0xB0, 0x00, 0x20),
    within: Rgb(0x76, 0x76, 0x76),
    policies: [
        Rgb(0x00, 0x72, 0xB2), // blue
        Rgb(0x88, 0x22, 0x55), // wine
        Rgb(0x33, 0x22, 0x88), // indigo
        Rgb(0x73, 0x73, 0x00), // olive
        Rgb(0x00, 0x80, 0x80), // teal
        Rgb(0x8C, 0x51, 0x0A), // brown
    ],
};

pub const DARK: Palette = Palette {
    abuser: ORANGE,
    honest: HONEST,
    refused: Rgb(0xFF, 0x8A, 0x80),
    within: Rgb(0x9A, 0x9A, 0x9A),
    policies: [
        Rgb(0xA0, 0xB4, 0xFF), // periwinkle
        Rgb(0xF0, 0xE4, 0x42), // yellow
        Rgb(0xC4, 0x90, 0xFF), // lavender
        Rgb(0x7F, 0xE0, 0xD0), // aqua
        Rgb(0xBF, 0xBF, 0xBF), // silver
        Rgb(0xFF, 0xD8, 0xA8), // peach
    ],
};

impl Palette {
    /// The colour of kind of user `c` of kinds with `roles`: the abuser's, or the next
    /// honest colour (counting the honest kinds before it), so the honest users of a
    /// lesson keep their colours whichever kind is the abuser.
    pub fn cohort(&self, roles: &[Role], c: usize) -> Rgb {
        match roles.get(c).copied().unwrap_or_default() {
            Role::Abuser => self.abuser,
            Role::Honest => {
                let k = (0..c).filter(|&j| roles.get(j).copied().unwrap_or_default() == Role::Honest).count();
                self.honest[k % self.honest.len()]
            }
        }
    }

    /// The pattern over each kind of user's colour (kinds with `roles`), so that colour is
    /// never the only cue: by its place, plain, stripes, cross-hatching, one after another;
    /// where a kind before it already has its colour with that pattern (a replay's biggest
    /// users and the rest, seven kinds in three honest colours), the next one free. Up to
    /// nine kinds of one colour each look their own; a lesson's kinds keep the pattern of
    /// their place. A chart asks once per drawing.
    pub fn patterns(&self, roles: &[Role]) -> Vec<Pattern> {
        const ALL: [Pattern; 3] = [Pattern::Plain, Pattern::Stripes, Pattern::CrossHatch];
        let mut looks: Vec<(Rgb, Pattern)> = Vec::with_capacity(roles.len());
        for c in 0..roles.len() {
            let colour = self.cohort(roles, c);
            let free = (0..ALL.len()).map(|i| ALL[(c + i) % ALL.len()]).find(|&p| !looks.contains(&(colour, p)));
            looks.push((colour, free.unwrap_or(ALL[c % ALL.len()])));
        }
        looks.into_iter().map(|(_, pattern)| pattern).collect()
    }

    /// The colour of policy `i`'s line.
    pub fn policy(&self, i: usize) -> Rgb {
        self.policies[i % self.policies.len()]
    }
}

impl Role {
    /// The abuser's role when `abuser`, else the honest users'. Which kinds of user a run's
    /// limits are for, its lesson says ([`crate::scenario::About::abusers`]).
    pub fn of(abuser: bool) -> Role {
        if abuser {
            Role::Abuser
        } else {
            Role::Honest
        }
    }
}

/// WCAG's contrast ratio of two colours, 1 (the same) to 21 (black on white): what the
/// tests of the charts' colours measure. Nothing drawn or charged is decided by it.
pub fn contrast(a: Rgb, b: Rgb) -> f64 {
    let lum = |Rgb(r, g, b): Rgb| 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
    let (x, y) = (lum(a), lum(b));
    (x.max(y) + 0.05) / (x.min(y) + 0.05)
}

/// An sRGB channel as linear light, 0 to 1. (WCAG writes its threshold 0.03928, sRGB
/// 0.04045: no 8-bit channel falls between them.)
fn linear(c: u8) -> f64 {
    let c = f64::from(c) / 255.0;
    if c <= 0.04045 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// CIE L*a*b* of a colour (sRGB, D65).
    fn lab(Rgb(r, g, b): Rgb) -> [f64; 3] {
        let (r, g, b) = (linear(r), linear(g), linear(b));
        let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
        let y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
        let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
        let f = |t: f64| if t > 0.008856 { t.cbrt() } else { 7.787 * t + 16.0 / 116.0 };
        [116.0 * f(y) - 16.0, 500.0 * (f(x) - f(y)), 200.0 * (f(y) - f(z))]
    }

    /// CIE76: the distance between two colours in L*a*b*; about 2.3 is just noticeable.
    fn delta_e(a: Rgb, b: Rgb) -> f64 {
        let (a, b) = (lab(a), lab(b));
        (0..3).map(|i| (a[i] - b[i]).powi(2)).sum::<f64>().sqrt()
    }

    #[test]
    fn every_two_policies_differ_clearly_light_and_dark_and_none_looks_like_a_kind_of_user() {
        for (name, p, page) in [("light", LIGHT, Rgb(0xFF, 0xFF, 0xFF)), ("dark", DARK, Rgb(0x12, 0x14, 0x18))] {
            for (i, &a) in p.policies.iter().enumerate() {
                for &b in &p.policies[i + 1..] {
                    let d = delta_e(a, b);
                    assert!(d >= 24.0, "{name}: policies {} and {} are {d:.1} apart in CIE76", a.hex(), b.hex());
                }
                let meanings = p.honest.iter().chain([&p.abuser, &p.refused]);
                for &m in meanings {
                    let d = delta_e(a, m);
                    assert!(d >= 20.0, "{name}: policy {} is {d:.1} from the kind of user {}", a.hex(), m.hex());
                }
                let c = contrast(a, page);
                assert!(c >= 4.5, "{name}: policy {} has {c:.1}:1 against the page", a.hex());
            }
            let kinds: Vec<Rgb> = p.honest.iter().chain([&p.abuser, &p.refused]).copied().collect();
            for (i, &a) in kinds.iter().enumerate() {
                for &b in &kinds[i + 1..] {
                    let d = delta_e(a, b);
                    assert!(d >= 30.0, "{name}: {} and {} are {d:.1} apart", a.hex(), b.hex());
                }
            }
        }
    }

    #[test]
    fn each_of_a_replays_seven_kinds_of_user_has_a_colour_and_pattern_of_its_own() {
        // Six biggest users and "the other N users", none of them an abuser.
        let roles = [Role::Honest; 7];
        for p in [LIGHT, DARK] {
            let patterns = p.patterns(&roles);
            let looks: Vec<(Rgb, Pattern)> = (0..7).map(|c| (p.cohort(&roles, c), patterns[c])).collect();
            for (i, a) in looks.iter().enumerate() {
                for (j, b) in looks.iter().enumerate().skip(i + 1) {
                    assert_ne!(a, b, "kinds {i} and {j} of a replay look alike: {looks:?}");
                }
            }
        }
    }

    #[test]
    fn a_lessons_kinds_of_user_keep_the_pattern_of_their_place() {
        use Pattern::*;
        // Lesson 002's four tiers (the runaway tenant third), lesson 003's three kinds.
        let tenants = [Role::Honest, Role::Honest, Role::Abuser, Role::Honest];
        let free = [Role::Honest, Role::Abuser, Role::Abuser];
        assert_eq!(LIGHT.patterns(&tenants), [Plain, Stripes, CrossHatch, Plain]);
        assert_eq!(LIGHT.patterns(&free), [Plain, Stripes, CrossHatch]);
    }

    #[test]
    fn the_abuser_of_every_lesson_has_one_colour_and_honest_users_keep_theirs() {
        // The toy day's heavy user comes first, lesson 003's script second: both orange.
        let toy = [Role::Abuser, Role::Honest];
        let free = [Role::Honest, Role::Abuser, Role::Abuser];
        assert_eq!((LIGHT.cohort(&toy, 0), LIGHT.cohort(&free, 1), DARK.cohort(&free, 2)), (ORANGE, ORANGE, ORANGE));
        assert_eq!((LIGHT.cohort(&toy, 1), LIGHT.cohort(&free, 0)), (HONEST[0], HONEST[0]));
    }
}

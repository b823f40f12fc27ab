//! Small pieces of the sentences a reader sees: a count with its noun in the singular or
//! the plural, and a share that never rounds to something it is not.

/// `n` and its noun, the number grouped by thousands: `1 call`, `0 calls`, `12,500 calls`.
///
/// ```
/// use billsim_core::words::counted;
/// assert_eq!(counted(1, "day", "days"), "1 day");
/// assert_eq!(counted(200, "day", "days"), "200 days");
/// assert_eq!(counted(12_500, "call", "calls"), "12,500 calls");
/// ```
pub fn counted(n: u64, one: &str, many: &str) -> String {
    format!("{} {}", grouped(n), if n == 1 { one } else { many })
}

/// Whose `thing` it is, of `n` callers named `one` or `many` (a plural that ends in s):
/// `1 team's budget`, `5 teams' budgets`.
///
/// ```
/// use billsim_core::words::whose;
/// assert_eq!(whose(1, ("team", "teams"), ("budget", "budgets")), "1 team's budget");
/// assert_eq!(whose(1_200, ("user", "users"), ("tier", "tiers")), "1,200 users' tiers");
/// ```
pub fn whose(n: u64, (one, many): (&str, &str), (thing, things): (&str, &str)) -> String {
    match n {
        1 => format!("1 {one}'s {thing}"),
        n => format!("{}' {things}", counted(n, one, many)),
    }
}

/// `words` with its first letter a capital, to start a sentence. The words are a lesson's
/// own, in English: only an ASCII letter is changed, so the module carries no Unicode case
/// tables (as [`in_sentence`]).
///
/// ```
/// use billsim_core::words::capitalised;
/// assert_eq!(capitalised("the breaker trips at"), "The breaker trips at");
/// assert_eq!(capitalised(""), "");
/// ```
pub fn capitalised(words: &str) -> String {
    let mut out = words.to_string();
    if let Some(first) = out.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    out
}

/// A lesson's label of a kind of user inside a sentence: `Sockpuppets` is `sockpuppets`.
/// The labels are the lessons' own, in English, so only ASCII letters are lowered: Rust's
/// `to_lowercase` would bring Unicode's case tables, several KB gzipped, into a lesson's
/// module for no letter it has. A label from a reader's log is shown as written, never
/// through this.
///
/// ```
/// use billsim_core::words::in_sentence;
/// assert_eq!(in_sentence("Honest visitors"), "honest visitors");
/// ```
pub fn in_sentence(label: &str) -> String {
    label.to_ascii_lowercase()
}

/// Choices as an error message lists them: "a", "a or b", "a, b or c".
///
/// ```
/// use billsim_core::words::alternatives;
/// assert_eq!(alternatives(&["\"day\"".into(), "\"inflight\"".into(), "\"overTime\"".into()]), "\"day\", \"inflight\" or \"overTime\"");
/// assert_eq!(alternatives(&["x".into()]), "x");
/// ```
pub fn alternatives(items: &[String]) -> String {
    match items.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        Some((only, _)) => only.clone(),
        None => String::new(),
    }
}

/// `part` of `whole` in whole percent, but never `0%` for a part that is not zero nor
/// `100%` for a part short of the whole: `under 1%`, `over 99%`. `None` for a whole of
/// zero: a share of nothing has no meaning.
///
/// ```
/// use billsim_core::words::share;
/// assert_eq!(share(28, 100).as_deref(), Some("28%"));
/// assert_eq!(share(1, 1000).as_deref(), Some("under 1%"));
/// assert_eq!(share(0, 0), None);
/// ```
pub fn share(part: u64, whole: u64) -> Option<String> {
    Some(percent_said(percent(part, whole)?, part, whole))
}

/// `p`, the percent `part` of `whole` was rounded to, as [`share`] says it.
fn percent_said(p: u64, part: u64, whole: u64) -> String {
    match p {
        0 if part > 0 => "under 1%".into(),
        100 if part < whole => "over 99%".into(),
        p => format!("{p}%"),
    }
}

/// Each of `parts` as a share of `whole`, as [`share`] says one, but rounded together so
/// that parts that make up the whole are said as shares that add up to 100%: each is
/// rounded down, and the points left go to the parts with the largest remainders (rounded
/// one by one, 87.5% and 12.5% read "88%, 13%"). Equal parts get a point each or none, so
/// they are said alike, and the shares may then add up to a point or two less.
/// Parts short of the whole are given the points their sum rounds to. `None` for each part
/// of a whole of zero.
///
/// ```
/// use billsim_core::words::shares;
/// let said = |parts: &[u64], whole| shares(parts, whole).into_iter().flatten().collect::<Vec<_>>();
/// assert_eq!(said(&[874, 126], 1000), ["87%", "13%"]);
/// assert_eq!(said(&[875, 125], 1000), ["88%", "12%"], "of equal remainders, the earlier part");
/// assert_eq!(said(&[1, 1, 1], 3), ["33%", "33%", "33%"], "equal parts, said alike");
/// assert_eq!(said(&[4, 4, 992], 1000), ["under 1%", "under 1%", "over 99%"]);
/// assert_eq!(said(&[999, 1], 1000), ["over 99%", "under 1%"]);
/// assert_eq!(said(&[876, 100], 1000), ["88%", "10%"], "97.6% in all, said as 98");
/// assert_eq!(shares(&[0], 0), [None]);
/// ```
pub fn shares(parts: &[u64], whole: u64) -> Vec<Option<String>> {
    let total: u64 = parts.iter().fold(0u64, |sum, &p| sum.saturating_add(p));
    let Some(target) = percent(total, whole) else {
        return vec![None; parts.len()];
    };
    let whole = u128::from(whole);
    // Each part's percent rounded down, and what rounding down left of it.
    let mut points: Vec<(u64, u128)> = parts
        .iter()
        .map(|&p| {
            let hundredfold = u128::from(p) * 100;
            (u64::try_from(hundredfold / whole).unwrap_or(u64::MAX), hundredfold % whole)
        })
        .collect();
    let given = points.iter().fold(0u64, |sum, (p, _)| sum.saturating_add(*p));
    // The points the parts together round to, less those given: one more each for the
    // largest remainders, the earlier part first of two. Equal parts are said alike: they
    // take a point each where there are enough left for all of them, else none. Picked one
    // at a time, as a bar has a few parts: a sort brought its code into every lesson's
    // module (2.8 KB).
    let mut left = target.saturating_sub(given);
    let mut seen = vec![false; parts.len()];
    while left > 0 {
        let mut next: Option<usize> = None;
        for i in (0..parts.len()).filter(|&i| !seen[i] && points[i].1 > 0) {
            if next.map_or(true, |n| points[i].1 > points[n].1) {
                next = Some(i);
            }
        }
        let Some(next) = next else { break };
        let alike: Vec<usize> = (0..parts.len()).filter(|&i| !seen[i] && parts[i] == parts[next]).collect();
        let all = alike.len() as u64 <= left;
        for &i in &alike {
            seen[i] = true;
            points[i].0 += u64::from(all);
        }
        left -= if all { alike.len() as u64 } else { 0 };
    }
    let whole = u64::try_from(whole).unwrap_or(u64::MAX);
    parts.iter().zip(points).map(|(&part, (p, _))| Some(percent_said(p, part, whole))).collect()
}

/// `n` with a comma every three digits, as the lesson writes numbers.
///
/// ```
/// use billsim_core::words::grouped;
/// assert_eq!(grouped(120_000), "120,000");
/// ```
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(d);
    }
    out
}

/// `part` as a percentage of `whole`, rounded half up to a whole number, in integers.
/// `None` when `whole` is zero (a share of nothing has no meaning).
///
/// ```
/// use billsim_core::words::percent;
/// assert_eq!(percent(190, 394), Some(48));
/// assert_eq!(percent(1, 0), None);
/// ```
pub fn percent(part: u64, whole: u64) -> Option<u64> {
    if whole == 0 {
        return None;
    }
    let (part, whole) = (u128::from(part), u128::from(whole));
    u64::try_from((part * 200 + whole) / (whole * 2)).ok()
}

/// `part` / `whole` in tenths of a percent, rounded half up (e.g. 346 for 34.6%).
pub fn permille(part: u64, whole: u64) -> Option<u64> {
    if whole == 0 {
        return None;
    }
    let (part, whole) = (u128::from(part), u128::from(whole));
    u64::try_from((part * 2000 + whole) / (whole * 2)).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_share_is_exact_at_its_ends_and_says_under_or_over_near_them() {
        assert_eq!(share(0, 5).as_deref(), Some("0%"));
        assert_eq!(share(5, 5).as_deref(), Some("100%"));
        assert_eq!(share(4, 1000).as_deref(), Some("under 1%"));
        assert_eq!(share(996, 1000).as_deref(), Some("over 99%"));
        assert_eq!(share(5, 1000).as_deref(), Some("1%"));
        assert_eq!(share(1, 0), None);
    }

    #[test]
    fn shares_of_parts_that_make_the_whole_add_up_to_100_stay_within_a_point_and_say_equal_parts_alike() {
        let whole = 997;
        for a in (10..whole - 20).step_by(7) {
            for b in (10..whole - a - 10).step_by(13) {
                let parts = [a, b, whole - a - b];
                let said: Vec<u64> = shares(&parts, whole)
                    .into_iter()
                    .map(|s| s.unwrap().trim_end_matches('%').parse().unwrap())
                    .collect();
                let sum = said.iter().sum::<u64>();
                match parts[0] == parts[1] || parts[1] == parts[2] || parts[0] == parts[2] {
                    // Equal parts are said alike, a point short of their sum where a point
                    // is left that not all of them can take.
                    true => assert!((98..=100).contains(&sum), "{parts:?} of {whole} said as {said:?}"),
                    false => assert_eq!(sum, 100, "{parts:?} of {whole} said as {said:?}"),
                }
                for i in 0..3 {
                    for j in 0..3 {
                        assert!(parts[i] != parts[j] || said[i] == said[j], "{parts:?} said as {said:?}");
                    }
                }
                for (part, p) in parts.iter().zip(&said) {
                    let exact = *part as f64 * 100.0 / whole as f64;
                    assert!((*p as f64 - exact).abs() < 1.0, "{part} of {whole} said as {p}%");
                }
            }
        }
    }
}

/// Where a widget's setting was given: the page's address or an attribute of the element.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GivenIn {
    Address,
    Attribute,
}

/// The notice for a widget's setting set aside, named as it was given (an old name too,
/// so the reader finds it), with why (`problem`: the core's "must be ...; got ...") and the
/// value used in its place, if any.
///
/// ```
/// use billsim_core::words::{ignored, GivenIn};
/// assert_eq!(
///     ignored("seed", GivenIn::Attribute, "must be a whole number; got \"banana\"", Some("42")),
///     "Ignored the seed attribute: must be a whole number; got \"banana\". Using 42."
/// );
/// assert_eq!(ignored("budgte", GivenIn::Address, "no such setting", None), "Ignored budgte in the address: no such setting.");
/// ```
pub fn ignored(name: &str, given_in: GivenIn, problem: &str, using: Option<&str>) -> String {
    let named = match given_in {
        GivenIn::Address => format!("{name} in the address"),
        GivenIn::Attribute => format!("the {name} attribute"),
    };
    match using {
        Some(using) => format!("Ignored {named}: {problem}. Using {using}."),
        None => format!("Ignored {named}: {problem}."),
    }
}

//! An attribute of the element that is no attribute of the widget but a slip of one
//! (`polcy`, `budget-dolars`, `perminute`): the widget says so in its notice, with the name
//! meant. An attribute far from every name of the widget (`class`, `id`, a framework's
//! `data-v-1a2b`) is the page's own and is left alone. The same for the names of the
//! address (`?PerMinute=9`), where a setting given twice is said too.

use crate::scenario::registry::{owner_of, settings_of, widget_settings, SettingSpec, WIDGETS};
use crate::views::{loading::LOADING, sync_url::SYNC_URL, theme::THEME};

/// The most edits (a letter added, dropped or changed) a slip may be from the name meant.
const MOST_EDITS: usize = 2;

/// The name of `names` that `name` is a slip of, if any.
fn nearest<'n>(name: &str, names: &'n [String]) -> Option<&'n str> {
    // The letters alone: `budget_dollars` and `perminute` are the names without their dashes.
    let bare = |n: &str| {
        n.bytes().filter(|b| !matches!(b, b'-' | b'_')).eq(name.bytes().filter(|b| !matches!(b, b'-' | b'_')))
    };
    let meant = names
        .iter()
        .map(|n| (if bare(n) { 0 } else { edits(n, name) }, n))
        .filter(|&(d, n)| d <= MOST_EDITS && d < n.len() / 2)
        .min_by_key(|&(d, _)| d)?;
    Some(meant.1)
}

/// Why each of the element's attributes (`names`, as `getAttributeNames` gives them) that
/// the widget does not read is set aside, by its place in `names`: a slip of one of its
/// attributes, naming the attribute meant ("not an attribute of this widget; \"policy\" is"),
/// and an old name beside the one it reads ("budget" beside "budget-dollars"). The page's
/// own attributes, far from every name (`class`, a framework's `data-v-1a2b`), are left alone.
///
/// The name meant is one of the widget of `scenario` (the element's), else another
/// widget's, said so: `polcy` on lesson 001's widget is no slip of its `hackathon-policy`.
///
/// ```
/// use billsim_core::scenario::attribute_slips::attribute_slips;
/// let said = attribute_slips(&["class", "polcy", "budget", "budget-dollars", "policy"], "toyDay");
/// assert_eq!(said, [
///     (1, "not an attribute of this widget; \"policy\" is".to_string()),
///     (2, "the same setting as \"budget-dollars\", which is used".to_string()),
/// ]);
/// assert_eq!(attribute_slips(&["polcy"], "hackathon"), [
///     (0, "not an attribute of this widget; \"policy\" is one of another widget (scenario=\"toyDay\")".to_string()),
/// ]);
/// ```
pub fn attribute_slips(names: &[&str], scenario: &str) -> Vec<(usize, String)> {
    let mut settings = names_by_widget(scenario, SettingSpec::attribute_names);
    settings.push((vec![THEME.attribute()], None));
    settings.push((vec![SYNC_URL.attribute.to_string()], None));
    settings.push((vec![LOADING.attribute.to_string()], None));
    slips(names, &settings, "not an attribute of this widget")
}

/// Why each of the address's parameters (`names`, in the address's order) that the widget
/// does not read is set aside, by its place in `names`: a slip of one of the widget's names
/// ("not a name of this widget; \"perMinute\" is"), and a setting given again, under the
/// same name or another of its names, where the widget reads the first of its names given
/// (its key, its attribute, then its old names), at its first place. The page's own
/// parameters, far from every name, are left alone.
///
/// ```
/// use billsim_core::scenario::attribute_slips::address_slips;
/// let said = address_slips(&["utm_source", "PerMinute", "seed", "seed"], "toyDay");
/// assert_eq!(said, [
///     (1, "not a name of this widget; \"perMinute\" is".to_string()),
///     (3, "given twice; the first is used".to_string()),
/// ]);
/// ```
pub fn address_slips(names: &[&str], scenario: &str) -> Vec<(usize, String)> {
    let mut settings = names_by_widget(scenario, SettingSpec::address_names);
    settings.push((vec![THEME.key.to_string()], None));
    slips(names, &settings, "not a name of this widget")
}

/// Each setting of the element (`names` of it), with its key where it is another widget's
/// than the widget of `scenario` (the first widget's, for a name of none).
fn names_by_widget(scenario: &str, names: fn(&SettingSpec) -> Vec<String>) -> Vec<(Vec<String>, Option<&'static str>)> {
    let widget = WIDGETS.iter().find(|w| w.scenario == scenario).unwrap_or(&WIDGETS[0]);
    let own: Vec<&str> = settings_of(widget).map(|s| s.key).collect();
    widget_settings().map(|s| (names(s), (!own.contains(&s.key)).then_some(s.key))).collect()
}

/// The slips of `names` against `settings` (each setting's names, the one read first, and
/// its key when it is another widget's), a name of none said `not_ours` with the name
/// meant (the widget's own before another's, whose widget is looked up then); and each
/// setting given again.
fn slips(names: &[&str], settings: &[(Vec<String>, Option<&str>)], not_ours: &str) -> Vec<(usize, String)> {
    let of = |others: bool| -> Vec<String> {
        settings.iter().filter(|(_, other)| other.is_some() == others).flat_map(|(n, _)| n.clone()).collect()
    };
    let (own, others) = (of(false), of(true));
    let mut said = Vec::new();
    for (i, name) in names.iter().enumerate() {
        let Some((setting, _)) = settings.iter().find(|(names, _)| names.iter().any(|n| n == name)) else {
            if let Some(meant) = nearest(name, &own) {
                said.push((i, format!("{not_ours}; \"{meant}\" is")));
            } else if let Some(meant) = nearest(name, &others) {
                let key = settings.iter().find(|(n, _)| n.iter().any(|n| n == meant)).and_then(|(_, key)| *key);
                let owner = key.and_then(owner_of).map_or("", |w| w.scenario);
                said.push((i, format!("{not_ours}; \"{meant}\" is one of another widget (scenario=\"{owner}\")")));
            }
            continue;
        };
        let read = setting.iter().find_map(|n| names.iter().position(|m| m == n));
        match read {
            Some(r) if r == i => {}
            Some(r) if names[r] == *name => said.push((i, "given twice; the first is used".to_string())),
            Some(r) => said.push((i, format!("the same setting as \"{}\", which is used", names[r]))),
            None => {}
        }
    }
    said
}

/// Letters added, dropped or changed to turn `a` into `b` (Levenshtein's distance).
fn edits(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for j in 0..b.len() {
            let above = row[j + 1];
            row[j + 1] = (above + 1).min(row[j] + 1).min(diagonal + usize::from(ca != b[j]));
            diagonal = above;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Why attribute `name` alone is set aside.
    fn slip(name: &str) -> Option<String> {
        attribute_slips(&[name], "toyDay").pop().map(|(_, problem)| problem)
    }

    #[test]
    fn a_slip_of_one_or_two_letters_names_the_attribute_meant() {
        assert_eq!(slip("budget-dolars").as_deref(), Some("not an attribute of this widget; \"budget-dollars\" is"));
        assert_eq!(slip("them").as_deref(), Some("not an attribute of this widget; \"theme\" is"));
        assert_eq!(slip("syncurl").as_deref(), Some("not an attribute of this widget; \"sync-url\" is"));
        assert_eq!(slip("loadng").as_deref(), Some("not an attribute of this widget; \"loading\" is"));
        assert_eq!(slip("loading"), None, "the attribute itself is read");
        assert_eq!(slip("budget_dollars").as_deref(), Some("not an attribute of this widget; \"budget-dollars\" is"));
        assert_eq!(slip("polcy").as_deref(), Some("not an attribute of this widget; \"policy\" is"));
        assert_eq!(slip("perminute").as_deref(), Some("not an attribute of this widget; \"per-minute\" is"));
    }

    #[test]
    fn the_pages_own_attributes_and_the_widgets_are_left_alone() {
        for name in ["id", "class", "style", "hidden", "lang", "title", "data-v-1a2b3c", "aria-label", "slot", "role"] {
            assert_eq!(slip(name), None, "{name}");
        }
        for s in widget_settings() {
            assert_eq!(slip(&s.attribute()), None, "{}", s.attribute());
        }
        assert_eq!(slip("budget"), None, "an old name alone still reads");
    }

    #[test]
    fn an_old_attribute_beside_its_settings_attribute_is_said_whichever_comes_first() {
        let said = attribute_slips(&["budget", "budget-dollars"], "toyDay");
        assert_eq!(said, [(0, "the same setting as \"budget-dollars\", which is used".to_string())]);
        assert_eq!(attribute_slips(&["budget-dollars", "budget"], "toyDay")[0].0, 1);
    }

    #[test]
    fn an_address_says_its_slips_and_each_setting_given_again_but_leaves_the_pages_own_names() {
        let names = ["budgetDolars", "perMinute", "per-minute", "view", "view", "utm_source", "fbclid", "them"];
        let said = address_slips(&names, "toyDay");
        let expected = [
            (0, "not a name of this widget; \"budgetDollars\" is".to_string()),
            (2, "the same setting as \"perMinute\", which is used".to_string()),
            (4, "given twice; the first is used".to_string()),
            (7, "not a name of this widget; \"theme\" is".to_string()),
        ];
        assert_eq!(said, expected, "{names:?}");
        // The attribute's name comes after the key among a setting's names: the key is read
        // wherever it stands.
        let said = address_slips(&["per-minute", "perMinute"], "toyDay");
        assert_eq!(said, [(0, "the same setting as \"perMinute\", which is used".to_string())]);
        assert_eq!(address_slips(&["policy", "seed", "theme", "q", "page"], "toyDay"), [], "one of each");
    }

    #[test]
    fn edits_count_letters_added_dropped_and_changed() {
        assert_eq!(
            (edits("policy", "polcy"), edits("seed", "sed"), edits("view", "veiw"), edits("", "ab")),
            (1, 1, 2, 2)
        );
    }

    #[test]
    fn a_slip_names_its_widgets_own_name_before_another_widgets_and_says_whose_that_is() {
        // "polcy" on lesson 001's widget was told "\"policy\" is", lesson 000's attribute, which
        // then was set aside as another widget's.
        assert_eq!(
            attribute_slips(&["hackathon-polcy"], "hackathon"),
            [(0, "not an attribute of this widget; \"hackathon-policy\" is".to_string())]
        );
        assert_eq!(
            address_slips(&["polcy"], "freeTier"),
            [(0, "not a name of this widget; \"policy\" is one of another widget (scenario=\"toyDay\")".to_string())]
        );
        assert_eq!(address_slips(&["polcy"], "toyDay"), [(0, "not a name of this widget; \"policy\" is".to_string())]);
    }
}

//! The replay page's state in its address, after the `#` (which never leaves the browser):
//! the lesson whose traffic it replays (`lesson=freeTier`), the cohort added (`add=`), the
//! log's field that counts as one user (`per=team_id`), the editor's policies as JSON
//! (`policies=`) and the policy whose bar is framed (`frame=`), so that a reload or a shared
//! link shows the same results. A reader's own log is not in it: that file never leaves the
//! page.

use super::{lesson_log, page, run};
use crate::engine::guard_schema::Edited;
use crate::settings::shown;
use crate::visible_text::quoted;
use crate::words::{self, ignored, GivenIn};
use serde::Serialize;

/// What the address asks for, each part read and checked; what cannot be used, said.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Address {
    /// A lesson's scenario, as `replayLessonLog` takes it.
    pub lesson: Option<String>,
    /// A cohort of a scenario, one of `replayPage().addable`.
    pub add: Option<String>,
    /// The field of the log that counts as one user, as "Count as one user" names it: the
    /// log read says whether it has it.
    pub per: Option<String>,
    /// The editor's policies, as the editor holds them.
    pub policies: Option<Vec<Edited>>,
    /// The policy whose bar is framed: one of the address's policies, else of the defaults.
    pub frame: Option<String>,
    /// A sentence for each part set aside: "Ignored lesson in the address: must be one of ...".
    pub ignored: Vec<String>,
}

/// The keys the address takes, as a refusal lists them.
const KEYS: &str = "one of \"lesson\", \"add\", \"per\", \"policies\" and \"frame\"";

/// The address's `pairs` (its keys and values, decoded) read: a key given twice is read at
/// its first, and the second said.
///
/// ```
/// use billsim_core::replay::address::read;
/// let pairs = |p: &[(&str, &str)]| p.iter().map(|&(k, v)| (k.to_string(), v.to_string())).collect::<Vec<_>>();
/// let a = read(&pairs(&[("lesson", "freeTier"), ("policies", r#"[{"name":"open","guards":[]}]"#)]));
/// assert_eq!((a.lesson.as_deref(), a.policies.map(|p| p[0].name.clone())), (Some("freeTier"), Some("open".to_string())));
/// assert_eq!(read(&pairs(&[("lessn", "x")])).ignored, ["Ignored lessn in the address: must be one of \"lesson\", \"add\", \"per\", \"policies\" and \"frame\"; got \"lessn\"."]);
/// ```
pub fn read(pairs: &[(String, String)]) -> Address {
    let mut address = Address::default();
    let mut frame = None;
    for (i, (key, value)) in pairs.iter().enumerate() {
        let refused = |problem: String| ignored(key, GivenIn::Address, &problem, None);
        // A part given again (a link edited by hand) keeps the first, as the widgets' do.
        if pairs[..i].iter().any(|(k, _)| k == key) {
            address.ignored.push(refused("given twice; the first is used".to_string()));
            continue;
        }
        match key.as_str() {
            "lesson" => {
                let lessons = lesson_log::lessons();
                match lessons.iter().any(|[name, _]| name == value) {
                    true => address.lesson = Some(value.clone()),
                    false => {
                        let names: Vec<String> = lessons.iter().map(|[name, _]| format!("\"{name}\"")).collect();
                        let problem = format!("must be one of {}; got {}", names.join(", "), shown(value));
                        address.ignored.push(refused(problem));
                    }
                }
            }
            // Every lesson's run is built to list the cohorts: once.
            "add" => {
                let addable = run::addable();
                match addable.contains(value) {
                    true => address.add = Some(value.clone()),
                    false => address.ignored.push(refused(format!(
                        "must be a lesson's cohort, as \"{}\" lists them (\"{}\"); got {}",
                        page::WORDS.add,
                        addable.first().map_or("", String::as_str),
                        shown(value)
                    ))),
                }
            }
            "per" => match value.trim().is_empty() {
                true => address.ignored.push(refused(format!(
                    "must name a field of the log that says who made a call, as \"{}\" lists them; got {}",
                    page::WORDS.per,
                    shown(value)
                ))),
                false => address.per = Some(value.clone()),
            },
            // An empty list runs nothing: refused here, not said as the log's failure.
            "policies" => match serde_json::from_str::<Vec<Edited>>(value) {
                Ok(policies) if policies.is_empty() => address
                    .ignored
                    .push(refused("must be a list of at least one policy; got an empty list".to_string())),
                Ok(policies) => address.policies = Some(policies),
                // The reader's word for serde's type (its "expected struct Edited").
                Err(e) => address.ignored.push(refused(format!(
                    "must be the editor's policies as JSON, a list of {{\"name\", \"guards\"}}; got {} ({})",
                    shown(value),
                    e.to_string().replace("struct Edited", "a policy")
                ))),
            },
            // Checked once the policies are known: the address's, else the defaults.
            "frame" => frame = Some(value.clone()),
            _ => address.ignored.push(refused(format!("must be {KEYS}; got {}", shown(key)))),
        }
    }
    if let Some(frame) = frame {
        // The defaults of a lesson's traffic are its lesson's own policies.
        let defaults = match address.lesson.as_deref().map(lesson_log::own) {
            Some(Ok(own)) => own.policies,
            _ => run::main_policies().0,
        };
        let names: Vec<String> = match &address.policies {
            Some(policies) => policies.iter().map(|p| p.name.clone()).collect(),
            None => defaults.into_iter().map(|p| p.name).collect(),
        };
        if names.contains(&frame) {
            address.frame = Some(frame);
        } else {
            let named: Vec<String> = names.iter().map(|n| quoted(n)).collect();
            let problem =
                format!("must be one of the policies replayed, {}; got {}", words::alternatives(&named), shown(&frame));
            address.ignored.push(ignored("frame", GivenIn::Address, &problem, None));
        }
    }
    address
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(p: &[(&str, &str)]) -> Vec<(String, String)> {
        p.iter().map(|&(k, v)| (k.to_string(), v.to_string())).collect()
    }

    #[test]
    fn each_part_of_the_address_is_read_and_a_bad_one_is_said_with_what_it_allows() {
        let a = read(&pairs(&[("lesson", "toyDay"), ("add", "freeTier-script"), ("per", "team_id")]));
        assert_eq!(
            (a.lesson.as_deref(), a.add.as_deref(), a.per.as_deref(), a.policies, a.ignored.len()),
            (Some("toyDay"), Some("freeTier-script"), Some("team_id"), None, 0)
        );
        let twice = read(&pairs(&[("lesson", "hackathon"), ("lesson", "freeTier"), ("policies", "[]")]));
        assert_eq!(twice.lesson.as_deref(), Some("hackathon"), "the first lesson given is used");
        assert_eq!(
            twice.ignored,
            [
                "Ignored lesson in the address: given twice; the first is used.",
                "Ignored policies in the address: must be a list of at least one policy; got an empty list."
            ],
            "a part given twice, and an empty list of policies"
        );
        let bad = read(&pairs(&[
            ("lesson", "nope"),
            ("add", "toyDay-nobody"),
            ("policies", "[{\"name\": 5}]"),
            ("per", " "),
        ]));
        assert_eq!((bad.lesson, bad.add, bad.policies, bad.per), (None, None, None, None), "nothing bad is used");
        assert_eq!(bad.ignored.len(), 4, "{:?}", bad.ignored);
        assert!(
            bad.ignored[3].starts_with("Ignored per in the address: must name a field of the log"),
            "{}",
            bad.ignored[3]
        );
        assert!(
            bad.ignored[0].starts_with("Ignored lesson in the address: must be one of \"toyDay\""),
            "{}",
            bad.ignored[0]
        );
        assert!(bad.ignored[0].ends_with("got \"nope\"."), "{}", bad.ignored[0]);
        assert!(
            bad.ignored[1].contains("must be a lesson's cohort") && bad.ignored[1].ends_with("got \"toyDay-nobody\"."),
            "{}",
            bad.ignored[1]
        );
        assert!(
            bad.ignored[2].starts_with("Ignored policies in the address: must be the editor's policies as JSON"),
            "{}",
            bad.ignored[2]
        );
        let not_list = read(&pairs(&[("policies", "{\"name\": \"a\"}")]));
        assert!(
            not_list.ignored[0].contains("(invalid type: map, expected a sequence")
                && !read(&pairs(&[("policies", "[5]")])).ignored[0].contains("Edited"),
            "serde's words, with the reader's for its type: {:?}",
            not_list.ignored
        );
    }

    #[test]
    fn the_framed_policy_is_one_of_the_addresss_policies_else_of_the_defaults() {
        let defaults = read(&pairs(&[("frame", "requestsPerMinute")]));
        assert_eq!(
            (defaults.frame.as_deref(), defaults.ignored.len()),
            (Some("requestsPerMinute"), 0),
            "{:?}",
            defaults.ignored
        );
        let own = read(&pairs(&[("frame", "open"), ("policies", r#"[{"name":"open","guards":[]}]"#)]));
        assert_eq!(own.frame.as_deref(), Some("open"), "{:?}", own.ignored);
        let bad = read(&pairs(&[("frame", "rateLimit"), ("policies", r#"[{"name":"open","guards":[]}]"#)]));
        assert_eq!(bad.frame, None);
        assert_eq!(
            bad.ignored,
            ["Ignored frame in the address: must be one of the policies replayed, \"open\"; got \"rateLimit\"."]
        );
    }

    #[test]
    fn policies_the_page_wrote_are_read_back_as_the_editor_held_them() {
        let policies = crate::engine::guard_schema::edited(&run::main_policies().0);
        let text = serde_json::to_string(&policies).unwrap();
        assert_eq!(read(&pairs(&[("policies", &text)])).policies, Some(policies));
    }

    #[test]
    fn a_lessons_traffic_may_frame_one_of_its_own_policies() {
        let a = read(&pairs(&[("lesson", "freeTier"), ("frame", "allThree")]));
        assert_eq!((a.frame.as_deref(), a.ignored.len()), (Some("allThree"), 0), "{:?}", a.ignored);
        let b = read(&pairs(&[("lesson", "freeTier"), ("frame", "dailyBudget")]));
        assert_eq!(b.frame, None, "not one of lesson 003's policies");
        assert!(b.ignored[0].contains("\"allThreeDegrade\"; got \"dailyBudget\""), "{:?}", b.ignored);
    }

    #[test]
    fn a_lessons_ledger_and_ladder_in_the_address_are_kept_with_their_policies() {
        let tenant = crate::scenario::registry::find("runawayTenant").unwrap();
        let own = tenant.build(0, &crate::scenario::Values::defaults(tenant)).unwrap().policies;
        let policies = crate::engine::guard_schema::edited(&own);
        assert!(policies.iter().any(|p| p.more.contains_key("ledger") && p.more.contains_key("ladder")));
        let text = serde_json::to_string(&policies).unwrap();
        assert_eq!(read(&pairs(&[("policies", &text)])).policies, Some(policies), "lesson 002's policies, whole");
    }
}

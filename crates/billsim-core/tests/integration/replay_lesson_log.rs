//! "Try it on a lesson's traffic" (the replay page's control): each lesson's scenario, run 0
//! at its defaults, written as the generic log `billsim run --export-log` writes, reads back
//! and replays to the scenario's own bills.

use billsim_core::engine::Record;
use billsim_core::replay::export::{self, Order};
use billsim_core::replay::lesson_log::{self, lesson_log, lessons, FIRST, SEED};
use billsim_core::replay::{run, Options};
use billsim_core::scenario::registry::{self, SCENARIOS};
use billsim_core::scenario::{self, Values};

use crate::replay_common::read;

#[test]
fn every_scenario_is_offered_in_the_lessons_order_and_the_first_is_lesson_003s_free_tier() {
    let offered: Vec<&str> = lessons().iter().map(|[name, _]| *name).collect();
    assert_eq!(offered, ["toyDay", "callsAtOnce", "hackathon", "runawayTenant", "freeTier"], "by lesson: {offered:?}");
    assert_eq!(lessons().len(), SCENARIOS.len(), "every scenario of the registry, once");
    assert_eq!(FIRST, "freeTier");
}

#[test]
fn each_lessons_log_is_what_export_log_writes_and_replays_to_the_scenarios_own_bills() {
    for [name, _] in lessons() {
        let made = lesson_log(name).unwrap();
        let lesson = registry::find(name).unwrap();
        let values = Values::defaults(lesson);
        let built = lesson.build(SEED, &values).unwrap();
        assert_eq!(export::not_carried(&built.traffic, &built.prices), Vec::<String>::new(), "{name}: carried whole");
        let mut written = Vec::new();
        export::write(&built.traffic, Order::ByUser, &mut written).unwrap();
        assert!(made.text.as_bytes() == written, "{name}: the log is --export-log's, byte for byte");
        assert_eq!(made.file_name, format!("{name}-run-0.csv"));
        let log = read(made.text.as_bytes(), Options::default()).unwrap();
        assert_eq!(made.calls, log.calls.len(), "{name}: {} calls said, {} read", made.calls, log.calls.len());
        let replayed = run::run(&log, Some(built.policies.clone()), Some(&built.prices), Record::default()).unwrap();
        let own = scenario::run(lesson, SEED, &values, None, Record::default()).unwrap();
        assert_eq!(replayed.policies.len(), own.policies.len(), "{name}");
        for (mine, theirs) in replayed.policies.iter().zip(&own.policies) {
            let at = format!("{name} {}", mine.policy);
            assert_eq!(mine.bill, theirs.bill, "{at}: the replay's bill {:?}, the run's {:?}", mine.bill, theirs.bill);
            for (u, user) in own.users.iter().enumerate() {
                let r = replayed.users.iter().position(|x| x.name == user.name).unwrap();
                assert_eq!(mine.per_user[r], theirs.per_user[u], "{at} {}", user.name);
            }
        }
    }
}

#[test]
fn the_line_says_which_lesson_which_run_and_how_many_calls() {
    let made = lesson_log(FIRST).unwrap();
    assert_eq!(made.said, "Lesson 003's free tier, run 0, as a generic CSV log of 2,322 calls");
    assert_eq!(lesson_log("toyDay").unwrap().said, "Lesson 000's day, run 0, as a generic CSV log of 417 calls");
}

#[test]
fn an_unknown_scenario_is_refused_naming_the_field_and_the_scenarios() {
    let err = lesson_log::lesson_log("week").unwrap_err();
    assert!(err.starts_with("scenario: must be \"toyDay\" or"), "{err}");
    assert!(err.ends_with("got \"week\""), "{err}");
}

#[test]
fn a_lessons_traffic_calls_its_kinds_of_user_as_the_lesson_does_not_as_its_cohort_column_does() {
    // Lesson 002's log writes the runaway tenant's cohort as "runaway": the chart said
    // "runaway 92%" beside a table of tenants whose runaway is "umbrella".
    let made = lesson_log("runawayTenant").unwrap();
    let own = lesson_log::own("runawayTenant").unwrap();
    let log = read(made.text.as_bytes(), Options::default()).unwrap();
    let replayed = run::run(&log, Some(own.policies.clone()), None, Record::default()).unwrap();
    let view = billsim_core::replay::view::view(&replayed.of_lesson("runawayTenant", &own)).unwrap();
    assert_eq!(view.share.cohorts[0].label, "Paying: the runaway tenant", "{:?}", view.share.cohorts);
    let note = &view.share.bars[1].note;
    assert!(note.contains("refused: the runaway tenant "), "the lesson's words for its abuser: {note}");
}

use super::*;
use crate::lessons::free_tier::claims::over_runs;
use crate::lessons::free_tier::scenario::SCENARIO;

#[test]
fn a_budget_no_request_fits_and_a_bucket_that_never_refills_are_said_in_a_sentence() {
    let mut values = Values::defaults(&SCENARIO);
    assert!(notes(&Params::from_values(&values)).is_empty(), "the lesson's settings need no note");
    values.set(&SCENARIO, "tokenBudget", "1000").unwrap();
    values.set(&SCENARIO, "refillPerMinute", "0").unwrap();
    assert_eq!(
        notes(&Params::from_values(&values)),
        [
            "No request fits a 1,000-token budget: under the budget every request is refused by the daily token budget.",
            "The bucket never refills: under it each account gets at most 5 requests in the whole run."
        ]
    );
    let run = crate::lessons::free_tier::claims::free_tier_run(0, &values).unwrap();
    let served = run
        .policies
        .iter()
        .find(|o| o.policy == "bucketBudget")
        .map(|o| o.per_user.iter().map(|u| u.served).sum::<u32>());
    assert_eq!(served, Some(0), "the run shows what the sentence says");
    values.set(&SCENARIO, "bucketCapacity", "1").unwrap();
    let one = notes(&Params::from_values(&values));
    assert_eq!(
        one.last().map(String::as_str),
        Some("The bucket never refills: under it each account gets at most 1 request in the whole run.")
    );
}

#[test]
fn bad_settings_name_the_field_and_what_is_allowed_and_no_users_at_all_is_refused() {
    let mut values = Values::defaults(&SCENARIO);
    let err = |values: &mut Values, key: &str, text: &str| values.set(&SCENARIO, key, text).unwrap_err().to_string();
    assert_eq!(
        err(&mut values, "breakerDollars", "0"),
        "breakerDollars: must be an amount in dollars from 0.01 to 1,000, with at most 6 decimals; got \"0\""
    );
    assert_eq!(
        err(&mut values, "tokenBudget", "0"),
        "tokenBudget: must be a whole number from 1 to 10,000,000; got \"0\""
    );
    assert_eq!(
        err(&mut values, "sockpuppets", "401"),
        "sockpuppets: must be a whole number from 0 to 400; got \"401\""
    );
    assert_eq!(err(&mut values, "pricePerToken", "0.0000001"), "pricePerToken: must be an amount in dollars from 0.000001 to 0.001, with at most 6 decimals; got \"0.0000001\"");
    for key in ["normalUsers", "scriptUsers", "sockpuppets"] {
        values.set(&SCENARIO, key, "0").unwrap();
    }
    let run = crate::lessons::free_tier::claims::free_tier_run(0, &values);
    assert_eq!(
        run.err().map(|e| e.to_string()).as_deref(),
        Some(
            "sockpuppets: must be at least 1 while there are no normal users and no script accounts (a run needs \
             a user of some kind); got 0"
        )
    );
}

#[test]
fn the_widgets_panels_are_the_notes_when_there_are_some_then_what_sim_py_prints() {
    let mut values = Values::defaults(&SCENARIO);
    let names =
        |values: &Values| panels(&SCENARIO, 3, values, "bucket").unwrap().iter().map(|p| p.name).collect::<Vec<_>>();
    assert_eq!(names(&values), ["lessonRun", "simOutput"], "the lesson's settings need no note");
    let run = crate::scenario::run(&SCENARIO, 3, &values, None, crate::engine::Record::default()).unwrap();
    let printed = &panels(&SCENARIO, 3, &values, "bucket").unwrap()[1];
    assert_eq!(printed.lines, sim_report(&run).unwrap().lines(), "run 3's sim.py output");
    assert_eq!(printed.title, "What the lesson's sim.py would print for run 3 here (all three layers)");
    values.set(&SCENARIO, "refillPerMinute", "0").unwrap();
    let both = panels(&SCENARIO, 3, &values, "allThree").unwrap();
    assert_eq!((both[0].name, both[0].sentences.len(), both[1].name), ("notes", 1, "simOutput"), "{both:?}");
    assert_eq!(both.len(), 2, "other settings than the lesson's: its run is not set beside this one");
}

#[test]
fn the_lessons_own_run_is_set_beside_this_run_never_labelled_as_it() {
    let values = Values::defaults(&SCENARIO);
    let panel = &panels(&SCENARIO, 0, &values, "allThree").unwrap()[0];
    assert_eq!(panel.name, "lessonRun");
    let table = panel.table.as_ref().unwrap();
    assert_eq!(table.columns, ["", "The lesson's run", "Run 0 here", "Over 1,000 runs here"]);
    let row = |what: &str| table.rows.iter().find(|r| r[0] == what).cloned().unwrap();
    assert_eq!(
        row("Breaker tripped at")[1],
        "3,050\u{a0}s (00:50), by sock10",
        "the lesson's, as its sim.py printed it"
    );
    let run = crate::lessons::free_tier::claims::free_tier_run(0, &values).unwrap();
    let (at, who) = sim_report(&run).unwrap().tripped.unwrap();
    let clock = format!("{:02}:{:02}", at / 3_600, at % 3_600 / 60);
    assert_eq!(row("Breaker tripped at")[2], format!("{}\u{a0}s ({clock}), by {who}", crate::words::grouped(at)));
    assert_eq!(row("Normal requests refused by the breaker")[1], "469");
    assert!(LESSON_LINES[0].ends_with("t=3050 s (sock10)") && LESSON_LINES[1].contains("'global_budget': 469"));
}

#[test]
fn where_the_figures_fall_over_a_thousand_runs_is_what_a_thousand_runs_give() {
    assert_eq!(over_runs(RUNS).unwrap(), OVER_RUNS.map(String::from), "the panel's column over 1,000 runs");
}

#[test]
fn a_run_that_goes_against_the_lesson_says_so_in_a_sentence() {
    let values = Values::defaults(&SCENARIO);
    // The runs whose breaker a normal user trips, or that stop the script short of its 20.
    let mut said = Vec::new();
    for seed in 0..40 {
        let run = crate::lessons::free_tier::claims::free_tier_run(seed, &values).unwrap();
        let report = sim_report(&run).unwrap();
        let sentences = against_the_lesson(&report, &run);
        let who = report.tripped.as_ref().map(|(_, who)| who.clone()).unwrap_or_default();
        let by_sock = run.users.iter().any(|u| u.name == who && u.cohort == "sockpuppet");
        let script = report.all_three.cohorts.iter().find(|c| c.cohort == "script").map_or(0, |c| c.served);
        assert_eq!(sentences.iter().any(|s| s.contains("tripped the breaker")), !by_sock, "run {seed}: {sentences:?}");
        assert_eq!(sentences.iter().any(|s| s.contains("the script got")), script < 20, "run {seed}: {sentences:?}");
        said.extend(sentences);
    }
    assert!(!said.is_empty(), "some of 40 runs go against the lesson (run 1's normal user trips the breaker)");
    let panel = &panels(&SCENARIO, 1, &values, "allThree").unwrap()[0];
    assert!(panel.sentences.len() > 1, "run 1's panel says how it goes against the lesson: {:?}", panel.sentences);
    // The sentences are written over several source lines: no run of spaces is left in them.
    for s in said.iter().chain(&panel.sentences) {
        assert!(!s.contains("  "), "a run of spaces in {s:?}");
    }
}

#[test]
fn where_the_lessons_first_run_figure_falls_over_a_thousand_runs_at_its_budget_is_what_they_give() {
    let over = crate::lessons::free_tier::claims::first_run_over_runs(RUNS).unwrap();
    assert_eq!(over, FIRST_RUN_OVER_RUNS, "the first run's column over 1,000 runs");
}

#[test]
fn at_the_first_runs_budget_the_lessons_563_is_set_beside_this_runs_figure() {
    // At a 20,000-token budget the lesson's panel was gone, and the 563 with it.
    let values = first_run_values(&SCENARIO);
    assert_ne!(values, Values::defaults(&SCENARIO), "the budget is set");
    let panels = panels(&SCENARIO, 0, &values, "bucketBudget").unwrap();
    let panel = panels.iter().find(|p| p.name == "lessonRun").expect("the first run's panel");
    let run = crate::lessons::free_tier::claims::free_tier_run(0, &values).unwrap();
    let here = crate::words::grouped(normal_refused_by_budget(&sim_report(&run).unwrap()));
    let rows = &panel.table.as_ref().unwrap().rows;
    let over = format!("{FIRST_RUN_OVER_RUNS}, the lesson's outside all 1,000");
    assert_eq!(rows, &[["Normal requests refused by the 20,000-token budget", "563", &here, &over]]);
}

#[test]
fn each_lesson_figure_outside_every_run_here_says_so_in_its_row() {
    let values = Values::defaults(&SCENARIO);
    let panel = &panels(&SCENARIO, 0, &values, "allThree").unwrap()[0];
    let rows = &panel.table.as_ref().unwrap().rows;
    let outside: Vec<&str> =
        rows.iter().filter(|r| r[3].ends_with(", the lesson's outside all 1,000")).map(|r| r[0].as_str()).collect();
    // 354 against 299 to 340, 54 against 72 to 90, 11 against 15 to 18; the breaker's
    // 3,050 s, the spends and the 60% fall inside.
    assert_eq!(outside, ["Normal requests served", "Sockpuppet requests served", "Sockpuppet accounts served"]);
    let said = panel.sentences.last().unwrap();
    assert!(said.ends_with("3 of its figures do (the last column says which)."), "{said}");
}

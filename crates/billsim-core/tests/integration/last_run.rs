//! The last scenario runs, kept ([`billsim_core::scenario::last_run`]): handed out again
//! while the scenario, its settings and the seed stay the same.

use billsim_core::engine::Record;
use billsim_core::lessons::toy_day::scenario::TOY_DAY;
use billsim_core::scenario::last_run::{kept, run};
use billsim_core::scenario::{self, Values};
use std::rc::Rc;

#[test]
fn the_same_scenario_settings_and_seed_give_the_kept_run_and_any_change_a_new_one() {
    let values = Values::defaults(&TOY_DAY);
    let a = run(&TOY_DAY, 3, &values).unwrap();
    assert!(Rc::ptr_eq(&a, &run(&TOY_DAY, 3, &values).unwrap()), "kept");
    assert!(a.policies.iter().all(|o| o.events.is_some()), "with every event");
    let b = run(&TOY_DAY, 4, &values).unwrap();
    assert!(!Rc::ptr_eq(&a, &b) && b.seed == 4, "another seed runs again");
    assert!(Rc::ptr_eq(&a, &run(&TOY_DAY, 3, &values).unwrap()), "the one before is kept too");
    let mut other = values.clone();
    other.set(&TOY_DAY, "perMinute", "2").unwrap();
    let c = run(&TOY_DAY, 4, &other).unwrap();
    assert!(!Rc::ptr_eq(&b, &c) && c.settings == other, "another setting runs again");
    let fresh = scenario::run(&TOY_DAY, 4, &other, None, Record::EVERYTHING).unwrap();
    assert_eq!(c.policies, fresh.policies, "the kept run is the run");
    assert!(
        !Rc::ptr_eq(&b, &run(&TOY_DAY, 4, &values).unwrap()),
        "two are kept: seed 4 went, seed 3 was asked for since"
    );
    assert_eq!(
        kept(&TOY_DAY, 4, &other).unwrap().traffic.calls().len() as u32,
        c.users.iter().map(|u| u.calls).sum::<u32>()
    );
}

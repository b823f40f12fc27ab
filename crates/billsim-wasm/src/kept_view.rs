//! The views last derived from the kept runs ([`billsim_core::scenario::last_run`]), kept
//! with them: the widget asks for a view (its words and table) and then draws it, and each
//! export derived the same view again from the same run. A view is handed out again while
//! its run is kept, for the same kind of view and the same framed policy.

use crate::settings_input;
use crate::thrown::Thrown;
use billsim_core::scenario::{last_run, Scenario, ScenarioRun, Values};
use std::any::Any;
use std::cell::RefCell;
use std::rc::{Rc, Weak};
use wasm_bindgen::JsValue;

/// How many views are kept: the one shown, and a few a reader may switch back to.
const KEPT: usize = 4;

struct Kept {
    kind: &'static str,
    run: Weak<ScenarioRun>,
    /// The policy the view frames; "" for a view of every policy.
    policy: String,
    view: Rc<dyn Any>,
}

thread_local! {
    /// The most recently derived first.
    static VIEWS: RefCell<Vec<Kept>> = const { RefCell::new(Vec::new()) };
}

/// Scenario `name` with `settings` on run number `seed`, as JS gives them, its settings and
/// its run: the kept one, else a new run (then kept), which each view of it reads.
pub(crate) fn kept_run(
    name: &JsValue,
    settings: &JsValue,
    seed: &JsValue,
) -> Result<(&'static Scenario, Values, Rc<ScenarioRun>), Thrown> {
    let (scenario, values) = settings_input::scenario_values(name, settings)?;
    let seed = settings_input::seed(seed)?;
    let run = last_run::run(scenario, seed, &values).map_err(Thrown::run)?;
    Ok((scenario, values, run))
}

/// The view `kind` of `run` framing `policy`: the one kept, else `derive`'s (then kept).
/// Only the downcast is generic: the finding and keeping are compiled once.
pub(crate) fn kept<T: 'static, E>(
    kind: &'static str,
    run: &Rc<ScenarioRun>,
    policy: &str,
    derive: impl FnOnce(&ScenarioRun) -> Result<T, E>,
) -> Result<Rc<T>, E> {
    if let Some(view) = find(kind, run, policy).and_then(|v| v.downcast::<T>().ok()) {
        return Ok(view);
    }
    let view = Rc::new(derive(run)?);
    keep(kind, run, policy, view.clone());
    Ok(view)
}

fn find(kind: &'static str, run: &Rc<ScenarioRun>, policy: &str) -> Option<Rc<dyn Any>> {
    let same = |k: &&Kept| k.kind == kind && k.policy == policy && k.run.upgrade().is_some_and(|r| Rc::ptr_eq(&r, run));
    VIEWS.with_borrow(|views| views.iter().find(same).map(|k| Rc::clone(&k.view)))
}

fn keep(kind: &'static str, run: &Rc<ScenarioRun>, policy: &str, view: Rc<dyn Any>) {
    VIEWS.with_borrow_mut(|views| {
        // Only the views of runs still kept.
        views.retain(|k| k.run.strong_count() > 0);
        views.insert(0, Kept { kind, run: Rc::downgrade(run), policy: policy.to_string(), view });
        views.truncate(KEPT);
    });
}

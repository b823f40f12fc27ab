//! Writes the TypeScript names of what the exports take, from the core's own tables: the
//! scenarios' and policies' names, each setting's key with the values it takes (a choice's
//! values, or a number), so `readSetting("budget", ...)` or `runScenario("nope", ...)` is a
//! type error and not a throw at run time. `src/types.rs` includes the file in the module's
//! declarations.

use billsim_core::scenario::registry::SCENARIOS;
use billsim_core::scenario::registry::{Kind, SETTINGS, VIEWS};
use std::fmt::Write;

fn union<'a>(names: impl IntoIterator<Item = &'a str>) -> String {
    let mut seen: Vec<&str> = Vec::new();
    for n in names {
        if !seen.contains(&n) {
            seen.push(n);
        }
    }
    seen.iter().map(|n| format!("{n:?}")).collect::<Vec<_>>().join(" | ")
}

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let mut ts = String::from("\n// Written by crates/billsim-wasm/build.rs from the core's tables.\n");
    let scenarios = union(SCENARIOS.iter().map(|s| s.name));
    let policies = union(SCENARIOS.iter().flat_map(|s| s.policies.iter().map(|p| p.value)));
    let keys = union(SETTINGS.iter().map(|s| s.key));
    let views = union(VIEWS.iter().map(|v| v.value));
    let _ = writeln!(
        ts,
        "/** A scenario's name (`billsim scenarios` lists them). */\nexport type ScenarioName = {scenarios};"
    );
    let _ = writeln!(ts, "/** A policy's name, of any scenario. */\nexport type PolicyName = {policies};");
    let _ = writeln!(ts, "/** A setting's one name (its key). */\nexport type SettingKey = {keys};");
    let _ = writeln!(ts, "/** A view's name. */\nexport type ViewName = {views};");
    ts.push_str(
        "/** Settings by key, each optional (the default holds): a number or its text, dollars as a number or exact\n \
         * decimal text, a choice by its name. A value out of its range is refused at run time, naming the key. */\n\
         export interface Settings {\n",
    );
    for s in SETTINGS {
        let value = match s.kind {
            Kind::Choice { choices } => union(choices.iter().map(|c| c.value)),
            Kind::Dollars { .. } => "number | string".into(),
            Kind::Whole { .. } => "number | bigint | string".into(),
        };
        let _ = writeln!(ts, "  /** {}: {}; default {}. */\n  {}?: {value};", s.label, s.allowed, s.default, s.key);
    }
    ts.push_str("}\n");
    let out = std::path::PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("core-names.d.ts");
    std::fs::write(&out, ts).expect("OUT_DIR is writable");
}

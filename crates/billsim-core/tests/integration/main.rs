//! billsim-core's integration tests, one module per file, built as one test binary: the
//! workspace's tests built 48 binaries, each compiling and linking the core's generics and
//! debug info again, and that was most of the native test step's time. A file is run on its
//! own as `cargo test -p billsim-core --test integration <file>::`.
//! `tests/replay_room.rs` stays a binary of its own: its counting allocator is global.

mod budget;
mod engine;
mod hackathon;
mod hackathon_claims;
mod handle_chat;
mod hostile_text;
mod in_flight_threads;
mod invariants;
mod last_run;
mod layout;
mod ledger;
mod lesson001_guards;
mod logged_cost;
mod policy_language;
mod replay;
mod replay_cached;
mod replay_callers;
mod replay_common;
mod replay_in_flight;
mod replay_json_documents;
mod replay_keys;
mod replay_lesson_log;
mod replay_model_names;
mod replay_models;
mod replay_per;
mod replay_real_exports;
mod replay_status;
mod replay_teams;
mod replay_windows;
mod runaway_tenant;
mod runaway_tenant_views;
mod settings_table;
mod toy_day;

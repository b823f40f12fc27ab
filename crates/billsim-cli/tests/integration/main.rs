//! The command line's integration tests, one module per file, built as one test binary (as
//! billsim-core's are: one link in place of 13). A file is run on its own as
//! `cargo test -p billsim-cli --test integration <file>::`.

mod common;
mod day_range;
mod figures;
mod free_tier;
mod hackathon;
mod help;
mod hostile_args;
mod lesson000_fixture;
mod output;
mod replay;
mod replay_real_exports;
mod run;
mod run_tenant;

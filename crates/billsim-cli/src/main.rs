//! `billsim`: the toy day on the command line, from the same core as the widget.

mod arg_parts;
mod args;
mod cells;
mod commands;
mod day_range;
mod figures;
mod flag_files;
mod hackathon;
mod output;
mod policy_file;
mod replay;
mod run_table;
mod run_tenant;
mod scenario_report;
mod table;
mod usage;

use std::process::ExitCode;
use usage::Stop;

fn main() -> ExitCode {
    // std::env::args() panics on an argument that is not UTF-8; usage.rs reads each one.
    let raw: Vec<std::ffi::OsString> = std::env::args_os().skip(1).collect();
    match usage::parse(&raw) {
        Ok(command) => output::to_stdout(|out| commands::run(&command, out)),
        Err(Stop::Help(text)) => output::to_stdout(|out| Ok(std::io::Write::write_all(out, text.as_bytes())?)),
        Err(Stop::Usage(text)) => {
            output::say(text.trim_end());
            ExitCode::from(2)
        }
    }
}

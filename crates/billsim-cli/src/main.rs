//! `billsim`: the toy day on the command line, from the same core as the widget.

mod args;
mod figures;
mod table;

use args::{Command, USAGE};
use billsim_core::settings::shown;
use std::process::ExitCode;

fn main() -> ExitCode {
    // std::env::args() panics on an argument that is not UTF-8; read each one lossily, so
    // the bad bytes become U+FFFD, which no command, option or value allows: the parser
    // refuses it with the option's name. Only a folder (--out) could take it, so an
    // argument that was not UTF-8 is refused after a parse that succeeded.
    let raw: Vec<std::ffi::OsString> = std::env::args_os().skip(1).collect();
    let words: Vec<String> = raw.iter().map(|w| w.to_string_lossy().into_owned()).collect();
    let parsed = args::parse(&words).and_then(|a| match words.iter().zip(&raw).find(|(_, r)| r.to_str().is_none()) {
        Some((w, _)) => Err(args::UsageError(format!("an argument must be UTF-8 text; got {}", shown(w)))),
        None => Ok(a),
    });
    let args = match parsed {
        Ok(a) => a,
        Err(e) => {
            eprintln!("billsim: {}\n\n{USAGE}", e.0);
            return ExitCode::from(2);
        }
    };
    match run(&args) {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("billsim: {e}");
            ExitCode::FAILURE
        }
    }
}

fn json<T: serde::Serialize>(value: &T) -> Result<String, Box<dyn std::error::Error>> {
    Ok(serde_json::to_string(value)? + "\n")
}

fn run(args: &args::Args) -> Result<String, Box<dyn std::error::Error>> {
    match args.command {
        Command::Help => Ok(USAGE.to_string()),
        Command::Day => {
            let mut out = String::new();
            for seed in (args.start..=u32::MAX).take(args.count as usize) {
                let day = billsim_core::simulate_day(seed, &args.settings)?;
                out += &if args.json { json(&day)? } else { table::day(&day) };
            }
            Ok(out)
        }
        Command::Days => {
            let days = billsim_core::many_days::many_days(args.start, args.count, &args.settings)?;
            if args.json {
                json(&days)
            } else {
                Ok(table::many_days(&days))
            }
        }
        Command::Overrun => {
            let rows = billsim_core::in_flight::overrun(&args.overrun)?;
            if args.json {
                json(&rows)
            } else {
                Ok(table::overrun(&args.overrun, &rows))
            }
        }
        Command::Figures => {
            let dir = args.out.as_deref().ok_or("--out: needs a folder")?;
            let written = figures::write(dir)?;
            if args.json {
                json(&written)
            } else {
                Ok(written.iter().map(|p| format!("wrote {}\n", p.display())).collect())
            }
        }
        Command::Numbers => {
            let numbers = billsim_core::lesson_numbers::lesson_numbers()?;
            if args.json {
                json(&numbers)
            } else {
                Ok(table::numbers(&numbers))
            }
        }
    }
}

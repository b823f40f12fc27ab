//! `billsim`: the toy day on the command line, from the same core as the widget.

mod args;
mod figures;
mod output;
mod table;

use args::{Command, USAGE};
use billsim_core::settings::shown;
use output::{json_line, Failure};
use std::io::Write;
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
            output::say(&format!("{}\n\n{USAGE}", e.0));
            return ExitCode::from(2);
        }
    };
    output::to_stdout(|out| run(&args, out))
}

fn run(args: &args::Args, out: &mut dyn Write) -> Result<(), Failure> {
    match args.command {
        Command::Help => out.write_all(USAGE.as_bytes())?,
        Command::Day => {
            // Each day is written as soon as it is computed: memory holds one day, whatever the count.
            for seed in (args.start..=u32::MAX).take(args.count as usize) {
                let day = billsim_core::simulate_day(seed, &args.settings)?;
                if args.json {
                    json_line(out, &day)?;
                } else {
                    out.write_all(table::day(&day).as_bytes())?;
                }
            }
        }
        Command::Days => {
            let days = billsim_core::many_days::many_days(args.start, args.count, &args.settings)?;
            if args.json {
                json_line(out, &days)?;
            } else {
                out.write_all(table::many_days(&days).as_bytes())?;
            }
        }
        Command::Overrun => {
            let rows = billsim_core::in_flight::overrun(&args.overrun)?;
            if args.json {
                json_line(out, &rows)?;
            } else {
                out.write_all(table::overrun(&args.overrun, &rows).as_bytes())?;
            }
        }
        Command::Figures => {
            let dir = args.out.as_deref().ok_or_else(|| Failure::Work("--out: needs a folder".into()))?;
            let written = figures::write(dir)?;
            if args.json {
                json_line(out, &written)?;
            } else {
                for path in written {
                    writeln!(out, "wrote {}", path.display())?;
                }
            }
        }
        Command::Numbers => {
            let numbers = billsim_core::lesson_numbers::lesson_numbers()?;
            if args.json {
                json_line(out, &numbers)?;
            } else {
                out.write_all(table::numbers(&numbers).as_bytes())?;
            }
        }
    }
    Ok(())
}

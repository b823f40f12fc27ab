//! What the commands' arguments share: `--json`, and the value parser that runs one of the
//! core's checks. Its own module, so that `args` (which names every command) and the
//! commands that define their own arguments (`replay`) do not import each other.

use billsim_core::settings::Invalid;
use clap::builder::TypedValueParser;
use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{Arg, Args};
use std::ffi::OsStr;

/// `--json`, which every command takes.
#[derive(Debug, Args)]
pub struct Json {
    /// Print JSON, not text
    #[arg(long)]
    pub json: bool,
}

/// A value parser from one of the core's checks: a refused value is a clap error whose
/// [`ContextKind::Custom`] is the whole message (`--budget: must be ...; got "x"`) and
/// whose [`ContextKind::ValidValue`] is what the flag allows.
#[derive(Clone)]
pub struct Checked<T>(pub fn(&str) -> Result<T, Invalid>);

impl<T: Clone + Send + Sync + 'static> TypedValueParser for Checked<T> {
    type Value = T;

    fn parse_ref(&self, cmd: &clap::Command, arg: Option<&Arg>, value: &OsStr) -> Result<T, clap::Error> {
        // Every word reaches clap as UTF-8 (main.rs reads them lossily), so this is the text.
        (self.0)(&value.to_string_lossy()).map_err(|invalid| {
            let flag = arg.and_then(Arg::get_long).map_or_else(|| "a value".into(), |long| format!("--{long}"));
            let mut e = clap::Error::new(ErrorKind::ValueValidation).with_cmd(cmd);
            e.insert(ContextKind::ValidValue, ContextValue::String(invalid.allowed.into()));
            e.insert(ContextKind::Custom, ContextValue::String(invalid.on(flag).to_string()));
            e
        })
    }
}

//! What the command line's tests share: running the built `billsim`.
#![allow(dead_code)] // each test file uses some of these

use std::process::{Command, Output};

/// The built `billsim` run with `args`.
pub fn billsim(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_billsim")).args(args).output().expect("billsim runs")
}

/// What `billsim args` prints, which must succeed.
pub fn text(args: &[&str]) -> String {
    let out = billsim(args);
    assert_eq!(out.status.code(), Some(0), "billsim {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

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

/// A file in the system's temporary folder, removed when dropped.
pub struct Temp(pub std::path::PathBuf);

impl Temp {
    /// `name` (unique to the test) holding `text`.
    pub fn new(name: &str, text: &str) -> Temp {
        let path = std::env::temp_dir().join(format!("billsim-{}-{name}", std::process::id()));
        std::fs::write(&path, text).expect("the temporary file is written");
        Temp(path)
    }

    pub fn path(&self) -> &str {
        self.0.to_str().expect("a UTF-8 temporary path")
    }
}

impl Drop for Temp {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

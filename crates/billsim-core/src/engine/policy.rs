//! A policy: an ordered list of guards, and how many server processes keep their own
//! copy of every count. Plain data: it serializes, so a file can say it.

use crate::engine::guard::Guard;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Policy {
    /// The stable name, in JSON, the address and the command line.
    pub name: String,
    /// The guards, in the order they check a call: the first that refuses gives the reason.
    #[serde(default)]
    pub guards: Vec<Guard>,
    /// Server processes, each with its own counts; calls go to them in turn. 1 unless set.
    #[serde(default = "one")]
    pub processes: u32,
}

fn one() -> u32 {
    1
}

impl Policy {
    /// A policy of `guards` in one process.
    pub fn new(name: &str, guards: Vec<Guard>) -> Policy {
        Policy { name: name.to_string(), guards, processes: 1 }
    }
}

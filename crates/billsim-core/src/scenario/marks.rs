//! What a lesson's charts mark, in the lesson's own words: a spend ceiling reached, a line
//! drawn for comparison, the kind of user whose many accounts are drawn one by one. Each
//! scenario declares its own.

/// What a lesson's over-time chart calls what it marks, in the lesson's words.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    /// A spend ceiling reached; `None` for "ceiling reached at".
    pub trip: Option<TripWords>,
    /// A line drawn to compare the spend with, at one of its dollar settings.
    pub reference: Option<Reference>,
    /// The users its limits are not for, and what they send.
    pub others: Others,
    /// The abuser's first call, marked on the over-time chart; `None` where it is no moment
    /// to mark (lesson 000's heavy user calls all day, as the others do).
    pub start: Option<StartWords>,
    /// A period set by two settings in hours (lesson 002's ledger outage), marked on the
    /// over-time chart when it is not empty.
    pub outage: Option<OutageWords>,
}

impl Marks {
    pub const NONE: Marks = Marks { trip: None, reference: None, others: Others::HONEST, start: None, outage: None };
}

/// What a lesson calls the users its limits are not for, and what they send, where the
/// views set them against the abuser ("honest requests refused").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Others {
    /// Before what they send: "honest", or lesson 002's "others'" (its runaway tenant is a
    /// paying customer, not a cheat).
    pub who: &'static str,
    /// What they send, one and many: "request", "requests"; lesson 002's "call", "calls",
    /// as a request of its (an agent's task) is many model calls.
    pub one: &'static str,
    pub many: &'static str,
    /// Who sends them, a kind and many: "kind of user", "users"; lesson 002's "kind of
    /// tenant", "tenants" (its rows are tiers of tenants, each a customer's account).
    pub kind: &'static str,
    pub members: &'static str,
}

impl Others {
    pub const HONEST: Others =
        Others { who: "honest", one: "request", many: "requests", kind: "kind of user", members: "users" };

    /// What they send, in the lesson's words: "honest requests", lesson 002's "others'
    /// calls" (the views' "... refused", "... made").
    pub fn sent(self) -> String {
        format!("{} {}", self.who, self.many)
    }
}

impl Default for Others {
    fn default() -> Others {
        Others::HONEST
    }
}

/// The first call of a kind of user (`cohort`), before its moment: on the chart ("script
/// starts at") and in the chart's sentences ("The script starts at").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StartWords {
    pub cohort: &'static str,
    pub mark: &'static str,
    pub sentence: &'static str,
}

impl StartWords {
    /// A script's first request, as lessons 001 and 003 have one.
    pub const SCRIPT: StartWords =
        StartWords { cohort: "script", mark: "script starts at", sentence: "The script starts at" };
}

/// A period from the hour of setting `from` to that of `to`, on the chart ("ledger down")
/// and in its sentences ("The ledger is down", before "from ... to ...").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutageWords {
    pub from: &'static str,
    pub to: &'static str,
    pub mark: &'static str,
    pub sentence: &'static str,
}

/// A spend ceiling reached, before its moment: on the chart's time axis ("breaker trips
/// at") and in the line's sentence ("the breaker trips at").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TripWords {
    pub mark: &'static str,
    pub sentence: &'static str,
}

impl TripWords {
    /// What a run of a lesson that says nothing else calls a spend ceiling reached (a
    /// replay's, a policy file's).
    pub const CEILING_REACHED: TripWords =
        TripWords { mark: "ceiling reached at", sentence: "the spend ceiling is reached at" };
}

/// A line no policy enforces, drawn for comparison: lesson 002's "product's monthly
/// budget", at the setting `key` (dollars) over the whole run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reference {
    pub key: &'static str,
    pub label: &'static str,
}

/// A lesson whose point is many accounts each inside its limits: the kind of user drawn,
/// and the policy the lesson says lets them through, with why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ManyAccounts {
    pub cohort: &'static str,
    pub policy: &'static str,
    pub why: &'static str,
}

//! The model each guard saw a call as, kept while the call is in flight, for the calls a
//! `degrade` guard moved to a cheaper model on their way through the policy. The guards
//! before the move checked the call as the model it asked for (set aside its price, counted
//! it in a guard of that model), so they settle it as that model; the guards after it, as
//! the model it is served with.

/// A call whose guards all saw the model it is served with: nothing is kept for it.
pub const NONE: u32 = u32::MAX;

#[derive(Debug, Default)]
pub struct SeenModels {
    /// Whether the policy has a guard that moves calls (else nothing is ever recorded).
    on: bool,
    /// The model each guard saw, in the guards' order, as the last check recorded it.
    checked: Vec<u16>,
    /// Each kept call's models; places in `free` are no call's and are used again.
    kept: Vec<Vec<u16>>,
    free: Vec<u32>,
}

impl SeenModels {
    pub fn new(moves_calls: bool) -> SeenModels {
        SeenModels { on: moves_calls, ..SeenModels::default() }
    }

    /// Where a check records the model each guard sees: nowhere when no guard moves calls.
    #[inline(always)]
    pub fn recorder(&mut self) -> Option<&mut Vec<u16>> {
        self.on.then_some(&mut self.checked)
    }

    /// Keeps what the last check recorded for the call it let through, served with
    /// `served`: its place, or [`NONE`] when every guard saw `served`.
    pub fn keep(&mut self, served: u16) -> u32 {
        if !self.on || self.checked.iter().all(|&m| m == served) {
            return NONE;
        }
        match self.free.pop() {
            Some(at) => {
                let models = &mut self.kept[at as usize];
                models.clear();
                models.extend_from_slice(&self.checked);
                at
            }
            None => {
                self.kept.push(self.checked.clone());
                (self.kept.len() - 1) as u32
            }
        }
    }

    /// The models kept at `at` (`None` at [`NONE`]): guard `i` saw the `i`th.
    pub fn at(&self, at: u32) -> Option<&[u16]> {
        (at != NONE).then(|| self.kept[at as usize].as_slice())
    }

    /// Lets place `at` be used again, once its call has settled.
    pub fn release(&mut self, at: u32) {
        if at != NONE {
            self.free.push(at);
        }
    }
}

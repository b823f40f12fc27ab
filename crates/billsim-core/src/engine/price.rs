//! Prices per model, and money inside the engine in whole nano-dollars: prices such as
//! $0.80 per million tokens cost 0.8 micro-dollars a token, which micro-dollars cannot
//! hold exactly, while every price with at most three decimals per million tokens is a
//! whole number of nano-dollars a token.

use crate::money::{Micros, Overflow, Tokens};
use serde::{Deserialize, Serialize};

/// An amount of money in whole nano-dollars (billionths of a dollar), checked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Nanos(pub u64);

impl Nanos {
    pub const ZERO: Nanos = Nanos(0);
    pub const PER_MICRO: u64 = 1_000;

    pub fn checked_add(self, other: Nanos) -> Result<Nanos, Overflow> {
        self.0.checked_add(other.0).map(Nanos).ok_or(Overflow)
    }

    pub fn checked_mul(self, n: u64) -> Result<Nanos, Overflow> {
        self.0.checked_mul(n).map(Nanos).ok_or(Overflow)
    }

    /// The same amount in nano-dollars.
    pub fn from_micros(amount: Micros) -> Result<Nanos, Overflow> {
        Nanos(amount.0).checked_mul(Nanos::PER_MICRO)
    }

    /// Whole micro-dollars, rounded half up: exact for every price of lessons 000 and 003.
    ///
    /// ```
    /// use billsim_core::engine::Nanos;
    /// use billsim_core::Micros;
    /// assert_eq!(Nanos(48_000_000).micros(), Micros(48_000));
    /// assert_eq!(Nanos(1_500).micros(), Micros(2));
    /// ```
    pub fn micros(self) -> Micros {
        Micros(self.0 / Nanos::PER_MICRO + u64::from(self.0 % Nanos::PER_MICRO >= Nanos::PER_MICRO / 2))
    }

    /// Dollars exactly: at least 2 decimals, up to 9 (a nano-dollar).
    ///
    /// ```
    /// use billsim_core::engine::Nanos;
    /// assert_eq!(Nanos(4_200_000).exact_dollars(), "$0.0042");
    /// assert_eq!(Nanos(800).exact_dollars(), "$0.0000008");
    /// assert_eq!(Nanos(2_500_000_000).exact_dollars(), "$2.50");
    /// assert_eq!(Nanos(0).exact_dollars(), "$0.00");
    /// assert_eq!(Nanos(1).exact_dollars(), "$0.000000001");
    /// ```
    pub fn exact_dollars(self) -> String {
        let (whole, frac) = (self.0 / 1_000_000_000, self.0 % 1_000_000_000);
        let digits = format!("{frac:09}");
        format!("${whole}.{:0<2}", digits.trim_end_matches('0'))
    }
}

/// What one token costs, in and out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Price {
    pub input_per_token: Nanos,
    pub output_per_token: Nanos,
}

/// A price given in dollars per million tokens that is not a whole number of nano-dollars
/// a token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooFine(pub Micros);

impl Price {
    /// From dollars per million tokens, in micro-dollars (`Micros(5_000_000)` is $5 per
    /// million): at most three decimals of a dollar per million.
    ///
    /// ```
    /// use billsim_core::engine::{Nanos, Price};
    /// use billsim_core::Micros;
    /// let haiku = Price::per_million(Micros(800_000), Micros(4_000_000)).unwrap();
    /// assert_eq!(haiku.input_per_token, Nanos(800));
    /// assert!(Price::per_million(Micros(37_500), Micros(0)).is_err(), "$0.0375 per million is too fine");
    /// ```
    pub fn per_million(input: Micros, output: Micros) -> Result<Price, TooFine> {
        let per_token = |m: Micros| {
            if m.0 % Nanos::PER_MICRO == 0 {
                Ok(Nanos(m.0 / Nanos::PER_MICRO))
            } else {
                Err(TooFine(m))
            }
        };
        Ok(Price { input_per_token: per_token(input)?, output_per_token: per_token(output)? })
    }

    /// What `input` tokens in and `output` tokens out cost.
    pub fn cost(&self, input: Tokens, output: Tokens) -> Result<Nanos, Overflow> {
        self.input_per_token.checked_mul(input)?.checked_add(self.output_per_token.checked_mul(output)?)
    }
}

/// One price per model, by name.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PriceTable(pub Vec<(String, Price)>);

/// Cached-input prices per token, by model: what a token read from the provider's prompt
/// cache costs, where a price table gives it (optional: a replay's cached input tokens are
/// otherwise input tokens at the input price).
pub type CachedPrices = Vec<(String, Nanos)>;

impl PriceTable {
    pub fn get(&self, model: &str) -> Option<Price> {
        self.0.iter().find(|(name, _)| name == model).map(|&(_, price)| price)
    }
}

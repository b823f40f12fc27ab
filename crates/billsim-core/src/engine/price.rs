//! Prices per model, and money inside the engine in whole nano-dollars: prices such as
//! $0.80 per million tokens cost 0.8 micro-dollars a token, which micro-dollars cannot
//! hold exactly. A price is kept as its list writes it, in micro-dollars per million tokens
//! (six decimals: Gemini's cached input at $0.01875), and a call's cost is rounded up to a
//! whole nano-dollar only where a price has more than three decimals per million; every
//! price with at most three is a whole number of nano-dollars a token, so charged exactly.

use crate::money::{Micros, Overflow, Tokens};
use serde::{Deserialize, Serialize};

/// An amount of money in whole nano-dollars (billionths of a dollar), checked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Nanos(pub u64);

impl Nanos {
    pub const ZERO: Nanos = Nanos(0);
    pub const PER_MICRO: u64 = 1_000;
    pub const PER_DOLLAR: u64 = 1_000_000_000;

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

    /// [`Nanos::exact_dollars`] with thousands separated, for what a reader sees.
    ///
    /// ```
    /// use billsim_core::engine::Nanos;
    /// assert_eq!(Nanos(6_332_241_575_000).shown(), "$6,332.241575");
    /// ```
    pub fn shown(self) -> String {
        crate::money::grouped_dollars(self.exact_dollars())
    }
}

/// What tokens cost, in and out, in dollars per million tokens (`Micros(800_000)` is
/// $0.80 per million).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "PerMillion", into = "PerMillion")]
pub struct Price {
    input_per_million: Micros,
    output_per_million: Micros,
    /// Each a token in whole nano-dollars, when both are (every lesson's price, and most
    /// lists'): the engine's loop charges every call from these, with 64-bit products, as
    /// fast as when prices were nano-dollars a token (dividing by a thousand at each call,
    /// lesson 000's 200-day line took 8.6 ms natively where it takes 7.9).
    per_token: Option<(Nanos, Nanos)>,
}

/// A price as written: what (de)serializes.
#[derive(Clone, Copy, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct PerMillion {
    input_per_million: Micros,
    output_per_million: Micros,
}

impl From<PerMillion> for Price {
    fn from(p: PerMillion) -> Price {
        Price::per_million(p.input_per_million, p.output_per_million)
    }
}

impl From<Price> for PerMillion {
    fn from(p: Price) -> PerMillion {
        PerMillion { input_per_million: p.input_per_million, output_per_million: p.output_per_million }
    }
}

impl Price {
    /// From dollars per million tokens, in micro-dollars (`Micros(5_000_000)` is $5 per
    /// million).
    ///
    /// ```
    /// use billsim_core::engine::{Nanos, Price};
    /// use billsim_core::Micros;
    /// let haiku = Price::per_million(Micros(800_000), Micros(4_000_000));
    /// assert_eq!(haiku.cost(1, 0), Ok(Nanos(800)), "a token in at $0.80 per million");
    /// ```
    pub const fn per_million(input: Micros, output: Micros) -> Price {
        let whole = input.0 % Nanos::PER_MICRO == 0 && output.0 % Nanos::PER_MICRO == 0;
        let per_token =
            if whole { Some((Nanos(input.0 / Nanos::PER_MICRO), Nanos(output.0 / Nanos::PER_MICRO))) } else { None };
        Price { input_per_million: input, output_per_million: output, per_token }
    }

    /// Dollars per million input tokens, in micro-dollars.
    pub const fn input_per_million(&self) -> Micros {
        self.input_per_million
    }

    /// Dollars per million output tokens, in micro-dollars.
    pub const fn output_per_million(&self) -> Micros {
        self.output_per_million
    }

    /// What `input` tokens in and `output` tokens out cost.
    ///
    /// ```
    /// use billsim_core::engine::{Nanos, Price};
    /// use billsim_core::Micros;
    /// let flash_cached = Price::per_million(Micros(18_750), Micros(0));
    /// assert_eq!(flash_cached.cost(1_000_000, 0), Ok(Nanos(18_750_000)), "$0.01875 a million");
    /// assert_eq!(flash_cached.cost(1, 0), Ok(Nanos(19)), "18.75 nano-dollars, rounded up");
    /// ```
    #[inline]
    pub fn cost(&self, input: Tokens, output: Tokens) -> Result<Nanos, Overflow> {
        match self.per_token {
            Some((i, o)) => i.checked_mul(input)?.checked_add(o.checked_mul(output)?),
            None => Price::cost_of(&[(input, self.input_per_million), (output, self.output_per_million)]),
        }
    }

    /// What each count of tokens costs at its price per million, summed and then rounded up
    /// to a whole nano-dollar once (a fraction is charged whole, so a budget never lets
    /// through what the call would cost): a call whose input is partly read from a cache.
    // Kept out of line and cold: inlined into each guard's check and the engine's loop, its
    // 128-bit arithmetic made lesson 000's module about 0.8 KB larger gzipped, and the
    // loop's code around it slower (the 200-day line 10 ms where it takes 7.9).
    #[cold]
    #[inline(never)]
    pub fn cost_of(parts: &[(Tokens, Micros)]) -> Result<Nanos, Overflow> {
        // Micro-dollars per million tokens times tokens is thousandths of a nano-dollar.
        let mut milli_nanos: u128 = 0;
        for &(tokens, per_million) in parts {
            milli_nanos = milli_nanos.checked_add(u128::from(tokens) * u128::from(per_million.0)).ok_or(Overflow)?;
        }
        u64::try_from(milli_nanos.div_ceil(1_000)).map(Nanos).map_err(|_| Overflow)
    }
}

/// One price per model, by name.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PriceTable(pub Vec<(String, Price)>);

/// Cached-input prices per million tokens, by model: what tokens read from the provider's
/// prompt cache cost, where a price table gives it (optional: a replay's cached input
/// tokens are otherwise input tokens at the input price).
pub type CachedPrices = Vec<(String, Micros)>;

impl PriceTable {
    pub fn get(&self, model: &str) -> Option<Price> {
        self.0.iter().find(|(name, _)| name == model).map(|&(_, price)| price)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_price_written_as_json_and_read_back_is_the_same_price_and_charges_the_same() {
        for (input, output) in [(800_000, 4_000_000), (18_750, 300_000)] {
            let price = Price::per_million(Micros(input), Micros(output));
            let json = serde_json::to_string(&price).unwrap();
            assert_eq!(json, format!("{{\"inputPerMillion\":{input},\"outputPerMillion\":{output}}}"));
            let read: Price = serde_json::from_str(&json).unwrap();
            assert_eq!(read, price, "{json}");
            assert_eq!(read.cost(1_001, 7), price.cost(1_001, 7), "{json}");
        }
    }

    #[test]
    fn the_whole_nano_dollar_prices_charge_as_the_exact_sum_does() {
        let whole = Price::per_million(Micros(3_000_000), Micros(15_000_000));
        let parts = [(1_234, whole.input_per_million()), (567, whole.output_per_million())];
        assert_eq!(whole.cost(1_234, 567), Price::cost_of(&parts), "the fast path and the exact sum agree");
        assert_eq!(whole.cost(1_234, 567), Ok(Nanos(1_234 * 3_000 + 567 * 15_000)));
    }
}

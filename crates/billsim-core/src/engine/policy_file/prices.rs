//! A file's prices: dollars per million input and output tokens, by model, and optionally
//! per million cached input tokens (`cachedInputPerMillion`, the CSV table's
//! `cached_input_per_million`).

use super::json::{dollars, object, refused, Fields, MODEL_ALLOWED};
use crate::engine::price::{CachedPrices, Price, PriceTable};
use crate::money::Micros;
use crate::settings::shown;
use crate::settings::FieldError;
use serde_json::value::RawValue;

const PRICES_ALLOWED: &str = "an object of prices by model name";
const PRICE_ALLOWED: &str = "a price: an object with \"inputPerMillion\" and \"outputPerMillion\"";
const PRICE_FIELDS: &str =
    "an object with only the fields \"inputPerMillion\", \"outputPerMillion\" and (optional) \"cachedInputPerMillion\"";
/// A price's fields; the last is optional.
const FIELDS: [&str; 3] = ["inputPerMillion", "outputPerMillion", "cachedInputPerMillion"];
pub(super) const PER_MILLION_ALLOWED: &str =
    "an amount in dollars per million tokens from 0 to 1,000,000, with at most 6 decimals \
     (a number such as 0.8 or a string such as \"0.80\")";
const PER_MILLION_MAX: Micros = Micros(1_000_000 * Micros::PER_DOLLAR);

pub fn prices(raw: &RawValue, path: &str) -> Result<(PriceTable, CachedPrices), FieldError> {
    let entries = object(raw, path, PRICES_ALLOWED)?;
    let mut table: Vec<(String, Price)> = Vec::with_capacity(entries.len());
    let mut cached: CachedPrices = Vec::new();
    for (model, raw) in entries {
        let at = format!("{path}.{model}");
        if model.is_empty() || model.chars().count() > 80 || model.chars().any(char::is_control) {
            return Err(refused(path, MODEL_ALLOWED, shown(&model)));
        }
        if table.iter().any(|(m, _)| *m == model) {
            return Err(refused(&at, "given once", "a second time".into()));
        }
        let f = Fields::new(object(raw, &at, PRICE_ALLOWED)?, &at, PRICE_FIELDS, &FIELDS)?;
        let per_million = |key: &str| -> Result<Micros, FieldError> {
            let (raw, at) = f.need(key, PER_MILLION_ALLOWED)?;
            per_million_of(raw, &at)
        };
        let price = Price::per_million(per_million(FIELDS[0])?, per_million(FIELDS[1])?);
        if let Some((raw, at)) = f.get(FIELDS[2]) {
            cached.push((model.clone(), per_million_of(raw, &at)?));
        }
        table.push((model, price));
    }
    Ok((PriceTable(table), cached))
}

/// An amount of dollars per million tokens, at `at`.
fn per_million_of(raw: &RawValue, at: &str) -> Result<Micros, FieldError> {
    dollars(raw, at, PER_MILLION_ALLOWED, Micros::ZERO, PER_MILLION_MAX)
}

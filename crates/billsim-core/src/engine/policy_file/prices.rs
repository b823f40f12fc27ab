//! A file's prices: dollars per million input and output tokens, by model.

use super::json::{dollars, object, refused, wrong, Fields, MODEL_ALLOWED};
use crate::engine::price::{Price, PriceTable};
use crate::money::Micros;
use crate::settings::shown;
use crate::settings::FieldError;
use serde_json::value::RawValue;

const PRICES_ALLOWED: &str = "an object of prices by model name";
const PRICE_ALLOWED: &str = "a price: an object with \"inputPerMillion\" and \"outputPerMillion\"";
const PRICE_FIELDS: &str = "an object with only the fields \"inputPerMillion\" and \"outputPerMillion\"";
pub(super) const PER_MILLION_ALLOWED: &str =
    "an amount in dollars per million tokens from 0 to 1000000, with at most 3 decimals \
     (a number such as 0.8 or a string such as \"0.80\")";
const PER_MILLION_MAX: Micros = Micros(1_000_000 * Micros::PER_DOLLAR);

pub fn prices(raw: &RawValue, path: &str) -> Result<PriceTable, FieldError> {
    let entries = object(raw, path, PRICES_ALLOWED)?;
    let mut table: Vec<(String, Price)> = Vec::with_capacity(entries.len());
    for (model, raw) in entries {
        let at = format!("{path}.{model}");
        if model.is_empty() || model.chars().count() > 80 || model.chars().any(char::is_control) {
            return Err(refused(path, MODEL_ALLOWED, shown(&model)));
        }
        if table.iter().any(|(m, _)| *m == model) {
            return Err(refused(&at, "given once", "a second time".into()));
        }
        let f =
            Fields::new(object(raw, &at, PRICE_ALLOWED)?, &at, PRICE_FIELDS, &["inputPerMillion", "outputPerMillion"])?;
        let per_million = |key: &str| -> Result<Micros, FieldError> {
            let (raw, at) = f.need(key, PER_MILLION_ALLOWED)?;
            let amount = dollars(raw, &at, PER_MILLION_ALLOWED, Micros::ZERO, PER_MILLION_MAX)?;
            // Whole nano-dollars a token: at most three decimals of a dollar per million.
            Price::per_million(amount, Micros::ZERO).map(|_| amount).map_err(|_| wrong(raw, &at, PER_MILLION_ALLOWED))
        };
        let (input, output) = (per_million("inputPerMillion")?, per_million("outputPerMillion")?);
        // Both were checked alone above.
        let price = Price::per_million(input, output).map_err(|_| wrong(raw, &at, PER_MILLION_ALLOWED))?;
        table.push((model, price));
    }
    Ok(PriceTable(table))
}

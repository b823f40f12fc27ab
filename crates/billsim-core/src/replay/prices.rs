//! What a replayed call is charged: its logged cost when the log gives one (exactly, to
//! the nano-dollar); otherwise its tokens at its model's price, from the reader's table
//! (`--prices`, JSON or CSV), else the lessons' own prices. A model with neither a price
//! nor a logged cost on every call is an error naming each such model with its calls,
//! never a cost of zero.

use crate::engine::{read_prices_with_cached, Nanos, Price, PriceTable, RunError};
use crate::money::Micros;
use crate::replay::columns::{normalize, twice};
use crate::replay::csv_records::Records;
use crate::replay::error::BadRow;
use crate::replay::log::Log;
use crate::scenario::registry::SCENARIOS;
use crate::scenario::Values;
use crate::settings::shown;
use crate::visible_text::quoted;
use std::sync::OnceLock;

/// The lessons' prices: each scenario's price table at its default settings (so a
/// scenario's exported log replays with no table given), a model's first price kept.
/// Made once, from each scenario's prices alone: no scenario's traffic is built.
pub fn built_in() -> &'static PriceTable {
    static TABLE: OnceLock<PriceTable> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table: Vec<(String, Price)> = Vec::new();
        for s in SCENARIOS {
            let Ok(prices) = s.prices(&Values::defaults(s)) else { continue };
            for (model, price) in prices.0 {
                if !table.iter().any(|(m, _)| *m == model) {
                    table.push((model, price));
                }
            }
        }
        PriceTable(table)
    })
}

/// The dearest price a table may give, per million tokens (as a policy file's `"prices"`):
/// past it a call's cost would not be counted.
const PER_MILLION_MOST: Micros = Micros(1_000_000 * Micros::PER_DOLLAR);
const PER_MILLION_ALLOWED: &str =
    "an amount in dollars per million tokens from 0 to 1,000,000, with at most 6 decimals";

/// The price table's columns: what each is, and its names (normalized). The cached-input
/// price is optional (a table without it reads as before).
const PRICE_COLUMNS: [(&str, &[&str]); 4] = [
    ("model", &["model"]),
    ("input price", &["inputpermillion", "input", "inputprice", "inputusdpermillion"]),
    ("output price", &["outputpermillion", "output", "outputprice", "outputusdpermillion"]),
    ("cached-input price", &["cachedinputpermillion", "cachedinput", "cachedinputprice", "cachereadpermillion"]),
];

pub use crate::engine::CachedPrices;

/// What a price table may be, as its refusal says it.
pub const TABLE_ALLOWED: &str =
    "a JSON object of prices by model (as a policy file's \"prices\"), or a CSV header with \
     \"model\", \"input_per_million\" and \"output_per_million\" (dollars per million tokens)";

/// A reader's price table: JSON (`{"model": {"inputPerMillion": 5, "outputPerMillion":
/// 25}}`, as a policy file's `"prices"`) or CSV (`model,input_per_million,output_per_million`).
///
/// ```
/// use billsim_core::replay::prices::read_table;
/// let t = read_table("model,input_per_million,output_per_million\r\nmy-model,0.25,1.25\r\n").unwrap();
/// assert_eq!(t.get("my-model").unwrap().output_per_million().0, 1_250_000);
/// assert!(read_table("model,input_per_million,output_per_million\nm,0.0000001,1\n").is_err());
/// // A JSON list is no table: the refusal says what JSON is (not "must be JSON").
/// assert!(read_table("[]").unwrap_err().starts_with("prices: must be a JSON object of prices by model"));
/// ```
pub fn read_table(text: &str) -> Result<PriceTable, String> {
    read_table_with_cached(text).map(|(table, _)| table)
}

/// [`read_table`], with the cached-input prices: the CSV's optional `cached_input_per_million`
/// column (dollars per million input tokens read from the provider's cache; an empty cell:
/// none for that model), or JSON's optional `cachedInputPerMillion`.
///
/// ```
/// use billsim_core::replay::prices::read_table_with_cached;
/// let (t, cached) = read_table_with_cached("model,input_per_million,output_per_million,cached_input_per_million\nm,1,5,0.1\nn,1,5,\n").unwrap();
/// assert_eq!((t.0.len(), cached.len(), cached[0].1 .0), (2, 1, 100_000));
/// assert!(read_table_with_cached("model,input,output,cached_input\nm,1,5,x\n").unwrap_err().starts_with("prices, line 2, cached_input: must be"));
/// ```
pub fn read_table_with_cached(text: &str) -> Result<(PriceTable, CachedPrices), String> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.trim_start().starts_with('{') {
        return read_prices_with_cached(text).map_err(|e| e.to_string());
    }
    let mut records = Records::new(text.as_bytes());
    let mut record = csv::ByteRecord::new();
    let refused = |bad: BadRow| format!("prices, line {}: {}", bad.line, bad.problem);
    match records.next(&mut record, None).map_err(|e| format!("prices: {e}"))? {
        Some(Ok(_)) => {}
        Some(Err(bad)) => return Err(refused(bad)),
        None => return Err(format!("prices: must be {TABLE_ALLOWED}")),
    }
    let said: Vec<String> = record.iter().map(|h| String::from_utf8_lossy(h).trim().to_string()).collect();
    let header: Vec<String> = said.iter().map(|h| normalize(h)).collect();
    // A column given twice, or under two of its names, is refused: neither is read.
    let find = |(what, names): (&str, &[&str])| -> Result<Option<usize>, String> {
        let mut found = header.iter().enumerate().filter(|(_, h)| names.contains(&h.as_str())).map(|(k, _)| k);
        match (found.next(), found.next()) {
            (Some(a), Some(b)) => Err(format!(
                "prices: the header gives {} (columns {} and {}), both the {what}: keep one",
                twice(&said[a], &said[b]),
                a + 1,
                b + 1
            )),
            (first, _) => Ok(first),
        }
    };
    let (Some(m), Some(i), Some(o)) = (find(PRICE_COLUMNS[0])?, find(PRICE_COLUMNS[1])?, find(PRICE_COLUMNS[2])?)
    else {
        return Err(format!("prices: must be {TABLE_ALLOWED}"));
    };
    let c = find(PRICE_COLUMNS[3])?;
    let mut table: Vec<(String, Price)> = Vec::new();
    let mut cached: CachedPrices = Vec::new();
    while let Some(read) = records.next(&mut record, Some(header.len())).map_err(|e| format!("prices: {e}"))? {
        let line = read.map_err(refused)?;
        let record = csv::StringRecord::from_byte_record(record.clone())
            .map_err(|_| format!("prices, line {line}: must be UTF-8 text"))?;
        let cell = |k: usize| record.get(k).unwrap_or("").trim();
        let model = cell(m).to_string();
        if model.is_empty() {
            return Err(format!("prices, line {line}: the model's name is empty"));
        }
        let per_million = |k: usize| -> Result<Micros, String> {
            Micros::parse_dollars(cell(k)).ok().filter(|a| *a <= PER_MILLION_MOST).ok_or_else(|| {
                format!("prices, line {line}, {}: must be {PER_MILLION_ALLOWED}; got {}", said[k], shown(cell(k)))
            })
        };
        let price = Price::per_million(per_million(i)?, per_million(o)?);
        if table.iter().any(|(t, _)| *t == model) {
            return Err(format!("prices, line {line}: {} is priced twice", shown(&model)));
        }
        if let Some(c) = c.filter(|&c| !cell(c).is_empty()) {
            cached.push((model.clone(), per_million(c)?));
        }
        table.push((model, price));
    }
    Ok((PriceTable(table), cached))
}

/// Each of `models`' cached-input price, from [`Log::cached_prices`] by the names
/// [`names_of`] gives; `None` where it has none.
pub fn cached_by_model(log: &Log, models: &[String]) -> Vec<Option<Micros>> {
    let cached_price = |model: &str| {
        names_of(model).into_iter().find_map(|n| log.cached_prices.iter().find(|(m, _)| *m == n).map(|&(_, p)| p))
    };
    models.iter().map(|m| cached_price(m)).collect()
}

/// The log's logged costs, with each call that has cached input tokens and no logged
/// cost charged: its cached tokens at its model's cached-input price (from
/// [`Log::cached_prices`], by the names [`names_of`] gives), the rest of its input at the
/// input price and its output at the output price. `None` when no call is so charged (no
/// call has cached tokens, or no model has a cached-input price: they are then input
/// tokens at the input price, as any other).
pub fn with_cached(
    log: &Log,
    calls: &[crate::engine::Call],
    costs: &[Option<Nanos>],
    table: &PriceTable,
) -> Result<Option<Vec<Option<Nanos>>>, RunError> {
    if log.cached.is_empty() || log.cached_prices.is_empty() {
        return Ok(None);
    }
    let by_model: Vec<Option<(Price, Micros)>> = (log.models.iter().zip(cached_by_model(log, &log.models)))
        .map(|(m, cached)| table.get(m).and_then(|price| cached.map(|c| (price, c))))
        .collect();
    let mut priced = if costs.is_empty() { vec![None; calls.len()] } else { costs.to_vec() };
    let mut any = false;
    for (i, call) in calls.iter().enumerate() {
        let (Some(&n), None) = (log.cached.get(i), priced[i]) else { continue };
        let Some(Some((price, cached))) = by_model.get(usize::from(call.model)) else { continue };
        if n == 0 {
            continue;
        }
        let parts =
            [(call.input - n, price.input_per_million()), (n, *cached), (call.output, price.output_per_million())];
        let cost = Price::cost_of(&parts).map_err(|_| RunError::Overflow)?;
        priced[i] = Some(cost);
        any = true;
    }
    Ok(any.then_some(priced))
}

/// A price for each of the log's models, and a note for each model priced from its
/// logged costs alone: from `given` (the reader's), then the prices of added cohorts,
/// then the lessons'. A model with no price whose calls all carry a logged cost gets the
/// dearest rate its calls were logged at, per token in or out: its calls are charged
/// what was logged, and a budget sets aside at that rate. Then a price for each of `more`,
/// models no call of the log names (one a replay's policy may switch calls to), from the
/// same tables; one with none is an error like any model's.
pub fn for_log(log: &Log, more: &[String], given: Option<&PriceTable>) -> Result<(PriceTable, Vec<String>), RunError> {
    let lessons = built_in();
    let n = log.models.len();
    let mut without_cost = vec![0u64; n];
    let mut dearest = vec![0u64; n];
    let mut tokens_logged = vec![false; n];
    for (i, call) in log.calls.iter().enumerate() {
        let m = usize::from(call.model);
        match log.costs.get(i).copied().flatten() {
            None => without_cost[m] += 1,
            Some(cost) => {
                // In micro-dollars per million tokens, rounded up: a call is set aside at least
                // its logged cost (so a budget never lets through more than it is charged),
                // and at most a nano-dollar more a thousand tokens (it was a nano-dollar more
                // a token, in nano-dollars per token).
                // A call of no tokens (an image made) has a cost but no rate: 1 token's for its
                // whole cost made a budget set aside $40,000 a million for every call.
                let tokens = call.input.saturating_add(call.output);
                if tokens > 0 {
                    dearest[m] = dearest[m].max(cost.0.saturating_mul(1_000).div_ceil(tokens));
                    tokens_logged[m] = true;
                }
            }
        }
    }
    let mut table = Vec::with_capacity(n);
    let mut missing = Vec::new();
    let mut notes = Vec::new();
    // A price, and whether it is the lessons' own (not the reader's, nor an added cohort's).
    let price_of = |name: &str| match given.and_then(|t| t.get(name)).or_else(|| log.added_prices.get(name)) {
        Some(price) => Some((price, false)),
        None => lessons.get(name).map(|price| (price, true)),
    };
    // A model's own name first, then the name without what a gateway adds (a provider's
    // prefix, a region, a version, a date), said in a note when that is what is priced. A
    // price from the lessons' table is said with its figures: a lesson's may be its own
    // example, not the provider's list price of the day.
    let known = |model: &str, notes: &mut Vec<String>| {
        names_of(model).into_iter().find_map(|name| {
            let (price, lessons) = price_of(&name)?;
            let named = match name == model {
                true => format!("{} is priced", quoted(model)),
                false => format!("{} is priced as {}", quoted(model), quoted(&name)),
            };
            match lessons {
                true => notes.push(format!(
                    "{named} at the lessons' {} and {} per million input and output tokens; a price table of your \
                     own replaces them",
                    price.input_per_million().shown(),
                    price.output_per_million().shown()
                )),
                false if name != model => notes.push(named),
                false => {}
            }
            Some(price)
        })
    };
    for (m, model) in log.models.iter().enumerate() {
        match known(model, &mut notes) {
            Some(price) => table.push((model.clone(), price)),
            None if without_cost[m] > 0 => missing.push((model.clone(), without_cost[m])),
            // Its calls' costs say no rate: none of them has a token.
            None if !tokens_logged[m] => {
                notes.push(format!(
                    "{} has no price and its calls no tokens (images made?): each is charged its logged cost, and \
                     a budget sets aside nothing before it, so it may let one call past",
                    quoted(model)
                ));
                table.push((model.clone(), Price::per_million(Micros::ZERO, Micros::ZERO)));
            }
            None => {
                let per_million = Micros(dearest[m]);
                notes.push(format!(
                    "{} has no price: its calls are charged their logged costs, and a budget sets aside at \
                     its dearest logged rate, {} per million tokens",
                    quoted(model),
                    per_million.shown()
                ));
                table.push((model.clone(), Price::per_million(per_million, per_million)));
            }
        }
    }
    for model in more {
        match known(model, &mut notes) {
            Some(price) => table.push((model.clone(), price)),
            None => missing.push((model.clone(), 0)),
        }
    }
    if !missing.is_empty() {
        return Err(RunError::NoPrice(missing));
    }
    Ok((PriceTable(table), notes))
}

/// The names a model may be priced under, the first tried first: as logged; without a
/// gateway's provider prefix (`azure/gpt-4o`, `bedrock/...`, `openrouter/anthropic/...`);
/// without a region and vendor (`us.anthropic.claude-...`); without a Bedrock version
/// (`-v1:0`); without a date (`-20251001`, `@20251001`, OpenAI's `-2024-08-06`).
///
/// ```
/// use billsim_core::replay::prices::names_of;
/// assert_eq!(names_of("azure/gpt-4o"), ["azure/gpt-4o", "gpt-4o"]);
/// assert_eq!(names_of("bedrock/us.anthropic.claude-haiku-4-5-20251001-v1:0").last().unwrap(), "claude-haiku-4-5");
/// assert_eq!(names_of("gpt-4.1"), ["gpt-4.1"]);
/// assert_eq!(names_of("gpt-4o-2024-08-06"), ["gpt-4o-2024-08-06", "gpt-4o"]);
/// assert_eq!(names_of("modèle-de-test"), ["modèle-de-test"], "a name of other scripts, whole");
/// assert_eq!(names_of("日本語モデル"), ["日本語モデル"]);
/// ```
pub fn names_of(model: &str) -> Vec<String> {
    let mut names = vec![model.to_string()];
    let mut add = |name: &str| {
        if !name.is_empty() && names.last().map_or(true, |last| last != name) {
            names.push(name.to_string());
        }
    };
    let mut name = model.rsplit('/').next().unwrap_or(model);
    add(name);
    // A dot before the first dash is a region's or a vendor's (`us.anthropic.`), not a
    // version's (`gpt-4.1`).
    while let Some(dot) = name.find('.').filter(|&dot| name.find('-').map_or(true, |dash| dot < dash)) {
        name = &name[dot + 1..];
    }
    add(name);
    let name = name.split_once(':').map_or(name, |(n, _)| n);
    let name = match name.rsplit_once("-v") {
        Some((n, v)) if !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit()) => n,
        _ => name,
    };
    add(name);
    let dated = |sep| match name.rsplit_once(sep) {
        Some((n, date)) if date.len() == 8 && date.bytes().all(|b| b.is_ascii_digit()) => Some(n),
        _ => None,
    };
    // OpenAI's date, `-2024-08-06`: its last 11 bytes, dashes at 0, 5 and 8, digits between
    // (bytes, so that a name of other scripts is never cut inside a character).
    let bytes = name.as_bytes();
    let dashed = bytes.len().checked_sub(11).filter(|&at| {
        bytes[at..]
            .iter()
            .enumerate()
            .all(|(i, &b)| if matches!(i, 0 | 5 | 8) { b == b'-' } else { b.is_ascii_digit() })
    });
    add(dated('-').or_else(|| dated('@')).or_else(|| dashed.and_then(|at| name.get(..at))).unwrap_or(name));
    names
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::read_prices;

    #[test]
    fn the_lessons_prices_are_each_scenarios_own_at_its_defaults() {
        let t = built_in();
        let names: Vec<&str> = t.0.iter().map(|(m, _)| m.as_str()).collect();
        assert_eq!(
            names,
            ["toy", "free", "small", "claude-haiku-5-5", "claude-opus-4-8", "claude-sonnet-4-6", "claude-haiku-4-5"]
        );
        let haiku = t.get("claude-haiku-4-5").unwrap();
        assert_eq!(
            (haiku.cost(1, 0), haiku.cost(0, 1)),
            (Ok(Nanos(800)), Ok(Nanos(4_000))),
            "lesson 002's $0.80 and $4"
        );
    }

    #[test]
    fn a_stray_quote_in_a_price_table_is_said_at_its_line() {
        let text = "model,input_per_million,output_per_million\na,1,2\n\"b,3,4\nc,5,6\n";
        assert_eq!(
            read_table(text).unwrap_err(),
            "prices, line 3: unterminated quote: a quoted value runs past the line's end to the end of the file"
        );
    }

    #[test]
    fn a_price_past_a_million_dollars_per_million_tokens_is_refused_naming_its_line_and_column() {
        assert_eq!(
            read_table("model,input_per_million,output_per_million\nm,1,2\nn,1,1000000000000\n").unwrap_err(),
            "prices, line 3, output_per_million: must be an amount in dollars per million tokens from 0 to 1,000,000, \
             with at most 6 decimals; got \"1000000000000\""
        );
        assert!(read_table("model,input_per_million,output_per_million\nm,1000000,1000000\n").is_ok());
    }

    #[test]
    fn a_price_column_given_twice_or_under_two_names_is_refused_naming_both() {
        assert_eq!(
            read_table("model,input,output,input\nm,1,2,1000\n").unwrap_err(),
            "prices: the header gives \"input\" twice (columns 2 and 4), both the input price: keep one"
        );
        assert_eq!(
            read_table("model,input_per_million,output,input\nm,1,2,1000\n").unwrap_err(),
            "prices: the header gives \"input_per_million\" and \"input\" (columns 2 and 4), both the input price: \
             keep one"
        );
        assert!(
            read_prices(r#"{"m": {"inputPerMillion": 1, "outputPerMillion": 2, "inputPerMillion": 1000}}"#).is_err()
        );
        assert!(read_prices(r#"{"m": {"inputPerMillion": 1, "outputPerMillion": 2}, "m": {"inputPerMillion": 9, "outputPerMillion": 9}}"#).is_err());
    }
}

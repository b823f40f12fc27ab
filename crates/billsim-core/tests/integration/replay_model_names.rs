//! Model names as gateways log them (`azure/gpt-4o`, `bedrock/us.anthropic.claude-...-v1:0`,
//! `vertex_ai/claude-...@20251001`) find the price of the model they name.

use crate::replay_common::*;
use billsim_core::engine::Record;
use billsim_core::replay::{run, Options};

fn log_of(models: [&str; 2]) -> String {
    format!(
        "time,user,model,input_tokens,output_tokens\n2025-05-01T09:00:00Z,a,{},1000,100\n2025-05-01T09:00:01Z,b,{},2000,200\n",
        models[0], models[1]
    )
}

#[test]
fn a_provider_prefixed_model_name_is_priced_as_the_model_it_names_and_a_note_says_so() {
    let plain = read(log_of(["claude-haiku-4-5", "claude-sonnet-4-6"]).as_bytes(), Options::default()).unwrap();
    let prefixed = read(
        log_of(["bedrock/us.anthropic.claude-haiku-4-5-20251001-v1:0", "azure/claude-sonnet-4-6"]).as_bytes(),
        Options::default(),
    )
    .unwrap();
    let bill = |log| run::run(log, None, None, Record::default()).unwrap_or_else(|e| panic!("{e}")).policies[0].bill;
    assert_eq!(bill(&prefixed), bill(&plain), "each priced as the model it names");
    let out = run::run(&prefixed, None, None, Record::default()).unwrap();
    let said = "\"azure/claude-sonnet-4-6\" is priced as \"claude-sonnet-4-6\" at the lessons' $3.00 and $15.00 per \
                million input and output tokens; a price table of your own replaces them";
    assert!(out.notes.iter().any(|n| n == said), "{:?}", out.notes);
}

#[test]
fn a_model_priced_from_the_lessons_table_says_the_price_and_one_the_reader_prices_does_not() {
    let log = read(log_of(["claude-haiku-4-5", "claude-haiku-4-5"]).as_bytes(), Options::default()).unwrap();
    let notes = run::run(&log, None, None, Record::default()).unwrap().notes;
    let lessons = notes.iter().find(|n| n.starts_with("\"claude-haiku-4-5\" is priced at the lessons' $"));
    assert!(lessons.is_some_and(|n| n.ends_with("a price table of your own replaces them")), "{notes:?}");
    let mine = billsim_core::replay::prices::read_table("model,input,output\nclaude-haiku-4-5,1,5\n").unwrap();
    let notes = run::run(&log, None, Some(&mine), Record::default()).unwrap().notes;
    assert!(!notes.iter().any(|n| n.contains("the lessons'")), "priced by the reader's table: {notes:?}");
}

#[test]
fn a_model_named_in_another_script_is_replayed_under_its_own_name() {
    let models = ["modèle-de-test", "日本語モデル"];
    let log = read(log_of(models).as_bytes(), Options::default()).unwrap();
    let table = "model,input,output\nmodèle-de-test,1,5\n日本語モデル,1,5\n";
    let mine = billsim_core::replay::prices::read_table(table).unwrap();
    let out = run::run(&log, None, Some(&mine), Record::default()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(out.models, models, "each model as the log names it");
}

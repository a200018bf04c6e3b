//! Sensitivity tables.

use serde_json::{Map, Value, json};

use super::{engine, loan};
use crate::model::CalcDoc;
use crate::run::whatif::sweep::{Cell, Sweep, SweepAnswer};

fn sweep(doc: &CalcDoc, spec: Value) -> SweepAnswer {
    match Sweep::from_json(&spec) {
        Ok(spec) => engine().sweep(doc, &Map::new(), &spec),
        Err(error) => SweepAnswer::Refused { error },
    }
}

#[test]
fn a_two_input_table_has_a_cell_for_each_pair_formatted_as_the_output() {
    let answer = sweep(
        &loan(),
        json!({"output": "payment", "input": "rate", "from": 5, "to": 7, "steps": 3,
               "input2": "years", "values2": [15, 30]}),
    );
    let SweepAnswer::Table {
        rows,
        columns,
        cells,
        row_start,
        ..
    } = answer
    else {
        panic!("{answer:?}");
    };
    assert_eq!(rows, vec![json!(5), json!(6), json!(7)]);
    assert_eq!(columns, Some(vec![json!(15), json!(30)]));
    assert_eq!(row_start, 0);
    let shown: Vec<Vec<String>> = cells
        .iter()
        .map(|row| {
            row.iter()
                .map(|cell| match cell {
                    Cell::Value { display, .. } => display.clone(),
                    Cell::Failed { error } => error.clone(),
                })
                .collect()
        })
        .collect();
    assert_eq!(
        shown,
        vec![
            vec!["$2,372.38", "$1,610.46"],
            vec!["$2,531.57", "$1,798.65"],
            vec!["$2,696.48", "$1,995.91"],
        ]
    );
}

#[test]
fn steps_between_decimals_are_the_decimals_a_person_would_write() {
    let answer = sweep(
        &loan(),
        json!({"output": "payment", "input": "rate", "from": 0.03, "to": 0.07, "steps": 5,
               "rowStart": 1, "rowCount": 2}),
    );
    let SweepAnswer::Table {
        rows,
        cells,
        row_start,
        ..
    } = answer
    else {
        panic!("{answer:?}");
    };
    assert_eq!(
        rows,
        vec![
            json!(0.03),
            json!(0.04),
            json!(0.05),
            json!(0.06),
            json!(0.07)
        ]
    );
    assert_eq!((row_start, cells.len(), cells[0].len()), (1, 2, 1));
}

#[test]
fn a_cell_whose_calculation_fails_holds_the_error() {
    let answer = sweep(
        &loan(),
        json!({"output": "payment", "input": "rate", "values": [-60, 5]}),
    );
    let SweepAnswer::Table { cells, .. } = answer else {
        panic!("{answer:?}");
    };
    assert_eq!(
        cells[0][0],
        Cell::Failed {
            error: "Error: rate too low (line 2)".to_owned()
        }
    );
    assert!(matches!(&cells[1][0], Cell::Value { display, .. } if display == "$1,610.46"));
}

#[test]
fn a_table_spec_out_of_range_is_refused_in_words() {
    let doc = loan();
    let refused = |spec: Value| match sweep(&doc, spec) {
        SweepAnswer::Refused { error } => error,
        other => panic!("{other:?}"),
    };
    assert_eq!(
        refused(json!({"output": "payment", "input": "rate", "from": 1, "to": 2, "steps": 51})),
        "The steps for \"rate\" must be a whole number from 1 to 50."
    );
    assert_eq!(
        refused(json!({"output": "payment", "input": "rate", "from": 1})),
        "\"rate\" needs from, to and steps, or a list of values."
    );
    assert_eq!(
        refused(
            json!({"output": "payment", "input": "rate", "values": [1], "input2": "rate", "values2": [2]})
        ),
        "Choose two different inputs."
    );
    assert_eq!(
        refused(json!({"output": "payment", "input": "rate", "values": []})),
        "The values for \"rate\" must be 1 to 50 numbers."
    );
    assert_eq!(
        refused(json!({"output": "payment", "input": "note", "values": [1]})),
        "\"note\" is not a number input."
    );
    assert_eq!(
        refused(json!({"output": "payment", "input": "rate", "values": [1], "rowStart": 1})),
        "rowStart must be below the number of rows (1)."
    );
}

#[test]
fn a_calculation_that_changes_its_realm_does_not_reach_the_next_cell() {
    // The cells share a realm only while its guard finds it untouched.
    let shown = cells_for_x_of_1_2_3(
        "globalThis.seen = (globalThis.seen || 0) + 1;\nArray.prototype.total = 5;\nreturn { y: seen * 100 + inputs.x };",
    );
    assert_eq!(shown, ["101", "102", "103"]);
}

#[test]
fn a_cell_left_mid_flight_takes_its_realm_and_what_it_saw_with_it() {
    // The first cell leaves a mark; a cell that sees it runs out of time, which drops
    // the realm before the guard could look: the table must still be what each
    // calculation on its own gives.
    let shown = cells_for_x_of_1_2_3(
        "var seen = globalThis.mark || 0;\nif (inputs.x === 1) globalThis.mark = 1;\nif (seen) { while (true) {} }\nreturn { y: inputs.x };",
    );
    assert_eq!(shown, ["1", "2", "3"]);
}

/// The table of `y` for x = 1, 2, 3 of a calculator with input `x`, output `y` and
/// `script`, its cells as shown.
fn cells_for_x_of_1_2_3(script: &str) -> Vec<String> {
    let doc = CalcDoc::from_json_value(json!({
        "script": script,
        "metaInputs": [{"id": 1, "name": "x", "type": "number"}],
        "metaOutputs": [{"id": 1, "name": "y", "type": "value"}]
    }))
    .expect("a calculator");
    let answer = sweep(
        &doc,
        json!({"output": "y", "input": "x", "values": [1, 2, 3]}),
    );
    first_column(&answer)
        .into_iter()
        .map(str::to_owned)
        .collect()
}

/// A one-input table's cells as shown: display texts, or errors.
fn first_column(answer: &SweepAnswer) -> Vec<&str> {
    let SweepAnswer::Table { cells, .. } = answer else {
        panic!("{answer:?}");
    };
    cells
        .iter()
        .map(|row| match &row[0] {
            Cell::Value { display, .. } => display.as_str(),
            Cell::Failed { error } => error.as_str(),
        })
        .collect()
}

#[test]
fn a_cell_of_an_output_that_rounds_carries_its_csv_digits_as_shown() {
    // A cash total: half to even to a multiple of 0.05, two decimals; a percent share with
    // one decimal (a fraction again, as the table's CSV writes one: 12,500.0% is 125); and
    // the raw number of an output without a rule of its own.
    let doc = CalcDoc::from_json_value(json!({
        "script": "return { cash: inputs.x * 1.125, share: inputs.x / 8, plain: inputs.x / 3 };",
        "metaInputs": [{"id": 1, "name": "x", "type": "number"}],
        "metaOutputs": [
            {"id": 1, "name": "cash", "type": "value", "currencySign": "$", "decimalPlaces": 2,
             "roundingMode": "halfEven", "roundingStep": 0.05},
            {"id": 2, "name": "share", "type": "value", "percent": true, "decimalPlaces": 1},
            {"id": 3, "name": "plain", "type": "value"}
        ],
        "defaults": {"1": 1}
    }))
    .expect("a calculator");
    let csv = |output: &str| match sweep(
        &doc,
        json!({"output": output, "input": "x", "values": [1, 1000]}),
    ) {
        SweepAnswer::Table { cells, .. } => cells
            .iter()
            .map(|row| match &row[0] {
                Cell::Value { display, csv, .. } => (display.clone(), csv.clone()),
                Cell::Failed { error } => panic!("{error}"),
            })
            .collect::<Vec<_>>(),
        refused => panic!("{refused:?}"),
    };
    let some = |display: &str, csv: &str| (display.to_owned(), Some(csv.to_owned()));
    assert_eq!(
        csv("cash"),
        vec![some("$1.10", "1.10"), some("$1,125.00", "1125.00")]
    );
    assert_eq!(
        csv("share"),
        vec![some("12.5%", "0.125"), some("12,500.0%", "125")]
    );
    assert_eq!(
        csv("plain"),
        vec![("0.333".to_owned(), None), ("333.333".to_owned(), None)]
    );
}

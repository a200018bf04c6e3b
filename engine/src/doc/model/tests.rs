//! Tests of `model.rs`.

use super::*;
use serde_json::json;

#[test]
fn unknown_fields_survive_a_round_trip() {
    let original = json!({
        "name": "Loan", "description": "", "script": "return {};",
        "libraries": {"lodash": true, "moment": false, "mathjs": false, "future": 1},
        "tabSize": 4, "defaults": {"1": 5},
        "metaInputs": [{"id": 1, "name": "a", "type": "number", "sliderMin": 0,
            "presentationType": "slider", "autohide": false}],
        "metaOutputs": [{"id": 1, "name": "x", "type": "value", "decimalPlaces": 2,
            "colour": "red"}],
        "inputs_label": "In", "somethingNew": {"kept": true}
    });
    let doc: CalcDoc = serde_json::from_value(original.clone()).unwrap();
    let saved = serde_json::to_value(&doc).unwrap();
    assert_eq!(saved["somethingNew"], json!({"kept": true}));
    assert_eq!(saved["metaInputs"][0]["sliderMin"], json!(0));
    assert_eq!(saved["metaOutputs"][0]["colour"], json!("red"));
    assert_eq!(saved["inputs_label"], json!("In"));
    let again: CalcDoc = serde_json::from_value(saved).unwrap();
    assert_eq!(again, doc);
}

#[test]
fn a_tables_chart_survives_a_round_trip_as_written() {
    // The web app keeps a table's chart (web/src/components/calculator/chart/settings.ts)
    // in a field the engine does not know; the server saves what the engine reads back.
    let chart = json!({"type": "bar", "x": 1, "y": [2, 3], "stacked": true,
            "show": "chart", "title": "Plan", "xLabel": "Month", "yLabel": "",
            "later": {"kept": [1, null]}});
    let original = json!({"metaOutputs": [{"id": 1, "name": "schedule", "type": "table",
            "chart": chart.clone(),
            "metaOutputs": [{"id": 1, "name": "Month", "type": "value"},
                {"id": 2, "name": "Paid", "type": "value", "currencySign": "$"},
                {"id": 3, "name": "Left", "type": "value", "currencySign": "$"}]}]});
    let doc = CalcDoc::from_json_value(original).unwrap();
    let saved = serde_json::to_value(&doc).unwrap();
    assert_eq!(saved["metaOutputs"][0]["chart"], chart);
    let again = CalcDoc::from_json_value(saved.clone()).unwrap();
    assert_eq!(serde_json::to_value(&again).unwrap(), saved);
}

#[test]
fn input_and_output_units_and_rules_round_trip_exactly_and_stay_absent_when_unset() {
    let input = json!({"id": 1, "name": "w", "type": "number", "prefix": "≈",
            "suffix": "kg", "placeholder": "e.g. 75", "help": "Without shoes",
            "required": true, "min": 0, "max": 300.5, "step": 0.5, "autohide": false});
    let output = json!({"id": 1, "name": "p", "type": "value", "suffix": "₽",
            "prefix": "~", "percent": false});
    let doc = json!({"metaInputs": [input, {"id": 2, "name": "b", "type": "string"}],
            "metaOutputs": [output]});
    let saved = serde_json::to_value(CalcDoc::from_json_value(doc).unwrap()).unwrap();
    assert_eq!(saved["metaInputs"][0], input);
    assert_eq!(saved["metaOutputs"][0], output);
    let plain = saved["metaInputs"][1].as_object().unwrap();
    for key in [
        "prefix",
        "suffix",
        "placeholder",
        "help",
        "required",
        "min",
        "max",
        "step",
    ] {
        assert!(!plain.contains_key(key), "{key} appeared in an old input");
    }
}

#[test]
fn crossed_bounds_are_named_in_lists_too_and_touching_bounds_are_fine() {
    let doc = |inputs: Value| CalcDoc::from_json_value(json!({ "metaInputs": inputs })).unwrap();
    let field = json!({"id": 1, "name": "weight", "type": "number", "min": 10, "max": 5});
    assert_eq!(
        doc(json!([field])).crossed_bounds().as_deref(),
        Some("input \"weight\": its minimum 10 is above its maximum 5")
    );
    let slider = json!({"id": 2, "name": "rate", "type": "number",
            "presentationType": "slider", "sliderMin": 2.5, "sliderMax": 1});
    let list = json!({"id": 3, "name": "items", "type": "list", "metaInputs": [slider]});
    assert_eq!(
        doc(json!([list])).crossed_bounds().as_deref(),
        Some("input \"rate\": its slider minimum 2.5 is above its slider maximum 1")
    );
    let fine = json!([{"id": 1, "name": "a", "type": "number", "min": 5, "max": 5},
            {"id": 2, "name": "b", "type": "number", "min": 5},
            {"id": 3, "name": "c", "type": "number", "sliderMin": "x", "sliderMax": 1}]);
    assert_eq!(doc(fine).crossed_bounds(), None);
}

#[test]
fn input_rules_of_the_wrong_type_are_refused() {
    let input = |extra: Value| {
        let mut def = json!({"id": 1, "name": "a", "type": "number"});
        def.as_object_mut()
            .unwrap()
            .extend(extra.as_object().unwrap().clone());
        serde_json::from_value::<InputDef>(def)
    };
    assert!(input(json!({"min": "zero"})).is_err());
    assert!(input(json!({"required": "yes"})).is_err());
    assert!(input(json!({"suffix": 5})).is_err());
    assert!(input(json!({"step": 0})).is_err());
    assert!(input(json!({"step": -1})).is_err());
    assert_eq!(input(json!({"step": null})).unwrap().step, None);
    assert_eq!(input(json!({"required": null})).unwrap().required, None);
}

#[test]
fn an_empty_object_is_a_new_calculator() {
    let doc: CalcDoc = serde_json::from_value(json!({})).unwrap();
    assert_eq!(doc.script, DEFAULT_SCRIPT);
    assert_eq!(doc.tab_size, 2);
    assert!(doc.inputs.is_empty());
}

#[test]
fn a_source_record_is_read_as_its_doc() {
    let doc = CalcDoc::from_json_value(json!({
        "_id": "abcdefghijklmnop", "doc": {"name": "Inner"}, "doc_style": {"fsize": 12}
    }))
    .unwrap();
    assert_eq!(doc.name, "Inner");
}

#[test]
fn decimal_places_accepts_strings_and_blanks_but_not_nonsense() {
    let out = |places: Value| {
        serde_json::from_value::<OutputDef>(json!({"id": 1, "name": "x", "decimalPlaces": places}))
    };
    assert_eq!(out(json!("2")).unwrap().decimal_places, Some(2));
    assert_eq!(out(json!("")).unwrap().decimal_places, None);
    assert_eq!(out(json!(null)).unwrap().decimal_places, None);
    assert!(out(json!(-1)).is_err());
    assert!(out(json!("many")).is_err());
}

#[test]
fn output_types_accept_their_titles() {
    let out: OutputDef =
        serde_json::from_value(json!({"id": 1, "name": "t", "type": "Table"})).unwrap();
    assert_eq!(out.kind, OutputType::Table);
}

#[test]
fn date_values_use_type_and_params() {
    let date: DateValue = serde_json::from_value(
        json!({"type": "relative", "params": {"delta": 3, "units": "months"}}),
    )
    .unwrap();
    assert_eq!(
        date,
        DateValue::Relative(RelativeDate {
            delta: 3.0,
            units: DateUnits::Months
        })
    );
}

#[test]
fn rounding_rules_round_trip_as_written_and_a_column_may_have_them() {
    let value = json!({"id": 1, "name": "cash", "type": "value", "percent": false, "decimalPlaces": 2,
            "roundingMode": "halfEven", "roundingStep": 0.05});
    let column = json!({"id": 1, "name": "price", "type": "value", "percent": false,
            "roundingMode": "floor", "roundingStep": 1000});
    let table = json!({"id": 2, "name": "t", "type": "table", "metaOutputs": [column]});
    let doc = CalcDoc::from_json_value(json!({"metaOutputs": [value, table]})).unwrap();
    assert_eq!(doc.outputs[0].rounding_mode, Some(RoundingMode::HalfEven));
    let columns = doc.outputs[1].columns.as_deref().unwrap();
    assert_eq!(columns[0].rounding_mode, Some(RoundingMode::Floor));
    let saved = serde_json::to_value(&doc).unwrap();
    assert_eq!(saved["metaOutputs"][0], value);
    assert_eq!(saved["metaOutputs"][1]["metaOutputs"][0], column);
}

#[test]
fn a_doc_without_rounding_rules_saves_byte_for_byte_as_before() {
    let text =
        r#"{"metaOutputs":[{"id":1,"name":"x","type":"value","percent":false,"decimalPlaces":2}]}"#;
    let doc = CalcDoc::from_json_value(serde_json::from_str(text).unwrap()).unwrap();
    let saved = serde_json::to_string(&doc.outputs).unwrap();
    assert_eq!(
        saved,
        r#"[{"id":1,"name":"x","type":"value","percent":false,"decimalPlaces":2}]"#
    );
    let unset = json!({"id": 1, "name": "x", "roundingMode": null, "roundingStep": null});
    let out: OutputDef = serde_json::from_value(unset).unwrap();
    assert_eq!((out.rounding_mode, out.rounding_step), (None, None));
}

#[test]
fn an_unknown_rounding_mode_or_a_step_that_is_not_a_positive_number_is_refused() {
    let out = |field: &str, value: Value| {
        let mut def = json!({"id": 1, "name": "x", "type": "value"});
        def[field] = value;
        let doc = json!({ "metaOutputs": [def] });
        CalcDoc::from_json_value(doc)
            .map(|_| ())
            .map_err(|e| e.to_string())
    };
    let mode_message = "roundingMode must be one of halfExpand, halfEven, halfTrunc, ceil, \
        floor, expand, trunc";
    for bad in [json!("half-even"), json!("HalfEven"), json!(""), json!(1)] {
        assert_eq!(out("roundingMode", bad), Err(mode_message.to_owned()));
    }
    let step_message = "roundingStep must be a number above 0, such as 0.05 or 1000";
    for bad in [
        json!(0),
        json!(-0.05),
        json!("0.05"),
        json!(true),
        json!([1]),
    ] {
        assert_eq!(
            out("roundingStep", bad.clone()),
            Err(step_message.to_owned()),
            "{bad}"
        );
    }
    assert_eq!(out("roundingStep", json!(0.25)), Ok(()));
}

//! Tests of `test_report.rs`.

use serde_json::json;

use super::*;

#[test]
fn a_short_value_is_shown_as_it_is() {
    let value = json!({"a": [1, 2, "three"]});
    assert_eq!(shown_value(&value), (value, false));
    let exactly = Value::String("x".repeat(MAX_VALUE_CHARS - 2));
    assert_eq!(shown_value(&exactly), (exactly, false));
}

#[test]
fn a_long_value_is_its_first_200_characters_of_json_and_its_length() {
    let long = Value::String("x".repeat(1 << 20));
    let (shown, elided) = shown_value(&long);
    let expected = format!("\"{}… (1,048,578 characters)", "x".repeat(199));
    assert_eq!((shown, elided), (Value::String(expected), true));
    let numbers = Value::Array((0..100).map(|n| json!(n)).collect());
    let (shown, _) = shown_value(&numbers);
    let text = shown.as_str().unwrap();
    assert!(text.starts_with("[0,1,2,3,"), "{text}");
    assert!(text.ends_with("… (291 characters)"), "{text}");
}

#[test]
fn characters_are_counted_as_code_points_and_never_cut_in_half() {
    let cyrillic = Value::String("ж".repeat(300));
    let (shown, _) = shown_value(&cyrillic);
    assert_eq!(
        shown,
        json!(format!("\"{}… (302 characters)", "ж".repeat(199)))
    );
    assert_eq!(shortened_text("ok".to_owned(), 2), "ok");
    assert_eq!(shortened_text("abc".to_owned(), 2), "ab… (3 characters)");
}

#[test]
fn lengths_are_grouped_by_thousands() {
    assert_eq!(grouped(7), "7");
    assert_eq!(grouped(999), "999");
    assert_eq!(grouped(1000), "1,000");
    assert_eq!(grouped(1_048_578), "1,048,578");
    assert_eq!(grouped(123_456_789_012), "123,456,789,012");
}

#[test]
fn differences_past_the_limit_are_only_counted() {
    let mut found = DifferenceList::default();
    for n in 0..(MAX_DIFFERENCES + 7) {
        found.push(|| Difference::new("t", Some(n), None, &json!(1), &json!(2)));
    }
    assert_eq!(found.len(), MAX_DIFFERENCES + 7);
    let outcome = TestOutcome::compared("t", found);
    assert_eq!(outcome.differences.len(), MAX_DIFFERENCES);
    let json = serde_json::to_value(&outcome).unwrap();
    assert_eq!(json["moreDifferences"], json!(7));
    assert_eq!(json["differences"][19]["row"], json!(19));
}

#[test]
fn a_huge_error_is_shortened() {
    let outcome = TestOutcome::failed("t", format!("Error: {}", "y".repeat(5000)));
    let error = outcome.error.unwrap();
    assert!(error.ends_with("… (5,007 characters)"), "{error}");
    assert_eq!(error.chars().count(), MAX_ERROR_CHARS + 20);
}

fn failing(n: usize) -> TestOutcome {
    let mut found = DifferenceList::default();
    for output in 0..10 {
        found.push(|| {
            Difference::new(
                &format!("output{output}"),
                None,
                None,
                &json!(1),
                &json!("z".repeat(1000)),
            )
        });
    }
    TestOutcome::compared(&format!("test {n}"), found)
}

#[test]
fn a_report_past_its_budget_keeps_every_name_status_and_count() {
    let mut outcomes: Vec<TestOutcome> = (0..100).map(failing).collect();
    outcomes[50] = TestOutcome::compared("passing", DifferenceList::default());
    let report = TestReport::from_outcomes(outcomes);
    let size = serde_json::to_vec(&report).unwrap().len();
    assert!(size <= MAX_REPORT_BYTES, "{size} bytes");
    assert!(
        size > MAX_REPORT_BYTES - 4_000,
        "the budget is used: {size}"
    );
    assert_eq!((report.passed, report.failed), (1, 99));
    let kept = report
        .tests
        .iter()
        .take_while(|t| !t.details_dropped)
        .count();
    assert!(kept > 10 && kept < 50, "{kept} tests kept their details");
    for (index, test) in report.tests.iter().enumerate().skip(kept) {
        let expected = if index == 50 {
            json!({"name": "passing", "passed": true})
        } else {
            json!({"name": format!("test {index}"), "passed": false, "detailsDropped": true})
        };
        assert_eq!(serde_json::to_value(test).unwrap(), expected);
    }
}

#[test]
fn a_report_within_its_budget_is_left_whole() {
    let outcomes: Vec<TestOutcome> = (0..3).map(failing).collect();
    let report = TestReport::from_outcomes(outcomes.clone());
    assert_eq!(report.tests, outcomes);
}

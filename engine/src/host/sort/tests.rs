//! Tests of `sort.rs`.

use super::*;

fn sorted(mut items: Vec<(i32, usize)>) -> Vec<(i32, usize)> {
    merge_sort(&mut items, &mut |a: &(i32, usize), b| Ok(a.0 > b.0)).expect("sorts");
    items
}

#[test]
fn merge_sort_is_stable_at_every_length() {
    for len in 0..100usize {
        let items: Vec<(i32, usize)> = (0..len).map(|i| ((i * 7 % 5) as i32, i)).collect();
        let mut expected = items.clone();
        expected.sort_by_key(|item| item.0);
        assert_eq!(sorted(items), expected, "length {len}");
    }
}

#[test]
fn an_inconsistent_order_keeps_every_element_once() {
    let mut state = 12345u64;
    let mut coin = move || {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1);
        state >> 63 == 1
    };
    let mut items: Vec<usize> = (0..1000).collect();
    merge_sort(&mut items, &mut |_, _| Ok(coin())).expect("sorts");
    items.sort_unstable();
    assert_eq!(items, (0..1000).collect::<Vec<_>>());
}

#[test]
fn the_first_error_stops_the_sort() {
    let mut calls = 0;
    let mut items: Vec<usize> = (0..100).rev().collect();
    let result = merge_sort(&mut items, &mut |_, _| {
        calls += 1;
        if calls == 10 {
            Err(JsNativeError::error().with_message("stop").into())
        } else {
            Ok(true)
        }
    });
    assert!(result.is_err());
    assert_eq!(calls, 10);
}

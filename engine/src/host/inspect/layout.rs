//! Node's layout of many short entries: grouped in aligned columns.

/// Node's `breakLength`.
pub(super) const BREAK_LENGTH: usize = 80;
/// Node's `compact`.
pub(super) const COMPACT: usize = 3;

/// Node's `groupArrayElements`: more than six short items go in columns.
pub(super) fn group(output: Vec<String>, numeric: &[bool], indentation: usize) -> Vec<String> {
    let has_more = output
        .last()
        .is_some_and(|e| e.starts_with("... ") && e.ends_with("more items"));
    let data_count = if has_more {
        output.len() - 1
    } else {
        output.len()
    };
    let separator_space = 2;
    let lengths: Vec<usize> = output[..data_count]
        .iter()
        .map(|e| e.chars().count())
        .collect();
    let total: usize = lengths.iter().map(|l| l + separator_space).sum();
    let max_length = lengths.iter().copied().max().unwrap_or(0);
    let actual_max = max_length + separator_space;
    if !(actual_max * 3 + indentation < BREAK_LENGTH
        && (total as f64 / actual_max as f64 > 5.0 || max_length <= 6))
    {
        return output;
    }
    let average_bias = (actual_max as f64 - total as f64 / output.len() as f64).sqrt();
    let biased_max = (actual_max as f64 - 3.0 - average_bias).max(1.0);
    let columns = ((2.5 * biased_max * data_count as f64).sqrt() / biased_max)
        .round()
        .min(((BREAK_LENGTH - indentation) / actual_max) as f64)
        .min((COMPACT * 4) as f64)
        .min(15.0) as usize;
    if columns <= 1 {
        return output;
    }
    let max_line_length: Vec<usize> = (0..columns)
        .map(|i| {
            (i..data_count)
                .step_by(columns)
                .map(|j| lengths[j])
                .max()
                .unwrap_or(0)
                + separator_space
        })
        .collect();
    let pad_start = numeric.len() >= data_count && numeric[..data_count].iter().all(|n| *n);
    let mut grouped = Vec::new();
    for row in (0..data_count).step_by(columns) {
        let end = (row + columns).min(data_count);
        let mut line = String::new();
        for j in row..end - 1 {
            let cell = format!("{}, ", output[j]);
            line.push_str(&pad(&cell, max_line_length[j - row], pad_start));
        }
        let last = end - 1;
        if pad_start {
            let width = max_line_length[last - row] - separator_space;
            line.push_str(&pad(&output[last], width, true));
        } else {
            line.push_str(&output[last]);
        }
        grouped.push(line);
    }
    if has_more {
        grouped.push(output[data_count].clone());
    }
    grouped
}

pub(super) fn pad(text: &str, width: usize, start: bool) -> String {
    let fill = " ".repeat(width.saturating_sub(text.chars().count()));
    if start {
        format!("{fill}{text}")
    } else {
        format!("{text}{fill}")
    }
}

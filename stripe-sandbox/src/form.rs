//! Stripe's form encoding: `a[b][0][c]=v` and `a[]=v` keys, as async-stripe (serde_qs) and
//! Stripe.js send them, read into a tree of [`Form`] values.

use std::collections::BTreeMap;

use crate::error::ApiError;

/// One node of a decoded form: a value, or children by key (`0`, `1`, … for lists).
#[derive(Debug, Clone, Default)]
pub struct Form {
    pub value: Option<String>,
    pub children: BTreeMap<String, Form>,
}

impl Form {
    /// Decodes `application/x-www-form-urlencoded` text (a body or a query string).
    ///
    /// # Errors
    /// A key whose brackets do not close, or a key given both a value and children.
    pub fn parse(text: &str) -> Result<Form, ApiError> {
        let pairs: Vec<(String, String)> = serde_urlencoded::from_str(text)
            .map_err(|_| ApiError::state("Invalid request: the body is not form-encoded."))?;
        let mut form = Form::default();
        for (key, value) in pairs {
            let path = split_key(&key)?;
            form.insert(&key, &path, value)?;
        }
        Ok(form)
    }

    fn insert(&mut self, key: &str, path: &[String], value: String) -> Result<(), ApiError> {
        let Some((first, rest)) = path.split_first() else {
            if !self.children.is_empty() {
                return Err(ApiError::invalid(
                    key,
                    format!("Invalid value for {key}: expected an object."),
                ));
            }
            self.value = Some(value);
            return Ok(());
        };
        if self.value.is_some() {
            return Err(ApiError::invalid(
                key,
                format!("Invalid value for {key}: expected a string."),
            ));
        }
        let first = if first.is_empty() {
            // `a[]` appends: the next index after the ones given so far.
            self.children.len().to_string()
        } else {
            first.clone()
        };
        self.children
            .entry(first)
            .or_default()
            .insert(key, rest, value)
    }

    /// The node at a dotted path of keys (`"card.number"`, `"items.0.price"`).
    pub fn get(&self, path: &str) -> Option<&Form> {
        path.split('.')
            .try_fold(self, |node, key| node.children.get(key))
    }

    /// A text value; `Ok(None)` when absent.
    ///
    /// # Errors
    /// The parameter has children instead of a value.
    pub fn str(&self, path: &str) -> Result<Option<&str>, ApiError> {
        match self.get(path) {
            None => Ok(None),
            Some(node) => match &node.value {
                Some(value) => Ok(Some(value)),
                None => Err(ApiError::invalid(
                    &param(path),
                    format!("Invalid value for {}: expected a string.", param(path)),
                )),
            },
        }
    }

    /// A text value that must be present and non-empty.
    ///
    /// # Errors
    /// Absent, empty, or not a plain value.
    pub fn required(&self, path: &str) -> Result<&str, ApiError> {
        match self.str(path)? {
            Some(value) if !value.is_empty() => Ok(value),
            _ => Err(ApiError::missing(&param(path))),
        }
    }

    /// An integer value; `Ok(None)` when absent.
    ///
    /// # Errors
    /// Present but not an integer.
    pub fn int(&self, path: &str) -> Result<Option<i64>, ApiError> {
        match self.str(path)? {
            None => Ok(None),
            Some(text) => {
                text.trim().parse().map(Some).map_err(|_| {
                    ApiError::invalid(&param(path), format!("Invalid integer: {text}"))
                })
            }
        }
    }

    /// A boolean value; `Ok(None)` when absent.
    ///
    /// # Errors
    /// Present but neither `true` nor `false`.
    pub fn bool(&self, path: &str) -> Result<Option<bool>, ApiError> {
        match self.str(path)? {
            None => Ok(None),
            Some("true") => Ok(Some(true)),
            Some("false") => Ok(Some(false)),
            Some(text) => Err(ApiError::invalid(
                &param(path),
                format!("Invalid boolean: {text}"),
            )),
        }
    }

    /// The values of a list parameter (`expand[]`, `lookup_keys[0]`), in index order.
    ///
    /// # Errors
    /// An element is not a plain value.
    pub fn list(&self, path: &str) -> Result<Vec<String>, ApiError> {
        let Some(node) = self.get(path) else {
            return Ok(Vec::new());
        };
        if let Some(value) = &node.value {
            return Ok(vec![value.clone()]);
        }
        let mut items: Vec<(usize, &Form)> = Vec::new();
        for (key, child) in &node.children {
            let index = key.parse().map_err(|_| {
                ApiError::invalid(&param(path), format!("Invalid array: {}", param(path)))
            })?;
            items.push((index, child));
        }
        items.sort_by_key(|(index, _)| *index);
        items
            .into_iter()
            .map(|(_, child)| {
                child.value.clone().ok_or_else(|| {
                    ApiError::invalid(&param(path), format!("Invalid array: {}", param(path)))
                })
            })
            .collect()
    }

    /// A `metadata[key]=value` style map of plain values.
    ///
    /// # Errors
    /// A value that is itself a map.
    pub fn map(&self, path: &str) -> Result<Option<BTreeMap<String, String>>, ApiError> {
        let Some(node) = self.get(path) else {
            return Ok(None);
        };
        if node.value.as_deref().is_some_and(|v| !v.is_empty()) {
            return Err(ApiError::invalid(
                &param(path),
                format!("Invalid object: {}", param(path)),
            ));
        }
        node.children
            .iter()
            .map(|(key, child)| match &child.value {
                Some(value) => Ok((key.clone(), value.clone())),
                None => Err(ApiError::invalid(
                    &param(path),
                    format!("Invalid object: {}", param(path)),
                )),
            })
            .collect::<Result<_, _>>()
            .map(Some)
    }
}

/// `"card.number"` as Stripe names it in errors: `card[number]`.
pub fn param(path: &str) -> String {
    let mut parts = path.split('.');
    let mut name = parts.next().unwrap_or_default().to_string();
    for part in parts {
        name.push_str(&format!("[{part}]"));
    }
    name
}

fn split_key(key: &str) -> Result<Vec<String>, ApiError> {
    let bad = || ApiError::invalid(key, format!("Invalid parameter name: {key}"));
    let (head, mut rest) = match key.find('[') {
        Some(at) => (&key[..at], &key[at..]),
        None => (key, ""),
    };
    if head.is_empty() {
        return Err(bad());
    }
    let mut path = vec![head.to_string()];
    while !rest.is_empty() {
        let inner = rest.strip_prefix('[').ok_or_else(bad)?;
        let close = inner.find(']').ok_or_else(bad)?;
        path.push(inner[..close].to_string());
        rest = &inner[close + 1..];
    }
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn brackets_nest_and_lists_keep_their_order() {
        let form = Form::parse("items%5B1%5D%5Bprice%5D=b&items%5B0%5D%5Bprice%5D=a&expand[]=x&expand[]=y&card[number]=4242").unwrap();
        assert_eq!(form.str("items.0.price").unwrap(), Some("a"));
        assert_eq!(form.list("expand").unwrap(), ["x", "y"]);
        assert_eq!(form.str("card.number").unwrap(), Some("4242"));
    }

    #[test]
    fn broken_keys_and_mixed_shapes_are_400s() {
        assert_eq!(Form::parse("a[b=1").unwrap_err().status, 400);
        assert_eq!(Form::parse("a=1&a[b]=2").unwrap_err().status, 400);
        let form = Form::parse("card[number]=1").unwrap();
        assert_eq!(form.str("card").unwrap_err().param.as_deref(), Some("card"));
        assert_eq!(
            Form::parse("n=x").unwrap().int("n").unwrap_err().status,
            400
        );
    }
}

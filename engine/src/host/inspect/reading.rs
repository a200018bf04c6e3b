//! What the printer reads of an object without running the author's code: own data
//! properties (a getter is only named), array lengths, constructor names, errors' text.

use boa_engine::builtins::object::OrdinaryObject;

use boa_engine::property::PropertyKey;

use boa_engine::{Context, JsObject, JsValue, js_string};

/// An own property as the console shows it.
pub(super) enum Shown {
    Value(JsValue),
    /// A non-enumerable data property.
    Hidden(JsValue),
    Getter(bool),
    Setter(bool),
    GetterSetter(bool),
}

impl Shown {
    pub(super) fn label(&self) -> &'static str {
        match self {
            Shown::Getter(_) => "[Getter]",
            Shown::Setter(_) => "[Setter]",
            Shown::GetterSetter(_) => "[Getter/Setter]",
            Shown::Value(_) | Shown::Hidden(_) => "",
        }
    }

    pub(super) fn enumerable(&self) -> bool {
        match self {
            Shown::Value(_) => true,
            Shown::Hidden(_) => false,
            Shown::Getter(e) | Shown::Setter(e) | Shown::GetterSetter(e) => *e,
        }
    }
}

/// An own property of `object` without running its getter; `None` when there is none.
pub(super) fn own_value(
    object: &JsObject,
    key: &PropertyKey,
    context: &mut Context,
) -> Option<Shown> {
    let descriptor = OrdinaryObject::get_own_property_descriptor(
        &JsValue::undefined(),
        &[object.clone().into(), key.clone().into()],
        context,
    )
    .ok()?;
    let descriptor = descriptor.as_object()?;
    let field = |name: &str, context: &mut Context| {
        descriptor
            .get(boa_engine::JsString::from(name), context)
            .unwrap_or_default()
    };
    let enumerable = field("enumerable", context).to_boolean();
    let get = field("get", context);
    let set = field("set", context);
    if descriptor
        .has_own_property(js_string!("value"), context)
        .unwrap_or(false)
    {
        let value = field("value", context);
        return Some(if enumerable {
            Shown::Value(value)
        } else {
            Shown::Hidden(value)
        });
    }
    Some(match (get.is_undefined(), set.is_undefined()) {
        (false, true) => Shown::Getter(enumerable),
        (true, false) => Shown::Setter(enumerable),
        _ => Shown::GetterSetter(enumerable),
    })
}

pub(super) fn array_length(array: &JsObject, context: &mut Context) -> u64 {
    array
        .get(js_string!("length"), context)
        .ok()
        .and_then(|l| l.as_number())
        .map_or(0, |l| l as u64)
}

/// `Foo` for an instance of a class other than the expected built-in one.
pub(super) fn constructor_prefix(
    object: &JsObject,
    expected: &str,
    context: &mut Context,
) -> Option<String> {
    let prototype = object.prototype()?;
    let descriptor = own_value(&prototype, &js_string!("constructor").into(), context)?;
    let (Shown::Value(constructor) | Shown::Hidden(constructor)) = descriptor else {
        return None;
    };
    let name = constructor
        .as_object()?
        .get(js_string!("name"), context)
        .ok()?
        .as_string()?
        .to_std_string_escaped();
    (name != expected && !name.is_empty()).then_some(name)
}

/// `TypeError: message` for an Error object.
pub(super) fn error_text(object: &JsObject, context: &mut Context) -> Option<String> {
    if !object.is::<boa_engine::builtins::error::Error>() {
        return None;
    }
    let text = |key: &str, context: &mut Context| {
        own_or_inherited(object, key, context).unwrap_or_default()
    };
    let name = text("name", context);
    let message = text("message", context);
    Some(if message.is_empty() {
        name
    } else {
        format!("{name}: {message}")
    })
}

pub(super) fn own_or_inherited(
    object: &JsObject,
    key: &str,
    context: &mut Context,
) -> Option<String> {
    let mut current = Some(object.clone());
    while let Some(object) = current {
        if let Some(Shown::Value(v) | Shown::Hidden(v)) =
            own_value(&object, &boa_engine::JsString::from(key).into(), context)
        {
            return v.as_string().map(|s| crate::js_text::from_js(&s));
        }
        current = object.prototype();
    }
    None
}

pub(super) fn is_class(object: &JsObject, context: &mut Context) -> bool {
    object.is_constructor()
        && JsValue::from(object.clone())
            .to_string(context)
            .is_ok_and(|s| s.to_std_string_escaped().starts_with("class"))
}

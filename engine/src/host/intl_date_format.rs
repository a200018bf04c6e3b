//! `Intl.DateTimeFormat` as V8 writes it: an object made with options `intl_date.rs` answers
//! (all but the few `intl_date_options.rs` leaves to boa) keeps its request in a `WeakMap`,
//! and `format`, `formatToParts` and `resolvedOptions` answer from it. Every other object is
//! boa's, its `format` with V8's spaces, and with the zone's name boa cannot write in an IANA
//! zone (`intl_date_zone_name.rs`; such an object keeps a copy of its options). (boa has no
//! `formatRange`.)

use super::date::with_v8_spaces;
use super::date_options::{Defaults, IcuDateTime};
use super::date_zone::Zone;
use super::date_zone_name::ZoneNameFill;
use super::{builtin, property_object, replace_constructor};
use boa_engine::{
    Context, JsArgs, JsNativeError, JsObject, JsResult, JsString, JsValue, NativeFunction,
    js_string,
    object::{
        FunctionObjectBuilder, ObjectInitializer,
        builtins::{JsArray, JsDate, JsFunction, JsWeakMap},
    },
    property::{Attribute, PropertyDescriptor},
};

/// Wraps `Intl.DateTimeFormat` (after `intl_locale.rs` has wrapped it) and its prototype's
/// `format`, `resolvedOptions` and `formatToParts` in the current realm.
///
/// # Errors
/// boa refused a definition (a bug, not a calculator problem).
pub(super) fn install(context: &mut Context) -> JsResult<()> {
    let intl = property_object(&context.global_object(), "Intl", context)?;
    let original = property_object(&intl, "DateTimeFormat", context)?;
    let prototype = property_object(&original, "prototype", context)?;
    // Each object with a request → the request's `[locales, options]`.
    let requests = JsWeakMap::new(context);
    let constructor = FunctionObjectBuilder::new(
        context.realm(),
        NativeFunction::from_copy_closure_with_captures(
            |_, args, (original, requests), context| {
                let object = original.construct(args, None, context);
                let request =
                    Request::read(args.get_or_undefined(0), args.get_or_undefined(1), context)?;
                let object = match (object, &request) {
                    (Ok(object), _) => object,
                    // Fields boa cannot join (a month and a zone's name alone): its object
                    // still gives the locale, calendar and digits.
                    (Err(_), Some(Request::Icu(icu))) => {
                        let (locales, options) = icu.locale_and_zone(context);
                        original.construct(&[locales, options], None, context)?
                    }
                    (Err(error), _) => return Err(error),
                };
                if let Some(request) = request {
                    let (locales, options) =
                        request.to_arguments(args.get_or_undefined(1), context)?;
                    let kept = JsArray::from_iter([locales, options], context);
                    requests.set(&object, kept.into(), context)?;
                }
                Ok(object.into())
            },
            (original.clone(), requests.clone()),
        ),
    )
    .name(js_string!("DateTimeFormat"))
    .length(0)
    .constructor(true)
    .build();
    replace_constructor(&intl, "DateTimeFormat", &original, constructor, context)?;
    install_format(&prototype, &requests, context)?;
    install_resolved_options(&prototype, &requests, context)?;
    install_format_to_parts(&prototype, &requests, context)
}

/// The request kept for `this`, if it is an object with one.
fn request_of(
    this: &JsValue,
    requests: &JsWeakMap,
    context: &mut Context,
) -> JsResult<Option<Request>> {
    let Some(object) = this.as_object() else {
        return Ok(None);
    };
    let Some(kept) = requests
        .get(&object, context)?
        .as_object()
        .and_then(|o| JsArray::from_object(o).ok())
    else {
        return Ok(None);
    };
    let (locales, options) = (kept.get(0, context)?, kept.get(1, context)?);
    Request::read(&locales, &options, context)
}

/// What an `Intl.DateTimeFormat` object asks for, when it is a request this module answers.
enum Request {
    Icu(IcuDateTime),
    /// Boa's text, with the zone's name it cannot write.
    ZoneName(ZoneNameFill),
}

impl Request {
    fn read(locales: &JsValue, options: &JsValue, context: &mut Context) -> JsResult<Option<Self>> {
        let icu = IcuDateTime::read(locales, options, Defaults::DateUnlessTime, context)?;
        if let Some(icu) = icu {
            return Ok(Some(Self::Icu(icu)));
        }
        let fill = ZoneNameFill::read(locales, options, context)?;
        Ok(fill.map(Self::ZoneName))
    }

    /// `(locales, options)` that read as this request again; `options` are the script's.
    fn to_arguments(
        &self,
        options: &JsValue,
        context: &mut Context,
    ) -> JsResult<(JsValue, JsValue)> {
        match self {
            Self::Icu(request) => Ok(request.to_arguments(context)),
            Self::ZoneName(request) => request.to_arguments(options, context),
        }
    }

    fn format(&self, epoch_ms: f64) -> Option<String> {
        match self {
            Self::Icu(request) => request.format(epoch_ms),
            Self::ZoneName(_) => None,
        }
    }

    fn format_to_parts(&self, epoch_ms: f64) -> Option<Vec<(&'static str, String)>> {
        match self {
            Self::Icu(request) => request.format_to_parts(epoch_ms),
            Self::ZoneName(_) => None,
        }
    }

    fn resolved_fields(&self) -> Option<Vec<(&'static str, JsValue)>> {
        match self {
            Self::Icu(request) => request.resolved_fields(),
            Self::ZoneName(_) => None,
        }
    }

    fn time_zone(&self) -> Option<&Zone> {
        match self {
            Self::Icu(request) => request.time_zone.as_ref(),
            Self::ZoneName(request) => Some(request.zone()),
        }
    }
}

/// ECMA-402's `x` of `format(date)`: now when `date` is undefined, else `ToNumber(date)`,
/// which must be a time value.
fn time_value(date: &JsValue, context: &mut Context) -> JsResult<f64> {
    let time = if date.is_undefined() {
        JsDate::new(context).get_time(context)?.to_number(context)?
    } else {
        date.to_number(context)?
    };
    if !time.is_finite() || time.abs() > 8.64e15 {
        return Err(JsNativeError::range()
            .with_message("Invalid time value")
            .into());
    }
    Ok(time)
}

/// The `format` getter: a function of each object's own (the same one each time, as the
/// spec's bound function is), which answers an object's request or else gives boa's text
/// with V8's spaces.
fn install_format(
    prototype: &JsObject,
    requests: &JsWeakMap,
    context: &mut Context,
) -> JsResult<()> {
    let original = own_getter(prototype, "format", context)?;
    let functions = JsWeakMap::new(context);
    let getter = FunctionObjectBuilder::new(
        context.realm(),
        NativeFunction::from_copy_closure_with_captures(
            |this, _, (original, requests, functions), context| {
                let boa_format = original.call(this, &[], context)?;
                let Some(object) = this.as_object() else {
                    return Ok(boa_format);
                };
                let known = functions.get(&object, context)?;
                if !known.is_undefined() {
                    return Ok(known);
                }
                let Some(boa_format) = boa_format.as_object().and_then(JsFunction::from_object)
                else {
                    return Ok(boa_format);
                };
                let format = format_function(object.clone(), boa_format, requests, context);
                functions.set(&object, format.clone().into(), context)?;
                Ok(format.into())
            },
            (original, requests.clone(), functions),
        ),
    )
    .name(js_string!("get format"))
    .length(0)
    .build();
    prototype.define_property_or_throw(
        js_string!("format"),
        PropertyDescriptor::builder()
            .get(getter)
            .enumerable(false)
            .configurable(true),
        context,
    )?;
    Ok(())
}

/// `format` of `object`: the text of its request, or else boa's with V8's spaces.
fn format_function(
    object: JsObject,
    boa_format: JsFunction,
    requests: &JsWeakMap,
    context: &mut Context,
) -> JsFunction {
    FunctionObjectBuilder::new(
        context.realm(),
        NativeFunction::from_copy_closure_with_captures(
            |_, args, (object, boa_format, requests), context| {
                let Some(request) = request_of(&object.clone().into(), requests, context)? else {
                    let text = boa_format.call(&JsValue::undefined(), args, context)?;
                    return Ok(with_v8_spaces(text));
                };
                let time = time_value(args.get_or_undefined(0), context)?;
                if let Some(text) = request.format(time) {
                    return Ok(JsString::from(text.as_str()).into());
                }
                let text = boa_format.call(&JsValue::undefined(), &[time.into()], context)?;
                let filled = match (&request, text.as_string()) {
                    (Request::ZoneName(fill), Some(boa_text)) => {
                        fill.fill(&boa_text.to_std_string_escaped(), time)
                    }
                    _ => None,
                };
                Ok(with_v8_spaces(filled.map_or(text, |filled| {
                    JsString::from(filled.as_str()).into()
                })))
            },
            (object, boa_format, requests.clone()),
        ),
    )
    .name(js_string!(""))
    .length(1)
    .build()
}

/// `resolvedOptions()` of an object with a request says what V8 says: the fields it writes
/// (`year: "numeric"`...) and its `timeZone`, after boa's locale, calendar and digits.
fn install_resolved_options(
    prototype: &JsObject,
    requests: &JsWeakMap,
    context: &mut Context,
) -> JsResult<()> {
    let original = property_function(prototype, "resolvedOptions", context)?;
    let method = FunctionObjectBuilder::new(
        context.realm(),
        NativeFunction::from_copy_closure_with_captures(
            |this, _, (original, requests), context| {
                let resolved = original.call(this, &[], context)?;
                let Some(request) = request_of(this, requests, context)? else {
                    return Ok(resolved);
                };
                let (Some(boa), Some(fields)) = (resolved.as_object(), request.resolved_fields())
                else {
                    return Ok(resolved);
                };
                let mut entries = Vec::new();
                for name in ["locale", "calendar", "numberingSystem"] {
                    entries.push((name, boa.get(JsString::from(name), context)?));
                }
                let zone = request.time_zone().map_or("UTC", Zone::identifier);
                entries.push(("timeZone", JsString::from(zone).into()));
                entries.extend(fields);
                let mut options = ObjectInitializer::new(context);
                for (name, value) in entries {
                    options.property(JsString::from(name), value, Attribute::all());
                }
                Ok(options.build().into())
            },
            (original, requests.clone()),
        ),
    )
    .name(js_string!("resolvedOptions"))
    .length(0)
    .build();
    prototype.define_property_or_throw(
        js_string!("resolvedOptions"),
        builtin(method.into()),
        context,
    )?;
    Ok(())
}

/// `formatToParts(date)`, which boa lacks, for an object with a request: `[{type, value}]`.
/// Any other object still has none to offer.
fn install_format_to_parts(
    prototype: &JsObject,
    requests: &JsWeakMap,
    context: &mut Context,
) -> JsResult<()> {
    let method = FunctionObjectBuilder::new(
        context.realm(),
        NativeFunction::from_copy_closure_with_captures(
            |this, args, requests, context| {
                let unsupported = || {
                    JsNativeError::typ()
                        .with_message("formatToParts is not supported for these options")
                };
                let Some(request) = request_of(this, requests, context)? else {
                    return Err(unsupported().into());
                };
                let time = time_value(args.get_or_undefined(0), context)?;
                let Some(parts) = request.format_to_parts(time) else {
                    return Err(unsupported().into());
                };
                let parts: Vec<JsValue> = parts
                    .into_iter()
                    .map(|(kind, value)| {
                        ObjectInitializer::new(context)
                            .property(js_string!("type"), JsString::from(kind), Attribute::all())
                            .property(
                                js_string!("value"),
                                JsString::from(value.as_str()),
                                Attribute::all(),
                            )
                            .build()
                            .into()
                    })
                    .collect();
                Ok(JsArray::from_iter(parts, context).into())
            },
            requests.clone(),
        ),
    )
    .name(js_string!("formatToParts"))
    .length(1)
    .build();
    prototype.define_property_or_throw(
        js_string!("formatToParts"),
        builtin(method.into()),
        context,
    )?;
    Ok(())
}

fn property_function(object: &JsObject, key: &str, context: &mut Context) -> JsResult<JsFunction> {
    JsFunction::from_object(property_object(object, key, context)?).ok_or_else(|| {
        JsNativeError::typ()
            .with_message(format!("{key} is not a function"))
            .into()
    })
}

/// The getter of `object`'s own accessor `key`, as `Object.getOwnPropertyDescriptor` gives
/// it (boa's own-property lookup is not public).
fn own_getter(object: &JsObject, key: &str, context: &mut Context) -> JsResult<JsFunction> {
    let object_constructor = context.intrinsics().constructors().object().constructor();
    let describe = property_function(&object_constructor, "getOwnPropertyDescriptor", context)?;
    let descriptor = describe.call(
        &object_constructor.into(),
        &[object.clone().into(), JsString::from(key).into()],
        context,
    )?;
    let descriptor = descriptor
        .as_object()
        .ok_or_else(|| JsNativeError::typ().with_message(format!("{key} is missing")))?;
    property_function(&descriptor, "get", context)
}

//! Tells whether a calculation left the library realm as it was loaded.
//!
//! Loading a library costs 0.1–1 s, so its realm outlives a calculation; but one
//! calculation must never see what another did (wrapped built-ins, data parked on
//! `globalThis`, a replaced `_.sum`). After loading, the guard records every object
//! reachable from the global object, the realm's intrinsics and the libraries' values —
//! each one's prototype, extensibility, own keys and property descriptors (values by
//! identity) — and after each calculation compares. Setters the libraries define (Math.js
//! makes `math.add` a lazy accessor, so `math.add = f` changes no descriptor) are wrapped
//! to raise a flag when called. State a library keeps in closures is read through the
//! library's own functions where it matters (moment's global locale, Math.js's config);
//! other closure state, and objects a library makes after loading (Math.js makes its
//! functions on first use), are out of the guard's sight (docs/benchmarks.md,
//! "Isolation").

use std::collections::{HashSet, VecDeque};

use boa_engine::builtins::proxy::Proxy;
use boa_engine::property::{PropertyDescriptor, PropertyKey};
use boa_engine::{Context, JsNativeError, JsObject, JsResult, JsValue, Source, js_string};

use crate::model::Library;

/// The intrinsics a walk from the global object does not reach (iterator and generator
/// prototypes, %ThrowTypeError%, …), found the way a script would find them.
const HIDDEN_INTRINSICS: &str = "(function () {
  'use strict';
  var found = [], of = Object.getPrototypeOf;
  function add(find) {
    try { var o = find(); if (o !== null && (typeof o === 'object' || typeof o === 'function')) found.push(o); } catch (e) {}
  }
  add(function () { return of([][Symbol.iterator]()); });
  add(function () { return of(of([][Symbol.iterator]())); });
  add(function () { return of(new Map()[Symbol.iterator]()); });
  add(function () { return of(new Set()[Symbol.iterator]()); });
  add(function () { return of(''[Symbol.iterator]()); });
  add(function () { return of(/a/[Symbol.matchAll]('a')); });
  add(function () { return of(function* () {}); });
  add(function () { return of(function* () {}).prototype; });
  add(function () { return of(async function () {}); });
  add(function () { return of(async function* () {}); });
  add(function () { return of(async function* () {}).prototype; });
  add(function () { return of(of(async function* () {}).prototype); });
  add(function () { return Object.getOwnPropertyDescriptor(arguments, 'callee').get; });
  return found;
})()";

/// Makes the flag and the setter wrapper: `[flag, wrap]`, `wrap(set)` being a setter
/// that raises `flag.touched` and then calls `set`.
const SETTER_WRAPPER: &str = "(function (apply) {
  'use strict';
  var flag = { touched: false };
  return [flag, function (set) {
    return function (value) { flag.touched = true; return apply(set, this, [value]); };
  }];
})(Reflect.apply)";

/// What a library keeps in closures that a calculation can change through its API: a
/// function of the library's value returning an array, compared item by item (`SameValue`).
fn probe(library: Library) -> Option<&'static str> {
    match library {
        Library::Moment => Some(
            "(function (moment) { return [moment.locale(), moment.locales().join(), moment.localeData()]; })",
        ),
        Library::Mathjs => Some("(function (math) { return [JSON.stringify(math.config())]; })"),
        // lodash keeps its settings on `_` (`_.templateSettings`), decimal.js its own on
        // `Decimal` (`Decimal.precision`, set by `Decimal.set`), where the walk sees them;
        // formula.js keeps none.
        Library::Lodash | Library::Decimal | Library::Formulajs => None,
    }
}

/// How many loop iterations a probe may take: they read a few values, and must end even
/// if a calculation managed to make them loop.
const PROBE_LOOP_LIMIT: u64 = 1 << 16;

/// A probe, the library value it reads, and what it read after loading.
struct Probe {
    read: JsObject,
    library: JsValue,
    seen: Vec<JsValue>,
}

impl Probe {
    fn new(library: Library, value: &JsValue, context: &mut Context) -> JsResult<Option<Probe>> {
        let Some(source) = probe(library) else {
            return Ok(None);
        };
        let Some(read) = context.eval(Source::from_bytes(source))?.as_object() else {
            return Ok(None);
        };
        let mut probe = Probe {
            read,
            library: value.clone(),
            seen: Vec::new(),
        };
        // A library without these functions (a stand-in in tests) has nothing to probe.
        Ok(probe.take(context).ok().map(|seen| {
            probe.seen = seen;
            probe
        }))
    }

    fn take(&self, context: &mut Context) -> JsResult<Vec<JsValue>> {
        context
            .runtime_limits_mut()
            .set_loop_iteration_limit(PROBE_LOOP_LIMIT);
        let read = self.read.call(
            &JsValue::undefined(),
            std::slice::from_ref(&self.library),
            context,
        )?;
        let mut values = Vec::new();
        if let Some(array) = read.as_object() {
            for key in array.own_property_keys(context)? {
                if let PropertyKey::Index(_) = key {
                    values.push(array.get(key, context)?);
                }
            }
        }
        Ok(values)
    }

    fn unchanged(&self, context: &mut Context) -> bool {
        self.take(context).is_ok_and(|now| {
            now.len() == self.seen.len()
                && now
                    .iter()
                    .zip(&self.seen)
                    .all(|(a, b)| JsValue::same_value(a, b))
        })
    }
}

/// What the guard saw of one object.
struct Seen {
    object: JsObject,
    prototype: Option<JsObject>,
    extensible: bool,
    keys: Vec<PropertyKey>,
    /// One per key (`None` for a key without a stored property, such as a string's
    /// characters).
    properties: Vec<Option<PropertyDescriptor>>,
}

/// The recorded state of a library realm (see the module's comment).
pub(crate) struct Guard {
    flag: JsObject,
    wrap: JsObject,
    /// The setters made by `wrap`, so that a second look does not wrap them again.
    wrappers: HashSet<JsObject>,
    seen: Vec<Seen>,
    probes: Vec<Probe>,
}

impl Guard {
    /// A guard for the context's current realm that has seen nothing yet.
    ///
    /// # Errors
    /// boa could not run the guard's helpers (a bug).
    pub(crate) fn new(context: &mut Context) -> JsResult<Guard> {
        let made = context.eval(Source::from_bytes(SETTER_WRAPPER))?;
        let failed = || JsNativeError::typ().with_message("the guard's helpers did not run");
        let part = |index: u32, context: &mut Context| -> JsResult<JsObject> {
            let array = made.as_object().ok_or_else(failed)?;
            Ok(array.get(index, context)?.as_object().ok_or_else(failed)?)
        };
        Ok(Guard {
            flag: part(0, context)?,
            wrap: part(1, context)?,
            wrappers: HashSet::new(),
            seen: Vec::new(),
            probes: Vec::new(),
        })
    }

    /// Records the current realm as it is now, with `libraries` (the libraries' values,
    /// not on the global object) as further roots. Setters found on the libraries'
    /// objects are wrapped first.
    ///
    /// # Errors
    /// boa refused a property operation (a bug).
    pub(crate) fn watch(
        &mut self,
        context: &mut Context,
        libraries: &[(Library, JsValue)],
    ) -> JsResult<()> {
        let hidden = context.eval(Source::from_bytes(HIDDEN_INTRINSICS))?;
        // Intrinsics first, so that what a library shares with them is not taken for
        // the library's own (whose setters are wrapped).
        let mut queue: VecDeque<(JsObject, bool)> = VecDeque::new();
        queue.push_back((context.global_object(), false));
        if let Some(hidden) = hidden.as_object() {
            for key in hidden.own_property_keys(context)? {
                if let PropertyKey::Index(_) = key
                    && let Some(object) = hidden.get(key, context)?.as_object()
                {
                    queue.push_back((object, false));
                }
            }
        }
        for (_, library) in libraries {
            if let Some(object) = library.as_object() {
                queue.push_back((object, true));
            }
        }
        let mut visited = HashSet::new();
        let mut seen = Vec::new();
        while let Some((object, library)) = queue.pop_front() {
            if object.is::<Proxy>() || !visited.insert(object.clone()) {
                continue;
            }
            let keys = object.own_property_keys(context)?;
            let mut properties = Vec::with_capacity(keys.len());
            for key in &keys {
                let mut descriptor = object.borrow().properties().get(key);
                if library
                    && let Some(found) = &descriptor
                    && let Some(wrapped) = self.wrap_setter(&object, key, found, context)?
                {
                    descriptor = Some(wrapped);
                }
                if let Some(found) = &descriptor {
                    for value in [found.value(), found.get(), found.set()]
                        .into_iter()
                        .flatten()
                    {
                        if let Some(child) = value.as_object() {
                            queue.push_back((child, library));
                        }
                    }
                }
                properties.push(descriptor);
            }
            let prototype = object.prototype();
            if let Some(parent) = &prototype {
                queue.push_back((parent.clone(), library));
            }
            seen.push(Seen {
                extensible: object.is_extensible(context)?,
                object,
                prototype,
                keys,
                properties,
            });
        }
        self.seen = seen;
        self.probes.clear();
        for (library, value) in libraries {
            if let Some(probe) = Probe::new(*library, value, context)? {
                self.probes.push(probe);
            }
        }
        Ok(())
    }

    /// Replaces a library's setter by one that raises the flag; the new descriptor, or
    /// `None` when there is no setter to wrap.
    fn wrap_setter(
        &mut self,
        object: &JsObject,
        key: &PropertyKey,
        descriptor: &PropertyDescriptor,
        context: &mut Context,
    ) -> JsResult<Option<PropertyDescriptor>> {
        let Some(set) = descriptor.set().and_then(JsValue::as_object) else {
            return Ok(None);
        };
        if self.wrappers.contains(&set) || descriptor.configurable() != Some(true) {
            return Ok(None);
        }
        let wrapper = self
            .wrap
            .call(&JsValue::undefined(), &[set.into()], context)?;
        let replaced = PropertyDescriptor::builder()
            .get(descriptor.get().cloned().unwrap_or_default())
            .set(wrapper.clone())
            .enumerable(descriptor.enumerable() == Some(true))
            .configurable(true)
            .build();
        object.define_property_or_throw(key.clone(), replaced, context)?;
        if let Some(wrapper) = wrapper.as_object() {
            self.wrappers.insert(wrapper);
        }
        Ok(object.borrow().properties().get(key))
    }

    /// Whether the realm is as [`Guard::watch`] last saw it and no library setter ran.
    pub(crate) fn intact(&self, context: &mut Context) -> bool {
        let touched = self
            .flag
            .get(js_string!("touched"), context)
            .map_or(true, |value| value.to_boolean());
        // The probes call library functions: only once they are known to be the ones loaded.
        !touched
            && self.seen.iter().all(|seen| seen.unchanged(context))
            && self.probes.iter().all(|probe| probe.unchanged(context))
    }
}

impl Seen {
    fn unchanged(&self, context: &mut Context) -> bool {
        if self.object.prototype() != self.prototype
            || self.object.is_extensible(context).ok() != Some(self.extensible)
        {
            return false;
        }
        match self.object.own_property_keys(context) {
            Ok(keys) if keys == self.keys => {}
            _ => return false,
        }
        let object = self.object.borrow();
        let properties = object.properties();
        self.keys.iter().zip(&self.properties).all(|(key, before)| {
            match (before, properties.get(key)) {
                (None, None) => true,
                (Some(before), Some(now)) => same_property(before, &now),
                _ => false,
            }
        })
    }
}

fn same_property(a: &PropertyDescriptor, b: &PropertyDescriptor) -> bool {
    let same = |x: Option<&JsValue>, y: Option<&JsValue>| match (x, y) {
        (None, None) => true,
        (Some(x), Some(y)) => JsValue::same_value(x, y),
        _ => false,
    };
    a.enumerable() == b.enumerable()
        && a.configurable() == b.configurable()
        && a.writable() == b.writable()
        && same(a.value(), b.value())
        && same(a.get(), b.get())
        && same(a.set(), b.set())
}

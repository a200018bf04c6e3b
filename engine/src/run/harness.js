// Calcsmith's in-context harness. Evaluated once per realm; its completion value is
// `{prepare, warmUp}`. `prepare(fields, used, …)` returns the one-shot
// `run(calculate, rules)` that each evaluation calls through the global `__calcsmith_run`
// (deleted again before the author's code runs, so scripts never see it; calculation.rs
// defines it). `warmUp(fields, described, ruled)` runs the same path once without the
// author's script (realm.rs).
//
// Built-ins are captured here, once, so an author who replaces Array.prototype.push or
// Object.keys in one calculation cannot break the next.
(function (global) {
  'use strict';
  var defineProperty = Object.defineProperty;
  var keysOf = Object.keys;
  var isArray = Array.isArray;
  var apply = Reflect.apply;
  var getTime = Date.prototype.getTime;
  var toTag = Object.prototype.toString;
  var DateCtor = Date;

  // One descriptor for every tracked property, refilled each time (cheaper than a new
  // object per input). Its prototype is null, so what a calculation adds to
  // Object.prototype (`value`, `writable`) cannot leak into it.
  var descriptor = Object.create(null);
  descriptor.enumerable = true;
  descriptor.configurable = true;

  // A data property whose reads are recorded in `used` (for autohide). The getter
  // records inline: a call is the dearest thing in boa, and inputs are read often.
  function tracked(target, name, value, used, path) {
    descriptor.get = function () {
      used[used.length] = path;
      return value;
    };
    descriptor.set = function (next) {
      value = next;
    };
    defineProperty(target, name, descriptor);
  }

  // The inputs a script sees: each read recorded in `used` (for autohide); with `used`
  // null, plain values, for the doc's rules (what rules read is not recorded).
  function makeInputs(fields, used) {
    var inputs = {};
    for (var i = 0; i < fields.length; i++) {
      var name = fields[i][0], kind = fields[i][1], value = fields[i][2];
      if (kind === 'l') {
        // Every item has the same sub-inputs in the same order.
        var items = [], paths = [];
        for (var j = 0; j < value.length; j++) {
          var item = {}, subs = value[j];
          for (var k = 0; k < subs.length; k++) {
            var sub = subs[k], subName = sub[0], subValue = sub[2];
            if (sub[1] === 'd' && subValue !== null) subValue = new DateCtor(subValue);
            if (!used) {
              item[subName] = subValue;
              continue;
            }
            if (j === 0) paths[k] = name + '.' + subName;
            tracked(item, subName, subValue, used, paths[k]);
          }
          items[j] = item;
        }
        value = items;
      } else if (kind === 'd' && value !== null) {
        value = new DateCtor(value);
      }
      if (used) tracked(inputs, name, value, used, name);
      else inputs[name] = value;
    }
    // Let go of the last input's value until the next calculation.
    descriptor.get = descriptor.set = undefined;
    return inputs;
  }

  var NO_ARGUMENTS = [];
  // Descriptions without a value, shared rather than made anew.
  var UNDEFINED = { t: 'u' }, NULL = { t: 'z' }, OTHER = { t: 'x' };
  var DEEP_ARRAY = { t: 'a' }, DEEP_OBJECT = { t: 'o' };

  function isDate(value) {
    return apply(toTag, value, NO_ARGUMENTS) === '[object Date]';
  }

  // The returned value as JSON, so the host validates it without touching JS objects
  // (whose getters could run author code outside the time budget). A finite number, a
  // string or a boolean stands for itself; anything else is tagged: `{t: 'u'}`
  // undefined, `{t: 'z'}` null, `{t: 'f', v: 'NaN' | 'Infinity' | '-Infinity'}`,
  // `{t: 'd', v: ms | null}` a date, `{t: 'm', v: text}` a decimal.js `Decimal` (an
  // instance of the global `Decimal`, when on) as its exact digits without an exponent
  // (`'-123.45'`, `'NaN'`, `'Infinity'`), `{t: 'a', v: [descriptions]}` an array,
  // `{t: 'o', v: [key, description, key, description, ...]}` an object, `{t: 'x'}`
  // anything else; arrays and objects nested too deep carry no `v`.
  // (src/run/validate.rs reads this.)
  function describe(value, depth) {
    if (value === undefined) return UNDEFINED;
    if (value === null) return NULL;
    switch (typeof value) {
      case 'number':
        return value === value && value !== Infinity && value !== -Infinity
          ? value
          : { t: 'f', v: value !== value ? 'NaN' : value > 0 ? 'Infinity' : '-Infinity' };
      case 'string':
      case 'boolean':
        return value;
      case 'object':
        if (isDate(value)) {
          var time = apply(getTime, value, NO_ARGUMENTS);
          return { t: 'd', v: time === time ? time : null };
        }
        var decimal = global.Decimal;
        if (typeof decimal === 'function' && value instanceof decimal) {
          return { t: 'm', v: '' + apply(decimal.prototype.toFixed, value, NO_ARGUMENTS) };
        }
        if (isArray(value)) {
          if (depth > 1) return DEEP_ARRAY;
          var elements = [];
          for (var i = 0; i < value.length; i++) elements[i] = describe(value[i], depth + 1);
          return { t: 'a', v: elements };
        }
        if (depth > 2) return DEEP_OBJECT;
        var keys = keysOf(value), entries = [];
        for (var k = 0; k < keys.length; k++) {
          entries[2 * k] = keys[k];
          entries[2 * k + 1] = describe(value[keys[k]], depth + 1);
        }
        return { t: 'o', v: entries };
      default:
        return OTHER;
    }
  }

  // `describeNatively(value)` (describe.rs) describes the value in Rust and keeps it there
  // when that needs no JS; `run` then answers with that function, and the host takes the
  // description it kept.
  //
  // A doc's show-when and valid-when rules (rules.rs) come as `rules`, a function of a view
  // of the inputs (`makeInputs` without `used`) and of the inputs the script will see, in which it sets the
  // hidden ones to null. It runs first; its answer goes to
  // `judged.answer` (an object without a prototype, so nothing of the realm's runs on
  // writing it), and when an input is invalid (the answer ends in the failed rules, not
  // '|') the script is not called.
  function prepare(fields, used, describeNatively, judged) {
    return function run(calculate, rules) {
      delete global.__calcsmith_run;
      var inputs = makeInputs(fields, used);
      if (rules) {
        var answer = rules(makeInputs(fields, null), inputs);
        judged.answer = answer;
        if (answer[answer.length - 1] !== '|') return NULL;
      }
      var value = calculate(inputs);
      return describeNatively(value) ? describeNatively : describe(value, 0);
    };
  }

  // The value `describe` gave `described` for (a date that was invalid comes back as
  // one; `{t: 'x'}` and values nested too deep come back as undefined).
  function rebuild(described) {
    if (typeof described !== 'object' || described === null) return described;
    var v = described.v, value, i;
    switch (described.t) {
      case 'z':
        return null;
      case 'f':
        return v === 'NaN' ? NaN : v === 'Infinity' ? Infinity : -Infinity;
      case 'd':
        return new DateCtor(v === null ? NaN : v);
      case 'a':
        value = [];
        if (v) for (i = 0; i < v.length; i++) value[i] = rebuild(v[i]);
        return value;
      case 'o':
        value = {};
        if (v) for (i = 0; i < v.length; i += 2) value[v[i]] = rebuild(v[i + 1]);
        return value;
      default:
        return undefined;
    }
  }

  // A calculation's path through the harness with the last calculation's inputs and
  // result, the author's script left out: a fresh realm made ahead has then made the
  // object shapes, getters and property caches the next calculation will use.
  function describedElsewhere() {
    return true;
  }

  // With `ruled` (the last calculation had rules) the rules' view is made too.
  function warmUp(fields, described, ruled) {
    if (ruled) makeInputs(fields, null);
    prepare(fields, [], describedElsewhere)(function (inputs) {
      var names = keysOf(inputs);
      for (var i = 0; i < names.length; i++) inputs[names[i]];
      return rebuild(described);
    });
  }

  return { prepare: prepare, warmUp: warmUp };
})(globalThis)

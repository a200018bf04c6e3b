// Calcsmith's in-context harness. Evaluated once per engine; its completion value is
// `prepare(fields, used)`, which returns the one-shot `run(calculate)` that each
// evaluation calls through the global `__calcsmith_run` (deleted again before the
// author's code runs, so scripts never see it; eval.rs defines it).
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

  function record(used, name) {
    used[used.length] = name;
  }

  // A data property whose reads are recorded in `used` (for autohide).
  function tracked(target, name, value, used, path) {
    defineProperty(target, name, {
      enumerable: true,
      configurable: true,
      get: function () {
        record(used, path);
        return value;
      },
      set: function (next) {
        value = next;
      }
    });
  }

  function plain(kind, value) {
    return kind === 'd' && value !== null ? new DateCtor(value) : value;
  }

  function makeInputs(fields, used) {
    var inputs = {};
    for (var i = 0; i < fields.length; i++) {
      var name = fields[i][0], kind = fields[i][1], value = fields[i][2];
      if (kind === 'l') {
        var items = [];
        for (var j = 0; j < value.length; j++) {
          var item = {};
          for (var k = 0; k < value[j].length; k++) {
            var sub = value[j][k];
            tracked(item, sub[0], plain(sub[1], sub[2]), used, name + '.' + sub[0]);
          }
          items[j] = item;
        }
        tracked(inputs, name, items, used, name);
      } else {
        tracked(inputs, name, plain(kind, value), used, name);
      }
    }
    return inputs;
  }

  function isDate(value) {
    return apply(toTag, value, []) === '[object Date]';
  }

  // The returned value as tagged JSON, so the host validates it without touching JS
  // objects (whose getters could run author code outside the time budget).
  function describe(value, depth) {
    if (value === undefined) return { t: 'u' };
    if (value === null) return { t: 'z' };
    switch (typeof value) {
      case 'number':
        return value === value && value !== Infinity && value !== -Infinity
          ? { t: 'n', v: value }
          : { t: 'f', v: value !== value ? 'NaN' : value > 0 ? 'Infinity' : '-Infinity' };
      case 'string':
        return { t: 's', v: value };
      case 'boolean':
        return { t: 'b', v: value };
      case 'object':
        if (isDate(value)) {
          var time = apply(getTime, value, []);
          return { t: 'd', v: time === time ? time : null };
        }
        if (isArray(value)) {
          if (depth > 1) return { t: 'a' };
          var elements = [];
          for (var i = 0; i < value.length; i++) elements[i] = describe(value[i], depth + 1);
          return { t: 'a', v: elements };
        }
        if (depth > 2) return { t: 'o' };
        var keys = keysOf(value), entries = [];
        for (var k = 0; k < keys.length; k++) {
          entries[k] = [keys[k], describe(value[keys[k]], depth + 1)];
        }
        return { t: 'o', v: entries };
      default:
        return { t: 'x' };
    }
  }

  return function prepare(fields, used) {
    return function run(calculate) {
      delete global.__calcsmith_run;
      return describe(calculate(makeInputs(fields, used)), 0);
    };
  };
})(globalThis)

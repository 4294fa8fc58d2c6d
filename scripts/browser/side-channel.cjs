/* global module */
'use strict';

/**
 * side-channel (https://github.com/ljharb/side-channel) for the browser build, as qs uses it (Refine's query
 * strings): a store keyed by objects (held weakly) or by primitives. The package itself reaches object-inspect,
 * get-intrinsic and their helpers (about 13 KB gzip) for engines without WeakMap and for the message of `assert`;
 * every browser the portal supports has WeakMap and Map. Same methods, same answers; `assert`'s message names the
 * key with String() instead of object-inspect. See scripts/qs-browser.ts; tests/unit/side-channel-browser.test.ts.
 */
module.exports = function getSideChannel() {
  var objects; // WeakMap for object and function keys
  var primitives; // Map for the others
  var isObject = function (key) {
    return key !== null && (typeof key === 'object' || typeof key === 'function');
  };
  var channel = {
    assert: function (key) {
      if (!channel.has(key)) {
        var keyDesc = isObject(key) ? 'the given object key' : typeof key === 'string' ? JSON.stringify(key) : String(key);
        throw new TypeError('Side channel does not contain ' + keyDesc);
      }
    },
    'delete': function (key) {
      var store = isObject(key) ? objects : primitives;
      return !!store && store['delete'](key);
    },
    get: function (key) {
      var store = isObject(key) ? objects : primitives;
      return store && store.get(key);
    },
    has: function (key) {
      var store = isObject(key) ? objects : primitives;
      return !!store && store.has(key);
    },
    set: function (key, value) {
      if (isObject(key)) {
        if (!objects) objects = new WeakMap();
        objects.set(key, value);
      } else {
        if (!primitives) primitives = new Map();
        primitives.set(key, value);
      }
    },
  };
  return channel;
};

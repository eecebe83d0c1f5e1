/** Text that has broken servers before: SQL and LIKE metacharacters, escapes, odd but valid Unicode. */
export const NASTY_TEXT = [
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  '" OR ""="',
  '%',
  '_',
  '%_%',
  '\\',
  '\\\\',
  '\\%',
  '$1',
  '$$',
  '::text',
  '*/ SELECT 1 /*',
  '${7*7}',
  '{{7*7}}',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '\u202eevil',
  'zero\u200bwidth',
  'e\u0301',
  '😀🏳️‍🌈',
  '𝕏',
  '\ufeffbom',
  '\uffff',
  'line\r\nbreak',
  '\t',
  '\u0007\u001b[31m',
  '',
  ' ',
  'null',
  'undefined',
  'NaN',
  '-0',
  '1e309',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
];

/** Text no handler should ever see; each must be refused with a 4xx. */
export const HOSTILE_TEXT = ['\u0000', 'a\u0000b', '\ud800', 'x\udc00', '\udfff\ud800', 'ok\u0000'];

/** Numbers at and past the edges of every type a column can have. */
export const EDGE_NUMBERS = [
  0,
  -1,
  -0,
  0.5,
  2147483647,
  2147483648,
  -2147483649,
  9007199254740991,
  2 ** 53 + 2,
  1e21,
  1e308,
  -1e308,
  5e-324,
];

/** Raw JSON texts of numbers JavaScript cannot hold exactly (they parse to Infinity or lose digits). */
export const RAW_NUMBERS = ['1e400', '-1e400', '123456789012345678901234567890', '1.0e-400', '0.1e1'];

/** Percent-encoded path and query values: NUL, invalid UTF-8, encoded surrogates, overlong forms. */
export const RAW_ENCODED = [
  '%00',
  '%FF',
  '%C0%AF',
  '%ED%A0%80',
  '%F4%90%80%80',
  '%E2%82',
  '%',
  '%2',
  '%25',
  '%27%20OR%201%3D1%20--',
  '..%2F..%2Fetc',
  '%5C',
  '%0D%0AX-Injected:%201',
];

/** Filters that are not what the list contract accepts. */
export const BAD_FILTERS = [
  '{',
  '[]',
  'null',
  '"x"',
  '1',
  '{"q":{"$gt":1}}',
  '{"q":[1,2]}',
  '{"id":{"where_in":"x"}}',
  '{"id":{"min":"abc"}}',
  '{"id":{"max":[]}}',
  '{"id":{"unknown_op":1}}',
  '{"id":1e400}',
  '{"id":"1 OR 1=1"}',
  '{"id":[null,"",[],{}]}',
  '{"created_at":{"min":-1e308}}',
  '{"nope":1}',
  '{"__proto__":{"x":1}}',
  '{"constructor":{"prototype":{}}}',
  '{"q":"\\u0000"}',
  '{"q":"\\ud800"}',
  '{"q":"\\udc00\\ud800"}',
  '{"id":{"where_null":"yes"}}',
];

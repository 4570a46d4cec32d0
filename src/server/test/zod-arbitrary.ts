import fc from "fast-check";
import type { z } from "zod";

/**
 * fast-check arbitraries derived from the zod 4 schemas routes declare, read from `schema._zod.def`.
 * JSON Schema would lose what matters here (transforms, pipes, coercion, defaults), so the definitions are
 * walked directly. Only the kinds the shared schemas use are handled; anything else fails loudly, so a new
 * kind of schema is noticed rather than silently fuzzed with nonsense.
 */

/** Values for fields whose rule is a refinement (a function the generator cannot read), by field name. */
export type Hints = Record<string, fc.Arbitrary<unknown>>;

interface Def {
  type: string;
  checks?: { _zod: { def: CheckDef } }[];
  format?: string;
  pattern?: RegExp;
  coerce?: boolean;
  entries?: Record<string, string | number>;
  values?: unknown[];
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
  options?: z.ZodType[];
}

interface CheckDef {
  check: string;
  minimum?: number;
  maximum?: number;
  value?: number;
  inclusive?: boolean;
  format?: string;
  pattern?: RegExp;
  tx?: (value: string) => string;
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

interface StringRules {
  min: number;
  max: number;
  trimmed: boolean;
  format?: string;
  pattern?: RegExp;
}

/** A pipe of string into string (`trimmed(...).pipe(z.email())`) must satisfy both sides. */
function stringRules(
  schema: z.ZodType,
  rules: StringRules = { min: 0, max: 200, trimmed: false },
): StringRules {
  const def = defOf(schema);
  if (def.type === "pipe") return stringRules(def.out!, stringRules(def.in!, rules));
  const next = { ...rules };
  if (def.format && def.format !== "regex") next.format = def.format;
  for (const check of def.checks ?? []) {
    const c = check._zod.def;
    if (c.check === "min_length") next.min = Math.max(next.min, c.minimum!);
    if (c.check === "max_length") next.max = Math.min(next.max, c.maximum!);
    if (c.check === "overwrite") next.trimmed = true;
    if (c.check === "string_format" && c.format === "regex") next.pattern = c.pattern!;
    if (c.check === "string_format" && c.format !== "regex") next.format = c.format!;
  }
  return next;
}

const isStringPipe = (def: Def) =>
  def.type === "pipe" && defOf(def.in!).type === "string" && defOf(def.out!).type === "string";

const emailArbitrary = fc
  .tuple(
    fc.stringMatching(/^[a-z0-9][a-z0-9._+-]{0,15}[a-z0-9]$/),
    fc.stringMatching(/^[a-z0-9]{1,10}$/),
    fc.constantFrom("com", "org", "net", "local"),
  )
  .filter(([local]) => !local.includes(".."))
  .map(([local, domain, tld]) => `${local}@${domain}.${tld}`);

function stringArbitrary(rules: StringRules): fc.Arbitrary<string> {
  const { min, max } = rules;
  if (rules.format === "email") return emailArbitrary.filter((s) => s.length <= max);
  if (rules.format === "uuid" || rules.format === "guid") return fc.uuid();
  if (rules.format === "url")
    return fc.webPath().map((path) => `https://push.example.com/${encodeURIComponent(path)}`);
  if (rules.format === "datetime")
    return fc
      .date({ min: new Date("2000-01-01"), max: new Date("2100-01-01"), noInvalidDate: true })
      .map((d) => d.toISOString());
  if (rules.format) throw new Error(`zod-arbitrary: string format "${rules.format}" is not handled`);
  if (rules.pattern)
    return fc.stringMatching(rules.pattern).filter((s) => s.length >= min && s.length <= max);
  // Mostly printable text, now and then any code point: valid shape, not always plain ASCII.
  const text = fc.oneof(
    { weight: 4, arbitrary: fc.string({ minLength: min, maxLength: Math.min(max, 60) }) },
    { weight: 1, arbitrary: fc.string({ unit: "grapheme", minLength: min, maxLength: Math.min(max, 20) }) },
  );
  return text.filter((s) => s.length <= max && (!rules.trimmed || s.trim().length >= min));
}

function numberArbitrary(def: Def): fc.Arbitrary<number | string> {
  let min = -1_000_000;
  let max = 1_000_000;
  let integer = false;
  for (const check of def.checks ?? []) {
    const c = check._zod.def;
    if (c.check === "greater_than") min = c.inclusive ? c.value! : c.value! + 1;
    if (c.check === "less_than") max = c.inclusive ? c.value! : c.value! - 1;
    if (c.check === "number_format" && (c.format === "safeint" || c.format === "int32")) integer = true;
  }
  const value = integer
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true }).map((n) => Math.round(n * 100) / 100);
  // A coercing schema takes the number as text too, the way a form or a query string sends it.
  return def.coerce ? fc.oneof(value, value.map(String)) : value;
}

/** An arbitrary of inputs the schema should accept (refinements aside, unless a hint covers them). */
export function arbitraryOf(schema: z.ZodType, hints: Hints = {}): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  switch (def.type) {
    case "string":
      return stringArbitrary(stringRules(schema));
    case "number":
      return numberArbitrary(def);
    case "boolean":
      return fc.boolean();
    case "enum":
      return fc.constantFrom(...Object.values(def.entries!));
    case "literal":
      return fc.constantFrom(...def.values!);
    case "unknown":
    case "any":
      return fc.jsonValue();
    case "optional":
    case "default":
    case "prefault":
      return fc.option(arbitraryOf(def.innerType!, hints), { nil: undefined, freq: 4 });
    case "nullable":
      return fc.option(arbitraryOf(def.innerType!, hints), { nil: null, freq: 4 });
    case "array": {
      const rules = stringRules(schema, { min: 0, max: 5, trimmed: false });
      return fc.array(arbitraryOf(def.element!, hints), { minLength: rules.min, maxLength: rules.max });
    }
    case "union":
      return fc.oneof(...def.options!.map((option) => arbitraryOf(option, hints)));
    case "pipe": {
      if (isStringPipe(def)) return stringArbitrary(stringRules(schema));
      // z.preprocess(fn, schema) is transform → schema; .transform(fn) is schema → transform.
      if (defOf(def.in!).type === "transform") return arbitraryOf(def.out!, hints);
      return arbitraryOf(def.in!, hints);
    }
    case "object": {
      const shape = def.shape!;
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      const requiredKeys: string[] = [];
      for (const [key, field] of Object.entries(shape)) {
        record[key] = hints[key] ?? arbitraryOf(field, hints);
        const optional = (field as unknown as { _zod: { optin?: string } })._zod.optin === "optional";
        if (!optional) requiredKeys.push(key);
      }
      return fc.record(record, { requiredKeys }).map((value) => dropUndefined(value));
    }
    case "intersection":
      return fc
        .tuple(arbitraryOf(def.left!, hints), arbitraryOf(def.right!, hints))
        .map(([left, right]) => ({ ...(left as object), ...(right as object) }));
    default:
      throw new Error(`zod-arbitrary: schema type "${def.type}" is not handled`);
  }
}

function dropUndefined(value: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));
}

/* ---------------- Hostile values ---------------- */

export const HUGE = "x".repeat(100 * 1024);

export const nastyStrings = [
  "' OR 1=1 --",
  "'; DROP TABLE job; --",
  '" OR ""="',
  "<img src=x onerror=alert(1)>",
  "<script>alert(document.cookie)</script>",
  "javascript:alert(1)",
  "\u0000",
  "a\u0000b",
  "🌿🔥👩‍👩‍👧‍👦",
  "\u202Egnp.exe",
  "مرحبا بالعالم",
  "\uD800",
  "\uFEFF",
  "../../../etc/passwd",
  "..\\..\\windows\\win.ini",
  "%00",
  "%",
  "_%_",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as plain text
  "${7*7}{{7*7}}",
  '=HYPERLINK("http://evil")',
  "__proto__",
  "constructor",
  "NaN",
  "-0",
  "1e309",
  "   ",
  "\r\n\t",
  "null",
  "undefined",
  "[object Object]",
  HUGE,
];

const scalarHostile = fc.oneof(
  fc.constantFrom(...nastyStrings),
  fc.constantFrom<unknown>(
    null,
    true,
    false,
    0,
    -1,
    1.5,
    Number.MAX_SAFE_INTEGER,
    -Number.MAX_SAFE_INTEGER,
    1e308,
    [],
    {},
    [null],
    { $gt: "" },
    { __proto__: { admin: true } },
  ),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.integer(),
  fc.double(),
);

/** One hostile value: wrong type, huge, odd unicode, injection text, or a nested structure. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: scalarHostile },
  { weight: 1, arbitrary: fc.array(scalarHostile, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), scalarHostile, { maxKeys: 3 }) },
);

/** Extra fields a client might try to smuggle in. */
export const extraFields = fc.oneof(
  fc.constant({ role: "admin", isAdmin: true, userId: "00000000-0000-4000-8000-000000000000" }),
  fc.constant(JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"x": 1}}}')),
  fc.dictionary(fc.string({ maxLength: 12 }), hostileValue, { minKeys: 1, maxKeys: 4 }),
);

/**
 * A hostile version of a valid input: one field replaced, fields added or removed, or the whole value
 * swapped for something of another shape.
 */
export function hostileFrom(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const mutated = fc.tuple(valid, hostileValue, fc.nat()).map(([value, bad, pick]) => {
    if (!isPlainObject(value)) return bad;
    const keys = Object.keys(value);
    if (keys.length === 0) return { x: bad };
    return { ...value, [keys[pick % keys.length]!]: bad };
  });
  const extra = fc
    .tuple(valid, extraFields)
    .map(([value, more]) => (isPlainObject(value) ? { ...value, ...more } : more));
  const missing = fc.tuple(valid, fc.nat()).map(([value, pick]) => {
    if (!isPlainObject(value)) return value;
    const keys = Object.keys(value);
    const copy = { ...value };
    delete copy[keys[pick % Math.max(keys.length, 1)]!];
    return copy;
  });
  const wrongShape = fc.oneof(
    hostileValue,
    valid.map((value) => [value]),
    fc.constant(deepNesting(200)),
  );
  return fc.oneof(
    { weight: 4, arbitrary: mutated },
    { weight: 2, arbitrary: extra },
    { weight: 1, arbitrary: missing },
    { weight: 2, arbitrary: wrongShape },
  );
}

function deepNesting(depth: number): unknown {
  let value: unknown = "deep";
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

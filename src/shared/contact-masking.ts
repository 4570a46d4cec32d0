/**
 * Finds phone numbers and email addresses in a message, also when spelled to slip past a plain pattern:
 * full-width or other scripts' digits, digits as words ("seven zero four"), letters for digits ("7o4"), any
 * separator ("704/555/0123"), invisible characters between, "{at}" and "{dot}", spaced letters, look-alike
 * letters from other alphabets. The text is first rewritten into a detection string that keeps, for each of
 * its characters, the span of the original it came from; the patterns run on that string and their matches
 * are mapped back, so what is hidden is the original spelling, whole.
 *
 * Every pattern is linear (no nested or overlapping repetition) and the caller bounds the length first: the
 * detection string is at most 4 characters per original one (see fold).
 */

/** A rewritten text, and for each of its characters the original span [from, to) it stands for. */
interface Mapped {
  chars: string[];
  from: number[];
  to: number[];
}

// Removed before matching: format characters (zero-width space, soft hyphen, bidi marks), other
// default-ignorables, combining marks, and control characters other than whitespace.
const INVISIBLE = /^(?:[\p{Cf}\p{Mn}\p{Me}\p{Default_Ignorable_Code_Point}]|(?![\t\n\r])\p{Cc})$/u;
const DIGIT = /^\p{Nd}$/u;
const DASH = /^\p{Pd}$/u;

/** The value of a decimal digit of any script: its distance from the start of its run of ten. */
function digitValue(char: string): string {
  const code = char.codePointAt(0)!;
  if (code < 0x80) return char;
  let start = code;
  while (code - start < 60 && DIGIT.test(String.fromCodePoint(start - 1))) start -= 1;
  return String((code - start) % 10);
}

/**
 * One character of the original, folded: NFKC (full-width, circled, mathematical forms), digits, dashes. A
 * character NFKC spells as more than 4 (a ligature such as U+FDFA, 18) stays itself: no digit or @ hides in
 * one, and the detection string stays at most 4 times the original's length.
 */
function fold(char: string): string {
  if (char.charCodeAt(0) < 0x80) return char;
  if (INVISIBLE.test(char)) return "";
  const normal = char.normalize("NFKC");
  if (normal.length > 4) return char;
  let out = "";
  for (const c of normal) {
    if (DIGIT.test(c)) out += digitValue(c);
    else if (DASH.test(c)) out += "-";
    else if (/^\s$/u.test(c)) out += " ";
    else out += c;
  }
  return out;
}

function folded(text: string): Mapped {
  const mapped: Mapped = { chars: [], from: [], to: [] };
  // A message repeats its characters: each is folded once.
  const seen = new Map<string, string>();
  let index = 0;
  for (const char of text) {
    let out = seen.get(char);
    if (out === undefined) {
      out = fold(char);
      seen.set(char, out);
    }
    for (const c of out) {
      mapped.chars.push(c);
      mapped.from.push(index);
      mapped.to.push(index + char.length);
    }
    index += char.length;
  }
  return mapped;
}

/**
 * Rewrites every match of `pattern` (global) with `replace(match)`. A replacement of the same length keeps
 * each character's own span; any other stands, character by character, for the whole match's span.
 */
function rewrite(mapped: Mapped, pattern: RegExp, replace: (match: string) => string): Mapped {
  const text = mapped.chars.join("");
  const out: Mapped = { chars: [], from: [], to: [] };
  const copy = (start: number, end: number) => {
    for (let i = start; i < end; i++) {
      out.chars.push(mapped.chars[i]!);
      out.from.push(mapped.from[i]!);
      out.to.push(mapped.to[i]!);
    }
  };
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const start = match.index;
    const end = start + match[0].length;
    copy(last, start);
    const replacement = [...replace(match[0])];
    const keep = replacement.length === match[0].length;
    replacement.forEach((c, i) => {
      out.chars.push(c);
      out.from.push(mapped.from[keep ? start + i : start]!);
      out.to.push(mapped.to[keep ? start + i : end - 1]!);
    });
    last = end;
  }
  copy(last, mapped.chars.length);
  return out;
}

/** Drops the spaces inside a run of single characters ("m e @ e x . c o m"), each keeping its own span. */
function joinSpaced(mapped: Mapped): Mapped {
  const text = mapped.chars.join("");
  const drop = new Set<number>();
  for (const match of text.matchAll(/(?<!\S)\S(?: \S(?!\S))+/gu)) {
    for (let i = 0; i < match[0].length; i++) if (match[0][i] === " ") drop.add(match.index + i);
  }
  const out: Mapped = { chars: [], from: [], to: [] };
  mapped.chars.forEach((c, i) => {
    if (drop.has(i)) return;
    out.chars.push(c);
    out.from.push(mapped.from[i]!);
    out.to.push(mapped.to[i]!);
  });
  return out;
}

const DIGIT_WORDS: Record<string, string> = {
  zero: "0",
  oh: "0",
  o: "0",
  one: "1",
  two: "2",
  three: "3",
  four: "4",
  five: "5",
  six: "6",
  seven: "7",
  eight: "8",
  nine: "9",
};
// Whole words, also touching digits ("5five5"), never inside a longer word ("someone", "often").
const digitWord = /(?<!\p{L})(?:zero|oh|o|one|two|three|four|five|six|seven|eight|nine)(?!\p{L})/giu;
// o/O for 0 and l/I for 1, only touching a digit ("7o4", "O123"; twice, for "Ol23"): never inside a word.
const letterForDigit = /(?<=\d)[oOlI]|[oOlI](?=\d)/g;
// Dates and times are ordinary: blanked (same length, so spans stay) before the phone pattern runs.
const dateOrTime = new RegExp(
  [
    String.raw`(?<!\d)\d{4}-(?:0?[1-9]|1[0-2])-(?:0?[1-9]|[12]\d|3[01])(?!\d)`,
    String.raw`(?<![\d/])(?:0?[1-9]|1[0-2])/(?:0?[1-9]|[12]\d|3[01])(?:/(?:\d{4}|\d{2}))?(?![\d/])`,
    String.raw`(?<![\d:])(?:[01]?\d|2[0-3]):[0-5]\d(?![\d:])`,
  ].join("|"),
  "g",
);

/** 10 to 15 digits with at most 3 separator characters between each two: "704-555-0123", "+1 (704) 555 0123". */
const phone = /\+?\(?(?:\d[\s().\-/_,\\:;*~'"|]{0,3}){9,14}\d/g;
/** A list of the region's ZIP codes ("28203, 28204 28205") is not a phone number. */
const isZipList = (digits: string[]) => digits.every((group) => group.length === 5 && /^2[78]/.test(group));

const at = String.raw`(?:\s{0,3}@\s{0,3}|\s{0,3}[([{<]at[)\]}>]\s{0,3}|\s{1,3}at\s{1,3})`;
const dot = String.raw`(?:\s{0,3}\.\s{0,3}|\s{0,3}[([{<]dot[)\]}>]\s{0,3}|\s{1,3}dot\s{1,3})`;
/** Letters of any alphabet, so a Cyrillic "е" in "mе@example.com" does not break the match. */
const email = new RegExp(
  String.raw`[\p{L}\p{N}._%+-]{1,64}${at}[\p{L}\p{N}-]{1,63}(?:${dot}[\p{L}\p{N}-]{1,63}){0,4}${dot}\p{L}{2,12}(?![\p{L}\p{N}])`,
  "giu",
);

/** The spans [start, end) of `text` that hold a phone number or an email address, in order, not overlapping. */
export function findContacts(text: string): [number, number][] {
  let mapped = joinSpaced(folded(text));
  mapped = rewrite(mapped, digitWord, (word) => DIGIT_WORDS[word.toLowerCase()] ?? word);
  for (let pass = 0; pass < 2; pass++)
    mapped = rewrite(mapped, letterForDigit, (c) => (c === "o" || c === "O" ? "0" : "1"));
  const detection = mapped.chars.join("");
  const spans: [number, number][] = [];
  const add = (start: number, end: number) => spans.push([mapped.from[start]!, mapped.to[end - 1]!]);
  for (const match of detection.matchAll(email)) add(match.index, match.index + match[0].length);
  const numbers = detection.replace(dateOrTime, (date) => "#".repeat(date.length));
  for (const match of numbers.matchAll(phone)) {
    if (isZipList(match[0].split(/\D+/).filter(Boolean))) continue;
    add(match.index, match.index + match[0].length);
  }
  spans.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const span of spans) {
    const previous = merged.at(-1);
    if (previous && span[0] <= previous[1]) previous[1] = Math.max(previous[1], span[1]);
    else merged.push([...span]);
  }
  return merged;
}

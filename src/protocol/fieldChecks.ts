import { describeValue } from './describeValue.js';
import { isDevelopment } from './isDevelopment.js';

/**
 * The protocol's own validators. The message path of the bridge checks every event with these instead of
 * zod: they are a few hundred bytes where zod's object support is about 4 KB, and they run in a fraction of
 * the time. `svc-embed-react/schemas` keeps the zod schemas of the same messages, and a differential test
 * proves both accept and produce exactly the same messages.
 *
 * A check returns the value it accepts (objects are rebuilt with only their known fields) and, when the
 * value is wrong, appends a {@link Problem} to `problems` instead of throwing. Nothing is allocated for a
 * valid value: the path of a problem is assembled on the way out, only when there is one.
 */
export type FieldCheck<T = unknown> = (value: unknown, problems: Problem[], unknownValues?: UnknownValueFound[]) => T;

/**
 * A value an open enum let through without knowing it (a download format the platform added later), where
 * it was. A check appends one to `unknownValues` when its caller passes that list.
 */
export interface UnknownValueFound {
  readonly path: string[];
  readonly value: string;
}

/** An enum value a parser accepted without knowing it: the field (`payload.format`) and the value. */
export interface UnknownValue {
  readonly field: string;
  readonly value: string;
}

/**
 * What an optional field check returns for `null` or absent: the object leaves the key out. An object no
 * other code can reach is as unique a marker as a symbol, and smaller in the bundle.
 */
const ABSENT = {};

/** A wrong value: where it is (field names, outermost first), what was expected, and what it was. */
export interface Problem {
  readonly path: string[];
  readonly expected: string;
  readonly value: unknown;
}

/** Records that `value` is not what was expected. */
function fail(problems: Problem[], expected: string, value: unknown): undefined {
  problems.push({ path: [], expected, value });
  return undefined;
}

/** A value that passes `test`; `expected` names it in the problem (`"string"`, `"string or number"`). */
export function ofType<T>(expected: string, test: (value: unknown) => boolean): FieldCheck<T> {
  return (value, problems) => (test(value) ? (value as T) : fail(problems, expected, value)) as T;
}

// The expected forms here and below are development text: a production reason names only the field.
/** A string. */
export const string: FieldCheck<string> = ofType(isDevelopment ? 'string' : '', (value) => typeof value === 'string');
/** A finite number (NaN and infinities are refused: JSON cannot carry them). */
export const number: FieldCheck<number> = ofType(isDevelopment ? 'number' : '', Number.isFinite);
/** A boolean. */
export const boolean: FieldCheck<boolean> = ofType(isDevelopment ? 'boolean' : '', (value) => typeof value === 'boolean');
/** Anything. */
export const unknown: FieldCheck = (value) => value;

/** The listed strings as problem texts name them: `"signed" or "private"`. */
export function listOf(values: readonly string[]): string {
  return values.map((value) => `"${value}"`).join(' or ');
}

/** One of the listed strings. */
export function oneOf<const T extends string>(values: readonly T[]): FieldCheck<T>;
/**
 * One of the listed strings, or any other string: an enum the platform may extend. A value not listed is
 * accepted (so the event is still delivered) and recorded in `unknownValues`; a non-string is refused.
 */
export function oneOf<const T extends string>(values: readonly T[], open: true): FieldCheck<T | (string & {})>;
// One closed and open enum check: the two differ only in what they do with a string not listed.
export function oneOf<const T extends string>(values: readonly T[], open?: true): FieldCheck<T> {
  const expected = isDevelopment ? `${listOf(values)}${open ? ' (or another string)' : ''}` : '';
  return (value, problems, unknownValues) => {
    if (!values.includes(value as T)) {
      if (!open || typeof value !== 'string') return fail(problems, expected, value) as unknown as T;
      unknownValues?.push({ path: [], value });
    }
    return value as T;
  };
}

/**
 * `check`, or absent (`undefined`). With `orNull`, `null` counts as absent too: the tolerant reading of an
 * optional event field, where {@link object} then leaves the key out of the result, whether it was missing,
 * `undefined` or `null`.
 */
export function optional<T>(check: FieldCheck<T>, orNull?: true): FieldCheck<T | undefined> {
  return (value, problems, unknownValues) =>
    value === undefined || (orNull && value === null)
      ? ((orNull && ABSENT) as unknown as undefined)
      : check(value, problems, unknownValues);
}

/** `check`, or `null`. */
export function nullable<T>(check: FieldCheck<T>): FieldCheck<T | null> {
  return (value, problems, unknownValues) => (value === null ? null : check(value, problems, unknownValues));
}

/** `check`, then `test` on what it accepted; `expected` says what a good value looks like. */
export function refine<T>(check: FieldCheck<T>, test: (value: T) => boolean, expected: string): FieldCheck<T> {
  return (value, problems, unknownValues) => {
    const before = problems.length;
    const result = check(value, problems, unknownValues);
    return problems.length === before && !test(result) ? (fail(problems, expected, value) as T) : result;
  };
}

/** Whether `value` is an object that is neither `null` nor an array. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * An object with these fields. Other fields pass through untouched (open objects: event payloads, the theme)
 * unless `closed`, where the result holds only the listed fields. An optional field that is absent stays
 * absent.
 */
export function object<T>(fields: { readonly [K in keyof T]-?: FieldCheck<T[K]> }, closed?: boolean): FieldCheck<T> {
  const entries = Object.entries(fields) as [string, FieldCheck][];
  // A caller that does not collect unknown values gets a list of its own, so the loop needs no test for it.
  return (value, problems, unknownValues = []) => {
    if (!isRecord(value)) return fail(problems, isDevelopment ? 'object' : '', value) as T;
    const result: Record<string, unknown> = closed ? {} : { ...value };
    for (const [key, check] of entries) {
      const before = problems.length;
      const found = unknownValues.length;
      const input = value[key];
      const checked = check(input, problems, unknownValues);
      prefixPaths(problems, before, key);
      prefixPaths(unknownValues, found, key);
      if (checked === ABSENT) {
        if (!closed && key in result) delete result[key];
        // An open object's copy already holds every field as it came: only a changed one (a nested object's
        // own copy) is written, which keeps the common case free of keyed stores. A closed object is built
        // field by field; `in`, not own keys: a key present with the value undefined stays present, as zod
        // keeps it.
      } else if (closed ? checked !== undefined || key in value : checked !== input) result[key] = checked;
    }
    return result as T;
  };
}

/** Puts `key` in front of the path of each entry from `from` on: the entries a field's check added. */
function prefixPaths(entries: readonly { readonly path: string[] }[], from: number, key: string): void {
  for (let index = from; index < entries.length; index++) entries[index]?.path.unshift(key);
}

/**
 * One problem as text: `payload.mode: expected "signed" or "private", got "x"` in development. A production
 * bundle names only where the problem is (`payload.mode`), with the reason's code beside it: the explanations
 * (and the expected forms callers pass) are development text the bundle leaves out.
 */
export function describeProblem(where: string, problem: Pick<Problem, 'expected' | 'value'>): string {
  const at = where || 'message';
  // Inside the guard rather than after an early return: esbuild keeps whatever code after a return refers to.
  if (isDevelopment) {
    const { expected, value } = problem;
    return value === undefined ? `${at}: required ${expected} is missing` : `${at}: expected ${expected}, got ${describeValue(value)}`;
  }
  return at;
}

/** The result of {@link runCheck}. */
export type CheckResult<T> =
  | {
      readonly ok: true;
      readonly value: T;
      /** Values of open enums the check accepted without knowing them; absent when there were none. */
      readonly unknownValues?: readonly UnknownValue[];
    }
  | { readonly ok: false; readonly reason: string };

/**
 * Runs a check on a value called `name` (in the reason); the reason names at most three problems (and, in
 * development, counts the rest).
 */
export function runCheck<T>(check: FieldCheck<T>, value: unknown, name?: string): CheckResult<T> {
  const problems: Problem[] = [];
  const unknownValues: UnknownValueFound[] = [];
  const result = check(value, problems, unknownValues);
  const where = (path: string[]): string => (name ? [name, ...path] : path).join('.');
  if (problems.length === 0) {
    return unknownValues.length === 0
      ? { ok: true, value: result }
      : { ok: true, value: result, unknownValues: unknownValues.map(({ path, value: got }) => ({ field: where(path), value: got })) };
  }
  const text = problems
    .slice(0, 3)
    .map((problem) => describeProblem(where(problem.path), problem))
    .join('; ');
  // How many more is development text, like the explanations: a production reason names the fields.
  return { ok: false, reason: isDevelopment && problems.length > 3 ? `${text} (and ${problems.length - 3} more)` : text };
}

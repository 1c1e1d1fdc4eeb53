import { fail } from './fail.js';

/** A path or query id: decimal digits only, no sign, no leading zero, no spaces, no hex or exponent. */
export const STRICT_ID = /^[1-9][0-9]{0,9}$/;

/** Reads a path or query id; anything but a {@link STRICT_ID} is a 400 naming the parameter. */
export function parsePositiveId(name: string, value: string | undefined): number {
  if (value === undefined || !STRICT_ID.test(value)) fail(400, `${name} must be a positive integer`);
  return Number(value);
}

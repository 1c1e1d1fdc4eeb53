import * as z from 'zod/mini';

/** The types a user attribute can be defined with. */
export const USER_ATTRIBUTE_TYPES = ['string', 'number', 'string_array', 'number_array'] as const;

/** A user attribute's type. */
export type UserAttributeType = (typeof USER_ATTRIBUTE_TYPES)[number];

/** A finite number: JSON has no NaN or infinity, and a value the platform compares must be one. */
const finite = z.number().check(z.refine(Number.isFinite, { error: 'expected a finite number' }));

/**
 * A user attribute's value: a string, a number, an array of strings, an array of numbers, or `null` (which
 * clears the value). A mixed array is none of them.
 */
export const userAttributeValueSchema = z.union([z.string(), finite, z.array(z.string()), z.array(finite), z.null()]);

/** A user attribute's value (`null` clears it). */
export type UserAttributeValue = z.infer<typeof userAttributeValueSchema>;

/** Whether a (non-null) value is of a defined type. An empty array fits both array types. */
export function userAttributeValueMatches(type: UserAttributeType, value: Exclude<UserAttributeValue, null>): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number';
    case 'string_array':
      return Array.isArray(value) && value.every((item) => typeof item === 'string');
    case 'number_array':
      return Array.isArray(value) && value.every((item) => typeof item === 'number');
  }
}

/** Whether a text is an absolute `http:` or `https:` URL (a profile picture's address). */
export function isAbsoluteHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

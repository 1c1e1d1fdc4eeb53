import { FILTER_PARAMETER_PREFIX } from './filterKey.js';

/**
 * Address parameters an embed address never takes from `params`, in lower case: names are compared without
 * regard to letter case, because a server, proxy or page may read `Session` or `EMBEDTOKEN` as the same
 * parameter. They set who the viewer is (a session or a token; the embed pages prefer `embedToken` over
 * `session`, so a smuggled one signs the viewer in as the token's owner) or what the viewer may do, and
 * each has its own typed option. Other credential names are listed too: refusing an unused name costs
 * nothing, letting one through could sign a viewer in as someone else.
 */
export const RESERVED_ADDRESS_PARAMS: ReadonlySet<string> = new Set([
  'session',
  'sessionid',
  'embedtoken',
  'token',
  'accesstoken',
  'access_token',
  'jwt',
  'authorization',
  'locale',
  'timezone',
  'allowexport',
]);

/**
 * Whether `name` is reserved: one of {@link RESERVED_ADDRESS_PARAMS} or a filter (`f_<view>.<dimension>`),
 * in any letter case.
 *
 * @example
 * isReservedAddressParam('EmbedToken'); // true
 * isReservedAddressParam('F_orders.status'); // true
 * isReservedAddressParam('showNewChat'); // false
 */
export function isReservedAddressParam(name: string): boolean {
  const lower = name.toLowerCase();
  return RESERVED_ADDRESS_PARAMS.has(lower) || lower.startsWith(FILTER_PARAMETER_PREFIX);
}

import * as z from 'zod/mini';
import { USER_ATTRIBUTE_TYPES, userAttributeValueSchema } from './userAttributes.js';

/** A creator-mode group of an embed tenant, as the admin list returns it (other fields pass through). */
export const embedTenantGroupSchema = z.looseObject({
  id: z.string().check(z.minLength(1)),
  name: z.string(),
  description: z.optional(z.nullable(z.string())),
});

/** A user attribute definition of an embed tenant, as the admin list returns it (other fields pass through). */
export const embedTenantUserAttributeSchema = z.looseObject({
  id: z.string().check(z.minLength(1)),
  name: z.string(),
  type: z.enum(USER_ATTRIBUTE_TYPES),
  displayName: z.optional(z.nullable(z.string())),
  defaultValue: z.optional(userAttributeValueSchema),
  description: z.optional(z.nullable(z.string())),
});

/**
 * One page of a cursor-paginated list: `nextCursor` is passed back as `after` for the next page, and is
 * `null` on the last one. (The platform's reference names `first` and `after` but not the answer's fields:
 * this shape is the project's decision.)
 */
export function cursorPageSchema<T extends z.ZodMiniType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.nullable(z.string().check(z.minLength(1))) });
}

/** A page of an embed tenant's groups. */
export const embedTenantGroupPageSchema = cursorPageSchema(embedTenantGroupSchema);
/** A page of an embed tenant's user attribute definitions. */
export const embedTenantUserAttributePageSchema = cursorPageSchema(embedTenantUserAttributeSchema);

/** A group of an embed tenant. */
export type EmbedTenantGroup = z.infer<typeof embedTenantGroupSchema>;
/** A user attribute definition of an embed tenant. */
export type EmbedTenantUserAttribute = z.infer<typeof embedTenantUserAttributeSchema>;
/** One page of a cursor-paginated list. */
export interface CursorPage<T> {
  readonly items: T[];
  /** Pass it as `after` to read the next page; `null` on the last page. */
  readonly nextCursor: string | null;
}

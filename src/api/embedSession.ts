import * as z from 'zod/mini';
import { embedThemeSchema } from '../schemas/embedThemeSchema.js';
import {
  isAbsoluteHttpUrl,
  type UserAttributeType,
  USER_ATTRIBUTE_TYPES,
  userAttributeValueMatches,
  userAttributeValueSchema,
} from './userAttributes.js';
import { type EmbedSessionSettings, embedSessionSettingsSchema } from './embedSessionSettings.js';

/** The pattern an embed tenant name must match. */
export const EMBED_TENANT_NAME_PATTERN = /^[a-z][a-z0-9-]{0,34}[a-z0-9]$/;

/** A creator-mode group to create (or keep) in the embed tenant, from `groupDefinitions`. */
export const groupDefinitionSchema = z.strictObject({
  name: z.string().check(z.minLength(1), z.maxLength(200)),
  description: z.optional(z.string().check(z.maxLength(2000))),
});

/**
 * A user attribute to define (or keep) in the embed tenant, from `userAttributeDefinitions`. Its type cannot
 * change once defined (the platform answers 400 "cannot change type"); `defaultValue` must be of its type.
 */
export const userAttributeDefinitionSchema = z.strictObject({
  name: z.string().check(z.minLength(1), z.maxLength(200)),
  type: z.enum(USER_ATTRIBUTE_TYPES),
  displayName: z.optional(z.string().check(z.maxLength(200))),
  defaultValue: z.optional(userAttributeValueSchema),
  description: z.optional(z.string().check(z.maxLength(2000))),
});

/**
 * The viewer's name and picture the embed shows (`userProfile`). Not accepted with `internalId`: a platform
 * user already has a profile of their own.
 */
export const userProfileSchema = z.strictObject({
  displayName: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
  picture: z.optional(
    z.string().check(z.refine(isAbsoluteHttpUrl, { error: 'expected an absolute http(s) URL' }), z.maxLength(2048)),
  ),
});

/**
 * The body of `POST /v1/embed/generate-session` (a project fact about the platform, from its embedding
 * documentation): `deploymentId`; exactly one of `externalId` or `internalId`; unique `userAttributes`
 * names, each value of its definition's type when the same call defines it; `embedTenantName` matching
 * {@link EMBED_TENANT_NAME_PATTERN}; `creatorMode` for the app surface; the newer fields `settings`,
 * `branchName`, `userProfile` (not with `internalId`), and the creator-mode bootstrap `groupDefinitions` and
 * `userAttributeDefinitions` (both need `creatorMode: true` and `embedTenantName`; names unique).
 */
export const generateSessionInputSchema = z
  .object({
    deploymentId: z.int().check(z.positive()),
    externalId: z.optional(z.string().check(z.trim(), z.toLowerCase(), z.minLength(1))),
    internalId: z.optional(z.union([z.string().check(z.minLength(1)), z.int()])),
    email: z.optional(z.string().check(z.regex(/^[^\s@]+@[^\s@]+$/, { error: 'expected an email address' }))),
    userAttributes: z.optional(z.array(z.object({ name: z.string().check(z.minLength(1)), value: userAttributeValueSchema }))),
    groups: z.optional(z.array(z.string())),
    roles: z.optional(z.array(z.string())),
    securityContext: z.optional(z.record(z.string(), z.unknown())),
    embedTenantName: z.optional(
      z.string().check(z.regex(EMBED_TENANT_NAME_PATTERN, { error: 'expected lower-case letters, digits and "-" (2-36 characters, starting with a letter)' })),
    ),
    creatorMode: z.optional(z.boolean()),
    embedTheme: z.optional(embedThemeSchema),
    settings: z.optional(embedSessionSettingsSchema),
    branchName: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
    userProfile: z.optional(userProfileSchema),
    groupDefinitions: z.optional(z.array(groupDefinitionSchema)),
    userAttributeDefinitions: z.optional(z.array(userAttributeDefinitionSchema)),
  })
  .check(
    z.superRefine((input, ctx) => {
      const issue = (path: (string | number)[], message: string): void => ctx.addIssue({ code: 'custom', path, message, input });
      const hasExternal = input.externalId !== undefined;
      const hasInternal = input.internalId !== undefined;
      if (hasExternal === hasInternal) issue([hasExternal ? 'internalId' : 'externalId'], 'give exactly one of externalId or internalId');
      if (hasInternal && input.userProfile !== undefined) {
        issue(['userProfile'], 'userProfile is for external viewers only: a platform user (internalId) shows their own profile');
      }
      for (const field of ['groupDefinitions', 'userAttributeDefinitions'] as const) {
        if (input[field] === undefined) continue;
        if (input.creatorMode !== true) issue([field], `${field} bootstraps creator mode: it needs creatorMode: true`);
        if (input.embedTenantName === undefined) issue([field], `${field} are kept per embed tenant: it needs embedTenantName`);
      }
      const duplicates = (field: 'groupDefinitions' | 'userAttributeDefinitions' | 'userAttributes', what: string): void => {
        const names = new Set<string>();
        for (const [index, item] of (input[field] ?? []).entries()) {
          if (names.has(item.name)) issue([field, index, 'name'], `duplicate ${what} name "${item.name.slice(0, 40)}"`);
          names.add(item.name);
        }
      };
      duplicates('userAttributes', 'attribute');
      duplicates('groupDefinitions', 'group');
      duplicates('userAttributeDefinitions', 'attribute definition');
      const types = new Map<string, UserAttributeType>();
      for (const [index, definition] of (input.userAttributeDefinitions ?? []).entries()) {
        types.set(definition.name, definition.type);
        if (definition.defaultValue !== undefined && definition.defaultValue !== null && !userAttributeValueMatches(definition.type, definition.defaultValue)) {
          issue(['userAttributeDefinitions', index, 'defaultValue'], `expected a value of type ${definition.type}`);
        }
      }
      for (const [index, attribute] of (input.userAttributes ?? []).entries()) {
        const type = types.get(attribute.name);
        // null clears a value, whatever its type.
        if (type !== undefined && attribute.value !== null && !userAttributeValueMatches(type, attribute.value)) {
          issue(['userAttributes', index, 'value'], `"${attribute.name.slice(0, 40)}" is defined as ${type} in this call`);
        }
      }
    }),
  );

/** The answer of generate-session. */
export const generateSessionResponseSchema = z.object({ sessionId: z.string().check(z.minLength(1)) });

/** The body of `POST /v1/embed/session/revoke`. */
export const revokeSessionInputSchema = z.strictObject({ sessionId: z.string().check(z.minLength(1), z.maxLength(512)) });

/** The newer fields of generate-session, typed and documented one by one. */
export interface GenerateSessionNewerFields {
  /**
   * What this viewer is entitled to: signed into the token, so the viewer cannot change it (see
   * {@link EmbedSessionSettings}). Placement chrome is not accepted here: it goes in the embed's address.
   * @default every switch inherits the account's setting
   */
  readonly settings?: EmbedSessionSettings | undefined;
  /**
   * The deployment branch every query of the session runs against, decided when the session is minted (the
   * platform answers 404 for an unknown branch, 400 for one it does not serve).
   * @default the deployment's default branch
   */
  readonly branchName?: string | undefined;
  /**
   * The viewer's name and picture the embed shows; `picture` an absolute http(s) URL. Not with `internalId`.
   * @default none shown
   */
  readonly userProfile?: UserProfile | undefined;
  /**
   * Creator-mode groups to create (or keep) in the embed tenant. Needs `creatorMode: true` and
   * `embedTenantName`; names unique. @default none
   */
  readonly groupDefinitions?: readonly GroupDefinition[] | undefined;
  /**
   * User attributes to define (or keep) in the embed tenant, each with its type (which can never change).
   * Needs `creatorMode: true` and `embedTenantName`; names unique. @default none
   */
  readonly userAttributeDefinitions?: readonly UserAttributeDefinition[] | undefined;
}

/** The body of generate-session (`settings` typed by its known keys: placement chrome is a type error). */
export type GenerateSessionInput = Omit<
  z.input<typeof generateSessionInputSchema>,
  'settings' | 'branchName' | 'userProfile' | 'groupDefinitions' | 'userAttributeDefinitions'
> &
  GenerateSessionNewerFields;
/** The answer of generate-session. */
export type GenerateSessionResponse = z.infer<typeof generateSessionResponseSchema>;
/** A group definition of the creator-mode bootstrap. */
export type GroupDefinition = z.infer<typeof groupDefinitionSchema>;
/** A user attribute definition of the creator-mode bootstrap. */
export type UserAttributeDefinition = z.infer<typeof userAttributeDefinitionSchema>;
/** The viewer's name and picture shown in the embed. */
export type UserProfile = z.infer<typeof userProfileSchema>;

import * as z from 'zod/mini';
import { embedThemeSchema } from '../schemas/embedThemeSchema.js';

/** The pattern an embed tenant name must match. */
export const EMBED_TENANT_NAME_PATTERN = /^[a-z][a-z0-9-]{0,34}[a-z0-9]$/;

/**
 * The body of `POST /v1/embed/generate-session` (a project fact about the platform, from its embedding
 * documentation): `deploymentId`; exactly one of `externalId` or `internalId`; unique `userAttributes`
 * names; `embedTenantName` matching {@link EMBED_TENANT_NAME_PATTERN}; `creatorMode` for the app surface.
 */
export const generateSessionInputSchema = z
  .object({
    deploymentId: z.int().check(z.positive()),
    externalId: z.optional(z.string().check(z.trim(), z.toLowerCase(), z.minLength(1))),
    internalId: z.optional(z.union([z.string().check(z.minLength(1)), z.int()])),
    email: z.optional(z.string().check(z.regex(/^[^\s@]+@[^\s@]+$/, { error: 'expected an email address' }))),
    userAttributes: z.optional(z.array(z.object({ name: z.string().check(z.minLength(1)), value: z.unknown() }))),
    groups: z.optional(z.array(z.string())),
    roles: z.optional(z.array(z.string())),
    securityContext: z.optional(z.record(z.string(), z.unknown())),
    embedTenantName: z.optional(
      z.string().check(z.regex(EMBED_TENANT_NAME_PATTERN, { error: 'expected lower-case letters, digits and "-" (2-36 characters, starting with a letter)' })),
    ),
    creatorMode: z.optional(z.boolean()),
    embedTheme: z.optional(embedThemeSchema),
    settings: z.optional(z.record(z.string(), z.unknown())),
  })
  .check(
    z.superRefine((input, ctx) => {
      const hasExternal = input.externalId !== undefined;
      const hasInternal = input.internalId !== undefined;
      if (hasExternal === hasInternal) {
        ctx.addIssue({
          code: 'custom',
          path: [hasExternal ? 'internalId' : 'externalId'],
          message: 'give exactly one of externalId or internalId',
          input,
        });
      }
      const names = new Set<string>();
      for (const [index, attribute] of (input.userAttributes ?? []).entries()) {
        if (names.has(attribute.name)) {
          ctx.addIssue({
            code: 'custom',
            path: ['userAttributes', index, 'name'],
            message: `duplicate attribute name "${attribute.name.slice(0, 40)}"`,
            input,
          });
        }
        names.add(attribute.name);
      }
    }),
  );

/** The answer of generate-session. */
export const generateSessionResponseSchema = z.object({ sessionId: z.string().check(z.minLength(1)) });

/** The body of generate-session. */
export type GenerateSessionInput = z.input<typeof generateSessionInputSchema>;
/** The answer of generate-session. */
export type GenerateSessionResponse = z.infer<typeof generateSessionResponseSchema>;

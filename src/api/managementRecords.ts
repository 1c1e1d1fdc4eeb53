import * as z from 'zod/mini';

/** A deployment: at least `id` and `name`; other fields pass through. */
export const deploymentSchema = z.looseObject({ id: z.int(), name: z.string() });

/** `GET /v1/deployments` response. */
export const deploymentListSchema = z.object({ items: z.array(deploymentSchema) });

/** A SCIM 2.0 user (the fields this project reads; others pass through). */
export const scimUserSchema = z.looseObject({
  id: z.string(),
  userName: z.string(),
  active: z.optional(z.boolean()),
  emails: z.optional(z.array(z.looseObject({ value: z.string(), primary: z.optional(z.boolean()) }))),
});

/** A SCIM 2.0 ListResponse of users; `startIndex` is 1-based. */
export const scimListResponseSchema = z.looseObject({
  schemas: z.array(z.string()),
  totalResults: z.int().check(z.nonnegative()),
  startIndex: z.int().check(z.positive()),
  itemsPerPage: z.int().check(z.nonnegative()),
  Resources: z.array(scimUserSchema),
});

/** The error body this project's emulator answers (the platform's own shape is not documented). */
export const apiErrorBodySchema = z.object({
  error: z.object({ status: z.int(), message: z.string() }),
});

/** A deployment. */
export type Deployment = z.infer<typeof deploymentSchema>;
/** The `GET /v1/deployments` response. */
export type DeploymentList = z.infer<typeof deploymentListSchema>;
/** A SCIM user. */
export type ScimUser = z.infer<typeof scimUserSchema>;
/** A SCIM ListResponse of users. */
export type ScimListResponse = z.infer<typeof scimListResponseSchema>;
/** An error body `{ error: { status, message } }`. */
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

import { randomBytes } from 'node:crypto';
import { signJwt } from './jwt.js';

/** The development credentials an emulator prints and accepts. They are fake and local to one emulator. */
export interface EmulatorCredentials {
  /** A management API key for every deployment. */
  readonly apiToken: string;
  /** A management API key scoped to `scopedDeploymentId` only. */
  readonly scopedApiToken: string;
  readonly scopedDeploymentId: number;
  /** A deployment the scoped key may not touch. */
  readonly otherDeploymentId: number;
  /** A management API key that has expired. */
  readonly expiredApiToken: string;
  /** A SCIM token (`Bearer` or `Api-Key`): an unscoped account key, so it also works on the management and AI APIs. */
  readonly scimToken: string;
  /** A data API token: a JWT, sent bare. */
  readonly dataToken: string;
  /** An AI API key (`Api-Key`): an unscoped account key, so it also works on the management API and SCIM. */
  readonly aiApiKey: string;
  /** A workbook ready to publish. */
  readonly seed: { readonly deploymentId: number; readonly workbookId: number };
}

/** An account API key (management, SCIM or AI) and what it may reach. */
export interface ApiKeyRecord {
  /** `null`: every deployment. */
  readonly deployments: readonly number[] | null;
  readonly expired: boolean;
}

/** Secrets the emulator checks credentials against. */
export interface EmulatorSecrets {
  readonly credentials: EmulatorCredentials;
  readonly apiKeys: ReadonlyMap<string, ApiKeyRecord>;
  readonly jwtSecret: string;
  /** The emulator's clock, for token expiry. */
  readonly now: () => number;
}

const token = (prefix: string): string => `${prefix}_${randomBytes(18).toString('base64url')}`;

/** The secrets that make one set of credentials: what a credentials file keeps so a restart accepts them. */
export interface EmulatorSecretValues {
  readonly apiToken: string;
  readonly scopedApiToken: string;
  readonly expiredApiToken: string;
  readonly scimToken: string;
  readonly aiApiKey: string;
  /** Signs the data API token: the same secret keeps data tokens of an earlier run valid. */
  readonly jwtSecret: string;
}

/** Draws a fresh set of secret values. */
export function generateSecretValues(): EmulatorSecretValues {
  return {
    apiToken: token('svc_dev'),
    scopedApiToken: token('svc_dev_scoped'),
    expiredApiToken: token('svc_dev_expired'),
    scimToken: token('svc_scim'),
    aiApiKey: token('svc_ai'),
    jwtSecret: randomBytes(32).toString('hex'),
  };
}

/** How long the printed data API token stays valid. */
export const DATA_TOKEN_TTL_S = 30 * 24 * 3600;

/**
 * Makes the development credentials from secret values (fresh ones unless `values` are given, as from a
 * credentials file); `now` is the emulator's clock (tests move it). The data token is signed anew each
 * time, valid 30 days from now.
 */
export function createEmulatorSecrets(
  seed: { deploymentId: number; workbookId: number; otherDeploymentId: number },
  now: () => number = Date.now,
  values: EmulatorSecretValues = generateSecretValues(),
): EmulatorSecrets {
  const { jwtSecret } = values;
  const credentials: EmulatorCredentials = {
    apiToken: values.apiToken,
    scopedApiToken: values.scopedApiToken,
    scopedDeploymentId: seed.deploymentId,
    otherDeploymentId: seed.otherDeploymentId,
    expiredApiToken: values.expiredApiToken,
    scimToken: values.scimToken,
    dataToken: signJwt({ sub: 'emulator', exp: Math.floor(now() / 1000) + DATA_TOKEN_TTL_S }, jwtSecret),
    aiApiKey: values.aiApiKey,
    seed: { deploymentId: seed.deploymentId, workbookId: seed.workbookId },
  };
  const apiKeys = new Map<string, ApiKeyRecord>([
    [credentials.apiToken, { deployments: null, expired: false }],
    [credentials.scopedApiToken, { deployments: [seed.deploymentId], expired: false }],
    [credentials.expiredApiToken, { deployments: null, expired: true }],
    // The SCIM token and the AI key are account API keys too: unscoped, so good for every API family.
    [credentials.scimToken, { deployments: null, expired: false }],
    [credentials.aiApiKey, { deployments: null, expired: false }],
  ]);
  return { credentials, apiKeys, jwtSecret, now };
}

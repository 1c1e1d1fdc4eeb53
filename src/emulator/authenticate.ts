import type { EmulatorSecrets } from './EmulatorCredentials.js';
import { EmulatorHttpError } from './EmulatorState.js';
import { verifyJwt } from './jwt.js';

/** The API families of the platform, each with its own `Authorization` form. */
export type ApiFamily = 'management' | 'scim' | 'data' | 'ai';

/** Who a request authenticated as: the deployments its credential reaches (`null`: all of them). */
export interface Principal {
  readonly deployments: readonly number[] | null;
}

/** The header forms each family takes, as spec.md's authentication table lists them. */
const FORMS: Record<ApiFamily, { readonly schemes: readonly string[]; readonly hint: string }> = {
  management: { schemes: ['bearer'], hint: 'Authorization: Bearer <API_TOKEN>' },
  scim: { schemes: ['bearer', 'api-key'], hint: 'Authorization: Bearer <SCIM_TOKEN> (or Api-Key <SCIM_TOKEN>)' },
  ai: { schemes: ['api-key'], hint: 'Authorization: Api-Key <API_KEY>' },
  data: { schemes: [], hint: 'Authorization: <JWT> (no prefix)' },
};

const unauthorized = (message: string): never => {
  throw new EmulatorHttpError(401, message);
};

/**
 * The one authentication step of every API request, run before anything looks at the path or the body:
 * 401 for a missing, malformed, unknown or expired credential. Every account key (the API keys, the SCIM
 * token, the AI key) is one pool, as the platform's rules make an unscoped key good for everything; each
 * family reads it in its own header form. Scheme names are case-insensitive and may be followed by more than
 * one space, as HTTP defines them. The data API takes only its JWT, bare.
 */
export function authenticate(family: ApiFamily, header: string | undefined, secrets: EmulatorSecrets): Principal {
  const { schemes, hint } = FORMS[family];
  if (header === undefined || header.trim() === '') return unauthorized(`missing credentials: send ${hint}`);
  if (family === 'data') {
    if (/\s/.test(header.trim())) return unauthorized(`malformed credentials: send the JWT with no prefix (${hint})`);
    const check = verifyJwt(header.trim(), secrets.jwtSecret, secrets.now());
    if (!check.ok) return unauthorized(check.reason);
    return { deployments: null };
  }
  // HTTP separates the scheme from the credential by one or more spaces (RFC 9110, 11.4).
  const match = /^(\S+) +(\S+)$/.exec(header);
  if (!match || !schemes.includes((match[1] ?? '').toLowerCase())) return unauthorized(`malformed credentials: send ${hint}`);
  const key = secrets.apiKeys.get(match[2] ?? '');
  if (!key) return unauthorized('invalid credentials');
  if (key.expired) return unauthorized('the credential has expired');
  return { deployments: key.deployments };
}

/** 403 unless the credential reaches this deployment (a key scoped to others does not). */
export function requireDeployment(principal: Principal, deploymentId: number | string): void {
  const id = typeof deploymentId === 'number' ? deploymentId : Number.NaN;
  if (principal.deployments !== null && !principal.deployments.includes(id)) {
    throw new EmulatorHttpError(403, `this credential is scoped to deployment ${principal.deployments.join(', ')} and may not act on ${typeof deploymentId === 'number' ? `deployment ${deploymentId}` : 'this target'}`);
  }
}

/** 403 for a credential scoped to deployments: account-level resources need an unscoped key. */
export function requireAccount(principal: Principal): void {
  if (principal.deployments !== null) throw new EmulatorHttpError(403, 'a credential scoped to deployments cannot reach account-level resources');
}

import type { StartEmulatorOptions } from '../src/emulator/index.js';

/** One tenant of the playground. */
export interface PlaygroundTenant {
  /** The environment variable that carries its emulator's address (read by the stories). */
  readonly url: string;
  /** The environment variable that carries its API token (read by the playground's backend only). */
  readonly apiToken: string;
  /** How its emulator is started, besides the port and logging. */
  readonly emulator: Omit<StartEmulatorOptions, 'port' | 'host' | 'quiet'>;
}

/** The playground's tenants, by the name a story asks for. */
export declare const playgroundTenants: {
  readonly default: PlaygroundTenant;
  readonly short: PlaygroundTenant;
  readonly older: PlaygroundTenant;
};

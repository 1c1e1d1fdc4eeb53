/**
 * `svc-embed-react/emulator`: the local tenant emulator (Node only). It serves the platform's embed pages
 * and APIs on loopback so development and tests run without a platform account.
 *
 * @packageDocumentation
 */
export type { EmulatorRequestRecord } from './createRequestLog.js';
export type { EmulatorBootConfig, EmulatorDataset, EmulatorWidget } from './EmulatorBootConfig.js';
export type { EmulatorCredentials } from './EmulatorCredentials.js';
export { startEmulator } from './startEmulator.js';
export type { RunningEmulator, StartEmulatorOptions } from './startEmulator.js';

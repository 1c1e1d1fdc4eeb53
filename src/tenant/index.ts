/**
 * The embed side of the protocol, as it runs inside the iframe: used by the emulator's page and by the
 * testing kit. Browser-only, React-free.
 *
 * @packageDocumentation
 */
export { createEventMessage } from './createEventMessage.js';
export { createTenantBridge } from './createTenantBridge.js';
export type { TenantActionHandler, TenantBridge, TenantBridgeOptions } from './createTenantBridge.js';
export { detectHostOrigin } from './detectHostOrigin.js';
export type { TenantDebugHook, TenantDebugReport, TenantDropReason } from './TenantDebugReport.js';

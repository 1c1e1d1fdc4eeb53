/**
 * `svc-embed-react/protocol`: the framework-agnostic core. Message schemas and types, address and filter
 * helpers, the message bridge and the per-embed store. No React in here. The embed controller built on it
 * (session, renewal, reveal) has its own entry, `svc-embed-react/controller`.
 *
 * @packageDocumentation
 */
export { ACTION_TYPES, actionPayloadChecks, COLOR_SCHEMES, STATE_ACTION_TYPES } from './actionPayloads.js';
export type { ActionMap, ActionType, ColorScheme } from './actionPayloads.js';
export { buildEmbedUrl } from './buildEmbedUrl.js';
export { isReservedAddressParam, RESERVED_ADDRESS_PARAMS } from './reservedAddressParams.js';
export type {
  AppAddressParams,
  AppEmbedUrlOptions,
  BuildEmbedUrlOptions,
  ChatAddressParams,
  ChatEmbedUrlOptions,
  DashboardAddressParams,
  DashboardEmbedUrlOptions,
  EmbedAddressParams,
  PlacementSwitches,
} from './buildEmbedUrl.js';
export { createActionMessage } from './createActionMessage.js';
export type { ActionPayloadArgs } from './createActionMessage.js';
export { embedThemeCheck } from './embedTheme.js';
export type { EmbedTheme } from './embedTheme.js';
export { encodeFilterParameter } from './encodeFilterParameter.js';
export { SURFACES, SVC_SOURCE } from './envelope.js';
export type { Surface } from './envelope.js';
export { AI_QUERY_STATUSES, DOWNLOAD_FORMATS, DOWNLOAD_TARGETS, EVENT_TYPES, eventPayloadChecks } from './eventPayloads.js';
export type {
  AiQueryPayload,
  AiQueryStatus,
  DashboardLoadedPayload,
  DownloadFormat,
  DownloadPayload,
  DownloadTarget,
  DrilldownPayload,
  ErrorPayload,
  EventMap,
  EventType,
  KnownAiQueryStatus,
  KnownDownloadFormat,
  NavigatePayload,
  ReadyPayload,
  SessionExpiredPayload,
  SessionExpiringPayload,
  ViewPayload,
} from './eventPayloads.js';
export { FILTER_KEY_PATTERN, isFilterKey } from './filterKey.js';
export { runCheck } from './fieldChecks.js';
export type { CheckResult, FieldCheck, Problem, UnknownValue, UnknownValueFound } from './fieldChecks.js';
export type { FilterScalar, Filters, FilterValue, JsonValue } from './filterValue.js';
export type { ParseFailureCode, ParseResult, SvcActionMessage, SvcEventMessage } from './messages.js';
export { LOOPBACK_HOSTS, normalizeTenantOrigin } from './normalizeTenantOrigin.js';
export type { SvcCodedError } from './svcError.js';
export type { SvcErrorCode, SvcErrorNumber } from './SvcErrorCode.js';
export { parseActionMessage } from './parseActionMessage.js';
export { parseEventMessage } from './parseEventMessage.js';
export { parseFilterParameter } from './parseFilterParameter.js';
export type { ParsedFilterParameter } from './parseFilterParameter.js';
export { isWellFormedLocale, resolveLocale, SHIPPED_LOCALES } from './resolveLocale.js';
export type { ShippedLocale } from './resolveLocale.js';
export { createActionQueue } from './createActionQueue.js';
export type { ActionQueue } from './createActionQueue.js';
export { createEmbedBridge } from './createEmbedBridge.js';
export type { EmbedBridge, EmbedBridgeOptions, EmbedEventHandler, EmbedTarget } from './EmbedBridge.js';
export { createEmbedStore, initialEmbedState } from './createEmbedStore.js';
export type {
  AiQueryState,
  DownloadRecord,
  DrilldownRecord,
  EmbedState,
  EmbedStatus,
  EmbedStore,
} from './createEmbedStore.js';
export type { EmbedDebugHook, EmbedDebugReport, EmbedDropReason } from './EmbedDebugReport.js';
export { embedRegistry } from './embedRegistry.js';
export { getMessageRouterStats } from './messageRouter.js';
export { EMBED_HISTORY_LIMITS, reduceEmbedEvent } from './reduceEmbedEvent.js';
export { embedInspector } from './embedInspector.js';
export type { EmbedInspectorEntry, EmbedInspectorListener } from './embedInspector.js';

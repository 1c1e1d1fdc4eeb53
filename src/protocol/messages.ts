import type { ActionMap, ActionType } from './actionPayloads.js';
import type { Surface } from './envelope.js';
import type { EventMap, EventType } from './eventPayloads.js';
import type { UnknownValue } from './fieldChecks.js';

/**
 * An event as received from an embed. A union over the event types, so checking `message.type` narrows
 * `message.payload`.
 */
export type SvcEventMessage<T extends EventType = EventType> = {
  [K in T]: {
    readonly source: 'svc-embed';
    readonly direction: 'event';
    readonly type: K;
    readonly payload: EventMap[K];
    readonly timestamp: number;
    readonly surface: Surface;
  };
}[T];

/** An action as sent to an embed: never a `surface`. */
export type SvcActionMessage<T extends ActionType = ActionType> = {
  [K in T]: {
    readonly source: 'svc-embed';
    readonly direction: 'action';
    readonly type: K;
    readonly payload: ActionMap[K];
    readonly timestamp: number;
  };
}[T];

/** Why a message was not accepted by a parser. */
export type ParseFailureCode = 'bad-envelope' | 'bad-payload' | 'unknown-type';

/** The result of parsing a message: the typed message, or a readable reason it was refused. */
export type ParseResult<M> =
  | {
      readonly ok: true;
      readonly message: M;
      /**
       * Enum values the parser let through without knowing them (a download `format` the platform added
       * later), each with its field, such as `{ field: 'payload.format', value: 'docx' }`; absent when none.
       * Worth reporting once in development: the app may not handle the value yet.
       */
      readonly unknownValues?: readonly UnknownValue[];
    }
  | {
      readonly ok: false;
      readonly code: ParseFailureCode;
      /** Which field, what was expected: safe to show a developer. */
      readonly reason: string;
      /** The message's type, when the envelope was readable. */
      readonly type?: string;
    };

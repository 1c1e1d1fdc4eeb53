import type { EmbedBridge } from '../runtime/createEmbedBridge.js';
import type { EmbedRuntime } from '../runtime/EmbedRuntime.js';
import { shownEmbeds } from '../runtime/parkedEmbeds.js';
import { isDevelopment } from '../protocol/isDevelopment.js';
import { svcError } from '../protocol/svcError.js';

/**
 * Which connected embed of `runtime` (`embeds`, a snapshot of its registry) a hook means: the named one, or
 * the only one shown (parked embeds do not count). With several shown and no name it refuses to guess.
 *
 * @throws Error when several embeds are connected and no `embedId` was given (`SVC203`).
 */
export function resolveEmbed(
  runtime: EmbedRuntime,
  embeds: ReadonlyMap<string, EmbedBridge>,
  embedId: string | undefined,
  hook: string,
): EmbedBridge | undefined {
  if (embedId !== undefined) return embeds.get(embedId);
  // Parked embeds (kept alive, shown nowhere) are out of reach of a hook that names none.
  const shown = shownEmbeds(runtime, embeds);
  if (shown.length <= 1) return shown[0];
  throw svcError(
    203,
    isDevelopment
      ? `${hook}: several embeds are on the page (${shown.map((bridge) => bridge.embedId).join(', ')}); pass the embedId of the one you mean.`
      : hook,
    Error,
  );
}

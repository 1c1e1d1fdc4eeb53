import type { EmbedBridge } from '../protocol/createEmbedBridge.js';
import { isDevelopment } from '../protocol/isDevelopment.js';

/**
 * Which connected embed a hook means: the named one, or the only one. With several embeds and no name it
 * refuses to guess.
 *
 * @throws Error when several embeds are connected and no `embedId` was given.
 */
export function resolveEmbed(
  embeds: ReadonlyMap<string, EmbedBridge>,
  embedId: string | undefined,
  hook: string,
): EmbedBridge | undefined {
  if (embedId !== undefined) return embeds.get(embedId);
  if (embeds.size <= 1) return embeds.values().next().value;
  throw new Error(
    isDevelopment
      ? `${hook}: several embeds are on the page (${[...embeds.keys()].join(', ')}); pass the embedId of the one you mean.`
      : `${hook}: several embeds, no embedId`,
  );
}

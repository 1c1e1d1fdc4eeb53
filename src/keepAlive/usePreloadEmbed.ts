import { useEffect } from 'react';
import { type PreloadEmbedOptions, preloadEmbed } from './preloadEmbed.js';
import type { Surface } from '../protocol/envelope.js';
import { useSvcProviderSettings } from '../react/SvcProvider.js';
import { useLatest } from '../react/useLatest.js';

/** What {@link usePreloadEmbed} needs: an embed's options, where a surrounding provider may supply the tenant. */
export type UsePreloadEmbedOptions = Omit<PreloadEmbedOptions, 'tenantOrigin'> & {
  /** @default the surrounding `<SvcProvider>`'s `tenantOrigin` */
  readonly tenantOrigin?: string | undefined;
};

/**
 * Starts loading an embed when the calling component mounts (a route layout, a page that links to the
 * dashboard), so that the embed mounted later with the same identity and `keepAlive` is ready at once. The
 * provider's tenant, `getSession`, colour scheme, locale and theme apply. Pass `null` to preload nothing yet.
 * The preload is left in the parking lot when the caller unmounts (that is the point); bounds apply.
 *
 * @example
 * usePreloadEmbed(prefetchSales ? { surface: 'dashboard', publicId: 'sales-overview', embedId: 'sales' } : null);
 */
export function usePreloadEmbed(options: UsePreloadEmbedOptions | null): void {
  const provider = useSvcProviderSettings();
  const latest = useLatest({ options, provider });
  const identity =
    options === null ? null : JSON.stringify([options.surface, options.tenantOrigin ?? provider.tenantOrigin, options.publicId, String(options.deploymentId ?? ''), options.embedId]);
  useEffect(() => {
    if (identity === null) return;
    const { options: current, provider: shared } = latest.current;
    if (current === null) return;
    const tenantOrigin = current.tenantOrigin ?? shared.tenantOrigin;
    if (tenantOrigin === undefined) throw new TypeError('usePreloadEmbed: tenantOrigin is required, as an option or on a surrounding <SvcProvider>.');
    preloadEmbed({
      colorScheme: shared.colorScheme,
      locale: shared.locale,
      theme: shared.theme,
      getSession: shared.getSession,
      ...current,
      surface: current.surface as Surface,
      tenantOrigin,
    });
  }, [identity, latest]);
}

import { useEffect } from 'react';
import { type PreloadEmbedOptions, preloadEmbed } from './preloadEmbed.js';
import { embedIdentity } from '../controller/embedIdentity.js';
import { withSettings } from '../controller/EmbedOptions.js';
import { useSvcProviderSettings } from '../reactBase/useSvcProviderSettings.js';
import { useLatest } from '../reactBase/useLatest.js';
import { svcError } from '../protocol/svcError.js';

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
  const merged = options && withSettings(options, provider);
  const latest = useLatest(merged);
  const { tenantOrigin } = merged ?? {};
  if (merged && tenantOrigin === undefined) {
    throw svcError(101, 'usePreloadEmbed: tenantOrigin is required, as an option or on a surrounding <SvcProvider>.');
  }
  const identity = merged && embedIdentity({ ...merged, tenantOrigin: tenantOrigin as string });
  useEffect(() => {
    const current = latest.current;
    if (identity && current) preloadEmbed({ ...current, tenantOrigin: current.tenantOrigin as string });
  }, [identity, latest]);
}

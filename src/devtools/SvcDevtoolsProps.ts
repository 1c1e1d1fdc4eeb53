/** Where the panel sits: fixed to a corner of the viewport, or `inline` in the normal page flow. */
export type SvcDevtoolsPosition = 'bottom-right' | 'bottom-left' | 'top-right' | 'top-left' | 'inline';

/** Props of {@link SvcDevtools}. */
export interface SvcDevtoolsProps {
  /**
   * Where the panel sits: a corner of the viewport (fixed, above the page), or `inline` to place it in the
   * page flow like any block element (a side panel, a story).
   *
   * @default 'bottom-right'
   */
  readonly position?: SvcDevtoolsPosition | undefined;
  /**
   * Whether the panel starts expanded. Collapsed, it is one small button and keeps recording.
   *
   * @default false
   */
  readonly defaultOpen?: boolean | undefined;
  /**
   * How many timeline entries the panel keeps; older ones are forgotten first, so a long session does not
   * grow memory without bound.
   *
   * @default 500
   */
  readonly maxEntries?: number | undefined;
}

import type { Config } from '@react-router/dev/config';

export default {
  // Server rendering: the loaders that mint sessions run on the server, per request.
  ssr: true,
} satisfies Config;

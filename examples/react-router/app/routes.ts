import { index, type RouteConfig, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('loader', 'routes/loader.tsx'),
  route('client', 'routes/client.tsx'),
  route('streamed', 'routes/streamed.tsx'),
  // A resource route: no component, only an action that mints a session for `getSession`.
  route('api/embed-session', 'routes/api.embed-session.ts'),
] satisfies RouteConfig;

import { useEffect, useState } from 'react';

/** What the playground's backend answered: the value, an error, or nothing yet. */
export type PlaygroundAnswer<T> = { readonly value: T } | { readonly error: string } | null;

/**
 * Calls the playground's backend (a Storybook dev-server middleware standing in for your app's backend,
 * which holds the API token) once per `key`.
 */
export function usePlaygroundApi<T>(route: '/session' | '/publish', key: unknown = 0): PlaygroundAnswer<T> {
  const [answer, setAnswer] = useState<PlaygroundAnswer<T>>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: key restarts the request on purpose
  useEffect(() => {
    let live = true;
    setAnswer(null);
    fetch(`/playground-api${route}`, { method: 'POST' })
      .then(async (response) => {
        const body = (await response.json()) as T & { error?: string };
        if (!live) return;
        setAnswer(response.ok ? { value: body } : { error: body.error ?? `HTTP ${response.status}` });
      })
      .catch((error: unknown) => live && setAnswer({ error: error instanceof Error ? error.message : String(error) }));
    return () => {
      live = false;
    };
  }, [route, key]);
  return answer;
}

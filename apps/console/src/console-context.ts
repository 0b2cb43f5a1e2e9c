import { createContext } from 'preact';
import { useContext, useEffect, useRef, useState } from 'preact/hooks';
import type { CallerRole } from './api/caller-role.js';
import type { HttpClient } from './api/http-client.js';
import { NO_FEATURES, type ServerFeatures } from './api/server-features.js';

/** What every page reads: the API client, who the caller is, what the server offers. */
export interface ConsoleContext {
  readonly client: HttpClient;
  readonly caller: CallerRole;
  readonly features: ServerFeatures;
  /** Bumped when the page should load its data again (new credential, server back). */
  readonly reloadToken: number;
}

export const Console = createContext<ConsoleContext>({
  client: undefined as unknown as HttpClient,
  caller: { role: undefined, source: 'probe' },
  features: NO_FEATURES,
  reloadToken: 0,
});

export function useConsole(): ConsoleContext {
  return useContext(Console);
}

export interface Resource<T> {
  readonly data: T | undefined;
  readonly error: unknown;
  readonly loading: boolean;
  reload(): void;
}

/**
 * Loads data for a page and loads it again when `deps` or the console's reload token change; a
 * reload keeps showing the previous data until the new arrives (no blank screen while polling).
 */
export function useResource<T>(load: (signal: AbortSignal) => Promise<T>, deps: readonly unknown[]): Resource<T> {
  const { reloadToken } = useConsole();
  const [state, setState] = useState<{ data: T | undefined; error: unknown; loading: boolean }>({ data: undefined, error: undefined, loading: true });
  const [tick, setTick] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    const controller = new AbortController();
    setState((previous) => ({ ...previous, loading: true }));
    loadRef.current(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ data, error: undefined, loading: false });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState((previous) => ({ data: previous.data, error, loading: false }));
      },
    );
    return () => controller.abort();
  }, [...deps, reloadToken, tick]);
  return { ...state, reload: () => setTick((n) => n + 1) };
}

/** Calls `callback` every `ms` while `active`. */
export function useInterval(callback: () => void, ms: number, active: boolean): void {
  const saved = useRef(callback);
  saved.current = callback;
  useEffect(() => {
    if (!active) return undefined;
    const timer = setInterval(() => saved.current(), ms);
    return () => clearInterval(timer);
  }, [ms, active]);
}

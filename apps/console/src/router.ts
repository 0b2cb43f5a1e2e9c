import { useEffect, useState } from 'preact/hooks';

export type Route =
  | { readonly page: 'catalogue' }
  | { readonly page: 'skill'; readonly skillId: string }
  | { readonly page: 'runs' }
  | { readonly page: 'run'; readonly runId: string }
  | { readonly page: 'webhooks' }
  | { readonly page: 'diagnostics' }
  | { readonly page: 'unknown'; readonly hash: string };

/** Hash routes (`#/skills/<id>`): the server serves one page and never sees the route. */
export function routeOf(hash: string): Route {
  const path = hash.replace(/^#/, '') || '/';
  const parts = path.split('/').filter((part) => part !== '').map((part) => {
    try {
      return decodeURIComponent(part);
    } catch {
      return part;
    }
  });
  const [first, second] = parts;
  if (parts.length === 0 || (first === 'skills' && parts.length === 1)) return { page: 'catalogue' };
  if (first === 'skills' && second !== undefined && parts.length === 2) return { page: 'skill', skillId: second };
  if (first === 'runs' && parts.length === 1) return { page: 'runs' };
  if (first === 'runs' && second !== undefined && parts.length === 2) return { page: 'run', runId: second };
  if (first === 'webhooks' && parts.length === 1) return { page: 'webhooks' };
  if (first === 'diagnostics' && parts.length === 1) return { page: 'diagnostics' };
  return { page: 'unknown', hash: path };
}

export function href(...parts: string[]): string {
  return `#/${parts.map(encodeURIComponent).join('/')}`;
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => routeOf(location.hash));
  useEffect(() => {
    const onChange = (): void => setRoute(routeOf(location.hash));
    addEventListener('hashchange', onChange);
    return () => removeEventListener('hashchange', onChange);
  }, []);
  return route;
}

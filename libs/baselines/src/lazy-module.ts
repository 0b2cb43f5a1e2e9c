/**
 * A module imported on first use, once. Written as `onFirstUse(() => import('pkg'))` the import
 * stays a literal dynamic import, so the server bundle puts the package in a chunk of its own that
 * an idle process never loads: heavy libraries and their data tables cost memory only once a
 * capability that needs them runs (the first call pays the load, a few to a few hundred ms).
 */
export function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => (loaded ??= load());
}

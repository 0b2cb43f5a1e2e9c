/**
 * How a package declares auth backends (the Node counterpart of an entry-point group): its
 * package.json has `"skillService": { "authBackends": { "<name>": "./path/to/entry.js" } }`.
 * The entry is a path inside the package, an ES module exporting `createAuthBackend`
 * (`CreateAuthBackend`). A backend runs only when the server is configured to enable its name.
 * Finding and loading packages is I/O: the server's adapter does it; this is only the format.
 */
export const AUTH_PLUGIN_MANIFEST = { key: 'skillService', field: 'authBackends', factoryExport: 'createAuthBackend' } as const;

/** The part of a package.json an auth plugin adds. */
export interface AuthPluginManifest {
  readonly skillService?: { readonly authBackends?: Readonly<Record<string, string>> };
}

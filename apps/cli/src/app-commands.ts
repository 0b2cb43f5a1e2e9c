import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type { Environment } from '@skill-service/service';

/** bin/launch.mjs: plain JavaScript shared with the `skills` bin, which must run before any build. */
interface Launcher {
  runApp(packageDir: string, args: readonly string[], options: { readonly name: string; readonly fromSource?: boolean }): Promise<never>;
  fromSourceRequested(env: Environment): boolean;
}

// From src/ (tsx) and from dist/main.js (the bundle) alike, `../bin/` is apps/cli/bin/.
const LAUNCHER = new URL('../bin/launch.mjs', import.meta.url);

/** The other apps `skills` starts: apps may not import apps, so they run as child processes. */
export const APPS = {
  serve: { packageName: '@skill-service/server', name: 'skill-server' },
  bridge: { packageName: '@skill-service/tool-bridge', name: 'skill-bridge' },
  'validation-provider': { packageName: '@skill-service/validation-provider', name: 'validation-provider' },
} as const;

/** The folder of an installed workspace package (its package.json's). */
export function packageDirOf(packageName: string): string {
  return dirname(createRequire(import.meta.url).resolve(`${packageName}/package.json`));
}

/**
 * Runs the app with `args` unchanged (its own flags and --help), sharing stdio, forwarding signals,
 * and ends this process with the app's exit code or signal: it never returns.
 */
export async function startApp(app: keyof typeof APPS, args: readonly string[], env: Environment): Promise<never> {
  const { packageName, name } = APPS[app];
  const launcher = (await import(LAUNCHER.href)) as Launcher;
  return launcher.runApp(packageDirOf(packageName), args, { name, fromSource: launcher.fromSourceRequested(env) });
}

import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { InvalidConfigurationError } from '@skill-service/contracts';

/** The variables a process was started with (`process.env`, read by the app, never here). */
export type Environment = Readonly<Record<string, string | undefined>>;

/**
 * Parses one raw setting; `name` is what the message blames (`SERVICE_MAX_RUNS`, `--port`). A bad
 * value throws `InvalidConfigurationError` with a one-line message naming it.
 */
export type SettingParser<T> = (raw: string, name: string) => T;

const refuse = (message: string): never => {
  throw new InvalidConfigurationError(message);
};

const integer =
  (min: number, max: number): SettingParser<number> =>
  (raw, name) => {
    const value = Number(raw);
    if (!/^\d+$/.test(raw.trim()) || value < min || value > max) refuse(`${name} must be an integer from ${min} to ${max}, got '${raw}'`);
    return value;
  };

const seconds =
  (max: number): SettingParser<number> =>
  (raw, name) => {
    const value = Number(raw);
    if (raw.trim() === '' || !Number.isFinite(value) || value <= 0 || value > max) refuse(`${name} must be a number of seconds above 0 and at most ${max}, got '${raw}'`);
    return value;
  };

const text: SettingParser<string> = (raw, name) => {
  if (raw.trim() === '') refuse(`${name} must not be empty`);
  return raw;
};

const list: SettingParser<string[]> = (raw) =>
  raw
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');

const oneOf =
  <T extends string>(values: readonly T[]): SettingParser<T> =>
  (raw, name) => {
    if (!(values as readonly string[]).includes(raw)) refuse(`${name} must be one of ${values.join(', ')}, got '${raw}'`);
    return raw as T;
  };

const directory: SettingParser<string> = (raw, name) => {
  const path = resolve(text(raw, name));
  if (statSync(path, { throwIfNoEntry: false })?.isDirectory() !== true) refuse(`${name} is not a directory: '${raw}'`);
  return path;
};

const file: SettingParser<string> = (raw, name) => resolve(text(raw, name));

const TRUE = ['1', 'true', 'yes', 'on'];
const FALSE = ['0', 'false', 'no', 'off'];
const flag: SettingParser<boolean> = (raw, name) => {
  const value = raw.trim().toLowerCase();
  if (TRUE.includes(value)) return true;
  if (FALSE.includes(value)) return false;
  return refuse(`${name} must be 1 or 0 (true/false, yes/no, on/off), got '${raw}'`);
};

/** The value parsers every surface (server flags, bridge and CLI environment) reads settings with. */
export const SettingParsers = { integer, seconds, text, list, oneOf, directory, file, flag } as const;

/**
 * A setting's value: the explicit one (a command-line flag, blamed under its own name) when given,
 * else the variable's (an empty variable counts as unset), else the fallback.
 */
export function readSetting<T>(
  env: Environment,
  variable: string,
  parse: SettingParser<T>,
  fallback: T,
  explicit?: { readonly name: string; readonly raw: string | undefined },
): T {
  if (explicit?.raw !== undefined) return parse(explicit.raw, explicit.name);
  const fromEnv = env[variable];
  return fromEnv === undefined || fromEnv === '' ? fallback : parse(fromEnv, variable);
}

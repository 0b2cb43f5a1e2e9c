// An auth backend for deployments behind a reverse proxy that authenticates users itself (SSO,
// mTLS, an identity-aware proxy) and forwards who they are in two headers. Plain ES module
// JavaScript with JSDoc types: the server loads plugins with `import()` at run time, so an entry
// must be something Node runs as is; `tsc --checkJs` still checks it against the interface.
// It imports nothing at run time, so it loads the same from a workspace and from an installed package.

/** @import { AuthBackend, AuthPluginContext, AuthRequest } from '@skill-service/auth' */
/** @typedef {'reader' | 'executor' | 'operator' | 'admin'} Role */

/** @type {readonly Role[]} */
const ROLES = ['reader', 'executor', 'operator', 'admin'];
// Printable ASCII, 1 to 256 characters, no leading or trailing space.
const SUBJECT = /^[\x21-\x7e](?:[\x20-\x7e]{0,254}[\x21-\x7e])?$/;
const HEADER_NAME = /^[a-z0-9!#$%&'*+.^_`|~-]+$/;

/**
 * @param {unknown} value
 * @returns {value is Role}
 */
function isRole(value) {
  return typeof value === 'string' && /** @type {readonly string[]} */ (ROLES).includes(value);
}

/**
 * @param {Readonly<Record<string, string | undefined>>} env
 * @param {string} variable
 * @param {Role} fallback
 * @returns {Role}
 */
function roleSetting(env, variable, fallback) {
  const raw = env[variable];
  if (raw === undefined || raw === '') return fallback;
  if (!isRole(raw)) throw new Error(`${variable} must be one of ${ROLES.join(', ')}, got '${raw}'`);
  return raw;
}

/**
 * @param {Readonly<Record<string, string | undefined>>} env
 * @param {string} variable
 * @param {string} fallback
 * @returns {string}
 */
function headerSetting(env, variable, fallback) {
  const raw = (env[variable] ?? '').trim().toLowerCase();
  if (raw === '') return fallback;
  if (!HEADER_NAME.test(raw)) throw new Error(`${variable} must be an HTTP header name, got '${raw}'`);
  return raw;
}

/**
 * The single value of a header, undefined when absent; a header sent twice is refused.
 * @param {AuthRequest['headers']} headers
 * @param {string} name lower-case
 * @returns {string | undefined}
 */
function single(headers, name) {
  /** @type {string[]} */
  const values = [];
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== name || value === undefined) continue;
    if (typeof value === 'string') values.push(value);
    else for (const item of value) values.push(item);
  }
  if (values.length > 1) throw new Error(`${name} was sent more than once`);
  return values[0];
}

/**
 * `forwarded-user`: the subject from `X-Forwarded-User`, the role from `X-Forwarded-Role`
 * (default `reader`, capped at `operator` unless configured otherwise). The headers are believed
 * only from a peer the server trusts as a proxy (`--trust-proxy`); sent by anyone else they make
 * the request fail (401), so a client cannot claim an identity by setting them.
 *
 * Settings (environment): SERVICE_AUTH_FORWARDED_USER_HEADER (x-forwarded-user),
 * SERVICE_AUTH_FORWARDED_ROLE_HEADER (x-forwarded-role), SERVICE_AUTH_FORWARDED_DEFAULT_ROLE
 * (reader), SERVICE_AUTH_FORWARDED_MAX_ROLE (operator).
 *
 * @param {AuthPluginContext} context
 * @returns {AuthBackend}
 */
export function createAuthBackend(context) {
  const { env } = context;
  const userHeader = headerSetting(env, 'SERVICE_AUTH_FORWARDED_USER_HEADER', 'x-forwarded-user');
  const roleHeader = headerSetting(env, 'SERVICE_AUTH_FORWARDED_ROLE_HEADER', 'x-forwarded-role');
  const defaultRole = roleSetting(env, 'SERVICE_AUTH_FORWARDED_DEFAULT_ROLE', 'reader');
  const maxRole = roleSetting(env, 'SERVICE_AUTH_FORWARDED_MAX_ROLE', 'operator');
  if (ROLES.indexOf(defaultRole) > ROLES.indexOf(maxRole)) {
    throw new Error(`SERVICE_AUTH_FORWARDED_DEFAULT_ROLE (${defaultRole}) is above SERVICE_AUTH_FORWARDED_MAX_ROLE (${maxRole})`);
  }

  return {
    name: context.name,
    authenticate(request) {
      const user = single(request.headers, userHeader);
      const role = single(request.headers, roleHeader);
      if (user === undefined && role === undefined) return undefined;
      if (request.fromTrustedProxy !== true) throw new Error('Forwarded identity headers from a peer that is not a trusted proxy');
      if (user === undefined || !SUBJECT.test(user)) throw new Error('The forwarded user is missing or malformed');
      const granted = role === undefined ? defaultRole : role.trim().toLowerCase();
      if (!isRole(granted)) throw new Error('The forwarded role is not a role');
      if (ROLES.indexOf(granted) > ROLES.indexOf(maxRole)) throw new Error('The forwarded role is above what the proxy may grant');
      return { subject: user, role: granted };
    },
  };
}

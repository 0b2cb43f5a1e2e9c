import { describe, expect, it } from '@jest/globals';
import { InvalidConfigurationError } from '@skill-service/contracts';
import { resolveEnvPlaceholders } from './env-placeholders.js';

describe('resolveEnvPlaceholders', () => {
  const env = { API_TOKEN: 'tok-123', BASE_HOST: 'api.example.com', _UNDER_9: 'u', EMPTY: '', NESTED: '${API_TOKEN}' };

  it('replaces every ${NAME} from the given env', () => {
    expect(resolveEnvPlaceholders('Bearer ${API_TOKEN}', env)).toBe('Bearer tok-123');
    expect(resolveEnvPlaceholders('https://${BASE_HOST}/v1?k=${API_TOKEN}&u=${_UNDER_9}', env)).toBe(
      'https://api.example.com/v1?k=tok-123&u=u',
    );
    expect(resolveEnvPlaceholders('x${EMPTY}y', env)).toBe('xy');
  });

  it('leaves text that is not a placeholder alone', () => {
    const text = 'plain $API_TOKEN ${lower} ${1ABC} ${ API_TOKEN } $${ unterminated ${API_TOKEN';
    expect(resolveEnvPlaceholders(text, env)).toBe(text);
  });

  it('expands once: a value containing ${…} is not expanded again', () => {
    expect(resolveEnvPlaceholders('${NESTED}', env)).toBe('${API_TOKEN}');
  });

  it('fails with invalid_configuration naming the unset variable and no value', () => {
    let error: unknown;
    try {
      resolveEnvPlaceholders('Bearer ${API_TOKEN} ${MISSING_TOKEN}', env);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InvalidConfigurationError);
    expect(error).toMatchObject({ code: 'invalid_configuration', status: 409 });
    expect((error as Error).message).toBe('Environment variable MISSING_TOKEN is not set');
    expect((error as Error).message).not.toContain('tok-123');
  });

  it('names every unset variable once', () => {
    expect(() => resolveEnvPlaceholders('${A_MISSING}${B_MISSING}${A_MISSING}', {})).toThrow(
      'Environment variables A_MISSING, B_MISSING are not set',
    );
  });

  it('reads own keys only, never inherited properties', () => {
    const inherited = Object.create({ INHERITED: 'leak' }) as Record<string, string>;
    expect(() => resolveEnvPlaceholders('${INHERITED}', inherited)).toThrow('INHERITED');
  });
});

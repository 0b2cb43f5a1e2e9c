import { TRACING_OFF, type TracingHandle, type TracingOptions } from './tracing-handle.js';
import { tracingSettings } from './tracing-settings.js';

/**
 * Starts tracing as the OTEL_* variables of `env` ask (`tracingSettings`). Off, it loads none of
 * the SDK (the spans of the libraries stay the API's no-ops); on, the SDK is imported here, once.
 * A bad value is an InvalidConfigurationError naming the variable.
 */
export async function startTracing(env: Readonly<Record<string, string | undefined>>, options: TracingOptions): Promise<TracingHandle> {
  const settings = tracingSettings(env, options.serviceName);
  if (!settings.enabled) return TRACING_OFF;
  const { startSdkTracing } = await import('./sdk-tracing.js');
  return startSdkTracing(settings, options);
}

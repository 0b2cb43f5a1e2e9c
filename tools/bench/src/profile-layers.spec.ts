import { describe, expect, it } from '@jest/globals';
import { attribute, claimOf, LAYERS, layerShares, mergeAttributions, packageOf, relativeUrl, type CallFrame, type CpuProfile, type LayerId, type ProfileNode } from './profile-layers.js';

const ROOT = 'file:///repo';
const frame = (functionName: string, url = '', lineNumber = 0, columnNumber = 0): CallFrame => ({ functionName, url, lineNumber, columnNumber });
const file = (path: string): string => `${ROOT}/${path}`;

/**
 * A tiny profile in node's shape: nodes with children ids, samples naming leaf nodes, and time
 * deltas (µs). `tree` lists [id, parent id, frame]; `samples` lists [leaf id, delta].
 */
function profile(tree: ReadonlyArray<readonly [number, number | undefined, CallFrame]>, samples: ReadonlyArray<readonly [number, number]>, startTime = 1_000): CpuProfile {
  const nodes: ProfileNode[] = tree.map(([id, , callFrame]) => ({ id, callFrame, children: tree.filter(([, parent]) => parent === id).map(([child]) => child) }));
  return { nodes, startTime, endTime: startTime + samples.reduce((sum, [, delta]) => sum + delta, 0), samples: samples.map(([id]) => id), timeDeltas: samples.map(([, delta]) => delta) };
}

// root ─┬ (program) · (garbage collector) · (idle)
//       ├ processTicksAndRejections (node) → runMicrotasks (V8) → route handler (apps/server/src/routes)
//       │     → executeSkill (libs/service) → traced (libs/util) → runSkill (libs/engine) → createAbortSignal (node)
//       │     → __name (tsx helper in an engine file)
//       ├ flush (the server's log batcher) → Socket._writev (node:net) → writev (V8)
//       ├ resOnFinish (node:_http_server) → writev (V8)
//       ├ json (express) → stringify (express/lib/response.js) · validate11 (ajv, no URL) · parse (zod)
//       └ run (libs/baselines) → compute (an unknown package)
const TREE = [
  [1, undefined, frame('(root)')],
  [2, 1, frame('(program)')],
  [3, 1, frame('(garbage collector)')],
  [4, 1, frame('(idle)')],
  [10, 1, frame('processTicksAndRejections', 'node:internal/process/task_queues', 66, 2)],
  [11, 10, frame('runMicrotasks')],
  [12, 11, frame('', file('apps/server/src/routes/skill-routes.ts'), 0, 900)],
  [13, 12, frame('executeSkill', file('libs/service/src/skill-service.ts'), 0, 40)],
  [14, 13, frame('traced', file('libs/util/src/tracing/traced.ts'), 0, 10)],
  [15, 14, frame('runSkill', file('libs/engine/src/skill-engine.ts'), 0, 300)],
  [16, 15, frame('createAbortSignal', 'node:internal/abort_controller', 347, 5)],
  [17, 15, frame('__name', file('libs/engine/src/skill-engine.ts'), 0, 1)],
  [20, 1, frame('flush', file('apps/server/src/logging/line-batcher.ts'), 0, 5)],
  [21, 20, frame('Socket._writev', 'node:net', 900, 1)],
  [22, 21, frame('writev')],
  [30, 1, frame('resOnFinish', 'node:_http_server', 965, 1)],
  [31, 30, frame('writev')],
  [40, 1, frame('json', file('node_modules/express/lib/response.js'), 235, 1)],
  [41, 40, frame('stringify', file('node_modules/express/lib/response.js'), 1025, 1)],
  [42, 40, frame('validate11', '', 2, 0)],
  [43, 40, frame('parse', file('node_modules/zod/v4/core/parse.js'), 10, 1)],
  [50, 1, frame('run', file('libs/baselines/src/define-capability.ts'), 0, 70)],
  [51, 50, frame('compute', file('node_modules/some-helper/index.js'), 3, 1)],
] as const;

describe('claimOf', () => {
  const layer = (callFrame: CallFrame): string => {
    const claim = claimOf(callFrame, ROOT);
    return claim === undefined ? 'pass' : `${claim.layer}${claim.strong ? '' : '?'}`;
  };

  it('names the layer of repository files, narrow paths before wide ones', () => {
    expect(layer(frame('f', file('libs/engine/src/validation/validate-skill-inputs.ts')))).toBe('validation');
    expect(layer(frame('f', file('libs/engine/src/execution/skill-run.ts')))).toBe('engine');
    expect(layer(frame('f', file('libs/baselines/src/input/input-bounds.ts')))).toBe('validation');
    expect(layer(frame('f', file('libs/baselines/src/capabilities/data/data-record-pick.ts')))).toBe('capability');
    expect(layer(frame('f', file('libs/providers/mcp/src/mcp-provider.ts')))).toBe('capability');
    expect(layer(frame('f', file('libs/auth/src/authenticator.ts')))).toBe('access');
    expect(layer(frame('f', file('apps/server/src/access-control.ts')))).toBe('access');
    expect(layer(frame('f', file('apps/server/src/request-observer.ts')))).toBe('logging');
    expect(layer(frame('f', file('apps/server/src/json-body.ts')))).toBe('http');
    expect(layer(frame('f', file('apps/server/src/json-response.ts')))).toBe('http');
    expect(layer(frame('f', file('apps/server/src/handler-chain.ts')))).toBe('http');
    expect(layer(frame('f', file('apps/server/src/routes/skill-routes.ts')))).toBe('service');
    expect(layer(frame('f', file('libs/metrics/src/service-metrics.ts')))).toBe('metrics');
  });

  it('names known packages, passes unknown ones, libs/util, node internals and V8 builtins through', () => {
    expect(layer(frame('next', file('node_modules/router/index.js')))).toBe('http');
    expect(layer(frame('x', file('node_modules/express/node_modules/mime-types/index.js')))).toBe('http');
    expect(layer(frame('x', file('node_modules/winston/node_modules/readable-stream/lib/_stream_writable.js')))).toBe('logging');
    expect(layer(frame('x', file('node_modules/@colors/colors/lib/colors.js')))).toBe('logging');
    expect(layer(frame('observe', file('node_modules/prom-client/lib/histogram.js')))).toBe('metrics');
    expect(layer(frame('x', file('node_modules/left-pad/index.js')))).toBe('pass');
    expect(layer(frame('traced', file('libs/util/src/tracing/traced.ts')))).toBe('pass');
    expect(layer(frame('emit', 'node:events'))).toBe('pass');
    expect(layer(frame('structuredClone'))).toBe('pass');
    expect(layer(frame('RegExp: ^a+$'))).toBe('pass');
  });

  it('counts node’s HTTP, socket and stream modules only as a fallback', () => {
    expect(layer(frame('end', 'node:_http_outgoing'))).toBe('http?');
    expect(layer(frame('_writev', 'node:net'))).toBe('http?');
    expect(layer(frame('writevGeneric', 'node:internal/stream_base_commons'))).toBe('http?');
    expect(layer(frame('endReadableNT', 'node:internal/streams/readable'))).toBe('http?');
    expect(layer(frame('processTicksAndRejections', 'node:internal/process/task_queues'))).toBe('pass');
  });

  it('names GC, (program), ajv’s generated validators, JSON steps and tsx’s helper', () => {
    expect(layer(frame('(garbage collector)'))).toBe('gc');
    expect(layer(frame('(program)'))).toBe('other');
    expect(layer(frame('validate10'))).toBe('validation');
    expect(layer(frame('stringify', file('node_modules/express/lib/response.js')))).toBe('serialisation');
    expect(layer(frame('send', file('node_modules/express/lib/response.js')))).toBe('http');
    expect(layer(frame('parse', file('node_modules/body-parser/lib/types/json.js')))).toBe('serialisation');
    expect(layer(frame('__name', file('libs/engine/src/skill-engine.ts')))).toBe('tsx');
  });
});

describe('attribute', () => {
  const samples = [
    [2, 100], // (program) → other
    [3, 200], // GC
    [4, 5_000], // idle: not counted
    [16, 400], // createAbortSignal under runSkill → engine (libs/util traced passed through)
    [16, 100],
    [17, 50], // __name → tsx
    [12, 150], // the route handler itself → service
    [22, 60], // writev under the log batcher → logging, not HTTP
    [31, 70], // writev under node's HTTP server alone → HTTP
    [41, 80], // express's stringify → serialisation
    [42, 30], // validate11 → validation
    [43, 20], // zod → validation
    [51, 40], // unknown package under a built-in capability → capability
    [11, 10], // runMicrotasks with nothing deciding above → other
  ] as const;

  it('gives each sample’s time to its layer and leaves idle time out', () => {
    const result = attribute(profile(TREE, samples), { fromMicros: 0, toMicros: Number.MAX_SAFE_INTEGER }, ROOT);
    const byLayer = Object.fromEntries(result.byLayer) as Record<LayerId, number>;
    expect(byLayer).toEqual({ other: 110, gc: 200, engine: 500, tsx: 50, service: 150, logging: 60, http: 70, serialisation: 80, validation: 50, capability: 40 });
    expect(result.busyMicros).toBe(1310);
    expect(result.idleMicros).toBe(5000);
    expect(result.samples).toBe(13);
  });

  it('sums self time by function across call paths, largest first', () => {
    const result = attribute(profile(TREE, samples), { fromMicros: 0, toMicros: Number.MAX_SAFE_INTEGER }, ROOT);
    expect(result.bySelf[0]).toEqual({ frame: frame('createAbortSignal', 'node:internal/abort_controller', 347, 5), micros: 500 });
    // Both writev nodes are one V8 builtin.
    expect(result.bySelf.find((entry) => entry.frame.functionName === 'writev')?.micros).toBe(130);
  });

  it('keeps only the samples in the window (timestamps are startTime plus the running deltas)', () => {
    // Samples at 1100 (program), 1300 (GC), 1700 and 1800 (engine), 1850 (tsx).
    const small = profile(TREE, [[2, 100], [3, 200], [16, 400], [16, 100], [17, 50]]);
    const result = attribute(small, { fromMicros: 1_250, toMicros: 1_800 }, ROOT);
    expect(Object.fromEntries(result.byLayer)).toEqual({ gc: 200, engine: 500 });
  });

  it('merges windows: times and samples added, self times by function', () => {
    const whole = profile(TREE, [[2, 100], [3, 200], [16, 400], [16, 100], [17, 50]]);
    const first = attribute(whole, { fromMicros: 0, toMicros: 1_300 }, ROOT);
    const second = attribute(whole, { fromMicros: 1_301, toMicros: 2_000 }, ROOT);
    const merged = mergeAttributions([first, second]);
    expect(Object.fromEntries(merged.byLayer)).toEqual({ other: 100, gc: 200, engine: 500, tsx: 50 });
    expect(merged).toMatchObject({ busyMicros: 850, samples: 5 });
    expect(merged.bySelf.map((entry) => [entry.frame.functionName, entry.micros])).toEqual([
      ['createAbortSignal', 500],
      ['(garbage collector)', 200],
      ['(program)', 100],
      ['__name', 50],
    ]);
  });

  it('turns shares into µs per request, every layer listed in order', () => {
    const result = attribute(profile(TREE, samples), { fromMicros: 0, toMicros: Number.MAX_SAFE_INTEGER }, ROOT);
    const shares = layerShares(result, 262);
    expect(shares.map((share) => share.layer)).toEqual(LAYERS.map((layer) => layer.id));
    expect(shares.reduce((sum, share) => sum + share.share, 0)).toBeCloseTo(1);
    const engine = shares.find((share) => share.layer === 'engine');
    expect(engine?.share).toBeCloseTo(500 / 1310);
    expect(engine?.micros).toBeCloseTo((500 / 1310) * 262);
    expect(shares.find((share) => share.layer === 'metrics')).toMatchObject({ share: 0, micros: 0 });
  });
});

describe('paths', () => {
  it('finds the innermost package, scoped names kept', () => {
    expect(packageOf('node_modules/express/lib/response.js')).toBe('express');
    expect(packageOf('node_modules/winston/node_modules/readable-stream/lib/x.js')).toBe('readable-stream');
    expect(packageOf('node_modules/@opentelemetry/api/build/index.js')).toBe('@opentelemetry/api');
    expect(packageOf('libs/engine/src/x.ts')).toBeUndefined();
  });

  it('makes URLs repository-relative', () => {
    expect(relativeUrl(file('libs/engine/src/x.ts'), ROOT)).toBe('libs/engine/src/x.ts');
    expect(relativeUrl('file:///elsewhere/node_modules/tsx/dist/loader.mjs', ROOT)).toBe('node_modules/tsx/dist/loader.mjs');
    expect(relativeUrl('node:_http_server', ROOT)).toBe('node:_http_server');
    expect(relativeUrl('', ROOT)).toBe('');
  });
});

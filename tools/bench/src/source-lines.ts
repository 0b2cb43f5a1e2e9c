/*
 * Source lines of positions in tsx-compiled files. tsx compiles each .ts file to one minified line
 * (with an inline source map), so a CPU profile of a source run names columns, not lines. Run in a
 * child with the same loader and source maps on:
 *
 *   node --conditions=@skill-service/source --import tsx --enable-source-maps tools/bench/src/source-lines.ts < positions.json
 *
 * It imports each file once (compiled exactly as in the profiled run, so the columns match), asks
 * node's source-map cache for the source line, and prints the 1-based lines (null where unknown)
 * as one JSON array. The server's entry point is not imported (it would start a server).
 */
import { findSourceMap } from 'node:module';

interface Position {
  readonly url: string;
  /** 0-based, as V8 reports them. */
  readonly line: number;
  readonly column: number;
}

let input = '';
process.stdin.setEncoding('utf8');
for await (const chunk of process.stdin) input += chunk as string;
const positions = JSON.parse(input) as Position[];

for (const url of new Set(positions.map((position) => position.url))) {
  if (url.endsWith('/apps/server/src/main.ts')) continue;
  await import(url).catch(() => undefined);
}
const lines = positions.map(({ url, line, column }) => {
  const entry = findSourceMap(url)?.findEntry(line, column);
  return entry !== undefined && 'originalLine' in entry ? entry.originalLine + 1 : null;
});
process.stdout.write(`${JSON.stringify(lines)}\n`);
process.exit(0);

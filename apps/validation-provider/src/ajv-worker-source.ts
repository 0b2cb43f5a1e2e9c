/**
 * The validation worker, as CommonJS source run with `new Worker(source, {eval: true})`. A string
 * rather than a file because it must run unchanged under tsx, Jest and an esbuild bundle, none of
 * which would agree on how to load a TypeScript worker file; the module paths come from the parent
 * (`workerData.modules`), resolved next to this app, so the worker loads exactly the app's ajv.
 *
 * Per message `{id, draft, schema, data, maxIssues}` it answers `{id, kind: 'result', valid,
 * issues, issueCount}`, `{id, kind: 'invalid_schema', message}` or `{id, kind: 'error', message}`.
 * Ajv instances are kept per draft (building one costs ~30 ms) except for schemas that declare an
 * `$id`: ajv registers those globally, which would leak one request's schema into the next
 * request's `$ref` resolution, so such a schema gets a throw-away instance.
 */
export const AJV_WORKER_SOURCE = String.raw`
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const load = (path) => { const mod = require(path); return mod.default || mod; };
const addFormats = load(workerData.modules.formats);
const classes = { 'draft-07': workerData.modules.draft07, '2019-09': workerData.modules.draft2019, '2020-12': workerData.modules.draft2020 };
const shared = new Map();

function createAjv(draft) {
  const Ajv = load(classes[draft]);
  const ajv = new Ajv({ allErrors: true, strict: false, logger: false });
  addFormats(ajv);
  return ajv;
}

function declaresId(schema) {
  // Iterative: a deeply nested schema must not overflow the stack here.
  const stack = [schema];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object') continue;
    if (!Array.isArray(node) && typeof node.$id === 'string') return true;
    for (const key in node) stack.push(node[key]);
  }
  return false;
}

function messageOf(error) {
  return String((error && error.message) || error).slice(0, 500);
}

// What a client may read about a crash: a stack overflow says something about the schema; anything
// else (a module that failed to load…) would only leak file paths, so it stays generic.
function failureOf(error) {
  return error instanceof RangeError ? messageOf(error) : 'internal error';
}

async function run(job) {
  const fresh = declaresId(job.schema);
  let ajv = fresh ? undefined : shared.get(job.draft);
  if (ajv === undefined) {
    ajv = createAjv(job.draft);
    if (!fresh) shared.set(job.draft, ajv);
  }
  let validate;
  try {
    validate = ajv.compile(job.schema);
  } catch (error) {
    if (!fresh) ajv.removeSchema(job.schema);
    // A stack overflow or memory trouble while compiling is not the schema's documented fault.
    if (error instanceof RangeError) throw error;
    return { kind: 'invalid_schema', message: messageOf(error) };
  }
  try {
    let valid = validate(job.data);
    let errors = validate.errors || [];
    if (valid && typeof valid.then === 'function') {
      try {
        await valid;
        valid = true;
        errors = [];
      } catch (error) {
        if (!error || !Array.isArray(error.errors)) throw error;
        valid = false;
        errors = error.errors;
      }
    }
    const issues = errors.slice(0, job.maxIssues).map((e) => ({
      instancePath: e.instancePath || '',
      keyword: e.keyword,
      message: e.message,
      params: e.params || {},
    }));
    return { kind: 'result', valid: Boolean(valid), issues, issueCount: errors.length };
  } finally {
    // Ajv caches compiled schemas by object: drop this request's so the cache does not grow.
    if (!fresh) ajv.removeSchema(job.schema);
  }
}

parentPort.on('message', (job) => {
  run(job).then(
    (outcome) => parentPort.postMessage(Object.assign({ id: job.id }, outcome)),
    (error) => parentPort.postMessage({ id: job.id, kind: 'error', message: failureOf(error) }),
  );
});
`;

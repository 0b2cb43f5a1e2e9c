// Where the end-to-end fixtures live (this file is src/bindings-e2e/test/).
import { fileURLToPath } from 'node:url';

const fixture = (path: string): string => fileURLToPath(new URL(`../fixtures/${path}`, import.meta.url));

/** A runtime root in the registry layout: services/official, bindings/official, policies, official_services/. */
export const ORIGINAL_RUNTIME_ROOT = fixture('original-runtime');
/** Its registry root: capabilities/ and skills/official/<domain>/<slug>/skill.yaml. */
export const ORIGINAL_REGISTRY_ROOT = fixture('original-registry');
/** Fault-injection runtime root (copied per test file: see prepareFaultRuntime). */
export const FAULTS_RUNTIME_TEMPLATE = fixture('faults-runtime');
export const FAULTS_REGISTRY_ROOT = fixture('faults-registry');
/** The stdio MCP server of the fault tests, run with this Node binary. */
export const FLAKY_MCP_SERVER = fileURLToPath(new URL('./flaky-mcp-server.mjs', import.meta.url));

// API report of @skill-service/skill-language: the declarations reachable from its src/index.ts.
// Generated; after an intended change of the public API run: npx nx run @skill-service/consumer-test:api-update

// ---- index.d.ts
export * from "./references/index.js";
export * from "./expression/index.js";
export * from "./plan/index.js";

// ---- expression/evaluate-condition.d.ts
import type { ReferenceScope } from "../references/index.js";
export declare function evaluateCondition(source: string, scope: ReferenceScope): boolean;

// ---- expression/evaluate-expression.d.ts
import { type ReferenceScope } from "../references/index.js";
import type { ExpressionAst } from "./expression-ast.js";
export declare function evaluateExpression(ast: ExpressionAst, scope: ReferenceScope): unknown;

// ---- expression/expression-ast.d.ts
import type { ReferenceNamespace } from "../references/index.js";
export type ComparisonOperator = "==" | "!=" | ">" | "<" | ">=" | "<=" | "in" | "not in";
interface NodeBase {
    readonly position: number;
}
export interface LiteralNode extends NodeBase {
    readonly kind: "literal";
    readonly value: null | boolean | number | string;
}
export interface ListNode extends NodeBase {
    readonly kind: "list";
    readonly items: readonly ExpressionNode[];
}
export interface ReferenceNode extends NodeBase {
    readonly kind: "reference";
    readonly namespace: ReferenceNamespace;
    readonly path: readonly string[];
}
export interface NegateNode extends NodeBase {
    readonly kind: "negate";
    readonly operand: ExpressionNode;
}
export interface NotNode extends NodeBase {
    readonly kind: "not";
    readonly operand: ExpressionNode;
}
export interface LogicalNode extends NodeBase {
    readonly kind: "and" | "or";
    readonly operands: readonly ExpressionNode[];
}
export interface ComparisonNode extends NodeBase {
    readonly kind: "compare";
    readonly operator: ComparisonOperator;
    readonly left: ExpressionNode;
    readonly right: ExpressionNode;
}
export type ExpressionNode = LiteralNode | ListNode | ReferenceNode | NegateNode | NotNode | LogicalNode | ComparisonNode;
export interface ExpressionAst {
    readonly source: string;
    readonly root: ExpressionNode;
}
export {};

// ---- expression/expression-error.d.ts
export type ExpressionErrorReason = "syntax" | "limit" | "evaluation";
export interface ExpressionErrorOptions {
    readonly expression: string;
    readonly reason: ExpressionErrorReason;
    readonly position?: number;
    readonly cause?: unknown;
}
export declare class ExpressionError extends Error {
    name: string;
    readonly code = "invalid_request";
    readonly reason: ExpressionErrorReason;
    readonly expression: string;
    readonly position?: number;
    constructor(message: string, options: ExpressionErrorOptions);
}
export declare function toExpressionError(error: unknown, expression: string, reason: ExpressionErrorReason): ExpressionError;

// ---- expression/index.d.ts
export type { ComparisonNode, ComparisonOperator, ExpressionAst, ExpressionNode, ListNode, LiteralNode, LogicalNode, NegateNode, NotNode, ReferenceNode, } from "./expression-ast.js";
export { ExpressionError, type ExpressionErrorReason } from "./expression-error.js";
export { MAX_CACHED_EXPRESSIONS, MAX_EXPRESSION_LENGTH, MAX_NESTING_DEPTH } from "./limits.js";
export { parseExpression } from "./parse-expression.js";
export { evaluateExpression } from "./evaluate-expression.js";
export { evaluateCondition } from "./evaluate-condition.js";
export { printExpression } from "./print-expression.js";
export { referencesInExpression } from "./references-in-expression.js";
export { isTruthy } from "./truthiness.js";
export { jsonEquals } from "./json-equals.js";

// ---- expression/json-equals.d.ts
export declare function jsonEquals(left: unknown, right: unknown): boolean;

// ---- expression/limits.d.ts
export declare const MAX_EXPRESSION_LENGTH = 4096;
export declare const MAX_NESTING_DEPTH = 64;
export declare const MAX_CACHED_EXPRESSIONS = 1000;

// ---- expression/parse-expression.d.ts
import type { ExpressionAst } from "./expression-ast.js";
export declare function parseExpression(source: string): ExpressionAst;

// ---- expression/print-expression.d.ts
import type { ExpressionNode } from "./expression-ast.js";
export declare function printExpression(node: ExpressionNode): string;

// ---- expression/references-in-expression.d.ts
export declare function referencesInExpression(source: string): string[];

// ---- expression/truthiness.d.ts
export declare function isTruthy(value: unknown): boolean;

// ---- plan/analyze-skill-plan.d.ts
import type { PlanProblem } from "./plan-problem.js";
import type { PlanStep, StepFieldPath } from "./plan-step.js";
import { type PlanRead } from "./step-reads.js";
export interface PlanWrite {
    readonly target: string;
    readonly field: StepFieldPath;
}
export interface SkillPlanAnalysis {
    readonly dependencies: ReadonlyMap<string, ReadonlySet<string>>;
    readonly reads: ReadonlyMap<string, readonly PlanRead[]>;
    readonly writes: ReadonlyMap<string, readonly PlanWrite[]>;
    readonly problems: readonly PlanProblem[];
    readonly order: readonly string[];
}
export declare function analyzeSkillPlan(steps: readonly PlanStep[]): SkillPlanAnalysis;

// ---- plan/index.d.ts
export type { PlanStep, StepFieldPath } from "./plan-step.js";
export type { PlanProblem, PlanProblemCode } from "./plan-problem.js";
export type { PlanRead } from "./step-reads.js";
export { analyzeSkillPlan, type PlanWrite, type SkillPlanAnalysis } from "./analyze-skill-plan.js";
export { isValidTarget, WRITABLE_NAMESPACES } from "./reference-path.js";
export { findCycles } from "./strongly-connected.js";
export { topologicalOrder } from "./topological-order.js";

// ---- plan/plan-problem.d.ts
import type { StepFieldPath } from "./plan-step.js";
export type PlanProblemCode = "duplicate_id" | "unknown_dependency" | "dependency_cycle" | "unwritten_var" | "invalid_target" | "invalid_expression";
export interface PlanProblem {
    readonly code: PlanProblemCode;
    readonly message: string;
    readonly stepId: string;
    readonly stepIndex: number;
    readonly field: StepFieldPath;
    readonly members?: readonly string[];
    readonly reference?: string;
}

// ---- plan/plan-step.d.ts
export interface PlanStep {
    readonly id: string;
    readonly input?: Readonly<Record<string, unknown>>;
    readonly output?: Readonly<Record<string, unknown>>;
    readonly depends_on?: readonly string[];
    readonly condition?: string;
    readonly foreach?: {
        readonly items: string;
        readonly as?: string;
        readonly index_as?: string;
    };
    readonly while?: {
        readonly condition: string;
    };
    readonly router?: {
        readonly on: string;
    };
}
export type StepFieldPath = readonly (string | number)[];

// ---- plan/reference-path.d.ts
export declare const WRITABLE_NAMESPACES: ReadonlySet<string>;
export declare function referenceSegments(reference: string): string[];
export declare function isValidTarget(target: unknown): target is string;

// ---- plan/step-reads.d.ts
import type { PlanStep, StepFieldPath } from "./plan-step.js";
export interface PlanRead {
    readonly reference: string;
    readonly field: StepFieldPath;
}
export interface StepReadsResult {
    readonly reads: PlanRead[];
    readonly invalidExpressions: {
        readonly field: StepFieldPath;
        readonly source: string;
        readonly message: string;
    }[];
}
export declare function collectStepReads(step: PlanStep): StepReadsResult;

// ---- plan/strongly-connected.d.ts
export declare function findCycles(nodes: readonly string[], edges: ReadonlyMap<string, ReadonlySet<string>>): string[][];

// ---- plan/topological-order.d.ts
export declare function topologicalOrder(nodes: readonly string[], dependencies: ReadonlyMap<string, ReadonlySet<string>>): string[];

// ---- references/index.d.ts
export { REFERENCE_NAMESPACES, isReferenceNamespace, type ReferenceNamespace } from "./namespaces.js";
export { isReference } from "./is-reference.js";
export type { PathLookup } from "./path-lookup.js";
export { resolvePath } from "./resolve-path.js";
export type { ReferenceScope } from "./reference-scope.js";
export { readReference, readNamespacePath } from "./read-reference.js";

// ---- references/is-reference.d.ts
export declare function isReference(value: unknown): value is string;

// ---- references/namespaces.d.ts
export declare const REFERENCE_NAMESPACES: readonly [
    "inputs",
    "vars",
    "outputs",
    "frame",
    "working",
    "output",
    "extensions"
];
export type ReferenceNamespace = (typeof REFERENCE_NAMESPACES)[number];
export declare function isReferenceNamespace(value: string): value is ReferenceNamespace;

// ---- references/path-lookup.d.ts
export interface PathLookup {
    readonly found: boolean;
    readonly value: unknown;
}
export declare const NOT_FOUND: PathLookup;

// ---- references/read-reference.d.ts
import type { ReferenceNamespace } from "./namespaces.js";
import { type PathLookup } from "./path-lookup.js";
import type { ReferenceScope } from "./reference-scope.js";
export declare function readReference(scope: ReferenceScope, ref: string): PathLookup;
export declare function readNamespacePath(scope: ReferenceScope, namespace: ReferenceNamespace, path: readonly string[]): PathLookup;

// ---- references/reference-scope.d.ts
type Namespace = Readonly<Record<string, unknown>>;
export interface ReferenceScope {
    readonly inputs: Namespace;
    readonly vars: Namespace;
    readonly outputs: Namespace;
    readonly frame?: Namespace;
    readonly working?: Namespace;
    readonly output?: Namespace;
    readonly extensions?: Namespace;
}
export {};

// ---- references/resolve-path.d.ts
import { type PathLookup } from "./path-lookup.js";
export declare function resolvePath(root: unknown, segments: readonly string[]): PathLookup;

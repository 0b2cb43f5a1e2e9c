import type { ReferenceNamespace } from '../references/index.js';

export type ComparisonOperator = '==' | '!=' | '>' | '<' | '>=' | '<=' | 'in' | 'not in';

/** Every node records where it starts in the source (operators: where the operator is). */
interface NodeBase {
  readonly position: number;
}

export interface LiteralNode extends NodeBase {
  readonly kind: 'literal';
  readonly value: null | boolean | number | string;
}

export interface ListNode extends NodeBase {
  readonly kind: 'list';
  readonly items: readonly ExpressionNode[];
}

/** A bare identifier `score` is stored as `{ namespace: 'vars', path: ['score'] }`. */
export interface ReferenceNode extends NodeBase {
  readonly kind: 'reference';
  readonly namespace: ReferenceNamespace;
  readonly path: readonly string[];
}

export interface NegateNode extends NodeBase {
  readonly kind: 'negate';
  readonly operand: ExpressionNode;
}

export interface NotNode extends NodeBase {
  readonly kind: 'not';
  readonly operand: ExpressionNode;
}

/** `a or b or c` is one node with three operands (n-ary, so long chains add no depth). */
export interface LogicalNode extends NodeBase {
  readonly kind: 'and' | 'or';
  readonly operands: readonly ExpressionNode[];
}

export interface ComparisonNode extends NodeBase {
  readonly kind: 'compare';
  readonly operator: ComparisonOperator;
  readonly left: ExpressionNode;
  readonly right: ExpressionNode;
}

export type ExpressionNode = LiteralNode | ListNode | ReferenceNode | NegateNode | NotNode | LogicalNode | ComparisonNode;

/** A parsed expression: immutable (parsed ASTs are cached and shared). */
export interface ExpressionAst {
  readonly source: string;
  readonly root: ExpressionNode;
}

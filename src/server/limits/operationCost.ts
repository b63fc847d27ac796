import { BREAK, getOperationAST, Kind, TypeInfo, validate, visit, visitWithTypeInfo, type ArgumentNode, type DocumentNode, type GraphQLSchema, type ValueNode } from "graphql";
// The CommonJS build on purpose: the package's ESM build imports `graphql/index.mjs`,
// a second copy of graphql beside the CommonJS one Node gives everyone else, and
// then no type of our schema is recognised (every cost comes out 0).
import { createRequire } from "node:module";
import type * as Complexity from "graphql-query-complexity";

// Loaded with require: Node's ESM loader cannot see this CommonJS build's named
// exports, and Vitest's interop differs from Node's; require behaves the same in both.
const complexity = createRequire(import.meta.url)("graphql-query-complexity/cjs") as typeof Complexity;
const { createComplexityRule, fieldExtensionsEstimator, simpleEstimator } = complexity;

export interface CostInput {
  schema: GraphQLSchema;
  /** A document that has passed the specified validation rules. */
  document: DocumentNode;
  variables?: Record<string, unknown> | null;
  operationName?: string | null;
}

/**
 * @neo4j/graphql (with `features.complexityEstimators`) puts an estimator on
 * each list field it generates: `childComplexity × (limit ?? first ?? 1) + 1`.
 * Every other field costs 1 plus its children.
 */
const ESTIMATORS = [fieldExtensionsEstimator(), simpleEstimator({ defaultComplexity: 1 })];

/** Selections graphql-query-complexity evaluates before giving up: fragments spread in fragments multiply. */
export const MAX_EVALUATED_SELECTIONS = 10_000;

/**
 * The estimated cost of the operation a request selects, with its variables
 * (a `limit: $n` multiplies). Infinity when fragments expand past
 * MAX_EVALUATED_SELECTIONS. What cannot execute is not counted: an operation
 * whose variables do not coerce costs 0 (the executor refuses it whole), and a
 * field whose arguments do not coerce adds nothing (it fails before resolving).
 */
export function operationCost({ schema, document, variables, operationName }: CostInput): number {
  const operation = getOperationAST(document, operationName);
  if (!operation) return 0; // nothing will execute: the executor reports the unknown operation
  let cost = 0;
  const rule = createComplexityRule({
    maximumComplexity: Number.MAX_SAFE_INTEGER,
    estimators: ESTIMATORS,
    variables: variables ?? {},
    operationName: operation.name?.value,
    maxQueryNodes: MAX_EVALUATED_SELECTIONS,
    onComplete: (complexity) => {
      cost = complexity;
    },
  });
  try {
    validate(schema, document, [rule]);
  } catch (err) {
    if (/maximum allowed number of nodes/.test((err as Error).message)) return Number.POSITIVE_INFINITY;
    throw err;
  }
  return cost;
}

/**
 * Whether a variable can change the document's estimated cost: one used in
 * the arguments of a field whose estimator reads them (a complexity function
 * in the field's extensions, as on @neo4j/graphql's list fields) or in
 * @include/@skip. Every other field costs the same whatever the variables.
 * Looks at every field of the document, whichever operation it belongs to.
 */
export function costDependsOnVariables(schema: GraphQLSchema, document: DocumentNode): boolean {
  const typeInfo = new TypeInfo(schema);
  let depends = false;
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Field(node) {
        const estimated = typeof typeInfo.getFieldDef()?.extensions?.complexity === "function";
        if (estimated && usesVariable(node.arguments)) return ((depends = true), BREAK);
        return undefined;
      },
      Directive(node) {
        const conditional = node.name.value === "include" || node.name.value === "skip";
        if (conditional && usesVariable(node.arguments)) return ((depends = true), BREAK);
        return undefined;
      },
    }),
  );
  return depends;
}

const usesVariable = (args: readonly ArgumentNode[] | undefined) => (args ?? []).some((a) => containsVariable(a.value));

function containsVariable(value: ValueNode): boolean {
  if (value.kind === Kind.VARIABLE) return true;
  if (value.kind === Kind.LIST) return value.values.some(containsVariable);
  if (value.kind === Kind.OBJECT) return value.fields.some((f) => containsVariable(f.value));
  return false;
}

import type { Driver } from "neo4j-driver";

interface Plan {
  operatorType: string;
  arguments: Record<string, unknown>;
  children: Plan[];
}
const flatten = (plan: Plan): Plan[] => [plan, ...plan.children.flatMap(flatten)];

/**
 * The operators of a statement's plan (EXPLAIN: nothing runs), each as
 * "Operator details", e.g. "NodeIndexSeek RANGE INDEX n:Memory(embeddingStatus) WHERE ...".
 */
export async function planOperators(driver: Driver, cypher: string, params: Record<string, unknown> = {}): Promise<string[]> {
  const { summary } = await driver.executeQuery(`EXPLAIN ${cypher}`, params, { database: "neo4j" });
  return flatten(summary.plan as unknown as Plan).map((op) => `${op.operatorType.replace(/@.*/, "")} ${String(op.arguments.Details ?? "")}`);
}

/** The operators that read nodes from a label, an index or the whole store. */
export const nodeReads = (operators: readonly string[]) => operators.filter((op) => /^\S*(IndexSeek|IndexScan|LabelScan|AllNodesScan|ElementIdSeek|ByIdSeek)\S* /.test(op));

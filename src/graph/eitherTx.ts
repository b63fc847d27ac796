import { ManagedTransaction, Transaction } from "neo4j-driver";
import type { Tx } from "./executor.js";
import { rowOf } from "./row.js";
import type { Statement } from "./statement.js";

/**
 * For the move to the executor only (#51): a transaction of the executor, or
 * one that a caller not yet on it opened on the driver itself (beliefs/,
 * feed/). The steps shared by both kinds of caller that join the caller's
 * transaction (lockVisibleNode, appendOutboxEvents) take either until the
 * last driver transaction has gone; then they take Tx, and this file goes.
 */
export type EitherTx = Tx | ManagedTransaction | Transaction;

/** Runs `statement` in either kind of transaction, its rows decoded by the statement. */
export async function runInEither<R>(tx: EitherTx, statement: Statement<R>): Promise<R[]> {
  if (tx instanceof ManagedTransaction || tx instanceof Transaction) {
    const { records } = await tx.run(statement.cypher, statement.params);
    return records.map((record) => statement.decode(rowOf(record)));
  }
  return tx.run(statement);
}

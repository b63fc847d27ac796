import { ErrorCode, MnemographError } from "../errors/errors.js";

/** Why a query was refused: lets the retrieval loop (and a person) react without parsing the message. */
export type CypherRefusal =
  | "EMPTY"
  | "TOO_LONG"
  | "SYNTAX"
  | "MULTIPLE_STATEMENTS"
  | "QUERY_OPTIONS"
  | "WRITE"
  | "LOAD_CSV"
  | "IN_TRANSACTIONS"
  | "USE"
  | "ADMINISTRATION"
  | "PROCEDURE"
  | "FUNCTION"
  | "PARAMS"
  | "TIMEOUT"
  /** A tenant's agent's query reaches beyond what the caller may read, or uses a construct the scoped subset leaves out. */
  | "SCOPE";

/**
 * A `cypherQuery` refused before, or stopped while, running: BAD_USER_INPUT
 * naming the field and, in `extensions.refusal`, the rule that refused it.
 */
export class CypherRefusedError extends MnemographError {
  constructor(
    readonly refusal: CypherRefusal,
    message: string,
    field = "cypherQuery.query",
  ) {
    super(ErrorCode.BAD_USER_INPUT, message, { field, refusal });
    this.name = "CypherRefusedError";
  }
}

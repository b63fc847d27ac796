import { GraphQLError } from "graphql";
import { Neo4jError } from "neo4j-driver";
import { describe, expect, it } from "vitest";
import { classifyError, describeConstraintViolation } from "../../src/errors/classifyError.js";
import { NotFoundError } from "../../src/errors/errors.js";

const wrap = (original: Error) => new GraphQLError("wrapped", { originalError: original });

describe("classifyError", () => {
  it("passes typed errors through unchanged", () => {
    const notFound = new NotFoundError("No agent kublai");
    expect(classifyError(wrap(notFound))).toBe(notFound);
  });

  it("graphql-js's own 'too many errors' after 50 bad variables is the client's input, not an internal error", () => {
    const err = new GraphQLError("Too many errors processing variables, error limit reached. Execution aborted.");
    expect(classifyError(err)?.extensions.code).toBe("BAD_USER_INPUT");
  });

  it("graphql-js's variable errors without a code (over WebSocket) are the client's input", () => {
    const err = new GraphQLError('Variable "$agentId" got invalid value ["x"]; ID cannot represent value: ["x"]');
    expect(classifyError(err)?.extensions.code).toBe("BAD_USER_INPUT");
  });

  it("@neo4j/graphql's 'cannot set non-nullable field to null' names the field", () => {
    const classified = classifyError(wrap(new Error("Cannot set non-nullable field Insight.urgency to null")));
    expect(classified?.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "Insight.urgency" });
    expect(classified?.message).toBe("Insight.urgency must not be set to null");
  });

  it("turns a uniqueness violation into CONFLICT", () => {
    const err = new Neo4jError(
      "Node(3) already exists with label `Agent` and properties `tenantId` = 'local', `id` = 'kublai'",
      "Neo.ClientError.Schema.ConstraintValidationFailed",
      "",
      "",
    );
    const classified = classifyError(wrap(err));
    expect(classified?.extensions.code).toBe("CONFLICT");
    expect(classified?.message).toBe("A Agent with id 'kublai' already exists");
  });

  it("turns an unreachable database into SERVICE_UNAVAILABLE without the driver's words", () => {
    const err = new Neo4jError("Could not perform discovery. No routing servers available.", "ServiceUnavailable", "", "");
    const classified = classifyError(wrap(err));
    expect(classified?.extensions.code).toBe("SERVICE_UNAVAILABLE");
    expect(classified?.message).not.toMatch(/routing/);
  });

  it("turns a connection pool in full use into SERVICE_UNAVAILABLE that says to retry", () => {
    const err = new Neo4jError("Connection acquisition timed out in 10000 ms. Pool status: Active conn count = 100, Idle conn count = 0.", "N/A", "", "");
    const classified = classifyError(wrap(err));
    expect(classified?.extensions.code).toBe("SERVICE_UNAVAILABLE");
    expect(classified?.message).toBe("The gateway is busy: every connection to the database is in use; try again shortly");
  });

  it("maps Apollo's request errors to BAD_USER_INPUT", () => {
    const err = new GraphQLError('Cannot query field "nope" on type "Agent".', {
      extensions: { code: "GRAPHQL_VALIDATION_FAILED" },
    });
    expect(classifyError(err)?.extensions.code).toBe("BAD_USER_INPUT");
  });

  it("leaves anything else to be masked", () => {
    expect(classifyError(wrap(new TypeError("x is undefined")))).toBeNull();
  });
});

describe("describeConstraintViolation", () => {
  it("hides the tenant and the internal node id", () => {
    const text = describeConstraintViolation(
      "Node(12) already exists with label `Person` and properties `tenantId` = 't1', `id` = 'u1'",
    );
    expect(text).toBe("A Person with id 'u1' already exists");
    expect(text).not.toMatch(/t1|12/);
  });
});

import { describe, expect, it } from "vitest";
import { callerFromClaims } from "../../../src/auth/claims.js";

const base = { sub: "op", tenant: "t1", roles: ["admin"] };

describe("callerFromClaims: the operator claim", () => {
  it("is honoured on a token signed with the gateway's own secret", () => {
    expect(callerFromClaims({ ...base, operator: true }, { operatorTrusted: true })).toEqual({ tenantId: "t1", agentId: "op", roles: ["agent", "admin"], operator: true });
  });

  it("makes an external issuer's token invalid rather than being ignored", () => {
    expect(() => callerFromClaims({ ...base, operator: true }, { operatorTrusted: false })).toThrowError(/claim operator is accepted only on tokens signed with the gateway's own secret/);
  });

  it("must be exactly true: a string, a number or false is refused, not read as a flag", () => {
    for (const value of ["true", 1, false, null]) {
      expect(() => callerFromClaims({ ...base, operator: value }, { operatorTrusted: true }), String(value)).toThrowError(/claim operator must be true/);
    }
  });

  it("is no role: roles naming operator are refused, and without the claim no caller is the operator, admin included", () => {
    expect(() => callerFromClaims({ ...base, roles: ["operator"] }, { operatorTrusted: true })).toThrowError(/roles must list only agent, approver, admin/);
    expect(callerFromClaims(base, { operatorTrusted: true })).not.toHaveProperty("operator");
  });
});

import type { Caller } from "../core/caller.js";
import { hasRole } from "./policy.js";

/**
 * What a caller may do, in words a model or a person reads (whoami): the
 * same decisions policy.ts and the @authorization rules make, one sentence
 * per grant. Pure.
 */
export function permissionsOf(caller: Caller): string[] {
  const can = [
    "store memories, knowledge, interactions and messages as your own",
    "read what you own, what is SHARED in your tenant, and what is shared with you",
    "correct and forget what you own",
  ];
  if (hasRole(caller, "approver")) can.push("approve or reject process changes of other agents");
  if (hasRole(caller, "admin")) {
    can.push(
      "read, correct and forget every node of your tenant, and act for any of its agents",
      "erase a person on request (messages, facts, mentions)",
      "create and revoke API keys of your tenant",
    );
  }
  if (caller.operator) can.push("run read-only Cypher over every tenant (the gateway's operator)");
  else can.push("run read-only Cypher over what you may read in your tenant (cypherQuery, unless the gateway turned it off)");
  return can;
}

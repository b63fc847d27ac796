import { BadUserInputError, NotFoundError } from "../errors/errors.js";
import type { ApiKeyInfo, ApiKeyStore } from "./apiKeyStore.js";
import type { RequestContext } from "../core/requestContext.js";
import { ID_PATTERN as AGENT_ID, type Role } from "../core/caller.js";
import { requireRole } from "../auth/policy.js";
import { whoamiResolver } from "./whoamiResolver.js";
import type { MutationCreateApiKeyArgs, MutationRevokeApiKeyArgs, Resolvers, Role as RoleValue } from "../generated/resolvers-types.js";

/** Roles travel as GraphQL enum values (AGENT) and as claims (agent). */
const toClaim = (role: RoleValue) => role.toLowerCase() as Role;
const toEnum = (info: ApiKeyInfo) => ({ ...info, roles: info.roles.map((r) => r.toUpperCase() as RoleValue) });

/** Resolvers of schema/access.graphql: the admin-only API key operations, and whoami for any caller. */
export function apiKeyResolvers(store: ApiKeyStore): Resolvers {
  return {
    Query: {
      apiKeys: async (_: unknown, __: unknown, ctx: RequestContext) => {
        requireRole(ctx.caller, "admin", "list API keys");
        return (await store.list(ctx.caller.tenantId)).map(toEnum);
      },
      whoami: whoamiResolver(),
    },
    Mutation: {
      createApiKey: async (_: unknown, args: MutationCreateApiKeyArgs, ctx: RequestContext) => {
        requireRole(ctx.caller, "admin", "create API keys");
        if (!AGENT_ID.test(args.agentId)) throw new BadUserInputError(`agentId must match ${AGENT_ID.source}`, "createApiKey.agentId");
        if ((args.name ?? "").length > 200) throw new BadUserInputError("name is at most 200 characters long", "createApiKey.name");
        const { key, info } = await store.create(ctx.caller, args.agentId, args.roles.map(toClaim), args.name ?? null);
        return { key, info: toEnum(info) };
      },
      revokeApiKey: async (_: unknown, args: MutationRevokeApiKeyArgs, ctx: RequestContext) => {
        requireRole(ctx.caller, "admin", "revoke API keys");
        const info = await store.revoke(ctx.caller.tenantId, args.id);
        if (!info) throw new NotFoundError(`No API key ${args.id} in this tenant`);
        return toEnum(info);
      },
    },
  };
}

import type { AppDeps } from "../core/appDeps.js";
import type { RequestContext } from "../core/requestContext.js";
import { BadUserInputError } from "../errors/errors.js";
import { decodeCursor, encodeCursor, FIRST_CURSOR } from "./exportCursor.js";
import { carryNodes } from "./carryNodes.js";
import { planImport, type NumberedLine } from "./importLines.js";
import { countTenant, readExportPage } from "./readExportPage.js";
import { transferTenant } from "./transferAccess.js";
import { TRANSFER_FORMAT, TRANSFER_VERSION, type HeaderLine } from "./transferFormat.js";
import { writeImportBatch } from "./writeImportBatch.js";

/** Most nodes an export page reads, and most lines an import batch writes. */
export const MAX_TRANSFER_PAGE = 1000;

interface ExportArgs {
  tenantId?: unknown;
  cursor?: unknown;
  pageSize?: unknown;
  vectors?: unknown;
}

interface ImportArgs {
  tenantId?: unknown;
  lines: NumberedLine[];
}

function pageSizeOf(value: unknown, field: string): number {
  const n = value ?? 500;
  if (typeof n !== "number" || !Number.isInteger(n) || n < 1 || n > MAX_TRANSFER_PAGE) throw new BadUserInputError(`${field}: a whole number from 1 to ${MAX_TRANSFER_PAGE}`, field);
  return n;
}

/** Resolvers of schema/tenant-transfer.graphql: a tenant's export page by page, and its import batch by batch. */
export function transferResolvers(deps: AppDeps) {
  const types = deps.schema.transfer;
  return {
    Query: {
      exportTenantPage: async (_: unknown, args: ExportArgs, ctx: RequestContext) => {
        // Access first: a caller who may not export learns nothing about its input.
        const tenant = transferTenant(ctx.caller, args.tenantId, "exportTenantPage.tenantId", "export");
        const pageSize = pageSizeOf(args.pageSize, "exportTenantPage.pageSize");
        const vectors = args.vectors === true;
        const cursor = typeof args.cursor === "string" ? decodeCursor(args.cursor, types.labels.length, "exportTenantPage.cursor") : FIRST_CURSOR;
        const lines: string[] = [];
        if (args.cursor == null) {
          const header: HeaderLine = {
            kind: "header",
            format: TRANSFER_FORMAT,
            version: TRANSFER_VERSION,
            tenantId: tenant,
            exportedAt: deps.now().toISOString(),
            vectors,
            counts: await countTenant(deps, types, tenant),
          };
          lines.push(JSON.stringify(header));
        }
        const page = await readExportPage(deps, types, tenant, cursor, pageSize, vectors);
        return { lines: [...lines, ...page.lines], next: page.next ? encodeCursor(page.next) : null };
      },
    },
    Mutation: {
      importTenantLines: async (_: unknown, args: ImportArgs, ctx: RequestContext) => {
        const tenant = transferTenant(ctx.caller, args.tenantId, "importTenantLines.tenantId", "import into");
        if (args.lines.length < 1 || args.lines.length > MAX_TRANSFER_PAGE) {
          throw new BadUserInputError(`importTenantLines.lines: from 1 to ${MAX_TRANSFER_PAGE} lines`, "importTenantLines.lines");
        }
        const plan = await carryNodes(planImport(args.lines, types), tenant, deps.nodeTransfers ?? {});
        const result = await writeImportBatch(deps, tenant, plan);
        return result;
      },
    },
  };
}

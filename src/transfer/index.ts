/** Public surface of the tenant transfer domain: a tenant's export and import (schema/tenant-transfer.graphql). */
export { transferResolvers, MAX_TRANSFER_PAGE } from "./transferResolvers.js";
export { transferTypes } from "./transferTypes.js";
export { parseHeaderLine, TRANSFER_FORMAT, TRANSFER_VERSION, type HeaderLine } from "./transferFormat.js";

import {
  astFromValue,
  getNamedType,
  isInputObjectType,
  Kind,
  TypeInfo,
  valueFromAST,
  visit,
  visitWithTypeInfo,
  type ArgumentNode,
  type ASTNode,
  type FieldNode,
  type GraphQLInputType,
  type GraphQLResolveInfo,
} from "graphql";

import { BadUserInputError } from "../errors/errors.js";
import { argumentsKey, checkValue, type RuleTable } from "./inputRules.js";

type Secure = (value: unknown, type: GraphQLInputType) => unknown;

/** Pagination arguments: negative values would reach Cypher's SKIP/LIMIT and fail there. */
const PAGING = new Set(["limit", "offset", "first"]);

/**
 * @neo4j/graphql translates a whole operation from its resolve info (fields,
 * fragments, variables), not from the root resolver's `args`. To change what
 * it filters on, every argument in the selection and its fragments is rewritten
 * here through `secure`; arguments it leaves alone keep their original AST.
 * Arguments with a `@constraint` of their own (those of the @cypher fields,
 * `argRules`) are checked on the way, wherever they are nested: their values
 * go into the field's statement, so a bad one is refused before any Cypher runs.
 */
export function secureResolveInfo(
  info: GraphQLResolveInfo,
  secure: Secure,
  rootWhere?: (value: Record<string, unknown> | undefined, type: GraphQLInputType) => unknown,
  argRules: RuleTable = new Map(),
): GraphQLResolveInfo {
  // A field node starts inside its parent type; a fragment definition names its own.
  const rewrite = <T extends ASTNode>(node: T, parentType: GraphQLResolveInfo["parentType"] | undefined): T => {
    const typeInfo = new TypeInfo(info.schema, parentType);
    return visit(
      node,
      visitWithTypeInfo(typeInfo, {
        Argument(arg: ArgumentNode) {
          const def = typeInfo.getArgument();
          if (!def) return undefined;
          const parent = typeInfo.getParentType();
          const field = typeInfo.getFieldDef();
          const rule = parent && field ? argRules.get(argumentsKey(parent.name, field.name))?.get(def.name) : undefined;
          if (rule) {
            const label = `${argumentsKey(parent!.name, field!.name)}.${def.name}`;
            const problem = checkValue(label, valueFromAST(arg.value, def.type, info.variableValues), rule);
            if (problem) throw new BadUserInputError(problem, label);
          }
          // Only input objects can hold filters to secure; scalars need just the paging check.
          const rewritable = isInputObjectType(getNamedType(def.type));
          if (!rewritable && !PAGING.has(def.name)) return undefined;
          const value = valueFromAST(arg.value, def.type, info.variableValues);
          if (value === undefined) return undefined;
          if (PAGING.has(def.name) && typeof value === "number" && value < 0) {
            throw new BadUserInputError(`${def.name} must not be negative, got ${value}`, def.name);
          }
          if (!rewritable) return undefined;
          const secured = secure(value, def.type);
          if (JSON.stringify(secured) === JSON.stringify(value)) return undefined;
          const literal = astFromValue(secured, def.type);
          return literal ? { ...arg, value: literal } : undefined;
        },
      }),
    ) as T;
  };
  let fieldNodes = info.fieldNodes.map((node) => rewrite(node, info.parentType));
  if (rootWhere) fieldNodes = fieldNodes.map((node) => withRootWhere(node, info, rootWhere));
  const fragments = Object.fromEntries(Object.entries(info.fragments).map(([name, f]) => [name, rewrite(f, undefined)]));
  return { ...info, fieldNodes, fragments };
}

/** Replaces (or adds) the root field's `where` argument with what `rootWhere` makes of it. */
function withRootWhere(
  node: FieldNode,
  info: GraphQLResolveInfo,
  rootWhere: (value: Record<string, unknown> | undefined, type: GraphQLInputType) => unknown,
): FieldNode {
  const def = info.parentType.getFields()[info.fieldName]?.args.find((a) => a.name === "where");
  if (!def) return node;
  const given = node.arguments?.find((a) => a.name.value === "where");
  const value = given ? (valueFromAST(given.value, def.type, info.variableValues) as Record<string, unknown>) : undefined;
  const literal = astFromValue(rootWhere(value, def.type), def.type);
  if (!literal) return node;
  const where: ArgumentNode = { kind: Kind.ARGUMENT, name: { kind: Kind.NAME, value: "where" }, value: literal };
  return { ...node, arguments: [...(node.arguments ?? []).filter((a) => a.name.value !== "where"), where] };
}

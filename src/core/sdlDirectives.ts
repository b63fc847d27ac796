import { Kind, valueFromASTUntyped, type ConstDirectiveNode } from "graphql";

/*
 * Reading directives off the SDL's definitions (a type, a field, an argument):
 * the one place the parts that derive something from schema/ (fact kinds,
 * transfer types, link stamps, graph links, MCP input ranges) look up a
 * directive and its arguments.
 */

interface Directed {
  readonly directives?: readonly ConstDirectiveNode[];
}

const directiveOf = (node: Directed, name: string) => node.directives?.find((d) => d.name.value === name);

/** Whether the definition carries `@name`. */
export const hasDirective = (node: Directed, name: string): boolean => directiveOf(node, name) !== undefined;

/**
 * An argument of `@directive` as written: a string or an enum value
 * (`@relationship(type: "KNOWS", direction: OUT)`), or undefined when the
 * directive or the argument is absent or of another kind.
 */
export function directiveName(node: Directed, directive: string, argument: string): string | undefined {
  const value = directiveOf(node, directive)?.arguments?.find((a) => a.name.value === argument)?.value;
  return value && (value.kind === Kind.STRING || value.kind === Kind.ENUM) ? value.value : undefined;
}

/** An argument of `@directive` as a plain value (a number, a list, an object), or undefined when absent. */
export function directiveValue(node: Directed, directive: string, argument: string): unknown {
  const value = directiveOf(node, directive)?.arguments?.find((a) => a.name.value === argument)?.value;
  return value === undefined ? undefined : valueFromASTUntyped(value);
}

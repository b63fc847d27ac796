import { getOperationAST, Kind, type DocumentNode, type FragmentDefinitionNode, type SelectionSetNode } from "graphql";

/**
 * Uses counted per operation at most. Fragments spread in fragments multiply,
 * and the operation guard names an operation (its span, its metrics) before
 * the cost limit has looked at it, so counting must stop somewhere; an
 * operation that reaches the cap is far over the cost limit anyway.
 */
export const MAX_COUNTED_ROOT_FIELDS = 1000;

/**
 * The root fields the selected operation calls, once per use: an alias or a
 * fragment on the root type does not hide a call from the rate limiter, and
 * `a: retrieveContext … b: retrieveContext …` counts twice. Fields under
 * `@skip`/`@include` are counted as if they ran (the limiter errs on the side
 * of counting). Empty when no operation matches `operationName`.
 */

export function rootFieldNames(document: DocumentNode, operationName?: string | null): string[] {
  const operation = getOperationAST(document, operationName);
  if (!operation) return [];
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  const names: string[] = [];
  collect(operation.selectionSet, fragments, new Set(), names);
  return names;
}

function collect(
  selectionSet: SelectionSetNode,
  fragments: ReadonlyMap<string, FragmentDefinitionNode>,
  spreading: Set<string>,
  names: string[],
): void {
  for (const selection of selectionSet.selections) {
    if (names.length >= MAX_COUNTED_ROOT_FIELDS) return;
    if (selection.kind === Kind.FIELD) {
      names.push(selection.name.value);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      collect(selection.selectionSet, fragments, spreading, names);
    } else {
      const name = selection.name.value;
      const fragment = fragments.get(name);
      // A cycle is a validation error; stopping here keeps an unvalidated document from looping.
      if (!fragment || spreading.has(name)) continue;
      spreading.add(name);
      collect(fragment.selectionSet, fragments, spreading, names);
      spreading.delete(name);
    }
  }
}

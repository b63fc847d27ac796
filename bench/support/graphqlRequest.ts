/**
 * One GraphQL operation over HTTP to `url` as `agent` (tokens off, agents named by header), or with `headers`
 * of its own (a token); throws on GraphQL errors.
 */
export async function graphqlRequest<T>(url: string, query: string, variables: Record<string, unknown>, agent: string, headers?: Record<string, string>): Promise<T> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...(headers ?? { "x-mnemograph-agent": agent }) },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: T; errors?: unknown[] };
  if (body.errors?.length) throw new Error(`GraphQL errors: ${JSON.stringify(body.errors).slice(0, 2000)}`);
  return body.data!;
}

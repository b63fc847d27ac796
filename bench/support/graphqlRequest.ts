/** One GraphQL operation over HTTP to `url` as `agent` (tokens off, agents named by header); throws on GraphQL errors. */
export async function graphqlRequest<T>(url: string, query: string, variables: Record<string, unknown>, agent: string): Promise<T> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", "x-mnemograph-agent": agent },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: T; errors?: unknown[] };
  if (body.errors?.length) throw new Error(`GraphQL errors: ${JSON.stringify(body.errors).slice(0, 2000)}`);
  return body.data!;
}

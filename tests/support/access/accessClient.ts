import type { Persona, PersonaName } from "./personas.js";
import type { Operation } from "./operations.js";

export interface AccessResponse {
  status: number;
  /** The raw body, as the client received it: what the leak check searches. */
  text: string;
  data?: Record<string, any> | null;
  errors?: { message: string; extensions?: { code?: string } & Record<string, unknown> }[];
}

/** One response, and whether the persona was entitled to see the fixtures when it was sent. */
export interface LoggedResponse {
  persona: PersonaName;
  /** False unless the fixtures were shared with this persona at the time. */
  granted: boolean;
  operation: Operation;
  text: string;
}

/**
 * Sends operations over HTTP as a persona and keeps every response body, so
 * that the matrix can end by checking none of them leaked a fixture.
 */
export class AccessClient {
  readonly log: LoggedResponse[] = [];

  constructor(private readonly url: string) {}

  async send(persona: Persona, operation: Operation, granted = false): Promise<AccessResponse> {
    const res = await fetch(this.url, {
      method: "POST",
      headers: { "content-type": "application/json", ...(persona.authorization ? { authorization: persona.authorization } : {}) },
      body: JSON.stringify(operation),
    });
    const text = await res.text();
    this.log.push({ persona: persona.name, granted, operation, text });
    return { status: res.status, text, ...(JSON.parse(text) as Pick<AccessResponse, "data" | "errors">) };
  }
}

/** Runs `fn` over `items`, `limit` at a time, keeping their order. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Every secret found in a response this persona was not entitled to see, with where it was found. */
export function leaksTo(log: readonly LoggedResponse[], persona: PersonaName, secrets: readonly string[]): string[] {
  return log
    .filter((r) => r.persona === persona && !r.granted)
    .flatMap((r) => secrets.filter((s) => r.text.includes(s)).map((s) => `${s} in the response to ${r.operation.query.slice(0, 120)}: ${r.text.slice(0, 300)}`));
}

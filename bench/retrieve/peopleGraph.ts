import type { Driver } from "neo4j-driver";
import { seededRandom } from "../support/seededRandom.js";

const FIRST = "Maria Jose Wei Priya Omar Lena Kenji Sofia Mateo Amara Ivan Chloe Diego Hana Liam Noor Felix Yara Ravi Elena Tomas Aisha Jonas Mei Pablo Zara Nikolai Ines Kofi Lucia Arjun Greta Samir Freya Hugo Leila Oskar Nadia Emil Rosa".split(" ");
const LAST = "Lopez Chen Patel Novak Silva Kim Garcia Muller Rossi Tanaka Okafor Ivanova Dubois Haddad Jensen Costa Nguyen Schmidt Khan Moreau Andersen Petrov Santos Yilmaz Fischer Larsen Romero Sato Mensah Kowalski".split(" ");
const ROLES = ["Software Engineer", "Product Manager", "Designer", "Data Scientist", "Engineering Manager", "Researcher", "Analyst"];

export interface GraphSize {
  people: number;
  factsPerPerson: number;
}

const names = (prefix: string, n: number, extra: string[]) => [...extra, ...Array.from({ length: n - extra.length }, (_, i) => `${prefix} ${i + 1}`)];

/**
 * A synthetic people graph for the retrieval benchmarks: `people` persons with
 * `factsPerPerson` facts each (work now and before, skills, home, topics, a
 * close friend, an interaction), over 1,000 organisations (Google among them),
 * 500 skills (Python among them), 300 places and 500 topics. Seeded: the same
 * graph every run. Written with UNWIND in the shape assertFacts writes, so the
 * embedding worker embeds the facts afterwards.
 */
export async function writePeopleGraph(driver: Driver, tenantId: string, ownerId: string, { people, factsPerPerson }: GraphSize): Promise<number> {
  const random = seededRandom(42);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
  const objects = {
    Org: names("Company", 1000, ["Google", "Microsoft", "Stripe"]),
    Skill: names("Skill", 500, ["Python", "TypeScript", "Rust", "Kubernetes"]),
    Place: names("City", 300, ["San Francisco", "Berlin", "London"]),
    Topic: names("Topic", 500, ["machine learning", "climbing", "jazz"]),
  };
  for (const [label, list] of Object.entries(objects)) {
    await driver.executeQuery(
      `UNWIND $names AS name CREATE (o:${label} {id: $label + '-' + name, tenantId: $tenantId, ownerId: $ownerId, visibility: 'SHARED', sharedWith: [], name: name, aliases: [], createdAt: datetime()})`,
      { names: list, label, tenantId, ownerId },
    );
  }
  const persons = Array.from({ length: people }, (_, i) => ({ id: `bench-p${i}`, name: `${pick(FIRST)} ${pick(LAST)}` }));
  for (let i = 0; i < persons.length; i += 2000) {
    await driver.executeQuery(
      `UNWIND $people AS p CREATE (:Person {id: p.id, tenantId: $tenantId, ownerId: $ownerId, visibility: 'SHARED', sharedWith: [], name: p.name, aliases: [], createdAt: datetime()})`,
      { people: persons.slice(i, i + 2000), tenantId, ownerId },
    );
  }
  // Popular things are popular: Google, Python and San Francisco get a larger share.
  const skewed = (label: keyof typeof objects, head: number) => (random() < head ? objects[label][0]! : pick(objects[label]));
  const plan: { type: string; label: string; object: string }[] = [
    { type: "WORKS_AT", label: "Org", object: "" },
    { type: "PREVIOUSLY", label: "Org", object: "" },
    { type: "HAS_SKILL", label: "Skill", object: "" },
    { type: "HAS_SKILL", label: "Skill", object: "" },
    { type: "HAS_SKILL", label: "Skill", object: "" },
    { type: "LIVES_IN", label: "Place", object: "" },
    { type: "TALKS_ABOUT", label: "Topic", object: "" },
    { type: "TALKS_ABOUT", label: "Topic", object: "" },
    { type: "CLOSE_TO", label: "Person", object: "" },
    { type: "INTERACTED_WITH", label: "Person", object: "" },
  ].slice(0, factsPerPerson);
  let written = 0;
  let batch: Record<string, unknown>[] = [];
  const flush = async () => {
    for (const type of new Set(batch.map((f) => f.type as string))) {
      const rows = batch.filter((f) => f.type === type);
      const label = rows[0]!.label as string;
      await driver.executeQuery(
        `UNWIND $rows AS f
         MATCH (p:Person {tenantId: $tenantId, id: f.personId})
         MATCH (o:${label} {tenantId: $tenantId, id: f.objectId})
         CREATE (p)-[r:${type}]->(o)
         SET r.factId = f.factId, r.confidence = f.confidence, r.evidence = f.evidence, r.role = f.role, r.location = f.location,
             r.startDate = f.startDate, r.endDate = f.endDate, r.proficiency = f.proficiency, r.basis = f.basis,
             r.source = 'bench', r.createdAt = datetime()`,
        { rows, tenantId },
      );
      written += rows.length;
    }
    batch = [];
  };
  for (const [i, person] of persons.entries()) {
    for (const [k, slot] of plan.entries()) {
      const object =
        slot.label === "Person"
          ? persons[(i + 1 + Math.floor(random() * (persons.length - 1))) % persons.length]!.id
          : `${slot.label}-${slot.label === "Org" ? skewed("Org", 0.005) : slot.label === "Skill" ? skewed("Skill", 0.03) : slot.label === "Place" ? skewed("Place", 0.02) : pick(objects.Topic)}`;
      const year = 2010 + Math.floor(random() * 12);
      batch.push({
        type: slot.type,
        label: slot.label,
        personId: person.id,
        objectId: object,
        factId: `bench-f${i}-${k}`,
        confidence: Number((0.55 + random() * 0.45).toFixed(2)),
        evidence: [`msg_${i}_${k}`],
        role: slot.label === "Org" ? pick(ROLES) : null,
        location: slot.label === "Org" ? pick(objects.Place) : null,
        startDate: slot.type === "PREVIOUSLY" ? String(year) : slot.type === "WORKS_AT" ? String(year + 2) : null,
        endDate: slot.type === "PREVIOUSLY" ? String(year + 2) : null,
        proficiency: slot.type === "HAS_SKILL" ? pick(["beginner", "intermediate", "advanced", "expert"]) : null,
        basis: slot.type === "CLOSE_TO" ? "friends" : null,
      });
    }
    if (batch.length >= 5000) await flush();
  }
  await flush();
  return written;
}

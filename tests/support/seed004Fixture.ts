/**
 * Seed 004's fixture graph (§8 and the Google example) as data: people, the
 * organisation and the facts, ids prefixed with `me`. Used by the people-tool
 * and retrieveContext tests and by `npm run bench:retrieve`.
 */
export function seed004Fixture(me: string) {
  const id = (name: string) => `${me}-${name}`;
  const google = "Google";
  const f = (subject: string, relation: string, object: string, confidence: number, evidence: string[], attributes: Record<string, unknown> = {}) => ({
    subject: id(subject), relation, object, confidence, evidence, attributes,
  });
  return {
    people: [
      { id: id("alice"), name: "Alice", realName: "Alice Johnson" },
      { id: id("bob"), name: "Bob", realName: "Bob Smith", aliases: ["Bobby"] },
      { id: id("charlie"), name: "Charlie" },
      { id: id("dana"), name: "Dana" },
    ],
    orgs: [{ name: "Google", aliases: ["Alphabet"] }],
    facts: [
      f("alice", "WORKS_AT", google, 0.95, ["msg_001", "msg_002"], { role: "Software Engineer", location: "San Francisco" }),
      f("alice", "HAS_SKILL", "Python", 0.9, ["msg_003"], { proficiency: "expert", yearsExperience: 5 }),
      f("alice", "LIVES_IN", "San Francisco", 0.8, ["msg_004"]),
      f("charlie", "PREVIOUSLY", google, 0.92, ["msg_456"], { role: "Software Engineer", location: "Mountain View", startDate: "2019", endDate: "2022" }),
      f("dana", "WORKS_AT", "alphabet", 0.92, ["msg_789"], { role: "Product Manager", location: "San Francisco" }),
      f("alice", "CLOSE_TO", id("charlie"), 0.85, ["msg_234", "msg_567"], { basis: "collaborate weekly" }),
      f("bob", "HAS_SKILL", "ML", 0.8, ["msg_500"], { proficiency: "advanced" }),
      f("bob", "RELATED_TO", id("charlie"), 0.9, ["msg_501"], { basis: "brother" }),
      f("bob", "TALKS_ABOUT", "deep learning", 0.7, ["msg_502"], { sentiment: "excited" }),
      f("alice", "ATTENDED_EVENT", "PyCon", 0.9, ["msg_600"]),
      f("charlie", "ATTENDED_EVENT", "PyCon", 0.9, ["msg_601"]),
      f("alice", "INTERACTED_WITH", id("bob"), 0.9, ["msg_700"], { weight: 12 }),
    ],
  };
}

export const CREATE_PEOPLE_AND_ORGS = `mutation ($input: [PersonCreateInput!]!, $orgs: [OrgCreateInput!]!) {
  createPeople(input: $input) { people { id } }
  createOrgs(input: $orgs) { orgs { id } }
}`;

/**
 * Messages for the start-up warm-up to send through the extraction worker
 * (warmUp.ts). Neo4j plans a statement again for each order of magnitude of a
 * list parameter's length, and the worker's statements take lists of every
 * length in its first passes after a start: the first 5,000 messages of a
 * chat import were read at less than half the warm rate. One batch in each
 * length class (1, 2–10, 11–100, 101–1,000), each read to its end before the
 * next, plans them before the gateway says ready.
 *
 * The texts say things the deterministic extractor learns from (jobs, places,
 * studies, skills, likes), with as many different authors and objects as a
 * batch of that size would have, so the lists of people, objects and facts
 * grow with the batch as they do in a real import.
 */

/** Messages per batch: one in each list-length class. */
export const WARM_UP_MESSAGE_BATCHES = [1, 7, 60, 150] as const;

/** One message in recordMessages' shape (MessageImportInput). */
export interface WarmUpMessage {
  id: string;
  channelId: string;
  authorId: string;
  authorName: string;
  content: string;
  timestamp: string;
}

const NAMES = ["Wren Walsh", "Milo Hart", "Ines Duarte", "Tomas Berg", "Yara Haddad", "Kofi Mensah", "Lena Vogel", "Ravi Iyer", "Sun Park", "Nora Quinn", "Omar Farouk", "Elsa Lind"];
const ORGS = ["Northwind", "Contoso", "Fabrikam", "Initech", "Globex", "Hooli", "Vandelay", "Wonka", "Stark", "Tyrell", "Cyberdyne", "Soylent"];
const ORG_KINDS = ["Labs", "Systems", "Health", "Foods", "Energy", "Media", "Bank", "Games", "Robotics", "Travel"];
const PLACES = ["Lisbon", "Porto", "Dublin", "Oslo", "Lagos", "Nairobi", "Kyoto", "Austin", "Quito", "Tallinn", "Hanoi", "Perth"];
const SKILLS = ["Rust", "Python", "Go", "Kotlin", "SQL", "Haskell", "Elixir", "Swift", "Scala", "Julia", "OCaml", "Zig"];
const LIKES = ["climbing", "sailing", "chess", "baking", "running", "gardening", "cycling", "pottery", "surfing", "knitting"];
const CAUSES = ["climate policy", "girls' education", "open source", "public transit", "animal welfare", "mental health"];
const FIELDS = ["quantum computing", "typography", "mycology", "linguistics", "astronomy", "cryptography"];
const PROJECTS = ["pipeline rewrite", "billing migration", "search revamp", "mobile redesign", "data warehouse", "chess engine"];
const EVENTS = ["PyCon", "GopherCon", "RustConf", "NeurIPS", "KubeCon", "Strange Loop"];

const pick = (list: readonly string[], i: number) => list[i % list.length]!;

/**
 * The i-th text: every kind of fact the extractor reads (a job, a job left for
 * another, where one lives and studied, skills, interests, projects, events,
 * family, friends, people met) and small talk it does not; `other` is another
 * author's first name. An author says the same thing again every few dozen
 * messages, as people do, so facts are confirmed as well as created.
 */
function text(i: number, other: string): string {
  const org = `${pick(ORGS, i)} ${pick(ORG_KINDS, Math.floor(i / ORGS.length))}`;
  const place = pick(PLACES, i);
  switch (i % 16) {
    case 0:
      return `hey all, I work at ${org} as a data engineer`;
    case 1:
      return `I live in ${place} now`;
    case 2:
      return `I used to work at ${org} before this job`;
    case 3:
      return `I studied at ${place} University`;
    case 4:
      return `I know ${pick(SKILLS, i)} pretty well`;
    case 5:
      return `I just joined ${org}, first week so far`;
    case 6:
      return `I love ${pick(LIKES, i)}`;
    case 7:
      return `I care a lot about ${pick(CAUSES, i)}`;
    case 8:
      return `I'm really into ${pick(LIKES, i + 3)} lately`;
    case 9:
      return `I'm curious about ${pick(FIELDS, i)}, anyone have good intro books?`;
    case 10:
      return `I'm working on a ${pick(PROJECTS, i)} at work`;
    case 11:
      return `I went to ${pick(EVENTS, i)} last week, great talks`;
    case 12:
      return `my sister ${other} is visiting next week`;
    case 13:
      return `${other} and I play chess every Sunday`;
    case 14:
      return `had lunch with ${other} yesterday`;
    default:
      return "what do you all think about the deploy?";
  }
}

/** Batch `batch` of `size` messages of warm-up run `run`: ids, authors and objects of their own. */
export function warmUpMessages(run: string, batch: number, size: number, now: Date): WarmUpMessage[] {
  const authors = Math.min(size, NAMES.length);
  return Array.from({ length: size }, (_, j) => {
    const author = j % authors;
    return {
      id: `warm-${run}-b${batch}-m${j}`,
      channelId: `warm-${run}-general`,
      authorId: `warm-${run}-p${author}`,
      authorName: NAMES[author]!,
      content: text(j, NAMES[(author + 1) % authors]!.split(" ")[0]!),
      timestamp: new Date(now.getTime() - (size - j) * 1000).toISOString(),
    };
  });
}

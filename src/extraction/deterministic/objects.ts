/** Words chat puts after an object that are no part of its name. */
const TRAILING = /\s+(?:now|today|tonight|lately|these days|btw|tbh|honestly|lol|haha+|actually|again|too|right now|at work|at this point|(?:pretty |really |very |quite )?well|every day|every single day|all day|on weekends|for fun|a lot|mostly|officially|basically|this year|last year|right now|done|more than anything|last (?:week|month|spring|summer|autumn|fall|winter)|in (?:the )?(?:spring|summer|autumn|fall|winter)|in \w+ \d{4}|in (?:19|20)\d\d|since \w+|for \w+ (?:years?|months?|yrs?)|yesterday|on monday|next \w+|before this|before that)$/i;
/** "a startup called Foo", "an open source tool called bar": the name is what follows "called"/"named". */
const LEADING = /^(?:(?:the|an?|my|our|his|her|their)\s+(?:[\p{L}\- ]{0,40}?\s)?(?:called|named)|the|an?|my|our|his|her|their|small|little|tiny|new|big)\s+/iu;

/** Known lower-case spellings of skills and tools, to their usual form. */
const CANONICAL: Record<string, string> = {
  sql: "SQL", pyspark: "PySpark", kubernetes: "Kubernetes", k8s: "Kubernetes", terraform: "Terraform", python: "Python", rust: "Rust", go: "Go", golang: "Go",
  airflow: "Airflow", dbt: "dbt", figma: "Figma", procreate: "Procreate", neovim: "Neovim", blender: "Blender", javascript: "JavaScript", typescript: "TypeScript",
};

/** "at Google" → Google, "a startup called Foo" → Foo, "kubernetes" → Kubernetes; emoji and chat tails dropped. Empty when nothing is left. */
export function cleanObject(raw: string): string {
  let name = raw.replace(/\p{Extended_Pictographic}|\u200d|\ufe0f/gu, "").replace(/["'.!?:;]+$/g, "").trim();
  for (let i = 0; i < 4; i++) {
    const before = name;
    name = name.replace(LEADING, "").replace(TRAILING, "").replace(/[.!?,;:]+$/, "").trim();
    if (name === before) break;
  }
  return CANONICAL[name.toLowerCase()] ?? name;
}

/** Words a rule may catch that name no thing: pronouns, fillers, quantities. */
const VAGUE = /^(?:it|this|that|them|there|here|home|work|something|anything|everything|stuff|one|nothing|school|university|uni|a lot|job|a job|new job)$/i;

/** Object names that are words, not things: pronouns and fillers a pattern may catch, a leading preposition, a quantity, or a whole clause. */
export function isVagueObject(name: string): boolean {
  return (
    name.length < 2 ||
    name.split(/\s+/).length > 6 ||
    VAGUE.test(name) ||
    /\bthings?\b/i.test(name) ||
    /^(?:for|since|in|on|at|to|with|about|from|lot|lots|bit|ton)\b/i.test(name)
  );
}

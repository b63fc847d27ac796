import { ADV, HEAD, NAME, OBJ, SUBJ_OPT, rule } from "./fragments.js";
import type { Pattern } from "../pattern.js";

/**
 * Rules for how people say things in chat (issue #45), read only with the
 * parse on (DETERMINISTIC_VERSION 2): their objects are cut to the noun phrase
 * compromise tags at the span's start and must be name-shaped
 * (nounPhrase.ts). Lower-case activities must be ones the lexicon knows; an
 * event's head noun must be an event's.
 */

/** Things people do as hobbies or sports, said in lower case: the object of a habit ("every weekend") or a liking. */
export const ACTIVITY = /^(?:(?:aerial |hot |rock |ice |trail |road |wild |open[- ]water |cross[- ]country |mountain |indoor |street |oil |watercolou?r |landscape |digital |ballroom |salsa |hip[- ]hop |contemporary |competitive |creative |fiction |poetry |bird |tap |pole |table |beach )?(?:painting|drawing|sketching|dancing|dance|singing|running|jogging|swimming|hiking|climbing|bouldering|cycling|biking|surfing|skiing|snowboarding|skating|skateboarding|knitting|crocheting|sewing|quilting|baking|cooking|gardening|writing|reading|photography|fishing|camping|gaming|volunteering|woodworking|kayaking|canoeing|sailing|rowing|boxing|weightlifting|lifting|yoga|pilates|pottery|ceramics|chess|guitar|piano|violin|cello|drums|ukulele|flute|saxophone|basketball|football|soccer|tennis|golf|volleyball|baseball|hockey|rugby|cricket|badminton|squash|karate|judo|jiu[- ]jitsu|martial arts|archery|fencing|meditation|calligraphy|origami|embroidery|journaling|blogging|birdwatching|birding|stargazing|astronomy|skiing|snorkeling|diving|scuba diving|horse riding|horseback riding|riding|crossfit|marathons?|triathlons?|poetry|music|art|video games|board games|games|movies|films|books|nature|travel|traveling|travelling|volunteer work|charity work|community work|theat(?:er|re)|acting|improv|comedy|stand-up|podcasting|filmmaking|sculpting|sculpture|printmaking|scrapbooking|gymnastics|ballet|tap dancing|wrestling|softball|lacrosse|frisbee|ultimate|disc golf|bowling|pool|darts|poker|trivia|crosswords|puzzles|sudoku|cosplay|anime|manga|comics|cars|motorcycles|coding|programming|hunting|horses|pets|dogs|cats|animals|fashion|design|interior design|architecture|history|science|politics|philosophy|languages|running marathons))$/i;
/** Head nouns of occasions one attends. */
const EVENT_HEAD = /\b(?:concert|festival|conference|parade|race|run|marathon|meetup|workshop|party|show|tournament|convention|fair|ceremony|wedding|retreat|exhibition|expo|gala|fundraiser|rally|protest|march|competition|contest|hackathon|summit|seminar|recital|performance|match|championship|screening|premiere|signing|gathering|event|meeting|camp|tour|game|open mic|jam session|support group|club)s?$/i;
/** "every weekend", "on Sundays", "most evenings": a habit. */
const HABIT = String.raw`(?:every|each|most|on)\s+(?:single\s+)?(?:weekends?|week|mornings?|evenings?|nights?|days?|\p{L}+days?)`;
/** Head nouns of things people make over weeks: a project's. */
export const PROJECT_HEAD = /\b(?:book|novel|memoir|screenplay|script|album|song|podcast|blog|show|exhibition|exhibit|business|store|shop|studio|company|startup|nonprofit|non-profit|charity|foundation|petition|campaign|app|website|game|film|movie|documentary|series|collection|magazine|zine|comic|project|fundraiser|club|program|programme|course|mural|garden)s?$/i;
const GERUND = String.raw`(?<obj>\p{L}+ing)`;
/** Places known by their usual abbreviation, to the name a question would use. */
export const PLACE_ABBREVIATIONS: Readonly<Record<string, string>> = {
  NYC: "New York", NY: "New York", SF: "San Francisco", LA: "Los Angeles", DC: "Washington, D.C.", NOLA: "New Orleans", KL: "Kuala Lumpur", BCN: "Barcelona", CDMX: "Mexico City", HK: "Hong Kong", SG: "Singapore", UK: "United Kingdom", US: "United States", USA: "United States", Philly: "Philadelphia", Vegas: "Las Vegas",
};
const PAIR = [`^(?<obj>${NAME})\\s+and\\s+(?:I|me)\\s+`, `^(?:me|I)\\s+and\\s+(?<obj>${NAME})\\s+`];

export const spokenPatterns: readonly Pattern[] = [
  // Employment said without a verb of employment.
  rule({ name: "still-at", relation: "WORKS_AT", confidence: 0.8, properName: true, notPlace: true, re: `^${SUBJ_OPT}(?:am\\s+|is\\s+)?still\\s+(?:at|with)\\s+${OBJ}` }),
  rule({ name: "back-when-at", relation: "PREVIOUSLY", confidence: 0.8, properName: true, notPlace: true, time: "none", re: `\\b(?:back\\s+)?when\\s+${SUBJ_OPT}(?:was|were)\\s+(?:still\\s+)?(?:at|with|working at|working for)\\s+${OBJ}` }),
  rule({ name: "days-at", relation: "PREVIOUSLY", confidence: 0.75, properName: true, notPlace: true, time: "none", re: `\\b(?:in|during)\\s+my\\s+(?:days|time|years)\\s+at\\s+${OBJ}` }),
  rule({ name: "took-job-at", relation: "WORKS_AT", confidence: 0.85, defaultNow: true, properName: true, re: `${SUBJ_OPT}${ADV}(?:started|got|landed|took|began|accepted)\\s+(?:my|a|an|the)\\s+(?:(?:first|new|dream|full-time|part-time)\\s+)*(?:job|role|position|gig)(?:\\s+as\\s+an?\\s+(?<role>[\\p{L} \\-]{2,30}?))?\\s+(?:at|with|for)\\s+${OBJ}`, attributes: (g) => (g.role ? { role: g.role.trim() } : {}) }),
  // Skills said by the language one writes in.
  rule({ name: "writes-in", relation: "HAS_SKILL", confidence: 0.8, properName: true, notPlace: true, re: `${SUBJ_OPT}${ADV}(?:write|writes|wrote|code|codes|coded|build|builds|program|programs|do)\\s+(?:[^,.;!?]{0,50}?\\s)?in\\s+(?<obj>[\\p{Lu}][\\p{L}\\p{N}+#.]*)(?=\\s|[,.!?;]|$)` }),
  // Hobbies: a habit, an instrument or sport one plays, an activity done for years, one's hobby named.
  rule({ name: "goes-every", relation: "HAS_SKILL", confidence: 0.75, activity: true, re: `${SUBJ_OPT}${ADV}(?:go|goes|went)\\s+${GERUND}\\s+(?:almost\\s+)?${HABIT}` }),
  rule({ name: "does-every", relation: "HAS_SKILL", confidence: 0.75, activity: true, re: `${SUBJ_OPT}${ADV}(?:play|plays|do|does|practi[cs]e|practi[cs]es)\\s+${OBJ}\\s+(?:almost\\s+)?${HABIT}` }),
  rule({ name: "every-i-go", relation: "HAS_SKILL", confidence: 0.75, activity: true, re: `^${HABIT},?\\s+(?:I|we)\\s+(?:usually\\s+|always\\s+)?(?:go\\s+|play\\s+|do\\s+)?${OBJ}` }),
  rule({ name: "plays", relation: "HAS_SKILL", confidence: 0.8, activity: true, re: `${SUBJ_OPT}${ADV}(?:play|plays|have been playing|been playing|am playing|practi[cs]e|practi[cs]es)\\s+(?:the\\s+)?${OBJ}` }),
  rule({ name: "took-up", relation: "HAS_SKILL", confidence: 0.7, activity: true, re: `${SUBJ_OPT}${ADV}(?:took up|picked up|started|started learning|started doing|began|am learning|have been learning|been learning|learned|learnt)\\s+(?:the\\s+)?${OBJ}`, attributes: () => ({ proficiency: "learning" }) }),
  rule({ name: "been-doing-for", relation: "HAS_SKILL", confidence: 0.75, activity: true, re: `${SUBJ_OPT}${ADV}(?:have been|been)\\s+(?:doing\\s+)?(?<obj>[\\p{L} ]{3,20}?)\\s+(?:for\\s+(?:\\w+\\s+)?(?:years|ages|a long time|a while|decades|months)|since\\b|a lot\\b|lately\\b|regularly\\b|(?:more|again)\\s+(?:lately|these days|recently)\\b)` }),
  rule({ name: "my-hobby-is", relation: "HAS_SKILL", confidence: 0.75, activity: true, list: true, scope: "sentence", re: `\\bmy\\s+(?:favou?rite\\s+|main\\s+|new\\s+)?(?:hobby|hobbies|pastime|sport)\\s+(?:is|are|has been)\\s+(?<obj>[\\p{L} ,]+?)(?=\\s*[.!?;]|\\s+(?:because|since|and I|but)\\b|$)` }),
  rule({ name: "loves-activity", relation: "CARES_ABOUT", confidence: 0.7, activity: true, re: `${SUBJ_OPT}${ADV}(?:really\\s+|absolutely\\s+)?(?:love|loves|enjoy|enjoys|adore|adores)\\s+${OBJ}(?=\\s*(?:[,.!?;]|$)|\\s+(?:and|so much|too|a lot|more than|every|on weekends|in my free time)\\b)` }),
  rule({ name: "fan-of", relation: "CARES_ABOUT", confidence: 0.7, re: `${SUBJ_OPT}${ADV}(?:am|is)\\s+(?:a\\s+)?(?:huge\\s+|big\\s+|massive\\s+)?fan of\\s+${OBJ}` }),
  rule({ name: "is-my-favourite", relation: "CARES_ABOUT", confidence: 0.75, re: `^${HEAD}\\s+(?:is|are|has always been)\\s+(?:my|one of my)\\s+(?:all-time\\s+|absolute\\s+)?(?:favou?rites?|fave|top pick)\\b` }),
  rule({ name: "activity-is-passion", relation: "CARES_ABOUT", confidence: 0.75, re: `^${HEAD}\\s+is\\s+(?:my|a)\\s+(?:(?:real|true|big|huge)\\s+)?(?:passion|favou?rite hobby|hobby of mine)` }),
  rule({ name: "plays-my", relation: "HAS_SKILL", confidence: 0.75, activity: true, re: `\\b(?:playing|play|plays)\\s+my\\s+${OBJ}` }),
  rule({ name: "taking-classes", relation: "HAS_SKILL", confidence: 0.7, activity: true, re: `${SUBJ_OPT}${ADV}(?:am\\s+|have been\\s+|been\\s+|started\\s+)?(?:taking|took|signed up for|joined)\\s+(?:a\\s+|some\\s+)?(?<obj>[\\p{L} ]{3,25}?)\\s+(?:class|classes|lessons|course|workshop)\\b`, attributes: () => ({ proficiency: "learning" }) }),
  rule({ name: "activity-is-a-way", relation: "HAS_SKILL", confidence: 0.7, activity: true, re: `^(?:and\\s+)?(?<obj>\\p{L}+ing)\\s+(?:is|has been|has become|was always)\\s+(?:my|like\\s+(?:a|an|my))\\s+(?:[\\p{L}\\-]+\\s+){0,3}?(?:way|outlet|escape|therapy|hobby|passion|release|part of my life)\\b` }),
  rule({ name: "made-a-work", relation: "HAS_SKILL", confidence: 0.7, time: "none", re: `${SUBJ_OPT}${ADV}(?:have\\s+)?(?<verb>painted|drew|drawn|sketched|knitted|knit|crocheted|sewed|sewn|sculpted|baked|carved)\\s+(?:a|an|this|that|some|these|those|my|another|two|three|a few)\\b`, objectFromVerb: true }),
  rule({ name: "is-therapy", relation: "HAS_SKILL", confidence: 0.7, activity: true, re: `^(?:and\\s+)?(?:when [^,]+,\\s*)?(?<obj>\\p{L}+ing)\\s+is\\s+(?:like\\s+)?(?:therapy|my (?:chill|me|happy) (?:time|place)|second nature|my thing)\\b` }),
  // Projects people are making: a book, a show, a store.
  rule({ name: "making-a", relation: "WORKING_ON", confidence: 0.75, allows: ["future"], time: "none", re: `${SUBJ_OPT}${ADV}(?:am |are |have been |been )?(?:writing|putting together|organizing|organising|setting up|launching|creating|making|recording|designing|planning)\\s+(?:a|an|my|our)\\s+(?:own\\s+)?${OBJ}`, projectHead: true }),
  rule({ name: "started-own", relation: "WORKING_ON", confidence: 0.8, re: `${SUBJ_OPT}${ADV}(?:started|opened|launched|founded|set up)\\s+(?:my|our|a|an)\\s+(?:own\\s+)?${OBJ}`, projectHead: true }),
  // Where people live, said the way people say it.
  rule({ name: "moving-to", relation: "LIVES_IN", confidence: 0.7, properName: true, futureOnly: true, allows: ["future", "wish"], re: `${SUBJ_OPT}${ADV}(?:am |are |is )?(?:moving|relocating|move|relocate)\\s+(?:back\\s+)?to\\s+${OBJ}` }),
  rule({ name: "living-here", relation: "LIVES_IN", confidence: 0.75, placeFromContext: true, re: `${SUBJ_OPT}${ADV}(?:have been |has been |been |am |is )?(?:living|live|lives|lived|based|settled)\\s+(?<here>here|there now)\\b` }),
  rule({ name: "moved-here", relation: "LIVES_IN", confidence: 0.75, placeFromContext: true, defaultNow: true, re: `${SUBJ_OPT}${ADV}(?:moved|relocated)\\s+(?<here>here)\\b` }),
  rule({ name: "works-from", relation: "LIVES_IN", confidence: 0.75, properName: true, re: `(?!.*\\b(?:this|for the|next|last|all) (?:week|weekend|month|trip|summer)\\b|.*\\b(?:today|tonight|for now|at the moment|for a few days)\\b)`+`${SUBJ_OPT}${ADV}(?:am |is |have been |been )?(?:work|works|working)\\s+(?:remotely\\s+|from home\\s+in\\s+)?from\\s+${OBJ}` }),
  // Friendship told through a shared activity.
  ...PAIR.map((pair, i) => rule({ name: `partners-${i + 1}`, relation: "CLOSE_TO", confidence: 0.85, personObject: true, time: "none", re: `${pair}(?:have been|are|were|been|have always been)\\s+(?<basis>(?:[\\p{L}\\-]+\\s+){0,2}(?:partners|buddies|pals|friends|mates|teammates|besties))\\b` })),
  // Occasions attended, named by their kind rather than a proper name.
  rule({ name: "attended-occasion", relation: "ATTENDED_EVENT", confidence: 0.75, eventHead: EVENT_HEAD, re: `${SUBJ_OPT}${ADV}(?:went to|attended|participated in|took part in|competed in|performed at|volunteered at|ran|did)\\s+(?:a|an|the|this|our)\\s+${OBJ}` }),
];

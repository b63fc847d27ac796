export { type ImplicitPhrase, findImplicitPhrases, nameCandidates } from "./findMentions.js";
export { peopleToolResolvers } from "./peopleToolResolvers.js";
export { PEOPLE_TOOLS } from "./tools.js";

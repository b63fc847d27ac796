/** The fact types that tie a person to a topic, as peopleByTopic reads them. */
export const TOPIC_TYPES = ["TALKS_ABOUT", "CARES_ABOUT", "CURIOUS_ABOUT"] as const;

"""The GraphQL documents the client sends: the TypeScript client's documented operations
(packages/client/operations/), with the same selections."""

STORE_MEMORY = """
mutation StoreMemory($input: MemoryCreateInput!) {
  createMemories(input: [$input]) {
    memories { id type content importance tags participants conversationId occurredAt createdAt }
  }
}"""

SEARCH_MEMORIES = """
query SearchMemories($input: SearchMemoriesInput!) {
  searchMemories(input: $input) {
    hits { kind id content score occurredAt authorName ownerId conversationId }
    tookMs
  }
}"""

MEMORY_CONTEXT = """
query MemoryContext($agentId: ID, $conversationId: String, $participants: [String!], $topic: String, $tokenBudget: Int) {
  memoryContext(agentId: $agentId, conversationId: $conversationId, participants: $participants, topic: $topic, tokenBudget: $tokenBudget) {
    text tokenCount cached generatedAt
  }
}"""

RETRIEVE_CONTEXT = """
mutation RetrieveContext($input: RetrieveContextInput!) {
  retrieveContext(input: $input) {
    facts confidence reasoning
    profiles { personId name factCount }
    snippets { source id content authorName occurredAt }
    metadata { planner iterationsUsed queriesExecuted processingTimeMs runId }
  }
}"""

ASSERT_FACTS = """
mutation AssertFacts($facts: [FactAssertionInput!]!) {
  assertFacts(facts: $facts) { created { id } }
}"""

PERSON_PROFILE = """
query PersonProfile($personId: ID!, $factTypes: [String!], $asOf: DateTime) {
  personProfile(personId: $personId, factTypes: $factTypes, asOf: $asOf) {
    personId found name aliases
    facts { id type personId personName object objectLabel confidence evidence start end current }
  }
}"""

KNOWLEDGE_FEED = """
subscription KnowledgeFeed($agentId: ID!, $after: String) {
  knowledgeFeed(agentId: $agentId, after: $after) {
    mode cursor
    events { cursor type nodeId nodeType actorAgentId ownerId domains confidence tier payload createdAt }
  }
}"""

SESSION_FIELDS = "id agentId game goal maxTurns status turnsCompleted startedAt endedAt"

START_GAME_SESSION = """
mutation StartGameSession($goal: String!, $maxTurns: Int!, $game: String, $sessionId: ID) {
  startSession(goal: $goal, maxTurns: $maxTurns, game: $game, sessionId: $sessionId) { %s }
}""" % SESSION_FIELDS

RECORD_TURN = """
mutation RecordTurn($sessionId: ID!, $turn: TurnInput!) {
  recordTurn(sessionId: $sessionId, turn: $turn) {
    created
    turn { id number location success buttonPresses }
    session { %s }
  }
}""" % SESSION_FIELDS

RECENT_TURNS = """
query RecentTurns($sessionId: ID!, $last: Int) {
  recentTurns(sessionId: $sessionId, last: $last) { sessionId turnCount sessionTurns sessionStatus json }
}"""

END_GAME_SESSION = """
mutation EndGameSession($sessionId: ID!) {
  endSession(sessionId: $sessionId) { %s }
}""" % SESSION_FIELDS

/**
 * The GraphQL operations the MCP tools run: each tool is one operation through
 * the gateway's own pipeline (authentication, limits, rates, access rules).
 * Codegen types them (src/generated/operations.ts) from these `/* GraphQL *\/` texts.
 */

export const MEMORY_STORE = /* GraphQL */ `
  mutation McpMemoryStore($content: String!, $type: MemoryKind!, $confidence: Float, $domains: [String!], $category: InsightCategory, $outcome: Outcome) {
    memoryStore(content: $content, type: $type, confidence: $confidence, domains: $domains, category: $category, outcome: $outcome) {
      id
      kind
      confidence
      pooled
    }
  }
`;

export const MEMORY_SEARCH = /* GraphQL */ `
  query McpMemorySearch($input: SearchMemoriesInput!) {
    searchMemories(input: $input) {
      hits {
        source
        id
        content
        score
        occurredAt
        authorName
        ownerId
        conversationId
      }
      tookMs
    }
  }
`;

export const MEMORY_CONTEXT = /* GraphQL */ `
  query McpMemoryContext($agentId: ID!, $conversationId: String, $participants: [String!], $topic: String, $tokenBudget: Int) {
    memoryContext(agentId: $agentId, conversationId: $conversationId, participants: $participants, topic: $topic, tokenBudget: $tokenBudget) {
      text
      tokenCount
      cached
      generatedAt
    }
  }
`;

export const MEMORY_QUERY = /* GraphQL */ `
  query McpMemoryQuery($topic: String!, $minConfidence: Float, $domain: String, $includeShared: Boolean, $limit: Int) {
    memoryQuery(topic: $topic, minConfidence: $minConfidence, domain: $domain, includeShared: $includeShared, limit: $limit) {
      score
      knowledge {
        id
        type
        ownerId
        confidence
        domains
        title
        text
      }
    }
  }
`;

export const MEMORY_REFLECT = /* GraphQL */ `
  mutation McpMemoryReflect($limit: Int) {
    memoryReflect(limit: $limit) {
      id
      content
      insightsGained
      createdAt
      planner
    }
  }
`;

export const MEMORY_SHARE = /* GraphQL */ `
  mutation McpMemoryShare($knowledgeId: ID!) {
    memoryShare(knowledgeId: $knowledgeId) {
      id
      knowledgeType
      sharedAt
    }
  }
`;

export const RETRIEVE_CONTEXT = /* GraphQL */ `
  mutation McpRetrieveContext($input: RetrieveContextInput!) {
    retrieveContext(input: $input) {
      facts
      confidence
      reasoning
      profiles {
        personId
        name
        factCount
      }
      snippets {
        source
        id
        content
        authorName
        occurredAt
      }
      metadata {
        planner
        iterationsUsed
        queriesExecuted
        processingTimeMs
        runId
      }
    }
  }
`;

export const PERSON_PROFILE = /* GraphQL */ `
  query McpPersonProfile($personId: ID!, $factTypes: [String!], $asOf: DateTime) {
    personProfile(personId: $personId, factTypes: $factTypes, asOf: $asOf) {
      personId
      found
      name
      aliases
      facts { id type personId personName object objectLabel confidence evidence start end current }
    }
  }
`;

export const RECORD_INTERACTION = /* GraphQL */ `
  mutation McpRecordInteraction($input: RecordInteractionInput!) {
    recordInteraction(input: $input) { id type content importance confidence tags participants conversationId occurredAt createdAt ownerId visibility }
  }
`;

export const START_GAME_SESSION = /* GraphQL */ `
  mutation McpStartGameSession($goal: String!, $maxTurns: Int!, $game: String, $sessionId: ID) {
    startSession(goal: $goal, maxTurns: $maxTurns, game: $game, sessionId: $sessionId) { id agentId game goal maxTurns status turnsCompleted startedAt endedAt }
  }
`;

export const RECORD_TURN = /* GraphQL */ `
  mutation McpRecordTurn($sessionId: ID!, $turn: TurnInput!) {
    recordTurn(sessionId: $sessionId, turn: $turn) {
      created
      turn {
        id
        number
        location
        success
        buttonPresses
      }
      session { id agentId game goal maxTurns status turnsCompleted startedAt endedAt }
    }
  }
`;

export const RECENT_TURNS = /* GraphQL */ `
  query McpRecentTurns($sessionId: ID!, $last: Int) {
    recentTurns(sessionId: $sessionId, last: $last) {
      sessionId
      turnCount
      sessionTurns
      sessionStatus
      json
    }
  }
`;

export const CYPHER_QUERY = /* GraphQL */ `
  query McpCypherQuery($query: String!, $params: String, $limit: Int) {
    cypherQuery(query: $query, params: $params, limit: $limit) {
      columns
      rows
      rowCount
      truncated
      elapsedMs
    }
  }
`;

"""A client of a Mnemograph gateway over HTTP (and graphql-ws for the knowledge feed), in
the standard library only. Mirrors @mnemograph/client: an API key is exchanged at
POST /auth/token and the token renewed before it expires; SERVICE_UNAVAILABLE, SERVICE_BUSY
and RATE_LIMITED are sent again after the gateway's wait; anything else raises
MnemographError with the gateway's code and field."""
import json
import socket
import time
import urllib.error
import urllib.request
from typing import Any, Callable, Dict, Iterator, List, Optional, Sequence
from urllib.parse import urljoin

from . import operations as op
from .errors import MnemographError
from .results import (
    FeedEvent, FeedPage, Fact, GameSession, Memory, MemoryContext, PersonProfile, ProfileSummary,
    RecentTurns, RecordedTurn, RetrievedContext, SearchHit, SearchResult, Snippet, Turn, from_dict,
)
from .websocket import WebSocket, WebSocketClosed

#: A token is renewed this long before it expires.
RENEW_BEFORE_SECONDS = 30


class MnemographClient:
    """`url` is the gateway's GraphQL endpoint (http://localhost:4000/graphql). Give an
    `api_key` (mk_…, exchanged and renewed) or a `token`. `max_attempts` counts the first
    try; waits are the gateway's `retryAfterSeconds` (or `Retry-After`), else a backoff from
    `base_delay` seconds doubling, never longer than `max_delay`. `sleep` and `clock` are
    injectable so that tests need not wait."""

    def __init__(self, url: str, *, api_key: Optional[str] = None, token: Optional[str] = None, max_attempts: int = 4,
                 base_delay: float = 0.25, max_delay: float = 60.0, timeout: float = 60.0,
                 sleep: Callable[[float], None] = time.sleep, clock: Callable[[], float] = time.time):
        if not url.startswith(("http://", "https://")):
            raise ValueError(f"url must be the gateway's http(s) GraphQL endpoint, got {url!r}")
        if max_attempts < 1:
            raise ValueError(f"max_attempts must be at least 1, got {max_attempts}")
        self.url = url
        self.api_key = api_key
        self._token = token
        self._renew_at = float("inf") if token else 0.0
        self.max_attempts = max_attempts
        self.base_delay = base_delay
        self.max_delay = max_delay
        self.timeout = timeout
        self.sleep = sleep
        self.clock = clock

    # --- transport -------------------------------------------------------------------------

    def _post(self, url: str, body: Optional[dict], headers: Dict[str, str]):
        data = json.dumps(body).encode() if body is not None else b""
        request = urllib.request.Request(url, data=data, method="POST", headers={"content-type": "application/json", **headers})
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                return response.status, dict(response.headers), json.loads(response.read().decode() or "{}")
        except urllib.error.HTTPError as error:
            # The gateway answers 4xx/5xx with a JSON body that names the error.
            text = error.read().decode()
            try:
                payload = json.loads(text or "{}")
            except ValueError:
                payload = {"errors": [{"message": text or error.reason, "extensions": {"code": "INTERNAL_SERVER_ERROR"}}]}
            return error.code, dict(error.headers), payload
        except (urllib.error.URLError, OSError) as error:
            reason = getattr(error, "reason", error)
            raise MnemographError(f"the gateway at {url} could not be reached: {reason}", "NETWORK_ERROR") from error

    def _headers(self) -> Dict[str, str]:
        if self.api_key and (self._token is None or self.clock() >= self._renew_at):
            self._exchange()
        return {"authorization": f"Bearer {self._token}"} if self._token else {}

    def _exchange(self) -> None:
        status, _, body = self._post(urljoin(self.url, "/auth/token"), None, {"authorization": f"ApiKey {self.api_key}"})
        if "access_token" not in body:
            raise _error(status, {}, body, "the API key was refused")
        self._token = body["access_token"]
        self._renew_at = self.clock() + float(body.get("expires_in", 0)) - RENEW_BEFORE_SECONDS

    def execute(self, document: str, variables: Optional[Dict[str, Any]] = None) -> Dict[str, Any]:
        """Runs one operation; its `data`, or MnemographError with the first error's code."""
        renewed = False
        attempt = 1
        while True:
            status, headers, body = self._post(self.url, {"query": document, "variables": variables or {}}, self._headers())
            errors = body.get("errors")
            if not errors:
                return body.get("data") or {}
            error = _error(status, headers, body, "the gateway refused the operation")
            if error.code == "UNAUTHENTICATED" and self.api_key and not renewed:
                # Expired early or revoked: one fresh exchange, then the gateway's word stands.
                renewed = True
                self._token = None
                continue
            if not error.retryable or attempt >= self.max_attempts:
                raise error
            wait = error.retry_after_seconds if error.retry_after_seconds is not None else self.base_delay * 2 ** (attempt - 1)
            self.sleep(min(max(wait, 0.0), self.max_delay))
            attempt += 1

    # --- memories --------------------------------------------------------------------------

    def store(self, content: str, *, type: str = "OBSERVATION", agent_id: Optional[str] = None, importance: Optional[float] = None,
              tags: Sequence[str] = (), participants: Sequence[str] = (), conversation_id: Optional[str] = None) -> Memory:
        """Stores one memory owned by the caller. With `agent_id` (the caller's agent, or another for an
        admin) it is that agent's memory (REMEMBERS), which `context` reads; search finds it either way."""
        fields: Dict[str, Any] = {"type": type, "content": content, "tags": list(tags), "participants": list(participants)}
        if agent_id is not None:
            fields["agent"] = {"connect": [{"where": {"node": {"id": {"eq": agent_id}}}}]}
        if importance is not None:
            fields["importance"] = importance
        if conversation_id is not None:
            fields["conversationId"] = conversation_id
        data = self.execute(op.STORE_MEMORY, {"input": fields})
        return from_dict(Memory, data["createMemories"]["memories"][0])

    def search(self, query: str, *, limit: int = 10, kinds: Optional[Sequence[str]] = None, agent_ids: Optional[Sequence[str]] = None,
               tags: Optional[Sequence[str]] = None) -> SearchResult:
        """Full-text, vector and fact search over what the caller may read, fused and ranked."""
        search_input: Dict[str, Any] = {"query": query, "limit": limit}
        for name, value in (("kinds", kinds), ("agentIds", agent_ids), ("tags", tags)):
            if value is not None:
                search_input[name] = list(value)
        result = self.execute(op.SEARCH_MEMORIES, {"input": search_input})["searchMemories"]
        return SearchResult(hits=[from_dict(SearchHit, h) for h in result["hits"]], took_ms=result.get("tookMs"))

    def context(self, *, agent_id: Optional[str] = None, conversation_id: Optional[str] = None, participants: Optional[Sequence[str]] = None,
                topic: Optional[str] = None, token_budget: Optional[int] = None) -> MemoryContext:
        """The token-budgeted memory block to put in a prompt before replying."""
        variables = {"agentId": agent_id, "conversationId": conversation_id, "participants": list(participants) if participants is not None else None,
                     "topic": topic, "tokenBudget": token_budget}
        return from_dict(MemoryContext, self.execute(op.MEMORY_CONTEXT, variables)["memoryContext"])

    # --- retrieval and facts ---------------------------------------------------------------

    def retrieve(self, messages: Sequence[Dict[str, Any]], *, channel_id: Optional[str] = None, max_facts: Optional[int] = None,
                 max_iterations: Optional[int] = None, fact_format: Optional[str] = None) -> RetrievedContext:
        """The retrieval loop over the last messages (each {content, authorId?, authorName?, timestamp?}), oldest first."""
        retrieve_input: Dict[str, Any] = {"messages": [dict(m) for m in messages]}
        for name, value in (("channelId", channel_id), ("maxFacts", max_facts), ("maxIterations", max_iterations), ("factFormat", fact_format)):
            if value is not None:
                retrieve_input[name] = value
        r = self.execute(op.RETRIEVE_CONTEXT, {"input": retrieve_input})["retrieveContext"]
        return RetrievedContext(
            facts=r["facts"], confidence=r["confidence"], reasoning=r.get("reasoning"),
            profiles=[from_dict(ProfileSummary, p) for p in r["profiles"]],
            snippets=[from_dict(Snippet, s) for s in r["snippets"]], metadata=r["metadata"],
        )

    def assert_facts(self, facts: Sequence[Dict[str, Any]]) -> List[str]:
        """Asserts facts about people ({subject, relation, object, confidence, evidence?}); the ids created."""
        data = self.execute(op.ASSERT_FACTS, {"facts": [dict(f) for f in facts]})
        return [c["id"] for c in data["assertFacts"]["created"]]

    def facts(self, person_id: str, *, fact_types: Optional[Sequence[str]] = None, as_of: Optional[str] = None) -> PersonProfile:
        """A person and the facts known about them (as of `as_of`, an ISO date-time, when given)."""
        variables = {"personId": person_id, "factTypes": list(fact_types) if fact_types is not None else None, "asOf": as_of}
        p = self.execute(op.PERSON_PROFILE, variables)["personProfile"]
        return PersonProfile(person_id=p["personId"], found=p["found"], name=p.get("name"), aliases=p.get("aliases") or [],
                             facts=[from_dict(Fact, f) for f in p.get("facts") or []])

    # --- the knowledge feed ----------------------------------------------------------------

    def poll_feed(self, agent_id: str, *, after: Optional[str] = None, wait_seconds: float = 2.0) -> FeedPage:
        """One poll of an agent's knowledge feed over graphql-ws: the events after `after` (from the
        start when None) and what arrives within `wait_seconds` of quiet, then the connection is
        closed. Keep the page's cursor and pass it as `after` next time: nothing is lost or repeated."""
        ws_url = self.url.replace("https://", "wss://", 1).replace("http://", "ws://", 1)
        headers = self._headers()
        try:
            ws = WebSocket(ws_url, headers, "graphql-transport-ws", self.timeout)
        except (OSError, WebSocketClosed) as error:
            raise MnemographError(f"the feed's WebSocket could not be opened: {error}", "NETWORK_ERROR") from error
        cursor, events = after, []
        try:
            ws.send_text(json.dumps({"type": "connection_init", "payload": headers}))
            ack = json.loads(ws.receive_text(self.timeout))
            if ack.get("type") != "connection_ack":
                raise MnemographError(f"the gateway did not accept the feed's connection: {ack}", "UNAUTHENTICATED")
            ws.send_text(json.dumps({"id": "feed", "type": "subscribe", "payload": {"query": op.KNOWLEDGE_FEED, "variables": {"agentId": agent_id, "after": after}}}))
            while True:
                try:
                    message = json.loads(ws.receive_text(wait_seconds))
                except socket.timeout:
                    break
                kind = message.get("type")
                if kind == "next":
                    payload = message.get("payload") or {}
                    if payload.get("errors"):
                        raise _error(200, {}, payload, "the gateway refused the feed")
                    delivery = payload["data"]["knowledgeFeed"]
                    events.extend(from_dict(FeedEvent, e) for e in delivery["events"])
                    cursor = delivery.get("cursor") or cursor
                elif kind == "error":
                    raise _error(200, {}, {"errors": message.get("payload") or []}, "the gateway refused the feed")
                elif kind == "complete":
                    break
                elif kind == "ping":
                    ws.send_text(json.dumps({"type": "pong"}))
            ws.send_text(json.dumps({"id": "feed", "type": "complete"}))
        except WebSocketClosed as error:
            raise MnemographError(str(error), "NETWORK_ERROR") from error
        finally:
            ws.close()
        return FeedPage(cursor=cursor, events=events)

    def feed(self, agent_id: str, *, after: Optional[str] = None, wait_seconds: float = 2.0, interval_seconds: float = 5.0) -> Iterator[FeedPage]:
        """Polls the feed for ever: a page per poll (empty ones too), resuming from the last cursor."""
        cursor = after
        while True:
            page = self.poll_feed(agent_id, after=cursor, wait_seconds=wait_seconds)
            cursor = page.cursor
            yield page
            self.sleep(interval_seconds)

    # --- game turns ------------------------------------------------------------------------

    def start_game_session(self, goal: str, max_turns: int, *, game: Optional[str] = None, session_id: Optional[str] = None) -> GameSession:
        data = self.execute(op.START_GAME_SESSION, {"goal": goal, "maxTurns": max_turns, "game": game, "sessionId": session_id})
        return from_dict(GameSession, data["startSession"])

    def record_turn(self, session_id: str, turn: Dict[str, Any]) -> RecordedTurn:
        """Records a turn ({number, analysis, buttonPresses, success, location?, …}); idempotent per session and number."""
        r = self.execute(op.RECORD_TURN, {"sessionId": session_id, "turn": dict(turn)})["recordTurn"]
        return RecordedTurn(created=r["created"], turn=from_dict(Turn, r["turn"]), session=from_dict(GameSession, r["session"]))

    def recent_turns(self, session_id: str, *, last: Optional[int] = None) -> RecentTurns:
        return from_dict(RecentTurns, self.execute(op.RECENT_TURNS, {"sessionId": session_id, "last": last})["recentTurns"])

    def end_game_session(self, session_id: str) -> GameSession:
        return from_dict(GameSession, self.execute(op.END_GAME_SESSION, {"sessionId": session_id})["endSession"])


def _error(status: int, headers: Dict[str, str], body: Dict[str, Any], fallback: str) -> MnemographError:
    """The first error of an answer as a MnemographError; the wait from its extensions or Retry-After."""
    errors = body.get("errors") or [{}]
    first = errors[0] if isinstance(errors, list) and errors else {}
    extensions = first.get("extensions") or {}
    wait = extensions.get("retryAfterSeconds")
    if wait is None:
        header = next((v for k, v in headers.items() if k.lower() == "retry-after"), None)
        if header is not None and str(header).strip().isdigit():
            wait = int(header)
    code = extensions.get("code") or body.get("code") or ("UNAUTHENTICATED" if status == 401 else "INTERNAL_SERVER_ERROR")
    return MnemographError(first.get("message") or body.get("message") or fallback, code, extensions.get("field"), wait, status)

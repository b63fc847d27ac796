"""Typed results: one dataclass per shape the documented operations return (snake_case
fields for the gateway's camelCase ones)."""
import dataclasses
import re
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Type, TypeVar

T = TypeVar("T")


def _snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def from_dict(cls: Type[T], data: Optional[Dict[str, Any]]) -> T:
    """Builds `cls` from a GraphQL object, by field name; keys it does not declare are left out."""
    if data is None:
        raise ValueError(f"no {cls.__name__} in the answer")
    names = {f.name for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    return cls(**{_snake(k): v for k, v in data.items() if _snake(k) in names})


@dataclass
class Memory:
    id: str
    type: str
    content: str
    importance: Optional[float] = None
    tags: List[str] = field(default_factory=list)
    participants: List[str] = field(default_factory=list)
    conversation_id: Optional[str] = None
    occurred_at: Optional[str] = None
    created_at: Optional[str] = None


@dataclass
class SearchHit:
    kind: str
    id: str
    content: Optional[str]
    score: float
    occurred_at: Optional[str] = None
    author_name: Optional[str] = None
    owner_id: Optional[str] = None
    conversation_id: Optional[str] = None


@dataclass
class SearchResult:
    hits: List[SearchHit]
    took_ms: Optional[float] = None


@dataclass
class MemoryContext:
    text: str
    token_count: int
    cached: bool
    generated_at: Optional[str] = None


@dataclass
class ProfileSummary:
    person_id: str
    name: Optional[str]
    fact_count: int


@dataclass
class Snippet:
    source: str
    id: str
    content: str
    author_name: Optional[str] = None
    occurred_at: Optional[str] = None


@dataclass
class RetrievedContext:
    """The facts a chatbot needs to answer the last messages, as sentences, most relevant first."""
    facts: List[str]
    confidence: float
    reasoning: Optional[str]
    profiles: List[ProfileSummary]
    snippets: List[Snippet]
    metadata: Dict[str, Any]


@dataclass
class Fact:
    id: str
    type: str
    person_id: str
    object: Optional[str] = None
    person_name: Optional[str] = None
    object_label: Optional[str] = None
    confidence: Optional[float] = None
    evidence: List[str] = field(default_factory=list)
    start: Optional[str] = None
    end: Optional[str] = None
    current: Optional[bool] = None


@dataclass
class PersonProfile:
    person_id: str
    found: bool
    name: Optional[str]
    aliases: List[str]
    facts: List[Fact]


@dataclass
class FeedEvent:
    cursor: str
    type: str
    node_id: Optional[str] = None
    node_type: Optional[str] = None
    actor_agent_id: Optional[str] = None
    owner_id: Optional[str] = None
    domains: List[str] = field(default_factory=list)
    confidence: Optional[float] = None
    tier: Optional[str] = None
    payload: Any = None
    created_at: Optional[str] = None


@dataclass
class FeedPage:
    """What one poll of an agent's knowledge feed brought: resume with `cursor` as `after`."""
    cursor: Optional[str]
    events: List[FeedEvent]


@dataclass
class GameSession:
    id: str
    agent_id: str
    goal: str
    max_turns: int
    status: str
    turns_completed: int
    game: Optional[str] = None
    started_at: Optional[str] = None
    ended_at: Optional[str] = None


@dataclass
class Turn:
    id: str
    number: int
    success: bool
    button_presses: List[str]
    location: Optional[str] = None


@dataclass
class RecordedTurn:
    """`created` is False when the turn was sent before (recordTurn is idempotent per session and number)."""
    created: bool
    turn: Turn
    session: GameSession


@dataclass
class RecentTurns:
    session_id: str
    turn_count: int
    session_turns: int
    session_status: str
    #: The last turns in the game agent's own JSON shape, as text.
    json: str

"""Mnemograph's Python client: standard library only. See clients/python/README.md."""
from .client import MnemographClient
from .errors import RETRYABLE_CODES, MnemographError
from .results import (
    FeedEvent, FeedPage, Fact, GameSession, Memory, MemoryContext, PersonProfile, ProfileSummary,
    RecentTurns, RecordedTurn, RetrievedContext, SearchHit, SearchResult, Snippet, Turn,
)

__all__ = [
    "MnemographClient", "MnemographError", "RETRYABLE_CODES", "FeedEvent", "FeedPage", "Fact", "GameSession", "Memory",
    "MemoryContext", "PersonProfile", "ProfileSummary", "RecentTurns", "RecordedTurn", "RetrievedContext", "SearchHit",
    "SearchResult", "Snippet", "Turn",
]
__version__ = "0.1.0"

"""The one error the client raises: the gateway's code, field and wait, as it sent them."""
from typing import Optional

#: Codes that say "later": the call is sent again after the gateway's wait.
RETRYABLE_CODES = frozenset({"SERVICE_UNAVAILABLE", "SERVICE_BUSY", "RATE_LIMITED"})


class MnemographError(Exception):
    """A refused or failed call: `code` is the gateway's `extensions.code` (or
    NETWORK_ERROR when it could not be reached), `field` names the bad input,
    `retry_after_seconds` the gateway's wait, `status` the HTTP status."""

    def __init__(self, message: str, code: str, field: Optional[str] = None, retry_after_seconds: Optional[float] = None, status: Optional[int] = None):
        super().__init__(f"{code}: {message}")
        self.message = message
        self.code = code
        self.field = field
        self.retry_after_seconds = retry_after_seconds
        self.status = status

    @property
    def retryable(self) -> bool:
        return self.code in RETRYABLE_CODES

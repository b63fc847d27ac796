#!/usr/bin/env python3
"""One Discord squad bot's reply, drawn from its agent's memories in Mnemograph.

The Discord bots of the squad answered with canned phrases; this is the hook their
design notes ask for, in `_generate_natural_response()`: once an agent is chosen to
answer, fetch its memory context for the conversation (topic, participants), give
it to the model, and record the exchange as an interaction so the next reply
remembers it. Only the standard library: urllib for HTTP, json.

    python3 discord_bot.py --url http://localhost:4000/graphql --api-key mk_... \\
        --agent chagatai --user alice --channel general "How is the queue refactor going?"

Prints a JSON object: the memory context, the reply, and the memory recorded.
"""
import argparse
import json
import sys
import time
import urllib.error
import urllib.request
from urllib.parse import urljoin

MEMORY_CONTEXT = """
query MemoryContext($agentId: ID!, $conversationId: String, $participants: [String!], $topic: String, $tokenBudget: Int) {
  memoryContext(agentId: $agentId, conversationId: $conversationId, participants: $participants, topic: $topic, tokenBudget: $tokenBudget) {
    text tokenCount cached
  }
}"""

RECORD_INTERACTION = """
mutation RecordInteraction($input: RecordInteractionInput!) {
  recordInteraction(input: $input) { id type content importance participants conversationId }
}"""

RETRY_ON = ("SERVICE_UNAVAILABLE", "RATE_LIMITED")


class MnemographError(Exception):
    def __init__(self, message, code, retry_after_seconds=None):
        super().__init__(message)
        self.code = code
        self.retry_after_seconds = retry_after_seconds


class Mnemograph:
    """A GraphQL client of the gateway: an API key exchanged for tokens that are renewed, retries on its load and limits."""

    def __init__(self, url, api_key, max_attempts=4, max_wait_seconds=60, sleep=time.sleep):
        self.url = url
        self.api_key = api_key
        self.max_attempts = max_attempts
        self.max_wait_seconds = max_wait_seconds
        self.sleep = sleep
        self.token = None
        self.renew_at = 0.0

    def _post(self, url, body, headers):
        request = urllib.request.Request(url, data=json.dumps(body).encode() if body is not None else b"", method="POST", headers={"content-type": "application/json", **headers})
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                return json.loads(response.read().decode())
        except urllib.error.HTTPError as error:
            # The gateway answers 4xx/5xx with a JSON body that names the error.
            return json.loads(error.read().decode() or "{}")

    def _exchange(self):
        body = self._post(urljoin(self.url, "/auth/token"), None, {"authorization": f"ApiKey {self.api_key}"})
        if "access_token" not in body:
            error = (body.get("errors") or [{}])[0]
            raise MnemographError(error.get("message", "the API key was refused"), error.get("extensions", {}).get("code", "UNAUTHENTICATED"))
        self.token = body["access_token"]
        # Renew 30 s before the token expires.
        self.renew_at = time.time() + body.get("expires_in", 0) - 30

    def request(self, query, variables):
        renewed = False
        attempt = 1
        while True:
            if self.token is None or time.time() >= self.renew_at:
                self._exchange()
            result = self._post(self.url, {"query": query, "variables": variables}, {"authorization": f"Bearer {self.token}"})
            errors = result.get("errors") or []
            if not errors:
                return result["data"]
            extensions = errors[0].get("extensions", {})
            code = extensions.get("code", "INTERNAL_SERVER_ERROR")
            if code == "UNAUTHENTICATED" and not renewed:
                # Expired early or revoked: one new token from the API key.
                renewed = True
                self.token = None
                continue
            wait = extensions.get("retryAfterSeconds")
            if code in RETRY_ON and attempt < self.max_attempts:
                wait = wait if wait is not None else 0.25 * 2 ** (attempt - 1)
                if wait <= self.max_wait_seconds:
                    self.sleep(wait)
                    attempt += 1
                    continue
            raise MnemographError(errors[0].get("message", code), code, extensions.get("retryAfterSeconds"))


def generate_reply(agent, memory_text, message):
    """Stands in for the bot's language model: the memories it would be prompted with, instead of a canned phrase."""
    remembered = [line[2:] for line in memory_text.splitlines() if line.startswith("- ")]
    if not remembered:
        return f"I don't have anything on that yet, but I'll remember you asked: {message}"
    return f"{agent} here. From what I remember: {remembered[0]}"


def respond(client, agent, user, channel, message):
    context = client.request(MEMORY_CONTEXT, {"agentId": agent, "conversationId": channel, "participants": [user], "topic": message, "tokenBudget": 800})["memoryContext"]
    reply = generate_reply(agent, context["text"], message)
    recorded = client.request(RECORD_INTERACTION, {"input": {"agentId": agent, "withPeople": [user], "conversationId": channel, "summary": f"{user} asked: {message} — I replied: {reply}", "importance": 0.6, "tags": ["discord"]}})["recordInteraction"]
    return {"context": context, "reply": reply, "recorded": recorded}


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", required=True, help="the gateway's GraphQL endpoint")
    parser.add_argument("--api-key", required=True)
    parser.add_argument("--agent", required=True, help="the squad agent answering (the API key's agent)")
    parser.add_argument("--user", required=True)
    parser.add_argument("--channel", default="general")
    parser.add_argument("message")
    args = parser.parse_args(argv)
    try:
        print(json.dumps(respond(Mnemograph(args.url, args.api_key), args.agent, args.user, args.channel, args.message)))
    except MnemographError as error:
        print(json.dumps({"error": str(error), "code": error.code}), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

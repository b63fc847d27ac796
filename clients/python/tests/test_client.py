"""The Python client against a real gateway. tests/integration/client/pythonClient.test.ts starts
one (token mode, a tenant of its own, whoami limited to 2 calls a minute) and runs this with:

  MNEMOGRAPH_URL      the gateway's /graphql
  MNEMOGRAPH_API_KEY  an API key of agent MNEMOGRAPH_AGENT (roles agent)
  MNEMOGRAPH_WRITER_KEY  an API key of another agent of the tenant, MNEMOGRAPH_WRITER
  MNEMOGRAPH_RUN      a word unique to the run, in every text written

MNEMOGRAPH_AGENT follows Research written by anyone (a subscription rule the runner adds).
Without MNEMOGRAPH_URL the gateway tests are skipped; the retry tests below need no gateway.
"""
import json
import os
import threading
import time
import unittest
from http.server import BaseHTTPRequestHandler, HTTPServer

from mnemograph_client import FeedPage, GameSession, Memory, MnemographClient, MnemographError, PersonProfile, SearchResult

URL = os.environ.get("MNEMOGRAPH_URL")
RUN = os.environ.get("MNEMOGRAPH_RUN", "local")


def gateway_client(key_variable="MNEMOGRAPH_API_KEY", **options):
    return MnemographClient(URL, api_key=os.environ[key_variable], **options)


@unittest.skipUnless(URL, "MNEMOGRAPH_URL names no gateway")
class AgainstTheGateway(unittest.TestCase):
    def test_store_then_search_finds_the_memory_typed(self):
        client = gateway_client()
        memory = client.store(f"The {RUN} deploy pipeline runs nightly at two", type="INSIGHT", tags=["ops"], importance=0.8)
        self.assertIsInstance(memory, Memory)
        self.assertEqual(memory.type, "INSIGHT")
        self.assertEqual(memory.tags, ["ops"])
        result = client.search(f"{RUN} deploy pipeline")
        self.assertIsInstance(result, SearchResult)
        self.assertIn(memory.id, [hit.id for hit in result.hits])

    def test_context_is_the_memory_block_of_the_agent(self):
        client = gateway_client()
        client.store(f"Alice prefers {RUN} tea over coffee", type="OBSERVATION", agent_id=os.environ["MNEMOGRAPH_AGENT"], participants=["alice"], conversation_id=f"c-{RUN}")
        context = client.context(conversation_id=f"c-{RUN}", participants=["alice"], topic="tea", token_budget=500)
        self.assertIn(f"{RUN} tea", context.text)
        self.assertGreater(context.token_count, 0)
        self.assertLessEqual(context.token_count, 500)

    def test_asserted_facts_come_back_with_the_person_and_through_retrieval(self):
        client = gateway_client()
        person = f"dana-{RUN}"
        client.execute("mutation ($input: [PersonCreateInput!]!) { createPeople(input: $input) { people { id } } }", {"input": [{"id": person, "name": f"Dana {RUN}"}]})
        created = client.assert_facts([{"subject": person, "relation": "WORKS_AT", "object": f"Initech {RUN}", "confidence": 0.9}])
        self.assertEqual(len(created), 1)
        profile = client.facts(person)
        self.assertIsInstance(profile, PersonProfile)
        self.assertTrue(profile.found)
        self.assertEqual([(f.type, f.object) for f in profile.facts], [("WORKS_AT", f"Initech {RUN}")])
        retrieved = client.retrieve([{"authorId": "me", "content": f"Where does Dana {RUN} work?"}])
        self.assertTrue(any(f"Initech {RUN}" in fact for fact in retrieved.facts), retrieved.facts)
        self.assertIn(person, [p.person_id for p in retrieved.profiles])

    def test_bad_input_is_refused_with_the_field_named(self):
        client = gateway_client()
        with self.assertRaises(MnemographError) as raised:
            client.store("too sure", importance=1.5)
        self.assertEqual(raised.exception.code, "BAD_USER_INPUT")
        self.assertIn("importance", raised.exception.field or raised.exception.message)
        with self.assertRaises(ValueError):
            MnemographClient("localhost:4000/graphql")

    def test_game_turns_are_recorded_once_and_read_back(self):
        client = gateway_client()
        session = client.start_game_session(f"beat the {RUN} gym", 10, game="pokemon-red")
        self.assertIsInstance(session, GameSession)
        self.assertEqual(session.status, "ACTIVE")
        turn = {"number": 1, "analysis": "Walk north to the gym", "buttonPresses": ["UP", "UP"], "success": True, "location": "Pewter City"}
        first = client.record_turn(session.id, turn)
        again = client.record_turn(session.id, turn)
        self.assertTrue(first.created)
        self.assertFalse(again.created)
        self.assertEqual(again.turn.id, first.turn.id)
        self.assertEqual(first.turn.button_presses, ["UP", "UP"])
        recent = client.recent_turns(session.id, last=5)
        self.assertEqual(recent.session_turns, 1)
        self.assertIn("Pewter City", recent.json)
        self.assertEqual(client.end_game_session(session.id).status, "COMPLETED")

    def test_the_feed_brings_research_another_agent_writes_and_resumes_from_its_cursor(self):
        reader = gateway_client()
        writer = gateway_client("MNEMOGRAPH_WRITER_KEY")
        start = reader.poll_feed(os.environ["MNEMOGRAPH_AGENT"], wait_seconds=1.0)
        self.assertIsInstance(start, FeedPage)
        ids = []
        for n in range(2):
            data = writer.execute("mutation ($input: [ResearchCreateInput!]!) { createResearch(input: $input) { research { id } } }",
                                  {"input": [{"topic": f"{RUN} topic", "findings": f"{RUN} finding {n}", "visibility": "SHARED"}]})
            ids.append(data["createResearch"]["research"][0]["id"])
        seen, cursor = [], start.cursor
        deadline = time.time() + 60
        while not set(ids) <= set(seen) and time.time() < deadline:
            page = reader.poll_feed(os.environ["MNEMOGRAPH_AGENT"], after=cursor, wait_seconds=1.0)
            seen += [e.node_id for e in page.events]
            cursor = page.cursor
        self.assertEqual(sorted(i for i in seen if i in ids), sorted(ids))
        self.assertTrue(all(e == 1 for e in [seen.count(i) for i in ids]), "an event came twice")
        # From the last cursor: nothing already delivered comes again.
        after = reader.poll_feed(os.environ["MNEMOGRAPH_AGENT"], after=cursor, wait_seconds=1.0)
        self.assertEqual([e.node_id for e in after.events if e.node_id in ids], [])

    def test_rate_limited_calls_wait_the_gateways_retry_after_then_give_up_with_the_code(self):
        waits = []
        client = gateway_client(max_attempts=3, sleep=waits.append)
        with self.assertRaises(MnemographError) as raised:
            for _ in range(5):
                client.execute("{ whoami { agentId } }")
        self.assertEqual(raised.exception.code, "RATE_LIMITED")
        self.assertEqual(len(waits), 2)
        # The gateway's own wait, not a backoff of the client's.
        self.assertEqual(waits, [raised.exception.retry_after_seconds] * 2)
        self.assertGreater(waits[0], 0)


class BusyGateway(BaseHTTPRequestHandler):
    """Answers SERVICE_BUSY (503, Retry-After: 7) `busy` times, then a result: the gateway's overload answer."""
    busy = 0
    calls = 0

    def do_POST(self):
        type(self).calls += 1
        self.rfile.read(int(self.headers.get("content-length") or 0))
        if type(self).calls <= type(self).busy:
            body, status, headers = {"errors": [{"message": "busy", "extensions": {"code": "SERVICE_BUSY"}}]}, 503, {"Retry-After": "7"}
        else:
            body, status, headers = {"data": {"ok": True}}, 200, {}
        data = json.dumps(body).encode()
        self.send_response(status)
        for k, v in {"content-type": "application/json", "content-length": str(len(data)), **headers}.items():
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args):
        pass


class Retries(unittest.TestCase):
    def serve(self, busy):
        handler = type("Handler", (BusyGateway,), {"busy": busy, "calls": 0})
        server = HTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        self.addCleanup(server.server_close)
        self.addCleanup(server.shutdown)
        return f"http://127.0.0.1:{server.server_port}/graphql", handler

    def test_service_busy_is_sent_again_after_the_retry_after_header(self):
        url, handler = self.serve(busy=2)
        waits = []
        client = MnemographClient(url, token="t", sleep=waits.append)
        self.assertEqual(client.execute("{ ok }"), {"ok": True})
        self.assertEqual(waits, [7, 7])
        self.assertEqual(handler.calls, 3)

    def test_gives_up_after_max_attempts_with_the_code_and_wait(self):
        url, handler = self.serve(busy=10)
        waits = []
        client = MnemographClient(url, token="t", max_attempts=2, sleep=waits.append)
        with self.assertRaises(MnemographError) as raised:
            client.execute("{ ok }")
        self.assertEqual((raised.exception.code, raised.exception.status, raised.exception.retry_after_seconds), ("SERVICE_BUSY", 503, 7))
        self.assertEqual(handler.calls, 2)

    def test_a_wait_is_never_longer_than_max_delay(self):
        url, _ = self.serve(busy=1)
        waits = []
        MnemographClient(url, token="t", max_delay=3, sleep=waits.append).execute("{ ok }")
        self.assertEqual(waits, [3])

    def test_an_unreachable_gateway_is_a_network_error(self):
        with self.assertRaises(MnemographError) as raised:
            MnemographClient("http://127.0.0.1:9/graphql", token="t", timeout=2).execute("{ ok }")
        self.assertEqual(raised.exception.code, "NETWORK_ERROR")


if __name__ == "__main__":
    unittest.main()

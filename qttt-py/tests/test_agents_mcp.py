"""The MCP server over stdio, driven by the official MCP Python SDK's client."""

import asyncio
import sys

import pytest

pytest.importorskip("mcp")

from mcp import Client  # noqa: E402
from mcp.client.stdio import StdioServerParameters  # noqa: E402

SERVER = StdioServerParameters(command=sys.executable, args=["-m", "qttt.agents.mcp_server"])


def _run(script):
    async def main():
        async with Client(SERVER) as client:
            return await script(client)

    return asyncio.run(main())


async def _call(client, tool, **arguments):
    result = await client.call_tool(tool, arguments)
    assert not result.is_error, result.content[0].text
    return result.structured_content


async def _refused(client, tool, **arguments):
    result = await client.call_tool(tool, arguments)
    assert result.is_error
    return result.content[0].text


def test_two_clients_play_the_worked_example():
    async def script(client):
        names = sorted(tool.name for tool in (await client.list_tools()).tools)
        assert names == ["legal_actions", "new_game", "play", "position", "review", "rules"]
        schemas = {tool.name: tool.input_schema["properties"] for tool in (await client.list_tools()).tools}
        assert schemas["new_game"]["seat"]["enum"] == ["X", "O"]
        assert schemas["new_game"]["opponent"]["enum"] == ["random", "mcts", "perfect", "client"]
        assert schemas["new_game"]["scoring"]["enum"] == schemas["rules"]["scoring"]["enum"] == ["single", "goff", "complete"]
        assert schemas["position"]["form"]["enum"] == ["board", "record", "json"]
        assert list(schemas["play"]) == ["game", "seat_key", "action"]
        rules = await client.call_tool("rules", {"scoring": "goff"})
        assert "## Collapse" in rules.content[0].text and "Goff's published scoring" in rules.content[0].text
        game = await _call(client, "new_game", opponent="client")
        gid, seats = game["game"], game["seat_keys"]
        assert set(seats) == {"X", "O"} and seats["X"] != seats["O"]
        assert (game["record"], game["to_act"], game["over"]) == ("", "X", False)
        # No result yet; the value is perfect play's: the first player wins (the published result).
        assert (game["result"], game["value"]) == (None, 1.0)
        refusal = await _refused(client, "play", game=gid, seat_key=seats["O"], action="47")
        assert "it is X's turn, not O's" in refusal
        assert "seat key holds no seat" in await _refused(client, "play", game=gid, seat_key="0" * 16, action="58")
        for seat, action in zip("XOXOXO", ["58", "I play 47", "67", "59", "48", "68"]):
            played = await _call(client, "play", game=gid, seat_key=seats[seat], action=action)
            assert played["played"] == [action.split()[-1]]
        assert (await _call(client, "legal_actions", game=gid))["result"] == ["@6", "@8"]
        refusal = await _refused(client, "play", game=gid, seat_key=seats["X"], action="12")
        assert "Your action 12 is not legal here" in refusal and "collapse choice is pending" in refusal
        end = await _call(client, "play", game=gid, seat_key=seats["X"], action="@8")
        assert end["over"] and end["result"] == 1 and end["value"] == 1 and end["to_act"] is None
        assert end["record"] == "58 47 67 59 48 68 @8"
        assert "the game is over" in await _refused(client, "play", game=gid, seat_key=seats["O"], action="12")
        view = await _call(client, "position", game=gid, form="json")
        assert view["text"].startswith('JSON view: {"record":"58 47 67 59 48 68 @8"')
        review = await _call(client, "review", game=gid)
        actions = review["actions"]
        assert [a["action"] for a in actions] == "58 47 67 59 48 68 @8".split()
        # @8 wins at once, so X's value before it is a win and it kept it.
        assert actions[-1] | {"best": None} == {"ply": 7, "player": "X", "action": "@8", "before": 1.0,
                                                 "after": 1.0, "lost": 0.0, "kept": True, "verdict": "kept",
                                                 "best": None}
        assert review["game_file"].endswith("1-0\n") and '[Result "1-0"]' in review["game_file"]
        assert "no game" in await _refused(client, "position", game="g99")

    _run(script)


def test_a_client_against_a_built_in_opponent():
    async def script(client):
        game = await _call(client, "new_game", seat="O", opponent="random", seed=3)
        gid, seats = game["game"], game["seat_keys"]
        assert list(seats) == ["O"] and len(game["record"].split()) == 1 and game["to_act"] == "O"
        while not game["over"]:
            legal = (await _call(client, "legal_actions", game=gid))["result"]
            game = await _call(client, "play", game=gid, seat_key=seats["O"], action=f"my move: {legal[0]}")
            assert game["played"][0] == legal[0]
            assert game["over"] or game["to_act"] == "O"
        assert game["value"] == game["result"] and game["result"] in (-1, 0, 1)
        assert "seat is X or O" in await _refused(client, "new_game", seat="Z")
        assert "opponent is one of" in await _refused(client, "new_game", opponent="alphazero")

    _run(script)


def test_the_server_reports_its_version_and_reviews_without_minus_zero():
    import qttt

    async def script(client):
        assert client.server_info.version == qttt.__version__
        game = await _call(client, "new_game", opponent="client")
        gid, keys = game["game"], game["seat_keys"]
        # Pairs collapsed into 1-2, 3-5, 4-6, then X7 78, O8 79, X9 89: O
        # chooses where X9 lands, and @9 draws (worked in the core's docs):
        # O's values before and after are 0, written 0.0, never -0.0.
        for action in "12 12 @2 35 35 @5 46 46 @6 78 79 89 @9".split():
            game = await _call(client, "play", game=gid, seat_key=keys[game["to_act"]], action=action)
        review = await _call(client, "review", game=gid)
        last = review["actions"][-1]
        assert (last["player"], last["before"], last["after"], last["lost"]) == ("O", 0.0, 0.0, 0.0)
        assert "-0.0" not in repr(review["actions"]), review["actions"]

    _run(script)

"""Load test of ``divided serve`` on loopback, against the expert bot.

Run: ``.venv/bin/python benchmarks/load_web.py`` (add ``--help`` for the bounds). It starts its
own server (``divided serve --port 0`` with a temporary data folder, SQLite, one worker unless
told otherwise), then measures:

1. **Bot reply latency**: games against the expert played one at a time; the time of every
   ``POST /api/games/{id}/moves`` after which the bot moved (the request includes the bot's
   thinking), p50/p95/max.
2. **Under load**: ``--games`` browsers (default 100), each with its own session and its own
   game in progress, all at once: each reads its state (``GET /api/games/{id}``) a few times,
   then moves, until its game ends or the time budget is spent. Reported: p50/p95/max of the
   GETs (the non-bot requests) and of the moves, and requests per second overall.
   **Capacity curve**: ``--games 10,25,50,100 --pause 1`` runs the load phase once per count
   (a new set of games each time, after the sequential games), each browser pausing about a
   second before each request, and prints a table: POST move and GET p95, the replies the
   server gave up on (the bot over its time limit: asked again), and the server's CPU use
   (its processes and their workers, in cores: about the core count means the CPU is the bound).
   Every browser comes from one address, so this mode lifts the per-address limit on new games.

3. **Hint attack** (``--hint-attack N``, instead of 1 and 2): N attackers ask for hints in
   parallel while a victim plays the expert one move after another; reported: the victim's
   ``POST move`` p50/p95 and what the attackers got (200, 429). Each attacker has games of its
   own, each in a new session, made before the clock starts. ``--attack-mode repeat`` asks
   again and again at the same position of one game (the hint is the same every time);
   ``fresh`` goes round ``--attack-games`` games, so every hint is a new computation until
   they are used up. The attackers make no moves: the load is the hints alone. An attacker
   pauses 0.1 s after a 429 (it does not wait the ``Retry-After``). The attackers run in a
   process of their own, so their requests do not hold up the victim's client.
   ``--hint-baseline`` first measures the victim alone for the same time.
   ``--attack-mode review`` asks for reviews instead: each attacker's games are played to the
   end (random moves against the random bot) before the clock starts, and the attackers ask
   for their reviews one game after another (a new review each time, until the games are used
   up; then the stored review is read). Without ``--poll`` the attackers ask again at once
   after every answer: a flood of cheap requests (stored reviews, progress) more than the
   reviews' work. ``--poll 0.7`` makes each attacker behave like the review page: it polls its
   running review every 0.7 s until it is done, then asks for the next; that measures what
   reviews cost the other players' moves.

Everything is bounded (request counts and a wall-clock budget) and talks to 127.0.0.1 only.
The client runs in this process, so on a small machine it competes with the server for CPU.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[1]


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def summary(name: str, values: list[float]) -> str:
    ms = [v * 1000 for v in values]
    return (f"{name}: n={len(ms):,}  p50 {percentile(ms, 0.50):.1f} ms  p95 {percentile(ms, 0.95):.1f} ms  "
            f"p99 {percentile(ms, 0.99):.1f} ms  max {max(ms, default=float('nan')):.1f} ms")


class Server:
    """``divided serve`` in a subprocess on a free loopback port."""

    def __init__(self, data_dir: Path, extra: list[str]) -> None:
        self.out = data_dir / "server.out"
        self.err = data_dir / "server.err"
        env = dict(os.environ, DIVIDED_DATA_DIR=str(data_dir), PYTHONUNBUFFERED="1")
        env.pop("DIVIDED_DATABASE_URL", None)
        with self.out.open("w") as out, self.err.open("w") as err:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "divided", "serve", "--host", "127.0.0.1", "--port", "0",
                 "--data-dir", str(data_dir), *extra],
                stdout=out, stderr=err, env=env, cwd=ROOT, start_new_session=True)
        self.url = ""
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise SystemExit(f"the server exited: {self.err.read_text()[-2000:]}")
            found = re.search(r"Open (http://127\.0\.0\.1:\d+)/", self.out.read_text())
            if found:
                self.url = found.group(1)
                try:
                    if httpx.get(f"{self.url}/api/games", timeout=2).status_code == 200:
                        return
                except httpx.TransportError:
                    pass
            time.sleep(0.05)
        self.stop()
        raise SystemExit("the server did not start within 60 s")

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()


def bot_replies(url: str, games: int, rng: random.Random, failures: list[str] | None = None,
                think: float = 0.0) -> list[float]:
    """Sequential games against the expert: latency of each request that waited for the bot,
    the player pausing ``think`` seconds before each move (the time the server's bot may use to
    ponder; 0: none, the worst case). A
    reply the server gave up on (the bot over its time limit: ``bot_error`` set, the bot still to
    move) counts its wait among the latencies and its message in ``failures``, and the bot is
    asked again (``POST /api/games/{id}/bot``)."""
    latencies: list[float] = []
    with httpx.Client(base_url=url, timeout=60) as http:
        for _ in range(games):
            state = http.post("/api/games", json={"bot": "expert", "first_splitter": "coin"}).json()
            while state["phase"] != "over":
                began = time.perf_counter()
                if state.get("to_move") == "bot":
                    if failures is not None:
                        failures.append(str(state.get("bot_error")))
                    response = http.post(f"/api/games/{state['id']}/bot", json={"move_number": state["move_number"]})
                else:
                    action = rng.choice(state["legal"])["action"]
                    if think > 0:
                        time.sleep(think)
                        began = time.perf_counter()
                    response = http.post(f"/api/games/{state['id']}/moves",
                                         json={"move_number": state["move_number"], "action": action})
                elapsed = time.perf_counter() - began
                response.raise_for_status()
                after = response.json()
                bot_moved = after["move_number"] > state["move_number"] + 1 or (
                    state.get("to_move") == "bot" and after["move_number"] > state["move_number"])
                if bot_moved or after.get("to_move") == "bot":
                    latencies.append(elapsed)  # the bot moved, or the player waited for it in vain
                state = after
    return latencies


async def browser(url: str, bot: str, rng: random.Random, reads: int, deadline: float, budget: int,
                  gets: list[float], moves: list[float], errors: list[str], think: float = 0.0,
                  gave_up: list[str] | None = None) -> int:
    """One browser: its own session and game; read the state ``reads`` times per move, pausing
    about ``think`` seconds (0.5x to 1.5x, at random) before each request when ``think`` > 0."""

    async def pause() -> None:
        if think > 0:
            await asyncio.sleep(think * rng.uniform(0.5, 1.5))

    done = 0
    async with httpx.AsyncClient(base_url=url, timeout=60) as http:
        response = await http.post("/api/games", json={"bot": bot, "first_splitter": "coin"})
        done += 1
        if response.status_code != 201:
            errors.append(f"create {response.status_code}")
            return done
        state: dict[str, Any] = response.json()
        while state["phase"] != "over" and time.monotonic() < deadline and done < budget:
            for _ in range(reads):
                await pause()
                began = time.perf_counter()
                got = await http.get(f"/api/games/{state['id']}")
                gets.append(time.perf_counter() - began)
                done += 1
                if got.status_code != 200:
                    errors.append(f"GET {got.status_code}")
            await pause()
            began = time.perf_counter()
            moved = await http.post(f"/api/games/{state['id']}/moves",
                                    json={"move_number": state["move_number"],
                                          "action": rng.choice(state["legal"])["action"]})
            moves.append(time.perf_counter() - began)
            done += 1
            if moved.status_code != 200:
                errors.append(f"POST {moved.status_code}")
                break
            state = moved.json()
            while state.get("to_move") == "bot" and state["phase"] != "over" and done < budget:
                if gave_up is not None:  # the server gave up on the bot's reply: ask again
                    gave_up.append(str(state.get("bot_error")))
                again = await http.post(f"/api/games/{state['id']}/bot", json={"move_number": state["move_number"]})
                done += 1
                if again.status_code != 200:
                    errors.append(f"POST bot {again.status_code}")
                    return done
                state = again.json()
    return done


async def under_load(url: str, bot: str, games: int, reads: int, seconds: float, budget: int,
                     seed: int, think: float = 0.0, gave_up: list[str] | None = None,
                     ) -> tuple[list[float], list[float], int, float, list[str]]:
    gets: list[float] = []
    moves: list[float] = []
    errors: list[str] = []
    deadline = time.monotonic() + seconds
    began = time.perf_counter()
    counts = await asyncio.gather(*(
        browser(url, bot, random.Random(seed + i), reads, deadline, budget, gets, moves, errors, think, gave_up)
        for i in range(games)))
    return gets, moves, sum(counts), time.perf_counter() - began, errors


def session_cpu(session: int) -> float:
    """CPU seconds used so far by the live processes of a session (the server, its workers).
    Linux only (``/proc``); NaN elsewhere."""
    total = 0
    try:
        ticks = os.sysconf("SC_CLK_TCK")
        entries = os.listdir("/proc")
    except (OSError, ValueError, AttributeError):
        return float("nan")
    for entry in entries:
        if not entry.isdigit():
            continue
        try:
            fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[3]) == session:  # field 6 of stat: the session id
            total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / ticks


def capacity_curve(server: Server, args: argparse.Namespace, counts: list[int]) -> None:
    """The load phase once per count of games: a table of p95s, give-ups and CPU use."""
    print(f"capacity curve ({args.bot} bot, {args.think:g} s pauses, {args.seconds:g} s a step, "
          f"{os.cpu_count()} CPUs shared with this client):")
    print("games  POST move p95  p50      GET p95   p50      moves   give-ups  errors  server CPU (cores)")
    for step, games in enumerate(counts):
        gave_up: list[str] = []
        cpu_before, wall_before = session_cpu(server.process.pid), time.monotonic()
        gets, moves, _count, _wall, errors = asyncio.run(
            under_load(server.url, args.bot, games, args.reads, args.seconds, args.max_requests,
                       args.seed + 1000 * step, args.think, gave_up))
        cores = (session_cpu(server.process.pid) - cpu_before) / (time.monotonic() - wall_before)
        ms = [v * 1000 for v in moves]
        gs = [v * 1000 for v in gets]
        print(f"{games:5d}  {percentile(ms, 0.95):9.0f} ms {percentile(ms, 0.5):6.0f} ms  "
              f"{percentile(gs, 0.95):6.0f} ms {percentile(gs, 0.5):6.0f} ms  {len(ms):6d}  {len(gave_up):8d}  "
              f"{len(errors):6d}  {cores:.2f}" + (f"  {sorted(set(errors))}" if errors else ""))


async def victim(url: str, rng: random.Random, deadline: float, moves: list[float], errors: list[str],
                 think: float = 0.0) -> None:
    """One player against the expert, one move after another until the deadline, thinking
    ``think`` seconds before each (not timed; the bot may ponder meanwhile)."""
    async with httpx.AsyncClient(base_url=url, timeout=60) as http:
        while time.monotonic() < deadline:
            response = await http.post("/api/games", json={"bot": "expert", "first_splitter": "coin"})
            if response.status_code != 201:
                errors.append(f"victim create {response.status_code}")
                await asyncio.sleep(0.5)
                continue
            state: dict[str, Any] = response.json()
            while state["phase"] != "over" and time.monotonic() < deadline:
                if think > 0:
                    await asyncio.sleep(think)
                began = time.perf_counter()
                moved = await http.post(f"/api/games/{state['id']}/moves",
                                        json={"move_number": state["move_number"],
                                              "action": rng.choice(state["legal"])["action"]})
                moves.append(time.perf_counter() - began)
                if moved.status_code != 200:
                    errors.append(f"victim move {moved.status_code}")
                    break
                state = moved.json()


async def attacker_games(url: str, count: int, finished: bool = False,
                         rng: random.Random | None = None) -> list[tuple[dict[str, str], str]]:
    """``count`` games with hints, each in a session of its own (cookies, game id), made before
    the attack (a 429 ends the making early); with ``finished`` each is played to the end with
    random moves (``rng``) against the random bot, ready for a review."""
    made: list[tuple[dict[str, str], str]] = []
    rng = rng or random.Random(0)
    async with httpx.AsyncClient(base_url=url, timeout=60) as http:
        for _ in range(count):
            http.cookies.clear()
            created = await http.post("/api/games", json={"bot": "random", "first_splitter": "you", "hints": True})
            if created.status_code != 201:
                break
            state = created.json()
            while finished and state["phase"] != "over":
                moved = await http.post(f"/api/games/{state['id']}/moves",
                                        json={"move_number": state["move_number"],
                                              "action": rng.choice(state["legal"])["action"]})
                moved.raise_for_status()
                state = moved.json()
            made.append((dict(http.cookies), state["id"]))
    return made


async def attacker(url: str, games: list[tuple[dict[str, str], str]], mode: str, deadline: float,
                   codes: dict[int, int], hints: list[float], poll: float = 0.0) -> None:
    """Hint requests one after another until the deadline: ``repeat`` asks at its first game
    only; ``fresh`` goes through its games (a new position, so a new computation, each time
    until they are used up; then they are asked again, from the cache). ``review`` asks for
    each game's review in turn (accepted: the next game; refused: again after a pause). With
    ``poll`` seconds, an attacker waits that long after every answer, and in ``review`` mode it
    polls a running review until it is done before asking for the next, as the review page does."""
    rounds = games[:1] if mode == "repeat" else games
    path = "review" if mode == "review" else "hint"
    async with httpx.AsyncClient(base_url=url, timeout=60) as http:
        turn = 0
        while rounds and time.monotonic() < deadline:
            cookies, game_id = rounds[turn % len(rounds)]
            http.cookies.clear()
            http.cookies.update(cookies)
            began = time.perf_counter()
            hint = await http.post(f"/api/games/{game_id}/{path}")
            codes[hint.status_code] = codes.get(hint.status_code, 0) + 1
            if hint.status_code in (200, 202):
                hints.append(time.perf_counter() - began)
                if mode != "review" or hint.status_code == 200 or not poll:
                    turn += 1  # (paced reviews: a running one is polled until it is done, as the page does)
                if poll:
                    await asyncio.sleep(poll)
            else:
                await asyncio.sleep(0.1)


async def attack(url: str, attackers: int, mode: str, seconds: float, per_attacker: int,
                 ready: Any, start: Any, poll: float = 0.0) -> tuple[dict[int, int], list[float]]:
    codes: dict[int, int] = {}
    hints: list[float] = []
    games = [await attacker_games(url, 1 if mode == "repeat" else per_attacker, mode == "review", random.Random(i))
             for i in range(attackers)]
    ready.set()
    start.wait()
    deadline = time.monotonic() + seconds
    await asyncio.gather(*(attacker(url, mine, mode, deadline, codes, hints, poll) for mine in games))
    return codes, hints


def attack_process(url: str, attackers: int, mode: str, seconds: float, per_attacker: int,
                   ready: Any, start: Any, results: Any, poll: float = 0.0) -> None:
    """The attackers, in a process of their own: their requests do not delay the victim's
    client (which would count as the victim's latency)."""
    results.put(asyncio.run(attack(url, attackers, mode, seconds, per_attacker, ready, start, poll)))


def hint_attack(url: str, attackers: int, mode: str, seconds: float, seed: int, per_attacker: int,
                think: float = 0.0, poll: float = 0.0) -> tuple[list[float], list[str], dict[int, int], list[float]]:
    moves: list[float] = []
    errors: list[str] = []
    context = multiprocessing.get_context("spawn")
    ready, start, results = context.Event(), context.Event(), context.Queue()
    process = None
    if attackers:
        process = context.Process(target=attack_process, args=(url, attackers, mode, seconds, per_attacker,
                                                               ready, start, results, poll), daemon=True)
        process.start()
        if not ready.wait(300):
            raise SystemExit("the attackers did not get ready within 300 s")
    start.set()
    asyncio.run(victim(url, random.Random(seed), time.monotonic() + seconds, moves, errors, think))
    codes: dict[int, int] = {}
    hints: list[float] = []
    if process is not None:
        codes, hints = results.get(timeout=120)
        process.join(30)
    return moves, errors, codes, hints


def run_hint_attack(url: str, args: argparse.Namespace) -> None:
    pace = f", thinking {args.reply_think:g} s a move" if args.reply_think else ""
    if args.hint_baseline:
        alone, errors, _, _ = hint_attack(url, 0, args.attack_mode, args.seconds, args.seed, 0, args.reply_think)
        print(summary(f"victim's POST move vs the expert, alone{pace}, {args.seconds:g} s", alone)
              + (f"; errors {sorted(set(errors))}" if errors else ""))
    moves, errors, codes, hints = hint_attack(url, args.hint_attack, args.attack_mode, args.seconds, args.seed,
                                              args.attack_games, args.reply_think, args.poll)
    print(summary(f"victim's POST move vs the expert, {args.hint_attack} attackers' parallel requests "
                  f"({args.attack_mode}){pace}, {args.seconds:g} s", moves)
          + (f"; errors {sorted(set(errors))}" if errors else ""))
    if args.hint_baseline:
        print(f"victim's p95 under attack / alone: {percentile(moves, 0.95) / percentile(alone, 0.95):.2f}")
    print(summary(f"attackers' answered {'review requests' if args.attack_mode == 'review' else 'hints'}", hints))
    print(f"attackers' answers by status: {dict(sorted(codes.items()))}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sequential-games", type=int, default=20,
                        help="games against the expert for the bot-reply latency (default 20)")
    parser.add_argument("--games", default="100",
                        help="concurrent browsers and games (default 100); a comma list (10,25,50,100) "
                        "measures a capacity curve")
    parser.add_argument("--reads", type=int, default=5, help="state reads per move in the load phase (default 5)")
    parser.add_argument("--seconds", type=float, default=40, help="time budget of the load phase (default 40)")
    parser.add_argument("--max-requests", type=int, default=100,
                        help="at most this many requests per browser in the load phase (default 100)")
    parser.add_argument("--bot", default="expert", choices=("random", "skilled", "expert"),
                        help="the opponent in the load phase (default expert)")
    parser.add_argument("--think", "--pause", type=float, default=0.0,
                        help="seconds each browser pauses before a request, on average (default 0: "
                        "no pause, a saturation test; about 1 is still far busier than a person)")
    parser.add_argument("--reply-think", type=float, default=0.0,
                        help="seconds the player of the sequential games (and the victim of --hint-attack) "
                        "thinks before each move (default 0: none, the worst case for a bot that ponders on "
                        "the player's time)")
    parser.add_argument("--no-load", action="store_true", help="measure the bot replies only")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--database-url", default=None, help="needed for --workers above 1")
    parser.add_argument("--hint-attack", type=int, default=0, metavar="N",
                        help="run only the hint-attack scenario with N parallel hint requests")
    parser.add_argument("--attack-mode", choices=("repeat", "fresh", "review"), default="fresh",
                        help="hints at the same position again and again, or at a new one each time "
                        "(default fresh); or reviews of finished games, a new one each time")
    parser.add_argument("--attack-games", type=int, default=40,
                        help="with --attack-mode fresh: games each attacker makes before the attack "
                        "(default 40; the per-address limit on new games may stop it earlier)")
    parser.add_argument("--poll", type=float, default=0.0, metavar="SECONDS",
                        help="with --hint-attack: each attacker waits this long after every answer; in review "
                        "mode it polls a running review until done before the next, as the page does (0.7 s)")
    parser.add_argument("--hint-baseline", action="store_true",
                        help="with --hint-attack: first measure the victim alone")
    parser.add_argument("--limit", action="append", default=[], metavar="NAME=VALUE",
                        help="passed to divided serve --limit (e.g. hints_burst=100000 to see an "
                        "attacker spread over many addresses, whom the per-address buckets do not stop)")
    args = parser.parse_args()
    extra = ["--workers", str(args.workers)]
    if "," in args.games:  # every browser is at this one address: lift the per-address limit on new games
        extra += ["--limit", "games_burst=1000000"]
    for limit in args.limit:
        extra += ["--limit", limit]
    if args.database_url:
        extra += ["--database-url", args.database_url]
    with tempfile.TemporaryDirectory(prefix="divided-load-") as folder:
        server = Server(Path(folder), extra)
        try:
            print(f"server: {server.url} (workers {args.workers}, "
                  f"{'SQLite' if not args.database_url else args.database_url.split(':')[0]}), "
                  f"{os.cpu_count()} CPUs shared with this client")
            if args.hint_attack:
                run_hint_attack(server.url, args)
                return
            counts = [int(count) for count in args.games.split(",") if count.strip()]
            failures: list[str] = []
            replies = bot_replies(server.url, args.sequential_games, random.Random(args.seed), failures,
                                  args.reply_think)
            thinking = f", the player thinking {args.reply_think:g} s a move" if args.reply_think else ""
            print(summary(f"expert reply (POST move incl. bot), {args.sequential_games} sequential games{thinking}",
                          replies))
            if failures:
                print(f"bot replies the server gave up on (asked again): {len(failures)}: {sorted(set(failures))}")
            if args.no_load:
                return
            if len(counts) > 1:
                capacity_curve(server, args, counts)
                return
            gets, moves, count, wall, errors = asyncio.run(
                under_load(server.url, args.bot, counts[0], args.reads, args.seconds, args.max_requests, args.seed,
                           args.think))
            pace = f", {args.think:g} s pauses" if args.think else ", no pauses"
            print(summary(f"GET state with {counts[0]} games in progress ({args.bot} bot{pace})", gets))
            print(summary(f"POST move with {counts[0]} games in progress ({args.bot} bot)", moves))
            print(f"throughput under load: {count:,} requests in {wall:.1f} s = {count / wall:,.0f} requests/s"
                  + (f"; {len(errors)} errors: {sorted(set(errors))}" if errors else "; no errors"))
        finally:
            server.stop()


if __name__ == "__main__":
    main()

"""Small graph helpers for road networks (cities joined by roads)."""

from __future__ import annotations

from collections.abc import Iterable


def adjacency(names: Iterable[str], roads: Iterable[tuple[str, str]]) -> dict[str, list[str]]:
    graph: dict[str, list[str]] = {n: [] for n in names}
    for a, b in roads:
        graph[a].append(b)
        graph[b].append(a)
    for n in graph:
        graph[n].sort()
    return graph


def reachable(graph: dict[str, list[str]], start: str) -> set[str]:
    seen, stack = {start}, [start]
    while stack:
        for nxt in graph[stack.pop()]:
            if nxt not in seen:
                seen.add(nxt)
                stack.append(nxt)
    return seen


def longest_path(graph: dict[str, list[str]], enough: int, budget: int = 200_000) -> list[str]:
    """A longest simple path found by depth-first search, stopping at `enough` cities
    (the search is exponential in general; 25 cities of degree ≤ 5 take milliseconds)."""
    best: list[str] = []
    steps = 0

    def dfs(path: list[str], seen: set[str]) -> bool:
        nonlocal best, steps
        steps += 1
        if len(path) > len(best):
            best = list(path)
            if len(best) >= enough:
                return True
        if steps > budget:
            return True
        for nxt in sorted(graph[path[-1]], key=lambda n: len(graph[n])):  # Warnsdorff
            if nxt not in seen:
                seen.add(nxt)
                path.append(nxt)
                if dfs(path, seen):
                    return True
                path.pop()
                seen.discard(nxt)
        return False

    for start in sorted(graph, key=lambda n: len(graph[n])):
        if dfs([start], {start}):
            break
    return best

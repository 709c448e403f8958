"""Registers the custom search attributes of domain/search_attributes.py on a Temporal cluster.

    python -m launcher.search_attributes --print-commands   # `temporal operator` lines
    python -m launcher.search_attributes --address temporal:7233 --namespace default

The second form is the one-shot job of docker-compose.yml; it waits for the cluster, adds the
missing attributes, leaves existing ones alone, and fails on a type clash.
"""

from __future__ import annotations

import argparse
import asyncio
import shlex
import sys
import time

from temporalio.api.enums.v1 import IndexedValueType
from temporalio.api.operatorservice.v1 import AddSearchAttributesRequest, ListSearchAttributesRequest
from temporalio.client import Client
from temporalio.service import RPCError

from domain.search_attributes import SEARCH_ATTRIBUTES

# Temporal's type names as the CLI spells them -> the API enum.
TYPES: dict[str, IndexedValueType.ValueType] = {
    "Text": IndexedValueType.INDEXED_VALUE_TYPE_TEXT,
    "Keyword": IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD,
    "Int": IndexedValueType.INDEXED_VALUE_TYPE_INT,
    "Double": IndexedValueType.INDEXED_VALUE_TYPE_DOUBLE,
    "Bool": IndexedValueType.INDEXED_VALUE_TYPE_BOOL,
    "Datetime": IndexedValueType.INDEXED_VALUE_TYPE_DATETIME,
    "KeywordList": IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD_LIST,
}


def cli_commands(namespace: str, address: str | None = None) -> list[str]:
    """One `temporal operator search-attribute create` line per attribute."""
    target = f" --address {shlex.quote(address)}" if address else ""
    return [
        f"temporal operator search-attribute create{target} --namespace {shlex.quote(namespace)}"
        f" --name {name} --type {kind}"
        for name, kind in SEARCH_ATTRIBUTES.items()
    ]


class TypeClashError(Exception):
    """An attribute exists with another type: changing it needs an operator, not a retry."""


async def registered(client: Client, namespace: str) -> dict[str, IndexedValueType.ValueType]:
    reply = await client.operator_service.list_search_attributes(ListSearchAttributesRequest(namespace=namespace))
    return dict(reply.custom_attributes)


async def ensure_registered(client: Client, namespace: str, wanted: dict[str, str] | None = None) -> list[str]:
    """Add the attributes the namespace lacks; returns their names.

    Needed even where the dev server got `--search-attribute` flags: with an existing
    --db-filename it ignores attributes that were added to the registry since.
    """
    wanted = SEARCH_ATTRIBUTES if wanted is None else wanted
    have = await registered(client, namespace)
    clashes = [
        f"{name} is {IndexedValueType.Name(have[name])}, the registry says {kind}"
        for name, kind in wanted.items()
        if name in have and have[name] != TYPES[kind]
    ]
    if clashes:
        raise TypeClashError("search attribute type clash: " + "; ".join(clashes))
    missing = {name: TYPES[kind] for name, kind in wanted.items() if name not in have}
    if missing:
        await client.operator_service.add_search_attributes(
            AddSearchAttributesRequest(namespace=namespace, search_attributes=missing)
        )
    return sorted(missing)


async def _register(address: str, namespace: str, wait: float) -> None:
    deadline = time.monotonic() + wait
    while True:
        try:
            client = await Client.connect(address, namespace=namespace)
            added = await ensure_registered(client, namespace)
            break
        except (RuntimeError, RPCError):
            # Connection refused or namespace not yet created: the cluster is still starting.
            if time.monotonic() > deadline:
                raise
            await asyncio.sleep(2)
    print(
        f"search attributes on {address}/{namespace}: added {added or 'none'}, "
        f"{len(SEARCH_ATTRIBUTES) - len(added)} already there"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m launcher.search_attributes", description=__doc__)
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.add_argument("--print-commands", action="store_true", help="print temporal CLI commands only")
    parser.add_argument("--address", default=None, help="Temporal frontend host:port (default from OMP_*)")
    parser.add_argument("--namespace", default=None)
    parser.add_argument("--wait", type=float, default=300, help="seconds to wait for the cluster")
    args = parser.parse_args(argv)

    from domain.settings import get_settings

    settings = get_settings()
    namespace = args.namespace or settings.temporal_namespace
    if args.print_commands:
        print("\n".join(cli_commands(namespace, args.address)))
        return 0
    try:
        asyncio.run(_register(args.address or settings.temporal_target, namespace, args.wait))
    except (RuntimeError, RPCError, TypeClashError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    from domain.temporal import exit_process

    exit_process(main())

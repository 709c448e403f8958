"""Where the http.probe job may call (domain/rules/outbound.py): the console's own network is refused, in every
spelling of its addresses, unless the allow-list names the host or holds the address."""

from __future__ import annotations

from ipaddress import ip_address

import pytest

from domain.errors import Invalid
from domain.rules import outbound
from domain.rules.jobs import JOBS, check_params

NOTHING = outbound.AllowList.parse("")


@pytest.mark.parametrize("address", ["127.0.0.1", "10.0.0.8", "172.16.4.1", "192.168.1.1", "169.254.169.254",
                                     "100.64.0.1", "0.0.0.0", "::1", "fe80::1", "fc00::1", "::ffff:127.0.0.1",
                                     "224.0.0.1"])
def test_the_consoles_own_network_is_internal(address):
    assert outbound.internal(ip_address(address))


# An IPv6 address that carries an IPv4 address reaches that address (through a translator or a tunnel).
EMBEDDED_INTERNAL = [
    ("64:ff9b::7f00:1", "NAT64 of 127.0.0.1"),
    ("64:ff9b::10.0.0.8", "NAT64 of 10.0.0.8"),
    ("64:ff9b::a9fe:a9fe", "NAT64 of the metadata service 169.254.169.254"),
    ("64:ff9b:1::5db8:d70e", "local-use NAT64, whatever it carries"),
    ("2002:7f00:1::1", "6to4 of 127.0.0.1"),
    ("2002:c0a8:101::", "6to4 of 192.168.1.1"),
    ("2002:6440:1::1", "6to4 of the shared range 100.64.0.1"),
    ("::7f00:1", "IPv4-compatible 127.0.0.1"),
    ("::10.0.0.8", "IPv4-compatible 10.0.0.8"),
    ("::ffff:10.0.0.8", "IPv4-mapped 10.0.0.8"),
    ("::ffff:169.254.169.254", "IPv4-mapped metadata service"),
    ("2001:0:7f00:1::1", "Teredo with server 127.0.0.1"),
    ("2001:0:5db8:d70e:0:ffff:f5ff:fffe", "Teredo with client 10.0.0.1"),
]


@pytest.mark.parametrize(("address", "what"), EMBEDDED_INTERNAL)
def test_an_ipv6_spelling_of_an_internal_ipv4_address_is_internal(address, what):
    assert outbound.internal(ip_address(address)), what
    with pytest.raises(Invalid) as refused:
        outbound.check_target(address, [ip_address(address)], NOTHING, "params.url")
    assert refused.value.params["rule"] == "url_internal"


@pytest.mark.parametrize("address", ["93.184.215.14", "8.8.8.8", "2606:4700:4700::1111", "64:ff9b::808:808",
                                     "2002:808:808::1", "::ffff:8.8.8.8"])
def test_public_addresses_are_not(address):
    assert not outbound.internal(ip_address(address))



@pytest.mark.parametrize(("host", "address"), [("127.1", "127.0.0.1"), ("2130706433", "127.0.0.1"),
                                               ("0x7f.1", "127.0.0.1"), ("::1", "::1"), ("10.0.0.1", "10.0.0.1")])
def test_every_spelling_of_an_address_is_read_as_the_resolver_reads_it(host, address):
    assert outbound.literal_address(host) == ip_address(address)
    assert outbound.literal_address("status.example.com") is None


def test_the_allow_list_names_hosts_domains_addresses_and_networks():
    allow = outbound.AllowList.parse(" status.corp.example, .intra.example ,10.20.0.0/16, 127.0.0.1")
    assert allow.names("status.corp.example") and allow.names("a.b.intra.example") and allow.names("intra.example")
    assert not allow.names("corp.example") and not allow.names("evilintra.example")
    assert allow.holds(ip_address("10.20.9.9")) and allow.holds(ip_address("127.0.0.1"))
    assert not allow.holds(ip_address("10.21.0.1"))
    outbound.check_target("db.intra.example", [ip_address("10.9.9.9")], allow, "url")
    outbound.check_target("anything.example", [ip_address("10.20.1.1")], allow, "url")
    with pytest.raises(Invalid) as refused:
        outbound.check_target("anything.example", [ip_address("93.184.215.14"), ip_address("10.9.9.9")], allow, "url")
    assert refused.value.params["rule"] == "url_internal" and refused.value.params["host"] == "anything.example"


@pytest.mark.parametrize("url", ["ftp://example.com/", "http://", "example.com", "http://example.com:99999/"])
def test_only_http_urls_with_a_host_are_taken(url):
    with pytest.raises(Invalid) as refused:
        check_params(JOBS["http.probe"], {"url": url})
    assert (refused.value.field, refused.value.params) == ("params.url", {"rule": "url_form"})


def test_localhost_is_refused_whatever_it_resolves_to():
    with pytest.raises(Invalid):
        outbound.check_target("localhost", [], NOTHING, "params.url")
    with pytest.raises(Invalid):
        outbound.check_target("api.localhost", [], NOTHING, "params.url")
    outbound.check_target("localhost", [], outbound.AllowList.parse("localhost"), "params.url")

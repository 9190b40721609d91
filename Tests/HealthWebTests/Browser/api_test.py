#!/usr/bin/python3
"""The JSON API and the device list, against the command line: `/api/v1/readings` is what
`healthlog list --format json` prints, `/api/v1/summary` what `healthlog stats --format json`
prints (in each language), `/api/v1/device` is the device's own entry of `healthlog serve devices
--format json`, and the device list names each device, its profiles, what it may do and when it
was last seen.

usage: api_test.py HEALTHLOG TEMPLATES FOLDER"""
import html
import json
import re
import subprocess
import sys

from webtest import Checks, Server

program, templates, folder = sys.argv[1:4]
checks = Checks()
check, equal = checks.check, checks.equal
server = Server(program, folder, templates)
server.family()
server.latest_days_too_few("grandpa", "爷爷")
page = server.start()
phone = page.pair("dad", "add", "Dad's phone")
viewer = page.pair("mom", "view", "mom-tablet")
waiting = page.pair_code("dad", "view", "not-yet")


def api(path, cookie=phone, language="en"):
    response, text = page.request("GET", path, cookie=cookie, headers={"Accept-Language": language})
    equal(response.getheader("Content-Type", "").split(";")[0], "application/json", f"{path} answers JSON")
    return response.status, json.loads(text)


def cli_json(*arguments):
    return json.loads(page.cli(*arguments, "--format", "json").stdout)


def day(offset):
    return subprocess.run(["date", "-d", f"{offset} days", "+%Y-%m-%d"], env=page.environment, capture_output=True, text=True).stdout.strip()


status, readings = api("/api/v1/readings?profile=dad")
equal(status, 200, "a paired device reads its profile's readings")
equal(readings, cli_json("-p", "dad", "list"), "/api/v1/readings is healthlog list --format json, every field")
check(len(readings) >= 50, "… all of dad's readings", len(readings))
start, end = day(-10), day(-3)
status, some = api(f"/api/v1/readings?profile=dad&from={start}&to={end}")
equal(some, cli_json("-p", "dad", "list", "--from", start, "--to", end), f"… and with from={start}&to={end}, list --from --to")
check(0 < len(some) < len(readings), "… which is a part of them", len(some))
status, week = api("/api/v1/readings?profile=dad&days=7")
equal(week, cli_json("-p", "dad", "list", "--last", "7d"), "… and days=7 is list --last 7d")

for language, code in [("en", "en"), ("zh-CN", "zh-Hans")]:
    status, summary = api(f"/api/v1/summary?profile=dad&from={day(-20)}&to={day(0)}", language=language)
    expected = json.loads(subprocess.run([program, "-p", "dad", "stats", "--from", day(-20), "--to", day(0), "--format", "json"],
                                         env=dict(page.environment, HEALTHLOG_LANGUAGE=code), capture_output=True, text=True, check=True).stdout)
    equal(status, 200, f"{language}: the summary is answered")
    equal(summary, expected, f"{language}: /api/v1/summary is healthlog stats --format json in that language, every field")

status, own = api("/api/v1/device")
devices = cli_json("serve", "devices")
by_name = {device["name"]: device for device in devices}
equal(sorted(by_name), ["Dad's phone", "mom-tablet", "not-yet"], "serve devices --format json lists every device, paired or waiting")
equal(own, by_name["Dad's phone"], "/api/v1/device is the device's own entry of serve devices --format json")
equal((own["profiles"], own["paired"]), ({"dad": "add"}, True), "… its profiles and what it may do there")
check(own["lastSeenAt"] is not None and own["pairedAt"] is not None, "… when it paired and was last seen", own)
equal((by_name["mom-tablet"]["profiles"], by_name["mom-tablet"]["lastSeenAt"]), ({"mom": "view"}, by_name["mom-tablet"]["pairedAt"]),
      "a device seen only when it paired was last seen then")
equal((by_name["not-yet"]["paired"], by_name["not-yet"]["lastSeenAt"]), (False, None), "a code not yet used is a device not paired, never seen")
check(by_name["not-yet"]["pairingExpiresAt"] is not None, "… with the end of its ten minutes")
text = page.cli("serve", "devices", "--color", "never").stdout
for name in ["Dad's phone", "mom-tablet", "not-yet"]:
    check(name in text, f"serve devices names {name} in its table", text)

page.cli("serve", "revoke", "mom-tablet")
equal(api("/api/v1/readings", cookie=viewer)[0], 401, "a revoked device gets 401 from the API at once")
equal(sorted(d["name"] for d in cli_json("serve", "devices")), ["Dad's phone", "not-yet"], "… and is gone from serve devices")
# The entry page's week says beside its figure what page 1 and stats say: when the figure is the
# last complete protocol week because the latest days have too few readings, the same words.
grandpa = page.pair("grandpa", "view", "grandpa-tablet")
for language, code in [("en", "en"), ("zh-CN", "zh-Hans")]:
    response, text = page.request("GET", "/?profile=grandpa", cookie=grandpa, headers={"Accept-Language": language})
    week = re.search(r'<section class="week">.*?</section>', text, re.S)
    said = html.unescape(re.sub(r"<[^>]+>", "", week.group(0))) if week else ""
    stats = json.loads(subprocess.run([program, "-p", "grandpa", "stats", "--last", "28d", "--format", "json"],
                                      env=dict(page.environment, HEALTHLOG_LANGUAGE=code), capture_output=True, text=True, check=True).stdout)
    caveat = [verdict["text"] for verdict in stats["headline"]["verdicts"] if verdict["kind"] == "recentWeek"]
    equal(len(caveat), 1, f"{language}: stats says the latest days are too few")
    check(caveat and caveat[0] in said, f"{language}: the page's week says it too, in stats' words", (caveat, said[:600]))
    check(stats["headline"]["figure"] in said, f"{language}: … beside the same figure", stats["headline"]["figure"])

server.stop()
checks.finish()

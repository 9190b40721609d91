#!/usr/bin/python3
"""The page and the family's other machines: the page's log and the daughter's share a sync
folder (`healthlog sync init`, as on two computers; the folder is a plain one here, the
Syncthing that carries it between machines is tested with sync itself). A reading the daughter
adds on her machine shows on dad's page and in its API, as the command line would merge it; one
she adds for mom is still not sent to dad's phone; a reading added on the page reaches her
machine.

usage: sync_test.py HEALTHLOG TEMPLATES FOLDER"""
import os
import sys
import time

from webtest import Checks, Page, Server

program, templates, folder = sys.argv[1:4]
checks = Checks()
check, equal = checks.check, checks.equal
shared = os.path.join(folder, "shared")
server = Server(program, os.path.join(folder, "dad-machine"), templates)
os.makedirs(server.environment["HOME"])
server.family()
server.page.cli("sync", "init", shared)
# The daughter's machine: a log of its own, joined to the same folder.
daughter_home = os.path.join(folder, "daughter-machine")
os.makedirs(daughter_home)
daughter = Page("http://127.0.0.1:1", program, dict(server.environment, HOME=daughter_home, HEALTHLOG_DB=os.path.join(daughter_home, "log.sqlite")))
daughter.cli("sync", "init", shared)
equal(len(daughter.readings("dad")), len(server.page.readings("dad")), "the daughter's machine took dad's readings when it joined")

page = server.start()
phone = page.pair("dad", "add", "Dad's phone")


def eventually(condition, seconds=20):
    """True once `condition()` is; the page merges at most every few seconds."""
    deadline = time.time() + seconds
    while time.time() < deadline:
        if condition():
            return True
        time.sleep(0.5)
    return False


def dad_page_shows(text):
    response, body = page.request("GET", "/log?profile=dad", cookie=phone)
    return response.status == 200 and text in body


daughter.cli("-p", "dad", "add", "141/88", "73", "--note", "FROM-DAUGHTER-MACHINE")
daughter.cli("-p", "mom", "add", "117/72", "--note", "MOM-ON-DAUGHTER-MACHINE")
check(eventually(lambda: dad_page_shows("FROM-DAUGHTER-MACHINE")), "a reading added on the daughter's machine shows on dad's log page")
response, body = page.request("GET", "/", cookie=phone)
check(response.status == 200 and 'name="systolic" inputmode="numeric" min="50" max="300" step="1" value="141"' in body
      and 'name="diastolic" inputmode="numeric" min="20" max="200" step="1" value="88"' in body,
      "… and his entry page's wheels start at it, his latest", response.status)
response, body = page.request("GET", "/api/v1/readings?profile=dad", cookie=phone)
check(response.status == 200 and "FROM-DAUGHTER-MACHINE" in body, "… and in the API", response.status)
unmerged = page.cli("--no-sync", "-p", "mom", "list", "--format", "json").stdout
check("MOM-ON-DAUGHTER-MACHINE" in unmerged, "the page merged the folder itself (mom's new reading is in its log, listed without a merge)")
for path in ["/", "/log?profile=dad&days=365", "/api/v1/readings", "/log?profile=mom", "/api/v1/readings?profile=mom"]:
    response, body = page.request("GET", path, cookie=phone)
    check("MOM-ON-DAUGHTER-MACHINE" not in body, f"… but dad's phone is not sent it at {path}", response.status)

# The other way: a reading saved on the page reaches the daughter's machine at her next command.
response, body = page.request("POST", "/readings", {"csrf": page.csrf(phone), "profile": "dad", "systolic": "127", "diastolic": "79",
                                                    "note": "FROM-DADS-PHONE"}, cookie=phone)
equal(response.status, 303, "dad's phone saves a reading")
check(any(r["note"] == "FROM-DADS-PHONE" for r in daughter.readings("dad")), "it is on the daughter's machine at her next command")

server.stop()
checks.finish()

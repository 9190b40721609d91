#!/usr/bin/python3
"""What the page says after a save is what `healthlog add` says, by the same rule: a pregnant
woman's 164/104 is very high from 160/110 (ESH 2023) on the page as on the command line, and
the same reading of a profile that is not pregnant is judged by the ordinary 180/110; and a
reading of 2019 says how many years ago it is, as add does (a slip of the year).

usage: attention_test.py HEALTHLOG TEMPLATES FOLDER"""
import html
import os
import re
import subprocess
import sys

from webtest import Checks, Server

program, templates, folder = sys.argv[1:4]
checks = Checks()
check, equal = checks.check, checks.equal
server = Server(program, folder, templates)
cli = server.page.cli
due = subprocess.run(["date", "-d", "70 days", "+%Y-%m-%d"], env=server.environment, capture_output=True, text=True).stdout.strip()
cli("profile", "add", "anna", "--name", "Anna", "--birth-year", "1994", "--sex", "female", "--pregnancy-due", due)
cli("profile", "add", "dad", "--name", "Dad", "--birth-year", "1954", "--sex", "male")
page = server.start()


def saved_advice(profile, systolic, diastolic):
    """The attention lines of the page shown after saving systolic/diastolic for `profile`."""
    phone = page.pair(profile, "add", f"{profile}'s phone")
    response, _ = page.request("POST", "/readings", {"csrf": page.csrf(phone, f"/?profile={profile}"), "profile": profile,
                                                    "systolic": str(systolic), "diastolic": str(diastolic)}, cookie=phone)
    equal(response.status, 303, f"{profile}'s phone saves {systolic}/{diastolic}")
    response, body = page.request("GET", response.getheader("Location"), cookie=phone)
    equal(response.status, 200, f"… and the page after it answers")
    notice = re.search(r'<div class="notice[^"]*" role="status">(.*?)</div>', body, re.S)
    check(notice is not None, f"… and says what was saved", body[:300])
    return [html.unescape(line) for line in re.findall(r'<p class="attention">(.*?)</p>', notice.group(1) if notice else "")]


def add_says(profile, pressure):
    """What `healthlog add` prints for `pressure` of `profile`, in English, on a log of its own."""
    environment = dict(server.environment, HEALTHLOG_DB=os.path.join(folder, f"cli-{profile}.sqlite"), HEALTHLOG_LANGUAGE="en")
    run = lambda *arguments: subprocess.run([program, *arguments], env=environment, capture_output=True, text=True, check=True).stdout
    if profile == "anna":
        run("profile", "add", "anna", "--birth-year", "1994", "--sex", "female", "--pregnancy-due", due)
    else:
        run("profile", "add", "dad", "--birth-year", "1954")
    return run("-p", profile, "add", pressure)


pregnant = saved_advice("anna", 164, 104)
check(any("160/110" in line for line in pregnant), "in pregnancy, the page calls 164/104 very high from 160/110", pregnant)
said = add_says("anna", "164/104")
check(pregnant and all(line in said for line in pregnant), "… in the words healthlog add prints for it", (pregnant, said))
ordinary = saved_advice("dad", 164, 104)
check(not any("very high" in line for line in ordinary), "not pregnant, the same reading is not very high on the page", ordinary)
check("very high" not in add_says("dad", "164/104"), "… nor in healthlog add")

# A year's slip (a date picker turned to 2019) is said at once, as healthlog add says it.
phone = page.pair("dad", "add", "dad's second phone")
response, _ = page.request("POST", "/readings", {"csrf": page.csrf(phone, "/?profile=dad"), "profile": "dad", "systolic": "129",
                                                "diastolic": "77", "date": "2019-01-01", "time": "07:00"}, cookie=phone)
_, body = page.request("GET", response.getheader("Location"), cookie=phone)
notice = re.search(r'<div class="notice[^"]*" role="status">(.*?)</div>', body, re.S)
lines = [html.unescape(line) for line in re.findall(r'<p class="attention">(.*?)</p>', notice.group(1) if notice else "")]
check(any("2019-01-01" in line and "years ago" in line for line in lines), "a reading of 2019 says on the page how many years ago it is", lines)
years = re.search(r"(\d+) years ago", lines[0] if lines else "")
environment = dict(server.environment, HEALTHLOG_DB=os.path.join(folder, "cli-long-ago.sqlite"), HEALTHLOG_LANGUAGE="en")
subprocess.run([program, "profile", "add", "dad"], env=environment, capture_output=True, check=True)
add_line = subprocess.run([program, "-p", "dad", "add", "129/77", "--at", "2019-01-01 07:00"], env=environment, capture_output=True, text=True).stdout
check(years is not None and f"2019-01-01, {years.group(1)} years ago" in add_line, "… the date and the years healthlog add says", (lines, add_line))

server.stop()
checks.finish()

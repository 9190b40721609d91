#!/usr/bin/python3
"""The page's security, over HTTP, as an attacker (or a confused phone) would meet it.

usage: security_test.py HEALTHLOG TEMPLATES FOLDER"""
import http.client
import os
import re
import socket
import subprocess
import ssl
import sys
import time

from webtest import Checks, Server, cookie_value, form_field, set_cookie, sha256

program, templates, folder = sys.argv[1:4]
checks = Checks()
server = Server(program, folder, templates, "--timeout", "2")
server.family()
page = server.start()
check, equal = checks.check, checks.equal
check(server.first_line.startswith("The family's page: http://127.0.0.1:"), "the first line names the address", server.first_line)
mom_before = len(page.readings("mom"))
dad_before = len(page.readings("dad"))
mom_reading = page.readings("mom")[0]["id"]

# --- Unpaired, and the headers every answer carries
response, text = page.request("GET", "/")
equal(response.status, 401, "an unpaired browser gets 401 at /")
check('action="/pair"' in text and "MOMSECRET" not in text and "爸爸" not in text, "… with the pairing page and no health data", text[:300])
for path in ["/log?profile=dad", "/report.pdf?profile=dad&days=30", "/readings/%s/edit" % mom_reading, "/measure"]:
    response, text = page.request("GET", path)
    check(response.status == 401 and "MOMSECRET" not in text and "爸爸" not in text, f"unpaired {path}: 401, no data", response.status)
for path in ["/api/v1/readings?profile=dad", "/api/v1/summary", "/api/v1/device"]:
    response, text = page.request("GET", path)
    check(response.status == 401 and text.startswith("{") and "error" in text, f"unpaired API {path}: 401 JSON", (response.status, text[:80]))
response, text = page.request("POST", "/readings", {"profile": "dad", "systolic": "120", "diastolic": "80"})
equal(response.status, 401, "an unpaired POST is refused")
csp = response.getheader("Content-Security-Policy") or ""
check("script-src 'self'" in csp and "unsafe-inline" not in csp and "frame-ancestors 'none'" in csp, "CSP: own script only, no inline, no framing", csp)
equal(response.getheader("X-Frame-Options"), "DENY", "X-Frame-Options DENY")
equal(response.getheader("X-Content-Type-Options"), "nosniff", "nosniff")
equal(response.getheader("Cache-Control"), "no-store", "pages are never cached")

# --- Pairing: the link asks first, the answer pairs once, the token is kept only as a hash
code = page.pair_code("dad", "add", "Dad's phone")
response, text = page.request("GET", f"/pair?code={code}")
equal(response.status, 200, "a pairing link shows its question")
check("Dad&#39;s phone" in text and "爸爸" in text, "… naming the device and the profile", text[:400])
pairing = cookie_value(response, "hl_pair")
csrf = form_field(text, "csrf")
check(pairing and csrf, "… with a cookie of its own and a CSRF token")
equal(page.sql("SELECT count(*) FROM web_devices WHERE paired_at IS NOT NULL").strip(), "0", "opening the link pairs nothing")
response, _ = page.request("POST", "/pair", {"code": code}, cookie=f"hl_pair={pairing}")
equal(response.status, 403, "pairing without the CSRF token is refused")
response, _ = page.request("POST", "/pair", {"code": code, "csrf": csrf}, cookie=f"hl_pair={pairing}", origin="http://evil.example")
equal(response.status, 403, "pairing from a foreign Origin is refused")
response, _ = page.request("POST", "/pair", {"code": code, "csrf": csrf}, cookie=f"hl_pair={pairing}")
equal(response.status, 303, "the pairing form pairs")
device_cookie = set_cookie(response, "hl_device") or ""
check("HttpOnly" in device_cookie and "SameSite=Strict" in device_cookie and "Path=/" in device_cookie, "the device cookie is HttpOnly, SameSite=Strict", device_cookie)
check("Secure" not in device_cookie, "… and not Secure over plain HTTP (it would be lost)", device_cookie)
token = cookie_value(response, "hl_device")
dad = "hl_device=" + token
stored = page.sql("SELECT token_hash FROM web_devices WHERE name = 'Dad''s phone'").strip()
equal(stored, sha256(token), "the log keeps the token's SHA-256")
check(token not in page.sql(".dump"), "the token itself is nowhere in the log")
response, text = page.request("GET", "/", cookie=dad)
check(response.status == 200 and "爸爸" in text, "the paired device sees dad's page", response.status)

# --- DNS rebinding: another site's name made to resolve to this machine is refused by its Host,
# even with the device's cookie (a browser would not send it there; a script could try).
for host in [f"rebind.example:{page.port}", "rebind.example", f"127.0.0.1.rebind.example:{page.port}"]:
    response, text = page.request("GET", "/", cookie=dad, headers={"Host": host})
    check(response.status == 421 and "爸爸" not in text, f"Host: {host} is answered 421, no data", response.status)
    response, _ = page.request("POST", "/readings", {"profile": "dad", "systolic": "120", "diastolic": "80"}, cookie=dad,
                               headers={"Host": host}, origin=f"http://{host}")
    equal(response.status, 421, f"… and a form posted under Host: {host} is too")
for host in [f"localhost:{page.port}", f"127.0.0.1:{page.port}", f"[::1]:{page.port}"]:
    equal(page.request("GET", "/", cookie=dad, headers={"Host": host})[0].status, 200, f"Host: {host} is this page")

response, text = page.request("GET", f"/pair?code={code}")
check(response.status == 401 and "used already" in text, "a used code does not pair again (link)", response.status)
response, _ = page.request("POST", "/pair", {"code": code, "csrf": csrf}, cookie=f"hl_pair={pairing}")
equal(response.status, 401, "a used code does not pair again (form)")

expired = page.pair_code("dad", "view", "expired-phone")
page.sql("UPDATE web_devices SET pairing_expires_at = 1000 WHERE name = 'expired-phone'")
response, text = page.request("GET", f"/pair?code={expired}")
check(response.status == 401 and "run out" in text, "a code past its 10 minutes does not pair", response.status)

# --- Revoked at once, while the page runs
spare = page.pair("dad", "view", "spare-phone")
equal(page.request("GET", "/", cookie=spare)[0].status, 200, "a second device is in")
page.cli("serve", "revoke", "spare-phone")
response, text = page.request("GET", "/", cookie=spare)
check(response.status == 401 and "爸爸" not in text, "a revoked device is out at its next request", response.status)
equal(page.request("GET", "/api/v1/readings", cookie=spare)[0].status, 401, "… and out of the API")

# --- Another profile's data, by every URL
mom_pages = [
    "/?profile=mom", "/log?profile=mom", "/log?profile=mom&days=365", "/report?profile=mom", "/report.pdf?profile=mom&days=30",
    "/measure?profile=mom", f"/readings/{mom_reading}/edit", "/api/v1/readings?profile=mom", "/api/v1/summary?profile=mom",
    f"/?profile=dad&saved={mom_reading}", f"/measure?profile=dad&first={mom_reading}",
]
manager = page.pair("dad", "manage", "dad-manager")
for cookie, who in [(dad, "dad's add device"), (manager, "dad's manage device")]:
    for path in mom_pages:
        response, text = page.request("GET", path, cookie=cookie)
        check(response.status in (200, 404) and "MOMSECRET" not in text and "妈妈" not in text and "alert('mom')" not in text,
              f"{who} gets nothing of mom's at {path}", (response.status, re.findall(r"MOMSECRET|妈妈", text)[:2]))
    token_field = page.csrf(cookie)
    response, _ = page.request("POST", "/readings", {"csrf": token_field, "profile": "mom", "systolic": "120", "diastolic": "80"}, cookie=cookie)
    equal(response.status, 404, f"{who} cannot add to mom")
    response, _ = page.request("POST", f"/readings/{mom_reading}/delete", {"csrf": token_field, "profile": "dad"}, cookie=cookie)
    equal(response.status, 404, f"{who} cannot delete mom's reading")
    response, _ = page.request("POST", f"/readings/{mom_reading}", {"csrf": token_field, "profile": "dad", "systolic": "99", "diastolic": "60"}, cookie=cookie)
    equal(response.status, 404, f"{who} cannot edit mom's reading")
for path in ["/", "/log?profile=dad&days=365", "/api/v1/readings", "/api/v1/summary"]:
    response, text = page.request("GET", path, cookie=manager)
    check(response.status == 200 and "MOMSECRET" not in text and "妈妈" not in text, f"dad's own pages name nothing of mom's: {path}", response.status)
equal(len(page.readings("mom")), mom_before, "mom's readings are as they were")

# --- What each capability allows
viewer = page.pair("dad", "view", "dad-viewer")
view_csrf = page.csrf(viewer)
response, _ = page.request("POST", "/readings", {"csrf": view_csrf, "profile": "dad", "systolic": "120", "diastolic": "80"}, cookie=viewer)
equal(response.status, 403, "a view device cannot add")
response, text = page.request("GET", "/", cookie=viewer)
check('action="/readings"' not in text, "… and is not offered the form")
dad_id = page.readings("dad")[-1]["id"]
equal(page.request("GET", f"/readings/{dad_id}/edit", cookie=dad)[0].status, 404, "an add device has no edit page")
equal(page.request("GET", "/report.pdf?profile=dad&from=2020-01-01&to=2030-01-01", cookie=viewer)[0].status, 403, "a view device gets no report of any range")
response, body = page.request("GET", "/report.pdf?profile=dad&days=30", cookie=viewer)
check(response.status == 200 and response.getheader("Content-Type") == "application/pdf", "… but the last 30 days' report", response.status)
# A refused download is not a refused save: its title says what went wrong.
response, text = page.request("GET", "/report.pdf?profile=dad&days=14", cookie=dad)
title = re.search(r"<title>([^<]*)</title>", text)
check(response.status == 400 and title and "Cannot show that" in title.group(1) and "Cannot save that" not in text, "a report of 14 days is refused as a page it cannot show, not a save", (response.status, title and title.group(1)))
# A download is named as healthlog report names the file: range and language, one name each.
names = {}
for days, language in [(30, "en"), (30, "zh-Hans"), (7, "en")]:
    response, _ = page.request("GET", f"/report.pdf?profile=dad&days={days}&language={language}", cookie=viewer)
    names[(days, language)] = re.search(r'filename="([^"]*)"', response.getheader("Content-Disposition") or "")
    names[(days, language)] = names[(days, language)] and names[(days, language)].group(1)
    written = subprocess.run([program, "-p", "dad", "report", "--last", f"{days}d", "--lang", language], cwd=folder, env=page.environment,
                             capture_output=True, text=True).stdout.split()[-1]
    equal(names[(days, language)], written, f"the {days} days' report in {language} downloads under the name healthlog report writes")
equal(len(set(names.values())), 3, "… so that each range and language has a name of its own")
# A reversed range in the API is named as one: they are dates, in the wrong order.
response, text = page.request("GET", "/api/v1/readings?profile=dad&from=2026-12-01&to=2026-11-01", cookie=dad)
check(response.status == 400 and "from=2026-12-01 is after to=2026-11-01" in text and "is not dates" not in text,
      "a reversed API range says the order is wrong, not that they are not dates", (response.status, text[:200]))
response, text = page.request("GET", "/report.pdf?profile=dad&from=2020-01-01&to=2030-01-01", cookie=dad)
title = re.search(r"<title>([^<]*)</title>", text)
check(response.status == 403 and title and "Not allowed" in title.group(1) and "Cannot save that" not in text, "an add device's report of any range is not allowed", (response.status, title and title.group(1)))

# --- Deleting asks first: a POST without the confirmation deletes nothing and asks
doomed = page.readings("dad")[0]["id"]
manage_csrf = page.csrf(manager)
response, text = page.request("POST", f"/readings/{doomed}/delete", {"csrf": manage_csrf, "profile": "dad"}, cookie=manager)
check(response.status == 200 and 'name="confirm"' in text and f'action="/readings/{doomed}/delete"' in text, "deleting without the confirmation shows the question", response.status)
check(doomed in [r["id"] for r in page.readings("dad")], "… and deletes nothing")
response, _ = page.request("POST", f"/readings/{doomed}/delete", {"csrf": manage_csrf, "profile": "dad", "confirm": "yes"}, cookie=manager)
check(response.status == 303 and doomed not in [r["id"] for r in page.readings("dad")], "the confirmed delete deletes", response.status)

# --- CSRF and Origin on every change
token_field = page.csrf(dad)
def add(fields, **options):
    return page.request("POST", "/readings", dict({"profile": "dad"}, **fields), cookie=dad, **options)
count = len(page.readings("dad"))
equal(add({"systolic": "121", "diastolic": "81"})[0].status, 403, "an add without the CSRF token is refused")
equal(add({"systolic": "121", "diastolic": "81", "csrf": "0" * 40})[0].status, 403, "… with a wrong token too")
equal(add({"systolic": "121", "diastolic": "81", "csrf": page.csrf(manager)})[0].status, 403, "… with another device's token too")
equal(add({"systolic": "121", "diastolic": "81", "csrf": token_field}, origin="http://evil.example")[0].status, 403, "… from a foreign Origin")
equal(add({"systolic": "121", "diastolic": "81", "csrf": token_field}, origin=False)[0].status, 403, "… with neither Origin nor Referer")
response, _ = add({"systolic": "121", "diastolic": "81", "csrf": token_field}, origin=False, headers={"Referer": page.url + "/"})
equal(response.status, 303, "a Referer from the page stands in for a missing Origin")
equal(len(page.readings("dad")), count + 1, "only the request with the token and this Origin wrote")

# --- Bad values: 400 with the reason, nothing written
count = len(page.readings("dad"))
for fields, reason in [
    ({"systolic": "300", "diastolic": "20", "pulse": "999"}, "pulse 999 is out of range (20–250 bpm)"),
    ({"systolic": "301", "diastolic": "80"}, "systolic 301 is out of range (50–300 mmHg)"),
    ({"systolic": "120", "diastolic": "19"}, "diastolic 19 is out of range (20–200 mmHg)"),
    ({"systolic": "80", "diastolic": "120"}, "systolic must be higher than diastolic"),
    ({"systolic": "12O", "diastolic": "80"}, "systolic '12O' is not a whole number"),
    # -5 is a whole number: what is wrong with it is its range; a note too long is refused, not cut.
    ({"systolic": "-5", "diastolic": "80"}, "systolic -5 is out of range (50–300 mmHg)"),
    ({"systolic": "120", "diastolic": "80", "note": "n" * 10001}, "note is 10001 characters (Unicode code points) long; at most 10000 are allowed"),
    # The page's time is a date and a time of day; a date alone says what is missing.
    ({"systolic": "120", "diastolic": "80", "date": "2026-01-05"}, "give the time of day with the date 2026-01-05, or neither"),
    ({"systolic": "120"}, "give the diastolic value too"),
    ({"weight": "700"}, "weight 700 kg is out of range"),
    ({"note": "only a note"}, "Enter a blood pressure, a pulse or a weight."),
    ({"systolic": "120", "diastolic": "80", "tags": "no-such-tag"}, "unknown tag"),
    ({"systolic": "120", "diastolic": "80", "at": "2099-01-01T07:00"}, "is in the future"),
]:
    response, text = add(dict(fields, csrf=token_field))
    shown = {name: value if len(value) < 40 else f"{value[:3]}… ({len(value)})" for name, value in fields.items()}
    check(response.status == 400 and reason.replace("'", "&#39;") in text, f"{shown} → 400: {reason}", (response.status, re.findall(r'role="alert"><p>([^<]*)', text)))
equal(len(page.readings("dad")), count, "none of the bad values was written")

# --- Text a person typed is text on every page
response, _ = add({"csrf": token_field, "systolic": "133", "diastolic": "83", "note": "<script>alert('note')</script><img src=x onerror=alert(1)>"})
equal(response.status, 303, "a note with markup is saved as it was typed")
marked = "<script>alert('note')</script><img src=x onerror=alert(1)>"
marked_reading = [r for r in page.readings("dad") if r["note"] == marked]
equal(len(marked_reading), 1, "… every character of it")
html_device = page.pair("mom", "view", "<b>mom's</b> <script>alert('device')</script>")
for cookie, path in [(dad, "/"), (dad, "/log?profile=dad"), (manager, f"/readings/{marked_reading[0]['id']}/edit"), (html_device, "/")]:
    response, text = page.request("GET", path, cookie=cookie)
    check("<script>alert" not in text and "<img src=x" not in text and "<b>mom" not in text, f"no typed markup is markup at {path}", re.findall(r"<script>alert[^<]*|<img src=x", text))
response, text = page.request("GET", "/", cookie=html_device)
check("妈妈 &lt;script&gt;alert(&#39;mom&#39;)&lt;/script&gt;" in text, "a profile's name with markup is shown as text", response.status)
check("&lt;b&gt;mom&#39;s&lt;/b&gt;" in text, "a device's name with markup is shown as text")
# Control characters in a note are shown as `healthlog list` shows them (\e, \u{7}), not as boxes.
response, _ = add({"csrf": token_field, "systolic": "134", "diastolic": "84", "note": "ESC\x1b[2J\x1b[31mRED\x07"})
equal(response.status, 303, "a note with control characters is saved as it was typed")
listed = page.cli("-p", "dad", "list", "--color", "never").stdout
response, text = page.request("GET", "/log?profile=dad", cookie=dad)
shown = re.search(r'<p class="note">(ESC[^<]*)</p>', text)
check("ESC\\e[2J\\e[31mRED\\u{7}" in listed and shown and shown.group(1) == "ESC\\e[2J\\e[31mRED\\u{7}",
      "a note's control characters are shown on the page as healthlog list shows them", (shown and shown.group(1), [l for l in listed.splitlines() if "RED" in l]))
check("\x1b" not in text and "\ufffd" not in text, "… none of them sent as it is, nor as a box", text.count("\ufffd"))

# --- Static files: only the page's own names
for path in ["/static/app.css", "/static/wheels.js", "/static/icon.svg"]:
    response, text = page.request("GET", path)
    check(response.status == 200 and len(text) > 100, f"{path} is served to anyone", response.status)
for path in ["/static/../../../../etc/passwd", "/static/..%2f..%2f..%2fetc%2fpasswd", "/static/%2e%2e/%2e%2e/Package.swift",
             "/static/app.css/../../../etc/passwd", "/static/..", "/static/%2e%2e%2f%2e%2e%2fetc%2fhostname", "/static//etc/passwd",
             "/static/app.css%00.png", "/static/APP.CSS"]:
    response, text = page.request("GET", path)
    check(response.status in (400, 401, 404) and "root:" not in text and "PackageDescription" not in text, f"{path} serves no file", response.status)

# --- Bounds: body size, slow clients, connections
count = len(page.readings("dad"))
big = "systolic=120&diastolic=80&csrf=" + token_field + "&profile=dad&note=" + "a" * 400_000
response, text = page.request("POST", "/readings", big, headers={"Content-Type": "application/x-www-form-urlencoded"}, cookie=dad)
equal(response.status, 413, "an oversized body is refused with 413")
# A body of unknown length (chunked) is refused when it passes the limit, not trusted to end.
chunked = socket.create_connection((page.host, page.port))
chunked.sendall(f"POST /readings HTTP/1.1\r\nHost: {page.host}:{page.port}\r\nCookie: {dad}\r\nOrigin: {page.url}\r\n"
                f"Content-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n".encode())
try:
    for piece in [("systolic=120&diastolic=80&csrf=" + token_field + "&profile=dad&note=").encode()] + [b"b" * 10_000] * 40:
        chunked.sendall(b"%x\r\n" % len(piece) + piece + b"\r\n")
    chunked.sendall(b"0\r\n\r\n")
except OSError:
    pass
chunked.settimeout(10)
equal(chunked.recv(40)[:12], b"HTTP/1.1 413", "an oversized chunked body is refused with 413")
chunked.close()
equal(len(page.readings("dad")), count, "… and nothing of either is written")

slow = socket.create_connection((page.host, page.port))
slow.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
started = time.time()
response, _ = page.request("GET", "/", cookie=dad)
check(response.status == 200 and time.time() - started < 1.5, "a slow client does not hold up the others", time.time() - started)
slow.settimeout(10)
try:
    closed = slow.recv(100) == b""
except ConnectionResetError:
    closed = True
except socket.timeout:
    closed = False
check(closed and time.time() - started < 8, "a client that stops sending is cut off after the timeout", time.time() - started)
slow.close()
body_slow = socket.create_connection((page.host, page.port))
body_slow.sendall(f"POST /readings HTTP/1.1\r\nHost: {page.host}:{page.port}\r\nCookie: {dad}\r\nOrigin: {page.url}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\nsys".encode())
body_slow.settimeout(10)
started = time.time()
try:
    answer = body_slow.recv(200)
except (ConnectionResetError, socket.timeout):
    answer = b""
check(not answer.startswith(b"HTTP/1.1 2") and not answer.startswith(b"HTTP/1.1 3") and time.time() - started < 8, "a body that stops arriving is cut off", answer[:40])
body_slow.close()
# A client that keeps sending, a byte at a time, within the idle timeout, is still cut off when
# the whole request (headers and body) has taken the timeout: it cannot hold a place for ever.
def trickle(head, piece):
    started = time.time()
    connection = socket.create_connection((page.host, page.port))
    connection.sendall(head)
    connection.settimeout(0.5)
    while time.time() - started < 12:
        try:
            connection.sendall(piece)
            if connection.recv(200) == b"":
                break
        except socket.timeout:
            continue
        except OSError:
            break
    connection.close()
    return time.time() - started
seconds = trickle(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ", b"a")
check(seconds < 5, "headers sent a byte every half second are cut off after the 2 s timeout", round(seconds, 1))
seconds = trickle(f"POST /readings HTTP/1.1\r\nHost: {page.host}:{page.port}\r\nCookie: {dad}\r\nOrigin: {page.url}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\n".encode(), b"a")
check(seconds < 5, "a body sent a byte every half second is cut off after the 2 s timeout", round(seconds, 1))

# A method that is no HTTP token (terminal escapes) is refused, and the log shows it, never obeys it.
for method in [b"GET\x1b[2J\x1b[31mPOST", b"x\x1b]0;owned\x07"]:
    raw = socket.create_connection((page.host, page.port))
    raw.sendall(method + b" / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
    raw.settimeout(10)
    try:
        answer = raw.recv(40)
    except (ConnectionResetError, socket.timeout):
        answer = b""
    raw.close()
    check(answer.startswith(b"HTTP/1.1 400"), f"the method {method!r} is refused with 400", answer)

# A method the page does not answer is 405 with the methods it does, paired or not, and writes nothing.
for method in ["PUT", "DELETE", "PATCH", "OPTIONS", "TRACE"]:
    for cookie in ["", dad]:
        raw = socket.create_connection((page.host, page.port))
        raw.sendall(f"{method} /readings HTTP/1.1\r\nHost: {page.host}:{page.port}\r\nCookie: {cookie}\r\nOrigin: {page.url}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".encode())
        raw.settimeout(10)
        answer = b""
        try:
            while b"\r\n\r\n" not in answer:
                piece = raw.recv(4096)
                if not piece:
                    break
                answer += piece
        except (ConnectionResetError, socket.timeout):
            pass
        raw.close()
        check(answer.startswith(b"HTTP/1.1 405") and b"\r\nAllow: GET, HEAD, POST\r\n" in answer,
              f"{method} {'paired' if cookie else 'unpaired'} is answered 405 with Allow", answer[:200])

# The connection limit, on a page of its own: libmicrohttpd counts a connection until its
# polling thread has joined the connection's thread, some time after the connection ended, so
# connections that ended just before (the checks above) may still fill places, and refuse some
# of the ones held here at once. Each held connection is therefore one the page has answered
# (it is counted, and kept alive for the minute of --timeout), so that exactly 12 are open.
# One address may hold at most a quarter of the places (8 at the least): a neighbour cannot take them all.
bounded = Server(program, os.path.join(folder, "bounded"), templates, "--timeout", "60", "--max-connections", "12")
os.makedirs(os.path.join(folder, "bounded"))
bounded.page.cli("profile", "add", "dad")
bounded_page = bounded.start()
held = []
def source_of(index):
    return "127.0.0.1" if index < 8 else "127.0.0.2"
for index in range(12):
    if index == 8:
        try:
            answer = bounded_page.request("GET", "/static/app.css")[0].status
        except (OSError, http.client.HTTPException) as error:
            answer = error
        check(not isinstance(answer, int), "a ninth connection from one address is refused (the next four, from another, are served)", answer)
    connection = http.client.HTTPConnection(bounded_page.host, bounded_page.port, timeout=20, source_address=(source_of(index), 0))
    try:
        connection.request("GET", "/static/app.css")
        answer = connection.getresponse()
        answer.read()
        served = answer.status == 200
    except (OSError, http.client.HTTPException) as error:
        served = error
    if not check(served is True, f"connection {index + 1} of --max-connections 12 is served and kept open", served):
        break
    held.append(connection)
def probe():
    """A new connection's answer, or the error it ends in."""
    try:
        return bounded_page.request("GET", "/static/app.css", source="127.0.0.4")[0].status
    except (OSError, http.client.HTTPException) as error:
        return error
refused = [probe() for _ in range(3)]
check(all(not isinstance(answer, int) for answer in refused), "past --max-connections a new connection is refused, every time", refused)
for connection in held:
    connection.close()
deadline = time.time() + 20
while (answer := probe()) != 200 and time.time() < deadline:
    time.sleep(0.1)
equal(answer, 200, "… and served again once they close")
bounded.stop()

# --- Pairing locks after repeated wrong codes: the address that tries them, then everyone (last:
# it locks this page for 15 minutes). Other loopback addresses (127.0.0.2 …) stand for other phones.
good = page.pair_code("dad", "view", "after-lock")
def try_code(code, source=None, forwarded=None):
    return page.request("GET", f"/pair?code={code}", source=source, headers={"X-Forwarded-For": forwarded} if forwarded else None)[0]
equal([try_code("WRONG0CODE", "127.0.0.2").status for _ in range(6)], [401] * 5 + [429],
      "the fifth wrong code from one address locks it: its next attempt is 429")
response = try_code(good, "127.0.0.2")
check(response.status == 429 and response.getheader("Retry-After") is not None, "… even with a right code, with Retry-After", response.status)
equal(try_code(good).status, 200, "another address still opens a right code")
# 127.0.0.1 tried three wrong codes above (a used one twice, one run out): two more lock it.
equal([try_code("WRONG0CODE").status for _ in range(3)], [401, 401, 429], "127.0.0.1's fifth wrong code locks 127.0.0.1")
equal(try_code(good, "127.0.0.3").status, 200, "… and 127.0.0.3 still opens a right code")
# Through a proxy on this machine (Caddy), the address the proxy adds to X-Forwarded-For is the phone's.
equal([try_code("WRONG0CODE", "127.0.0.3", "192.168.1.50").status for _ in range(6)], [401] * 5 + [429],
      "behind a local proxy, five wrong codes lock the phone X-Forwarded-For names")
equal(try_code(good, "127.0.0.3", "192.168.1.51").status, 200, "… and another phone behind the same proxy still pairs")
# 15 wrong codes so far from four addresses; 20 in all lock pairing for everyone, four at a time from each.
equal([try_code("WRONG0CODE", "127.0.0.4").status for _ in range(4)], [401] * 4, "four wrong codes from a fifth address do not lock it")
equal(try_code(good, "127.0.0.6").status, 200, "19 wrong codes in all leave pairing open to a new address")
equal(try_code("WRONG0CODE", "127.0.0.5").status, 401, "the 20th wrong code in all …")
response = try_code(good, "127.0.0.6")
check(response.status == 429 and response.getheader("Retry-After") is not None, "… locks pairing for every address, with a right code too", response.status)
equal(page.sql("SELECT count(*) FROM web_devices WHERE name = 'after-lock' AND paired_at IS NULL").strip(), "1", "… and the code stays unused")

# --- HTTPS with --tls-cert and --tls-key (a self-signed test certificate for 127.0.0.1 in tls/):
# the same page, and its cookies are Secure.
certificates = os.path.join(os.path.dirname(os.path.abspath(__file__)), "tls")
tls_folder = os.path.join(folder, "tls")
os.makedirs(tls_folder)
secure = Server(program, tls_folder, templates, "--tls-cert", os.path.join(certificates, "cert.pem"), "--tls-key", os.path.join(certificates, "key.pem"))
secure.page.cli("profile", "add", "dad")
secure_page = secure.start()
check(secure.first_line.startswith("The family's page: https://127.0.0.1:"), "with --tls-cert the first line names an https address", secure.first_line)
context = ssl.create_default_context(cafile=os.path.join(certificates, "cert.pem"))
def secure_request(method, path, body=None, headers=None):
    connection = http.client.HTTPSConnection(secure_page.host, secure_page.port, timeout=20, context=context)
    connection.request(method, path, body=body, headers=headers or {})
    response = connection.getresponse()
    return response, response.read().decode()
tls_code = secure_page.pair_code("dad", "add", "tls-phone")
response, text = secure_request("GET", f"/pair?code={tls_code}")
equal(response.status, 200, "over HTTPS the pairing link shows its question")
check("Secure" in (set_cookie(response, "hl_pair") or ""), "… its cookie is Secure", set_cookie(response, "hl_pair"))
response, _ = secure_request("POST", "/pair", f"code={tls_code}&csrf={form_field(text, 'csrf')}", {
    "Cookie": "hl_pair=" + cookie_value(response, "hl_pair"), "Origin": secure_page.url, "Content-Type": "application/x-www-form-urlencoded"})
device_cookie = set_cookie(response, "hl_device") or ""
check(response.status == 303 and "Secure" in device_cookie and "HttpOnly" in device_cookie, "… and the device cookie is Secure and HttpOnly", (response.status, device_cookie))
check("max-age=" in (response.getheader("Strict-Transport-Security") or ""), "… with Strict-Transport-Security")
plain = socket.create_connection((secure_page.host, secure_page.port))
plain.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
plain.settimeout(10)
try:
    answer = plain.recv(200)
except (ConnectionResetError, socket.timeout):
    answer = b""
check(not answer.startswith(b"HTTP/1.1 2"), "plain HTTP to the HTTPS page gets no page", answer[:40])
plain.close()
# A second page over the first one's log: serve pair names the newest running, and once it stops, the first again.
second = Server(program, folder, templates, "--tls-cert", os.path.join(certificates, "cert.pem"), "--tls-key", os.path.join(certificates, "key.pem"))
second_page = second.start()
def pairing_link():
    output = page.cli("serve", "pair", "--profile", "dad", "--can", "view", "--color", "never").stdout
    return re.search(r"(https?://\S+)/pair\?code=", output).group(1)
equal(pairing_link(), second_page.url, "serve pair names the newest page running")
second.stop()
secure.stop()
equal(pairing_link(), page.url, "… and once it stops, the page still running, not the stopped one")

# --- The server's own lines hold no value anyone entered
log = server.stop()
check("The family's page" in log and "POST /readings 303" in log, "the server logs each request", log[:200])
check("\x1b" not in log and "\x07" not in log and "\\e" in log, "a method's escape codes reach the log shown, not as they were sent", [l for l in log.splitlines() if "400" in l][:3])
for secret in ["MOMSECRET", "alert('note')", "alert('mom')", "133/83", "121/81", "爸爸", "妈妈", token, csrf]:
    check(secret not in log, f"the server's log holds no {secret[:12]!r}")
checks.finish()

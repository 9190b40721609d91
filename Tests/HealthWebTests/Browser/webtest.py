"""What the page's tests share: the healthlog program, the running page, HTTP requests made
with Python's own client (nothing here parses a response by hand beyond reading its fields),
and the log read back with healthlog list --format json."""
import hashlib
import http.client
import json
import os
import re
import subprocess
import sys
import urllib.parse


class Checks:
    """Prints 'ok - NAME' or 'not ok - NAME: WHY' for each check; the Swift test turns each
    'not ok' into a failure."""

    def __init__(self):
        self.failures = 0

    def check(self, condition, name, detail=""):
        if condition:
            print(f"ok - {name}", flush=True)
        else:
            self.failures += 1
            print(f"not ok - {name}: {detail}", flush=True)
        return condition

    def equal(self, actual, expected, name):
        return self.check(actual == expected, name, f"expected {expected!r}, got {actual!r}")

    def finish(self):
        print(f"# {self.failures} failed", flush=True)
        sys.exit(1 if self.failures else 0)


class Page:
    """The running page and the log behind it."""

    def __init__(self, url, program, environment):
        self.url = url.rstrip("/")
        parsed = urllib.parse.urlsplit(self.url)
        self.host, self.port = parsed.hostname, parsed.port
        self.program = program
        self.environment = environment

    # The command line, as a person runs it.
    def cli(self, *arguments, check=True):
        result = subprocess.run([self.program, *arguments], env=self.environment, capture_output=True, text=True)
        if check and result.returncode != 0:
            raise RuntimeError(f"healthlog {' '.join(arguments)} failed: {result.stderr}")
        return result

    def readings(self, profile):
        return json.loads(self.cli("-p", profile, "list", "--format", "json").stdout)

    def pair_code(self, profile, can="add", name=None):
        arguments = ["serve", "pair", "--profile", profile, "--can", can, "--color", "never"]
        if name:
            arguments += ["--name", name]
        output = self.cli(*arguments).stdout
        return re.search(r"code=([0-9A-Z]+)", output).group(1)

    def sql(self, statement):
        return subprocess.run(["sqlite3", self.environment["HEALTHLOG_DB"], statement], capture_output=True, text=True, check=True).stdout

    # HTTP, with Python's client.
    def request(self, method, path, body=None, headers=None, cookie=None, origin=True, source=None):
        """One request on a connection of its own; `source` is the address it comes from (another
        loopback address, 127.0.0.2 …, stands for another phone)."""
        connection = http.client.HTTPConnection(self.host, self.port, timeout=20, source_address=(source, 0) if source else None)
        headers = dict(headers or {})
        if cookie:
            headers["Cookie"] = cookie
        if origin is True and method == "POST":
            headers["Origin"] = self.url
        elif isinstance(origin, str):
            headers["Origin"] = origin
        if isinstance(body, dict) or isinstance(body, list):
            body = urllib.parse.urlencode(body, doseq=True)
            headers.setdefault("Content-Type", "application/x-www-form-urlencoded")
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        text = response.read().decode("utf-8", "replace")
        connection.close()
        return response, text

    def pair(self, profile, can="add", name=None):
        """Pairs a new device as a browser would: the link's page, then its form. Returns the
        device's cookie."""
        code = self.pair_code(profile, can, name)
        response, text = self.request("GET", f"/pair?code={code}")
        assert response.status == 200, (response.status, text)
        pairing = cookie_value(response, "hl_pair")
        csrf = form_field(text, "csrf")
        response, _ = self.request("POST", "/pair", {"csrf": csrf, "code": code}, cookie=f"hl_pair={pairing}")
        assert response.status == 303, response.status
        return "hl_device=" + cookie_value(response, "hl_device")

    def csrf(self, cookie, path="/"):
        response, text = self.request("GET", path, cookie=cookie)
        return form_field(text, "csrf")


def fit_window(driver, size):
    """Sizes the window so that its inner size, what a phone's screen is, is `size` (CSS px).
    A headless window takes a new size a moment after it is asked: until its inner size has
    followed, the size read is the old one, and a size worked out from it is wrong (a window
    500 px wide, or a negative width). So it asks, reads until the window has followed, and
    corrects by what the frame takes, a few times at most."""
    import time
    driver.set_window_size(*size)
    for _ in range(50):
        inner = driver.execute_script("return [window.innerWidth, window.innerHeight]")
        if list(inner) == list(size):
            return
        outer = driver.get_window_size()
        width, height = outer["width"] + size[0] - inner[0], outer["height"] + size[1] - inner[1]
        if width < size[0] or height < size[1]:
            # The inner size read is larger than the window: not yet the window's own.
            time.sleep(0.1)
            continue
        driver.set_window_size(width, height)
        time.sleep(0.05)
    raise RuntimeError(f"the window's inner size stays {inner}, not {list(size)}")


def cookie_value(response, name):
    for header, value in response.getheaders():
        if header.lower() == "set-cookie" and value.startswith(name + "="):
            return value.split(";", 1)[0].split("=", 1)[1]
    return None


def set_cookie(response, name):
    for header, value in response.getheaders():
        if header.lower() == "set-cookie" and value.startswith(name + "="):
            return value
    return None


def form_field(html, name):
    match = re.search(r'name="%s" value="([^"]*)"' % re.escape(name), html)
    return match.group(1) if match else None


def sha256(text):
    return hashlib.sha256(text.encode()).hexdigest()


class Server:
    """`healthlog serve` on a free port of 127.0.0.1, over a log of its own in `folder`, with
    dad's and mom's profiles and a few weeks of readings."""

    def __init__(self, program, folder, templates, *options):
        self.environment = {
            "HOME": folder, "HEALTHLOG_DB": os.path.join(folder, "log.sqlite"), "HEALTHLOG_TEMPLATES": templates,
            "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TZ": "Asia/Shanghai",
        }
        self.program = program
        self.options = options
        self.page = Page("http://127.0.0.1:1", program, self.environment)

    def family(self):
        cli = self.page.cli
        cli("profile", "add", "dad", "--name", "爸爸", "--birth-year", "1954", "--sex", "male")
        cli("profile", "add", "mom", "--name", "妈妈 <script>alert('mom')</script>")
        today = subprocess.run(["date", "+%Y-%m-%d"], env=self.environment, capture_output=True, text=True).stdout.strip()
        for day in range(27, 0, -1):
            date = subprocess.run(["date", "-d", f"{today} -{day} days", "+%Y-%m-%d"], env=self.environment, capture_output=True, text=True).stdout.strip()
            morning = 128 + (day * 7) % 17
            cli("-p", "dad", "add", f"{morning}/{78 + day % 9}", str(64 + day % 11), "--at", f"{date} 07:{10 + day % 40:02d}", *(["-t", "bp-med"] if day % 3 else []))
            cli("-p", "dad", "add", f"{morning - 6}/{76 + day % 7}", "--at", f"{date} 21:{10 + day % 40:02d}")
            if day % 4 == 0:
                cli("-p", "mom", "add", f"{119 + day % 5}/{71 + day % 3}", "66", "--at", f"{date} 07:40", "-n", "MOMSECRET-7781")
        cli("-p", "dad", "add", "--weight", "72.5")

    def latest_days_too_few(self, profile, name):
        """A profile whose figure is the last complete protocol week: two weeks ago, four
        readings a day for seven days; since then, two days ago, a very high and a low reading,
        too few for a week of their own (page 1 and stats say so beside the figure)."""
        cli = self.page.cli
        cli("profile", "add", profile, "--name", name)
        def day(offset):
            return subprocess.run(["date", "-d", f"{offset} days", "+%Y-%m-%d"], env=self.environment, capture_output=True, text=True).stdout.strip()
        for offset in range(-14, -7):
            for pressure, time in [("142/88", "07:30"), ("140/86", "07:35"), ("136/84", "21:00"), ("134/82", "21:05")]:
                cli("-p", profile, "add", pressure, "--at", f"{day(offset)} {time}")
        cli("-p", profile, "add", "182/100", "--at", f"{day(-2)} 07:30")
        cli("-p", profile, "add", "86/55", "--at", f"{day(-2)} 21:30")

    def start(self):
        self.process = subprocess.Popen(
            [self.program, "serve", "--listen", "127.0.0.1:0", *self.options], env=self.environment, stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT, text=True)
        first = self.process.stdout.readline()
        url = re.search(r"(https?://[0-9.:\[\]]+)/", first)
        if not url:
            raise RuntimeError(f"the first line does not name the address: {first!r}")
        self.first_line = first
        self.page = Page(url.group(1), self.program, self.environment)
        return self.page

    def stop(self):
        """Stops the page (SIGTERM, as systemd does) and returns everything it printed."""
        self.process.terminate()
        output, _ = self.process.communicate(timeout=30)
        return self.first_line + output


#!/usr/bin/env python3
"""HealthLog benchmarks: every figure is a ratio against a reference run in the same session.

usage: bench.py BIN [--only add,import,stats,export,...]
Writes bench-output/bench.md (the README's table) and prints it.
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# ../shared/peers beside the checkout, or beside the folder of worktrees (/work/wt/NAME).
PEERS = Path(os.environ.get("PEERS", next((folder for folder in (ROOT.parent / "shared" / "peers", ROOT.parents[1] / "shared" / "peers")
                                           if folder.exists()), ROOT.parent / "shared" / "peers")))
OUT = ROOT / "bench-output"
QUICK = os.environ.get("QUICK") == "1"


def timed(cmd, runs, env=None, setup=None, cwd=None):
    """Median wall seconds and max RSS (MiB) of `cmd` over `runs` runs; `setup` runs before each."""
    walls, peak = [], 0
    for _ in range(runs):
        if setup:
            setup()
        start = time.perf_counter()
        proc = subprocess.run(["/usr/bin/time", "-f", "%M", *cmd], env=env, cwd=cwd,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        walls.append(time.perf_counter() - start)
        if proc.returncode != 0:
            sys.exit(f"benchmark command failed ({proc.returncode}): {' '.join(map(str, cmd))}\n{proc.stderr}")
        peak = max(peak, int(proc.stderr.strip().splitlines()[-1]) // 1024)
    return statistics.median(walls), peak


def generate(n, path, profiles=1):
    gen = PEERS / "gen_readings.py"
    if not gen.exists():
        sys.exit(f"{gen} not found: set PEERS to the folder holding gen_readings.py")
    if not path.exists():
        subprocess.run([sys.executable, str(gen), "--readings", str(n), "--profiles", str(profiles),
                        "--seed", "42", "--out", str(path)], check=True)
    return path


def pages(pdf):
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True).stdout
    return next((line.split()[-1] for line in info.splitlines() if line.startswith("Pages:")), "?")


def report_items(bbox_html, out):
    """The text items of a PDF, from `pdftotext -bbox-layout`, written for report_floor.c: "P" for
    each page, then one item a line (x, y of its top, size, text). A line's words are one item
    until a gap wider than a space (the next table cell); the size is the box's height over Noto
    Sans's ascent plus descent (1.362 em). Returns (pages, items)."""
    import html
    import re
    word = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</word>')
    page_count = item_count = 0
    with open(out, "w", encoding="utf-8") as file:
        for page in bbox_html.split("<page ")[1:]:
            page_count += 1
            file.write("P\n")
            for line in page.split("<line ")[1:]:
                groups = []
                for x0, y0, x1, y1, text in word.findall(line):
                    x0, y0, x1, y1 = float(x0), float(y0), float(x1), float(y1)
                    if not groups or x0 - groups[-1][-1][2] > 0.4 * (y1 - y0):
                        groups.append([])
                    groups[-1].append((x0, y0, x1, y1, html.unescape(text)))
                for group in groups:
                    x0, y0, _, y1, _ = group[0]
                    file.write(f"{x0:.2f}\t{y0:.2f}\t{(y1 - y0) / 1.362:.1f}\t{' '.join(w[4] for w in group)}\n")
                    item_count += 1
    return page_count, item_count


def once(cmd, env):
    """Wall seconds and max RSS (KiB) of one run of `cmd`."""
    start = time.perf_counter()
    proc = subprocess.run(["/usr/bin/time", "-f", "%M", *cmd], env=env, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True)
    seconds = time.perf_counter() - start
    if proc.returncode != 0:
        sys.exit(f"benchmark command failed ({proc.returncode}): {' '.join(map(str, cmd))}\n{proc.stderr}")
    return seconds, int(proc.stderr.strip().splitlines()[-1])


def database_bytes(path):
    """A SQLite database's size with its write-ahead log."""
    return sum(Path(str(path) + suffix).stat().st_size for suffix in ("", "-wal") if Path(str(path) + suffix).exists())


def env_for(db):
    env = dict(os.environ)
    env["HEALTHLOG_DB"] = str(db)
    env.pop("HEALTHLOG_PROFILE", None)
    return env


def to_ms(text):
    """wrk's latency (`812.00us`, `4.10ms`, `1.02s`) in milliseconds."""
    for unit, factor in (("us", 0.001), ("ms", 1.0), ("s", 1000.0)):
        if text.endswith(unit):
            return float(text[: -len(unit)]) * factor
    return float(text)


def rss_mib(pid):
    """A process's resident memory, in MiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) // 1024
    return 0


def threading_drain(stream):
    import threading
    threading.Thread(target=lambda: [None for _ in stream], daemon=True).start()


def remove_db(path):
    for suffix in ("", "-wal", "-shm", "-journal"):
        Path(str(path) + suffix).unlink(missing_ok=True)


class Bench:
    def __init__(self, binary, work):
        self.bin = str(Path(binary).resolve())
        self.work = work
        self.rows = []
        self.scale_rows = []

    def row(self, what, ours, reference, name, target=None, note=""):
        ratio = ours[0] / reference[0]
        verdict = "" if target is None else ("meets" if ratio <= target else "misses") + f" ≤{target}×"
        self.rows.append((what, f"{ours[0]:.3f}", f"{ours[1]}", name, f"{reference[0]:.3f}", f"{reference[1]}",
                          f"{ratio:.2f}×", verdict, note))
        print(f"  {what}: {ours[0]:.3f}s vs {name} {reference[0]:.3f}s = {ratio:.2f}× {verdict}", file=sys.stderr)

    def add(self):
        runs = 9 if QUICK else 31
        db = self.work / "add.sqlite"
        subprocess.run([self.bin, "profile", "add", "me"], env=env_for(db), check=True, stdout=subprocess.DEVNULL)
        ours = timed([self.bin, "add", "138/86", "72", "-t", "bp-med"], runs, env=env_for(db))
        ref_db = self.work / "add-ref.db"
        subprocess.run(["sqlite3", ref_db, "PRAGMA journal_mode=WAL; CREATE TABLE readings (id TEXT PRIMARY KEY,"
                        " profile TEXT, taken_at INT, systolic INT, diastolic INT, pulse INT, tags TEXT);"],
                       check=True, stdout=subprocess.DEVNULL)
        reference = timed(["sqlite3", ref_db, "PRAGMA journal_mode=WAL; INSERT INTO readings VALUES "
                           "(lower(hex(randomblob(16))), 'me', unixepoch(), 138, 86, 72, 'bp-med');"], runs)
        self.row("`add` one reading", ours, reference, "sqlite3 shell, one INSERT (WAL)", target=2,
                 note="starts without the drawing stack or libxml2")

    def package(self):
        """The Debian package's installed size (make bench builds it)."""
        debs = sorted(Path(".").glob("healthlog_*.deb"), key=lambda p: p.stat().st_mtime)
        if not debs:
            print("  no healthlog_*.deb here (make deb); the package row is left out", file=sys.stderr)
            return
        fields = subprocess.run(["dpkg-deb", "-f", str(debs[-1]), "Installed-Size"], capture_output=True, text=True).stdout
        size = int(fields.strip())
        self.rows.append((f"package {debs[-1].name}", f"{size / 1024:.1f} MiB installed", "", "", "", "", "", "",
                          f"{debs[-1].stat().st_size // 1024} KiB download; no Swift toolchain needed"))

    def import_(self):
        runs = 1 if QUICK else 3
        csv = generate(100_000, self.work / "r100k.csv")
        db = self.work / "import.sqlite"
        ours = timed([self.bin, "import", str(csv)], runs, env=env_for(db), setup=lambda: remove_db(db))
        ref = self.work / "import-ref.db"
        reference = timed(["sqlite3", ref, ".mode csv", f".import {csv} readings"], runs, setup=lambda: remove_db(ref))
        self.row("`import` 100,000 rows", ours, reference, "sqlite3 `.import` into a plain table", target=4)
        floor = self.import_floor(db, runs)
        if floor:
            self.row("the floor: the same rows inserted from C into the same schema", (floor, "—"), reference,
                     "sqlite3 `.import` into a plain table", note="SQLite's work alone (Tests/Scripts/import_floor.c)")

    def import_floor(self, imported, runs):
        """Median seconds of Tests/Scripts/import_floor.c copying `imported`'s readings into the same schema."""
        compiler = shutil.which("cc") or shutil.which("clang")
        if not compiler:
            print("  (no C compiler: the import floor is not measured)", file=sys.stderr)
            return None
        program = self.work / "import_floor"
        subprocess.run([compiler, "-O2", "-o", str(program), str(ROOT / "Tests/Scripts/import_floor.c"), "-lsqlite3"],
                       check=True)
        schema = subprocess.run(["sqlite3", str(imported), ".schema"], check=True, capture_output=True, text=True).stdout
        times = []
        for _ in range(runs):
            target = self.work / "floor.sqlite"
            remove_db(target)
            subprocess.run(["sqlite3", str(target)], input=schema + f"ATTACH '{imported}' AS source;"
                           " INSERT INTO profiles SELECT * FROM source.profiles;", check=True, text=True)
            out = subprocess.run([str(program), str(imported), str(target)], check=True, capture_output=True, text=True)
            times.append(float(out.stdout.split()[0]))
        return statistics.median(times)

    def stats(self):
        runs = 3 if QUICK else 7
        csv = generate(100_000, self.work / "r100k.csv")
        db = self.work / "stats.sqlite"
        remove_db(db)
        subprocess.run([self.bin, "import", str(csv)], env=env_for(db), check=True, capture_output=True)
        ours = timed([self.bin, "-p", "dad", "stats", "--format", "json"], runs, env=env_for(db))
        hour = "(((taken_at + utc_offset_min * 60) % 86400) / 3600)"
        period = f"CASE WHEN {hour} BETWEEN 4 AND 11 THEN 'morning' WHEN {hour} BETWEEN 12 AND 17 THEN 'noon' ELSE 'evening' END"
        sql = (f"SELECT {period} AS p, count(*), avg(systolic), min(systolic), max(systolic), avg(diastolic),"
               f" min(diastolic), max(diastolic), avg(pulse), min(pulse), max(pulse) FROM readings"
               f" WHERE profile_id = 'dad' AND systolic IS NOT NULL GROUP BY p;")
        reference = timed(["sqlite3", db, sql], runs)
        self.row("`stats` over 100,000 readings", ours, reference, "sqlite3 GROUP BY period (avg/min/max)", target=3)

    def export(self):
        """The FHIR Bundle against the JSON backup of the same log: both stream every reading,
        FHIR as up to three Observations each."""
        runs = 1 if QUICK else 3
        csv = generate(100_000, self.work / "r100k.csv")
        db = self.work / "export.sqlite"
        remove_db(db)
        subprocess.run([self.bin, "import", str(csv)], env=env_for(db), check=True, capture_output=True)
        out = self.work / "export.out"
        fresh = lambda: out.unlink(missing_ok=True)
        ours = timed([self.bin, "export", "--format", "fhir", "-o", str(out)], runs, env=env_for(db), setup=fresh)
        reference = timed([self.bin, "export", "--format", "json", "-o", str(out)], runs, env=env_for(db), setup=fresh)
        self.row("`export --format fhir`, 100,000 readings", ours, reference, "`export --format json` of the same log", target=3)

    def sync(self):
        """Family sync: a new device taking ten years of a family of three, and the merge every
        command makes first when nothing is new."""
        runs = 3 if QUICK else 5
        csv = generate(43_800, self.work / "family.csv", profiles=3)
        first = self.work / "sync-first.sqlite"
        folder = self.work / "shared"
        subprocess.run([self.bin, "import", str(csv)], env=env_for(first), check=True, capture_output=True)
        subprocess.run([self.bin, "sync", "init", str(folder)], env=env_for(first), check=True, capture_output=True)
        operations = sum(1 for path in (folder / "journal").rglob("*.ndjson") for _ in path.open("rb"))
        size = sum(path.stat().st_size for path in (folder / "journal").rglob("*.ndjson"))
        backup = self.work / "family.json"
        subprocess.run([self.bin, "export", "--format", "json", "-o", str(backup)], env=env_for(first), check=True,
                       capture_output=True)
        joined = self.work / "sync-joined.sqlite"

        def fresh_device():
            remove_db(joined)
            for state in (folder / "journal").iterdir():
                if state.name not in self.first_devices:
                    shutil.rmtree(state)

        self.first_devices = {path.name for path in (folder / "journal").iterdir()}
        ours = timed([self.bin, "sync", "init", str(folder)], runs, env=env_for(joined), setup=fresh_device)
        restored = self.work / "sync-json.sqlite"
        reference = timed([self.bin, "import", str(backup)], runs, env=env_for(restored), setup=lambda: remove_db(restored))
        self.row(f"`sync init` on a new device: {operations:,} operations", ours, reference,
                 "`import` of the same log's JSON backup", note=f"ten years of three people; {size // operations} bytes an operation")
        many = 15 if QUICK else 41
        merged = timed([self.bin, "-p", "dad", "list", "--limit", "1"], many, env=env_for(first))
        plain = timed([self.bin, "--no-sync", "-p", "dad", "list", "--limit", "1"], many, env=env_for(first))
        extra = (merged[0] - plain[0]) * 1000
        self.rows.append(("merge first, nothing new (`list --limit 1`)", f"{merged[0]:.4f}", f"{merged[1]}",
                          "the same with `--no-sync`", f"{plain[0]:.4f}", f"{plain[1]}", f"+{extra:.1f} ms",
                          ("meets" if extra <= 5 else "misses") + " ≤+5 ms", "a few stat calls and one read"))
        print(f"  merge with nothing new: +{extra:.1f} ms", file=sys.stderr)

    def report(self):
        """The report against the peers drawing the same report from the same CSV. The default
        report draws a year as the daily sheet; `--log readings` draws one row per reading, as the
        peers do: that is the same-work comparison, with its own targets."""
        venv = Path(os.environ.get("PEERS_VENV", "/tmp/peers-venv"))
        python = venv / "bin" / "python"
        if not python.exists():
            print(f"setting up the peer renderers in {venv} (pip install weasyprint reportlab) ...", file=sys.stderr)
            subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
            subprocess.run([str(venv / "bin" / "pip"), "install", "-q", "weasyprint", "reportlab"], check=True)
        full = os.environ.get("FULL") == "1"
        peaks = {}
        for n in (1_460, 10_000, 20_000, 100_000):
            csv = generate(n, self.work / f"peer-{n}.csv")
            db = self.work / f"report-{n}.sqlite"
            remove_db(db)
            subprocess.run([self.bin, "import", str(csv)], env=env_for(db), check=True, capture_output=True)
            runs = 1 if QUICK or n == 100_000 else 5 if n == 1_460 else 3
            ours = timed([self.bin, "-p", "dad", "report", "-o", str(self.work / f"ours-{n}.pdf")], runs, env=env_for(db))
            peaks[n] = ours[1]
            if n == 1_460:
                # File size: each language's PDF at most 250 KB.
                chinese = self.work / f"ours-{n}-zh.pdf"
                subprocess.run([self.bin, "-p", "dad", "report", "--lang", "zh-Hans", "-o", str(chinese)], env=env_for(db),
                               check=True, capture_output=True)
                for label, pdf in (("English", self.work / f"ours-{n}.pdf"), ("Chinese", chinese)):
                    size = pdf.stat().st_size / 1000
                    self.rows.append((f"`report` {n:,} readings, {label} PDF size", f"{size:.0f} KB", "", "", "", "", "",
                                      ("meets" if size <= 250 else "misses") + " ≤250 KB", f"{pages(pdf)} pages"))
            peers = []
            if n in (1_460, 20_000):
                peers.append(("ReportLab", "peer_reportlab.py", 3 if n == 1_460 and not QUICK else 1, 5 if n == 1_460 else 20))
            if n == 1_460 or (n == 20_000 and full):
                peers.append(("WeasyPrint", "peer_weasyprint.py", 1, 30))
            if not peers:
                self.rows.append((f"`report` {n:,} readings", f"{ours[0]:.3f}", f"{ours[1]}", "—", "—", "—", "—", "",
                                  f"{pages(self.work / f'ours-{n}.pdf')} pages"))
                print(f"  report {n}: {ours[0]:.3f}s {ours[1]} MiB", file=sys.stderr)
                continue
            # The same work as the peers: one row per reading.
            per_reading = self.work / f"ours-{n}-readings.pdf"
            same = timed([self.bin, "-p", "dad", "report", "--log", "readings", "-o", str(per_reading)], runs, env=env_for(db))
            for name, script, peer_runs, target in peers:
                out = self.work / f"{name}-{n}.pdf"
                reference = timed([str(python), str(PEERS / script), str(csv), str(out)], peer_runs)
                self.faster(f"`report` {n:,} readings", ours, name, reference, target,
                            f"{pages(self.work / f'ours-{n}.pdf')} pages against {pages(out)}")
                if name == "ReportLab":
                    self.faster(f"`report --log readings` {n:,} readings (the same work)", same, name, reference,
                                15 if n == 1_460 else 60, f"{pages(per_reading)} pages against {pages(out)}")
            if n == 20_000:
                self.report_floor(per_reading, same)
        growth = peaks[100_000] - peaks[10_000]
        self.rows.append(("`report` peak memory, 100,000 vs 10,000", f"{peaks[100_000]}", "", "", f"{peaks[10_000]}", "",
                          f"+{growth} MiB", ("meets" if growth <= 25 else "misses") + " ≤+25 MiB",
                          f"{growth * 1024 * 1024 // 90_000} bytes a reading"))

    def faster(self, what, ours, name, reference, target, note):
        """A row saying how many times faster than `reference` HealthLog is (a ratio above 1 is
        faster), against a target in those terms, and whether it took less memory."""
        speedup = reference[0] / ours[0]
        verdict = ("meets" if speedup >= target else "misses") + f" ≥{target}× faster"
        memory = "less memory" if ours[1] < reference[1] else "MORE memory (misses)"
        self.rows.append((what, f"{ours[0]:.3f}", f"{ours[1]}", name, f"{reference[0]:.3f}", f"{reference[1]}",
                          f"{speedup:.1f}× faster", verdict, f"{note}; {memory}"))
        print(f"  {what}: {ours[0]:.3f}s vs {name} {reference[0]:.3f}s = {speedup:.1f}× faster ({verdict}); "
              f"{ours[1]} against {reference[1]} MiB", file=sys.stderr)

    def report_floor(self, pdf, ours):
        """HealthLog's per-reading log against Tests/Scripts/report_floor.c drawing the same text
        items (read back from HealthLog's PDF) with Cairo, each distinct string shaped once."""
        compiler = shutil.which("cc") or shutil.which("clang")
        flags = subprocess.run(["pkg-config", "--cflags", "--libs", "cairo", "pangocairo"], capture_output=True, text=True)
        if not compiler or flags.returncode != 0:
            print("  (no C compiler or no cairo/pangocairo .pc files: the report floor is not measured)", file=sys.stderr)
            return
        program = self.work / "report_floor"
        subprocess.run([compiler, "-O2", "-o", str(program), str(ROOT / "Tests/Scripts/report_floor.c"), *flags.stdout.split()],
                       check=True)
        bbox = subprocess.run(["pdftotext", "-bbox-layout", str(pdf), "-"], check=True, capture_output=True, text=True).stdout
        items = self.work / "report-items.txt"
        page_count, item_count = report_items(bbox, items)
        times = []
        for _ in range(1 if QUICK else 3):
            out = subprocess.run([str(program), str(items), str(self.work / "floor.pdf")], check=True, capture_output=True, text=True)
            times.append(float(out.stdout.split()[0]))
        distinct = int(out.stdout.split()[3])
        floor = statistics.median(times)
        self.rows.append(("`report --log readings` 20,000 readings, against the floor", f"{ours[0]:.3f}", f"{ours[1]}",
                          "Cairo alone drawing the same glyph runs", f"{floor:.3f}", "—", f"{ours[0] / floor:.2f}× the floor", "",
                          f"{page_count} pages, {item_count:,} text items, {distinct:,} distinct strings shaped once "
                          "(Tests/Scripts/report_floor.c)"))
        print(f"  report against the floor: {ours[0]:.3f}s vs {floor:.3f}s = {ours[0] / floor:.2f}×", file=sys.stderr)

    def scale(self):
        """SCALE=1: the million-reading rows, once each (a run takes about 8 minutes here). One log
        of 1,000,000 readings in one profile, so `list`, `stats` and the report see every reading;
        each command's wall time and peak memory against the 64 MB that issue 39 allows whatever
        the log's size, then the database's size before and after `sync init` and the journal's
        largest segment."""
        source = generate(1_000_000, self.work / "m1-profiles.csv", profiles=20)
        csv = self.work / "m1.csv"
        # One profile holding all: gen_readings spreads a profile's readings 3.8 a day, and a
        # million of them would reach back before 1900, which import refuses; twenty profiles'
        # readings under one name are 26 a day from 1990.
        with source.open(encoding="utf-8") as lines, csv.open("w", encoding="utf-8") as out:
            out.write(next(lines))
            for line in lines:
                identifier, _, rest = line.split(",", 2)
                out.write(f"{identifier},dad,{rest}")
        db = self.work / "m1.sqlite"
        env = env_for(db)
        scratch = self.work / "m1.out"

        def measure(what, command, environment=env, note=""):
            scratch.unlink(missing_ok=True)
            seconds, peak = once(command, environment)
            megabytes = peak * 1024 / 1e6
            self.scale_rows.append((what, f"{seconds:.1f}", f"{megabytes:.0f}",
                                    ("meets" if megabytes <= 64 else "misses") + " ≤64 MB", note))
            print(f"  {what}: {seconds:.1f} s, {megabytes:.0f} MB", file=sys.stderr)
            return seconds

        measure(f"`import` ({csv.stat().st_size / 1e6:.0f} MB CSV)", [self.bin, "import", str(csv)])
        before = database_bytes(db)
        for form in ("json", "csv"):
            measure(f"`list --format {form}`", [self.bin, "-p", "dad", "list", "--format", form])
        measure("`list` as a table", [self.bin, "-p", "dad", "list", "--from", "1900-01-01"],
                note="`--from 1900-01-01`, so every reading, not the latest 20")
        measure("`stats`", [self.bin, "-p", "dad", "stats"])
        measure("`report` of all time", [self.bin, "-p", "dad", "report", "-o", str(self.work / "m1.pdf")])
        self.scale_rows[-1] = self.scale_rows[-1][:4] + (f"{pages(self.work / 'm1.pdf')} pages",)
        backup = self.work / "m1.json"
        json_seconds = measure("`export --format json`", [self.bin, "export", "--format", "json", "-o", str(backup)])
        measure("`export --format csv`", [self.bin, "export", "--format", "csv", "-o", str(scratch)])
        fhir_seconds = measure("`export --format fhir`", [self.bin, "export", "--format", "fhir", "-o", str(scratch)])
        self.scale_rows[-1] = self.scale_rows[-1][:4] + (f"{fhir_seconds / json_seconds:.1f}× the JSON export (target ≤3×)",)
        measure("`check`", [self.bin, "check"])
        folder = self.work / "m1-shared"
        init_seconds = measure("`sync init`", [self.bin, "sync", "init", str(folder)])
        after = database_bytes(db)
        segments = list((folder / "journal").rglob("*.ndjson"))
        biggest = max(segments, key=lambda path: path.stat().st_size)
        largest = biggest.stat().st_size
        # A segment rolls over once it has reached 1 MiB ("a new segment at about 1 MiB"), so the
        # line that crossed it is the most it may hold past 1 MiB.
        last_line = len(biggest.read_bytes().rstrip(b"\n").rsplit(b"\n", 1)[-1]) + 1
        rolled_over = largest - last_line < 1 << 20
        measure("`sync status`", [self.bin, "sync", "status"])
        joined = self.work / "m1-joined.sqlite"
        join_seconds = measure("a second machine joining (`sync init` of the same folder)", [self.bin, "sync", "init", str(folder)],
                               environment=env_for(joined))
        restored = self.work / "m1-restored.sqlite"
        import_seconds = measure("`import` of the JSON backup (the sync rows' reference)", [self.bin, "import", str(backup)],
                                 environment=env_for(restored))
        for index, seconds in ((-4, init_seconds), (-2, join_seconds)):
            ratio = seconds / import_seconds
            self.scale_rows[index] = self.scale_rows[index][:4] + (
                f"{ratio:.2f}× the JSON backup's import ({'meets' if ratio <= 2 else 'misses'} ≤2×)",)
        growth = after / before
        self.scale_rows.append(("database before and after `sync init`", "", "",
                                ("meets" if growth <= 1.5 else "misses") + " ≤1.5×",
                                f"{before / 1e6:.0f} MB → {after / 1e6:.0f} MB, {growth:.2f}×"))
        self.scale_rows.append(("the journal's largest segment", "", "",
                                ("meets" if rolled_over else "misses") + " 1 MiB and the line that crossed it",
                                f"{largest:,} bytes ({largest / (1 << 20):.3f} MiB; its last line {last_line} bytes) "
                                f"of {len(segments)} segments"))
        print(f"  database {before / 1e6:.0f} → {after / 1e6:.0f} MB; largest segment {largest:,} bytes", file=sys.stderr)

    def web(self):
        """The page under 50 keep-alive connections (wrk, loopback): the entry page and an add, beside
        a static file served by the same engine; the server's memory after 100,000 page requests."""
        import http.client
        import re
        import urllib.parse
        if not shutil.which("wrk"):
            print("  no wrk (apt install wrk): the page rows are left out", file=sys.stderr)
            return
        db = self.work / "web.sqlite"
        env = env_for(db)
        subprocess.run([self.bin, "profile", "add", "dad"], env=env, check=True, stdout=subprocess.DEVNULL)
        for day in range(1, 29):
            subprocess.run([self.bin, "-p", "dad", "add", f"{130 + day % 9}/{82 + day % 5}", "70", "--at", f"2026-11-{day:02d} 07:30"],
                           env=env, check=True, stdout=subprocess.DEVNULL)
        server = subprocess.Popen([self.bin, "serve", "--listen", "127.0.0.1:0", "--max-connections", "200"], env=env,
                                  stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        try:
            url = re.search(r"(http://[0-9.:]+)/", server.stdout.readline()).group(1)
            # The server's request lines are read and dropped, so its pipe never fills.
            threading_drain(server.stdout)
            host, port = urllib.parse.urlsplit(url).hostname, urllib.parse.urlsplit(url).port

            def request(method, path, body=None, headers=None):
                connection = http.client.HTTPConnection(host, port)
                connection.request(method, path, body=body, headers=headers or {})
                response = connection.getresponse()
                return response, response.read().decode()
            code = re.search(r"code=([0-9A-Z]+)", subprocess.run([self.bin, "serve", "pair", "--profile", "dad", "--color", "never"],
                             env=env, capture_output=True, text=True, check=True).stdout).group(1)
            response, text = request("GET", f"/pair?code={code}")
            pairing = response.getheader("Set-Cookie").split(";")[0]
            csrf = re.search(r'name="csrf" value="([^"]+)"', text).group(1)
            response, _ = request("POST", "/pair", urllib.parse.urlencode({"code": code, "csrf": csrf}),
                                  {"Cookie": pairing, "Origin": url, "Content-Type": "application/x-www-form-urlencoded"})
            cookie = next(v for k, v in response.getheaders() if k == "Set-Cookie" and v.startswith("hl_device=")).split(";")[0]
            _, page = request("GET", "/", headers={"Cookie": cookie})
            token = re.search(r'name="csrf" value="([^"]+)"', page).group(1)
            script = self.work / "add.lua"
            script.write_text('wrk.method = "POST"\n'
                              f'wrk.body = "profile=dad&systolic=128&diastolic=82&pulse=70&csrf={token}"\n'
                              'wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"\n'
                              f'wrk.headers["Origin"] = "{url}"\n')
            seconds = "5s" if QUICK else "15s"
            # Requests for pages (not the static file): the memory figure is taken after 100,000 of them.
            served = 0

            def run(path, extra=()):
                nonlocal served
                output = subprocess.run(["wrk", "-t2", "-c50", f"-d{seconds}", "--latency", "-H", f"Cookie: {cookie}", *extra, url + path],
                                        capture_output=True, text=True, check=True).stdout
                latency = {p: to_ms(v) for p, v in re.findall(r"^\s+(50|90|99)%\s+(\S+)", output, re.M)}
                total = int(re.search(r"(\d+) requests in", output).group(1))
                rate = float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))
                errors = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
                if errors:
                    sys.exit(f"the page answered {errors.group(1)} requests with an error under wrk:\n{output}")
                if not path.startswith("/static/"):
                    served += total
                return latency, rate

            static = run("/static/app.css")
            rss_start = rss_mib(server.pid)

            def report(what, latency, rate):
                self.rows.append((f"page: {what}, 50 keep-alive connections", f"{latency['50'] / 1000:.4f}", "",
                                  "the same engine serving /static/app.css", f"{static[0]['50'] / 1000:.4f}", "",
                                  f"{latency['50'] / static[0]['50']:.1f}×", "",
                                  f"p50 {latency['50']:.1f} ms, p90 {latency['90']:.1f} ms, p99 {latency['99']:.1f} ms; {rate:.0f} requests/s "
                                  f"(static: p99 {static[0]['99']:.1f} ms, {static[1]:.0f}/s)"))
                print(f"  {what}: p50 {latency['50']:.1f} ms p99 {latency['99']:.1f} ms {rate:.0f}/s", file=sys.stderr)
            report("the entry page (GET /)", *run("/"))
            # The memory figure comes before the add's run: each add grows the log (thousands of readings
            # in one day), and the entry page's work grows with the readings of its four weeks.
            while served < 100_000:
                run("/")
            rss_end = rss_mib(server.pid)
            self.rows.append(("page: server memory after 100,000 page requests", "", f"{rss_end}", "after the static file's run, before any page", "",
                              f"{rss_start}", f"+{rss_end - rss_start} MiB", "", f"{served} requests for GET / served"))
            print(f"  memory: {rss_start} → {rss_end} MiB after {served} page requests", file=sys.stderr)
            report("an add (POST /readings)", *run("/readings", ("-s", str(script))))
        finally:
            server.terminate()
            server.wait(timeout=30)

    def write(self):
        OUT.mkdir(exist_ok=True)
        head = ("| task | HealthLog s | RSS MiB | reference | ref s | ref MiB | ratio | target | note |\n"
                "|---|---:|---:|---|---:|---:|---:|---|---|\n")
        table = head + "".join("| " + " | ".join(r) + " |\n" for r in self.rows)
        cpu = subprocess.run(["sh", "-c", "grep -m1 'model name' /proc/cpuinfo | cut -d: -f2"],
                             capture_output=True, text=True).stdout.strip()
        text = f"Measured {date.today()} on {os.cpu_count()} cores ({cpu}), median of runs, by `make bench`.\n\n" + table
        if self.rows:
            (OUT / "bench.md").write_text(text)
            print(text)
        if self.scale_rows:
            table = ("| command, 1,000,000 readings | s | peak MB | target | note |\n|---|---:|---:|---|---|\n"
                     + "".join("| " + " | ".join(r) + " |\n" for r in self.scale_rows))
            text = f"Measured {date.today()} on {os.cpu_count()} cores ({cpu}), one run each, by `SCALE=1 make bench`.\n\n" + table
            (OUT / "bench-scale.md").write_text(text)
            print(text)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("--only", default="")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="healthlog-bench-"))
    try:
        bench = Bench(args.binary, work)
        tasks = [("add", bench.add), ("package", bench.package), ("import", bench.import_)]
        tasks += [(name, getattr(bench, name)) for name in ("stats", "export", "sync", "report", "web") if hasattr(bench, name)]
        if os.environ.get("SCALE") == "1":
            # The million-reading rows alone: with the rest, the run would take twice as long.
            tasks = [("scale", bench.scale)]
        for name, task in tasks:
            if not args.only or name in args.only.split(","):
                print(f"{name} ...", file=sys.stderr)
                task()
        bench.write()
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Writes Samples/family.csv: eight deterministic weeks of a family's readings.

dad (爸爸) is hypertensive and takes BP medication morning and evening (sometimes forgetting); mom (妈妈) is
normotensive. Both measure morning and evening, twice each time (the duplicate
readings home-monitoring guidelines ask for). Weights every few days, tags and
some notes in Chinese. Run it again and the file is byte-for-byte the same.
"""
import csv
import random
import sys
import uuid
from datetime import date, datetime, time, timedelta, timezone

TZ = timezone(timedelta(hours=8))
END = date(2026, 11, 30)
DAYS = 56
NOTES_DAD = ["头有点晕", "昨晚没睡好", "忘记吃药了", "今天感觉很好", "医生说：继续观察", "喝了咖啡", "after climbing stairs"]
NOTES_MOM = ["今天感觉很好", "散步半小时", "有点头痛"]


def rows():
    rng = random.Random(20261130)
    ids = random.Random(7)
    out = []
    for slug, sys0, dia0, pulse0, w0, notes in (("dad", 146, 90, 74, 78.4, NOTES_DAD),
                                                ("mom", 121, 77, 68, 60.8, NOTES_MOM)):
        drift = 0.0
        for d in range(DAYS):
            day = END - timedelta(days=DAYS - 1 - d)
            drift = 0.9 * drift + rng.gauss(0, 1.5)
            trend = -6 * d / DAYS if slug == "dad" else 0  # dad's treatment slowly works
            for session, (start, span) in enumerate(((time(6, 40), 70), (time(20, 30), 90))):
                morning = session == 0
                if rng.random() < 0.04:
                    continue
                # dad takes his pill twice a day and now and then forgets one
                missed_pill = slug == "dad" and rng.random() < 0.12
                tags = []
                if slug == "dad" and not missed_pill:
                    tags.append("bp-med")
                if not morning and rng.random() < 0.3:
                    tags.append("exercise")
                if morning and rng.random() < 0.3:
                    tags.append("good-sleep")
                if morning and rng.random() < 0.15:
                    tags.append("black-coffee")
                if rng.random() < 0.12:
                    tags.append("diet")
                shift = (5 if morning else -2) + (10 if missed_pill else 0) \
                    + (4 if "black-coffee" in tags else 0) - (3 if "exercise" in tags else 0)
                t0 = datetime.combine(day, start, TZ) + timedelta(minutes=rng.randint(0, span))
                weight = ""
                if morning and d % 3 == 0:
                    weight = f"{w0 - (0.8 * d / DAYS if slug == 'dad' else 0) + rng.gauss(0, 0.2):.1f}"
                for k in range(2):
                    s = round(sys0 + trend + drift + shift - 3 * k + rng.gauss(0, 5))
                    dd = round(dia0 + trend / 2 + drift / 2 + shift / 2 - 2 * k + rng.gauss(0, 3))
                    p = round(pulse0 + (3 if morning else 0) - k + rng.gauss(0, 3))
                    note = ""
                    if missed_pill and k == 0:
                        note = "忘记吃药了"
                    elif rng.random() < 0.04:
                        note = rng.choice(notes)
                    out.append([str(uuid.UUID(int=ids.getrandbits(128), version=4)), slug,
                                (t0 + timedelta(minutes=2 * k)).isoformat(), s, dd, p,
                                weight if k == 0 else "", ";".join(tags), note])
    out.sort(key=lambda r: (r[2], r[1]))
    return out


def main(path):
    with open(path, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(["id", "profile", "taken_at", "systolic", "diastolic", "pulse", "weight_kg", "tags", "note"])
        w.writerows(rows())


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "Samples/family.csv")

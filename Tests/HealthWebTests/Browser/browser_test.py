#!/usr/bin/python3
"""The page as a person uses it, in Chromium (headless, through Selenium, all from Debian):
pair a phone, turn the wheels, save, and find the reading in healthlog list; in English and
Chinese, at phone and desktop sizes, without script, at 360 pixels and at 200 % text; a
screenshot of every page in both languages; two browsers and two command lines adding at once.

usage: browser_test.py HEALTHLOG TEMPLATES FOLDER SCREENSHOTS"""
import os
import subprocess
import sys
import threading

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.common.actions.wheel_input import ScrollOrigin
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException, TimeoutException
from selenium.webdriver.support.ui import WebDriverWait as SeleniumWait

from webtest import Checks, Server, fit_window

program, templates, folder, screenshots = sys.argv[1:5]
os.makedirs(screenshots, exist_ok=True)
checks = Checks()
check, equal = checks.check, checks.equal
server = Server(program, folder, templates)
server.family()
server.latest_days_too_few("grandpa", "爷爷")
page = server.start()
PHONE = (390, 844)


def WebDriverWait(driver, seconds):
    """Waits through the moment a page is replaced by the next (its elements go stale)."""
    return SeleniumWait(driver, seconds, ignored_exceptions=(NoSuchElementException, StaleElementReferenceException))


def browser(language="en-GB", size=PHONE, script=True):
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--hide-scrollbars",
                     f"--lang={language}", "--force-device-scale-factor=1", f"--window-size={size[0]},{size[1]}"]:
        options.add_argument(argument)
    preferences = {"intl.accept_languages": language}
    if not script:
        preferences["profile.managed_default_content_settings.javascript"] = 2
    options.add_experimental_option("prefs", preferences)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    # The window's inner size is what a phone's screen is.
    fit_window(driver, size)
    return driver


def pair(driver, profile="dad", can="add", name=None):
    """Opens a pairing link as a phone's camera would, and answers its question."""
    code = page.pair_code(profile, can, name)
    driver.get(f"{page.url}/pair?code={code}")
    driver.find_element(By.CSS_SELECTOR, "form.pair button[type=submit]").click()
    WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "form.entry, section.today"))


def shot(driver, name):
    """The whole page, top to bottom, at the window's width. (`…-screen.png` pictures are the
    phone's first screen only: docs/phone/ has those of the README.)"""
    import base64
    width, height = driver.execute_script("return [window.innerWidth, document.documentElement.scrollHeight]")
    picture = driver.execute_cdp_cmd("Page.captureScreenshot", {
        "format": "png", "captureBeyondViewport": True, "clip": {"x": 0, "y": 0, "width": width, "height": height, "scale": 1}})
    with open(os.path.join(screenshots, name + ".png"), "wb") as file:
        file.write(base64.b64decode(picture["data"]))


def no_horizontal_scroll(driver, what):
    widths = driver.execute_script("return [document.documentElement.scrollWidth, window.innerWidth]")
    check(widths[0] <= widths[1], f"no horizontal scrolling: {what}", widths)


def wheel_value(driver, name):
    return driver.find_element(By.NAME, name).get_attribute("value")


def rests_at(driver, name, value, seconds=10):
    """Waits until the wheel for `name` has stopped at `value`: its field holds the value, and the
    wheel is scrolled to that value's item, centred (not gliding past it). False if it does not
    within `seconds`: a wheel that glides on, or stops elsewhere."""
    script = """const box = document.querySelector(`form .wheel[data-wheel-for=${arguments[0]}]`);
        const items = Array.from(box.querySelectorAll('.wheel-item')), chosen = box.querySelector('.wheel-item.selected');
        const field = document.querySelector(`form input[name=${arguments[0]}]`);
        return chosen !== null && field.value === arguments[1] && chosen.dataset.value === arguments[1]
            && Math.abs(box.scrollTop - items.indexOf(chosen) * chosen.getBoundingClientRect().height) <= 1"""
    try:
        WebDriverWait(driver, seconds).until(lambda d: d.execute_script(script, name, str(value)))
        return True
    except TimeoutException:
        return False


def turn(driver, name, notches):
    """Turns a wheel with the mouse wheel (a thumb's swipe scrolls it the same way), and waits
    for it to stop where `notches` take it."""
    start = int(wheel_value(driver, name))
    wheel = driver.find_element(By.CSS_SELECTOR, f".wheel[data-wheel-for={name}]")
    item = wheel.find_element(By.CSS_SELECTOR, ".wheel-item").size["height"]
    ActionChains(driver).scroll_from_origin(ScrollOrigin.from_element(wheel), 0, int(item * notches)).perform()
    rests_at(driver, name, start + notches)


def set_wheel(driver, name, value):
    """Turns a wheel to `value` with the keyboard, a notch a key, as a person without a touch screen would."""
    wheel = driver.find_element(By.CSS_SELECTOR, f"form .wheel[data-wheel-for={name}]")
    steps = int(value) - int(wheel_value(driver, name))
    wheel.send_keys(*([Keys.ARROW_DOWN] * steps if steps > 0 else [Keys.ARROW_UP] * -steps))
    check(rests_at(driver, name, value), f"the {name} wheel turned to {value}", wheel_value(driver, name))


def shows_what_was_served(driver, what, names):
    """Checks that each wheel, once its form shows, rests on the value the server put in its
    field (the person's last reading), and that the field still holds it: what is posted is
    what is shown."""
    for name in names:
        served = driver.execute_script(f"return document.querySelector('form input[name={name}]').defaultValue")
        check(served != "" or name == "pulse", f"{what}: the server gave the {name} field a value", served)
        check(rests_at(driver, name, served), f"{what}: the {name} wheel shows the served {served!r}", wheel_value(driver, name))


# --- A phone pairs, turns the wheels, saves; the reading is in healthlog list
for language, code in [("en-GB", "en"), ("zh-CN", "zh")]:
    driver = browser(language)
    driver.get(page.url + "/")
    shot(driver, f"{code}-phone-1-not-paired")
    no_horizontal_scroll(driver, f"{code} pairing page at 390 px")
    pair(driver, "dad", "add", f"phone-{code}")
    html_language = driver.find_element(By.TAG_NAME, "html").get_attribute("lang")
    equal(html_language, "zh-Hans" if code == "zh" else "en", f"Accept-Language {language} gives the {code} page")
    save = driver.find_element(By.CSS_SELECTOR, "form.entry button[type=submit]").text
    equal(save, "保存" if code == "zh" else "Save", f"{code}: the Save button speaks the language")
    wheels = driver.find_elements(By.CSS_SELECTOR, ".wheel")
    equal(len(wheels), 3, f"{code}: three wheels")
    start = wheel_value(driver, "systolic")
    equal(start, str(next(r for r in reversed(page.readings("dad")) if r["systolic"])["systolic"]), f"{code}: the systolic wheel starts at dad's last value")
    shot(driver, f"{code}-phone-2-entry")
    driver.save_screenshot(os.path.join(screenshots, f"{code}-phone-2-entry-screen.png"))
    # Wheels, stamps, note and Save on the phone's first screen: nothing to scroll to save.
    bottom = driver.execute_script("return document.querySelector('form.entry button[type=submit]').getBoundingClientRect().bottom")
    check(bottom <= PHONE[1], f"{code}: Save is on the first screen at {PHONE[0]}×{PHONE[1]}", bottom)
    turn(driver, "systolic", 5)
    turned = int(wheel_value(driver, "systolic"))
    check(turned == int(start) + 5, f"{code}: turning the systolic wheel five notches moves it by 5", (start, turned))
    diastolic = driver.find_element(By.CSS_SELECTOR, ".wheel[data-wheel-for=diastolic]")
    lower = int(wheel_value(driver, "diastolic")) - 3
    diastolic.send_keys(Keys.ARROW_UP, Keys.ARROW_UP, Keys.ARROW_UP)
    check(rests_at(driver, "diastolic", lower), f"{code}: three keys up turn the diastolic wheel by 3", wheel_value(driver, "diastolic"))
    turn(driver, "pulse", -2)
    values = (int(wheel_value(driver, "systolic")), int(wheel_value(driver, "diastolic")), wheel_value(driver, "pulse"))
    stamp = driver.find_element(By.CSS_SELECTOR, "label.chip input[value=bp-med]")
    check(stamp.find_element(By.XPATH, "..").location["y"] <= min(c.location["y"] for c in driver.find_elements(By.CSS_SELECTOR, "label.chip")), f"{code}: BP medication is the first stamp")
    stamp.find_element(By.XPATH, "..").click()
    driver.find_element(By.ID, "note").send_keys(f"wheels {code}")
    shot(driver, f"{code}-phone-3-entry-filled")
    driver.find_element(By.CSS_SELECTOR, "form.entry button[type=submit]").click()
    WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".notice"))
    notice = driver.find_element(By.CSS_SELECTOR, ".notice").text
    check(f"{values[0]}/{values[1]}" in notice, f"{code}: the page says what it saved", notice)
    check(("· 降压药" if code == "zh" else "· BP medication") in notice, f"{code}: … with its stamp, as healthlog add names it", notice)
    shot(driver, f"{code}-phone-4-saved")
    driver.save_screenshot(os.path.join(screenshots, f"{code}-phone-4-saved-screen.png"))
    driver.find_element(By.CSS_SELECTOR, "section.week").screenshot(os.path.join(screenshots, f"{code}-phone-4-week.png"))
    stored = [(r["systolic"], r["diastolic"], str(r["pulse"]), r["tags"]) for r in page.readings("dad") if r["note"] == f"wheels {code}"]
    equal(stored, [(values[0], values[1], values[2], ["bp-med"])], f"{code}: the reading is in healthlog list as the wheels showed it")
    # … and in the next report, in the log of readings at its end.
    report = os.path.join(folder, f"report-{code}.pdf")
    page.cli("-p", "dad", "report", "--lang", "zh-Hans" if code == "zh" else "en", "-o", report)
    text = subprocess.run(["pdftotext", "-layout", report, "-"], capture_output=True, text=True, check=True).stdout
    check(f"{values[0]}/{values[1]}" in text and f"wheels {code}" in text, f"{code}: the reading and its note are in the next report", text[-400:])
    # A very high reading says what `healthlog add` says.
    set_wheel(driver, "systolic", 186)
    set_wheel(driver, "diastolic", 96)
    driver.find_element(By.CSS_SELECTOR, "form.entry button[type=submit]").click()
    WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".notice.urgent"))
    attention = driver.find_element(By.CSS_SELECTOR, ".notice .attention").text
    same = subprocess.run([program, "-p", "dad", "add", "187/97"], env=dict(page.environment, HEALTHLOG_LANGUAGE=code == "zh" and "zh-Hans" or "en"), capture_output=True, text=True).stdout
    check(attention in same, f"{code}: a very high reading's advice is the words of healthlog add", (attention, same))

    # Every page, at the phone's size, and at 360 px with no horizontal scrolling.
    pages = [("log", "/log?profile=dad"), ("report", "/report?profile=dad"), ("measure-1-rest", "/measure?profile=dad")]
    for name, path in pages:
        driver.get(page.url + path)
        shot(driver, f"{code}-phone-5-{name}")
    driver.get(page.url + "/measure?profile=dad")
    driver.find_element(By.CSS_SELECTOR, "button.skip").click()
    shows_what_was_served(driver, f"{code}: after the rest", ["systolic", "diastolic", "pulse"])
    set_wheel(driver, "systolic", 150)
    set_wheel(driver, "diastolic", 92)
    driver.find_element(By.CSS_SELECTOR, "#measure-form button[type=submit]").click()
    WebDriverWait(driver, 10).until(lambda d: "second" in d.current_url or "first=" in d.current_url)
    check(driver.find_element(By.CSS_SELECTOR, "#measure-form").get_attribute("hidden") is not None, f"{code}: the pause's form waits for its minute")
    shot(driver, f"{code}-phone-5-measure-2-pause")
    driver.find_element(By.CSS_SELECTOR, "button.skip").click()
    shows_what_was_served(driver, f"{code}: after the pause", ["systolic", "diastolic"])
    equal([wheel_value(driver, "systolic"), wheel_value(driver, "diastolic")], ["150", "92"], f"{code}: after the pause the wheels start at the first reading")
    set_wheel(driver, "systolic", 136)
    set_wheel(driver, "diastolic", 86)
    driver.find_element(By.CSS_SELECTOR, "#measure-form button[type=submit]").click()
    WebDriverWait(driver, 10).until(lambda d: "second=" in d.current_url)
    said = driver.find_element(By.CSS_SELECTOR, ".notice").text
    check("14" in said and ("10" in said), f"{code}: two readings 14 mmHg apart ask for a third", said)
    ids = [value.split("=")[1] for value in driver.current_url.split("?")[1].split("&") if value.startswith(("first=", "second="))]
    sitting = {r["id"]: (r["systolic"], r["diastolic"]) for r in page.readings("dad")}
    equal([sitting.get(i) for i in ids], [(150, 92), (136, 86)], f"{code}: both readings of the sitting are stored, in order")
    shot(driver, f"{code}-phone-5-measure-3-third")
    fit_window(driver, (360, 740))
    for name, path in [("entry", "/"), ("log", "/log?profile=dad&days=90"), ("report", "/report?profile=dad"), ("measure", "/measure?profile=dad")]:
        driver.get(page.url + path)
        no_horizontal_scroll(driver, f"{code} {name} at 360 px")
        # Touch targets of 44 px or more: buttons, chips, the wheels' items and links in the text.
        small = driver.execute_script("""return Array.from(document.querySelectorAll('button, a.button, label.chip, .wheel-item, input[type=number], input[type=text], textarea, summary'))
            .filter(e => e.offsetParent !== null).map(e => [e.tagName, e.className, e.getBoundingClientRect().height]).filter(x => x[2] < 43.5)""")
        check(not small, f"{code} {name}: every touch target is 44 px high or more", small[:3])
        if name == "entry":
            # The chart's labels, drawn in its own units and scaled to the column: large enough to read, whole, apart.
            labels = driver.execute_script("""const svg = document.querySelector('svg.chart');
                const box = svg.getBoundingClientRect(), scale = box.width / svg.viewBox.baseVal.width;
                return Array.from(svg.querySelectorAll('text')).map(t => { const r = t.getBoundingClientRect();
                    return {text: t.textContent, px: parseFloat(t.getAttribute('font-size')) * scale, left: r.left, right: r.right, top: r.top, bottom: r.bottom,
                            inside: r.left >= box.left - 0.5 && r.right <= box.right + 0.5 && r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5}; })""")
            check(len(labels) >= 5, f"{code}: the chart has its labels", len(labels))
            small = [(l["text"], round(l["px"], 1)) for l in labels if l["px"] < 13.5]
            check(not small, f"{code}: at 360 px every label of the chart is 13.5 px or larger", small[:4])
            check(all(l["inside"] for l in labels), f"{code}: at 360 px no label of the chart is cut at its edge", [l["text"] for l in labels if not l["inside"]])
            overlapping = [(a["text"], b["text"]) for i, a in enumerate(labels) for b in labels[i + 1:]
                           if a["left"] < b["right"] and b["left"] < a["right"] and a["top"] < b["bottom"] and b["top"] < a["bottom"]]
            check(not overlapping, f"{code}: at 360 px the chart's labels do not overlap", overlapping[:3])
        # 200 % text: the page grows with it and still fits the width.
        driver.execute_script("document.documentElement.style.fontSize = '200%'")
        WebDriverWait(driver, 10).until(lambda d: d.execute_script("return getComputedStyle(document.body).fontSize") == "36px")
        no_horizontal_scroll(driver, f"{code} {name} at 360 px and 200 % text")
        if name == "entry":
            tops = driver.execute_script("return Array.from(document.querySelectorAll('.wheel')).map(w => Math.round(w.getBoundingClientRect().top))")
            check(len(tops) == 3 and max(tops) - min(tops) <= 1, f"{code}: at 200 % text the three wheels stay side by side at one height", tops)
            shot(driver, f"{code}-phone-6-entry-200-percent")
    driver.quit()

# --- At 360 px, for a device that may manage dad and grandpa (a very high and a low reading,
# the latest days too few): what a colour means is said in words, every date is whole on its
# line at any text size, and there is room after each Download button.
ROWS = """return Array.from(document.querySelectorAll('li.reading')).filter(row => row.querySelector('.bp')).map(row => {
    const bp = row.querySelector('.bp');
    return {bp: bp.textContent, coloured: getComputedStyle(bp).color !== getComputedStyle(document.body).color,
            marks: Array.from(row.querySelectorAll('.mark')).filter(m => m.offsetParent !== null).map(m => m.textContent.trim())}; })"""
# Each date of the page's text (as the string tables write them) and whether it lies on one line.
DATES = r"""const pattern = document.documentElement.lang === 'zh-Hans'
        ? /(?:\d{4}年)?\d{1,2}月\d{1,2}日(?: 周[一二三四五六日])?/g
        : /(?:(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) )?\b\d{1,2} (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\b(?: \d{4}\b)?/g;
    const walker = document.createTreeWalker(document.querySelector('main'), NodeFilter.SHOW_TEXT), found = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.parentElement.closest('svg')) continue;
        for (const match of node.data.matchAll(pattern)) {
            const range = document.createRange();
            range.setStart(node, match.index);
            range.setEnd(node, match.index + match[0].length);
            const tops = Array.from(range.getClientRects()).map(r => r.top);
            found.push([match[0], tops.length > 0 && Math.max(...tops) - Math.min(...tops) < 2]);
        }
    }
    return found"""
GAPS = """return Array.from(document.querySelectorAll('form.report button[type=submit]')).map(button => {
    const bottom = button.getBoundingClientRect().bottom;
    const after = Array.from(document.querySelectorAll('body *')).filter(e => !e.contains(button)
        && (button.compareDocumentPosition(e) & Node.DOCUMENT_POSITION_FOLLOWING) && e.getClientRects().length > 0);
    return [button.textContent, Math.min(...after.map(e => e.getBoundingClientRect().top)) - bottom]; })"""
for language, code in [("en-GB", "en"), ("zh-CN", "zh")]:
    # healthlog add's attention lines, in this language, from a log of their own.
    elsewhere = dict(page.environment, HEALTHLOG_DB=os.path.join(folder, f"attention-{code}.sqlite"), HEALTHLOG_LANGUAGE="zh-Hans" if code == "zh" else "en")
    subprocess.run([program, "profile", "add", "x"], env=elsewhere, capture_output=True, check=True)
    attention = {kind: subprocess.run([program, "-p", "x", "add", pressure], env=elsewhere, capture_output=True, text=True).stdout.lower()
                 for kind, pressure in [("very high", "182/100"), ("low", "86/55")]}
    driver = browser(language)
    fit_window(driver, (360, 740))
    equal(driver.execute_script("return window.innerWidth"), 360, f"{code}: the window is 360 px wide")
    pair(driver, "dad,grandpa", "manage", f"narrow-{code}")
    rows = []
    for profile in ["dad", "grandpa"]:
        driver.get(f"{page.url}/log?profile={profile}&days=90")
        rows += driver.execute_script(ROWS)
    coloured = [row for row in rows if row["coloured"]]
    check(len(coloured) >= 5, f"{code}: the log colours readings at or above target", len(coloured))
    equal([row["bp"] for row in coloured if not row["marks"]], [], f"{code}: every coloured reading says in words what its colour means")
    for kind, pressure in [("very high", "182/100"), ("low", "86/55")]:
        marks = [mark for row in rows if row["bp"] == pressure for mark in row["marks"]]
        check(marks and all(mark.lower() in attention[kind] for mark in marks),
              f"{code}: the {kind} reading {pressure} is marked with the words of healthlog add's attention line", (marks, attention[kind][-200:]))
    broken = set()
    dates = 0
    for path in ["/?profile=grandpa", "/log?profile=grandpa&days=90", "/?profile=dad", "/log?profile=dad"]:
        driver.get(page.url + path)
        for size in [100, 125, 150, 175, 200]:
            driver.execute_script(f"document.documentElement.style.fontSize = '{size}%'")
            found = driver.execute_script(DATES)
            dates += len(found)
            broken |= {(path, size, date) for date, whole in found if not whole}
    check(dates > 100, f"{code}: the entry pages and logs name their dates", dates)
    # Links side by side (the profiles, the spans, the log and the report) are apart by space: a
    # "·" between them was left alone at the end of a line when they wrapped.
    between = []
    for path in ["/?profile=dad", "/log?profile=dad"]:
        driver.get(page.url + path)
        between += driver.execute_script("""return Array.from(document.querySelectorAll('nav.profiles, nav.spans, p.actions'))
            .flatMap(e => Array.from(e.childNodes)).filter(n => n.nodeType === Node.TEXT_NODE && n.data.trim() !== '').map(n => n.data.trim())""")
    equal(between, [], f"{code}: nothing stands between links side by side to be left alone at a line's end")
    equal(sorted(broken)[:5], [], f"{code}: at 360 px and every text size from 100 to 200 % each date is whole on its line")
    driver.get(page.url + "/report?profile=dad")
    gaps = driver.execute_script(GAPS)
    equal(len(gaps), 2, f"{code}: a device that may manage downloads the report of the last days or of any range")
    check(all(gap >= 12 for _, gap in gaps), f"{code}: each Download button has room after it before what follows", gaps)
    shot(driver, f"{code}-phone-8-report-manage-360")
    driver.get(page.url + "/?profile=grandpa")
    shot(driver, f"{code}-phone-8-entry-latest-days-too-few-360")
    driver.quit()

# --- The edit page of a device that may manage, and the desktop
for language, code in [("en-GB", "en"), ("zh-CN", "zh")]:
    driver = browser(language, size=(1280, 900))
    pair(driver, "dad", "manage", f"desktop-{code}")
    shot(driver, f"{code}-desktop-entry")
    no_horizontal_scroll(driver, f"{code} desktop")
    driver.get(page.url + "/log?profile=dad")
    driver.find_element(By.CSS_SELECTOR, "a.edit").click()
    shot(driver, f"{code}-desktop-edit")
    check(driver.find_elements(By.CSS_SELECTOR, "form.delete button"), f"{code}: a manage device may delete")
    # … after a question: the first tap asks, and deletes nothing; only its answer deletes.
    doomed = driver.current_url.split("/readings/")[1].split("/")[0]
    driver.find_element(By.CSS_SELECTOR, "form.delete button").click()
    WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "form.delete input[name=confirm]"))
    check(doomed in [r["id"] for r in page.readings("dad")], f"{code}: the delete button asks first and deletes nothing", doomed)
    shot(driver, f"{code}-desktop-delete-question")
    driver.find_element(By.CSS_SELECTOR, "form.delete button").click()
    WebDriverWait(driver, 10).until(lambda d: "deleted=1" in d.current_url)
    check(doomed not in [r["id"] for r in page.readings("dad")], f"{code}: answering the question deletes the reading", doomed)
    driver.quit()

# --- Without script: the same form, plain number fields, a real submit button
driver = browser("en-GB", script=False)
pair(driver, "dad", "add", "no-script")
equal(len(driver.find_elements(By.CSS_SELECTOR, ".wheel")), 0, "without script there are no wheels")
for name, value in [("systolic", "141"), ("diastolic", "89"), ("pulse", "77")]:
    field = driver.find_element(By.CSS_SELECTOR, f"form.entry input[name={name}]")
    check(field.is_displayed() and field.get_attribute("type") == "number", f"without script {name} is a number field")
    field.clear()
    field.send_keys(value)
driver.find_element(By.CSS_SELECTOR, "form.entry label.chip input[value=exercise]").find_element(By.XPATH, "..").click()
driver.find_element(By.CSS_SELECTOR, "form.entry details.time summary").click()
shot(driver, "en-phone-7-no-script")
driver.find_element(By.CSS_SELECTOR, "form.entry button[type=submit]").click()
WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".notice"))
stored = [(r["systolic"], r["diastolic"], r["pulse"], r["tags"]) for r in page.readings("dad") if r["tags"] == ["exercise"]]
equal(stored, [(141, 89, 77, ["exercise"])], "without script the form saves what was typed")
driver.find_element(By.CSS_SELECTOR, "form.weight input[name=weight]").send_keys("71.8")
driver.find_element(By.CSS_SELECTOR, "form.weight button").click()
WebDriverWait(driver, 10).until(lambda d: "71.8" in d.find_element(By.CSS_SELECTOR, ".notice").text)
weights = [r for r in page.readings("dad") if r["weightKg"] == 71.8]
check(len(weights) == 1 and weights[0]["systolic"] is None and weights[0]["pulse"] is None, "the weight form saves a weight alone", weights)
driver.quit()

# --- Two browsers and two command lines adding at once lose nothing
errors = []
def command_line(tag):
    for index in range(15):
        result = page.cli("-p", "dad", "add", f"{120 + index}/80", "-n", f"cli-{tag}-{index}", check=False)
        if result.returncode != 0:
            errors.append(result.stderr)
def phone(tag):
    driver = browser("en-GB", script=False)
    try:
        pair(driver, "dad", "add", f"together-{tag}")
        for index in range(10):
            driver.get(page.url + "/")
            for name, value in [("systolic", str(130 + index)), ("diastolic", "82")]:
                field = driver.find_element(By.CSS_SELECTOR, f"form.entry input[name={name}]")
                field.clear()
                field.send_keys(value)
            driver.find_element(By.ID, "note").send_keys(f"web-{tag}-{index}")
            driver.find_element(By.CSS_SELECTOR, "form.entry button[type=submit]").click()
            WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".notice"))
    except Exception as error:
        errors.append(repr(error))
    finally:
        driver.quit()
workers = [threading.Thread(target=command_line, args=(t,)) for t in "ab"] + [threading.Thread(target=phone, args=(t,)) for t in "cd"]
for worker in workers:
    worker.start()
for worker in workers:
    worker.join()
notes = {r["note"] for r in page.readings("dad") if r["note"]}
expected = {f"cli-{t}-{i}" for t in "ab" for i in range(15)} | {f"web-{t}-{i}" for t in "cd" for i in range(10)}
equal(sorted(expected - notes), [], "two browsers and two command lines adding at once: every reading is in the log")
equal(errors, [], "… and none of them was refused")

output = server.stop()
check("web-c-1" not in output and "wheels zh" not in output, "the server's log names no note")
checks.finish()

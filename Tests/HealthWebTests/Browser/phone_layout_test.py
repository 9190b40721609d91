#!/usr/bin/python3
"""The page on a small phone, as an older eye sets it: 360 × 740 and 320 × 640, in English and
Chinese, at the normal text size and at 200 % (the phone's font scaling, emulated by the
browser's own text size: the page's rem grows with it, with or without script), with script
and without. At each: no word of a label is broken across lines, the wheels' digits (and the
plain fields' without script) are whole inside their boxes, "· pulse" stays on the line of its
reading, the chart's dates stand apart and a key says what its lines, marks and stamps mean,
and every touch target is 44 × 44 CSS px or more. Also (issue 36's probe): Save on the first
screen, "mmHg" whole in the notice after a save and in measuring's list, the date and the hour
and minute of a chosen time whole in their boxes and named above them, the chart's labels
growing with the text size, a long profile name whole inside the column (in the switch, and as
the heading of its own page), the Save bar at the screen's foot a tenth of its height or less,
the stamps' boxes of one size, a ticked stamp's name whole in its chip, moving no stamp, and
the question before a delete whole inside its box; without script, no "now" over a chosen time,
the edit page's and measuring's Save bars as thin as the entry page's, each stamp's name whole
in the notice after a save, the log's spans in two rows or fewer, and no command's name. A screenshot of each page at each setting is left in SCREENSHOTS, the whole page and its
first screen.

usage: phone_layout_test.py HEALTHLOG TEMPLATES FOLDER SCREENSHOTS"""
import base64
import os
import sys

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
from selenium.webdriver.support.ui import WebDriverWait

from webtest import Checks, Server, fit_window

program, templates, folder, screenshots = sys.argv[1:5]
os.makedirs(screenshots, exist_ok=True)
checks = Checks()
check, equal = checks.check, checks.equal
server = Server(program, folder, templates)
server.family()
# A name with a word longer than a 320 px phone's line at 200 % text, beside mom's with markup.
server.page.cli("profile", "add", "oma", "--name", "Oma Schwarzenbergerová")
page = server.start()


def browser(language, size, script, text):
    """A phone of `size` whose text size is `text` % (Chromium's default font size, which the
    page's rem follow as a phone's font scaling does)."""
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--hide-scrollbars",
                     f"--lang={language}", "--force-device-scale-factor=1"]:
        options.add_argument(argument)
    preferences = {"intl.accept_languages": language, "webkit.webprefs.default_font_size": 16 * text // 100}
    if not script:
        preferences["profile.managed_default_content_settings.javascript"] = 2
    options.add_experimental_option("prefs", preferences)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    fit_window(driver, size)
    return driver


def shot(driver, name):
    """The whole page at the window's width, and its first screen."""
    width, height = driver.execute_script("return [window.innerWidth, document.documentElement.scrollHeight]")
    picture = driver.execute_cdp_cmd("Page.captureScreenshot", {
        "format": "png", "captureBeyondViewport": True, "clip": {"x": 0, "y": 0, "width": width, "height": height, "scale": 1}})
    with open(os.path.join(screenshots, name + ".png"), "wb") as file:
        file.write(base64.b64decode(picture["data"]))
    driver.save_screenshot(os.path.join(screenshots, name + "-screen.png"))


def wait_for(driver, selector):
    WebDriverWait(driver, 10, ignored_exceptions=(NoSuchElementException, StaleElementReferenceException)).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, selector))


# The words of labels (English: every word of the page's own text) that lie on more than one
# line. A label may wrap between words, never inside one; a short Chinese label (收缩压, 不规则心跳:
# five characters at most) is one word, a longer one a phrase that may wrap as Chinese does. In
# Chinese, the notice after a save and measuring's list are looked at too, for their Latin words
# ("mmHg"), which are never broken. Only a word wider than its whole line (a long name) may be.
BROKEN_WORDS = r"""const english = document.documentElement.lang === 'en';
    const labels = '.wheel-label, .wheel-field .unit, .chip span, .mark, .tag, .chart-key li, button, a, summary, legend, label.block, .badge, .notice p, ol.sitting li';
    const roots = english ? [document.querySelector('main'), document.querySelector('header.top')] : Array.from(document.querySelectorAll(labels));
    const broken = [];
    for (const root of roots) {
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            // (A name kept for a screen reader only is clipped to a pixel. A note and a profile's name
            // are what a person typed, `<script>alert('mom')</script>` too: CUT_NAMES looks at names.)
            if (node.parentElement.closest('svg, p.note, pre, [hidden], nav.profiles') || node.parentElement.getBoundingClientRect().width <= 1) continue;
            for (const word of node.data.matchAll(/[^\s\-]+/g)) {
                const range = document.createRange();
                range.setStart(node, word.index);
                range.setEnd(node, word.index + word[0].length);
                const tops = Array.from(range.getClientRects()).filter(r => r.width > 0).map(r => r.top);
                if (!english && word[0].length > 5 && /[^\x00-\x7f]/.test(word[0])) continue;
                const block = node.parentElement.closest('p, li, div, a, label, button, summary, legend, h1, h2, h3, span.mark, span.tag') || node.parentElement;
                const style = getComputedStyle(block);
                const line = block.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
                const wide = Array.from(range.getClientRects()).reduce((sum, r) => sum + r.width, 0);
                if (wide > line + 0.5) continue;
                if (tops.length > 0 && Math.max(...tops) - Math.min(...tops) > 2) broken.push(word[0]);
            }
        }
    }
    return broken"""

# Each wheel's digits whole inside the wheel's box; without script, each number field's widest
# value ('250', its largest) inside the field's text area.
CUT_DIGITS = r"""const cut = [];
    for (const box of document.querySelectorAll('.wheel')) {
        const outer = box.getBoundingClientRect(), left = outer.left + box.clientLeft, right = left + box.clientWidth;
        for (const item of box.querySelectorAll('.wheel-item')) {
            const range = document.createRange();
            range.selectNodeContents(item);
            const text = range.getBoundingClientRect(), cell = item.getBoundingClientRect();
            if (text.left < left - 0.5 || text.right > right + 0.5 || text.height > cell.height + 0.5) cut.push([box.dataset.wheelFor, item.textContent]);
        }
    }
    const context = document.createElement('canvas').getContext('2d');
    for (const field of document.querySelectorAll('input[type=number]')) {
        if (field.getClientRects().length === 0) continue;
        const style = getComputedStyle(field);
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const room = field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        for (const value of [field.value, field.max]) {
            if (value && context.measureText(value).width > room + 0.5) cut.push([field.name, value, Math.round(context.measureText(value).width), Math.round(room)]);
        }
    }
    return cut"""

# For each reading that names its pulse (a row of the log, the notice after a save): whether
# the '·' before the pulse lies on the pulse's line, and whether the pulse lies on the line
# of the blood pressure.
PULSE_LINES = r"""const word = document.documentElement.lang === 'en' ? 'pulse' : '脉搏';
    const found = [];
    for (const holder of document.querySelectorAll('li.reading .values, .notice p')) {
        const text = holder.textContent, at = text.indexOf(word + ' ');
        if (at < 0) continue;
        const dot = text.lastIndexOf('·', at), bp = text.search(/\d+\/\d+/);
        // The text positions as nodes and offsets.
        const walker = document.createTreeWalker(holder, NodeFilter.SHOW_TEXT), places = {};
        let offset = 0;
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            for (const [name, index] of [['dot', dot], ['pulse', at], ['bp', bp]]) {
                if (index >= offset && index < offset + node.data.length) places[name] = [node, index - offset];
            }
            offset += node.data.length;
        }
        const top = name => {
            const range = document.createRange();
            range.setStart(places[name][0], places[name][1]);
            range.setEnd(places[name][0], places[name][1] + 1);
            return range.getClientRects()[0].top;
        };
        found.push({text: text.trim().slice(0, 60), dotWithPulse: dot >= 0 && Math.abs(top('dot') - top('pulse')) < 2,
                    pulseWithPressure: bp >= 0 && Math.abs(top('bp') - top('pulse')) < 2});
    }
    return found"""

# Every touch target smaller than 44 × 44 CSS px (a chip's own box counts, not its checkbox;
# a wheel is turned by its items).
SMALL_TARGETS = r"""return Array.from(document.querySelectorAll(
        'a, button, label.chip, summary, select, textarea, input:not([type=hidden]):not([type=checkbox]):not([type=radio]), .wheel-item, label.choice'))
    .filter(e => e.getClientRects().length > 0 && !e.closest('[hidden]'))
    .map(e => { const r = e.getBoundingClientRect(); return [e.tagName.toLowerCase() + (e.className ? '.' + e.className : ''), e.textContent.trim().slice(0, 20), Math.round(r.width), Math.round(r.height)]; })
    .filter(x => x[2] < 43.5 || x[3] < 43.5)"""

# The chart's date labels (the row under the plot), left to right, with the room between
# neighbours in px; and the key under the chart.
CHART = r"""const svg = document.querySelector('svg.chart');
    if (!svg) return null;
    const texts = Array.from(svg.querySelectorAll('text[text-anchor=middle]')).map(t => ({text: t.textContent, box: t.getBoundingClientRect()}))
        .sort((a, b) => a.box.left - b.box.left);
    const fontPx = texts.length ? texts[0].box.height : 0;
    const gaps = texts.slice(1).map((t, i) => [texts[i].text, t.text, Math.round(t.box.left - texts[i].box.right)]);
    const key = svg.parentElement.querySelector('.chart-key');
    return {dates: texts.map(t => t.text), fontPx, gaps,
            key: key ? Array.from(key.querySelectorAll('li')).map(li => li.textContent.trim()) : null,
            keySwatches: key ? key.querySelectorAll('li svg').length : 0,
            lanes: svg.querySelectorAll('text:not([text-anchor])').length,
            keyAfterChart: key ? (svg.compareDocumentPosition(key) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0 : false}"""

# Save's button inside the screen, and the button itself what a finger there touches.
SAVE_ON_SCREEN = r"""const button = document.querySelector('form.entry button[type=submit]'), r = button.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return {top: Math.round(r.top), bottom: Math.round(r.bottom), height: window.innerHeight, touched: hit === button || button.contains(hit)}"""

# The Save bar at the screen's foot: the button with the band of white around it, in px, beside
# the screen's height (it covers what is scrolled under it, so it is to stay thin).
SAVE_BAR = r"""const button = document.querySelector('form.entry button[type=submit]'), r = button.getBoundingClientRect();
    const band = parseFloat((getComputedStyle(button).boxShadow.match(/(-?[\d.]+)px\s*$/) || [0, 0])[1]);
    return {bar: Math.round(r.height + 2 * band), height: window.innerHeight, sticky: getComputedStyle(button).position === 'sticky'}"""

# The log's span links (7, 30, 90, 365 days): the rows they take.
SPAN_ROWS = r"""return new Set(Array.from(document.querySelectorAll('nav.spans a, nav.spans strong')).map(a => Math.round(a.getBoundingClientRect().top))).size"""

# In the notice after a save, each stamp's name (as its chip names it) that lies on more than
# one line: a list of stamps wraps between them, never inside one (`降压 | 药`). The names are
# found with the word joiners and no-break spaces that may keep them whole. A name wider than
# the whole line (`irregular heartbeat` at 200 % on a 320 px phone) may wrap inside itself.
BROKEN_STAMPS = r"""const names = Array.from(document.querySelectorAll('label.chip span')).map(s => s.textContent.trim()).filter(Boolean), broken = [];
    for (const p of document.querySelectorAll('.notice p')) {
        const walker = document.createTreeWalker(p, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            for (const name of names) {
                const pattern = new RegExp(Array.from(name).map(c => /\s/.test(c) ? '[\\s\u00a0]' : c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\u2060?'), 'g');
                for (const found of node.data.matchAll(pattern)) {
                    const range = document.createRange();
                    range.setStart(node, found.index);
                    range.setEnd(node, found.index + found[0].length);
                    const rects = Array.from(range.getClientRects()).filter(r => r.width > 0), tops = new Set(rects.map(r => Math.round(r.top)));
                    const style = getComputedStyle(p), line = p.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
                    // (Only a name wider than the whole line may wrap inside itself.)
                    if (tops.size > 1 && rects.reduce((sum, r) => sum + r.width, 0) <= line + 0.5) broken.push(name);
                }
            }
        }
    }
    return broken"""

# The time fields' values as the browser writes them in their boxes (the date as the phone's
# language writes one, the hour and minute), each with the room its box has for it (its picker's
# icon beside it, a line's height wide): the values that do not fit.
CUT_TIME = r"""const context = document.createElement('canvas').getContext('2d'), cut = [], locale = navigator.language;
    for (const field of document.querySelectorAll('details.time input, form.entry input[type=date], form.entry input[type=time]')) {
        if (field.getClientRects().length === 0 || !field.value) continue;
        const [day, clock] = field.type === 'time' ? [null, field.value] : field.type === 'date' ? [field.value, null] : field.value.split('T');
        const parts = [];
        if (day) parts.push(new Date(day + 'T12:00').toLocaleDateString(locale, {year: 'numeric', month: '2-digit', day: '2-digit'}));
        if (clock) parts.push(new Date('2026-01-01T' + clock).toLocaleTimeString(locale, {hour: '2-digit', minute: '2-digit'}));
        const text = parts.join(', '), style = getComputedStyle(field);
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const room = field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - parseFloat(style.fontSize) * 1.25;
        if (context.measureText(text).width > room) cut.push([field.type, text, Math.round(context.measureText(text).width), Math.round(room)]);
    }
    return cut"""

# In "Time: Sun 6 Dec 21:45 (change)", the lines the chosen date takes (from its weekday, or
# 12月, to the space before the hour) and the lines its hour and minute take, and the characters
# of either past the line's end.
TIME_LINES = r"""const summary = document.querySelector('form.entry details.time summary'), text = summary.textContent;
    const from = text.search(/(Mon|Tue|Wed|Thu|Fri|Sat|Sun|\d{1,2}月)/), clock = text.indexOf('21:45');
    const lines = (start, end) => {
        const walker = document.createTreeWalker(summary, NodeFilter.SHOW_TEXT), range = document.createRange();
        let offset = 0;
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            if (start >= offset && start < offset + node.data.length) range.setStart(node, start - offset);
            if (end > offset && end <= offset + node.data.length) range.setEnd(node, end - offset);
            offset += node.data.length;
        }
        const rects = Array.from(range.getClientRects()).filter(r => r.width > 0);
        return [new Set(rects.map(r => Math.round(r.top))).size, rects.some(r => r.right > summary.getBoundingClientRect().right + 0.5)];
    };
    const [date, datePast] = lines(from, text.lastIndexOf(' ', clock)), [time, timePast] = lines(clock, clock + 5);
    return {date, time, past: datePast || timePast}"""

# The chart as drawn (the one of its drawings shown): each label's size in px, whether it lies
# inside the chart, and the labels that overlap.
CHART_LABELS = r"""const svg = Array.from(document.querySelectorAll('svg.chart')).find(s => s.getClientRects().length > 0);
    if (!svg) return null;
    const box = svg.getBoundingClientRect(), scale = box.width / svg.viewBox.baseVal.width;
    const labels = Array.from(svg.querySelectorAll('text')).map(t => { const r = t.getBoundingClientRect();
        return {text: t.textContent, px: parseFloat(t.getAttribute('font-size')) * scale, r,
                inside: r.left >= box.left - 0.5 && r.right <= box.right + 0.5 && r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5}; });
    const overlapping = labels.flatMap((a, i) => labels.slice(i + 1).filter(b => a.r.left < b.r.right && b.r.left < a.r.right
        && a.r.top < b.r.bottom && b.r.top < a.r.bottom).map(b => [a.text, b.text]));
    return {smallest: Math.min(...labels.map(l => l.px)), rem: parseFloat(getComputedStyle(document.documentElement).fontSize),
            count: labels.length, outside: labels.filter(l => !l.inside).map(l => l.text), overlapping}"""

# The profiles' names that are cut: each link to a profile (the heading's, the current one's
# name, and the switch's) whose text has a character outside the link's own box or the window
# (`Oma Schwarzenbergerov` without its `á` at the heading's edge). Character by character, as
# an eye reads it: a line's box may reach past the edge by the one glyph a reader misses.
CUT_NAMES = r"""const cut = [];
    for (const a of document.querySelectorAll('h1 a, nav.profiles a')) {
        const r = a.getBoundingClientRect(), style = getComputedStyle(a);
        const left = Math.max(0, r.left + a.clientLeft + parseFloat(style.paddingLeft)) - 0.5;
        const right = Math.min(window.innerWidth, r.left + a.clientLeft + a.clientWidth - parseFloat(style.paddingRight)) + 0.5;
        const walker = document.createTreeWalker(a, NodeFilter.SHOW_TEXT), outside = [];
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            for (let i = 0; i < node.data.length; i++) {
                const range = document.createRange();
                range.setStart(node, i);
                range.setEnd(node, i + 1);
                if (Array.from(range.getClientRects()).some(g => g.width > 0 && (g.left < left || g.right > right))) outside.push(node.data[i]);
            }
        }
        if (outside.length) cut.push([a.textContent.slice(0, 24), outside.join('')]);
    }
    return cut"""

# The notice after a save and measuring's list, where a text that cannot wrap reaches past the edge.
PAST_EDGE = r"""return Array.from(document.querySelectorAll('.notice, ol.sitting')).filter(e => e.scrollWidth > e.clientWidth + 1)
    .map(e => [e.textContent.trim().slice(0, 40), e.scrollWidth, e.clientWidth])"""

# Each stamp's name, the part of it outside its chip's padding box (in px, 0 when whole), and
# the chip's height: ticking a stamp is to leave its name whole and the chips where they were.
STAMP_NAMES = r"""return Array.from(document.querySelectorAll('label.chip')).map(chip => {
        const r = chip.getBoundingClientRect(), style = getComputedStyle(chip), range = document.createRange();
        range.selectNodeContents(chip.querySelector('span'));
        const right = r.right - chip.clientLeft - parseFloat(style.paddingRight) + 0.5;
        const past = Math.max(0, ...Array.from(range.getClientRects()).map(line => line.right - right));
        return [chip.querySelector('input').value, Math.round(past), Math.round(r.height)]; })"""

# The stamps' check boxes, their widths and heights in px.
BOXES = r"""return Array.from(document.querySelectorAll('label.chip input')).map(i => { const r = i.getBoundingClientRect();
    return [i.value, Math.round(r.width), Math.round(r.height)]; })"""

for language, code in [("en-GB", "en"), ("zh-CN", "zh")]:
    words = {"systolic": "Systolic", "diastolic": "Diastolic", "morning": "Morning", "stamps": "stamp"} if code == "en" else \
        {"systolic": "收缩压", "diastolic": "舒张压", "morning": "早晨", "stamps": "状态印章"}
    for size in [(360, 740), (320, 640)]:
        for text in [100, 200]:
            for script in [True, False]:
                setting = f"{code} {size[0]}×{size[1]} {text} % text {'with' if script else 'without'} script"
                name = f"{code}-{size[0]}x{size[1]}-{text}-{'js' if script else 'nojs'}"
                driver = browser(language, size, script, text)
                equal(driver.execute_script("return [window.innerWidth, getComputedStyle(document.documentElement).fontSize]"),
                      [size[0], f"{16 * text // 100}px"], f"{setting}: the window's width and text size")
                pairing = page.pair_code("dad,mom,oma", "manage", f"phone-{name}")
                driver.get(f"{page.url}/pair?code={pairing}")
                driver.find_element(By.CSS_SELECTOR, "form.pair button[type=submit]").click()
                wait_for(driver, "form.entry")
                check(bool(driver.find_elements(By.CSS_SELECTOR, ".wheel")) == script, f"{setting}: wheels only with script")
                shot(driver, f"{name}-entry")
                equal(driver.execute_script(BROKEN_WORDS), [], f"{setting}: entry page, no word of a label broken across lines")
                equal(driver.execute_script(CUT_DIGITS), [], f"{setting}: the wheels' digits are whole")
                small = driver.execute_script(SMALL_TARGETS)
                equal(small[:4], [], f"{setting}: entry page, every touch target is 44 × 44 px or more")
                tops = driver.execute_script("return Array.from(document.querySelectorAll('.wheel-field')).map(w => Math.round(w.getBoundingClientRect().top))")
                check(len(tops) == 3 and max(tops) - min(tops) <= 1, f"{setting}: the three fields side by side", tops)
                if size == (360, 740) and text == 100 or size == (320, 640) and text == 200:
                    save = driver.execute_script(SAVE_ON_SCREEN)
                    check(save["top"] >= 0 and save["bottom"] <= save["height"] and save["touched"], f"{setting}: Save is on the first screen, nothing over it", save)
                bar = driver.execute_script(SAVE_BAR)
                check(not bar["sticky"] or bar["bar"] <= 0.1 * bar["height"], f"{setting}: the Save bar takes a tenth of the screen's height or less", bar)
                boxes = driver.execute_script(BOXES)
                check(boxes and max(b[1] for b in boxes) - min(b[1] for b in boxes) <= 1 and all(abs(b[1] - b[2]) <= 1 for b in boxes),
                      f"{setting}: every stamp's box is square and of one size", sorted({tuple(b[1:]) for b in boxes}))
                equal(driver.execute_script(CUT_NAMES), [], f"{setting}: entry page, every profile's name whole inside the column")
                # Every stamp ticked, as a thumb ticks them, then unticked again.
                untouched = driver.execute_script(STAMP_NAMES)
                chips = driver.find_elements(By.CSS_SELECTOR, "label.chip")
                for chip in chips:
                    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", chip)
                    chip.click()
                ticked = driver.execute_script(STAMP_NAMES)
                equal([s for s in ticked if s[1] > 0], [], f"{setting}: a ticked stamp's name is whole inside its chip")
                equal([s[2] for s in ticked], [s[2] for s in untouched], f"{setting}: ticking the stamps moves no stamp (their heights as before)")
                for chip in chips:
                    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", chip)
                    chip.click()
                driver.execute_script("window.scrollTo(0, 0)")
                # The long names as the heading of their own pages too.
                for other in ["oma", "mom"]:
                    driver.get(f"{page.url}/?profile={other}")
                    equal(driver.execute_script(CUT_NAMES), [], f"{setting}: {other}'s page, every profile's name whole, the heading's too")
                    widths = driver.execute_script("return [document.documentElement.scrollWidth, window.innerWidth]")
                    check(widths[0] <= widths[1], f"{setting}: {other}'s page, no horizontal scrolling", widths)
                driver.get(f"{page.url}/?profile=dad")
                wait_for(driver, "form.entry")
                if text == 200:
                    labels = driver.execute_script(CHART_LABELS)
                    check(labels and labels["smallest"] >= 0.65 * labels["rem"], f"{setting}: the chart's labels grow with the text size",
                          labels and (round(labels["smallest"], 1), labels["rem"]))
                    check(labels and not labels["outside"] and not labels["overlapping"], f"{setting}: the chart's labels whole and apart",
                          labels and (labels["outside"][:3], labels["overlapping"][:3]))
                # A time chosen: yesterday 21:45, in the date and time boxes.
                # (Scrolled to the middle of the screen first, as a thumb would: Save stays at the screen's foot.)
                summary = driver.find_element(By.CSS_SELECTOR, "form.entry details.time summary")
                driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", summary)
                summary.click()
                yesterday = driver.execute_script("const d = new Date(Date.now() - 86400000); return d.getFullYear() + '-' + String(d.getMonth() + 1).padStart(2, '0') + '-' + String(d.getDate()).padStart(2, '0')")
                driver.execute_script("""const set = (field, value) => { field.value = value; field.dispatchEvent(new Event('input', {bubbles: true})); field.dispatchEvent(new Event('change', {bubbles: true})); };
                    const box = document.querySelector('form.entry details.time');
                    const date = box.querySelector('input[type=date], input[type=datetime-local]'), time = box.querySelector('input[type=time]');
                    if (time) { set(date, arguments[0]); set(time, '21:45'); } else set(date, arguments[0] + 'T21:45');""", yesterday)
                shot(driver, f"{name}-time")
                equal(driver.execute_script(CUT_TIME), [], f"{setting}: the chosen date and its hour and minute are whole in their boxes")
                said = driver.find_element(By.CSS_SELECTOR, "form.entry details.time summary").text
                if not script:
                    check("now (change)" not in said and "现在（可修改）" not in said, f"{setting}: without script, the time's line does not say 'now' alone over a chosen time", said)
                if script:
                    check("21:45" in said and "now" not in said and "现在" not in said, f"{setting}: the time's line names the time chosen", said)
                    equal(driver.execute_script(TIME_LINES), {"date": 1, "time": 1, "past": False},
                          f"{setting}: the time's line keeps the chosen date whole on a line, and its hour and minute")
                widths = driver.execute_script("return [document.documentElement.scrollWidth, window.innerWidth]")
                check(widths[0] <= widths[1], f"{setting}: no horizontal scrolling", widths)
                if text == 100:
                    chart = driver.execute_script(CHART)
                    check(chart and len(chart["dates"]) >= 2, f"{setting}: the chart names its dates", chart and chart["dates"])
                    crowded = [gap for gap in chart["gaps"] if gap[2] < chart["fontPx"] * 0.5]
                    equal(crowded, [], f"{setting}: the chart's dates stand apart, half a line's height or more")
                    key = chart["key"] or []
                    check(chart["keyAfterChart"] and len(key) >= 5 and chart["keySwatches"] == len(key),
                          f"{setting}: a key under the chart, each entry with its picture", key)
                    for word in ["systolic", "diastolic", "morning"] + (["stamps"] if chart["lanes"] else []):
                        check(any(words[word].lower() in entry.lower() for entry in key), f"{setting}: the key says what the {word} marks are", key)
                # Save the reading the form holds (with its pulse and every stamp), and read what the page says.
                driver.execute_script("document.querySelectorAll('label.chip input').forEach(i => { i.checked = true; })")
                driver.find_element(By.CSS_SELECTOR, "form.entry button[type=submit]").click()
                wait_for(driver, ".notice")
                shot(driver, f"{name}-saved")
                notice = driver.find_element(By.CSS_SELECTOR, ".notice").text
                check("21:45" in notice, f"{setting}: the reading is saved at the time chosen", notice)
                lines = driver.execute_script(PULSE_LINES)
                check(lines and all(line["dotWithPulse"] for line in lines), f"{setting}: after a save, '·' stays on the pulse's line", lines)
                equal(driver.execute_script(BROKEN_WORDS), [], f"{setting}: after a save, no word of the notice or a label broken across lines")
                equal(driver.execute_script(PAST_EDGE), [], f"{setting}: after a save, nothing in the notice reaches past its edge")
                check(driver.execute_script("return document.querySelectorAll('label.chip span').length") > 0 and "·" in notice,
                      f"{setting}: the notice after a save names the stamps", notice)
                equal(driver.execute_script(BROKEN_STAMPS), [], f"{setting}: after a save, no stamp's name in the notice broken across lines")
                driver.get(f"{page.url}/log?profile=dad")
                shot(driver, f"{name}-log")
                lines = driver.execute_script(PULSE_LINES)
                check(len(lines) >= 10, f"{setting}: the log names pulses", len(lines))
                equal([line["text"] for line in lines if not line["dotWithPulse"]][:3], [], f"{setting}: in the log '·' stays on the pulse's line")
                if text == 100:
                    equal([line["text"] for line in lines if not line["pulseWithPressure"]][:3], [],
                          f"{setting}: in the log the pulse is on the line of its blood pressure")
                equal(driver.execute_script(BROKEN_WORDS), [], f"{setting}: log, no word of a label broken across lines")
                rows = driver.execute_script(SPAN_ROWS)
                check(1 <= rows <= 2, f"{setting}: the log's spans (7 to 365 days) take two rows or fewer", rows)
                equal(driver.execute_script(CUT_NAMES), [], f"{setting}: log, every profile's name whole inside the column")
                equal(driver.execute_script(SMALL_TARGETS)[:4], [], f"{setting}: log, every touch target is 44 × 44 px or more")
                # The question before a delete (its reading's values and date, as after a save), not answered.
                # (The reading is one with a pulse, the kind whose '· pulse 68' is kept whole.)
                with_pulse = next(r for r in reversed(page.readings("dad")) if r["systolic"] and r["pulse"])
                driver.get(f"{page.url}/readings/{with_pulse['id']}/edit")
                shot(driver, f"{name}-edit")
                bar = driver.execute_script(SAVE_BAR)
                check(not bar["sticky"] or bar["bar"] <= 0.1 * bar["height"], f"{setting}: the edit page's Save bar takes a tenth of the screen's height or less", bar)
                delete = driver.find_element(By.CSS_SELECTOR, "form.delete button[type=submit]")
                driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", delete)
                delete.click()
                wait_for(driver, "form.delete input[name=confirm]")
                shot(driver, f"{name}-delete")
                equal(driver.execute_script(PAST_EDGE), [], f"{setting}: the question before a delete, nothing reaches past its edge")
                equal(driver.execute_script(BROKEN_WORDS), [], f"{setting}: the question before a delete, no word of a label broken across lines")
                if not script:
                    driver.get(f"{page.url}/measure?profile=dad")
                    shot(driver, f"{name}-measure")
                    bar = driver.execute_script(SAVE_BAR)
                    check(bar["bar"] > 0 and (not bar["sticky"] or bar["bar"] <= 0.1 * bar["height"]),
                          f"{setting}: measuring's Save bar takes a tenth of the screen's height or less", bar)
                if script:
                    sitting = [r["id"] for r in page.readings("dad") if r["systolic"]][-2:]
                    driver.get(f"{page.url}/measure?profile=dad&first={sitting[0]}&second={sitting[1]}")
                    shot(driver, f"{name}-measure-sitting")
                    check(driver.find_elements(By.CSS_SELECTOR, "ol.sitting li"), f"{setting}: measuring lists the sitting's readings")
                    equal(driver.execute_script(BROKEN_WORDS), [], f"{setting}: measuring's readings, no word broken across lines")
                    equal(driver.execute_script(PAST_EDGE), [], f"{setting}: measuring's readings, nothing reaches past their edge")
                    for other in ["/report?profile=dad", "/measure?profile=dad"]:
                        driver.get(page.url + other)
                        equal(driver.execute_script(SMALL_TARGETS)[:4], [], f"{setting}: {other}, every touch target is 44 × 44 px or more")
                        equal(driver.execute_script(BROKEN_WORDS), [], f"{setting}: {other}, no word of a label broken across lines")
                        check("healthlog" not in driver.find_element(By.CSS_SELECTOR, "main").text.lower(),
                              f"{setting}: {other}, no command's name for dad to read", driver.find_element(By.CSS_SELECTOR, "main").text[:120])
                driver.quit()

server.stop()
checks.finish()

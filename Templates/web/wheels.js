// HealthLog's page: the three wheels, and the countdowns of measuring with guidance.
// The page is a plain HTML form that works without this script; the script only turns its
// number fields into wheels a thumb turns (the field keeps the value, and the form posts it),
// and counts down the rest before a reading. No framework, nothing fetched.
(function () {
  "use strict";

  function wheel(input) {
    var min = parseInt(input.getAttribute("data-wheel-min"), 10);
    var max = parseInt(input.getAttribute("data-wheel-max"), 10);
    var blank = input.getAttribute("data-wheel-blank");
    var values = [];
    if (blank !== null) values.push("");
    for (var v = min; v <= max; v++) values.push(String(v));
    var start = input.value !== "" ? input.value : (blank !== null ? "" : input.getAttribute("data-wheel-start") || String(Math.round((min + max) / 2)));
    // A value the wheel does not hold (a reading of 270 entered elsewhere) keeps the plain field.
    if (values.indexOf(start) < 0) return;
    var field = input.closest("label");
    var name = field ? field.querySelector(".wheel-label .long") || field.querySelector(".wheel-label") : null;

    var box = document.createElement("div");
    box.className = "wheel";
    box.tabIndex = 0;
    box.setAttribute("role", "spinbutton");
    if (name) box.setAttribute("aria-label", name.textContent);
    box.setAttribute("aria-valuemin", String(min));
    box.setAttribute("aria-valuemax", String(max));
    box.setAttribute("data-wheel-for", input.name);
    var top = document.createElement("div");
    top.className = "wheel-pad";
    box.appendChild(top);
    var items = values.map(function (value) {
      var item = document.createElement("div");
      item.className = "wheel-item";
      item.textContent = value === "" ? blank : value;
      item.setAttribute("data-value", value);
      box.appendChild(item);
      return item;
    });
    var bottom = document.createElement("div");
    bottom.className = "wheel-pad";
    box.appendChild(bottom);
    var frame = document.createElement("div");
    frame.className = "wheel-frame";
    frame.appendChild(box);
    input.parentNode.insertBefore(frame, input.nextSibling);
    field.classList.add("enhanced");

    var current = -1;
    // Where a key or a tap sent the wheel: while it glides there, the positions it passes are not choices.
    var target = null;
    var glide = null;
    function itemHeight() { return items[0].getBoundingClientRect().height || 44; }
    function choose(index) {
      index = Math.max(0, Math.min(values.length - 1, index));
      if (index === current) return;
      if (current >= 0) items[current].classList.remove("selected");
      current = index;
      items[index].classList.add("selected");
      input.value = values[index];
      box.setAttribute("aria-valuenow", values[index] === "" ? "" : values[index]);
      box.setAttribute("aria-valuetext", values[index] === "" ? blank : values[index]);
      input.dispatchEvent(new Event("change", { bubbles: true }));
    }
    function scrollToIndex(index, smooth) {
      index = Math.max(0, Math.min(values.length - 1, index));
      // A glide to where the wheel already is makes no scroll events: nothing to wait for.
      target = smooth && Math.abs(box.scrollTop - index * itemHeight()) > 1 ? index : null;
      clearTimeout(glide);
      if (target !== null) glide = setTimeout(function () { target = null; }, 1000);
      if (smooth && box.scrollTo) box.scrollTo({ top: index * itemHeight(), behavior: "smooth" });
      else box.scrollTop = index * itemHeight();
      choose(index);
    }
    var settle = null;
    // A wheel that is not drawn (its form hidden by a countdown) reads a scroll position of 0:
    // that is no choice, and the field keeps its value until the wheel shows again.
    function drawn() { return box.getClientRects().length > 0; }
    box.addEventListener("scroll", function () {
      if (!drawn()) return;
      var at = box.scrollTop / itemHeight();
      if (target !== null) {
        if (Math.abs(at - target) > 0.05) return;
        target = null;
      }
      choose(Math.round(at));
      clearTimeout(settle);
      settle = setTimeout(function () {
        if (target === null && drawn()) scrollToIndex(Math.round(box.scrollTop / itemHeight()), true);
      }, 150);
    }, { passive: true });
    box.addEventListener("keydown", function (event) {
      var from = target !== null ? target : current;
      var steps = { ArrowUp: -1, ArrowDown: 1, PageUp: -10, PageDown: 10 }[event.key];
      if (event.key === "Home") steps = -from;
      if (event.key === "End") steps = values.length - 1 - from;
      if (steps === undefined) return;
      event.preventDefault();
      scrollToIndex(from + steps, true);
    });
    items.forEach(function (item, index) {
      item.addEventListener("click", function () { scrollToIndex(index, true); });
    });
    // A wheel built before its form was hidden (measuring with guidance) is set, when it shows,
    // to the value its field holds: the value the form posts is the one the person sees.
    box.addEventListener("healthlog:shown", function () {
      var index = values.indexOf(input.value);
      scrollToIndex(index >= 0 ? index : current, false);
    });
    scrollToIndex(values.indexOf(start), false);
    // Fonts and a larger text size change the items' height: keep the chosen value centred.
    window.addEventListener("resize", function () { if (drawn()) scrollToIndex(current, false); });
  }

  function countdown(clock) {
    var seconds = parseInt(clock.getAttribute("data-countdown"), 10);
    var form = document.getElementById(clock.getAttribute("data-reveals"));
    if (form) form.hidden = true;
    var skip = document.createElement("button");
    skip.type = "button";
    skip.className = "skip";
    skip.textContent = clock.getAttribute("data-skip");
    clock.parentNode.insertBefore(skip, clock.nextSibling);
    var end = Date.now() + seconds * 1000;
    var done = false;
    function tick() {
      var left = Math.max(0, Math.ceil((end - Date.now()) / 1000));
      clock.textContent = Math.floor(left / 60) + ":" + String(left % 60).padStart(2, "0");
      if (left > 0) { setTimeout(tick, 250); return; }
      if (done) return;
      done = true;
      if (form) {
        form.hidden = false;
        Array.prototype.forEach.call(form.querySelectorAll(".wheel"), function (wheel) {
          wheel.dispatchEvent(new CustomEvent("healthlog:shown"));
        });
      }
      skip.remove();
      var first = form && form.querySelector(".wheel, input, button");
      if (first) first.focus();
    }
    skip.addEventListener("click", function () { end = Date.now(); tick(); });
    tick();
  }

  // "Time: now (change)" says the time chosen, once one is: the summary's data-chosen with
  // {time} as the notice after a save writes it (Sat 5 Dec 21:45, 12月5日 周六 21:45); a time
  // of day alone is today's.
  function chosenTime(details) {
    var summary = details.querySelector("summary[data-chosen]");
    var date = details.querySelector("input[name=date]");
    var time = details.querySelector("input[name=time]");
    if (!summary || !date || !time) return;
    var now = summary.getAttribute("data-now") || summary.textContent;
    function show() {
      if (!date.value && !time.value) { summary.textContent = now; return; }
      var text = date.value;
      var parts = date.value.split("-");
      if (parts.length === 3) {
        var day = new Date(+parts[0], +parts[1] - 1, +parts[2]);
        var chinese = document.documentElement.lang.indexOf("zh") === 0;
        text = chinese
          ? (day.getMonth() + 1) + "月" + day.getDate() + "日 " + day.toLocaleDateString("zh-CN", { weekday: "short" })
          : day.toLocaleDateString("en-GB", { weekday: "short", day: "numeric", month: "short" }).replace(",", "");
      }
      // The date kept whole on its line, and the time of day (`Sun 6` | `Dec 21:45`, `12月` | `6日`
      // read as two things at 200 % text); a line may break between them.
      var words = summary.getAttribute("data-chosen").split("{time}");
      summary.textContent = words[0];
      [text, time.value.slice(0, 5)].filter(Boolean).forEach(function (part, index) {
        if (index > 0) summary.appendChild(document.createTextNode(" "));
        var whole = document.createElement("span");
        whole.className = "nowrap";
        whole.textContent = part;
        summary.appendChild(whole);
      });
      summary.appendChild(document.createTextNode(words.slice(1).join("")));
    }
    date.addEventListener("input", show);
    date.addEventListener("change", show);
    time.addEventListener("input", show);
    time.addEventListener("change", show);
    show();
  }

  function start() {
    Array.prototype.forEach.call(document.querySelectorAll("details.time"), chosenTime);
    Array.prototype.forEach.call(document.querySelectorAll("input[data-wheel-min]"), wheel);
    Array.prototype.forEach.call(document.querySelectorAll("[data-countdown]"), countdown);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();

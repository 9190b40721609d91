import Foundation
import Testing

/// The page as its clients meet it, each script against a `healthlog serve` of its own over a
/// log of its own (dad's and mom's readings of the last four weeks):
/// - `security_test.py`, over HTTP with Python's client: unpaired, revoked, expired and used
///   codes; another profile's data by every address; capabilities; CSRF with and without the
///   token and from a foreign Origin; bad values; markup in a note, a profile's and a device's
///   name; static names that climb out; an oversized body; a slow client; the connection limit;
///   the pairing lock; and no value entered in the server's own lines.
/// - `browser_test.py`, in Chromium through Selenium: pairing a phone, the wheels, Chinese
///   under `Accept-Language: zh-CN`, the phone and the desktop, without script, 360 px and
///   200 % text, measuring with guidance, and two browsers with two command lines adding at once.
///   Its screenshots of every page in both languages are left in `.build/web-screenshots`.
/// - `phone_layout_test.py`, in Chromium at 360 × 740 and 320 × 640, in English and Chinese, at
///   100 % and 200 % text, with script and without: labels whole (never broken inside a word),
///   the wheels' and fields' digits whole, "· pulse" on its reading's line, the chart's dates
///   apart and its key, touch targets of 44 × 44 px, a long name whole in the switch and as its
///   page's heading, the Save bar a tenth of the screen or less, a ticked stamp's name whole in
///   its chip, the chosen time's date whole, and the question before a delete inside its box.
///   Its screenshots are left in `.build/web-screenshots/phone`.
/// - `api_test.py`, over HTTP: the JSON API against `list`, `stats` and `serve devices
///   --format json`, field for field; the device list's names, profiles, capabilities and times.
/// - `attention_test.py`, over HTTP: what the page says after a save is `healthlog add`'s
///   attention line by the same rule, a pregnancy's 160/110 included, and a reading of 2019
///   says how many years ago it is, as add does.
/// - `sync_test.py`, over HTTP: the page's log and another machine's share a sync folder; what
///   the other machine adds shows on dad's page (and mom's is still not sent to his phone), and
///   what the page saves reaches the other machine.
@Suite struct PageOverHTTPTests {
    @Test func securityOverHTTP() throws {
        let folder = TemporaryDirectory()
        let passed = try runPageScript("security_test.py", [try healthlogExecutable(), templatesPath, folder.path])
        #expect(passed > 0)
    }

    @Test func theAPIAnswersWhatTheCommandLinePrints() throws {
        let folder = TemporaryDirectory()
        let passed = try runPageScript("api_test.py", [try healthlogExecutable(), templatesPath, folder.path])
        #expect(passed > 0)
    }

    @Test func aSavedReadingIsJudgedByTheRuleAddUses() throws {
        let folder = TemporaryDirectory()
        let passed = try runPageScript("attention_test.py", [try healthlogExecutable(), templatesPath, folder.path])
        #expect(passed == 12)
    }

    @Test func readingsFromAnotherMachineShowOnThePage() throws {
        let folder = TemporaryDirectory()
        let passed = try runPageScript("sync_test.py", [try healthlogExecutable(), templatesPath, folder.path])
        #expect(passed > 0)
    }

    @Test func onASmallPhoneAtAnyTextSize() throws {
        let folder = TemporaryDirectory()
        let screenshots = repository.appendingPathComponent(".build/web-screenshots/phone").path
        let passed = try runPageScript(
            "phone_layout_test.py", [try healthlogExecutable(), templatesPath, folder.path, screenshots])
        #expect(passed > 0)
    }

    @Test func asAPersonUsesItInChromium() throws {
        let folder = TemporaryDirectory()
        let screenshots = repository.appendingPathComponent(".build/web-screenshots").path
        let passed = try runPageScript(
            "browser_test.py", [try healthlogExecutable(), templatesPath, folder.path, screenshots])
        #expect(passed > 0)
    }
}

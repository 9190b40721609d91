import Foundation
import Testing

@Suite struct ReportCommandTests {
    private func dadWithReadings() -> CLIHarness {
        let cli = CLIHarness()
        cli.ok("profile", "add", "dad", "--name", "爸爸", "--birth-year", "1954")
        for day in 20...29 {
            cli.ok("add", "1\(40 + day % 7)/9\(day % 5)", "7\(day % 9)", "-t", "bp-med", "--at", "2026-11-\(day) 07:10")
            cli.ok("add", "13\(day % 8)/8\(day % 6)", "--at", "2026-11-\(day) 21:05")
        }
        return cli
    }

    /// The default name carries the language, so the Chinese report never replaces the English
    /// one, and a default name never replaces any file: only `-o` naming it does.
    @Test func writesTheDefaultFileNameInTheWorkingDirectory() throws {
        let cli = dadWithReadings()
        let previous = FileManager.default.currentDirectoryPath
        _ = FileManager.default.changeCurrentDirectoryPath(cli.directory.path)
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
        let result = cli.run("report", "--last", "2w")
        #expect(result.status == 0, "\(result.stderr)")
        let name = "healthlog-dad-2026-11-17_2026-11-30-en.pdf"
        #expect(result.stdout == "Wrote the report for 爸爸, 17 Nov 2026 – 30 Nov 2026 (3 pages):\n  \(name)\n")
        let data = try #require(FileManager.default.contents(atPath: cli.directory.file(name)))
        #expect(data.prefix(5) == Data("%PDF-".utf8))

        // The Chinese report beside it; the English sentence names the range in dates that read alike.
        let chinese = cli.run("report", "--last", "2w", "--lang", "zh-Hans")
        #expect(chinese.stdout == "Wrote the report for 爸爸, 2026-11-17 – 2026-11-30 (3 pages):\n  healthlog-dad-2026-11-17_2026-11-30-zh.pdf\n")
        // Again in English: a new name; the first report is as it was.
        let again = cli.run("report", "--last", "2w")
        #expect(again.stdout.hasSuffix("\n  healthlog-dad-2026-11-17_2026-11-30-en-2.pdf\n"))
        #expect(FileManager.default.contents(atPath: cli.directory.file(name)) == data)
        #expect(names(in: cli.directory.path).filter { $0.hasSuffix(".pdf") } == [
            "healthlog-dad-2026-11-17_2026-11-30-en-2.pdf", name, "healthlog-dad-2026-11-17_2026-11-30-zh.pdf",
        ])
        // -o naming the file replaces it.
        #expect(cli.run("report", "--last", "1w", "-o", name).status == 0)
        #expect(FileManager.default.contents(atPath: cli.directory.file(name)) != data)
    }

    @Test func pngPagesInChinese() {
        let cli = dadWithReadings()
        let base = cli.directory.file("爸爸")
        let result = cli.run("report", "--from", "2026-11-20", "--format", "png", "--dpi", "60", "--lang", "zh-Hans", "-o", base + ".png")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Wrote the report for 爸爸, 2026-11-20 – 2026-11-30 (3 pages):"), "a Chinese range in an English sentence")
        #expect(FileManager.default.fileExists(atPath: base + "-1.png"))
        #expect(FileManager.default.fileExists(atPath: base + "-2.png"))
    }

    @Test func chartCommand() throws {
        let cli = dadWithReadings()
        let path = cli.directory.file("trend.svg")
        #expect(cli.ok("chart", "--format", "svg", "-o", path) == "Wrote the chart for 爸爸, 20 Nov 2026 – 29 Nov 2026:\n  \(path)\n")
        let svg = try #require(FileManager.default.contents(atPath: path))
        #expect(String(decoding: svg.prefix(300), as: UTF8.self).contains("<svg"))
    }

    @Test(arguments: [
        (["report", "--from", "2026-01-01", "--to", "2026-01-31"], 65, "Error: no readings for dad (爸爸) in 2026-01-01 – 2026-01-31"),
        (["report", "--template", "fancy"], 65, "Error: no template 'fancy'; available: clinic, summary (or give a path to a .json file)"),
        (["report", "--lang", "fr"], 64, "Error: --lang 'fr' is not available; use en or zh-Hans. See 'healthlog report --help'."),
        (["report", "--format", "docx"], 64, "Error: --format 'docx' is not pdf or png. See 'healthlog report --help'."),
        (["report", "--dpi", "5000"], 64, "Error: --dpi '5000' is not a resolution from 50 to 600. See 'healthlog report --help'."),
        (["chart", "--format", "gif"], 64, "Error: --format 'gif' is not png, svg or pdf. See 'healthlog chart --help'."),
    ])
    func refusalsWriteNoFile(arguments: [String], status: Int32, message: String) throws {
        let cli = dadWithReadings()
        let before = try FileManager.default.contentsOfDirectory(atPath: cli.directory.path).sorted()
        let result = cli.run(arguments + ["-o", cli.directory.file("out.pdf")])
        #expect(result.status == status)
        #expect(result.stderr == message + "\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: cli.directory.path).sorted() == before)
    }

    @Test func anUnwritableTargetIsExit73AndLeavesNothing() throws {
        let cli = dadWithReadings()
        let result = cli.run("report", "-o", cli.directory.file("no/such/dir/r.pdf"))
        #expect(result.status == 73)
        #expect(result.stderr == "Error: cannot write \(cli.directory.file("no/such/dir/r.pdf")): the folder \(cli.directory.file("no/such/dir")) does not exist\n")
    }

    @Test func aMalformedTemplateNamesTheFileAndKey() throws {
        let cli = dadWithReadings()
        let path = cli.directory.write("mine.json", #"{"name": "mine"}"#)
        let result = cli.run("report", "--template", path, "-o", cli.directory.file("r.pdf"))
        #expect(result.status == 65)
        #expect(result.stderr == "Error: \(path): 'page' is missing\n")
        #expect(!FileManager.default.fileExists(atPath: cli.directory.file("r.pdf")))
    }

    @Test func rerenderingReplacesThePreviousReportWhole() throws {
        let cli = dadWithReadings()
        let path = cli.directory.file("r.pdf")
        cli.ok("report", "-o", path, "--template", "summary")
        let first = try #require(FileManager.default.contents(atPath: path))
        cli.ok("report", "-o", path)
        let second = try #require(FileManager.default.contents(atPath: path))
        #expect(first != second)
        #expect(try FileManager.default.contentsOfDirectory(atPath: cli.directory.path).filter { $0.hasPrefix(".healthlog-") }.isEmpty)
    }
}

@Suite struct ReportOutputTests {
    private func dad() -> CLIHarness {
        let cli = CLIHarness()
        cli.ok("profile", "add", "dad", "--name", "爸爸")
        for day in 20...29 {
            cli.ok("add", "14\(day % 7)/9\(day % 5)", "-t", day % 3 == 0 ? "black-coffee" : "bp-med", "--at", "2026-11-\(day) 07:10")
            cli.ok("add", "13\(day % 8)/8\(day % 6)", "--at", "2026-11-\(day) 21:05")
        }
        return cli
    }

    @Test func onePagePNGKeepsItsNameAndTheExtensionPicksTheFormat() {
        let cli = dad()
        let page = cli.directory.file("page.png")
        let result = cli.run("report", "--template", "summary", "--dpi", "50", "-o", page)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasSuffix("(1 page):\n  \(page)\n"))
        let bytes = FileManager.default.contents(atPath: page)
        #expect(bytes?.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
        // Several pages: NAME-1.png, NAME-2.png.
        let many = cli.directory.file("all.png")
        #expect(cli.ok("report", "--dpi", "50", "-o", many).contains(cli.directory.file("all-2.png")))
        #expect(!FileManager.default.fileExists(atPath: many))
    }

    @Test(arguments: [
        (["report", "-o", "r.svg"], "Error: -o r.svg: the report is pdf or png; 'healthlog chart' draws an SVG. See 'healthlog report --help'."),
        (["report", "-o", "r.png", "--format", "pdf"], "Error: -o r.png names a .png file but --format is pdf. See 'healthlog report --help'."),
        (["report", "-o", "-", "--format", "png"], "Error: -o - writes a PDF; PNG pages need file names. See 'healthlog report --help'."),
        (["report", "--log", "weekly"], "Error: --log 'weekly' is not readings or daily. See 'healthlog report --help'."),
    ])
    func badOutputRequests(arguments: [String], message: String) {
        let result = dad().run(arguments)
        #expect(result.status == 64 || result.status == 65)
        #expect(result.stderr == message + "\n")
    }

    @Test func dashWritesThePDFToStandardOutput() {
        let cli = dad()
        let result = cli.run("report", "-o", "-")
        #expect(result.status == 0)
        #expect(Array(result.stdoutBytes.prefix(5)) == Array("%PDF-".utf8))
        #expect(result.stdoutBytes.suffix(6).contains(where: { $0 == UInt8(ascii: "F") }))
        #expect(result.stderr.hasSuffix("to standard output.\n"))
        #expect(!FileManager.default.fileExists(atPath: cli.directory.file("-")))
    }

    @Test func chartTakesItsFormatFromTheName() throws {
        let cli = dad()
        let svg = cli.directory.file("trend.svg")
        cli.ok("chart", "-o", svg)
        let text = try #require(FileManager.default.contents(atPath: svg).map { String(decoding: $0, as: UTF8.self) })
        #expect(text.contains("<svg"))
    }

    @Test func filtersLayoutsOfficeEventsAndWeightOnly() throws {
        let cli = dad()
        cli.ok("add", "152/94", "--office", "--at", "2026-11-25 10:30")
        cli.ok("event", "add", "amlodipine 5 mg started", "--at", "2026-11-24 08:00")
        let path = cli.directory.file("r.pdf")
        cli.ok("report", "--tag", "bp-med", "--log", "daily", "-o", path)
        let text = try poppler(["pdftotext", path, "-"])
        #expect(text.contains("Filter: only readings tagged BP medication"))
        #expect(text.contains("One row per measurement day"))
        #expect(text.contains("amlodipine 5 mg started"))
        #expect(text.contains("too few readings"))
        let office = cli.directory.file("o.pdf")
        cli.ok("report", "-o", office)
        let officeText = try poppler(["pdftotext", office, "-"])
        #expect(officeText.contains("Office 152/94 on 25 Nov (n=1; 1 visit)"))
        #expect(officeText.contains("readings after black coffee"))
        let weights = CLIHarness()
        weights.ok("add", "--weight", "72.5", "--at", "2026-11-28 07:00")
        weights.ok("add", "--weight", "72.1", "--at", "2026-11-29 07:00")
        let weightPath = weights.directory.file("w.pdf")
        weights.ok("report", "-o", weightPath)
        #expect(try poppler(["pdftotext", weightPath, "-"]).contains("Only weight was recorded"))
        weights.ok("chart", "-o", weights.directory.file("w.png"))
    }
}


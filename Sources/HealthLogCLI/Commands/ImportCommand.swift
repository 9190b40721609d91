import HealthCommandLine
import HealthCore
import HealthInterchange
import HealthPresentation
import HealthUseCases

/// `healthlog import FILE`: HealthLog CSV or JSON, FHIR R4/R4B/R5, Omron, Withings, the bp-monitor
/// app, Samsung Health, Apple Health, or any spreadsheet with `--columns`. The import itself is one use-case call (``HealthLog/importFile(_:)``); this
/// parses, calls and prints its report.
struct ImportCommand: Command {
    static let spec = CommandSpec(
        ["import"], abstract: "Import readings from a backup, a monitor or another health app.",
        arguments: [ArgumentSpec("FILE", completing: .file, help: "The file to read, or - for standard input; its format is told from its first bytes.")],
        options: [
            formatOption, zoneOption, dateOrderOption, columnsOption, dateFormatOption, timeOption, headerLineOption, separatorOption, decimalCommaFlag,
            dryRunFlag, skipInvalidFlag,
        ],
        examples: [
            "healthlog import readings.csv", "healthlog import backup.json",
            "healthlog -p dad import OMRON_connect.csv --tz Asia/Shanghai", "healthlog -p mom import export.zip",
            "cat Observation.ndjson | healthlog -p dad import -",
            "healthlog import bp.csv --columns 'date=Datum,time=Zeit,bp=RR,pulse=Puls'",
            "healthlog import bp.csv --columns 'datetime=At,bp=BP' --date-format DD.MM.YYYY",
            "healthlog import kg.csv --columns 'date=D,time=T,weight=kg' --separator '|'",
            "healthlog import kg.csv --columns 'datetime=When,weight=kg' --decimal-comma",
            "healthlog import daily.csv --columns 'date=Day,bp=BP' --time 08:00",
        ],
        discussion: """
            Formats are told from the file's first bytes: HealthLog CSV (id,profile,taken_at,…), \
            a HealthLog JSON backup, FHIR R4, R4B or R5 (a Bundle, one resource, or NDJSON; DSTU2 and STU3 are refused), Omron Connect \
            (Date,Time,Systolic (mmHg),…), Withings (Date,"Heart rate",Systolic,… or Date,"Weight (kg)",…), \
            the bp-monitor app (timestampUnixMs,systolic,…), Samsung Health (com.samsung.shealth.blood_pressure on line 1) \
            and Apple Health (export.xml or export.zip). Omron and Withings exports in English, Dutch, German, \
            French, Spanish, Italian and Portuguese read by name. Any other spreadsheet saved as CSV \
            (or a paper log typed up) is read with --columns, which says which column holds what: \
            date and time (or datetime), systolic and diastolic (or bp as 138/86), pulse, weight (kg) \
            or weight_lb, note and tags. \
            CSV files may separate cells with commas, semicolons or tabs (or what --separator names). \
            Records with HealthLog's own ids are matched by id only; others are duplicates when the same \
            profile, minute and values are already in the log, so importing a file twice adds nothing; \
            rows of one file at one minute with other seconds, notes or tags are two readings. A time inside the \
            spring daylight-saving gap is read as standard time (the offset before the change). \
            Files that name no person (device and app exports) go to --profile, $HEALTHLOG_PROFILE, \
            the default profile or the only one; with the other formats --profile imports only that \
            profile's records.
            """)

    static let formatOption = Option<InterchangeFormat?>(
        "--format", value: "FORMAT", help: "auto (default), csv, json, fhir, omron, withings, bp-monitor, apple-health, samsung-health or spreadsheet (with --columns).",
        expected: "auto, \(InterchangeFormat.allCases.map(\.rawValue).joined(separator: ", "))"
    ) { $0 == "auto" ? .some(nil) : InterchangeFormat(rawValue: $0).map { .some($0) } }
        .completing(.words(["auto"] + InterchangeFormat.allCases.map(\.rawValue)))
    static let zoneOption = Option<any TimeZoneRule>(
        "--tz", value: "ZONE", help: "Zone for times written without an offset, e.g. Asia/Shanghai or +08:00 (default: this machine's).",
        expected: "a time zone; use a name like Asia/Shanghai, UTC or an offset like +08:00", convert: timeZoneRule(named:))
    static let dateOrderOption = Option<DateOrder>("--date-order", value: "ORDER", help: "dmy, mdy or ymd, for numeric dates such as 12/01/2025.")
    static let columnsOption = Option<String>(
        "--columns", value: "MAPPING",
        help: "Read any spreadsheet: FIELD=Column pairs such as 'date=Datum,time=Zeit,systolic=SYS,diastolic=DIA'. Fields: date, time, datetime, systolic, diastolic, bp (138/86), pulse, weight (kg), weight_lb, note, tags.")
    static let dateFormatOption = Option<DateFormat>(
        "--date-format", value: "FORMAT",
        help: "How the file writes dates, e.g. DD.MM.YYYY, M/D/YY, DD-MMM-YY or YYYY-MM-DD; only dates written so are read.",
        expected: "a date format such as DD.MM.YYYY, M/D/YY, DD-MMM-YY or YYYY-MM-DD", convert: DateFormat.init)
    static let timeOption = Option<SheetTime>(
        "--time", value: "HH:MM", help: "With --columns, for a sheet with dates but no time column: the time of day every reading is put at, e.g. 08:00.",
        expected: "a time of day such as 08:00 or 7:30 PM", convert: SheetTime.init)
    static let headerLineOption = Option<Int>(
        "--header-line", value: "N",
        help: "The line the header is on, when an app writes report lines above it (default: found among the first lines); 0 for a sheet with no header, whose columns --columns then names by number (date=1,systolic=3).",
        expected: "a line number, 0 or more"
    ) { Int($0).flatMap { $0 >= 0 ? $0 : nil } }
    static let separatorOption = Option<UInt8>(
        "--separator", value: "SEP", help: "The character between cells: , ; tab or | (default: told from the header line).",
        expected: "one of , ; tab |"
    ) { text in
        switch text {
        case ",", ";", "|": UInt8(ascii: text.unicodeScalars.first!)
        case "tab", "\\t", "\t": UInt8(ascii: "\t")
        default: nil
        }
    }.completing(.words([",", ";", "tab", "|"]))
    static let decimalCommaFlag = Flag("--decimal-comma", help: "Numbers are written with a decimal comma: 72,5 and 1.234,5.")
    static let dryRunFlag = Flag("--dry-run", help: "Check the file and print the counts; write nothing.")
    static let skipInvalidFlag = Flag(
        "--skip-invalid", help: "Import the valid records and report the invalid ones (default: any invalid record stops the import).")

    let path: String
    let format: InterchangeFormat?
    let zone: (any TimeZoneRule)?
    let dateOrder: DateOrder?
    let table: TableReading
    let dryRun: Bool
    let skipInvalid: Bool

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        path = arguments.positionals[0]
        format = try arguments.value(ImportCommand.formatOption) ?? nil
        zone = try arguments.value(ImportCommand.zoneOption)
        let dateFormat = try arguments.value(ImportCommand.dateFormatOption)
        let dateOrder = try arguments.value(ImportCommand.dateOrderOption)
        if let dateFormat, let dateOrder, dateFormat.order != dateOrder {
            throw arguments.usage(Phrase("--date-format and --date-order say different orders; give one"))
        }
        self.dateOrder = dateFormat?.order ?? dateOrder
        let headerLine = try arguments.value(ImportCommand.headerLineOption)
        let sheetTime = try arguments.value(ImportCommand.timeOption)
        let columns: ColumnMapping?
        if let text = try arguments.value(ImportCommand.columnsOption) {
            do {
                columns = try ColumnMapping(parsing: text, timeGiven: sheetTime != nil)
            } catch {
                throw arguments.usage(Phrase("--columns '{text}': {error}", ["text": text], terms: ["error": error.phrase]))
            }
            if let format, format != .spreadsheet {
                throw arguments.usage(Phrase("--columns reads any spreadsheet; it does not go with --format {format}", ["format": format.rawValue]))
            }
            if headerLine == 0, let named = columns?.columns.values.sorted().first(where: { Int($0).map { $0 < 1 } ?? true }) {
                throw arguments.usage(Phrase("with --header-line 0 there is no header: --columns names columns by number from 1 (date=1), and '{column}' is none", ["column": named]))
            }
            if sheetTime != nil, let columns, columns.columns[.time] != nil || columns.columns[.datetime] != nil {
                throw arguments.usage(Phrase("--time is for a sheet with no time column, and --columns maps one; leave --time out"))
            }
        } else {
            columns = nil
            if sheetTime != nil {
                throw arguments.usage(Phrase("--time goes with --columns, for a sheet with dates but no time column"))
            }
            if format == .spreadsheet {
                throw arguments.usage(Phrase("--format spreadsheet needs --columns to say which column holds what"))
            }
            if headerLine == 0 {
                throw arguments.usage(Phrase("--header-line 0 (a sheet with no header) needs --columns to name its columns by number, e.g. --columns 'date=1,time=2,systolic=3,diastolic=4'"))
            }
        }
        table = TableReading(
            columns: columns, separator: try arguments.value(ImportCommand.separatorOption),
            decimalComma: arguments.isSet(ImportCommand.decimalCommaFlag), dateFormat: dateFormat, sheetTime: sheetTime,
            headerLine: headerLine)
        dryRun = arguments.isSet(ImportCommand.dryRunFlag)
        skipInvalid = arguments.isSet(ImportCommand.skipInvalidFlag)
    }

    func run(_ context: CommandContext) throws(CLIError) {
        let bar = ProgressBar(output: context.stderr, clock: context.clock)
        defer { bar?.finish(completed: false) }
        var request = ImportRequest(path: path, format: format, zone: zone, dateOrder: dateOrder)
        request.dryRun = dryRun
        request.skipInvalid = skipInvalid
        request.table = table
        request.standardInputName = try context.words().cli("import.standardInput")
        if format == nil && table.columns == nil {
            // Said before anything else, so a refusal that follows names what it was reading.
            let text = ImportText(words: try context.words())
            request.formatDetected = { input, format in
                context.stderr.line(text.readingAs(input, format: format.withArticle).visibleControls())
            }
        }
        if let bar {
            request.progress = { done, total in
                if let total { bar.update(done: done, total: total) }
            }
        }
        let report: ImportReport
        do {
            report = try context.log().importFile(request)
        } catch let error as HealthLogError {
            bar?.finish(completed: false)
            var listed: [ImportProblem] = []
            if case .invalidRecords(_, let problems) = error { listed = problems }
            if case .tooManyInvalidRecords(_, let problems) = error { listed = Array(problems.prefix(20)) }
            if let words = try? context.words() {
                for line in ImportText(words: words).problemLines(listed.map(\.line)) { context.stderr.line(line.visibleControls()) }
            } else {
                for problem in listed { context.stderr.line(problem.phrase.english.visibleControls()) }
            }
            throw CLIError(error, words: try? context.words())
        } catch let error as CLIError {
            throw error
        } catch {
            throw .io("\(error)")
        }
        bar?.finish(completed: true)
        try print(report, context)
    }

    private func print(_ report: ImportReport, _ context: CommandContext) throws(CLIError) {
        let text = ImportText(words: try context.words())
        let account = report.account
        for line in text.notices(account) { context.stderr.line(line.visibleControls()) }
        context.stdout.line(text.result(account).visibleControls())
    }
}
